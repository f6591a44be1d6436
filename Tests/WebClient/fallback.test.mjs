// The web client's build identity (`client=`) and its per-property fallback to bundled defaults
// (docs/apps.md, "A token the look lacks"), with a scripted fetch and a stand-in :root.
//
// Run: node --test Tests/WebClient/
import { test } from "node:test";
import assert from "node:assert/strict";
import { LiveryClient } from "../../Sources/LiveryServer/Resources/client.js";

const BASE = "http://livery.test";

class MemoryStorage {
  #items = new Map();
  getItem(key) { return this.#items.has(key) ? this.#items.get(key) : null; }
  setItem(key, value) { this.#items.set(key, String(value)); }
}

/** A :root stand-in recording its custom properties. */
function fakeRoot() {
  const properties = new Map();
  return { properties, style: { setProperty: (n, v) => properties.set(n, v), removeProperty: (n) => properties.delete(n) } };
}

function serve(css) {
  const calls = [];
  globalThis.fetch = async (url) => {
    calls.push(new URL(url));
    return new Response(css, { status: 200, headers: { ETag: '"a"' } });
  };
  return calls;
}

test("the client option is sent as client= on every request, and left out of the cache key", async () => {
  const storage = new MemoryStorage();
  const calls = serve(":root {\n  --color-tint: #3366ff;\n}\n");
  new LiveryClient({ baseURL: BASE, storage: null, client: `web/999999.0.0-${"a".repeat(47)}` });
  await new LiveryClient({ baseURL: BASE, storage, client: "web/2.4.0" }).fetch();
  assert.equal(calls[0].searchParams.get("client"), "web/2.4.0");
  const nextRelease = new LiveryClient({ baseURL: BASE, storage, client: "web/2.5.0-beta.1" });
  assert.equal(nextRelease.current?.source, "cached", "a new build of the page still finds the cached look");
  await new LiveryClient({ baseURL: BASE, storage: null }).fetch();
  assert.equal(calls[1].searchParams.has("client"), false, "no option, no parameter");
  // The server's bounds too: each number at most 999999, the version at most 64 characters.
  for (const bad of ["web", "web/2.4", "desktop/1.0.0", "web/v2.4.0", "web/1000000.0.0", `web/1.0.0-${"a".repeat(59)}`]) {
    assert.throws(() => new LiveryClient({ baseURL: BASE, storage: null, client: bad }), TypeError, bad);
  }
});

test("a custom property the served look lacks comes from the bundled defaults, reported once", async () => {
  serve(":root {\n  --color-tint: #ff0000;\n}\n");
  const reported = [];
  const client = new LiveryClient({
    baseURL: BASE, storage: null,
    defaults: ":root {\n  --color-tint: #3366ff;\n  --size-corner: 8px;\n}\n",
    onFallback: (name) => reported.push(name),
  });
  const root = fakeRoot();
  assert.equal(client.applyToDocument(null, root), true, "before any skin, the defaults alone");
  assert.equal(root.properties.get("--size-corner"), "8px");
  assert.deepEqual(reported, [], "no look yet: nothing is missing from it");

  const skin = await client.fetch();
  client.applyToDocument(skin, root);
  client.applyToDocument(skin, root);
  assert.equal(root.properties.get("--color-tint"), "#ff0000", "the served value wins");
  assert.equal(root.properties.get("--size-corner"), "8px", "the missing one is the bundled one");
  assert.equal(client.value("size.corner"), "8px");
  assert.equal(client.value("--color-tint"), "#ff0000");
  assert.equal(client.value("--nowhere"), undefined);
  assert.deepEqual(reported, ["--size-corner"], "reported once however often it is read");
  assert.deepEqual([...client.fallbacks], ["--size-corner"]);
});

test("defaults may be an object keyed by token paths or custom properties", async () => {
  serve(":root {\n}\n");
  const client = new LiveryClient({ baseURL: BASE, storage: null, defaults: { "color.tint": "#3366ff", "--size-gap": "4px" } });
  await client.fetch();
  assert.equal(client.value("color.tint"), "#3366ff");
  assert.equal(client.value("--size-gap"), "4px");
});
