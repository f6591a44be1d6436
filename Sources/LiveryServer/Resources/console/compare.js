// Compare: two versions of a skin, two channels' active looks, or the draft being edited against
// a channel, each picked from lists. It leads with the impact (the server's `impact` and
// `breaking` on the diff, when it sends them, each breaking entry naming the live builds it
// breaks; otherwise the counts), then draws only the changed tokens, old against new.
import { api, designerToken, paths, resolvedPath } from './api.js';
import { field, h, problemView, replace, section, versionLabel } from './dom.js';
import { drawValue } from './draw.js';
import { savedDraft } from './draft.js';
import { breakingBuilds, buildBadge } from './builds.js';
import { chosenVariants, variantChoices, variantControls } from './source.js';
import { comparePaths } from './search.js';

export const title = 'Compare';

/** Token-level diff of two resolved documents, shaped like the server's `diff` (for a draft, or
 * two channels showing different skins, which the server's diff of one skin cannot compare). */
export function diffTokens(oldTokens, newTokens) {
  const diff = { added: {}, removed: {}, changed: {} };
  for (const [path, token] of Object.entries(newTokens)) {
    if (!(path in oldTokens)) diff.added[path] = token;
    else if (oldTokens[path].type !== token.type || JSON.stringify(oldTokens[path].value) !== JSON.stringify(token.value)) diff.changed[path] = { old: oldTokens[path], new: token };
  }
  for (const [path, token] of Object.entries(oldTokens)) if (!(path in newTokens)) diff.removed[path] = token;
  return diff;
}

const plural = (n, word) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

/** The impact first: the server's verdict and breaking changes when the diff has them, and the counts. */
export function impactView(diff) {
  const counts = [plural(Object.keys(diff.changed).length, 'changed token'), plural(Object.keys(diff.added).length, 'added token'),
    plural(Object.keys(diff.removed).length, 'removed token')].join(' · ');
  const breaking = diff.breaking || [];
  const builds = [...new Set(breaking.flatMap((b) => b.builds))].sort();
  return h('div', { class: `impact impact-${diff.impact || 'unknown'}` },
    diff.impact ? h('p', { class: 'impact-verdict' }, h('strong', {}, 'Impact: '), diff.impact) : null,
    builds.length ? h('p', { class: 'impact-builds' }, h('strong', {}, `Live build${builds.length === 1 ? '' : 's'} it breaks: `),
      builds.map((build, i) => [i ? ' ' : '', buildBadge(build)]),
      h('span', { class: 'hint' }, ' — where the change reaches them, the release gate keeps them on the look they can read.')) : null,
    h('p', { class: 'impact-counts' }, counts),
    breaking.length ? h('details', { open: true }, h('summary', {}, plural(breaking.length, 'breaking change')),
      h('ul', { class: 'breaking' }, breaking.map((b) => h('li', { 'data-path': b.path },
        b.message, breakingBuilds(b.builds))))) : null);
}

/** Only the changed tokens, old against new, sorted by path. */
export function diffTable(diff, oldLabel, newLabel) {
  const rows = [
    ...Object.entries(diff.changed).map(([path, c]) => ['changed', path, c.old, c.new]),
    ...Object.entries(diff.added).map(([path, t]) => ['added', path, undefined, t]),
    ...Object.entries(diff.removed).map(([path, t]) => ['removed', path, t, undefined]),
  ].sort((a, b) => comparePaths(a[1], b[1]));
  if (!rows.length) return section('What changed', h('p', {}, 'No token differs.'));
  return section(`What changed: ${plural(rows.length, 'token')}`,
    h('table', { class: 'diff' },
      h('caption', {}, `${oldLabel} → ${newLabel}`),
      h('thead', {}, h('tr', {}, ['Token', 'Change', oldLabel, newLabel].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, rows.map(([kind, path, oldToken, newToken]) => h('tr', { class: kind, 'data-path': path },
        h('th', { scope: 'row' }, h('code', {}, path)), h('td', { class: 'kind' }, kind),
        h('td', { 'data-label': oldLabel }, oldToken ? drawValue(oldToken.type, oldToken.value) : drawValue(null, undefined)),
        h('td', { 'data-label': newLabel }, newToken ? drawValue(newToken.type, newToken.value) : drawValue(null, undefined)))))));
}

const options = (values, chosen, label = (v) => v) => values.map((v) => h('option', { value: v, selected: String(v) === String(chosen) }, label(v)));

/**
 * A variant picker for one form: the variants (or, for a token set, each axis's contexts) the
 * skin declares, as the Look offers them (`variantControls`); `load(skin, version)` fills it
 * for another skin, `chosen()` reads the selection.
 */
function variantPicker(selected) {
  const element = h('div', { class: 'variant-picker' }, h('p', { class: 'hint' }, 'Reading the variants…'));
  let asked = 0;
  return {
    element,
    chosen: () => chosenVariants(element),
    async load(skin, version) {
      const ticket = ++asked;
      const declared = await variantChoices(skin, version).catch(() => null);
      // A skin picked since: its answer draws, not this one.
      if (ticket === asked) replace(element, variantControls(declared, selected, () => {}, selected));
    },
  };
}

/** The pickers: a skin and two of its versions; two channels; the draft against a channel. Each
 * form offers the variants its skin declares (and a token set's axes), never a typed name. */
async function pickers(params, app, body) {
  if (!designerToken.get()) return h('p', {}, 'Comparing needs a designer token (the “Designer token…” button above): diffs and the lists of skins and channels are a designer’s reads.');
  const [{ skins }, { channels }] = await Promise.all([api(paths.skins()), api(paths.channels())]);
  const selected = (params.variant || '').split(',').filter(Boolean);
  const skin = h('select', { name: 'skin' }, options(skins.map((s) => s.name), params.skin || skins[0]?.name));
  const from = h('select', { name: 'from' });
  const to = h('select', { name: 'to' });
  const versionVariants = variantPicker(selected);
  const fillVersions = async () => {
    const detail = await api(paths.skin(skin.value));
    const numbers = detail.versions.map((v) => v.version).sort((a, b) => b - a);
    const labelled = (n) => versionLabel(detail.versions.find((x) => x.version === n) ?? { version: n });
    replace(from, options(numbers, params.skin === skin.value && params.from ? params.from : numbers[1] ?? numbers[0], labelled));
    replace(to, options(numbers, params.skin === skin.value && params.to ? params.to : numbers[0], labelled));
    versionVariants.load(skin.value, to.value);
  };
  skin.addEventListener('change', () => fillVersions().catch((error) => replace(body, problemView(error))));
  to.addEventListener('change', () => versionVariants.load(skin.value, to.value));
  await fillVersions();
  const names = channels.map((c) => c.name);
  const byName = new Map(channels.map((c) => [c.name, c]));
  const fromChannel = h('select', { name: 'fromChannel' }, options(names, params.fromChannel || names[0]));
  const toChannel = h('select', { name: 'toChannel' }, options(names, params.toChannel || names[1] || names[0]));
  // Two channels are compared under one selection: the variants of the first one's skin.
  const channelVariants = variantPicker(selected);
  const loadChannelVariants = () => { const c = byName.get(fromChannel.value); if (c) channelVariants.load(c.skin, c.version); };
  fromChannel.addEventListener('change', loadChannelVariants);
  loadChannelVariants();
  const draft = savedDraft();
  const draftChannel = h('select', { name: 'channel' }, options(names, params.channel || 'default'));
  const draftVariants = variantPicker(selected);
  if (draft) draftVariants.load(draft.skin, null);
  const go = (event, next) => { event.preventDefault(); app.go('compare', next); };
  return h('div', { class: 'pickers' },
    h('form', { onsubmit: (event) => go(event, { skin: skin.value, from: from.value, to: to.value, variant: versionVariants.chosen().join(',') }) },
      h('fieldset', {}, h('legend', {}, 'Two versions'), field('Skin', skin), field('From version', from), field('To version', to),
        versionVariants.element, h('button', { type: 'submit' }, 'Compare versions'))),
    h('form', { onsubmit: (event) => go(event, { fromChannel: fromChannel.value, toChannel: toChannel.value, variant: channelVariants.chosen().join(',') }) },
      h('fieldset', {}, h('legend', {}, 'Two channels'), field('From channel', fromChannel), field('To channel', toChannel),
        channelVariants.element, h('button', { type: 'submit' }, 'Compare channels'))),
    draft ? h('form', { onsubmit: (event) => go(event, { draft: 1, channel: draftChannel.value, variant: draftVariants.chosen().join(',') }) },
      h('fieldset', {}, h('legend', {}, `The draft of ${draft.skin} against a channel`), field('Channel', draftChannel),
        draftVariants.element, h('button', { type: 'submit' }, 'Compare the draft with the active look'))) : null);
}

export async function show(main, params, app) {
  const variants = (params.variant || '').split(',').filter(Boolean);
  const body = h('div', { class: 'compare-body' });
  const picking = h('div', {}, h('p', { class: 'hint' }, 'Reading skins and channels…'));
  replace(main, h('h1', {}, 'Compare'), picking, body);
  pickers(params, app, body).then((element) => replace(picking, element)).catch((error) => replace(picking, problemView(error)));

  const shown = (diff, oldLabel, newLabel) => replace(body, impactView(diff), diffTable(diff, oldLabel, newLabel));
  async function load() {
    if (params.draft) {
      const draft = savedDraft();
      if (!draft) { replace(body, h('p', {}, 'No draft is being edited in this tab.')); return; }
      const channel = params.channel || 'default';
      const [active, preview] = await Promise.all([api(resolvedPath({ channel }, variants)),
        api(paths.preview(draft.skin, variants), { method: 'POST', body: draft.text })]);
      shown(diffTokens(active.tokens, preview.tokens), `active on ${channel}`, 'draft');
      return;
    }
    if (params.fromChannel && params.toChannel) {
      const [older, newer] = await Promise.all([params.fromChannel, params.toChannel].map((channel) => api(resolvedPath({ channel }, variants))));
      const labels = [`${params.fromChannel} (${older.skin}@${older.version})`, `${params.toChannel} (${newer.skin}@${newer.version})`];
      const diff = older.skin === newer.skin
        ? await api(paths.diff(older.skin, older.version, newer.version, variants)) : diffTokens(older.tokens, newer.tokens);
      shown(diff, ...labels);
      return;
    }
    if (!params.skin || !params.from || !params.to) {
      replace(body, h('p', {}, 'Pick a skin and two versions, two channels, or the draft you are editing and a channel.'));
      return;
    }
    shown(await api(paths.diff(params.skin, params.from, params.to, variants)), `version ${params.from}`, `version ${params.to}`);
  }
  try { await load(); } catch (error) { replace(body, problemView(error)); }
  return {
    onEvents(events) {
      if (params.draft && events.some((e) => e.channel === (params.channel || 'default'))) return load().catch((error) => replace(body, problemView(error)));
      return null;
    },
  };
}
