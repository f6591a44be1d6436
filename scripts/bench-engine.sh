#!/usr/bin/env bash
# Benchmarks the HTTP engine against the Hummingbird reference with ../shared/bench/bench.sh.
#
# Usage: scripts/bench-engine.sh [ROUNDS=2]   (needs the development workspace's reference servers,
#   ../shared/bench next to the repository, or BENCH=DIR; a plain clone does not have them)
#   env: BENCH (default ../shared/bench next to the repo), ENGINE_PORT (8084), HB_PORT (8081),
#        plus bench.sh's DURATION / WARMUP / THREADS.
# Builds Benchmarks/EngineBench (release), expects the Hummingbird anchor already built
# (cd $BENCH/hummingbird/hb-skin-anchor && swift build -c release), starts both servers, runs
# bench.sh engine / hummingbird alternately (A B A B …), then measures server CPU per request
# (utime+stime from /proc over one 8 s wrk gzip-c64 run each) and stops both servers.
set -euo pipefail
ROUNDS="${1:-2}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="${BENCH:-$ROOT/../shared/bench}"
[ -d "$BENCH/data" ] || { echo "$(basename "$0"): the reference servers are not at $BENCH (a development-workspace
  checkout of shared/bench; set BENCH=DIR to point elsewhere). This benchmark needs them; nothing was run." >&2; exit 2; }
ENGINE_PORT="${ENGINE_PORT:-8084}"
HB_PORT="${HB_PORT:-8081}"
(cd "$ROOT/Benchmarks" && swift build -c release --product EngineBench)
ENGINE_BIN="$ROOT/Benchmarks/.build/release/EngineBench"
HB_BIN="$BENCH/hummingbird/hb-skin-anchor/.build/release/HBSkinServer"
[ -x "$HB_BIN" ] || { echo "build the Hummingbird anchor first: $HB_BIN" >&2; exit 1; }

"$ENGINE_BIN" --port "$ENGINE_PORT" --data "$BENCH/data" > /tmp/engine-bench.log 2>&1 &
ENGINE_PID=$!
"$HB_BIN" --port "$HB_PORT" --data "$BENCH/data" > /tmp/hb-bench.log 2>&1 &
HB_PID=$!
trap 'kill $ENGINE_PID $HB_PID 2>/dev/null || true; wait $ENGINE_PID $HB_PID 2>/dev/null || true' EXIT
for port in "$ENGINE_PORT" "$HB_PORT"; do
  for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/v1/skin" && break; sleep 0.1; done
done

for round in $(seq "$ROUNDS"); do
  echo "# round $round"
  "$BENCH/bench.sh" "$ENGINE_PORT" engine
  "$BENCH/bench.sh" "$HB_PORT" hummingbird
done

ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
hz=$(getconf CLK_TCK)
for pair in "engine:$ENGINE_PID:$ENGINE_PORT" "hummingbird:$HB_PID:$HB_PORT"; do
  IFS=: read -r name pid port <<<"$pair"
  before=$(ticks "$pid")
  out=$(wrk -t2 -c64 -d8s -H 'Accept-Encoding: gzip' "http://127.0.0.1:$port/v1/skin")
  after=$(ticks "$pid")
  reqs=$(awk '/requests in/{print $1}' <<<"$out")
  awk -v n="$name" -v t=$((after - before)) -v hz="$hz" -v r="$reqs" \
    'BEGIN{printf "# %s cpu: %.2f us/request over %d requests (gzip-c64, 8 s)\n", n, t * 1e6 / hz / r, r}'
done
