#!/usr/bin/env bash
# Rollout fan-out (issue 12): N long-polls spread over the 100 buckets of one channel, then one
# PUT moves the rollout from 10 % to 20 %. Exactly the waiters of buckets 10-19 must be answered
# (N/10 of them), quickly, and no other; also reports RSS per held request. Release build.
#
# Usage: scripts/bench-rollout.sh [N=10000] [PROCS=2]
set -euo pipefail
N="${1:-10000}"; PROCS="${2:-2}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PORT="${PORT:-18082}"
WORK="$(mktemp -d)"
ulimit -n "$(ulimit -Hn)"
pid=""
cleanup() { [ -n "$pid" ] && { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }; rm -rf "$WORK"; }
trap cleanup EXIT

(cd "$ROOT" && swift build -c release --product livery >/dev/null)
LIVERY="$ROOT/.build/release/livery"
LIVERY_LOG_LEVEL=warning LIVERY_MAX_CONNECTIONS=19000 "$LIVERY" serve --host 127.0.0.1 \
  --port "$PORT" --database "$WORK/livery.sqlite" >"$WORK/livery.log" 2>&1 &
pid=$!
for _ in $(seq 100); do curl -sf -o /dev/null "http://127.0.0.1:$PORT/healthz" && break; sleep 0.1; done
TOKEN="$("$LIVERY" token create --name bench --role designer --database "$WORK/livery.sqlite" 2>/dev/null | tail -1)"
for skin in base next; do
  tint=$([ "$skin" = base ] && echo '#3366ff' || echo '#ff6633')
  curl -sf -X POST -H "Authorization: Bearer $TOKEN" \
    --data-binary "{\"color\":{\"\$type\":\"color\",\"tint\":{\"\$value\":\"$tint\"}}}" \
    "http://127.0.0.1:$PORT/v1/skins/$skin/versions" >/dev/null
done
echo "# livery pid $pid, $(nproc) cores (shared with other work), threads $(awk '/^Threads:/{print $2}' /proc/$pid/status)"
python3 "$ROOT/scripts/bench-rollout.py" --port "$PORT" --token "$TOKEN" --pid "$pid" -n "$N" --procs "$PROCS" --from 10 --to 20

# Schedule latency: five schedules 2.0-2.8 s ahead; how long after its time each was carried out.
for offset in 2.0 2.2 2.4 2.6 2.8; do
  at="$(python3 -c "import datetime as d; t = d.datetime.now(d.timezone.utc) + d.timedelta(seconds=$offset); print(t.strftime('%Y-%m-%dT%H:%M:%S.') + f'{t.microsecond // 1000:03d}Z')")"
  curl -sf -o /dev/null -X POST -H "Authorization: Bearer $TOKEN" -d "{\"at\":\"$at\",\"skin\":\"base\",\"version\":1}" \
    "http://127.0.0.1:$PORT/v1/channels/sched/schedules"
done
sleep 4
curl -sf -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/v1/channels/sched/schedules" | python3 -c '
import json, sys, datetime as d
parse = lambda s: d.datetime.strptime(s, "%Y-%m-%dT%H:%M:%S.%fZ")
rows = json.load(sys.stdin)["schedules"]
delays = [(parse(r["carriedOutAt"]) - parse(r["at"])).total_seconds() * 1000 for r in rows if r["state"] == "done"]
states = [r["state"] for r in rows]
print(f"# schedules carried out after their time (ms): {[round(x) for x in delays]}; states {states}")'
