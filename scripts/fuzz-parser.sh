#!/usr/bin/env bash
# Fuzzes the HTTP request parser with libFuzzer.
#
# Usage: scripts/fuzz-parser.sh [RUNS=10000000]
#        scripts/fuzz-parser.sh --ci      (a short run for CI: at most 50 s of fuzzing)
#   env: FUZZ_DIR (work folder, default .build-fuzz-parser/ in the repo), MAX_LEN (4096),
#        FUZZ_JOBS (build jobs; default SwiftPM's), FUZZ_SECONDS (time limit; none by default)
#
# Seeds the corpus from the request byte literals of Tests/HTTPEngineTests (scripts/fuzz-seeds.py),
# builds Benchmarks/ParserFuzz with -sanitize=fuzzer, runs RUNS executions, and prints the number
# of executions and of crashes (inputs saved as FUZZ_DIR/artifacts/crash-*). Exit status 1 when
# anything crashed.
set -euo pipefail
RUNS="${1:-10000000}"
if [ "$RUNS" = "--ci" ]; then
  # As many executions as fit in the time (-runs=-1); the time limit stops the run, not a finding.
  RUNS=-1
  FUZZ_SECONDS="${FUZZ_SECONDS:-50}"
fi
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FUZZ_DIR="${FUZZ_DIR:-$ROOT/.build-fuzz-parser}"
MAX_LEN="${MAX_LEN:-4096}"
mkdir -p "$FUZZ_DIR/corpus" "$FUZZ_DIR/artifacts"

python3 "$ROOT/scripts/fuzz-seeds.py" "$ROOT/Tests/HTTPEngineTests" "$FUZZ_DIR/corpus"
(cd "$ROOT/Benchmarks" && swift build -c release --scratch-path .build-fuzz --product ParserFuzz \
  ${FUZZ_JOBS:+--jobs "$FUZZ_JOBS"} -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library)
BIN="$ROOT/Benchmarks/.build-fuzz/release/ParserFuzz"

before=$(find "$FUZZ_DIR/artifacts" -name 'crash-*' | wc -l)
set +e
"$BIN" -runs="$RUNS" ${FUZZ_SECONDS:+-max_total_time="$FUZZ_SECONDS"} -max_len="$MAX_LEN" -print_final_stats=1 \
  -artifact_prefix="$FUZZ_DIR/artifacts/" "$FUZZ_DIR/corpus" > "$FUZZ_DIR/fuzz.log" 2>&1
status=$?
set -e
after=$(find "$FUZZ_DIR/artifacts" -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' | wc -l)
execs=$(awk '/stat::number_of_executed_units/{print $2}' "$FUZZ_DIR/fuzz.log" | tail -1)
tail -n 3 "$FUZZ_DIR/fuzz.log" | grep -E '^(Done|#)' || true
echo "executions: ${execs:-unknown}"
echo "crashes: $(( after - before )) (libFuzzer exit status $status; log $FUZZ_DIR/fuzz.log)"
[ "$status" -eq 0 ] && [ "$after" -eq "$before" ]
