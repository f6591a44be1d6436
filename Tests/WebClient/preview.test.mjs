// The web client's preview of a draft (docs/apps.md, "Previewing a draft"), with a scripted fetch:
// a `preview` link (or the page's `livery-preview=` parameter) sends every request to the link,
// never caches the draft, and a revoked link (410) brings the channel's look back. Only links of
// the client's own server are taken.
//
// Run: node --test Tests/WebClient/
import { test } from "node:test";
import assert from "node:assert/strict";
import { LiveryClient } from "../../Sources/LiveryServer/Resources/client.js";

const BASE = "http://livery.test";
const SECRET = "lvp_" + "A".repeat(43);
const CSS = (tint) => `/* livery demo@1 */\n:root {\n  --color-tint: ${tint};\n}\n`;

class MemoryStorage {
  #items = new Map();
  getItem(key) { return this.#items.has(key) ? this.#items.get(key) : null; }
  setItem(key, value) { this.#items.set(key, String(value)); }
  get size() { return this.#items.size; }
  values() { return [...this.#items.values()]; }
}

function scriptFetch(answer) {
  const calls = [];
  globalThis.fetch = (url, init = {}) => {
    calls.push(new URL(url));
    return Promise.resolve(answer(new URL(url))).then(({ status, headers = {}, body = null }) =>
      new Response(status === 304 ? null : body, { status, headers }));
  };
  return calls;
}

test("a preview link shows the draft, uncached, until it is revoked; then the channel's look", async () => {
  const storage = new MemoryStorage();
  const told = [];
  let revoked = false;
  const calls = scriptFetch((url) => {
    if (url.pathname === `/v1/previews/${SECRET}/skin`) {
      return revoked ? { status: 410, body: '{"status":410}' } : { status: 200, headers: { ETag: '"p"' }, body: CSS("#aa00aa") };
    }
    return { status: 200, headers: { ETag: '"c"' }, body: CSS("#3366ff") };
  });
  const client = new LiveryClient({
    baseURL: BASE, storage, variants: ["dark"], client: "web/2.4.0",
    preview: `${BASE}/v1/previews/${SECRET}`, onPreview: (link, ended) => told.push([link, ended]),
  });
  assert.equal(client.previewing, true);
  assert.deepEqual(told, [[`${BASE}/v1/previews/${SECRET}`, null]]);
  const shown = await client.fetch();
  assert.match(shown.css, /#aa00aa/);
  assert.equal(calls[0].pathname, `/v1/previews/${SECRET}/skin`);
  assert.equal(calls[0].searchParams.get("variant"), "dark");
  assert.equal(calls[0].searchParams.get("client"), null, "a preview is the same for every build");
  assert.ok(!storage.values().some((value) => value.includes("#aa00aa")), "a draft is never cached");

  revoked = true;
  const back = await client.fetch();
  assert.match(back.css, /#3366ff/);
  assert.equal(client.previewing, false);
  assert.deepEqual(told[1], [null, { gone: true }]);
  assert.equal(calls.at(-1).pathname, "/v1/channels/default/skin");
});

test("the page parameter may name the secret alone; another server's link is ignored", () => {
  globalThis.location = { search: `?livery-preview=${SECRET}` };
  try {
    assert.equal(new LiveryClient({ baseURL: BASE, storage: null }).preview, `${BASE}/v1/previews/${SECRET}`);
  } finally {
    delete globalThis.location;
  }
  const warn = console.warn;
  console.warn = () => {};
  try {
    assert.equal(new LiveryClient({ baseURL: BASE, storage: null, preview: `https://elsewhere.test/v1/previews/${SECRET}` }).preview, null);
    assert.equal(new LiveryClient({ baseURL: BASE, storage: null, preview: `${BASE}/v1/channels/default/skin` }).preview, null);
  } finally {
    console.warn = warn;
  }
  assert.equal(new LiveryClient({ baseURL: BASE, storage: null }).previewing, false);
});

test("endPreview() returns to the channel at once", async () => {
  scriptFetch((url) => url.pathname.startsWith("/v1/previews/")
    ? { status: 200, headers: { ETag: '"p"' }, body: CSS("#aa00aa") }
    : { status: 200, headers: { ETag: '"c"' }, body: CSS("#3366ff") });
  const told = [];
  const client = new LiveryClient({ baseURL: BASE, storage: new MemoryStorage(), preview: SECRET, onPreview: (link, ended) => told.push([link, ended]) });
  await client.fetch();
  client.endPreview();
  assert.equal(client.previewing, false);
  assert.deepEqual(told.at(-1), [null, { gone: false }]);
  assert.match((await client.fetch()).css, /#3366ff/);
});
