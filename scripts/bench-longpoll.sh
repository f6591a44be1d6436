#!/usr/bin/env bash
# Long-poll fan-out on Livery: N clients hold GET /v1/channels/bench/skin with If-None-Match and
# Prefer: wait=60; one authenticated publish changes the document; reports the time until
# 50/99/100 % of them had their 200, and the server's RSS per held request (issue 4).
#
# Usage: scripts/bench-longpoll.sh [N=10000] [PROCS=2]   (needs the development workspace's reference
#   servers, ../shared/bench next to the repository, or BENCH_DIR=DIR; a plain clone does not have them)
#   DEFAULTS=1 runs the server exactly as shipped: no raised limits (neither LIVERY_MAX_CONNECTIONS nor
#   the shell's open-file limit; the server raises its own as far as http.maxConnections needs) and the
#   default log level. Then at most longPoll.maxWaiters (http.maxConnections less 5 %: 9,500) requests
#   are held; the ones beyond are answered at once with 304 + Retry-After (docs/api.md), as the counts show.
set -euo pipefail
N="${1:-10000}"; PROCS="${2:-2}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="${BENCH_DIR:-$ROOT/../shared/bench}"
[ -d "$BENCH/data" ] || { echo "$(basename "$0"): the reference servers are not at $BENCH (a development-workspace
  checkout of shared/bench; set BENCH_DIR=DIR to point elsewhere). This benchmark needs them; nothing was run." >&2; exit 2; }
PORT=18081
WORK="$(mktemp -d)"
DEFAULTS="${DEFAULTS:-0}"
[ "$DEFAULTS" = 1 ] || ulimit -n "$(ulimit -Hn)"
pid=""
cleanup() { [ -n "$pid" ] && { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }; rm -rf "$WORK"; }
trap cleanup EXIT

(cd "$ROOT" && swift build -c release --product livery >/dev/null)
LIVERY="$ROOT/.build/release/livery"
if [ "$DEFAULTS" = 1 ]; then
  "$LIVERY" serve --host 127.0.0.1 --port "$PORT" --database "$WORK/livery.sqlite" >"$WORK/livery.log" 2>&1 &
else
  LIVERY_LOG_LEVEL=warning LIVERY_MAX_CONNECTIONS=19000 "$LIVERY" serve --host 127.0.0.1 --port "$PORT" \
    --database "$WORK/livery.sqlite" >"$WORK/livery.log" 2>&1 &
fi
pid=$!
for _ in $(seq 100); do curl -sf -o /dev/null "http://127.0.0.1:$PORT/healthz" && break; sleep 0.1; done
TOKEN="$("$LIVERY" token create --name bench --role designer --database "$WORK/livery.sqlite" 2>/dev/null | tail -1)"
curl -sf -X POST -H "Authorization: Bearer $TOKEN" --data-binary @"$BENCH/data/skin.livery.json" \
  "http://127.0.0.1:$PORT/v1/skins/bench/versions" >/dev/null
curl -sf -X PUT -H "Authorization: Bearer $TOKEN" -d '{"skin":"bench","version":null}' \
  "http://127.0.0.1:$PORT/v1/channels/bench" >/dev/null
# The second version differs in one colour, so every waiter's bytes change.
python3 - "$BENCH/data/skin.livery.json" "$WORK/next.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc.setdefault("benchmark", {})["marker"] = {"$type": "color", "$value": "#123456"}
json.dump(doc, open(sys.argv[2], "w"))
PY
TAG="$(curl -s -o /dev/null -D - -H 'Accept-Encoding: gzip' "http://127.0.0.1:$PORT/v1/channels/bench/skin" | awk 'tolower($1)=="etag:"{print $2}' | tr -d '\r')"
echo "# livery pid $pid, tag $TAG, threads $(awk '/^Threads:/{print $2}' /proc/$pid/status), rss before $(awk '/^VmRSS:/{print $2}' /proc/$pid/status) kB"
python3 "$BENCH/longpoll/holdconn.py" --port "$PORT" --path /v1/channels/bench/skin -n "$N" --procs "$PROCS" \
  -H 'Accept-Encoding: gzip' -H "If-None-Match: $TAG" -H 'Prefer: wait=60' --pid "$pid" --timeout 35 --settle 3 \
  --trigger-cmd "curl -sf -o /dev/null -X POST -H 'Authorization: Bearer $TOKEN' --data-binary @$WORK/next.json http://127.0.0.1:$PORT/v1/skins/bench/versions" \
  --json "$WORK/result.json"
grep -o 'open-file limit[^"]*' "$WORK/livery.log" | head -1 | sed 's/^/# server: /' || true
echo "# threads in server while holding: $(awk '/^Threads:/{print $2}' /proc/$pid/status)"

# Publish latency of a 5,000-token skin: median of 20 publishes, measured by curl.
python3 - "$WORK/big.json" <<'PY'
import json, sys
doc = {"$livery": {"variants": {"dark": {"color": {f"c{i}": {"$value": "#000000"} for i in range(0, 5000, 50)}}}},
       "color": {"$type": "color", **{f"c{i}": {"$value": "#3366ff" if i % 3 else f"lighten({{color.c{i-1}}}, 0.1)" if i else "#3366ff"} for i in range(3000)}},
       "size": {"$type": "dimension", **{f"s{i}": {"$value": f"{i % 64}px"} for i in range(2000)}}}
json.dump(doc, open(sys.argv[1], "w"))
PY
for i in $(seq 20); do
  curl -s -o /dev/null -w '%{time_total}\n' -X POST -H "Authorization: Bearer $TOKEN" --data-binary @"$WORK/big.json" \
    "http://127.0.0.1:$PORT/v1/skins/big/versions"
done | sort -n | awk -v size="$(wc -c < "$WORK/big.json")" '{a[NR]=$1} END {printf "# publish of a 5,000-token skin (%d B): median %.1f ms, max %.1f ms over %d publishes\n", size, a[int((NR+1)/2)]*1000, a[NR]*1000, NR}'
