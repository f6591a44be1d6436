// The drafts view: the drafts kept on the server (docs/api.md, "Drafts"), one opened with what a
// publish of it would find, and preview links to show it in the real app (preview-links.js).
// Publishing makes it the next version, or a change request asks others to approve it first.
// New drafts start here from a version or a file (draft-start.js).
import { api, paths } from './api.js';
import { diagnosticsList, h, problemView, replace, table, time, warningCount } from './dom.js';
import { startSection } from './draft-start.js';
import { previewLinkMaker } from './preview-links.js';

export const title = 'Drafts';

const encode = encodeURIComponent;

function draftRow(draft, selected) {
  return h('tr', { 'aria-current': draft.id === selected ? 'true' : null },
    h('th', { scope: 'row' }, h('a', { href: `#/drafts?id=${encode(draft.id)}` }, draft.id)),
    h('td', {}, draft.skin),
    h('td', {}, String(draft.revision)),
    h('td', {}, draft.updatedBy),
    h('td', {}, time(draft.updatedAt)));
}

/** What a publish of the draft would find now: its body validated again. */
async function findings(draft, into) {
  try {
    const body = await api(paths.draft(draft.id), { raw: true }).then((r) => r.text());
    const result = await api(paths.validate(draft.skin), { method: 'POST', body });
    const all = [...result.errors.map((e) => ({ ...e, severity: 'error' })), ...result.warnings.map((w) => ({ ...w, severity: 'warning' }))];
    replace(into, h('h3', {}, result.valid ? `Publishable: ${warningCount(result.warnings)}` : `${result.errors.length} errors: not publishable yet`),
      all.length ? diagnosticsList(all) : h('p', { class: 'pass' }, 'Nothing to report.'));
  } catch (error) {
    replace(into, problemView(error));
  }
}

/** Opens `draft` (a summary of the list just read) in `container`. */
async function showDraft(container, draft, app) {
  const id = draft.id;
  const found = h('div', { class: 'findings' }, h('p', {}, 'Checking…'));
  const publishResult = h('div', {});
  const publish = h('button', { type: 'button', onclick: async () => {
    try {
      const result = await api(paths.publishDraft(id), { method: 'POST', headers: { 'If-Match': `"d${draft.revision}"` }, body: '' });
      replace(publishResult, h('p', { class: 'pass' }, `Published as ${result.skin}@${result.version} (revision ${draft.revision}). `,
        h('a', { href: `#/look?skin=${encode(result.skin)}&version=${result.version}` }, 'Look at it')));
      app.announce(`Published ${result.skin}@${result.version}`);
    } catch (error) { replace(publishResult, problemView(error)); }
  } }, `Publish revision ${draft.revision}`);
  container.dataset.revision = String(draft.revision);
  replace(container,
    h('div', { class: 'newer', role: 'status' }),
    h('h2', {}, `Draft ${draft.id}`),
    h('p', {}, `Becomes the next version of ${draft.skin}. Revision ${draft.revision}, saved by ${draft.updatedBy} `, time(draft.updatedAt),
      ` (made by ${draft.createdBy}). `, h('a', { href: `/v1/drafts/${encode(id)}/resolved`, target: '_blank', rel: 'noopener' }, 'Resolved document')),
    h('section', { 'aria-labelledby': 'preview-title' }, h('h3', { id: 'preview-title' }, 'Preview in the app'),
      previewLinkMaker(paths.previewLinks(id), app)),
    h('section', { 'aria-labelledby': 'findings-title' }, h('h3', { id: 'findings-title' }, 'What a publish would find'), found),
    h('section', { 'aria-labelledby': 'publish-title' }, h('h3', { id: 'publish-title' }, 'Publish'), publish, publishResult,
      h('p', {}, 'Or have others approve it before it goes live on a channel: ',
        h('a', { href: `#/requests?draft=${encode(id)}` }, 'open a change request for it'), '.')));
  findings(draft, found);
}

/** How often the list is read again while the view is open (and visible). */
const REFRESH_MS = 5000;

export async function show(main, params, app) {
  const list = h('div', {}, h('p', {}, 'Loading…'));
  const detail = h('div', { class: 'draft-detail' });
  replace(main, h('h1', {}, 'Drafts'),
    h('p', {}, 'Drafts are saved on the server (by the API, the CLI or Tokens Studio) and shown here; each save is a revision.'),
    list, detail);
  let shown = null;
  /** Draws the list when a draft was saved, made or deleted since it was last drawn. The opened
   * draft is not redrawn under the designer (a link just made, a publish's answer would go): it
   * says that a newer revision exists, and offers it. */
  async function refresh() {
    const { drafts } = await api(paths.drafts());
    const signature = JSON.stringify(drafts.map((d) => [d.id, d.revision, d.updatedAt]));
    if (signature === shown) return drafts;
    shown = signature;
    replace(list, drafts.length
      ? table('Every draft, the latest saved first', ['Draft', 'Skin', 'Revision', 'Saved by', 'Saved'], drafts.map((d) => draftRow(d, params.id)))
      : h('p', {}, 'No drafts yet.'));
    const opened = drafts.find((d) => d.id === params.id);
    const notice = detail.querySelector('.newer');
    if (opened && notice && String(opened.revision) !== detail.dataset.revision) {
      replace(notice, h('p', {}, `Revision ${opened.revision} was saved by ${opened.updatedBy} `, time(opened.updatedAt), '. ',
        h('button', { type: 'button', onclick: () => showDraft(detail, opened, app) }, `Show revision ${opened.revision}`)));
    }
    return drafts;
  }
  const drafts = await refresh();
  if (params.id) {
    const opened = drafts.find((d) => d.id === params.id);
    if (opened) await showDraft(detail, opened, app);
    else replace(detail, h('p', {}, `No draft ${params.id}.`));
  }
  main.append(await startSection(app));
  watch(main, refresh);
  return null;
}

/** Another designer's save (or a Tokens Studio push) reaches this view within REFRESH_MS, and at
 * once when the tab or window comes back: the server's change feed leaves drafts out (they are
 * not the public's), so the view reads the list again while it is open and visible. It stops when
 * another view replaces it. */
function watch(view, refresh) {
  const tick = () => {
    if (!view.isConnected) { stop(); return; }
    if (!document.hidden) refresh().catch(() => {});
  };
  const timer = setInterval(tick, REFRESH_MS);
  const onVisible = () => { if (!document.hidden) tick(); };
  function stop() {
    clearInterval(timer);
    window.removeEventListener('focus', tick);
    document.removeEventListener('visibilitychange', onVisible);
  }
  window.addEventListener('focus', tick);
  document.addEventListener('visibilitychange', onVisible);
}
