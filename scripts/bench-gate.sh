#!/usr/bin/env bash
# The release gate's cost (docs/apps.md, "What a live build is served, on every path"): activating
# Primer (the corpus's github-primer resolver: 1,353 tokens, 12 selections) on a channel where a
# build with a contract is live, on a release build. Two versions of Primer are published; each
# round activates them in turn, so every activation checks a look that is new to the channel
# (its contrast pairs and the build's contract over every selection). Reports each activation's
# wall time (curl's time_total) and the server's CPU time for it (utime+stime from /proc),
# with and without a contract registered, as min / median / max.
#
# Usage: scripts/bench-gate.sh [ROUNDS=10]
#   env: LIVERY (default: swift build -c release --product livery, then .build/release/livery),
#        EXAMPLES (../shared/corpus/dtcg/dtcg-examples).
# The server runs on a free port of 127.0.0.1 (scripts/lib/temporary-server.sh) and is stopped at exit.
set -euo pipefail
ROUNDS="${1:-10}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
EXAMPLES="${EXAMPLES:-$ROOT/../shared/corpus/dtcg/dtcg-examples}"
[ -f "$EXAMPLES/github-primer.resolver.json" ] || { echo "no $EXAMPLES/github-primer.resolver.json (the shared corpus)" >&2; exit 2; }
source "$ROOT/scripts/lib/temporary-server.sh" bench
LIVERY_BIN="$LIVERY" BASE="$URL"
# Activations here send "force": true (an admin's), so a Primer contrast finding cannot stop the loop.
TOKEN="$("$LIVERY_BIN" token create --name bench-admin --role admin --database "$WORK/livery.sqlite" 2>/dev/null | tail -1)"
export LIVERY_SERVER="$BASE" LIVERY_TOKEN="$TOKEN"

# Two versions of Primer: the corpus's, and one with a foreground colour changed (another look).
cp -r "$EXAMPLES/github-primer" "$EXAMPLES/github-primer.resolver.json" "$WORK/"
"$LIVERY_BIN" publish "$WORK/github-primer.resolver.json" --skin primer >/dev/null
python3 - "$WORK/github-primer/functional/color/fgColor.tokens.json" <<'EOF'
import json, sys
path = sys.argv[1]
text = open(path).read()
# Change the first hex colour in the file: a second look that still passes.
import re
text = re.sub(r'#[0-9a-fA-F]{6}', '#1f2328', text, count=1) if '#1f2328' not in text[:200] else re.sub(r'#[0-9a-fA-F]{6}', '#24292f', text, count=1)
open(path, 'w').write(text)
EOF
"$LIVERY_BIN" publish "$WORK/github-primer.resolver.json" --skin primer >/dev/null

curl -sf -X PUT -H "Authorization: Bearer $TOKEN" -d '{"skin":"primer","version":1}' "$BASE/v1/channels/bench" >/dev/null
curl -sf "$BASE/v1/skins/primer/versions/1/resolved" >"$WORK/primer-resolved.json"
"$LIVERY_BIN" contract derive "$WORK/primer-resolved.json" --output "$WORK/contract.json"

ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
measure() { # $1: label
  local times=() cpus=()
  for round in $(seq "$ROUNDS"); do
    for version in 2 1; do
      local before after wall status
      before=$(ticks)
      read -r status wall < <(curl -s -o "$WORK/answer.json" -w '%{http_code} %{time_total}\n' -X PUT \
        -H "Authorization: Bearer $TOKEN" -d "{\"skin\":\"primer\",\"version\":$version,\"force\":true}" "$BASE/v1/channels/bench")
      after=$(ticks)
      [ "$status" = 200 ] || { echo "activation answered $status: $(cat "$WORK/answer.json")" >&2; exit 1; }
      times+=("$wall"); cpus+=("$(( (after - before) * 1000 / hz ))")
    done
  done
  python3 - "$1" "${times[*]}" "${cpus[*]}" <<'EOF'
import sys, statistics
label, times, cpus = sys.argv[1], [float(t) * 1000 for t in sys.argv[2].split()], [float(c) for c in sys.argv[3].split()]
print(f"{label:<22} wall ms  min {min(times):7.1f}  median {statistics.median(times):7.1f}  max {max(times):7.1f}   "
      f"server cpu ms  min {min(cpus):5.0f}  median {statistics.median(cpus):5.0f}  max {max(cpus):5.0f}   ({len(times)} activations)")
EOF
}

echo "# livery pid $pid, release build, $(nproc) cores; Primer: $(python3 -c "import json; print(len(json.load(open('$WORK/primer-resolved.json'))['tokens']))") tokens"
measure "no contract"
"$LIVERY_BIN" contract push --platform ios --version 3.2.1 "$WORK/contract.json"
curl -sf -o /dev/null "$BASE/v1/channels/bench/skin?client=ios/3.2.1"
measure "contract, live build"
