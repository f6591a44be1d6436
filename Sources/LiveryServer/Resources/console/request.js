// One change request (docs/api.md, "Change requests"), as a reviewer reads it: its message,
// author and state, what it proposes, its approvals against the number required, what the release
// gate finds of it now (contrast and the live builds that could not read it), the tokens it
// changes, its preview (a draft's link and QR code; a version's look), its history, and the
// buttons approve, reject, apply and cancel. Every rule is the server's: a refusal (403
// self-approval, 409 approval-required, change-request-closed, the gate's findings) is shown as
// it answered, and the request is read again so the page shows where it stands.
import { api, paths, resolvedPath } from './api.js';
import { h, problemView, replace, section, table, targetLabel, time } from './dom.js';
import { contrastWarnings } from './draft.js';
import { contrastSection } from './components.js';
import { incompatibleSection } from './builds.js';
import { diffTable, diffTokens, impactView } from './compare.js';
import { previewLinkMaker } from './preview-links.js';

const encode = encodeURIComponent;

/** `open` and `approved` requests can still be acted on; the rest are closed. */
export const isClosed = (request) => !['open', 'approved'].includes(request.state);

/** The state as a badge (`approved`), coloured by the stylesheet. */
export const stateBadge = (state) => h('span', { class: `badge state state-${state}` }, state);

/** Answers to openings, kept until shown: a draft request's opening is the only answer that
 * carries its preview link (docs/api.md), so the view that opened it hands it over here. */
const openings = new Map();
export function rememberOpening(answer) { openings.set(`${answer.channel}/${answer.id}`, answer); }

/** A change body in words: `brand@2, rollout brand@3 to 10 %, 2 builds entries`. */
export function changeText(change) {
  if (!change) return '';
  const rollout = change.rollout ? `, rollout ${targetLabel(change.rollout.skin, change.rollout.version)} to ${change.rollout.percent} %` : '';
  // Absent: the channel's builds entries stay; present: they become these (none, for `[]`).
  const count = change.builds?.length;
  const builds = change.builds ? `, ${count ? `${count} builds entr${count === 1 ? 'y' : 'ies'}` : 'no builds entries'}` : '';
  return `${targetLabel(change.skin, change.version)}${rollout}${builds}${change.force ? ', forced past the release gate' : ''}`;
}

/** What the request carries out when applied. */
function proposalView(request) {
  if (request.draft) {
    return [`Publish draft `, h('a', { href: `#/drafts?id=${encode(request.draft)}` }, request.draft),
      request.draftRevision ? ` (revision ${request.draftRevision})` : '', ` as the next version of ${request.skin}, and activate it`,
      request.publishedVersion ? ` — published as ${request.skin}@${request.publishedVersion}` : '', '.'];
  }
  const at = request.at ? [', at ', time(request.at), ' (if approved by then)'] : [];
  if (request.promote) return [`Serve what ${request.promote} served when it was opened: `, h('strong', {}, changeText(request.change)), at, '.'];
  return ['Activate ', h('strong', {}, changeText(request.change)), at, '.'];
}

function approvalsView(request) {
  const count = request.approvals.length;
  return h('div', { class: 'approvals' },
    h('p', {}, h('strong', {}, `Approvals: ${count} of ${request.required} required`),
      count >= request.required ? h('span', { class: 'pass' }, ' ✓') : null),
    count ? h('ul', {}, request.approvals.map((a) => h('li', {}, a.by, ', ', time(a.at), a.draftRevision ? ` (revision ${a.draftRevision})` : ''))) : null);
}

function historyTable(request) {
  return table(`History of change request ${request.id}, oldest first`, ['When', 'Who', 'Step'],
    request.history.map((step) => h('tr', { 'data-action': step.action },
      h('td', {}, time(step.at)), h('td', {}, step.by),
      h('td', {}, step.action, step.draftRevision ? ` (revision ${step.draftRevision})` : '', step.note ? ` — ${step.note}` : ''))));
}

/** The release gate's findings (the check apply runs), drawn as the Look and the Draft views
 * draw contrast failures and live builds' findings. */
function findingsView(request) {
  if (!request.findings) return h('p', { class: 'hint' }, 'Not checked: the request is closed.');
  // The gate checks a look under every variant selection (docs/skins.md, "Every warning and error": contrast).
  return [contrastSection(contrastWarnings(request.findings.contrast || []), null, 'under any variant selection'),
    incompatibleSection(request.findings.compatibility || [])];
}

/** The tokens the request changes: the server's diff of two versions of one skin, and otherwise
 * (a draft, another skin) the channel's look against the proposed one, compared as Compare does. */
async function diffView(request, into) {
  if (isClosed(request)) { replace(into, h('p', { class: 'hint' }, 'Closed: nothing left to compare.')); return; }
  try {
    if (request.diff) {
      const { skin, from, to } = request.diff;
      replace(into, impactView(request.diff), diffTable(request.diff, `${skin}@${from} (now)`, `${skin}@${to}`));
      return;
    }
    const proposed = request.draft ? `/v1/drafts/${encode(request.draft)}/resolved` : resolvedPath({ skin: request.change.skin, version: request.change.version });
    const [now, next] = await Promise.all([api(resolvedPath({ channel: request.channel })), api(proposed)]);
    const diff = diffTokens(now.tokens, next.tokens);
    replace(into, impactView(diff), diffTable(diff, `${request.channel} now (${now.skin}@${now.version})`,
      request.draft ? `draft ${request.draft}` : `${next.skin}@${next.version}`));
  } catch (error) {
    replace(into, problemView(error));
  }
}

/** A request's preview links (the opening's, then any made here): a draft request's show its
 * draft, a change's or promotion's the version it makes live (docs/api.md, "Change requests"). A
 * change also links to the looks it names. */
function previewView(request, app) {
  const key = `${request.channel}/${request.id}`;
  const opening = openings.get(key);
  openings.delete(key);
  const links = isClosed(request)
    ? [h('p', { class: 'hint' }, 'Closed: no preview link is made for it.')]
    : previewLinkMaker(paths.changeRequestPreviewLinks(request.channel, request.id), app, opening?.preview ? [opening.preview] : []);
  if (request.draft) return links;
  const looks = [request.change, request.change?.rollout].filter(Boolean);
  return [...links, h('ul', { class: 'looks' }, looks.map((c) => h('li', {},
    h('a', { href: `#/look?skin=${encode(c.skin)}${c.version == null ? '' : `&version=${encode(c.version)}`}` }, `Look of ${targetLabel(c.skin, c.version)}`))),
  h('li', {}, h('a', { href: `#/look?channel=${encode(request.channel)}` }, `Look of ${request.channel} now`)))];
}

const ACTIONS = [['approve', 'Approve'], ['reject', 'Reject'], ['apply', 'Apply'], ['cancel', 'Cancel the request']];
const DONE = { approve: 'Approved', reject: 'Rejected', apply: 'Applied', cancel: 'Cancelled' };

/**
 * Opens request `id` of `channel` in `container`. Returns `{redraw}`: reads it again and draws
 * what changed (the live feed's answer to a review step), keeping the status line and the preview
 * links on screen.
 */
export async function showRequest(container, channel, id, app) {
  const status = h('div', { class: 'request-status', role: 'status', 'aria-live': 'polite' });
  const heading = h('h2', { tabindex: -1, id: 'request-title' });
  const facts = h('div', { class: 'facts' });
  const actions = h('div', { class: 'request-actions' });
  const findings = h('div', {});
  const diff = h('div', {}, h('p', { class: 'hint' }, 'Comparing…'));
  const history = h('div', {});
  const preview = h('div', { class: 'request-preview' });
  let current = null;

  async function act(action, force) {
    replace(status, 'Working…');
    try {
      const answer = await api(paths.changeRequestAction(channel, id, action), action === 'apply'
        ? { method: 'POST', json: force ? { force: true } : {} } : { method: 'POST', body: '' });
      const result = answer.result ? `: ${channel} now shows ${targetLabel(answer.result.skin, answer.result.version)}` : '';
      replace(status, h('p', { class: 'pass' }, `${DONE[action]}${result}.`));
      app.announce(`Change request ${id} ${DONE[action].toLowerCase()}`);
    } catch (error) {
      replace(status, problemView(error));
    }
    // Whatever was answered, the page shows where the request stands now.
    await redraw().catch((error) => status.append(problemView(error)));
    // A keyboard user keeps their place: the button again, or the heading once the request is closed.
    if (!container.contains(document.activeElement)) (actions.querySelector(`[data-action="${action}"]`) || heading).focus();
  }

  function draw(request) {
    const before = current;
    current = request;
    replace(heading, `Change request ${request.id} on ${request.channel} `, stateBadge(request.state));
    replace(facts,
      h('blockquote', { class: 'request-message' }, request.message),
      h('p', {}, 'Opened by ', h('strong', {}, request.author), ' ', time(request.createdAt),
        request.updatedAt !== request.createdAt ? [' · last step ', time(request.updatedAt)] : ''),
      h('p', { class: 'proposal' }, proposalView(request)),
      approvalsView(request));
    // The buttons change only when the request closes, so a redraw does not take the focus from them.
    if (before && isClosed(before) === isClosed(request)) return drawReview(request);
    const force = h('input', { type: 'checkbox', name: 'force' });
    replace(actions, isClosed(request)
      ? h('p', { class: 'hint' }, `Closed (${request.state}): nothing more can happen to it.`)
      : h('div', { class: 'buttons' },
        ACTIONS.map(([action, label]) => h('button', { type: 'button', class: action === 'apply' ? 'primary' : null, 'data-action': action,
          onclick: () => act(action, force.checked) }, label)),
        h('label', { class: 'check' }, force, ' apply past the release gate (admin)')));
    return drawReview(request);
  }

  function drawReview(request) {
    replace(findings, findingsView(request));
    diffView(request, diff);
    replace(history, historyTable(request));
  }

  let reads = 0;
  /** Only the latest of overlapping reads (an action's, the feed's) draws. */
  async function redraw() {
    const read = ++reads;
    const request = await api(paths.changeRequest(channel, id));
    if (read !== reads) return current;
    const before = current;
    draw(request);
    // Links made stay on screen while the request is open; closing it takes its preview away.
    if (isClosed(request) !== isClosed(before)) replace(preview, previewView(request, app));
    return request;
  }

  const request = await api(paths.changeRequest(channel, id));
  draw(request);
  replace(preview, previewView(request, app));
  replace(container, h('section', { class: 'request-head', 'aria-labelledby': heading.id }, heading, facts, actions, status),
    section('What the release gate finds', h('p', { class: 'hint' }, `The check apply runs, against what ${channel} serves now.`), findings),
    section('What it changes', diff),
    section('Preview in the app', preview),
    section('History', history));
  return { redraw, get request() { return current; } };
}
