import { LiveryClient } from "/v1/client.js";  // or https://skins.example.com/v1/client.js

const client = new LiveryClient({ channel: "default", variants: [] });
client.applyToDocument();                         // the last good skin, from localStorage, before any network
const status = document.querySelector("#status");
for await (const skin of client.updates()) {      // revalidates, then long-polls; no request while the tab is hidden
  client.applyToDocument(skin);                   // sets --color-tint and the rest on :root
  status.textContent = `${skin.version}, bucket ${client.bucket}`;
}
