#!/usr/bin/env bash
# Livery vs the reference servers of ../shared/bench, in one interleaved session (SPEC issue 4).
#
# Usage: scripts/bench-http.sh [ROUNDS=2]   (needs the development workspace's reference servers,
#   ../shared/bench next to the repository, or BENCH_DIR=DIR; a plain clone does not have them)
#   Builds livery in release mode, starts it on a fresh database, publishes
#   ../shared/bench/data/skin.livery.json as skin "bench" and activates it on channel "bench",
#   then runs ../shared/bench/bench.sh against Livery (BENCH_PATH=/v1/channels/bench/skin),
#   Hummingbird (8081) and nginx (8083) alternately: A B C, then C B A, ... so drift shows.
#   Needs: wrk (apt-get install wrk), the Hummingbird anchor built (see ../shared/bench/README.md),
#   nginx-light for the nginx anchor (skipped if missing). Env: DURATION, WARMUP as for bench.sh;
#   LOOPS (default "2 1"): Livery is run once per event-loop count listed, as livery-l2, livery-l1.
#   wrk's two threads share the machine's two cores with the server, so one loop can beat two
#   here although two is right on a machine of its own; both are reported.
set -euo pipefail
ROUNDS="${1:-2}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="${BENCH_DIR:-$ROOT/../shared/bench}"
[ -d "$BENCH/data" ] || { echo "$(basename "$0"): the reference servers are not at $BENCH (a development-workspace
  checkout of shared/bench; set BENCH_DIR=DIR to point elsewhere). This benchmark needs them; nothing was run." >&2; exit 2; }
LOOPS="${LOOPS:-2 1}"
WORK="$(mktemp -d)"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; rm -rf "$WORK"; }
trap cleanup EXIT

(cd "$ROOT" && swift build -c release --product livery >/dev/null)
LIVERY="$ROOT/.build/release/livery"

start_livery() {  # LOOPS PORT
  local dir="$WORK/l$1"; mkdir -p "$dir"
  LIVERY_EVENT_LOOPS="$1" LIVERY_LOG_LEVEL="${LIVERY_LOG_LEVEL:-warning}" "$LIVERY" serve --host 127.0.0.1 --port "$2" \
    --database "$dir/livery.sqlite" >"$dir/livery.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do curl -sf -o /dev/null "http://127.0.0.1:$2/healthz" && break; sleep 0.1; done
  local token
  token="$("$LIVERY" token create --name bench --role designer --database "$dir/livery.sqlite" 2>/dev/null | tail -1)"
  curl -sf -X POST -H "Authorization: Bearer $token" --data-binary @"$BENCH/data/skin.livery.json" \
    "http://127.0.0.1:$2/v1/skins/bench/versions" >/dev/null
  curl -sf -X PUT -H "Authorization: Bearer $token" -d '{"skin":"bench","version":null}' \
    "http://127.0.0.1:$2/v1/channels/bench" >/dev/null
}

livery_names=()
for loops in $LOOPS; do
  start_livery "$loops" "$((18080 + loops))"
  livery_names+=("livery-l$loops")
done
PORT=$((18080 + ${LOOPS%% *}))
echo "# livery: $(curl -s -H 'Accept-Encoding: gzip' "http://127.0.0.1:$PORT/v1/channels/bench/skin" | wc -c) B gzip, $(curl -s "http://127.0.0.1:$PORT/v1/channels/bench/skin" | wc -c) B plain; reference: $(wc -c < "$BENCH/data/skin.json.gz") B gzip, $(wc -c < "$BENCH/data/skin.json") B plain"

HB="$BENCH/hummingbird/hb-skin-anchor/.build/release/HBSkinServer"
"$HB" --port 8081 --data "$BENCH/data" >"$WORK/hb.log" 2>&1 &
pids+=($!)
have_nginx=0
if command -v nginx >/dev/null && [ -x "$BENCH/nginx/run.sh" ]; then
  "$BENCH/nginx/run.sh" "$WORK/nginx" >"$WORK/nginx.log" 2>&1 &
  pids+=($!)
  have_nginx=1
fi
sleep 1

run() {
  case "$1" in
    livery-l*) BENCH_PATH=/v1/channels/bench/skin "$BENCH/bench.sh" "$((18080 + ${1#livery-l}))" "$1" ;;
    hummingbird) "$BENCH/bench.sh" 8081 hummingbird ;;
    nginx) [ "$have_nginx" = 1 ] && "$BENCH/bench.sh" 8083 nginx || true ;;
  esac
}
order=("${livery_names[@]}" hummingbird nginx)
for round in $(seq "$ROUNDS"); do
  echo "# round $round"
  if (( round % 2 == 0 )); then for ((i=${#order[@]}-1; i>=0; i--)); do run "${order[$i]}"; done
  else for s in "${order[@]}"; do run "$s"; done; fi
done
