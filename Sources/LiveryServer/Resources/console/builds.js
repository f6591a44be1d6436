// Live builds: the app builds in the field (`GET /v1/clients`) and what each channel serves
// them — pinned by a builds entry, held by the release gate on a look it can read (the version
// held back and why), or reached by a rollout — with their contracts (`GET /v1/contracts`).
// Also the small pieces other views use to name builds: the release gate's holds, the live
// builds a breaking change breaks, and validate's `incompatible` findings. Everything shown is
// the server's answer (docs/apps.md, "Old builds in the field"); no gate rule is computed here.
import { api } from './api.js';
import { h, replace, section, table, time } from './dom.js';

export const title = 'Live builds';

const plural = (n, word, many = `${word}s`) => `${Number(n).toLocaleString('en')} ${n === 1 ? word : many}`;
const lookHref = (skin, version) => `#/look?skin=${encodeURIComponent(skin)}${version == null ? '' : `&version=${encodeURIComponent(version)}`}`;

/** `ios/3.2.1` as a build's badge. */
export const buildBadge = (build) => h('span', { class: 'badge build' }, build);

/** A lineage (`["base@3", "shop@7"]`, or a hold's `serves` `"base@3>shop@7"`) as a reader
 * reads it, when a parent is involved; null for a single skin. */
export function lineageText(lineage) {
  const entries = Array.isArray(lineage) ? lineage : String(lineage || '').split('>').filter(Boolean);
  return entries.length > 1 ? entries.join(' → ') : null;
}

/** The release gate's reasons, one line each (the server's sentences). */
export const reasonList = (reasons) => (reasons?.length
  ? h('ul', { class: 'reasons' }, reasons.map((reason) => h('li', {}, reason))) : null);

/** A channel's holds (`GET /v1/channels/{c}`'s `holds`): who is kept on which look, the
 * version held back, since when and why. */
export function holdsView(holds) {
  if (!holds?.length) return null;
  return h('div', { class: 'holds' },
    h('h3', {}, `Holds of the release gate: ${holds.length}`),
    h('ul', { class: 'hold-list' }, holds.map((hold) => {
      const everyone = hold.audience === '*';
      const lineage = lineageText(hold.serves);
      return h('li', { class: 'hold', 'data-audience': hold.audience },
        h('p', {}, everyone ? h('strong', {}, 'Everyone') : [h('strong', {}, 'Build '), buildBadge(hold.audience)],
          ` following ${hold.target} is kept on `, h('a', { href: lookHref(hold.skin, hold.version) }, `${hold.skin}@${hold.version}`),
          lineage ? ` (${lineage})` : '', '; ',
          h('strong', { class: 'held-back' }, `${hold.heldBack.skin}@${hold.heldBack.version} is held back`),
          ' since ', time(hold.since), ', because:'),
        reasonList(hold.reasons));
    })));
}

/** The live builds a breaking change breaks (a diff's or publish's `breaking[].builds`). */
export function breakingBuilds(builds) {
  if (!builds) return null;
  return builds.length
    ? h('span', { class: 'breaks' }, ` — breaks live build${builds.length === 1 ? '' : 's'} `, builds.map((b, i) => [i ? ' ' : '', buildBadge(b)]))
    : h('span', { class: 'hint' }, ' — no live build with a contract reads it');
}

/** A publish's `held`: the holds it made, `{channel, target, audience, held, reasons}`. */
export function publishHolds(held) {
  if (!held?.length) return null;
  return h('div', { class: 'holds publish-holds' },
    h('h3', {}, `Held by the release gate (${held.length}): each keeps the look it was served`),
    h('ul', { class: 'hold-list' }, held.map((hold) => h('li', { class: 'hold' },
      h('p', {}, `On ${hold.channel}: `, hold.audience === '*' ? h('strong', {}, 'everyone') : buildBadge(hold.audience),
        ` keeps what ${hold.target} served, because:`),
      reasonList(hold.reasons)))));
}

/** Validate's `incompatible` findings, by build, as the draft's drawing shows them beside its
 * contrast findings. `findings` undefined: not checked (nothing drawn). */
export function incompatibleSection(findings) {
  if (!findings) return null;
  if (!findings.length) {
    return section('Live builds', h('p', { class: 'pass' }, '✓ Every live build with a contract on a channel serving this skin can read it.'));
  }
  const byBuild = new Map();
  for (const finding of findings) byBuild.set(finding.build, [...(byBuild.get(finding.build) || []), finding]);
  return section('Live builds',
    h('p', { class: 'fail' }, `✗ ${plural(byBuild.size, 'live build')} could not read it`),
    h('p', { class: 'hint' }, `Published, it leaves ${byBuild.size === 1 ? 'that build' : 'those builds'} on the look ${byBuild.size === 1 ? 'it has' : 'they have'} (the release gate holds ${byBuild.size === 1 ? 'it' : 'them'}); activating it on their channel is refused.`),
    h('ul', { class: 'incompatible-builds' }, [...byBuild].map(([build, list]) => h('li', { 'data-build': build },
      buildBadge(build), ` misses ${plural(list.length, 'entry', 'entries')}:`,
      h('ul', { class: 'contrast-failures' }, list.map((f) => h('li', { class: 'fail', 'data-path': f.path }, h('code', {}, f.path), ' ', f.message)))))));
}

// MARK: The view

/** What one channel serves a build, `{skin, version, pinned, held, rollout, lineage, live}`. */
function servedView(channel, served) {
  const lineage = lineageText(served.lineage);
  const state = served.held ? h('span', { class: 'badge held' }, 'held')
    : served.pinned ? h('span', { class: 'badge pinned', title: 'A builds entry of the channel names its look' }, 'pinned') : null;
  return h('li', { class: 'served', 'data-channel': channel },
    h('p', {}, h('a', { href: `#/channels?channel=${encodeURIComponent(channel)}`, class: 'channel-name' }, channel), ': ',
      h('a', { href: lookHref(served.skin, served.version) }, `${served.skin}@${served.version}`),
      lineage ? h('span', { class: 'lineage' }, ` (${lineage})`) : '', ' ', state,
      served.live === false ? [' ', h('span', {
        class: 'badge not-live',
        title: 'Past its first day with fewer requests in the live window than compatibility.liveMinRequests: the release gate does not protect it here',
      }, 'not gated: too few requests')] : null,
      served.rollout ? [' ', h('span', { class: 'badge rollout' },
        `rollout: ${served.rollout.percent} % get ${served.rollout.skin}@${served.rollout.version ?? 'latest'}`)] : null),
    served.held ? h('div', { class: 'held-detail' },
      h('p', {}, h('strong', {}, `${served.held.heldBack.skin}@${served.held.heldBack.version} held back`), ' since ', time(served.held.since), ', because:'),
      reasonList(served.held.reasons)) : null);
}

function contractCell(client, contract) {
  if (!client.contract) {
    return h('td', { 'data-label': 'Contract', class: 'contract none' }, h('span', {}, 'none'), h('span', { class: 'hint' }, ' — not gated'),
      h('details', { class: 'push' }, h('summary', {}, 'How to register it'),
        h('p', { class: 'hint' }, 'From the build’s release pipeline (docs/apps.md):'),
        h('code', {}, `livery contract push --platform ${client.platform} --version ${client.version} contract.json`)));
  }
  const counts = contract ? `${plural(contract.tokens, 'token')} · ${plural(contract.styles, 'style')} · ${plural(contract.images, 'image')}` : '';
  return h('td', { 'data-label': 'Contract', class: 'contract' }, h('span', { class: 'pass' }, '✓ registered'), counts ? h('br') : null,
    counts ? h('span', { class: 'counts' }, counts) : null);
}

function buildRow(client, contracts) {
  const name = `${client.platform}/${client.version}`;
  const channels = Object.entries(client.channels || {});
  const held = channels.some(([, served]) => served.held);
  return h('tr', { 'data-build': name, class: held ? 'held' : null },
    h('th', { scope: 'row' }, h('span', { class: 'build-name' }, name)),
    h('td', { 'data-label': 'Requests 24 h', class: 'number' }, client.requests24h.toLocaleString('en')),
    h('td', { 'data-label': 'Requests 30 d', class: 'number' }, client.requests30d.toLocaleString('en')),
    h('td', { 'data-label': 'Last seen' }, time(client.lastSeen), h('br'), h('span', { class: 'hint' }, 'first ', time(client.firstSeen))),
    contractCell(client, contracts.get(name)),
    h('td', { 'data-label': 'Served', class: 'served-cell' }, channels.length
      ? h('ul', { class: 'served-list' }, channels.map(([channel, served]) => servedView(channel, served)))
      : h('span', { class: 'hint' }, 'no channel it asked on exists any more')));
}

export async function show(main, params, app) {
  const body = h('div', {}, h('p', {}, 'Loading…'));
  const status = h('p', { class: 'hint', role: 'status' });
  replace(main, h('h1', {}, 'Live builds'),
    h('p', { class: 'intro' }, 'Each app build that asked for a look (with ', h('code', {}, 'client=PLATFORM/VERSION'),
      ' or through OpenFeature) within the live window, and what each channel serves it. A live build with a contract is never served a look it cannot read: the release gate keeps it on the last one it could. A build marked not gated is listed but, past its first day with few requests, not protected.'),
    h('div', { class: 'refresh' }, h('button', { type: 'button', onclick: () => load().catch(shownError) }, 'Refresh counts'), status),
    body);
  const shownError = (error) => replace(status, error.message);
  async function load() {
    const [{ clients }, { contracts }] = await Promise.all([api('/v1/clients'), api('/v1/contracts')]);
    const byBuild = new Map(contracts.map((c) => [c.build, c]));
    const seen = new Set(clients.map((c) => `${c.platform}/${c.version}`));
    const unseen = contracts.filter((c) => !seen.has(c.build));
    const held = clients.filter((c) => Object.values(c.channels || {}).some((s) => s.held));
    replace(status, 'As of ', time(new Date().toISOString()), '.');
    const builds = clients.length
      ? [h('p', { class: 'summary' },
        `${plural(clients.length, 'build')} seen · ${clients.filter((c) => c.contract).length} with a contract`,
        held.length ? [' · ', h('strong', { class: 'warning' }, `${plural(held.length, 'build')} held on an older look`)] : ''),
      table('Builds in the field, by platform and version', ['Build', 'Requests 24 h', 'Requests 30 d', 'Last seen', 'Contract', 'Served, per channel'],
        clients.map((client) => buildRow(client, byBuild)))]
      : h('p', { class: 'empty' }, 'No app build has asked for a look yet. Apps name their build with ',
        h('code', {}, 'client=ios/3.2.1'), ' on every request (the Swift client and client.js send it from their configuration); a build shows here from its first request.');
    replace(body,
      h('div', { class: 'builds-table' }, builds),
      unseen.length ? section(`Contracts of builds not seen yet: ${unseen.length}`,
        table('Registered contracts with no request in the live window', ['Build', 'Tokens', 'Styles', 'Images', 'Updated'],
          unseen.map((c) => h('tr', { 'data-contract': c.build }, h('th', { scope: 'row' }, c.build),
            h('td', { 'data-label': 'Tokens' }, String(c.tokens)), h('td', { 'data-label': 'Styles' }, String(c.styles)),
            h('td', { 'data-label': 'Images' }, String(c.images)), h('td', { 'data-label': 'Updated' }, time(c.updated), c.updatedBy ? ` by ${c.updatedBy}` : ''))))) : null);
  }
  await load();
  return {
    // Any change may move what a build is served (a publish reaching a followed channel, a gate event).
    onEvents() { return load().catch(shownError); },
  };
}
