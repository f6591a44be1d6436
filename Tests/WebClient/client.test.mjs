// Unit tests of the web client (Sources/LiveryServer/Resources/client.js) under Node's test runner,
// with a scripted fetch: backoff and Retry-After, pause and resume, the bucket and the cache. The
// browser tests (Tests/Browser) check the same module end to end in Chromium.
//
// Run: node --test Tests/WebClient/
import { test } from "node:test";
import assert from "node:assert/strict";
import { LiveryClient, bucketOf } from "../../Sources/LiveryServer/Resources/client.js";

const BASE = "http://livery.test";
const CSS = (tint) => `/* livery demo@1 */\n:root {\n  --color-tint: ${tint};\n  --size-corner: 8px;\n}\n`;

/** A Storage stand-in (Node has no localStorage). */
class MemoryStorage {
  #items = new Map();
  getItem(key) { return this.#items.has(key) ? this.#items.get(key) : null; }
  setItem(key, value) { this.#items.set(key, String(value)); }
}

/**
 * Replaces globalThis.fetch: `answer(url, init)` returns {status, headers, body} or a promise of
 * one; a held answer is abandoned (AbortError) when the request's signal aborts. Records each call.
 */
function scriptFetch(answer) {
  const calls = [];
  globalThis.fetch = (url, init = {}) => {
    calls.push({ url: new URL(url), headers: init.headers ?? {}, at: Date.now() });
    return new Promise((resolve, reject) => {
      init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      Promise.resolve(answer(new URL(url), init)).then(({ status, headers = {}, body = null }) =>
        resolve(new Response(status === 304 ? null : body, { status, headers })), reject);
    });
  };
  return calls;
}

const until = async (what, condition, timeout = 5000) => {
  const deadline = Date.now() + timeout;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

test("the install id is made once and kept: the same bucket at every start, sent with every request", async () => {
  const storage = new MemoryStorage();
  const first = new LiveryClient({ baseURL: BASE, storage });
  const again = new LiveryClient({ baseURL: BASE, storage });
  assert.equal(first.installID, again.installID);
  assert.match(first.installID, /^[0-9a-f]{32}$/);
  assert.equal(first.bucket, bucketOf(first.installID));
  const calls = scriptFetch(() => ({ status: 200, headers: { ETag: '"a"' }, body: CSS("#3366ff") }));
  await first.fetch();
  assert.equal(calls[0].url.searchParams.get("bucket"), String(first.bucket));
  assert.equal(calls[0].url.searchParams.get("format"), "css");
});

test("the last good skin is kept and offered at the next start; a 304 confirms it", async () => {
  const storage = new MemoryStorage();
  scriptFetch(() => ({ status: 200, headers: { ETag: '"a"', "Livery-Version": "demo@1" }, body: CSS("#3366ff") }));
  await new LiveryClient({ baseURL: BASE, storage }).fetch();
  const next = new LiveryClient({ baseURL: BASE, storage });
  assert.equal(next.current.source, "cached");
  assert.equal(next.current.properties.get("--color-tint"), "#3366ff");
  const calls = scriptFetch(() => ({ status: 304 }));
  const confirmed = await next.fetch();
  assert.equal(calls[0].headers["If-None-Match"], '"a"');
  assert.equal(confirmed.source, "fresh");
  assert.equal(confirmed.version, "demo@1");
});

test("updates() waits at least the server's Retry-After, even when its backoff is shorter", async () => {
  const calls = scriptFetch(() => ({ status: 503, headers: { "Retry-After": "1" }, body: "{}" }));
  const client = new LiveryClient({ baseURL: BASE, storage: null, retry: { base: 10, cap: 20 } });
  const updates = client.updates();
  const pending = updates.next();
  await until("three requests", () => calls.length >= 3, 6000);
  await updates.return();
  await pending;
  for (let i = 1; i < calls.length; i++) assert.ok(calls[i].at - calls[i - 1].at >= 990, `gap ${calls[i].at - calls[i - 1].at} ms`);
});

test("paused: the held poll is aborted and nothing is sent; resume revalidates once, then long-polls", async () => {
  let version = 1;
  const calls = scriptFetch((url) => {
    if (!url.searchParams.has("wait")) return { status: 200, headers: { ETag: `"v${version}"` }, body: CSS(version === 1 ? "#3366ff" : "#00aa00") };
    return new Promise(() => {}); // a long-poll the server holds
  });
  const client = new LiveryClient({ baseURL: BASE, storage: null, maxWait: 20 });
  const updates = client.updates();
  assert.equal((await updates.next()).value.properties.get("--color-tint"), "#3366ff");
  await until("a long-poll is held", () => calls.length === 2);
  assert.equal(calls[1].url.searchParams.get("wait"), "20");

  client.pause();
  assert.equal(client.paused, true);
  await new Promise((resolve) => setTimeout(resolve, 300)); // a paused client stays silent, whatever happens
  assert.equal(calls.length, 2, "no request while paused");
  await assert.rejects(client.fetch(), { name: "Error", message: "paused" });
  assert.equal(calls.length, 2);

  version = 2;
  const next = updates.next();
  client.resume();
  assert.equal((await next).value.properties.get("--color-tint"), "#00aa00");
  assert.equal(calls[2].url.searchParams.has("wait"), false, "the first request after resume revalidates");
  await until("long-polling goes on", () => calls.length === 4);
  assert.equal(calls[3].url.searchParams.get("wait"), "20");
  await updates.return();
});
