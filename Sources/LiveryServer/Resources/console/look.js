// The look view: a channel's active look, a skin's latest or one version, for a chosen variant
// selection and background, drawn token by token, with components and contrast failures.
import { api, designerToken, paths, resolvedPath } from './api.js';
import { field, h, problemView, replace } from './dom.js';
import { backgroundCandidates, drawTokens } from './draw.js';
import { contrastSection, drawComponents } from './components.js';
import { contrast, minimumRatio } from './colour.js';

export const title = 'Look';

/** The variants (or token-set axes) a lineage declares; null when they cannot be read (no token). */
const variantCache = new Map();
export async function declaredVariants(document) {
  if (!designerToken.get() || !document.skin) return null;
  const key = (document.lineage || []).join(' ');
  if (variantCache.has(key)) return variantCache.get(key);
  let result = null;
  try {
    const detail = await api(paths.skin(document.skin));
    if (detail.axes && Object.keys(detail.axes).length) {
      result = { axes: normaliseAxes(detail.axes) };
    } else {
      const raws = await rawLineage(document);
      const names = [];
      for (const raw of raws) for (const name of Object.keys(raw?.$livery?.variants || {})) if (!names.includes(name)) names.push(name);
      result = { variants: names, raws };
    }
  } catch { result = null; }
  variantCache.set(key, result);
  return result;
}

/** `[{name, contexts, default}]` from either a list or a map of axes. */
function normaliseAxes(axes) {
  const list = Array.isArray(axes) ? axes : Object.entries(axes).map(([name, value]) => (Array.isArray(value) ? { name, contexts: value } : { name, ...value }));
  return list.map((axis) => ({ name: axis.name, contexts: axis.contexts || axis.values || [], default: axis.default ?? (axis.contexts || axis.values || [])[0] }));
}

/** The documents of a resolved document's lineage, exactly as published (designer token). */
export async function rawLineage(document) {
  return Promise.all((document.lineage || []).map((entry) => {
    const at = entry.lastIndexOf('@');
    return api(paths.version(entry.slice(0, at), entry.slice(at + 1))).catch(() => null);
  }));
}

/** `$livery.contrast` pairs of the lineage, evaluated on the resolved tokens. */
export function declaredPairs(raws, tokens) {
  const value = (text) => {
    const reference = /^\{(.+)\}$/.exec(String(text || ''));
    return reference ? tokens[reference[1]]?.value : text;
  };
  const failures = [];
  let count = 0;
  for (const raw of raws || []) {
    for (const pair of raw?.$livery?.contrast || []) {
      const ratio = contrast(value(pair.foreground), value(pair.background));
      if (ratio == null) continue;
      count += 1;
      const min = pair.min ?? minimumRatio(false);
      if (ratio < min) failures.push({ where: `declared pair ${pair.foreground} on ${pair.background}`, ratio, min, foreground: value(pair.foreground), background: value(pair.background) });
    }
  }
  return { failures, count };
}

/** The source a look names, from the view's parameters. */
export function sourceOf(params) {
  if (params.skin) return { skin: params.skin, version: params.version || null };
  return { channel: params.channel || 'default', bucket: params.bucket || null };
}

export const sourceLabel = (source) => (source.channel ? `channel ${source.channel}${source.bucket ? `, bucket ${source.bucket}` : ''}` : source.version ? `${source.skin} version ${source.version}` : `${source.skin} (latest)`);

/** Draws a resolved document: tokens, components (through `lookup`), contrast. */
export async function drawDocument(document, { background, lookup, raws }) {
  const components = await drawComponents(document, lookup, background);
  const declared = declaredPairs(raws, document.tokens || {});
  const checked = (document.rules || []).length + declared.count;
  return h('div', { class: 'look' },
    drawTokens(document, background),
    components.element,
    contrastSection([...declared.failures, ...components.failures], checked));
}

/** A style lookup through the server for a stored version. */
export function serverLookup(document, variants) {
  return async (id) => {
    try { return await api(paths.style(document.skin, id, document.version, variants)); } catch { return null; }
  };
}

/** The background select's value → a colour. */
export function backgroundValue(choice, tokens) {
  if (!choice) {
    const named = backgroundCandidates(tokens).find((path) => /background|surface/i.test(path));
    return named ? tokens[named].value : '#ffffffff';
  }
  return choice.startsWith('#') ? choice : tokens[choice]?.value || '#ffffffff';
}

export function backgroundSelect(tokens, chosen, onChange) {
  const candidates = backgroundCandidates(tokens);
  const selected = chosen || candidates.find((path) => /background|surface/i.test(path)) || '#ffffffff';
  const select = h('select', { name: 'bg', onchange: (event) => onChange(event.target.value) },
    candidates.map((path) => h('option', { value: path, selected: path === selected }, path)),
    h('option', { value: '#ffffffff', selected: selected === '#ffffffff' }, 'white'),
    h('option', { value: '#000000ff', selected: selected === '#000000ff' }, 'black'));
  return field('Background for contrast', select);
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

export async function show(main, params, app) {
  const source = sourceOf(params);
  const variants = (params.variant || '').split(',').filter(Boolean);
  const channelInput = h('input', { name: 'channel', value: source.channel || '', list: 'look-channels', autocomplete: 'off' });
  const skinInput = h('input', { name: 'skin', value: source.skin || '', list: 'look-skins', autocomplete: 'off' });
  const versionInput = h('input', { name: 'version', value: source.version || '', inputmode: 'numeric', pattern: '[0-9]*', size: 5 });
  const bucketInput = h('input', { name: 'bucket', value: source.bucket || '', type: 'number', min: 0, max: 99, size: 4 });
  const channelList = h('datalist', { id: 'look-channels' });
  const skinList = h('datalist', { id: 'look-skins' });
  const form = h('form', { class: 'source', onsubmit: (event) => {
    event.preventDefault();
    const skin = skinInput.value.trim();
    app.go('look', skin ? { skin, version: versionInput.value.trim(), variant: params.variant, bg: params.bg }
      : { channel: channelInput.value.trim() || 'default', bucket: bucketInput.value.trim(), variant: params.variant, bg: params.bg });
  } },
  h('fieldset', {}, h('legend', {}, 'What to show'),
    field('Channel', channelInput, 'Its active look, as apps get it.'),
    field('As a device in bucket', bucketInput, '0–99: during a rollout, low buckets get the new look.'),
    field('or skin', skinInput, 'Leave empty to show the channel.'),
    field('Version', versionInput, 'Empty: the latest.'),
    h('button', { type: 'submit' }, 'Show')), channelList, skinList);
  const controls = h('div', { class: 'controls' });
  const summary = h('p', { class: 'summary', role: 'status' });
  const body = h('div', { class: 'look-body' }, h('p', {}, 'Loading…'));
  replace(main, h('h1', {}, `Look of ${sourceLabel(source)}`), form, controls, summary, body);

  if (designerToken.get()) {
    api(paths.channels()).then(({ channels }) => replace(channelList, channels.map((c) => h('option', { value: c.name })))).catch(() => {});
    api(paths.skins()).then(({ skins }) => replace(skinList, skins.map((s) => h('option', { value: s.name })))).catch(() => {});
  }

  let current = null;
  async function load() {
    let document;
    try {
      document = await api(resolvedPath(source, variants));
    } catch (error) {
      // Still offer the variant field: a variant the lineage lacks is a common cause (400).
      replace(controls, variantControls(null, variants, (next) => app.go('look', { ...params, variant: next.join(',') })));
      replace(body, problemView(error));
      replace(summary);
      return;
    }
    current = document;
    const declared = await declaredVariants(document);
    const raws = declared?.raws || (designerToken.get() ? await rawLineage(document) : []);
    const background = backgroundValue(params.bg, document.tokens || {});
    replace(controls,
      variantControls(declared, variants, (next) => app.go('look', { ...params, variant: next.join(',') }), document.variants || []),
      backgroundSelect(document.tokens || {}, params.bg, (bg) => app.go('look', { ...params, bg })));
    replace(summary, `${document.skin}@${document.version}`, document.channel ? ` on channel ${document.channel}` : '',
      ` · lineage ${(document.lineage || []).join(' → ')}`, ` · variants: ${(document.variants || []).join(', ') || 'none'}`,
      ` · ${Object.keys(document.tokens || {}).length} tokens`);
    const drawing = await drawDocument(document, { background, lookup: serverLookup(document, variants), raws });
    replace(body, drawing);
  }
  await load();

  return {
    /** Redraws when a change concerns what is shown (another client's publish or activation). */
    onEvents(events) {
      const skins = new Set((current?.lineage || []).map((entry) => entry.slice(0, entry.lastIndexOf('@'))));
      const relevant = events.some((event) => (source.channel && event.channel === source.channel)
        || (skins.has(event.skin) && !source.version) || event.skin === source.skin);
      if (relevant) return load();
      return null;
    },
  };
}
