// A web app's own module on its own origin, loading Livery's client from another origin (the
// Livery server named by ?livery=): the cross-origin browser test (cross_origin_test.py).
const status = document.querySelector("#status");
try {
  const livery = new URL(location.href).searchParams.get("livery");
  const { LiveryClient } = await import(`${livery}/v1/client.js`);
  const client = new LiveryClient({ channel: "default", variants: [] });
  for await (const skin of client.updates()) {
    client.applyToDocument(skin);
    status.textContent = skin.version;
  }
} catch (error) {
  window.pageError = String(error);
  status.textContent = `failed: ${error}`;
}
