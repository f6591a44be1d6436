// A token's detail, in a modal dialog over the Look (Escape closes it and the focus returns to
// the entry): its value drawn, the reference chain the server explains (`explain=1`), what
// references it, where it is defined, its description and deprecation (from the DTCG output),
// a text colour's contrast on each surface it is meant for, and the versions of the skin that
// changed it.
import { api, designerToken, paths } from './api.js';
import { h, replace, section } from './dom.js';
import { drawValue, valueText } from './draw.js';
import { contrastMark } from './grid.js';
import { comparePaths } from './search.js';

/** `{description, deprecated}` of `path` in a DTCG document (names split on dots). */
export function dtcgMember(document, path) {
  let node = document;
  for (const name of path.split('.')) {
    if (!node || typeof node !== 'object') return null;
    node = node[name];
  }
  return node && typeof node === 'object' ? { description: node.$description, deprecated: node.$deprecated } : null;
}

/** The tokens whose reference chain passes through `path`, sorted. */
export function referencedBy(tokens, path) {
  return Object.keys(tokens).filter((other) => (tokens[other].references || []).includes(path)).sort(comparePaths);
}

/**
 * The detail dialog for a Look. `context`: `{tokens, marks, dtcg(), changes(path), onOpen(path),
 * onClose()}`; `dtcg` and `changes` answer promises, asked only when a detail is opened.
 */
export function detailDialog(context) {
  const body = h('div', { class: 'detail-body' });
  const heading = h('h2', { id: 'token-detail-title', tabindex: '-1' });
  const dialog = h('dialog', { class: 'token-detail', 'aria-labelledby': 'token-detail-title' },
    h('div', { class: 'detail-head' }, heading,
      h('button', { type: 'button', class: 'close', onclick: () => dialog.close() }, 'Close')),
    body);
  dialog.addEventListener('close', () => context.onClose());
  // A long path breaks after its dots, as the grid's do, not inside a name.
  const breakable = (path) => path.split('.').map((name, index, names) => (index < names.length - 1 ? [`${name}.`, h('wbr')] : name));
  const link = (path) => (context.tokens[path]
    ? h('button', { type: 'button', class: 'link', onclick: () => show(path) }, breakable(path))
    : h('code', {}, breakable(path)));

  // The contrast findings may come after the detail opened: drawn in their own boxes, so they
  // fill in without a redraw that would move the focus.
  const markBox = h('span', {});
  const contrastBox = h('div', {});
  let shown = null;
  function drawContrast() {
    const finding = context.marks.get(shown);
    replace(markBox, contrastMark(finding));
    replace(contrastBox, finding ? contrastPairs(finding, link) : null);
  }

  function show(path) {
    const token = context.tokens[path];
    if (!token) return;
    shown = path;
    heading.textContent = path;
    const chain = token.references || [];
    const described = h('div', { class: 'described' }, h('p', { class: 'hint' }, 'Reading the description…'));
    const changes = h('div', { class: 'changes' }, h('p', { class: 'hint' }, 'Looking for the versions that changed it…'));
    const users = referencedBy(context.tokens, path);
    drawContrast();
    replace(body,
      h('p', { class: 'detail-value' }, drawValue(token.type, token.value), ' ', h('span', { class: 'type' }, token.type), ' ', markBox),
      described,
      contrastBox,
      section('Reference chain',
        chain.length
          ? h('ol', { class: 'chain' }, h('li', {}, h('code', {}, path)), chain.map((ref) => h('li', {}, '→ ', link(ref))),
            h('li', {}, '= ', valueText(token.type, token.value)))
          : h('p', {}, 'A value written here: it references no other token.'),
        token.layer ? h('p', { class: 'hint' }, 'Defined in ', h('code', {}, token.layer)) : null),
      section(`Referenced by ${users.length} token${users.length === 1 ? '' : 's'}`,
        users.length ? h('ul', { class: 'users' }, users.slice(0, 200).map((user) => h('li', {}, link(user)))) : h('p', {}, 'No token references it.')),
      section('Versions that changed it', changes));
    if (!dialog.open) dialog.showModal();
    heading.focus();
    context.onOpen(path);
    context.dtcg().then((document) => {
      const member = dtcgMember(document, path) || {};
      const deprecated = member.deprecated;
      replace(described,
        member.description ? h('p', { class: 'description' }, member.description) : h('p', { class: 'hint' }, 'No description.'),
        deprecated ? h('p', { class: 'deprecated' }, 'Deprecated', typeof deprecated === 'string' ? `: ${deprecated}` : '.') : null);
    }).catch((error) => replace(described, h('p', { class: 'hint' }, `Description unavailable: ${error.message}`)));
    context.changes(path).then((list) => replace(changes, list)).catch((error) => replace(changes, h('p', { class: 'hint' }, error.message)));
  }
  /** Draws the contrast of the token shown again, once the findings have come. */
  const marked = () => { if (dialog.open && shown) drawContrast(); };
  return { dialog, show, marked };
}

/** A text colour's pairs, worst first: `✓ 4.51:1 on bgColor.open.emphasis`, the minimum said once
 * when every pair shares it (else on each), a declared pair so marked. */
function contrastPairs(finding, link) {
  const minimums = new Set(finding.pairs.map((pair) => pair.minimum));
  const shared = minimums.size === 1 ? ` (at least ${finding.pairs[0].minimum}:1 each)` : '';
  return section(`Contrast on the surfaces it is meant for${shared}`, h('ul', { class: 'pairs' }, finding.pairs.map((pair) => h('li', { class: pair.passes ? 'pass' : 'fail' },
    `${pair.passes ? '✓' : '✗'} ${Number(pair.ratio).toFixed(2)}:1 on `, link(pair.background),
    shared ? '' : ` (at least ${pair.minimum}:1)`, pair.declared ? ' · a declared pair' : ''))));
}

/**
 * The versions of `skin` up to `version` whose diff from the one before touches `path`, newest
 * first, as a list (designer token: diffs are a designer's read). Diffs are asked once per
 * skin, selection and version, then kept.
 */
const diffs = new Map();
export async function versionsChanging(skin, version, variants, path) {
  if (!designerToken.get()) return h('p', { class: 'hint' }, 'Listing the versions needs a designer token.');
  const found = [];
  const first = Math.max(1, version - 30);
  const asks = [];
  for (let n = version; n >= first; n -= 1) {
    const key = `${skin}@${n}?${variants.join(',')}`;
    if (!diffs.has(key)) diffs.set(key, n === 1 ? Promise.resolve(null) : api(paths.diff(skin, n - 1, n, variants)).catch(() => null));
    asks.push(diffs.get(key).then((diff) => ({ n, diff })));
  }
  for (const { n, diff } of await Promise.all(asks)) {
    if (n === 1) { if (!found.some((f) => f.how === 'added')) found.push({ n, how: 'first version' }); continue; }
    if (!diff) continue;
    const how = path in (diff.changed || {}) ? 'changed' : path in (diff.added || {}) ? 'added' : path in (diff.removed || {}) ? 'removed' : null;
    if (how) found.push({ n, how });
  }
  const older = first > 1 ? h('p', { class: 'hint' }, `Versions before ${first} not searched.`) : null;
  return [h('ul', {}, found.map(({ n, how }) => h('li', {},
    h('a', { href: `#/look?skin=${encodeURIComponent(skin)}&version=${n}&token=${encodeURIComponent(path)}` }, `version ${n}`), ` ${how}`,
    n > 1 && how !== 'first version' ? [' · ', h('a', { href: `#/compare?skin=${encodeURIComponent(skin)}&from=${n - 1}&to=${n}` }, 'compare')] : null))), older];
}
