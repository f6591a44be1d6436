// Sample components drawn through a skin's rules: each rule's selector is an element that the
// server resolves (styles/resolve: ranking, states, themed rules), and the winning properties
// are painted on a small button, label, navigation bar, text field, switch or list row.
import { h, section } from './dom.js';
import { cssBorder, cssDimension, cssShadow, readableOn, typographyStyle } from './draw.js';

/** The six kinds the console draws, with how to recognise an element of each by its atom. */
export const KINDS = [
  { kind: 'Button', title: 'Buttons', sample: 'button', atom: /button|cta/i },
  { kind: 'Label', title: 'Labels', sample: 'label', atom: /label|title|body|text|caption|heading|headline/i },
  { kind: 'NavigationBar', title: 'Navigation bars', sample: 'navigationBar', atom: /nav/i },
  { kind: 'TextField', title: 'Text fields', sample: 'textField', atom: /field|input|search/i },
  { kind: 'Switch', title: 'Switches', sample: 'switch', atom: /switch|toggle/i },
  { kind: 'TableViewCell', title: 'List rows', sample: 'listRow', atom: /row|cell|item/i },
];

/** An element id from a rule's selector: the `@theme/` prefix dropped. */
export const elementOf = (selector) => selector.replace(/^@[^/]+\//, '');

/** The kind a rule draws as: its style's component, else a guess from the atom. */
export function kindOf(rule, styles) {
  const component = styles?.[rule.style]?.component;
  if (KINDS.some((k) => k.kind === component)) return component;
  if (component === 'TableView') return 'TableViewCell';
  const atom = elementOf(rule.selector).split('/').pop().replace(/\[.*\]$/, '');
  return (KINDS.find((k) => k.atom.test(atom)) || KINDS[1]).kind;
}

/** A property by name or key path, whether the server sent `a.b` flat or nested. */
function prop(properties, path) {
  if (path in properties) return properties[path];
  return path.split('.').reduce((value, key) => (value && typeof value === 'object' ? value[key] : undefined), properties);
}

/** The text colour, background and font that a kind shows, for its contrast check. */
function textPair(kind, p) {
  switch (kind) {
    case 'Button': return [prop(p, 'titleColor') || (prop(p, 'backgroundColor') ? prop(p, 'tintColor') : null), prop(p, 'backgroundColor'), prop(p, 'titleFont') || prop(p, 'titleLabel.font')];
    case 'NavigationBar': return [prop(p, 'titleColor'), prop(p, 'barTintColor') || prop(p, 'backgroundColor'), prop(p, 'titleFont')];
    case 'TableViewCell': return [prop(p, 'textLabel.textColor'), prop(p, 'backgroundColor'), prop(p, 'textLabel.font')];
    case 'Switch': return [null, null, null];
    default: return [prop(p, 'textColor'), prop(p, 'backgroundColor'), prop(p, 'font')];
  }
}

function boxStyle(p) {
  const border = prop(p, 'border');
  return {
    'background-color': prop(p, 'backgroundColor'),
    'border-radius': cssDimension(prop(p, 'cornerRadius')),
    border: border ? cssBorder(border) : prop(p, 'borderColor') ? `${cssDimension(prop(p, 'borderWidth')) || '1px'} solid ${prop(p, 'borderColor')}` : null,
    'box-shadow': prop(p, 'shadow') ? cssShadow(prop(p, 'shadow')) : null,
    opacity: prop(p, 'alpha') != null ? String(prop(p, 'alpha')) : null,
  };
}

/** The sample of one kind painted with `p`. */
export function paint(kind, p, pageBackground) {
  switch (kind) {
    case 'Button': {
      const [text, , font] = textPair(kind, p);
      return h('span', { class: 'sample sample-button', style: { ...boxStyle(p), ...typographyStyle(font), color: text || prop(p, 'tintColor') || '#0a60ff' } }, 'Continue');
    }
    case 'NavigationBar':
      return h('span', { class: 'sample sample-navbar', style: { ...boxStyle(p), 'background-color': prop(p, 'barTintColor') || prop(p, 'backgroundColor') || pageBackground } },
        h('span', { class: 'back', style: { color: prop(p, 'tintColor') } }, '‹ Back'),
        h('span', { class: 'title', style: { ...typographyStyle(prop(p, 'titleFont')), color: prop(p, 'titleColor') } }, 'Checkout'),
        h('span', { class: 'back', style: { color: prop(p, 'tintColor') } }, 'Edit'));
    case 'TextField':
      return h('span', { class: 'sample sample-field', style: { ...boxStyle(p), ...typographyStyle(prop(p, 'font')), color: prop(p, 'textColor') } },
        h('span', { style: { ...typographyStyle(prop(p, 'placeholderFont')), color: prop(p, 'placeholderColor'), opacity: prop(p, 'placeholderColor') ? null : '0.6' } }, 'Email address'));
    case 'Switch': {
      const on = prop(p, 'onTintColor') || prop(p, 'tintColor') || '#34c759';
      return h('span', { class: 'sample sample-switch', style: { opacity: prop(p, 'alpha') != null ? String(prop(p, 'alpha')) : null } },
        h('span', { class: 'track', style: { 'background-color': on } }, h('span', { class: 'thumb', style: { 'background-color': prop(p, 'thumbTintColor') || '#ffffff' } })),
        h('span', { class: 'track off' }, h('span', { class: 'thumb', style: { 'background-color': prop(p, 'thumbTintColor') || '#ffffff' } })));
    }
    case 'TableViewCell':
      return h('span', { class: 'sample sample-row', style: { ...boxStyle(p), 'background-color': prop(p, 'backgroundColor') || pageBackground } },
        h('span', { class: 'row-text' },
          h('span', { style: { ...typographyStyle(prop(p, 'textLabel.font')), color: prop(p, 'textLabel.textColor') } }, 'Delivery address'),
          h('span', { class: 'detail', style: { ...typographyStyle(prop(p, 'detailTextLabel.font')), color: prop(p, 'detailTextLabel.textColor') } }, '12 Rue des Lilas')),
        h('span', { class: 'accessory', style: { color: prop(p, 'tintColor') } }, '›'));
    default:
      return h('span', { class: 'sample sample-label', style: { ...boxStyle(p), ...typographyStyle(prop(p, 'font')), color: prop(p, 'textColor') } }, 'The quick brown fox');
  }
}

/**
 * The components section. `lookup(id)` answers `{selector, properties}` for an element (or null
 * when no rule matches); the rules and named styles come from the resolved document.
 * Returns the section. Whether a sample's text is readable is the server's finding (the pairs
 * styles and rules imply), listed by `contrastSection`.
 */
export async function drawComponents(document, lookup, pageBackground) {
  const rules = document.rules || [];
  const elements = [...new Map(rules.map((rule) => [elementOf(rule.selector), rule])).entries()];
  const cards = [];
  for (const kind of KINDS) {
    const ids = elements.filter(([, rule]) => kindOf(rule, document.styles) === kind.kind).map(([id]) => id);
    // A kind no rule styles is drawn with platform defaults (asking the server would only 404).
    const samples = ids.length ? await Promise.all(ids.map(async (id) => ({ id, match: await lookup(id) }))) : [{ id: kind.sample, match: null }];
    cards.push(h('div', { class: 'component-kind' },
      h('h3', {}, kind.title),
      samples.map(({ id, match }) => {
        const properties = match?.properties || {};
        return h('figure', { class: 'component', 'data-element': id },
          h('div', { class: 'stage', style: { 'background-color': pageBackground, color: readableOn(pageBackground) } }, paint(kind.kind, properties, pageBackground)),
          h('figcaption', {},
            h('code', {}, id),
            match ? h('span', { class: 'meta' }, `rule ${match.selector}`) : h('span', { class: 'meta' }, 'no rule matches: platform defaults')));
      })));
  }
  return { element: section('Components', h('p', { class: 'hint' }, 'Each element a rule names, drawn with the properties the server resolves for it (states and themed rules included).'), h('div', { class: 'components' }, cards)) };
}

/**
 * The failing contrast pairs as the server found them (`/v1/skins/{skin}/contrast` failures, or
 * validate's `contrast` warnings for a draft): `{path, foreground, background, minimum, ratio,
 * message}` each. `text`: the server's text-colour findings, when measured (each text colour on
 * the surfaces it is meant for): how many fall short is said, and how they were paired. `scope`:
 * what a pass was checked under (the Look's one selection, or every selection where the release
 * gate checked them).
 */
export function contrastSection(failures, text, scope = 'under this selection') {
  const short = (text || []).filter((finding) => !finding.passes).length;
  const count = (n) => `${n.toLocaleString('en')} text colour${n === 1 ? '' : 's'}`;
  const measured = !text ? null : text.length
    ? h('p', { class: 'hint' }, `${count(text.length)} marked with their contrast on the surfaces they are meant for (a declared pair, else the surfaces their names pair them with)`,
      short ? [': ', h('span', { class: 'fail' }, `✗ ${count(short)} below the minimum on at least one`)] : ': each reads on all of them', '.')
    : h('p', { class: 'hint' }, 'No text colour is marked: no pair is declared, and no colour is named as text for a surface the skin names (fgColor.x on bgColor.x).');
  if (!failures) return section('Contrast', h('p', { class: 'hint' }, 'Not checked.'));
  return section('Contrast',
    failures.length
      ? [h('p', { class: 'fail' }, `✗ ${failures.length} declared or implied pair${failures.length === 1 ? '' : 's'} fail${failures.length === 1 ? 's' : ''}`),
        h('ul', { class: 'contrast-failures' }, failures.map((f) => h('li', { class: 'fail', 'data-path': f.path },
          h('code', {}, f.path), ' ', f.message)))]
      : h('p', { class: 'pass' }, `✓ No declared or implied pair fails ${scope}.`),
    measured);
}
