#!/usr/bin/env bash
# Runs schemathesis (PyPI) against a live `livery serve` built from this tree: every operation
# of the served OpenAPI document, with every check except `positive_data_acceptance` (a JSON
# schema cannot say which documents are valid skins, so generated "valid" documents are
# rightly refused with 422). Fails on any 5xx or any response that does not conform.
#
# Usage: scripts/api-conformance.sh [MAX_EXAMPLES=25]    (bounded: about a minute)
#   env SEED: a fixed seed makes the run reproducible (CI uses one); without it each run differs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
MAX_EXAMPLES="${1:-25}"

if ! command -v schemathesis >/dev/null 2>&1; then
  python3 -m pip install --quiet --disable-pip-version-check 'schemathesis>=4,<5'
fi

swift build --product livery >/dev/null
work="$(mktemp -d)"
pid=""
cleanup() { [ -n "$pid" ] && { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }; rm -rf "$work"; }
trap cleanup EXIT

# A short long-poll cap keeps held requests (wait=N) from stretching the run.
LIVERY_MAX_WAIT=1 .build/debug/livery serve --host 127.0.0.1 --port 0 --database "$work/db.sqlite" \
  --log-level warning >"$work/out.log" 2>&1 &
pid=$!
port=""
for _ in $(seq 200); do
  port="$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$work/out.log" | head -1 | sed 's/.*://')" || true
  [ -n "$port" ] && break
  sleep 0.05
done
[ -n "$port" ] || { echo "server did not start"; cat "$work/out.log"; exit 1; }
token="$(.build/debug/livery token create --name schemathesis --role admin --database "$work/db.sqlite" 2>/dev/null | tail -1)"

timeout 600 schemathesis run "http://127.0.0.1:$port/openapi.json" \
  -H "Authorization: Bearer $token" --max-examples "$MAX_EXAMPLES" --request-timeout 10 \
  --checks all --exclude-checks positive_data_acceptance --no-color ${SEED:+--seed "$SEED"}
kill -0 "$pid" 2>/dev/null || { echo "the server died during the run"; cat "$work/out.log"; exit 1; }
