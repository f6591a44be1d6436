// The Change requests view (docs/api.md, "Change requests"): the requests of every channel (or
// one), newest first, open and approved ones or all; one opened for review (request.js); and a
// form to open one: a draft to publish and activate, what another channel serves, or a version.
// Changes of a channel under review (rollouts, schedules, returns to a history entry) are
// requested from the Channels view, whose buttons turn into requests there. It follows the change
// feed: another designer's approval or apply appears without a reload.
import { api, paths } from './api.js';
import { field, h, problemView, replace, section, table, time } from './dom.js';
import { rememberOpening, showRequest, stateBadge } from './request.js';

export const title = 'Change requests';

const ACTIVE = ['open', 'approved'];

/** The requests of `names`, newest first (ids are numbered across channels). */
async function readRequests(names, states) {
  const lists = await Promise.all(names.map((name) => api(paths.changeRequests(name, states))));
  return lists.flatMap((list) => list.changeRequests).sort((a, b) => b.id - a.id);
}

function requestRow(request, params) {
  const opened = request.channel === params.channel && String(request.id) === params.id;
  const href = `#/requests?${new URLSearchParams({ ...(params.in ? { in: params.in } : {}), ...(params.show ? { show: params.show } : {}),
    channel: request.channel, id: String(request.id) })}`;
  return h('tr', { 'aria-current': opened ? 'true' : null, 'data-request': `${request.channel}/${request.id}` },
    h('th', { scope: 'row' }, h('a', { href }, `#${request.id}`)),
    h('td', { 'data-label': 'Message', class: 'message' }, request.message),
    h('td', { 'data-label': 'Channel', class: 'short' }, request.channel),
    h('td', { 'data-label': 'Author', class: 'short' }, request.author),
    h('td', { 'data-label': 'State', class: 'short' }, stateBadge(request.state)),
    h('td', { 'data-label': 'Approvals', class: 'short' }, `${request.approvals.length} of ${request.required}`),
    h('td', { 'data-label': 'Opened' }, time(request.createdAt)));
}

/** Which requests the list shows: a channel or every one, open and approved or every state. */
function filters(names, params, app) {
  const channel = h('select', { name: 'in' }, h('option', { value: '' }, 'Every channel'),
    names.map((name) => h('option', { value: name, selected: name === params.in ? true : null }, name)));
  const show = h('select', { name: 'show' }, h('option', { value: '' }, 'Open and approved'),
    h('option', { value: 'all', selected: params.show === 'all' ? true : null }, 'Every state'));
  const go = () => app.go('requests', { ...params, in: channel.value, show: show.value });
  channel.addEventListener('change', go);
  show.addEventListener('change', go);
  return h('form', { class: 'controls', onsubmit: (event) => event.preventDefault() }, field('Channel', channel), field('Show', show));
}

/** Opening a request: on a channel, with a message, for a draft, a promotion or a version. */
function openForm(names, drafts, skins, params, app) {
  const status = h('div', { role: 'status' });
  const channel = h('select', { name: 'channel' }, names.map((name) => h('option', { value: name, selected: name === params.in ? true : null }, name)));
  const message = h('input', { type: 'text', name: 'message', size: 40, autocomplete: 'off', placeholder: 'What the change is for' });
  const draft = h('select', { name: 'draft' }, drafts.map((d) => h('option', { value: d.id, selected: d.id === params.draft ? true : null },
    `${d.id} — ${d.skin}, revision ${d.revision}`)));
  const from = h('select', { name: 'from' }, names.map((name) => h('option', { value: name }, name)));
  const skin = h('select', { name: 'skin' }, skins.map((s) => h('option', { value: s.name }, s.name)));
  const version = h('input', { name: 'version', inputmode: 'numeric', size: 5, placeholder: 'latest', pattern: '[0-9]*' });
  async function open(proposal) {
    const text = message.value.trim();
    if (!text) { replace(status, h('p', { class: 'fail' }, 'Say what the change is for in “Message”: reviewers read it first.')); message.focus(); return; }
    replace(status, 'Opening…');
    try {
      const answer = await api(paths.changeRequests(channel.value), { method: 'POST', json: { message: text, ...proposal } });
      rememberOpening(answer);
      app.announce(`Change request ${answer.id} opened on ${answer.channel}`);
      app.go('requests', { in: params.in, show: params.show, channel: answer.channel, id: answer.id });
    } catch (error) {
      replace(status, problemView(error));
    }
  }
  const button = (label, proposal) => h('button', { type: 'button', onclick: () => open(proposal()) }, label);
  return h('form', { class: 'open-request', onsubmit: (event) => event.preventDefault() },
    h('div', { class: 'controls' }, field('Channel', channel), field('Message', message, 'What the change is for: reviewers read it first.')),
    h('fieldset', {}, h('legend', {}, 'Publish a draft and activate it'),
      drafts.length ? [field('Draft', draft), button('Request review of the draft', () => ({ draft: draft.value }))]
        : h('p', { class: 'hint' }, 'No draft is saved yet (the Drafts view starts one).')),
    h('fieldset', {}, h('legend', {}, 'Serve what another channel serves'),
      field('From channel', from), button('Request the promotion', () => ({ promote: from.value }))),
    h('fieldset', {}, h('legend', {}, 'Activate a version'),
      field('Skin', skin), field('Version', version, 'Empty: follow the latest.'),
      button('Request the activation', () => ({ change: { skin: skin.value, version: version.value.trim() ? Number(version.value) : null } }))),
    h('p', { class: 'hint' }, 'A rollout, a scheduled change or a return to an earlier look: from the ',
      h('a', { href: '#/channels' }, 'Channels view'), ', whose buttons open requests on a channel under review.'),
    status);
}

export async function show(main, params, app) {
  const list = h('div', { class: 'requests-table' }, h('p', {}, 'Loading…'));
  const detail = h('div', { class: 'request-detail' });
  const opening = h('div', {});
  const filtering = h('div', {});
  replace(main, h('h1', {}, 'Change requests'),
    h('p', { class: 'intro' }, 'A change of a channel proposed by one designer and approved by others before it is applied, through the release gate like any change. A channel’s review policy (set on the Channels view) says how many approvals it needs; under a policy, every change of the channel is a request.'),
    filtering, list, detail, opening);
  const [{ channels }, { skins }, { drafts }] = await Promise.all([api(paths.channels()), api(paths.skins()), api(paths.drafts())]);
  const names = channels.map((c) => c.name);
  replace(filtering, filters(names, params, app));
  replace(opening, section('Open a change request', openForm(names, drafts, skins, params, app)));

  let shown = null;
  let reads = 0;
  /** Draws the list when a request was opened or took a step since it was last drawn (the
   * latest read only, when reads overlap). */
  async function refresh() {
    const read = ++reads;
    const requests = await readRequests(params.in ? [params.in] : names, params.show === 'all' ? undefined : ACTIVE);
    const signature = JSON.stringify(requests.map((r) => [r.id, r.state, r.approvals.length, r.updatedAt]));
    if (read !== reads || signature === shown) return;
    shown = signature;
    replace(list, requests.length
      ? table(`${params.show === 'all' ? 'Every' : 'Open and approved'} change request${params.in ? ` on ${params.in}` : ''}, newest first`,
        ['Request', 'Message', 'Channel', 'Author', 'State', 'Approvals', 'Opened'], requests.map((r) => requestRow(r, params)))
      : h('p', {}, params.show === 'all' ? 'No change request yet.' : 'No change request is open or approved.',
        params.show === 'all' ? '' : [' ', h('a', { href: app.href('requests', { ...params, show: 'all' }) }, 'Show every state')]));
  }
  await refresh().catch((error) => replace(list, problemView(error)));

  let opened = null;
  if (params.channel && params.id) {
    try {
      opened = await showRequest(detail, params.channel, params.id, app);
      detail.querySelector('h2')?.focus();
    } catch (error) {
      replace(detail, problemView(error));
    }
  }
  return {
    // A review step, or a change of what the opened request's channel serves (its findings and diff are against it).
    async onEvents(events) {
      await refresh().catch((error) => replace(list, problemView(error)));
      const request = opened?.request;
      if (!request) return;
      const concerns = events.some((e) => (e.kind === 'review' && e.changeRequest === request.id)
        || (e.channel === request.channel && e.kind !== 'review') || e.kind === 'publish');
      if (concerns) await opened.redraw().catch(() => {});
    },
  };
}
