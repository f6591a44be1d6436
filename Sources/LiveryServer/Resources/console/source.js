// What a Look shows and measures against: the source (a channel, a skin's latest or a version),
// the variant selection (a token set's axes, or a lineage's declared variants), the background
// that text colours are measured on, and the server's contrast findings for all of that.
import { api, designerToken, paths } from './api.js';
import { field, h } from './dom.js';

/** The source a look names, from the view's parameters. */
export function sourceOf(params) {
  if (params.skin) return { skin: params.skin, version: params.version || null };
  return { channel: params.channel || 'default', bucket: params.bucket || null };
}

export const sourceLabel = (source) => (source.channel ? `channel ${source.channel}${source.bucket ? `, bucket ${source.bucket}` : ''}` : source.version ? `${source.skin} version ${source.version}` : `${source.skin} (latest)`);

/** Words of a path (camelCase and `-`/`_` split, lowercased), as the server splits them. */
export const pathWords = (path) => path.split(/[.\-_ ]+/).flatMap((part) => part.split(/(?<=[a-z0-9])(?=[A-Z])/)).map((word) => word.toLowerCase());

/** The colour tokens a page is painted with, best guess first: `bgColor.default`,
 * `color.background`, then any whose path says bg, background, surface or canvas. */
export function backgroundCandidates(tokens) {
  const score = (path) => {
    const words = pathWords(path);
    if (!words.some((word) => ['bg', 'background', 'surface', 'canvas'].includes(word))) return null;
    if (path === 'bgColor.default' || path === 'color.background') return 0;
    return words.includes('default') || /background$/i.test(path) ? 1 : 2 + words.length / 100;
  };
  return Object.keys(tokens).filter((path) => tokens[path].type === 'color' && score(path) !== null)
    .sort((a, b) => score(a) - score(b) || a.localeCompare(b)).slice(0, 60);
}

/** The background select's value → a colour. */
export function backgroundValue(choice, tokens) {
  const chosen = choice || backgroundCandidates(tokens)[0];
  if (!chosen) return '#ffffffff';
  return chosen.startsWith('#') ? chosen : tokens[chosen]?.value || '#ffffffff';
}

/**
 * The server's contrast findings for a stored version: `{failures, text, failingForegrounds,
 * background}`, where `failingForegrounds` are the token paths of failing declared pairs.
 */
export async function contrastFindings(document, variants, background) {
  const q = new URLSearchParams({ version: document.version, background });
  if (variants.length) q.set('variant', variants.join(','));
  const findings = await api(`/v1/skins/${encodeURIComponent(document.skin)}/contrast?${q}`);
  const failingForegrounds = findings.failures.map((f) => /^\{(.+)\}$/.exec(f.foreground)?.[1]).filter(Boolean);
  return { ...findings, failingForegrounds };
}

/** The variant axes (token sets) or declared variants of a lineage; null without a designer
 * token. Axes come with the skin; declared variants are read from the lineage's documents. */
const variantCache = new Map();
export async function declaredVariants(document) {
  if (!designerToken.get() || !document.skin) return null;
  const key = (document.lineage || []).join(' ');
  if (!variantCache.has(key)) {
    variantCache.set(key, api(paths.skin(document.skin)).then(async (detail) => {
      if (detail.axes.length) return { axes: detail.axes };
      const raws = await Promise.all((document.lineage || []).map((entry) => {
        const at = entry.lastIndexOf('@');
        return api(paths.version(entry.slice(0, at), entry.slice(at + 1)));
      }));
      const names = [];
      for (const raw of raws) for (const name of Object.keys(raw?.$livery?.variants || {})) if (!names.includes(name)) names.push(name);
      return { variants: names };
    }).catch(() => null));
  }
  return variantCache.get(key);
}

/**
 * Checkboxes for declared variants, or one select per axis of a token set (its options
 * `axis:context`, the selection the document says it applied), else a text field.
 */
export function variantControls(declared, selected, onChange, applied = []) {
  if (declared?.axes) {
    const set = h('fieldset', { class: 'variants' }, h('legend', {}, 'Variant axes'));
    const choose = () => onChange([...set.querySelectorAll('select')]
      .filter((select) => select.value !== select.dataset.default).map((select) => select.value));
    for (const axis of declared.axes) {
      const chosen = axis.contexts.find((c) => applied.includes(`${axis.name}:${c}`) || selected.includes(c) || selected.includes(`${axis.name}:${c}`)) ?? axis.default;
      set.append(field(axis.name, h('select', { name: `axis-${axis.name}`, 'data-default': `${axis.name}:${axis.default}`, onchange: choose },
        axis.contexts.map((context) => h('option', { value: `${axis.name}:${context}`, selected: context === chosen }, context)))));
    }
    return set;
  }
  if (declared?.variants?.length) {
    return h('fieldset', { class: 'variants' }, h('legend', {}, 'Variants (applied in this order)'),
      declared.variants.map((name) => h('label', { class: 'check' },
        h('input', { type: 'checkbox', name: 'variant', value: name, checked: selected.includes(name), onchange: (event) => {
          onChange(event.target.checked ? [...selected, name] : selected.filter((v) => v !== name));
        } }), ` ${name}`)));
  }
  if (declared?.variants) return h('p', { class: 'hint' }, 'This lineage declares no variants.');
  const input = h('input', { name: 'variant', value: selected.join(','), placeholder: 'dark,highContrast', onchange: (event) => onChange(event.target.value.split(',').map((v) => v.trim()).filter(Boolean)) });
  return field('Variants (comma list)', input, 'With a designer token the declared variants are listed here.');
}
