// The console's shell: hash routes to views (one module each), the designer-token dialog, and
// the live feed (a long-poll on /v1/events) that tells the current view what changed.
import { api, designerToken } from './api.js';
import { h, problemView, replace } from './dom.js';
import * as look from './look.js';
import * as skins from './skins.js';
import * as channels from './channels.js';
import * as compare from './compare.js';
import * as draft from './draft.js';
import * as builds from './builds.js';
import * as drafts from './drafts.js';
import * as requests from './requests.js';

const views = { look, skins, channels, builds, compare, draft, drafts, requests };
const main = document.getElementById('main');
const live = document.getElementById('live');
let active = null;   // what the current view returned: {onEvents}
let showing = 0;     // increases per navigation, so a slow view does not draw over a newer one

/** `#/view?a=1&b=2` → {view, params}. */
function parseHash() {
  const hash = location.hash.startsWith('#/') ? location.hash.slice(2) : 'look';
  const [name, search] = hash.split('?');
  return { name: views[name] ? name : 'look', params: Object.fromEntries(new URLSearchParams(search || '')) };
}

/** `#/name?a=1` for a view and its parameters, empty ones left out. */
function href(name, params = {}) {
  const search = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '')).toString();
  return `#/${name}${search ? `?${search}` : ''}`;
}

const app = {
  /** Shows a view with parameters (a new history entry, so Back works). */
  go(name, params = {}) {
    const hash = href(name, params);
    if (location.hash === hash) route(); else location.hash = hash;
  },
  href,
  /** The current view's parameters, as the address has them now. */
  params: () => parseHash().params,
  /** Draws the current view again (the live feed's answer to a change it shows). */
  redraw: () => route(),
  /** Opens the token dialog; resolves true when a token was given. */
  askToken,
  /** Announces a message to screen readers and sighted users alike. */
  announce(message) { live.textContent = message; },
};

async function route() {
  const { name, params } = parseHash();
  const ticket = ++showing;
  for (const link of document.querySelectorAll('nav a')) {
    if (link.dataset.view === name) link.setAttribute('aria-current', 'page'); else link.removeAttribute('aria-current');
  }
  document.title = `${views[name].title} · Livery console`;
  const container = h('div', { class: `view view-${name}` });
  replace(main, container);
  try {
    const result = await views[name].show(container, params, app);
    if (ticket === showing) active = result || null;
  } catch (error) {
    if (ticket !== showing) return;
    // A 401 is shown with its way out (the token button), never retried behind the designer's back.
    replace(container, h('h1', {}, views[name].title), problemView(error),
      error.needsToken ? h('button', { type: 'button', onclick: () => askToken().then((given) => given && route()) }, 'Give a designer token') : null);
  }
}

// MARK: The designer token (sessionStorage only; sent as a bearer header by api.js)

const dialog = document.getElementById('token-dialog');
const tokenInput = document.getElementById('token-input');
const tokenButton = document.getElementById('token-button');
let tokenAnswer = null;

function askToken() {
  tokenInput.value = '';
  if (!dialog.open) dialog.showModal();
  tokenInput.focus();
  return new Promise((resolve) => { tokenAnswer = resolve; });
}

function closeToken(given) {
  if (dialog.open) dialog.close();
  tokenAnswer?.(given);
  tokenAnswer = null;
  updateTokenButton();
}

function updateTokenButton() {
  tokenButton.textContent = designerToken.get() ? 'Designer token ✓' : 'Designer token…';
}

document.getElementById('token-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const value = tokenInput.value.trim();
  if (!value) return;
  designerToken.set(value);
  closeToken(true);
  route();
  startFeed();
});
document.getElementById('token-forget').addEventListener('click', () => { designerToken.clear(); closeToken(false); route(); });
document.getElementById('token-cancel').addEventListener('click', () => closeToken(false));
dialog.addEventListener('cancel', () => closeToken(false));
tokenButton.addEventListener('click', () => askToken());

// MARK: Live: the change feed, long-polled; each batch of events goes to the current view.
// It starts at the feed's `current` sequence (docs/api.md, "The change feed"): what happened
// before the console opened is already in what it draws, so one request, never a replay.

let feedRunning = false;
async function startFeed() {
  if (feedRunning) return;
  feedRunning = true;
  let after;
  let failures = 0;
  try {
    ({ current: after } = await api('/v1/events?limit=1'));
  } catch (error) {
    feedRunning = false;
    live.textContent = error.needsToken ? 'Live updates need a token' : 'Live updates unavailable';
    return;
  }
  live.textContent = 'Live';
  live.classList.add('on');
  for (;;) {
    // A hidden tab holds no request; what happened meanwhile comes with the next poll.
    if (document.hidden) await new Promise((resolve) => document.addEventListener('visibilitychange', resolve, { once: true }));
    if (document.hidden) continue;
    try {
      const page = await api(`/v1/events?after=${after}&wait=25`);
      failures = 0;
      if (!page.events.length) continue;
      after = page.next;
      const last = page.events[page.events.length - 1];
      live.textContent = `Live · ${last.kind} ${last.skin}${last.version ? `@${last.version}` : ''}${last.channel ? ` on ${last.channel}` : ''}`;
      await active?.onEvents?.(page.events);
    } catch (error) {
      if (error.needsToken) { feedRunning = false; live.classList.remove('on'); live.textContent = 'Live updates need a token'; return; }
      failures += 1;
      live.textContent = 'Reconnecting…';
      live.classList.remove('on');
      await new Promise((resolve) => setTimeout(resolve, Math.min(30000, 500 * 2 ** failures) * (0.5 + Math.random() / 2)));
      live.classList.add('on');
    }
  }
}

document.getElementById('skip').addEventListener('click', (event) => { event.preventDefault(); main.focus(); });
window.addEventListener('hashchange', route);
updateTokenButton();
route();
startFeed();
