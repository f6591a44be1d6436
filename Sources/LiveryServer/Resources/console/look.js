// The Look: a channel's active look, a skin's latest or one version, for a chosen variant
// selection. It opens with a summary (counts by type, warnings, failing pairs), then a search
// that filters as one types (kept in the address as `q`, so a link shares it) and the grouped
// grid (grid.js); Enter on an entry opens its detail (detail.js). Contrast marks are the
// server's findings (`/v1/skins/{skin}/contrast`), never computed here.
import { api, designerToken, paths, resolvedPath } from './api.js';
import { diagnosticsList, field, h, problemView, replace, warningCount } from './dom.js';
import { drawTokens } from './draw.js';
import { contrastMark, drawGrid } from './grid.js';
import { detailDialog, versionsChanging } from './detail.js';
import { contrastSection, drawComponents } from './components.js';
import { incompatibleSection } from './builds.js';
import { countByType, parseQuery } from './search.js';
import { contrastFindings, declaredVariants, pageColour, sourceOf, sourceLabel, variantControls } from './source.js';

export { declaredVariants, pageColour, sourceOf, sourceLabel, variantControls } from './source.js';

export const title = 'Look';

/** Draws a resolved document whole (the draft's preview): tokens, components, the server's
 * contrast findings `{failures, text: Map}` and, when given, the live builds' `incompatible` ones. */
export async function drawDocument(document, { background, lookup, findings }) {
  const components = await drawComponents(document, lookup, background);
  return h('div', { class: 'look' },
    drawTokens(document, background, findings?.text),
    components.element,
    contrastSection(findings?.failures),
    incompatibleSection(findings?.incompatible));
}

/** A style lookup through the server for a stored version. */
export function serverLookup(document, variants) {
  return async (id) => {
    try { return await api(paths.style(document.skin, id, document.version, variants)); } catch { return null; }
  };
}

/** The warnings a version's document gets, validated once per browser tab (versions never
 * change; kept in sessionStorage, so reloading the Look does not validate again).
 * Hook: when the server keeps each version's publish warnings, read them instead. */
const warningCache = new Map();
function versionWarnings(skin, version) {
  const key = `livery.warnings.${skin}@${version}`;
  const kept = sessionStorage.getItem(key);
  if (kept) return Promise.resolve(JSON.parse(kept));
  if (!warningCache.has(key)) {
    warningCache.set(key, api(paths.version(skin, version), { raw: true }).then((r) => r.text())
      .then((text) => api(paths.validate(skin), { method: 'POST', body: text })).then((result) => {
        try { sessionStorage.setItem(key, JSON.stringify(result.warnings)); } catch { /* full: ask again next time */ }
        return result.warnings;
      }));
  }
  return warningCache.get(key);
}

function summaryOf(document, onType) {
  const tokens = document.tokens || {};
  const counts = countByType(tokens);
  return h('div', { class: 'look-summary' },
    h('p', { class: 'summary' }, h('strong', {}, `${document.skin}@${document.version}`), document.channel ? ` on channel ${document.channel}` : '',
      ` · lineage ${(document.lineage || []).join(' → ')}`, ` · variants: ${(document.variants || []).join(', ') || 'none'}`),
    h('p', { class: 'type-counts' }, h('strong', {}, `${Object.keys(tokens).length.toLocaleString('en')} tokens`), ': ',
      counts.map(([type, count], index) => [index ? ' · ' : '',
        h('button', { type: 'button', class: 'link', onclick: () => onType(type), title: `Show only type:${type}` }, `${count.toLocaleString('en')} ${type}`)])));
}

export async function show(main, params, app) {
  const started = performance.now();
  const source = sourceOf(params);
  const variants = (params.variant || '').split(',').filter(Boolean);
  const form = sourceForm(source, params, app);
  const controls = h('div', { class: 'controls' });
  const summary = h('div', { class: 'summary-box', role: 'status' });
  const findingsBox = h('div', { class: 'findings-summary' });
  const search = h('input', { type: 'search', name: 'q', value: params.q || '', placeholder: 'path, value or type:color', autocomplete: 'off', spellcheck: 'false' });
  const shownCount = h('span', { class: 'hint', 'aria-live': 'polite' });
  const gridBox = h('div', { class: 'grid-box' }, h('p', {}, 'Loading…'));
  const componentsBox = h('div', {});
  replace(main, h('h1', {}, `Look of ${sourceLabel(source)}`), form, controls, summary, findingsBox,
    h('div', { class: 'search' }, field('Find a token', search, 'Filters as you type: words match a path, a value or a type; type:color keeps one type.'), shownCount),
    gridBox, componentsBox);

  let document;
  try {
    document = await api(resolvedPath(source, variants, { explain: 1 }));
    performance.mark('look-fetched');
  } catch (error) {
    replace(controls, variantControls(null, variants, (next) => app.go('look', { ...params, variant: next.join(',') })));
    replace(gridBox, problemView(error));
    return null;
  }
  const tokens = document.tokens || {};
  const background = pageColour(tokens);
  const marks = new Map();
  let query = parseQuery(params.q);

  // The address keeps the query and the open token without a new history entry or a redraw.
  const remember = (changes) => {
    const next = { ...app.params(), ...changes };
    history.replaceState(null, '', app.href('look', next));
  };
  let dtcg;
  const detail = detailDialog({
    tokens, marks,
    dtcg: () => (dtcg ??= api(resolvedPath({ skin: document.skin, version: document.version }, variants, { format: 'dtcg' }))),
    changes: (path) => versionsChanging(document.skin, document.version, variants, path),
    onOpen: (path) => remember({ token: path }),
    onClose: () => remember({ token: undefined }),
  });
  // Outside the grid, which is redrawn (a search, the contrast marks): an open modal dialog
  // taken out of the document would close.
  main.append(detail.dialog);

  function drawn() {
    const { element, shown } = drawGrid(tokens, query, marks, (path) => detail.show(path));
    replace(gridBox, element);
    shownCount.textContent = query.text ? `${shown.toLocaleString('en')} of ${Object.keys(tokens).length.toLocaleString('en')} tokens match` : '';
  }
  let typing = null;
  const apply = () => { clearTimeout(typing); typing = null; query = parseQuery(search.value); remember({ q: search.value.trim() || undefined }); drawn(); };
  search.addEventListener('input', () => { clearTimeout(typing); typing = setTimeout(apply, 80); });
  search.addEventListener('keydown', (event) => {
    // Enter in the search goes to the first match (keyboard: search → token → detail); a
    // search still waiting to be applied is applied first, so no later redraw takes the focus.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (typing !== null || query.text !== search.value.trim()) apply();
    gridBox.querySelector('details[open] .entry-button')?.focus();
  });
  const setQuery = (text) => { search.value = text; query = parseQuery(text); remember({ q: text }); drawn(); search.focus(); };

  replace(summary, summaryOf(document, (type) => setQuery(`type:${type}`)));
  drawn();
  performance.mark('look-drawn', { detail: { tokens: Object.keys(tokens).length, ms: performance.now() - started } });
  if (params.token && tokens[params.token]) detail.show(params.token);

  // What is not needed to find a token comes after the grid is drawn.
  const declared = await declaredVariants(document);
  replace(controls,
    variantControls(declared, variants, (next) => app.go('look', { ...params, variant: next.join(','), token: undefined }), document.variants || []));
  replace(findingsBox, h('p', { class: 'hint' }, 'Checking contrast…'));
  contrastFindings(document, variants).then((findings) => {
    for (const finding of findings.text) marks.set(finding.path, finding);
    // Marked in place: a redraw would drop the focus and close the groups a designer opened.
    for (const element of gridBox.querySelectorAll('.entry')) {
      const mark = contrastMark(marks.get(element.dataset.path));
      if (mark && !element.querySelector('.ratio')) element.querySelector('.entry-text').append(mark);
    }
    replace(findingsBox, contrastSection(findings.failures, findings.text));
    detail.marked();
    performance.mark('look-marked', { detail: { text: findings.text.length } });
  }).catch((error) => replace(findingsBox, problemView(error)));
  if (designerToken.get() && document.skin) {
    // Validating a design system's version is seconds of server work: done when asked (or
    // shown at once when this tab already has the answer), never on every load.
    const warnings = h('div', { class: 'warnings-summary' });
    findingsBox.after(warnings);
    const showWarnings = () => {
      replace(warnings, h('p', { class: 'hint', role: 'status' }, 'Validating this version…'));
      versionWarnings(document.skin, document.version).then((list) => replace(warnings, list.length
        ? h('details', {}, h('summary', {}, warningCount(list)), diagnosticsList(list.map((w) => ({ ...w, severity: 'warning' }))))
        : h('p', { class: 'pass' }, 'No warnings.'))).catch((error) => replace(warnings, h('p', { class: 'hint' }, `Warnings unavailable: ${error.message}`)));
    };
    if (sessionStorage.getItem(`livery.warnings.${document.skin}@${document.version}`)) showWarnings();
    else replace(warnings, h('button', { type: 'button', class: 'link', onclick: showWarnings }, `Show the warnings of ${document.skin}@${document.version}`));
  }
  if ((document.rules || []).length) {
    drawComponents(document, serverLookup(document, variants), background).then((components) => replace(componentsBox, components.element));
  }

  return {
    /** Redraws when a change concerns what is shown (another client's publish or activation). */
    onEvents(events) {
      const skins = new Set((document.lineage || []).map((entry) => entry.slice(0, entry.lastIndexOf('@'))));
      const relevant = events.some((event) => (source.channel && event.channel === source.channel)
        || (skins.has(event.skin) && !source.version) || event.skin === source.skin);
      return relevant ? app.redraw() : null;
    },
  };
}

function sourceForm(source, params, app) {
  const channelInput = h('input', { name: 'channel', value: source.channel || '', list: 'look-channels', autocomplete: 'off', size: 12 });
  const skinInput = h('input', { name: 'skin', value: source.skin || '', list: 'look-skins', autocomplete: 'off', size: 12 });
  const versionInput = h('input', { name: 'version', value: source.version || '', inputmode: 'numeric', pattern: '[0-9]*', size: 5 });
  const bucketInput = h('input', { name: 'bucket', value: source.bucket || '', type: 'number', min: 0, max: 99, size: 4 });
  const channelList = h('datalist', { id: 'look-channels' });
  const skinList = h('datalist', { id: 'look-skins' });
  if (designerToken.get()) {
    api(paths.channels()).then(({ channels }) => replace(channelList, channels.map((c) => h('option', { value: c.name })))).catch(() => {});
    api(paths.skins()).then(({ skins }) => replace(skinList, skins.map((s) => h('option', { value: s.name })))).catch(() => {});
  }
  return h('form', { class: 'source', onsubmit: (event) => {
    event.preventDefault();
    const skin = skinInput.value.trim();
    app.go('look', skin ? { skin, version: versionInput.value.trim(), variant: params.variant }
      : { channel: channelInput.value.trim() || 'default', bucket: bucketInput.value.trim(), variant: params.variant });
  } },
  h('details', { class: 'source-details' }, h('summary', {}, 'What to show…'),
    h('fieldset', {}, h('legend', {}, 'What to show'),
      field('Channel', channelInput, 'Its active look, as apps get it.'),
      field('As a device in bucket', bucketInput, '0–99'),
      field('or skin', skinInput, 'Empty: the channel.'),
      field('Version', versionInput, 'Empty: the latest.'),
      h('button', { type: 'submit' }, 'Show'))), channelList, skinList);
}
