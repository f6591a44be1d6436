#!/usr/bin/env bash
# Crash test for Livery's store (docs/operations.md: an acknowledged write survives kill -9).
#
# Each round starts PROCS store-crash processes on one database file, each publishing from TASKS
# concurrent tasks and printing "ack SKIN VERSION ID" only after a publish returned. After a
# random 0.5–2.5 s every process is killed with SIGKILL. Then the database is reopened and checked:
#   * store-crash verify: the store opens (WAL recovery, migration ledger) and integrity_check is ok;
#   * sqlite3: PRAGMA integrity_check is ok;
#   * every acknowledged (skin, version, id) of every round so far is stored, with that id;
#   * per skin, versions are exactly 1…max (no gaps) and no document id is stored twice.
# Committed-but-unacknowledged versions (killed between commit and print) are allowed.
#
# Usage: scripts/crash-test.sh [ROUNDS=5] [PROCS=2] [TASKS=8]   (KEEP=1 keeps the work directory)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

rounds=${1:-5}
procs=${2:-2}
tasks=${3:-8}

command -v sqlite3 >/dev/null || { echo "crash-test: needs the sqlite3 CLI (apt-get install -y sqlite3)" >&2; exit 2; }

echo "building Benchmarks/StoreCrash (release)…"
swift build -c release --package-path Benchmarks/StoreCrash >/dev/null
bin="$(swift build -c release --package-path Benchmarks/StoreCrash --show-bin-path)/store-crash"

work=$(mktemp -d "${TMPDIR:-/tmp}/livery-crash.XXXXXX")
if [ "${KEEP:-0}" != 1 ]; then trap 'rm -rf "$work"' EXIT; else echo "work directory: $work"; fi
db="$work/livery.sqlite"
: > "$work/acked.txt"

for round in $(seq 1 "$rounds"); do
  pids=()
  for p in $(seq 1 "$procs"); do
    "$bin" publish "$db" "r${round}p${p}" "$tasks" 3 > "$work/acks-$round-$p.txt" 2> "$work/err-$round-$p.txt" &
    pids+=($!)
  done
  sleep "$(awk -v s="$RANDOM" 'BEGIN { srand(s); printf "%.2f", 0.5 + rand() * 2 }')"
  kill -9 "${pids[@]}"
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done

  # A line cut by the kill (no trailing newline) was not acknowledged; keep complete lines only.
  round_acks=0
  for p in $(seq 1 "$procs"); do
    f="$work/acks-$round-$p.txt"
    awk '/^ack [^ ]+ [0-9]+ [^ ]+$/ { print $2, $3, $4 }' "$f" >> "$work/acked.txt"
    round_acks=$((round_acks + $(grep -c '^ack .* .* .*$' "$f" || true)))
    if [ -s "$work/err-$round-$p.txt" ]; then echo "round $round: process $p reported errors:"; head -5 "$work/err-$round-$p.txt"; fi
  done

  verify=$("$bin" verify "$db")
  integrity=$(sqlite3 "$db" "PRAGMA integrity_check")
  sqlite3 -separator ' ' "$db" \
    "SELECT s.name, v.number, json_extract(CAST(v.document AS TEXT), '\$.crashId') FROM versions v JOIN skins s ON s.id = v.skin_id" \
    | sort > "$work/present.txt"
  sort "$work/acked.txt" > "$work/acked.sorted"
  missing=$(comm -23 "$work/acked.sorted" "$work/present.txt" | wc -l)
  gaps=$(sqlite3 "$db" "SELECT count(*) FROM (SELECT skin_id FROM versions GROUP BY skin_id HAVING count(*) <> max(number))")
  duplicates=$(sqlite3 "$db" "SELECT count(*) - count(DISTINCT json_extract(CAST(document AS TEXT), '\$.crashId')) FROM versions")
  stored=$(wc -l < "$work/present.txt")
  total_acked=$(wc -l < "$work/acked.sorted")

  echo "round $round: acked $round_acks this round ($total_acked total), stored $stored, missing $missing, gaps $gaps, duplicate ids $duplicates, $verify, sqlite3 integrity_check: $integrity"
  if [ "$missing" != 0 ] || [ "$gaps" != 0 ] || [ "$duplicates" != 0 ] || [ "$integrity" != ok ] || [ "$verify" != "integrity ok" ]; then
    echo "crash-test: FAILED in round $round" >&2
    comm -23 "$work/acked.sorted" "$work/present.txt" | head -10 >&2
    KEEP=1; trap - EXIT; echo "work directory kept: $work" >&2
    exit 1
  fi
done
echo "crash-test: passed ($rounds rounds, $procs processes × $tasks tasks each, kill -9 mid-stream)"
