// The Look's token grid: one group per first path segment, groups of more than 48 tokens
// collapsed (drawn only when opened), each entry a compact card naming the token's full path,
// its value drawn small, and a contrast mark where the server measured one (a text colour on
// the surfaces it is meant for). Entries are buttons: Enter on one opens its detail.
import { h, replace } from './dom.js';
import { cssBorder, cssGradient, cssShadow, typographyStyle, valueText } from './draw.js';
import { filterPaths, groupPaths, startsCollapsed } from './search.js';

/** The small drawing at an entry's left: a chip, a specimen, a bar or a tile. */
export function visual(type, value) {
  switch (type) {
    case 'color': return h('span', { class: 'visual chip', 'data-value': value, style: { 'background-color': value } });
    case 'typography': return h('span', { class: 'visual specimen-mini', style: { ...typographyStyle(value), 'font-size': null, 'line-height': null, color: null } }, 'Aa');
    case 'fontFamily': return h('span', { class: 'visual specimen-mini', style: { 'font-family': Array.isArray(value) ? value.join(', ') : String(value) } }, 'Aa');
    case 'fontWeight': return h('span', { class: 'visual specimen-mini', style: { 'font-weight': String(value) } }, 'Aa');
    case 'shadow': return h('span', { class: 'visual tile-mini', style: { 'box-shadow': cssShadow(value) } });
    case 'border': return h('span', { class: 'visual tile-mini', style: { border: cssBorder(value) } });
    case 'gradient': return h('span', { class: 'visual tile-mini', style: { 'background-image': cssGradient(value) } });
    case 'dimension': {
      const pixels = value?.unit === 'rem' ? value.value * 16 : value?.value;
      const drawable = typeof pixels === 'number' && ['px', 'rem'].includes(value?.unit);
      return h('span', { class: 'visual bar-mini' }, drawable ? h('span', { style: { width: `${Math.max(1, Math.min(pixels, 40)) / 16}rem` } }) : null);
    }
    default: return h('span', { class: 'visual type-mini' }, String(type || '?').slice(0, 3));
  }
}

/** `3.21:1 on bgColor.danger.muted (4.5 needed)` for each pair of a finding, worst first. */
export const pairsText = (finding) => finding.pairs.map((p) =>
  `${p.passes ? '✓' : '✗'} ${Number(p.ratio).toFixed(2)}:1 on ${p.background} (${p.minimum} needed${p.declared ? ', declared' : ''})`).join('\n');

/**
 * A contrast mark from a server finding (a text colour and its pairs, worst first; its own
 * `ratio`, `minimum` and `background` are the worst pair's); null without one. A failing mark
 * names the surface it fails on and the ratio against the minimum; every pair is in its title.
 */
export function contrastMark(finding) {
  if (!finding) return null;
  const ratio = `${Number(finding.ratio).toFixed(2)}:1`;
  const count = finding.pairs.length;
  return finding.passes
    ? h('span', { class: 'ratio pass', title: pairsText(finding) }, `${ratio}${count > 1 ? ` (lowest of ${count})` : ''}`)
    : h('span', { class: 'ratio fail', title: pairsText(finding) }, `✗ ${ratio} < ${finding.minimum} on `, h('code', {}, finding.background),
      count > 1 ? ` (worst of ${count})` : '');
}

/** One token's entry. `marks` maps paths to server findings; `open(path)` shows the detail. */
export function entry(path, token, marks, open) {
  const deprecated = token.deprecated ? h('span', { class: 'deprecated' }, 'deprecated') : null;
  return h('li', { class: 'entry', 'data-path': path, 'data-type': token.type },
    h('button', { type: 'button', class: 'entry-button', onclick: () => open(path), 'aria-label': `${path}, ${token.type}, ${valueText(token.type, token.value)}` },
      visual(token.type, token.value),
      h('span', { class: 'entry-text' },
        h('code', { class: 'path' }, path.split('.').map((name, index, names) => (index < names.length - 1 ? [`${name}.`, h('wbr')] : name))),
        h('span', { class: 'value' }, valueText(token.type, token.value), deprecated),
        contrastMark(marks.get(path)))));
}

/**
 * The grid of `tokens` answering `query`: returns `{element, shown}`. Collapsed groups draw
 * their entries when first opened, so a design system of thousands of tokens opens fast.
 */
export function drawGrid(tokens, query, marks, open) {
  const paths = filterPaths(tokens, query, valueText);
  const groups = groupPaths(paths);
  const element = h('div', { class: 'grid' },
    groups.map(([name, list]) => {
      const entries = h('ul', { class: 'entries' });
      const fill = () => { if (!entries.childElementCount) replace(entries, list.map((path) => entry(path, tokens[path], marks, open))); };
      const collapsed = startsCollapsed(list.length, groups.length, name);
      const details = h('details', { class: 'group', 'data-group': name, open: !collapsed, ontoggle: () => { if (details.open) fill(); } },
        h('summary', {}, h('span', { class: 'group-name' }, name), ' ',
          h('span', { class: 'count' }, `${list.length} token${list.length === 1 ? '' : 's'}${collapsed ? ' · collapsed' : ''}`)),
        entries);
      if (!collapsed) fill();
      return details;
    }),
    paths.length ? null : h('p', { class: 'none' }, 'No token matches.'));
  return { element, shown: paths.length };
}
