// Unit tests of the console's pure modules (Sources/LiveryServer/Resources/console): finding
// tokens (search.js), colour notation (colour.js), values drawn as CSS and text (draw.js) and the
// diff of two documents that Compare draws (compare.js). The browser tests (Tests/Browser)
// drive the same modules in Chromium against Primer.
//
// Run: node --test Tests/WebClient/
import { test } from "node:test";
import assert from "node:assert/strict";
import { COLLAPSE_OVER, comparePaths, countByType, filterPaths, groupPaths, parseQuery, startsCollapsed } from "../../Sources/LiveryServer/Resources/console/search.js";
import { describe, parseHex, contrast } from "../../Sources/LiveryServer/Resources/console/colour.js";
import { cssBorder, cssDimension, cssShadow, valueText } from "../../Sources/LiveryServer/Resources/console/draw.js";
import { pathWords, backgroundCandidates, pageColour } from "../../Sources/LiveryServer/Resources/console/source.js";
import { diffTokens } from "../../Sources/LiveryServer/Resources/console/compare.js";

const TOKENS = {
  "button.danger.bgColor.rest": { type: "color", value: "#cf222eff" },
  "button.danger.fgColor.rest": { type: "color", value: "#ffffffff" },
  "bgColor.default": { type: "color", value: "#ffffffff" },
  "borderColor.default": { type: "color", value: "#d1d9e0ff" },
  "space.small": { type: "dimension", value: { value: 8, unit: "px" } },
  "text.body.size": { type: "dimension", value: { value: 14, unit: "px" } },
  "shadow.floating": { type: "shadow", value: [{ color: "#00000040", offsetX: { value: 0, unit: "px" }, offsetY: { value: 8, unit: "px" }, blur: { value: 24, unit: "px" }, spread: { value: 0, unit: "px" } }] },
};

test("a query is words and type: terms, lowercased", () => {
  assert.deepEqual(parseQuery("  Danger  type:color "), { words: ["danger"], types: ["color"], text: "Danger  type:color" });
  assert.deepEqual(parseQuery("type:"), { words: [], types: [], text: "type:" });
  assert.deepEqual(parseQuery(""), { words: [], types: [], text: "" });
});

test("search finds by path, by value as drawn, and by type", () => {
  assert.deepEqual(filterPaths(TOKENS, parseQuery("danger bg"), valueText), ["button.danger.bgColor.rest"]);
  assert.deepEqual(filterPaths(TOKENS, parseQuery("#cf222e"), valueText), ["button.danger.bgColor.rest"], "the hex without alpha, as the Look shows it");
  assert.deepEqual(filterPaths(TOKENS, parseQuery("14px"), valueText), ["text.body.size"]);
  assert.deepEqual(filterPaths(TOKENS, parseQuery("type:dimension"), valueText), ["space.small", "text.body.size"]);
  assert.deepEqual(filterPaths(TOKENS, parseQuery("type:shadow type:dimension small"), valueText), ["space.small"], "types are alternatives, words all must match");
  assert.deepEqual(filterPaths(TOKENS, parseQuery("nothing-like-this"), valueText), []);
  assert.equal(filterPaths(TOKENS, parseQuery(""), valueText).length, Object.keys(TOKENS).length, "an empty query keeps every token");
});

test("groups are first path segments, in path order; large ones start collapsed", () => {
  const groups = groupPaths(Object.keys(TOKENS).sort());
  assert.deepEqual(groups.map(([name, paths]) => [name, paths.length]),
    [["bgColor", 1], ["borderColor", 1], ["button", 2], ["shadow", 1], ["space", 1], ["text", 1]]);
  assert.equal(startsCollapsed(COLLAPSE_OVER, 5), false, "48 tokens stay open");
  assert.equal(startsCollapsed(COLLAPSE_OVER + 1, 5), true, "49 are collapsed");
  assert.equal(startsCollapsed(500, 1), false, "the only group a search leaves is opened");
  assert.equal(startsCollapsed(3, 5, "_size"), true, "a private group starts collapsed however small");
  assert.equal(startsCollapsed(3, 1, "_size"), false, "unless a search lands in it alone");
});

test("paths in a designer's order: numbers as numbers, private names after public ones", () => {
  const paths = ["_size.10", "size.md", "_size.2", "color.b", "_size.step", "color.a.10", "color.a.9", "color.a", "Zeta.x"];
  assert.deepEqual([...paths].sort(comparePaths),
    ["color.a", "color.a.9", "color.a.10", "color.b", "size.md", "Zeta.x", "_size.2", "_size.10", "_size.step"]);
  assert.deepEqual(groupPaths(filterPaths({ "_size.1": {}, "a.x": {}, "b.y": {} }, parseQuery(""))).map(([name]) => name), ["a", "b", "_size"],
    "the private group comes last");
});

test("counts by type, most common first", () => {
  assert.deepEqual(countByType(TOKENS), [["color", 4], ["dimension", 2], ["shadow", 1]]);
});

test("colours read as designers write them", () => {
  assert.deepEqual(parseHex("#fff"), { r: 1, g: 1, b: 1, a: 1 });
  assert.equal(parseHex("red"), null);
  assert.equal(describe("#0969DAFF"), "#0969da");
  assert.equal(describe("#00000040"), "#000000 · 25 %");
  assert.equal(contrast("#000000ff", "#ffffffff").toFixed(1), "21.0", "black on white, for picking caption ink");
});

test("values become CSS and text", () => {
  assert.equal(cssDimension({ value: 1.5, unit: "rem" }), "1.5rem");
  assert.equal(cssDimension({ value: 4, unit: "dp" }), "4px");
  assert.equal(cssShadow(TOKENS["shadow.floating"].value), "0px 8px 24px 0px #00000040");
  assert.equal(cssBorder({ width: { value: 1, unit: "px" }, style: "dashed", color: "#d1d9e0ff" }), "1px dashed #d1d9e0ff");
  assert.equal(valueText("dimension", { value: 8, unit: "px" }), "8px");
  assert.equal(valueText("color", "#d1d9e0ff"), "#d1d9e0");
});

test("path words split camelCase like the server: fgColor is fg, context is not text", () => {
  assert.deepEqual(pathWords("button.danger.fgColor.rest"), ["button", "danger", "fg", "color", "rest"]);
  assert.deepEqual(pathWords("overlay.backdrop-context"), ["overlay", "backdrop", "context"]);
});

test("the page background is the design system's own, never a border colour", () => {
  assert.equal(backgroundCandidates(TOKENS)[0], "bgColor.default");
  assert.ok(!backgroundCandidates(TOKENS).includes("borderColor.default"));
  assert.equal(pageColour(TOKENS), "#ffffffff");
  assert.equal(pageColour({ "space.small": TOKENS["space.small"] }), "#ffffffff", "white when the skin names none");
});

test("the client-side diff (drafts, channels of different skins) finds changed, added and removed", () => {
  const older = { a: { type: "color", value: "#000000ff" }, b: { type: "color", value: "#111111ff" }, c: { type: "number", value: 1 } };
  const newer = { a: { type: "color", value: "#000000ff" }, b: { type: "color", value: "#222222ff" }, d: { type: "number", value: 2 } };
  const diff = diffTokens(older, newer);
  assert.deepEqual(Object.keys(diff.changed), ["b"]);
  assert.deepEqual(Object.keys(diff.added), ["d"]);
  assert.deepEqual(Object.keys(diff.removed), ["c"]);
  assert.deepEqual(diff.changed.b, { old: older.b, new: newer.b });
});
