#!/usr/bin/env bash
# What the portable `poll` backend costs (docs/operations.md, issue 13): 304 GETs per second (wrk -t1 -c32, 8 s)
# while IDLE other keep-alive connections sit open on the server, for epoll and poll. poll(2) passes
# and scans every descriptor on each wait, so its rate falls with the idle count; epoll's does not.
#
# Usage: scripts/bench-poll-idle.sh [LIVERY_BINARY=.build/release/livery] [IDLE counts...=0 2000 8000]
#   Needs wrk and python3; everything runs on 127.0.0.1 and every process it starts is stopped on exit.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="${1:-$ROOT/.build/release/livery}"; shift || true
if [ $# -gt 0 ]; then COUNTS=("$@"); else COUNTS=(0 2000 8000); fi
ulimit -n 20000 2>/dev/null || true
run() {  # backend idle
  local dir pid holder port etag
  dir="$(mktemp -d)"
  LIVERY_EVENT_BACKEND=$1 LIVERY_LOG_LEVEL=warning "$BIN" serve --host 127.0.0.1 --port 0 --database "$dir/db.sqlite" >"$dir/out" 2>/dev/null &
  pid=$!; holder=""
  trap 'kill $pid $holder 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$dir"' RETURN
  for _ in $(seq 100); do grep -q "listening on" "$dir/out" && break; sleep 0.1; done
  port=$(sed -n 's/.*:\([0-9]*\)$/\1/p' "$dir/out" | head -1)
  etag=$(curl -sI "http://127.0.0.1:$port/v1/skins/demo/resolved" | tr -d '\r' | sed -n 's/^[Ee][Tt]ag: //p')
  python3 - "$port" "$2" "$dir/ready" <<'PY' &
import socket, sys, time
port, n, ready = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
socks = [socket.create_connection(("127.0.0.1", port)) for _ in range(n)]
for s in socks: s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
for s in socks: s.recv(4096)
open(ready, "w").write("1")
time.sleep(600)
PY
  holder=$!
  for _ in $(seq 600); do [ -f "$dir/ready" ] && break; sleep 0.1; done
  printf '%-6s idle=%-6s ' "$1" "$2"
  wrk -t1 -c32 -d8s -H "If-None-Match: $etag" "http://127.0.0.1:$port/v1/skins/demo/resolved" \
    | awk '/Requests\/sec/ {rps=$2} /Latency/ {lat=$2} END {printf "%10s req/s  mean latency %s\n", rps, lat}'
}
for idle in "${COUNTS[@]}"; do for backend in epoll poll; do run "$backend" "$idle"; done; done
