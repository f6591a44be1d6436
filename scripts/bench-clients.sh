#!/usr/bin/env bash
# The cost of client identity (docs/apps.md, "Old builds in the field"): launches of one channel
# with `client=` spread over 50 builds against launches without it, alternately in one run, on a
# release build. Reports req/s and the server's CPU per request (utime+stime from /proc) for each
# round, and the store writes of per-build counts (/metrics livery_client_count_writes_total)
# over each 10 s load: counts are written at most once a minute, never on a request's path.
#
# Usage: scripts/bench-clients.sh [ROUNDS=3]
#   env: LIVERY_BIN (default: swift build -c release --product livery, then .build/release/livery),
#        PORT (18093), DURATION (10), CONNECTIONS (16 per load process), PROCS (2).
# Stops the server it started, also on error or Ctrl-C. Only 127.0.0.1 is loaded.
set -euo pipefail
ROUNDS="${1:-3}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PORT="${PORT:-18093}"; DURATION="${DURATION:-10}"; CONNECTIONS="${CONNECTIONS:-16}"; PROCS="${PROCS:-2}"
WORK="$(mktemp -d)"
pid=""
cleanup() { [ -n "$pid" ] && { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }; rm -rf "$WORK"; }
trap cleanup EXIT

if [ -z "${LIVERY_BIN:-}" ]; then
  (cd "$ROOT" && swift build -c release --product livery >/dev/null)
  LIVERY_BIN="$ROOT/.build/release/livery"
fi
LIVERY_LOG_LEVEL=warning "$LIVERY_BIN" serve --host 127.0.0.1 --port "$PORT" --database "$WORK/livery.sqlite" \
  >"$WORK/livery.log" 2>&1 &
pid=$!
for _ in $(seq 100); do curl -sf -o /dev/null "http://127.0.0.1:$PORT/healthz" && break; sleep 0.1; done
TOKEN="$("$LIVERY_BIN" token create --name bench --role designer --database "$WORK/livery.sqlite" 2>/dev/null | tail -1)"
curl -sf -X PUT -H "Authorization: Bearer $TOKEN" -d '{"skin":"demo","version":null}' \
  "http://127.0.0.1:$PORT/v1/channels/bench" >/dev/null
# Warm the caches of both kinds of request.
python3 "$ROOT/scripts/bench-clients.py" --port "$PORT" --mode clients --duration 2 --connections 4 --procs 1 >/dev/null
python3 "$ROOT/scripts/bench-clients.py" --port "$PORT" --mode plain --duration 2 --connections 4 --procs 1 >/dev/null

ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
writes() { curl -sf "http://127.0.0.1:$PORT/metrics" | awk '/^livery_client_count_writes_total /{print $2}'; }
hz=$(getconf CLK_TCK)
echo "# livery pid $pid, $(nproc) cores shared with other work; $PROCS load processes x $CONNECTIONS connections, ${DURATION} s per run"
printf '%-8s %-6s %10s %12s %14s %12s\n' mode round requests req/s cpu-us/req store-writes
for round in $(seq "$ROUNDS"); do
  for mode in plain clients; do
    before_ticks=$(ticks); before_writes=$(writes)
    out=$(python3 "$ROOT/scripts/bench-clients.py" --port "$PORT" --mode "$mode" --duration "$DURATION" \
      --connections "$CONNECTIONS" --procs "$PROCS")
    after_ticks=$(ticks); after_writes=$(writes)
    python3 -c "
import json, sys
r = json.loads('$out'); t = $after_ticks - $before_ticks
print('%-8s %-6s %10d %12.0f %14.1f %12d' % ('$mode', '$round', r['requests'], r['requests'] / r['seconds'],
      t * 1e6 / $hz / max(r['requests'], 1), $after_writes - $before_writes) + ('  errors %d' % r['errors'] if r['errors'] else ''))"
  done
done
echo "# builds listed by /v1/clients: $(curl -sf -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/v1/clients" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["clients"]))')"
