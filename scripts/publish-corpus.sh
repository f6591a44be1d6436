#!/usr/bin/env bash
# Real design systems on a live server (docs/skins.md, issue 9): the seven systems of
# ../shared/corpus/dtcg/dtcg-examples, each published as one skin whose resolver modifiers'
# other contexts are `$livery.variants`, then file by file (each file unchanged but for a
# `$livery.extends` naming its system, so references across files resolve). Prints, per system
# and per file, tokens and warnings by code; then, for one system (Primer, the largest with its
# variants), publish time and cold resolve time (first request after a publish) over repeated runs.
#
# Usage: scripts/publish-corpus.sh [EXAMPLES=../shared/corpus/dtcg/dtcg-examples]
#   EXAMPLES is in the development workspace's corpus (../shared), which a plain clone lacks.
#   LIVERY=path/to/livery (default: a release build, built if missing); RUNS=11 timing runs;
#   TIMED=github-primer, the system whose publish and cold resolve are timed; SAVE=path writes
#   the document timed (for `ModelBench --file path`, which times the model's share in process).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
EXAMPLES="${1:-$ROOT/../shared/corpus/dtcg/dtcg-examples}"
[ -d "$EXAMPLES" ] || { echo "$(basename "$0"): no corpus at $EXAMPLES (pass the dtcg-examples folder)" >&2; exit 2; }
source "$ROOT/scripts/lib/temporary-server.sh" corpus

python3 - "$URL" "$TOKEN" "$EXAMPLES" "${RUNS:-11}" "${TIMED:-github-primer}" <<'PY'
import collections, glob, json, os, sys, time, urllib.error, urllib.request
url, token, examples, runs, timed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]

def call(method, path, body=None):
    request = urllib.request.Request(url + path, data=body, method=method,
                                     headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=600) as answer:
            return answer.status, answer.read(), time.perf_counter() - start
    except urllib.error.HTTPError as error:
        return error.code, error.read(), time.perf_counter() - start

def merge(base, local):
    result = dict(base)
    for key, value in local.items():
        if isinstance(value, dict) and "$value" not in value and isinstance(result.get(key), dict) and "$value" not in result[key]:
            result[key] = merge(result[key], value)
        else:
            result[key] = value
    return result

def files_of(entries, folder):
    names = []
    for entry in entries:
        ref = entry.get("$ref", "") if isinstance(entry, dict) else ""
        if ref and not ref.startswith("#"): names.append(os.path.normpath(os.path.join(folder, ref)))
    return names

def system_document(resolver_path):
    """The resolver's sets and each modifier's default context as the base; other contexts as variants."""
    resolver = json.load(open(resolver_path))
    folder = os.path.dirname(resolver_path)
    base, variants, seen = {}, {}, []
    # A set that resolutionOrder leaves out (Apple HIG's typography set, whose tokens its
    # text styles reference) comes first, so that references into it resolve.
    ordered = [item.get("$ref", "") for item in resolver["resolutionOrder"]]
    for name, entry in resolver.get("sets", {}).items():
        if f"#/sets/{name}" not in ordered:
            for path in files_of(entry["sources"], folder):
                base = merge(base, json.load(open(path))); seen.append(path)
    for item in resolver["resolutionOrder"]:
        ref = item.get("$ref", "")
        kind, _, name = ref.lstrip("#/").partition("/")
        if kind == "sets":
            for path in files_of(resolver["sets"][name]["sources"], folder):
                base = merge(base, json.load(open(path))); seen.append(path)
        elif kind == "modifiers":
            modifier = resolver["modifiers"][name]
            contexts = modifier["contexts"]
            default = modifier.get("default", next(iter(contexts)))
            for context, sources in contexts.items():
                paths = files_of(sources, folder)
                seen += [p for p in paths if p not in seen]
                tree = {}
                for path in paths: tree = merge(tree, json.load(open(path)))
                if context == default: base = merge(base, tree)
                else: variants[context if context not in variants else f"{name}-{context}"] = tree
    if variants: base["$livery"] = {"variants": variants}
    return base, seen

def count_warnings(answer):
    # One warning per kind, naming its paths (docs/skins.md): count the paths (an older server: one each).
    counter = collections.Counter()
    for w in json.loads(answer).get("warnings", []): counter[w["code"]] += w.get("count", 1)
    return counter

def fmt(counter):
    return ", ".join(f"{n} × {code}" for code, n in sorted(counter.items())) or "none"

largest = None
total_files = accepted_files = 0
for resolver_path in sorted(glob.glob(os.path.join(examples, "*.resolver.json"))):
    system = os.path.basename(resolver_path).removesuffix(".resolver.json")
    document, files = system_document(resolver_path)
    body = json.dumps(document).encode()
    status, answer, seconds = call("POST", f"/v1/skins/{system}/versions", body)
    if status != 201:
        print(f"{system}: REFUSED {status}: {answer[:300]!r}"); continue
    _, resolved, _ = call("GET", f"/v1/skins/{system}/resolved")
    tokens = len(json.loads(resolved)["tokens"])
    variants = len(document.get("$livery", {}).get("variants", {}))
    print(f"{system}: {len(files)} files, {tokens} tokens, {variants} variants, published 201 in {seconds*1000:.0f} ms; warnings: {fmt(count_warnings(answer))}")
    if system == timed: largest = (system, tokens, body)
    for index, path in enumerate(files):
        tree = json.load(open(path))
        tree["$livery"] = {"extends": system}
        status, answer, _ = call("POST", f"/v1/skins/{system}-file{index}/versions", json.dumps(tree).encode())
        total_files += 1
        name = os.path.relpath(path, examples)
        if status == 201:
            accepted_files += 1
            _, resolved, _ = call("GET", f"/v1/skins/{system}-file{index}/resolved")
            print(f"  {name}: 201, warnings: {fmt(count_warnings(answer))}")
        else:
            errors = collections.Counter(e["code"] for e in json.loads(answer).get("errors", []))
            print(f"  {name}: REFUSED {status}: {fmt(errors)}")
print(f"files published: {accepted_files}/{total_files}")

system, tokens, body = largest
if os.environ.get("SAVE"):
    with open(os.environ["SAVE"], "wb") as saved: saved.write(body)
    print(f"saved the {system} document to {os.environ['SAVE']}")
publish, cold = [], []
for run in range(runs):
    status, _, seconds = call("POST", f"/v1/skins/{system}/versions", body)
    assert status == 201, status
    publish.append(seconds)
    status, _, seconds = call("GET", f"/v1/skins/{system}/resolved")
    assert status == 200, status
    cold.append(seconds)
median = lambda xs: sorted(xs)[len(xs) // 2] * 1000
print(f"timed: {system} ({tokens} tokens with its variants), {runs} runs over HTTP on 127.0.0.1:")
print(f"  publish (validate base + every variant, store): median {median(publish):.1f} ms (min {min(publish)*1000:.1f}, max {max(publish)*1000:.1f})")
print(f"  cold resolve (first GET after each publish: parse + resolve + render): median {median(cold):.1f} ms (min {min(cold)*1000:.1f}, max {max(cold)*1000:.1f})")
PY
