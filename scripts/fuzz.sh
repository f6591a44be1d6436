#!/usr/bin/env bash
# Fuzzes the HTTP request parser or the skin model with libFuzzer.
#
# Usage: scripts/fuzz.sh parser|skin [RUNS=10000000]
#        scripts/fuzz.sh parser|skin --ci      (a short run for CI: at most 50 s of fuzzing)
#   env: FUZZ_DIR (work folder, default .build-fuzz-TARGET/ in the repo), MAX_LEN (parser 4096,
#        skin 16384), FUZZ_JOBS (build jobs; default SwiftPM's), FUZZ_SECONDS (time limit; none by
#        default), FUZZ_TIMEOUT (seconds one input may take before it counts as a hang: 10)
#
#   parser  Benchmarks/Sources/ParserFuzz: the request parser, whole and split (docs/http-conformance.md).
#           Seeds: the request byte literals of Tests/HTTPEngineTests.
#   skin    Benchmarks/Sources/SkinFuzz: SkinDocument.parse, Validator.validate and the resolver,
#           token sets included. Seeds: the JSON documents of Tests/SkinModelTests and Tests/LiveryServerTests,
#           the demo skin, and ../shared/corpus/dtcg when present (read in place, never copied here).
#
# Seeds the corpus (scripts/fuzz-seeds.py), builds the target with -sanitize=fuzzer, runs RUNS
# executions, and prints the number of executions and of findings (inputs saved as
# FUZZ_DIR/artifacts/crash-*, timeout-*, oom-*). Exit status 1 when anything was found.
set -euo pipefail
TARGET="${1:?usage: scripts/fuzz.sh parser|skin [RUNS|--ci]}"
RUNS="${2:-10000000}"
if [ "$RUNS" = "--ci" ]; then
  # As many executions as fit in the time (-runs=-1); the time limit stops the run, not a finding.
  RUNS=-1
  FUZZ_SECONDS="${FUZZ_SECONDS:-50}"
fi
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FUZZ_DIR="${FUZZ_DIR:-$ROOT/.build-fuzz-$TARGET}"
mkdir -p "$FUZZ_DIR/corpus" "$FUZZ_DIR/artifacts"

case "$TARGET" in
  parser)
    PRODUCT=ParserFuzz
    MAX_LEN="${MAX_LEN:-4096}"
    python3 "$ROOT/scripts/fuzz-seeds.py" http "$FUZZ_DIR/corpus" "$ROOT/Tests/HTTPEngineTests" ;;
  skin)
    PRODUCT=SkinFuzz
    MAX_LEN="${MAX_LEN:-16384}"
    python3 "$ROOT/scripts/fuzz-seeds.py" skin "$FUZZ_DIR/corpus" "$MAX_LEN" \
      "$ROOT/Tests/SkinModelTests" "$ROOT/Tests/LiveryServerTests" "$ROOT/Sources/LiveryServer/Resources" \
      "$ROOT/../shared/corpus/dtcg" ;;
  *)
    echo "unknown fuzz target '$TARGET' (parser or skin)" >&2
    exit 2 ;;
esac

(cd "$ROOT/Benchmarks" && swift build -c release --scratch-path .build-fuzz --product "$PRODUCT" \
  ${FUZZ_JOBS:+--jobs "$FUZZ_JOBS"} -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library)
BIN="$ROOT/Benchmarks/.build-fuzz/release/$PRODUCT"

findings() { find "$FUZZ_DIR/artifacts" \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l; }
before=$(findings)
set +e
"$BIN" -runs="$RUNS" ${FUZZ_SECONDS:+-max_total_time="$FUZZ_SECONDS"} -max_len="$MAX_LEN" \
  -timeout="${FUZZ_TIMEOUT:-10}" -print_final_stats=1 \
  -artifact_prefix="$FUZZ_DIR/artifacts/" "$FUZZ_DIR/corpus" > "$FUZZ_DIR/fuzz.log" 2>&1
status=$?
set -e
after=$(findings)
execs=$(awk '/stat::number_of_executed_units/{print $2}' "$FUZZ_DIR/fuzz.log" | tail -1)
tail -n 3 "$FUZZ_DIR/fuzz.log" | grep -E '^(Done|#)' || true
echo "executions: ${execs:-unknown}"
echo "crashes: $(( after - before )) (libFuzzer exit status $status; log $FUZZ_DIR/fuzz.log)"
[ "$status" -eq 0 ] && [ "$after" -eq "$before" ]
