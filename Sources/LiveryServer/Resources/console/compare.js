// The compare view: two versions of a skin, or the draft being edited against a channel's
// active look, side by side, with the token diff drawn old against new.
import { api, paths, resolvedPath } from './api.js';
import { field, h, problemView, replace, section } from './dom.js';
import { drawValue } from './draw.js';
import { backgroundValue, drawDocument, rawLineage, serverLookup } from './look.js';
import { draftLookup, parsedDraft, savedDraft } from './draft.js';

export const title = 'Compare';

/** Token-level diff of two resolved documents, shaped like the server's `diff`. */
export function diffTokens(oldTokens, newTokens) {
  const diff = { added: {}, removed: {}, changed: {} };
  for (const [path, token] of Object.entries(newTokens)) {
    if (!(path in oldTokens)) diff.added[path] = token;
    else if (JSON.stringify(oldTokens[path]) !== JSON.stringify(token)) diff.changed[path] = { old: oldTokens[path], new: token };
  }
  for (const [path, token] of Object.entries(oldTokens)) if (!(path in newTokens)) diff.removed[path] = token;
  return diff;
}

function diffTable(diff, oldLabel, newLabel) {
  const rows = [
    ...Object.entries(diff.changed).map(([path, c]) => ['changed', path, c.old, c.new]),
    ...Object.entries(diff.added).map(([path, t]) => ['added', path, undefined, t]),
    ...Object.entries(diff.removed).map(([path, t]) => ['removed', path, t, undefined]),
  ].sort((a, b) => a[1].localeCompare(b[1]));
  if (!rows.length) return section('Token diff', h('p', {}, 'No token differs.'));
  return section(`Token diff: ${rows.length} token${rows.length === 1 ? '' : 's'}`,
    h('table', { class: 'diff' },
      h('caption', {}, `${oldLabel} → ${newLabel}`),
      h('thead', {}, h('tr', {}, ['Token', 'Change', oldLabel, newLabel].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, rows.map(([kind, path, oldToken, newToken]) => h('tr', { class: kind, 'data-path': path },
        h('th', { scope: 'row' }, h('code', {}, path)), h('td', {}, kind),
        h('td', {}, oldToken ? drawValue(oldToken.type, oldToken.value) : drawValue(null, undefined)),
        h('td', {}, newToken ? drawValue(newToken.type, newToken.value) : drawValue(null, undefined)))))));
}

async function sideBySide(left, right, params) {
  const [a, b] = await Promise.all([left, right].map(async (side) => {
    const background = backgroundValue(params.bg, side.document.tokens || {});
    return h('div', { class: 'side' }, h('h2', {}, side.label), await drawDocument(side.document, { background, lookup: side.lookup, raws: side.raws || [] }));
  }));
  return h('div', { class: 'side-by-side' }, a, b);
}

export async function show(main, params, app) {
  const variants = (params.variant || '').split(',').filter(Boolean);
  const skin = h('input', { name: 'skin', value: params.skin || '' });
  const from = h('input', { name: 'from', value: params.from || '', inputmode: 'numeric', size: 5 });
  const to = h('input', { name: 'to', value: params.to || '', inputmode: 'numeric', size: 5 });
  const variant = h('input', { name: 'variant', value: params.variant || '' });
  const draft = savedDraft();
  const channel = h('input', { name: 'channel', value: params.channel || 'default' });
  const body = h('div', {});
  replace(main, h('h1', {}, 'Compare'),
    h('form', { onsubmit: (event) => { event.preventDefault(); app.go('compare', { skin: skin.value.trim(), from: from.value.trim(), to: to.value.trim(), variant: variant.value.trim() }); } },
      h('fieldset', {}, h('legend', {}, 'Two versions'), field('Skin', skin), field('From version', from), field('To version', to),
        field('Variants (comma list)', variant), h('button', { type: 'submit' }, 'Compare versions'))),
    draft ? h('form', { onsubmit: (event) => { event.preventDefault(); app.go('compare', { draft: 1, channel: channel.value.trim(), variant: variant.value.trim() }); } },
      h('fieldset', {}, h('legend', {}, `The draft of ${draft.skin} against a channel`), field('Channel', channel),
        h('button', { type: 'submit' }, 'Compare the draft with the active look'))) : null,
    body);

  async function load() {
    if (params.draft && draft) {
      const active = await api(resolvedPath({ channel: params.channel || 'default' }, variants));
      const preview = await api(paths.preview(draft.skin, variants), { method: 'POST', body: draft.text });
      replace(body, diffTable(diffTokens(active.tokens, preview.tokens), `active on ${params.channel || 'default'}`, 'draft'),
        await sideBySide(
          { label: `Active: ${active.skin}@${active.version}`, document: active, lookup: serverLookup(active, variants) },
          { label: `Draft of ${draft.skin}`, document: preview, lookup: draftLookup(preview), raws: [parsedDraft(draft.text)] }, params));
      return;
    }
    if (!params.skin || !params.from || !params.to) {
      replace(body, h('p', {}, 'Choose a skin and two versions, or compare the draft you are editing with a channel.'));
      return;
    }
    const source = (version) => ({ skin: params.skin, version });
    const [diff, older, newer] = await Promise.all([
      api(paths.diff(params.skin, params.from, params.to, variants)),
      api(resolvedPath(source(params.from), variants)),
      api(resolvedPath(source(params.to), variants))]);
    replace(body, diffTable(diff, `version ${params.from}`, `version ${params.to}`),
      await sideBySide(
        { label: `${params.skin}@${params.from}`, document: older, lookup: serverLookup(older, variants), raws: await rawLineage(older) },
        { label: `${params.skin}@${params.to}`, document: newer, lookup: serverLookup(newer, variants), raws: await rawLineage(newer) }, params));
  }
  try { await load(); } catch (error) { replace(body, problemView(error)); }
  return {
    onEvents(events) {
      if (params.draft && events.some((e) => e.channel === (params.channel || 'default'))) return load().catch((error) => replace(body, problemView(error)));
      return null;
    },
  };
}
