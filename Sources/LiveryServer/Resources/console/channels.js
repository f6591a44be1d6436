// The channels view: each channel's active target and the version it really serves, the
// release gate's holds (who is kept on which look, the version held back and why), its builds
// entries, rollout, schedules and history (with the version each entry served), and the actions
// that change it (activate, roll out, schedule, roll back), each answered with the server's
// problem details when refused. A channel whose review policy asks for approvals takes no direct
// change: the same controls open change requests instead (channel-review.js).
import { api, paths } from './api.js';
import { field, h, problemView, replace, section, table, targetLabel, time } from './dom.js';
import { holdsView } from './builds.js';
import { channelReview, returnTo, reviewBox } from './channel-review.js';

export const title = 'Channels';

/** “demo, follows the latest — serving v3”, or “summer@2”; the version held back, if any.
 * `latest`: each skin's latest version (what a followed latest serves when nothing is held). */
function servingView(channel, latest) {
  const served = channel.served ?? channel.version ?? latest.get(channel.skin);
  const held = channel.heldBack;
  return [
    channel.version == null ? `${channel.skin}, follows the latest` : `${channel.skin}@${channel.version}`,
    served != null && (channel.version == null || served !== channel.version) ? h('strong', { class: 'serving' }, ` — serving v${served}`) : null,
    held ? h('span', { class: 'warning' }, ` (${held.skin}@${held.version} held back)`) : null,
  ];
}

/** The channel's builds entries, in match order: `ios <3.2.0 → summer@4`. */
function buildTargetsView(channel) {
  if (!channel.builds?.length) return null;
  return h('div', { class: 'build-targets' }, h('h3', {}, 'Builds entries (first match wins)'),
    h('ul', {}, channel.builds.map((b) => h('li', {}, h('code', {}, `${b.platform} ${b.versions}`), ' → ', targetLabel(b.skin, b.version)))));
}

/** Runs a change, then reloads; a refusal is shown in `status` as the server worded it. A direct
 * change refused because the channel's policy asks for review (a policy set since the page was
 * drawn) calls `turnedAway`, which draws the card again with its request controls. */
async function act(status, work, done, turnedAway) {
  replace(status, 'Working…');
  try {
    await work();
    replace(status, h('span', { class: 'pass' }, 'Done.'));
    await done();
  } catch (error) {
    replace(status, problemView(error));
    if (error.slug === 'approval-required' && turnedAway) await turnedAway(error);
  }
}

/** A change request opened: the Change requests view takes over, nothing to reload here. */
const opened = () => {};

function versionValue(text) {
  const trimmed = String(text || '').trim();
  return trimmed ? Number(trimmed) : null;
}

/** Activate or roll out; with `review.request`, the same fields propose a change request. */
function activateForm(channel, skins, reload, review) {
  const status = h('div', { role: 'status' });
  const skin = h('select', { name: 'skin' }, skins.map((s) => h('option', { value: s.name, selected: s.name === channel.skin }, s.name)));
  const version = h('input', { name: 'version', inputmode: 'numeric', size: 5, placeholder: 'latest' });
  const percent = h('input', { name: 'percent', type: 'number', min: 0, max: 100, size: 4, value: channel.rollout?.percent ?? 10 });
  const force = h('input', { type: 'checkbox', name: 'force' });
  const put = (body) => api(paths.channel(channel.name), { method: 'PUT', json: body, headers: { 'If-Match': `"a${channel.activations}"` } });
  const forced = (body) => (force.checked ? { ...body, force: true } : body);
  const change = (body) => (review.request
    ? act(status, () => review.request(body), opened)
    : act(status, () => put(forced(body)), reload, review.turnedAway));
  return h('form', { class: 'actions-form', onsubmit: (event) => event.preventDefault() },
    h('fieldset', {}, h('legend', {}, review.request ? `Request a change of ${channel.name}` : `Change ${channel.name}`),
      field('Skin', skin), field('Version', version, 'Empty: follow the latest.'),
      h('button', { type: 'button', onclick: () => change({ skin: skin.value, version: versionValue(version.value) }) },
        review.request ? 'Request activation' : 'Activate'),
      field('Rollout %', percent),
      h('button', { type: 'button', onclick: () => change({ skin: channel.skin, version: channel.version,
        rollout: { skin: skin.value, version: versionValue(version.value), percent: Number(percent.value) } }) },
      review.request ? 'Request a rollout' : 'Start or move rollout'),
      // Under review the gate is passed only by an admin's apply of the request with force.
      review.request ? null : h('label', { class: 'check' }, force, ' force past the release gate’s contrast and compatibility findings (admin)')),
    status);
}

/** The running rollout, promoted or aborted; under review, as the change each of those makes. */
function rolloutView(channel, reload, review) {
  if (!channel.rollout) return h('p', {}, 'No rollout running.');
  const r = channel.rollout;
  const status = h('div', { role: 'status' });
  const put = (body) => api(paths.channel(channel.name), { method: 'PUT', json: body, headers: { 'If-Match': `"a${channel.activations}"` } });
  return h('div', { class: 'rollout' },
    h('p', {}, h('strong', {}, 'Rollout: '), `${targetLabel(r.skin, r.version)} to ${r.percent} % of devices (buckets 0–${r.percent - 1}).`),
    h('div', { class: 'meter', role: 'meter', 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': r.percent, 'aria-label': 'Rollout share' },
      h('span', { style: { width: `${r.percent}%` } })),
    review.request ? [
      h('button', { type: 'button', onclick: () => act(status, () => review.request({ skin: r.skin, version: r.version }), opened) }, 'Request promotion (make it the active look)'),
      ' ',
      h('button', { type: 'button', onclick: () => act(status, () => review.request({ skin: channel.skin, version: channel.version }), opened) }, 'Request to abort the rollout'),
    ] : [
      h('button', { type: 'button', onclick: () => act(status, () => api(paths.promote(channel.name), { method: 'POST', headers: { 'If-Match': `"a${channel.activations}"` } }), reload, review.turnedAway) }, 'Promote (make it the active look)'),
      ' ',
      h('button', { type: 'button', onclick: () => act(status, () => api(paths.abort(channel.name), { method: 'POST', headers: { 'If-Match': `"a${channel.activations}"` } }), reload, review.turnedAway) }, 'Abort the rollout'),
    ],
    status);
}

async function schedulesView(channel, skins, reload, review) {
  const status = h('div', { role: 'status' });
  let list;
  try {
    ({ schedules: list } = await api(paths.schedules(channel.name)));
  } catch (error) { return h('div', {}, problemView(error)); }
  const at = h('input', { type: 'datetime-local', name: 'at', required: true });
  const skin = h('select', { name: 'skin' }, skins.map((s) => h('option', { value: s.name, selected: s.name === channel.skin }, s.name)));
  const version = h('input', { name: 'version', inputmode: 'numeric', size: 5, placeholder: 'latest' });
  const rows = list.map((s) => h('tr', {},
    h('td', {}, time(s.at)), h('td', {}, targetLabel(s.skin, s.version)), h('td', {}, s.rollout ? `rollout ${s.rollout.percent} %` : ''),
    h('td', {}, [s.state, s.late ? 'late' : null, s.outcome].filter(Boolean).join(', ')),
    h('td', {}, s.state === 'pending'
      ? h('button', { type: 'button', onclick: () => act(status, () => api(paths.schedule(channel.name, s.id), { method: 'DELETE' }), reload, review.turnedAway) }, `Cancel schedule ${s.id}`)
      : s.carriedOutAt ? time(s.carriedOutAt) : '')));
  return h('div', { class: 'schedules' },
    list.length ? table(`Schedules of ${channel.name}`, ['At', 'Target', 'Rollout', 'State', ''], rows) : h('p', {}, 'Nothing scheduled.'),
    h('form', { onsubmit: (event) => {
      event.preventDefault();
      const body = { at: new Date(at.value).toISOString(), skin: skin.value, version: versionValue(version.value) };
      // A request with `at` is carried out then, if approved by then (docs/api.md, "Change requests").
      if (review.request) act(status, () => review.request(body), opened);
      else act(status, () => api(paths.schedules(channel.name), { method: 'POST', json: body }), reload, review.turnedAway);
    } }, h('fieldset', {}, h('legend', {}, review.request ? `Request a scheduled change of ${channel.name}` : `Schedule a change of ${channel.name}`),
      field('At (your local time)', at), field('Skin', skin), field('Version', version),
      h('button', { type: 'submit' }, review.request ? 'Request a scheduled change' : 'Schedule'))),
    status);
}

/** The channel's history, newest first: the latest page the server sends (50 entries), and
 * older pages on request (`historyBefore`). Any entry can be rolled back to by its `n`. */
function historyView(channel, reload, review) {
  const status = h('div', { role: 'status' });
  const row = (entry) => h('tr', {},
    h('td', {}, time(entry.at)), h('td', {}, entry.by),
    h('td', {}, [entry.action, entry.forced ? 'forced' : null, entry.schedule ? `by schedule ${entry.schedule}` : null].filter(Boolean).join(', ')),
    h('td', {}, targetLabel(entry.skin, entry.version), entry.rollout ? ` · rollout ${targetLabel(entry.rollout.skin, entry.rollout.version)} ${entry.rollout.percent} %` : '',
      entry.buildsCount ? ` · ${entry.buildsCount} builds entr${entry.buildsCount === 1 ? 'y' : 'ies'}` : ''),
    h('td', { class: 'served' }, entry.served != null ? `v${entry.served}` : '—', entry.rollout && entry.rolloutServed != null ? ` · rollout v${entry.rolloutServed}` : ''),
    h('td', {}, entry.n === channel.historyCount ? 'current' : review.request
      ? h('button', { type: 'button', onclick: () => act(status, async () => review.request(await returnTo(channel.name, entry.n)), opened) },
        `Request a return to entry ${entry.n}`)
      : h('button', { type: 'button',
        onclick: () => act(status, () => api(paths.rollback(channel.name), { method: 'POST', json: { to: entry.n } }), reload, review.turnedAway) },
      `Roll back to entry ${entry.n}`)));
  const history = [...channel.history].reverse();
  const body = h('tbody', {}, history.map(row));
  let oldest = history.length ? history[history.length - 1].n : 1;
  const older = h('button', { type: 'button', onclick: async () => {
    try {
      const page = await api(paths.channelHistory(channel.name, oldest));
      const entries = [...page.history].reverse();
      entries.forEach((entry) => body.append(row(entry)));
      if (entries.length) oldest = entries[entries.length - 1].n;
      if (!entries.length || oldest <= 1) older.remove();
    } catch (error) { replace(status, problemView(error)); }
  } }, 'Show older entries');
  const total = channel.historyCount;
  return h('div', {},
    total > 1 && !review.request ? h('button', { type: 'button', onclick: () => act(status, () => api(paths.rollback(channel.name), { method: 'POST', json: {} }), reload, review.turnedAway) }, 'Roll back to the previous activation') : null,
    h('table', {}, h('caption', {}, `History of ${channel.name}, newest first (${total} entr${total === 1 ? 'y' : 'ies'})`),
      h('thead', {}, h('tr', {}, ['When', 'By', 'What', 'Target', 'Served', ''].map((name) => h('th', { scope: 'col' }, name)))), body),
    oldest > 1 ? older : null,
    status);
}

export async function show(main, params, app) {
  const body = h('div', {}, h('p', {}, 'Loading…'));
  replace(main, h('h1', {}, 'Channels'), body);
  let shown = null;
  /** Direct changes refused with `approval-required`, by channel: shown on its card when drawn again. */
  const turnedAway = new Map();
  let reads = 0;
  /** Draws every channel; a change feed event redraws only when a channel really changed, so a
   * form being filled in is not swept away by the echo of the change this page just made. Reads
   * overlap when events come quickly: only the latest one draws, so an older answer finishing
   * last never replaces a newer one. */
  async function load(force = true) {
    const read = ++reads;
    const [{ channels }, { skins }] = await Promise.all([api(paths.channels()), api(paths.skins())]);
    const reviews = await Promise.all(channels.map((c) => channelReview(c.name).catch((error) => ({ error }))));
    const latest = new Map(skins.map((s) => [s.name, s.latestVersion]));
    // A publish moves what a followed latest serves, and the gate's holds, without a new activation;
    // a review step changes the requests a card lists.
    const signature = JSON.stringify(channels.map((c, i) => [c.name, c.activations, c.skin, c.version, c.rollout ?? null,
      c.holds ?? null, c.served ?? null, c.version == null ? latest.get(c.skin) : null,
      reviews[i].policy ?? null, (reviews[i].open || []).map((r) => [r.id, r.state])]));
    if (!force && signature === shown) return;
    const cards = await Promise.all(channels.map(async (channel, index) => {
      const notice = turnedAway.get(channel.name);
      turnedAway.delete(channel.name);
      const box = reviewBox(channel.name, reviews[index], notice, load, app);
      const review = {
        request: box.request,
        // Drawn again with its request controls, the refusal on it and the focus on the message to write.
        turnedAway: async (error) => {
          turnedAway.set(channel.name, error);
          await load();
          body.querySelector(`section[data-channel="${CSS.escape(channel.name)}"] input[name=message]`)?.focus();
        },
      };
      return section(`Channel ${channel.name}`,
        h('p', { class: 'active-target' }, h('strong', {}, 'Active: '), servingView(channel, latest),
          ` · ${channel.activations} activation${channel.activations === 1 ? '' : 's'} · updated `, time(channel.updated), ' · ',
          h('a', { href: `#/look?channel=${encodeURIComponent(channel.name)}` }, `Look of ${channel.name}`)),
        box.element,
        holdsView(channel.holds),
        buildTargetsView(channel),
        rolloutView(channel, load, review),
        await schedulesView(channel, skins, load, review),
        activateForm(channel, skins, load, review),
        historyView(channel, load, review));
    }));
    if (read !== reads) return;
    shown = signature;
    for (const [index, card] of cards.entries()) card.dataset.channel = channels[index].name;
    replace(body, cards.length ? cards : h('p', {}, 'No channels yet: activate a skin from a draft.'));
  }
  await load();
  // `#/channels?channel=web` (a link from Live builds) brings that channel into view.
  if (params.channel) body.querySelector(`section[data-channel="${CSS.escape(params.channel)}"]`)?.scrollIntoView();
  return {
    // Any event may change what a channel serves (a publish to a followed skin, a gate hold);
    // the signature keeps the page still when nothing shown changed.
    onEvents() { return load(false); },
  };
}
