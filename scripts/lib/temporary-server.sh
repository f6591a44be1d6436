# Sourced by the corpus and token-set benchmarks: builds the release `livery` unless $LIVERY names
# one, starts it on 127.0.0.1 with a temporary database, and sets URL, TOKEN (a designer token
# named $1) and pid; the server and its folder are removed when the calling script exits.
if [ -z "${LIVERY:-}" ]; then
  (cd "$ROOT" && swift build -c release --product livery >/dev/null)
  LIVERY="$ROOT/.build/release/livery"
fi
WORK="$(mktemp -d)"
pid=""
cleanup() { [ -n "$pid" ] && { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }; rm -rf "$WORK"; }
trap cleanup EXIT

LIVERY_LOG_LEVEL=error "$LIVERY" serve --host 127.0.0.1 --port 0 --database "$WORK/livery.sqlite" >"$WORK/livery.log" 2>&1 &
pid=$!
for _ in $(seq 300); do grep -q "listening on" "$WORK/livery.log" 2>/dev/null && break; sleep 0.1; done
URL="$(grep -o 'http://127.0.0.1:[0-9]*' "$WORK/livery.log" | head -1)"
TOKEN="$("$LIVERY" token create --name "$1" --role designer --database "$WORK/livery.sqlite" 2>/dev/null | tail -1)"
