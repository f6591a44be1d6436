// Finding tokens in a resolved document: the query a designer types (words matched against the
// path, the value as the Look shows it, and the type; `type:color` keeps one type), the order
// paths are shown in (numbers as numbers, private names last), the groups the Look folds (the
// first path segment), and the counts its summary leads with.
// Pure: no DOM, so node tests cover it (Tests/WebClient/console-search.test.mjs).

/** Groups of more tokens than this are drawn collapsed (docs/apps.md, "The console"). */
export const COLLAPSE_OVER = 48;

const numeric = new Intl.Collator('en', { numeric: true });

/** Whether a path segment is private: Tokens Studio and Style Dictionary mark helpers a system
 * uses but does not publish with a leading `_` (`_size.step`). */
export const isPrivate = (segment) => segment.startsWith('_');

/**
 * The order a designer reads paths in: segment by segment, numbers as numbers (`_size.2` before
 * `_size.10`), a private segment after its public siblings (`_size` after `size`), a group
 * before its deeper paths.
 */
export function comparePaths(a, b) {
  const left = a.split('.');
  const right = b.split('.');
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    if (left[i] === right[i]) continue;
    const hidden = Number(isPrivate(left[i])) - Number(isPrivate(right[i]));
    return hidden || numeric.compare(left[i], right[i]) || (left[i] < right[i] ? -1 : 1);
  }
  return left.length - right.length;
}

/**
 * `"danger type:color"` → `{words: ['danger'], types: ['color'], text}`. Words are lowercased;
 * every word must match (path, value or type); several `type:` terms mean any of those types.
 */
export function parseQuery(text) {
  const words = [];
  const types = [];
  for (const term of String(text || '').trim().toLowerCase().split(/\s+/).filter(Boolean)) {
    const typed = /^type:(.*)$/.exec(term);
    if (typed) { if (typed[1]) types.push(typed[1]); } else words.push(term);
  }
  return { words, types, text: String(text || '').trim() };
}

export const isEmptyQuery = (query) => !query.words.length && !query.types.length;

/** Whether a token (`{type, value}` at `path`, its value shown as `valueText`) answers the query. */
export function matches(path, token, valueText, query) {
  if (query.types.length && !query.types.includes(String(token.type).toLowerCase())) return false;
  if (!query.words.length) return true;
  const haystack = `${path}\n${valueText}\n${token.type}`.toLowerCase();
  return query.words.every((word) => haystack.includes(word));
}

/**
 * The paths of `tokens` that answer `query`, in `comparePaths` order. `describe(type, value)`
 * gives the value as the Look shows it (so `#0969da` finds the colour the server sends as
 * `#0969daff`).
 */
export function filterPaths(tokens, query, describe = (type, value) => (typeof value === 'string' ? value : JSON.stringify(value))) {
  const paths = Object.keys(tokens).sort(comparePaths);
  if (isEmptyQuery(query)) return paths;
  return paths.filter((path) => {
    const token = tokens[path];
    const shown = token.type === 'color' && typeof token.value === 'string' ? `${token.value} ${describe(token.type, token.value)}` : describe(token.type, token.value);
    return matches(path, token, shown, query);
  });
}

/** A path's group: its first segment (`button.danger.bgColor.rest` → `button`). */
export const groupName = (path) => path.split('.')[0];

/** Sorted paths → `[[group, paths]]`, groups in the order their first path comes. */
export function groupPaths(paths) {
  const groups = new Map();
  for (const path of paths) {
    const name = groupName(path);
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name).push(path);
  }
  return [...groups];
}

/** `[[type, count]]`, most common first (ties by name). */
export function countByType(tokens) {
  const counts = new Map();
  for (const token of Object.values(tokens)) counts.set(token.type, (counts.get(token.type) || 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])));
}

/** Whether a group starts collapsed: it holds more than COLLAPSE_OVER tokens (or matches), or
 * it is private (`_size`: a helper, rarely what a designer came for), and it is not the only
 * group shown (a search that lands in one group opens it). */
export const startsCollapsed = (count, groupsShown, name = '') => (count > COLLAPSE_OVER || isPrivate(name)) && groupsShown > 1;
