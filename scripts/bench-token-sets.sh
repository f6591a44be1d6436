#!/usr/bin/env bash
# Token sets (docs/skins.md "Token sets", issue 10): publish time of a resolver bundle, cold resolve of one
# permutation, and the memory all of its cached permutations hold, on a live `livery serve`.
#
# Usage: scripts/bench-token-sets.sh [RESOLVER=../shared/corpus/dtcg/dtcg-examples/github-primer.resolver.json]
#   The default resolver is in the development workspace's corpus (../shared, not in this
#   repository); from a plain clone, pass a resolver document of your own.
#   LIVERY=path/to/livery (default: a release build, built if missing)
#   DROP_REFUSED=1: when the server refuses tokens (422), remove exactly the tokens its errors name
#   from the bundle and publish again, saying how many; without it a refused bundle stops the run.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RESOLVER="${1:-$ROOT/../shared/corpus/dtcg/dtcg-examples/github-primer.resolver.json}"
[ -f "$RESOLVER" ] || { echo "$(basename "$0"): no resolver document at $RESOLVER (the default is in the development
  workspace's corpus, ../shared, which a plain clone does not have: pass a resolver document of your own)" >&2; exit 2; }
source "$ROOT/scripts/lib/temporary-server.sh" bench

python3 - "$URL" "$TOKEN" "$RESOLVER" "$pid" "${DROP_REFUSED:-0}" <<'PY'
import itertools, json, os, re, sys, time, urllib.error, urllib.parse, urllib.request
url, token, resolver_path, pid, drop = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5] == "1"

def call(method, path, body=None, headers={}):
    request = urllib.request.Request(url + path, data=body, method=method,
                                     headers={"Authorization": "Bearer " + token, **headers})
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=600) as answer:
            return answer.status, answer.read(), time.perf_counter() - start
    except urllib.error.HTTPError as error:
        return error.code, error.read(), time.perf_counter() - start

def rss_kb():
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"): return int(line.split()[1])

resolver_text = open(resolver_path, "rb").read()
resolver = json.loads(resolver_text)
folder = os.path.dirname(resolver_path)
references = []
def collect(value):
    if isinstance(value, dict):
        ref = value.get("$ref")
        if isinstance(ref, str) and not ref.startswith("#"):
            name = ref.split("#")[0]
            if name not in references: references.append(name)
        for member in value.values(): collect(member)
    elif isinstance(value, list):
        for member in value: collect(member)
collect(resolver)
files = {name: json.load(open(os.path.join(folder, name))) for name in references}
raw = {name: open(os.path.join(folder, name), "rb").read() for name in references}

def bundle():
    # Files spliced in as written (their member order is kept); the resolver as written.
    parts = [json.dumps(name).encode() + b":" + raw[name] for name in references]
    return b'{"resolver":' + resolver_text + b',"files":{' + b",".join(parts) + b"}}"

dropped = 0
for attempt in range(20):
    body = bundle()
    status, answer, seconds = call("POST", f"/v1/skins/bench{attempt}/versions", body, {"Content-Type": "application/json"})
    if status == 201: break
    if status != 422 or not drop:
        sys.exit(f"publish answered {status}: {answer[:400]!r} (DROP_REFUSED=1 removes the refused tokens and retries)")
    for error in json.loads(answer).get("errors", []):
        match = re.match(r"(.*)#(/.*)", error["path"])
        if not match: continue
        key = next((name for name in references if os.path.normpath(name) == os.path.normpath(match.group(1))), None)
        if key is None: continue
        pointer = [part.replace("~1", "/").replace("~0", "~") for part in match.group(2).split("/")[1:]]
        node = files[key]
        for part in pointer[:-1]: node = node.get(part, {}) if isinstance(node, dict) else {}
        if isinstance(node, dict) and pointer[-1] in node:
            del node[pointer[-1]]; dropped += 1
    raw = {name: json.dumps(files[name]).encode() for name in references}
else:
    sys.exit("still refused after 20 rounds")
skin = f"bench{attempt}"
print(f"set: {os.path.basename(resolver_path)}, {len(references)} files, bundle {len(body):,} bytes"
      + (f", {dropped} refused tokens removed first" if dropped else ""))
times = []
for repeat in range(5):
    status, _, seconds = call("POST", f"/v1/skins/{skin}/versions", body, {"Content-Type": "application/json"})
    assert status == 201, status
    times.append(seconds)
print(f"publish (REST, validate every context once + store), 5 runs: median {sorted(times)[2]*1000:.0f} ms, "
      f"min {min(times)*1000:.0f} ms, max {max(times)*1000:.0f} ms")

detail = json.loads(call("GET", f"/v1/skins/{skin}")[1])
axes = detail["axes"]
permutations = [list(p) for p in itertools.product(*[[f"{a['name']}:{c}" for c in a["contexts"]] for a in axes])]
rss_before = rss_kb()
def get(selection, encoding="identity"):
    query = urllib.parse.quote(",".join(selection))
    return call("GET", f"/v1/skins/{skin}/resolved?variant={query}", headers={"Accept-Encoding": encoding})
status, first, seconds = get(permutations[-1])
assert status == 200, status
print(f"cold resolve of one permutation ({','.join(permutations[-1])}): {seconds*1000:.0f} ms "
      f"(first request after publish: parse of the stored bundle + merge + resolve + render), "
      f"{len(json.loads(first)['tokens']):,} tokens, {len(first):,} bytes")
status, _, seconds = get(permutations[0])
print(f"cold resolve of another permutation ({','.join(permutations[0])}), parse cached: {seconds*1000:.0f} ms")
status, _, seconds = get(permutations[0])
print(f"the same permutation again (cached bytes): {seconds*1000:.1f} ms")
identity = gzip = 0
for selection in permutations:
    status, data, _ = get(selection)
    identity += len(data)
    status, data, _ = get(selection, "gzip")
    gzip += len(data)
rss_after = rss_kb()
print(f"all {len(permutations)} permutations cached: {identity:,} bytes of documents + {gzip:,} gzip; "
      f"server RSS {rss_before:,} kB -> {rss_after:,} kB (+{rss_after - rss_before:,} kB)")
PY
