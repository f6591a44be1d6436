#!/usr/bin/env bash
# Long-poll capacity of the engine, measured like the Hummingbird anchor
# (../shared/bench/longpoll/run_longpoll.sh): N clients wait on GET /v1/skin/wait (deferred
# responses), one POST /v1/publish answers them all; holdconn.py reports server VmRSS before and
# while holding, and the time until 50/99/100 % were answered.
#
# Usage: scripts/longpoll-engine.sh [N=10000] [PROCS=2]   (needs the development workspace's reference
#   servers, ../shared/bench next to the repository, or BENCH=DIR; a plain clone does not have them)
set -euo pipefail
N="${1:-10000}"; PROCS="${2:-2}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="${BENCH:-$ROOT/../shared/bench}"
[ -d "$BENCH/data" ] || { echo "$(basename "$0"): the reference servers are not at $BENCH (a development-workspace
  checkout of shared/bench; set BENCH=DIR to point elsewhere). This benchmark needs them; nothing was run." >&2; exit 2; }
PORT="${ENGINE_PORT:-8084}"
ulimit -n "$(ulimit -Hn)"
(cd "$ROOT/Benchmarks" && swift build -c release --product EngineBench)
"$ROOT/Benchmarks/.build/release/EngineBench" --port "$PORT" --data "$BENCH/data" --wait-timeout 60 > /tmp/engine-longpoll.log 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null || true; wait $PID 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$PORT/v1/skin" && break; sleep 0.1; done
python3 "$BENCH/longpoll/holdconn.py" --port "$PORT" --path /v1/skin/wait -n "$N" --procs "$PROCS" \
  -H 'Accept-Encoding: gzip' --trigger 'POST /v1/publish' --pid "$PID" --timeout 35 --settle 3
echo "# threads in server: $(awk '/^Threads:/{print $2}' /proc/$PID/status)"
