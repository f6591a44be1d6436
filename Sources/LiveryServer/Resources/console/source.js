// What a Look shows: the source (a channel, a skin's latest or a version), the variant selection
// (a token set's axes, or a lineage's declared variants), the page colour samples are drawn on,
// and the server's contrast findings for that selection.
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
 * `color.background`, then any whose path says bg, background, surface or canvas. Only for
 * drawing (the stage components and specimens sit on): contrast is the server's, per pair. */
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

/** The page colour a document is drawn on: its best background candidate, else white. */
export function pageColour(tokens) {
  const chosen = backgroundCandidates(tokens)[0];
  return (chosen && tokens[chosen].value) || '#ffffffff';
}

/**
 * The server's contrast findings for a stored version and selection: `{failures, text}`, each
 * text colour with its pairs (the surfaces it is meant for), worst first (docs/api.md).
 */
export function contrastFindings(document, variants) {
  const q = new URLSearchParams({ version: document.version });
  if (variants.length) q.set('variant', variants.join(','));
  return api(`/v1/skins/${encodeURIComponent(document.skin)}/contrast?${q}`);
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
 * What `skin` (version `version`, else its latest) declares to choose from, without a resolved
 * document: `{axes}` for a token set (its axes, with the server's skin answer), else
 * `{variants}`, the names its lineage's documents declare, root first (their `extends` followed,
 * a parent without a version at its latest); null without a designer token.
 */
export async function variantChoices(skin, version) {
  if (!designerToken.get() || !skin) return null;
  const detail = await api(paths.skin(skin));
  if (detail.axes.length) return { axes: detail.axes };
  const names = [];
  let at = { skin, version: version || detail.latestVersion };
  // docs/skins.md: a lineage has at most 16 skins.
  for (let depth = 0; at && depth < 16; depth += 1) {
    const raw = await api(paths.version(at.skin, at.version));
    names.unshift(...Object.keys(raw?.$livery?.variants || {}).filter((name) => !names.includes(name)));
    const parent = raw?.$livery?.extends;
    if (typeof parent !== 'string') break;
    const [name, pinned] = parent.split('@');
    at = { skin: name, version: pinned || (await api(paths.skin(name))).latestVersion };
  }
  return { variants: names };
}

/** The selection variant controls show now: the checked variants, or each axis's context that
 * is not its default (`theme:dark`), as `variantControls` hands them to its `onChange`. */
export function chosenVariants(controls) {
  const typed = controls.querySelector('input[name=variant]:not([type=checkbox])');
  if (typed) return typed.value.split(',').map((v) => v.trim()).filter(Boolean);
  return [...controls.querySelectorAll('input[name=variant]:checked')].map((box) => box.value)
    .concat([...controls.querySelectorAll('select[data-default]')].filter((select) => select.value !== select.dataset.default).map((select) => select.value));
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
