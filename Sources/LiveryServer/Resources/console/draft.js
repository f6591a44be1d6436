// The draft view: paste or drop a skin document (or a token set), see every error at its path,
// see it drawn (preview) before it is published, publish it, then activate it, roll it out or
// schedule it. The draft is kept in sessionStorage, so the compare view can set it beside the
// active look.
import { api, paths } from './api.js';
import { NAME_PATTERN, diagnosticsList, field, h, problemView, replace, warningCount } from './dom.js';
import { elementOf } from './components.js';
import { drawDocument, pageColour } from './look.js';
import { breakingBuilds, publishHolds } from './builds.js';

export const title = 'Draft';
const DRAFT_KEY = 'livery.draft';

export function savedDraft() {
  try { return JSON.parse(sessionStorage.getItem(DRAFT_KEY) || 'null'); } catch { return null; }
}

/** Style lookups for a draft: the preview's rules, themed ones first (they outrank the rest). */
export function draftLookup(preview) {
  return async (id) => {
    const rules = (preview.rules || []).filter((rule) => elementOf(rule.selector) === id);
    const best = rules.filter((r) => r.selector.startsWith('@')).pop() || rules.pop();
    return best ? { selector: best.selector, properties: best.properties || {} } : null;
  };
}

/** Validate's `contrast` warnings (one per kind, its paths folded) as one failure per pair. */
export function contrastWarnings(warnings) {
  return warnings.filter((w) => w.code === 'contrast').flatMap((w) => (w.paths?.length ? w.paths : [w.path])
    .map((path, index) => ({ path, message: w.messages?.[index] || w.message })));
}

/** Validate's and publish's `incompatible` warnings: one per live build and entry it reads
 * that the look lacks or retypes, `{path, code, message, build}` (docs/apps.md). */
export const incompatibleWarnings = (warnings) => warnings.filter((w) => w.code === 'incompatible');

/** The draft as JSON, or null while it does not parse. */
export function parsedDraft(text) {
  try { return JSON.parse(text); } catch { return null; }
}

/** Selects the text of a path (`color.tint`) in the draft, so a designer lands on the error. */
function locate(textarea, path) {
  let index = 0;
  let end = 0;
  for (const name of path.split('.')) {
    const found = textarea.value.indexOf(`"${name}"`, index);
    if (found < 0) break;
    index = found;
    end = found + name.length + 2;
  }
  textarea.focus();
  textarea.setSelectionRange(index, Math.max(end, index));
}

export async function show(main, params, app) {
  const saved = savedDraft();
  const skin = h('input', { name: 'skin', required: true, value: params.skin || saved?.skin || '', autocomplete: 'off', pattern: NAME_PATTERN });
  const text = h('textarea', { name: 'document', rows: 16, spellcheck: 'false', class: 'code' });
  text.value = saved?.text || '';
  const file = h('input', { type: 'file', accept: '.json,application/json' });
  const variant = h('input', { name: 'variant', value: params.variant || '', placeholder: 'dark' });
  const message = h('input', { name: 'message', placeholder: 'What changed' });
  const findings = h('div', { class: 'findings', role: 'status', 'aria-live': 'polite' });
  const drawing = h('div', { class: 'draft-drawing' });
  const after = h('div', { class: 'after-publish' });

  const keep = () => sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ skin: skin.value.trim(), text: text.value }));
  const variants = () => variant.value.split(',').map((v) => v.trim()).filter(Boolean);

  async function check() {
    keep();
    const name = skin.value.trim();
    if (!name || !text.value.trim()) { replace(findings, h('p', {}, 'Give the skin a name and paste or drop a document.')); return; }
    replace(findings, 'Checking…');
    let result;
    try {
      result = await api(paths.validate(name), { method: 'POST', body: text.value });
    } catch (error) {
      replace(findings, problemView(error), error.problem?.errors ? diagnosticsList(error.problem.errors, (p) => locate(text, p)) : null);
      replace(drawing);
      return;
    }
    const errors = result.errors.map((e) => ({ ...e, severity: 'error' }));
    const warnings = result.warnings.map((w) => ({ ...w, severity: 'warning' }));
    const builds = new Set(incompatibleWarnings(result.warnings).map((w) => w.build));
    replace(findings,
      h('p', { class: errors.length ? 'fail' : 'pass' }, errors.length ? `✗ ${errors.length} error${errors.length === 1 ? '' : 's'}` : '✓ No errors', ` · ${warningCount(warnings)}`,
        builds.size ? h('span', { class: 'fail' }, ` · ✗ ${builds.size} live build${builds.size === 1 ? '' : 's'} could not read it (${[...builds].join(', ')})`) : null),
      errors.length || warnings.length ? diagnosticsList([...errors, ...warnings], (p) => locate(text, p)) : null);
    if (errors.length) { replace(drawing, h('p', {}, 'Fix the errors to see the draft drawn.')); return; }
    try {
      const preview = await api(paths.preview(name, variants()), { method: 'POST', body: text.value });
      const background = pageColour(preview.tokens || {});
      replace(drawing, h('h2', {}, `Preview of ${name} as version ${preview.version}${preview.variants?.length ? `, ${preview.variants.join(', ')}` : ''}`),
        await drawDocument(preview, { background, lookup: draftLookup(preview), findings: { failures: contrastWarnings(result.warnings), incompatible: incompatibleWarnings(result.warnings) } }));
    } catch (error) {
      replace(drawing, problemView(error));
    }
  }

  let timer = null;
  const later = () => { keep(); clearTimeout(timer); timer = setTimeout(check, 700); };
  text.addEventListener('input', later);
  skin.addEventListener('change', later);
  variant.addEventListener('change', later);
  file.addEventListener('change', async () => { if (file.files[0]) { text.value = await file.files[0].text(); check(); } });
  text.addEventListener('dragover', (event) => { event.preventDefault(); text.classList.add('dropping'); });
  text.addEventListener('dragleave', () => text.classList.remove('dropping'));
  text.addEventListener('drop', async (event) => {
    event.preventDefault();
    text.classList.remove('dropping');
    const dropped = event.dataTransfer.files[0];
    text.value = dropped ? await dropped.text() : event.dataTransfer.getData('text/plain');
    check();
  });

  async function publish() {
    keep();
    const name = skin.value.trim();
    replace(after, 'Publishing…');
    try {
      const result = await api(paths.publish(name, message.value.trim()), { method: 'POST', body: text.value });
      app.announce(`Published ${result.skin} version ${result.version}`);
      replace(after, publishedActions(result, app));
    } catch (error) {
      replace(after, problemView(error), error.problem?.errors ? diagnosticsList(error.problem.errors, (p) => locate(text, p)) : null);
    }
  }

  replace(main, h('h1', {}, 'Draft'),
    h('form', { class: 'draft', onsubmit: (event) => { event.preventDefault(); check(); } },
      field('Skin', skin, 'The skin this draft would become the next version of.'),
      field('Draft document (JSON): paste, type, or drop a file here', text, 'A skin document or a token set bundle; checked as you type.'),
      field('Or open a file', file),
      field('Variants to preview (comma list)', variant),
      h('div', { class: 'buttons' },
        h('button', { type: 'submit' }, 'Check and preview'),
        h('a', { href: '#/compare?draft=1', class: 'button' }, 'Compare with the active look')),
      h('fieldset', {}, h('legend', {}, 'Publish'),
        field('Message', message),
        h('button', { type: 'button', class: 'primary', onclick: publish }, 'Publish'))),
    after, findings, drawing);
  if (text.value.trim()) await check();
}

/** After a publish: activate, roll out or schedule the new version. */
function publishedActions(result, app) {
  const channel = h('input', { name: 'channel', value: 'default' });
  const percent = h('input', { name: 'percent', type: 'number', min: 0, max: 100, value: 10, size: 4 });
  const status = h('div', { role: 'status' });
  const put = async (body) => {
    // The channel list, not the channel itself: a new channel is not an error worth a 404.
    const { channels } = await api(paths.channels());
    const current = channels.find((c) => c.name === channel.value.trim());
    const headers = current ? { 'If-Match': `"a${current.activations}"` } : {};
    const full = body.rollout && current ? { skin: current.skin, version: current.version, ...body } : body;
    return api(paths.channel(channel.value.trim()), { method: 'PUT', json: full, headers });
  };
  const run = async (work, done) => {
    replace(status, 'Working…');
    try { await work(); replace(status, h('span', { class: 'pass' }, done)); } catch (error) { replace(status, problemView(error)); }
  };
  return h('div', { class: 'published' },
    h('p', { class: 'pass' }, `✓ Published ${result.skin} version ${result.version}`, result.warnings?.length ? ` with ${warningCount(result.warnings)}` : '', '.'),
    result.warnings?.length ? diagnosticsList(result.warnings.map((w) => ({ ...w, severity: 'warning' }))) : null,
    publishHolds(result.held),
    result.breaking?.length ? h('div', { class: 'impact impact-breaking' },
      h('p', {}, h('strong', {}, 'Impact: '), `${result.impact} against version ${result.version - 1}`),
      h('ul', { class: 'breaking' }, result.breaking.map((b) => h('li', { 'data-path': b.path }, b.message, breakingBuilds(b.builds))))) : null,
    h('form', { onsubmit: (event) => event.preventDefault() },
      h('fieldset', {}, h('legend', {}, `Ship ${result.skin}@${result.version}`),
        field('Channel', channel),
        h('button', { type: 'button', onclick: () => run(() => put({ skin: result.skin, version: result.version }), `Active on ${channel.value}.`) }, 'Activate now'),
        field('Rollout %', percent),
        h('button', { type: 'button', onclick: () => run(() => put({ rollout: { skin: result.skin, version: result.version, percent: Number(percent.value) } }), `Rolling out to ${percent.value} %.`) }, 'Start a rollout'),
        h('a', { href: `#/channels`, class: 'button' }, 'Schedule or roll back in Channels'),
        h('a', { href: `#/look?skin=${encodeURIComponent(result.skin)}&version=${result.version}`, class: 'button' }, 'Look at it'))),
    status);
}
