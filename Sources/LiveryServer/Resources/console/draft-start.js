// Starting a draft in the Drafts view (docs/api.md, "Drafts"): from a published version of a
// skin, which the server copies byte for byte (`PUT /v1/drafts/{id}?skin=&from=N`, no body), or
// from a file the designer picks (a skin document or a Tokens Studio export, sent as it is).
// The server decides what is valid; the form only says what it answered.
import { api, paths } from './api.js';
import { NAME_PATTERN, field, h, problemView, replace, section, versionLabel } from './dom.js';

function idInput() {
  return h('input', { type: 'text', required: true, pattern: NAME_PATTERN, autocomplete: 'off', spellcheck: 'false', size: 16 });
}

/** Saves with `save()`, says what the server answered, and opens the draft when it was kept. */
async function submit(status, id, save, app) {
  replace(status, h('p', {}, 'Saving…'));
  try {
    const result = await save();
    app.announce(`Draft ${id} saved as revision ${result.draft.revision}`);
    app.go('drafts', { id });
  } catch (error) {
    replace(status, problemView(error));
  }
}

/** The versions of `skin`, newest first, as options. */
async function versionOptions(skin) {
  const detail = await api(paths.skin(skin));
  return [...detail.versions].sort((a, b) => b.version - a.version)
    .map((v) => h('option', { value: String(v.version) }, versionLabel(v)));
}

function fromVersionForm(skins, app) {
  const status = h('div', { role: 'status' });
  if (!skins.length) return h('p', {}, 'No skin is published yet: start from a file.');
  const version = h('select', { name: 'version', required: true });
  const skin = h('select', { name: 'skin', onchange: async () => {
    try { replace(version, await versionOptions(skin.value)); } catch (error) { replace(status, problemView(error)); }
  } }, skins.map((s) => h('option', { value: s.name }, s.name)));
  const id = idInput();
  const form = h('form', { class: 'start-draft', onsubmit: (event) => {
    event.preventDefault();
    submit(status, id.value, () => api(paths.saveDraft(id.value, skin.value, version.value), { method: 'PUT', body: '' }), app);
  } }, h('fieldset', {}, h('legend', {}, 'From a published version'),
    field('Skin', skin), field('Version', version), field('Draft id', id, 'An existing draft of that skin gets a new revision.'),
    h('button', { type: 'submit' }, 'Start from this version')), status);
  versionOptions(skin.value).then((options) => replace(version, options), (error) => replace(status, problemView(error)));
  return form;
}

function fromFileForm(skins, app) {
  const status = h('div', { role: 'status' });
  const listId = 'draft-skin-names';
  const skin = h('input', { type: 'text', required: true, pattern: NAME_PATTERN, list: listId, autocomplete: 'off', size: 16 });
  const file = h('input', { type: 'file', required: true, accept: '.json,application/json' });
  const id = idInput();
  return h('form', { class: 'start-draft', onsubmit: (event) => {
    event.preventDefault();
    const chosen = file.files[0];
    if (!chosen) return;
    // The file itself, not its text: sent byte for byte (a text decoding would drop a BOM or mend bad bytes).
    submit(status, id.value, () => api(paths.saveDraft(id.value, skin.value), { method: 'PUT', body: chosen }), app);
  } }, h('fieldset', {}, h('legend', {}, 'From a file'),
    field('File', file, 'A skin document or a Tokens Studio export (one JSON file with $themes and $metadata).'),
    field('Skin', skin, 'What it becomes a version of: a published skin or a new name.'),
    h('datalist', { id: listId }, skins.map((s) => h('option', { value: s.name }))),
    field('Draft id', id),
    h('button', { type: 'submit' }, 'Save the file as a draft')), status);
}

/** The section with both ways to start a draft. */
export async function startSection(app) {
  const { skins } = await api(paths.skins());
  return section('Start a draft',
    h('p', {}, 'Or save one from Tokens Studio or the CLI (livery draft save).'),
    fromVersionForm(skins, app), fromFileForm(skins, app));
}
