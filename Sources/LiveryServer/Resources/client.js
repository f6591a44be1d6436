// Livery's web client: one ES module, no dependency, no build step.
// Served by Livery at /v1/client.js (this file, embedded in the server binary).
//
//   import { LiveryClient } from "https://skins.example.com/v1/client.js";
//   const client = new LiveryClient({ channel: "default", variants: ["dark"] });
//   client.applyToDocument();                        // the last good skin, before any network
//   for await (const skin of client.updates()) client.applyToDocument(skin);
//
// It asks for the CSS form of the channel's skin (docs/api.md, "Reading skins", format=css): one custom property
// per token, which applyToDocument() sets on :root, so a page styles itself with
// var(--color-tint). It revalidates with the ETag, keeps the last good skin in localStorage,
// follows publishes by long-polling (?wait=N) with capped exponential backoff and jitter,
// honours Retry-After, stops every request while the tab is hidden, and sends the install's
// rollout bucket and the page's build (`client=web/2.4.0`) with every request. Custom
// properties a served look lacks are taken from the page's bundled defaults, each reported once
// (docs/apps.md, "A token the look lacks").

const STORAGE_PREFIX = "livery:";
const INSTALL_ID_KEY = "livery:install-id";

/**
 * The rollout bucket (0…99) of an install id: FNV-1a (32 bits) of its UTF-8 bytes, modulo 100.
 * The Swift client computes the same function, so one id gives one bucket everywhere.
 */
export function bucketOf(installID) {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(installID)) {
    hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** A random install id: 128 bits as 32 hex digits. Not a user identifier: nothing else is in it. */
function newInstallID() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The custom property declarations of a style sheet in Livery's CSS form, one per line. */
function declarations(css) {
  const properties = new Map();
  for (const line of css.split("\n")) {
    const match = /^\s*(--[^:]+): (.*);$/.exec(line);
    if (match) properties.set(match[1], match[2]);
  }
  return properties;
}

/**
 * `PLATFORM/MAJOR.MINOR.PATCH`, as the server takes `client=` (pre-release and build allowed, as
 * dot-separated non-empty identifiers; each number at most 999999, the version after the platform
 * at most 64 characters, checked beside it). Tests/Fixtures/fleet-vectors.json is the shared table.
 */
const CLIENT_PATTERN = /^(ios|android|web|macos|other)\/(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;

/**
 * Bundled defaults as custom properties: a style sheet in Livery's CSS form (what
 * `GET /v1/channels/{c}/skin?format=css` answers, saved with the page), or an object whose keys
 * are custom properties (`--color-tint`) or token paths (`color.tint`).
 */
function defaultProperties(defaults) {
  if (!defaults) return new Map();
  if (typeof defaults === "string") return declarations(defaults);
  return new Map(Object.entries(defaults).map(([name, value]) => [name.startsWith("--") ? name : `--${name.replaceAll(".", "-")}`, String(value)]));
}

/** A skin as the client holds it. */
export class Skin {
  constructor({ css, etag = null, version = null, source, receivedAt = null }) {
    /** The style sheet as served (`:root { --color-tint: #3366ff; … }`). */
    this.css = css;
    this.etag = etag;
    /** `skin@version`, from the server's Livery-Version header. */
    this.version = version;
    /** "fresh" (from the server during this page's life) or "cached" (from localStorage). */
    this.source = source;
    this.receivedAt = receivedAt;
    /** Custom property name → CSS value. */
    this.properties = declarations(css);
  }
}

/** The page's `livery-preview=` parameter (a preview link or its secret), or null. */
function pagePreviewParameter() {
  try {
    return new URLSearchParams(globalThis.location?.search ?? "").get("livery-preview");
  } catch {
    return null;
  }
}

/**
 * A preview link as an absolute URL without `/skin`, or null. Only a link of this client's own
 * server is taken: a parameter any page can put in a URL must not point the page at a look
 * served by someone else.
 */
function previewLink(given, baseURL) {
  if (!given) return null;
  const link = given.startsWith("lvp_") ? new URL(`v1/previews/${given}`, baseURL.href.replace(/\/?$/, "/")) : new URL(given, baseURL);
  const path = link.pathname.replace(/\/skin$/, "");
  if (link.origin !== baseURL.origin || !/\/v1\/previews\/lvp_[A-Za-z0-9_-]+$/.test(path)) {
    console.warn(`livery: ignoring preview link ${given}: not a preview link of ${baseURL.origin}`);
    return null;
  }
  return link.origin + path;
}

export class LiveryClient {
  /**
   * @param {object} options
   * @param {string} [options.baseURL] the Livery server; default: where this module was loaded from
   * @param {string} [options.channel] default "default"
   * @param {string[]} [options.variants] e.g. ["dark"]
   * @param {number} [options.maxWait] seconds a long-poll is held (the server caps it); default 30
   * @param {{base: number, cap: number}} [options.retry] backoff in ms; default 500 and 30000
   * @param {Storage|null} [options.storage] default localStorage; null keeps nothing
   * @param {boolean} [options.pauseWhenHidden] default true: no request while the tab is hidden
   * @param {string} [options.client] this page's build, `web/2.4.0`: sent as `client=` so the
   *   server can serve each build a look it can read; omitted when not given
   * @param {string|object} [options.defaults] the bundled look: a style sheet in Livery's CSS form or
   *   an object of custom properties (or token paths) → values; any of them a served look lacks
   *   is applied from here and reported once to `onFallback`
   * @param {(name: string) => void} [options.onFallback] told once per custom property read from `defaults`
   * @param {string|null} [options.preview] a preview link of this server (`…/v1/previews/lvp_…`, or
   *   just its `lvp_…` secret): the client shows that draft instead of the channel's look
   *   (docs/apps.md, "Previewing a draft"); default: the page's `livery-preview=` parameter
   * @param {(link: string|null, ended: {gone: boolean}|null) => void} [options.onPreview] told when a
   *   preview begins (its link) and ends (null, and whether the link was revoked or expired)
   */
  constructor({
    baseURL = new URL("/", import.meta.url).href,
    channel = "default",
    variants = [],
    maxWait = 30,
    retry = { base: 500, cap: 30000 },
    storage = globalThis.localStorage ?? null,
    pauseWhenHidden = true,
    client = null,
    defaults = null,
    onFallback = null,
    preview = pagePreviewParameter(),
    onPreview = null,
  } = {}) {
    if (client !== null && !(CLIENT_PATTERN.test(client) && client.length - client.indexOf("/") - 1 <= 64)) {
      throw new TypeError(`client must be PLATFORM/MAJOR.MINOR.PATCH (platform ios, android, web, macos or other), not "${client}"`);
    }
    /** This page's build, sent as `client=`, or null. */
    this.client = client;
    /** Custom property → bundled value. */
    this.defaults = defaultProperties(defaults);
    this.onFallback = onFallback;
    /** The custom properties read from `defaults` so far (each reported once). */
    this.fallbacks = new Set();
    this.baseURL = new URL(baseURL);
    this.onPreview = onPreview;
    /** The preview link shown instead of the channel's look, or null (see `previewing`). */
    this.preview = previewLink(preview, this.baseURL);
    if (this.preview !== null) this.onPreview?.(this.preview, null);
    this.channel = channel;
    this.variants = variants;
    this.maxWait = maxWait;
    this.retry = retry;
    this.storage = storage;
    this.installID = this.#installID();
    /** This install's stable rollout bucket, 0…99 (docs/api.md, "Rollouts, schedules and rollback"). */
    this.bucket = bucketOf(this.installID);
    /** Requests sent so far (for a status line, or tests). */
    this.requestsSent = 0;
    // The cache key leaves the build out, so a new release of the page still finds its cached look.
    this.#cacheKey = STORAGE_PREFIX + this.#url(0, { forCache: true });
    this.#skin = this.#loadCached();
    this.#paused = false;
    if (pauseWhenHidden && globalThis.document) {
      const follow = () => (document.visibilityState === "hidden" ? this.pause() : this.resume());
      document.addEventListener("visibilitychange", follow);
      if (document.visibilityState === "hidden") this.pause();
    }
  }

  #cacheKey;
  #skin;
  #paused;
  #inFlight = null;
  #resumed = null;
  #subscribers = new Set();
  #loop = null;
  #applied = [];

  /** The skin held now: fresh, else the cached one, else null. */
  get current() {
    return this.#skin;
  }

  /** Whether a draft is shown through a preview link: a page shows that it is (a banner). */
  get previewing() {
    return this.preview !== null;
  }

  /** Back to the channel's look: the next request reads the channel again. */
  endPreview({ gone = false } = {}) {
    if (this.preview === null) return;
    this.preview = null;
    this.#skin = this.#loadCached();
    this.#inFlight?.abort();
    this.onPreview?.(null, { gone });
    if (this.#skin) for (const subscriber of this.#subscribers) subscriber(this.#skin);
  }

  /** Whether requests are held back (the tab is hidden, or pause() was called). */
  get paused() {
    return this.#paused;
  }

  /** The request URL: the channel's skin in CSS form, with variants, bucket, client and wait. */
  #url(wait, { forCache = false } = {}) {
    const preview = this.preview !== null && !forCache;
    const url = preview
      ? new URL(`${this.preview}/skin`)
      : new URL(`v1/channels/${encodeURIComponent(this.channel)}/skin`, this.baseURL.href.replace(/\/?$/, "/"));
    url.searchParams.set("format", "css");
    if (this.variants.length) url.searchParams.set("variant", this.variants.join(","));
    if (!preview) url.searchParams.set("bucket", String(this.bucket));
    if (this.client && !forCache && !preview) url.searchParams.set("client", this.client);
    if (wait > 0) url.searchParams.set("wait", String(wait));
    return url.href;
  }

  #installID() {
    try {
      const kept = this.storage?.getItem(INSTALL_ID_KEY);
      if (kept) return kept;
      const made = newInstallID();
      this.storage?.setItem(INSTALL_ID_KEY, made);
      return made;
    } catch {
      return newInstallID(); // storage disabled: a bucket for this page's life only
    }
  }

  #loadCached() {
    try {
      const record = JSON.parse(this.storage?.getItem(this.#cacheKey) ?? "null");
      return record ? new Skin({ ...record, source: "cached" }) : null;
    } catch {
      return null; // a corrupt record is ignored; the next fetch replaces it
    }
  }

  #save(skin) {
    try {
      const { css, etag, version, receivedAt } = skin;
      this.storage?.setItem(this.#cacheKey, JSON.stringify({ css, etag, version, receivedAt }));
    } catch {
      // quota or privacy mode: the skin is held in memory all the same
    }
  }

  /**
   * One conditional GET (a long-poll when wait > 0). Resolves to {skin, changed, delay}:
   * delay is the server's Retry-After in ms, if any. Rejects on network errors and error
   * statuses; the held skin is never dropped.
   */
  async #exchange(wait) {
    if (this.#paused) throw new PausedError();
    const controller = new AbortController();
    this.#inFlight = controller;
    const headers = { Accept: "text/css" };
    if (this.#skin?.etag) headers["If-None-Match"] = this.#skin.etag;
    this.requestsSent += 1;
    let response;
    try {
      response = await fetch(this.#url(wait), { headers, cache: "no-store", signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) throw new PausedError();
      throw error;
    } finally {
      if (this.#inFlight === controller) this.#inFlight = null;
    }
    const retryAfter = Number(response.headers.get("Retry-After"));
    const delay = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 0;
    if (response.status === 304 && this.#skin) {
      if (this.#skin.source !== "fresh") this.#skin = new Skin({ ...this.#skin, source: "fresh" });
      return { skin: this.#skin, changed: false, delay };
    }
    if (this.preview !== null && (response.status === 410 || response.status === 404)) {
      // The link was revoked or expired: back to the channel's look, and on with it.
      this.endPreview({ gone: true });
      return this.#exchange(wait);
    }
    if (!response.ok) throw new HTTPError(response.status, await response.text(), delay);
    const skin = new Skin({
      css: await response.text(),
      etag: response.headers.get("ETag"),
      version: response.headers.get("Livery-Version"),
      source: "fresh",
      receivedAt: new Date().toISOString(),
    });
    const changed = skin.css !== this.#skin?.css;
    this.#skin = skin;
    if (this.preview === null) this.#save(skin); // a draft is never kept as the page's look
    if (changed) for (const subscriber of this.#subscribers) subscriber(skin);
    return { skin, changed, delay };
  }

  /** Revalidates once (a 304 costs no body) and returns the skin held afterwards. */
  async fetch() {
    return (await this.#exchange(0)).skin;
  }

  /**
   * The skins published from now on, as they land: an async iterator over long-polls. The
   * first request revalidates the held skin; a changed one is yielded at once. Errors do not
   * end it: it backs off (capped exponential, with jitter; at least Retry-After) and tries
   * again. While paused no request is in flight. Leaving the `for await` stops polling once
   * no other iterator is open. Only the newest skin is buffered.
   */
  updates() {
    let pending = null;
    let wake = null;
    const subscriber = (skin) => {
      pending = skin;
      wake?.();
    };
    this.#subscribers.add(subscriber);
    this.#loop ??= this.#poll();
    const client = this;
    return {
      [Symbol.asyncIterator]() {
        return this;
      },
      async next() {
        while (!pending) {
          if (!client.#subscribers.has(subscriber)) return { done: true, value: undefined };
          await new Promise((resolve) => (wake = resolve));
          wake = null;
        }
        const value = pending;
        pending = null;
        return { done: false, value };
      },
      async return() {
        client.#subscribers.delete(subscriber);
        wake?.();
        if (client.#subscribers.size === 0) client.#inFlight?.abort();
        return { done: true, value: undefined };
      },
    };
  }

  async #poll() {
    let failures = 0;
    let revalidate = true;
    while (this.#subscribers.size > 0) {
      if (this.#paused) {
        await this.#resumed;
        revalidate = true; // one plain revalidation on resume, then long-polls again
        continue;
      }
      let delay = 0;
      const started = Date.now();
      const wait = revalidate ? 0 : this.maxWait;
      try {
        const outcome = await this.#exchange(wait);
        revalidate = false;
        const early = !outcome.changed && wait > 0 && Date.now() - started < (wait * 1000) / 2;
        failures = early || outcome.delay ? failures + 1 : 0;
        delay = Math.max(outcome.delay, failures ? this.#backoff(failures) : 0);
      } catch (error) {
        if (error instanceof PausedError) continue;
        failures += 1;
        delay = Math.max(error.retryAfter ?? 0, this.#backoff(failures));
      }
      if (delay > 0) await this.#sleep(delay);
    }
    this.#loop = null;
  }

  /** min(cap, base · 2^(n−1)) scaled by a random factor in 0.5…1 ("equal jitter"). */
  #backoff(failures) {
    const raw = Math.min(this.retry.cap, this.retry.base * 2 ** Math.min(failures - 1, 30));
    return raw * (0.5 + 0.5 * Math.random());
  }

  /** Sleeps, but wakes early when paused (the loop then waits for resume instead). */
  #sleep(ms) {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#interrupt = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (this.#interrupt = null));
  }

  #interrupt = null;

  /** Stops all requests: the one in flight is aborted, none starts until resume(). */
  pause() {
    if (this.#paused) return;
    this.#paused = true;
    this.#resumed = new Promise((resolve) => (this.#resume = resolve));
    this.#inFlight?.abort();
    this.#interrupt?.();
  }

  #resume = null;

  /** Lets requests go again: one revalidation, then long-polls if updates() is iterated. */
  resume() {
    if (!this.#paused) return;
    this.#paused = false;
    this.#resume?.();
    if (this.#subscribers.size === 0) this.fetch().catch(() => {});
  }

  /**
   * A custom property's value (`--color-tint`, or the token path `color.tint`): the skin's,
   * else the bundled default's (reported once), else undefined.
   */
  value(name, skin = this.#skin) {
    const property = name.startsWith("--") ? name : `--${name.replaceAll(".", "-")}`;
    const served = skin?.properties.get(property);
    if (served !== undefined) return served;
    if (!this.defaults.has(property)) return undefined;
    if (skin) this.#reportFallback(property);
    return this.defaults.get(property);
  }

  #reportFallback(property) {
    if (this.fallbacks.has(property)) return;
    this.fallbacks.add(property);
    try {
      this.onFallback?.(property);
    } catch {
      // a throwing handler must not stop the look from being applied
    }
  }

  /**
   * Sets the skin's custom properties on :root (or `root`), and the bundled defaults of those it
   * lacks (each reported once to `onFallback`); removes those a previous skin set that neither
   * has. Relative url()s are made absolute against the server. Without a skin yet, the defaults
   * alone are applied.
   */
  applyToDocument(skin = this.#skin, root = globalThis.document?.documentElement) {
    if (!root || (!skin && this.defaults.size === 0)) return false;
    const origin = this.baseURL.origin;
    const properties = new Map(this.defaults);
    for (const [name, value] of skin?.properties ?? []) properties.set(name, value);
    if (skin) for (const name of this.defaults.keys()) if (!skin.properties.has(name)) this.#reportFallback(name);
    for (const name of this.#applied) if (!properties.has(name)) root.style.removeProperty(name);
    for (const [name, value] of properties) {
      root.style.setProperty(name, value.replaceAll('url("/', `url("${origin}/`));
    }
    this.#applied = [...properties.keys()];
    return true;
  }
}

/** An error status from the server; `retryAfter` in ms when it sent Retry-After. */
export class HTTPError extends Error {
  constructor(status, body, retryAfter) {
    super(`HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

/** A request not sent, or aborted, because the client is paused. */
export class PausedError extends Error {
  constructor() {
    super("paused");
  }
}
