// The web client against the fleet's one table of test vectors (Tests/Fixtures/fleet-vectors.json,
// also read by the server's FleetVectorTests and the Swift client's FleetVectorClientTests): its
// install bucket, and the `client` values it accepts — exactly those the server counts.
//
// Run: node --test Tests/WebClient/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { LiveryClient, bucketOf } from "../../Sources/LiveryServer/Resources/client.js";

const vectors = JSON.parse(readFileSync(new URL("../Fixtures/fleet-vectors.json", import.meta.url), "utf8"));

test("the bucket of every install id is the table's", () => {
  for (const [id, bucket] of vectors.buckets) assert.equal(bucketOf(id), bucket, JSON.stringify(id));
});

test("the client option accepts exactly the values the server counts", () => {
  for (const [client, counted] of vectors.clients) {
    const make = () => new LiveryClient({ baseURL: "http://livery.test", storage: null, client });
    if (counted === null) assert.throws(make, TypeError, client);
    else assert.doesNotThrow(make, client);
  }
});
