#!/usr/bin/env bash
# The 60-second mixed attack (docs/operations.md, "Limits"): every hostile input of issue 33 at
# once — anonymous client= floods on channels that do not exist (7.8 KB names) and on a real one
# (distinct builds), variant lists, eight OFREP bodies dripping a byte at a time, OFREP contexts,
# validations of a 3,000-token skin, anonymous /contrast, a 5,000-entry builds PUT, a 60,000-entry
# contract, channel PUTs growing history — while a publisher publishes every second and readers
# read a cached document. Reports the publisher's, reader's and /readyz p50/p99, every attack's
# statuses, peak RSS, database growth, and whether every acknowledged publish was stored.
#
# Usage: scripts/mixed-attack.sh [SECONDS=60]
#   env: LIVERY (default: swift build -c release --product livery, then .build/release/livery).
# The server runs on a free port of 127.0.0.1 (scripts/lib/temporary-server.sh), stopped at exit.
set -euo pipefail
SECONDS_TO_RUN="${1:-60}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/lib/temporary-server.sh" attack-designer
ADMIN="$("$LIVERY" token create --name attack-admin --role admin --database "$WORK/livery.sqlite" 2>/dev/null | tail -1)"
PORT="${URL##*:}"
curl -sf -o /dev/null "$URL/v1/channels/default/skin"
echo "# livery pid $pid, release build, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
python3 "$ROOT/scripts/mixed-attack.py" --port "$PORT" --token "$TOKEN" --admin "$ADMIN" --pid "$pid" \
  --database "$WORK/livery.sqlite" --duration "$SECONDS_TO_RUN"
