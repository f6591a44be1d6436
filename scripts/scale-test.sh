#!/usr/bin/env bash
# The measured deployment of docs/operations.md on one machine: three `livery serve` processes on one
# PostgreSQL, HAProxy (deploy/haproxy.cfg) in front, Varnish (deploy/varnish.vcl) as the CDN-style
# cache. Reports, each with what produced it:
#   1. the same bytes and ETags from all three processes;
#   2. 3 × W long-polls through HAProxy woken by one publish (p50, p99, last);
#   3. launches through Varnish with the shared lifetime: req/s, hit ratio, requests reaching Livery;
#   4. V long-polls through Varnish's pass rule, all held and woken;
#   5. publish latency and wake time of one process on PostgreSQL against one on SQLite.
#
# Usage: scripts/scale-test.sh [W=3000 waiters per process] [V=1000 waiters through Varnish]
#   Needs Debian's haproxy, varnish and postgresql (apt-get install haproxy varnish postgresql),
#   python3 and curl; wrk for step 3 when installed (else a Python client). Not run in CI.
#   Everything listens on 127.0.0.1 (ports 8000, 8081-8083, 8091-8092, 6081, 55439), every step
#   has a time limit, and every process it starts is stopped on exit.
set -euo pipefail
W="${1:-3000}"; V="${2:-1000}"; N=$((3 * W))
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
for tool in haproxy varnishd python3 curl; do
  command -v "$tool" >/dev/null || { echo "scale-test: $tool missing (apt-get install haproxy varnish postgresql)" >&2; exit 2; }
done
ulimit -n "$(ulimit -Hn)"
FDS="$(ulimit -n)"
[ "$FDS" -gt $((N + 200)) ] || { echo "scale-test: open-file limit $FDS is too low for $N waiters" >&2; exit 2; }
for port in 8000 8081 8082 8083 8091 8092 6081 55439; do
  ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "scale-test: 127.0.0.1:$port is in use" >&2; exit 2; }
done

WORK="$(mktemp -d)"; chmod 755 "$WORK"
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do timeout 15 tail --pid="$pid" -f /dev/null 2>/dev/null || kill -9 "$pid" 2>/dev/null || true; done
  "$ROOT/scripts/postgres-cluster.sh" stop "$WORK/pg" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
say() { echo "# $*"; }
wait_for() { # URL [seconds]: until it answers 200
  for _ in $(seq $((${2:-30} * 10))); do curl -sf -o /dev/null --max-time 1 "$1" && return 0; sleep 0.1; done
  echo "scale-test: $1 did not answer 200" >&2; exit 1
}

if [ -z "${LIVERY_BIN:-}" ]; then
  (cd "$ROOT" && timeout 1800 swift build -c release --product livery >/dev/null)
  LIVERY_BIN="$ROOT/.build/release/livery"
fi
say "machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), load $(cut -d' ' -f1-3 /proc/loadavg)," \
    "$(haproxy -v | head -1 | cut -d' ' -f1-3), $(varnishd -V 2>&1 | head -1 | cut -d' ' -f2 | tr -d '('), open files $FDS"

DB_URL="$("$ROOT/scripts/postgres-cluster.sh" start "$WORK/pg" 55439)"
say "PostgreSQL $(cat "$WORK/pg/data/PG_VERSION") at $DB_URL"
"$LIVERY_BIN" migrate --database-url "$DB_URL" >/dev/null
TOKEN="$("$LIVERY_BIN" token create --name scale --role designer --database-url "$DB_URL" 2>/dev/null | tail -1)"

# Every process may hold its share of the waiters plus HAProxy's and Varnish's connections.
serve() { # PORT LOG [env...]: one `livery serve`, its pid appended to PIDS
  local port="$1" log="$2"; shift 2
  env LIVERY_SEED_DEMO=false LIVERY_LOG_LEVEL=warning LIVERY_MAX_CONNECTIONS=$((N + 1000)) \
      LIVERY_SHARED_MAX_AGE=1 LIVERY_STALE_WHILE_REVALIDATE=5 "$@" \
      "$LIVERY_BIN" serve --host 127.0.0.1 --port "$port" >"$log" 2>&1 &
  PIDS+=($!)
  wait_for "http://127.0.0.1:$port/readyz"
}
for i in 1 2 3; do serve "808$i" "$WORK/livery$i.log" LIVERY_DATABASE_URL="$DB_URL"; done
# HAProxy's own file limit is this shell's: -n caps its connections so that both sides of every
# held request fit (deploy/haproxy.cfg asks for 100,000 on a machine raised for it).
haproxy -f "$ROOT/deploy/haproxy.cfg" -n $(((FDS - 200) / 2)) -db >"$WORK/haproxy.log" 2>&1 &
PIDS+=($!)
varnishd -F -n "$WORK/varnish" -a 127.0.0.1:6081 -T 127.0.0.1:0 -f "$ROOT/deploy/varnish.vcl" -s malloc,256m \
  -p thread_pool_max=$((V + 500)) >"$WORK/varnish.log" 2>&1 &
PIDS+=($!)
wait_for "http://127.0.0.1:8000/readyz"
wait_for "http://127.0.0.1:6081/readyz"

# Version 1 of the skin on the channel `scale`; each next version differs in one colour.
next_version() { # FILE MARKER
  python3 - "$ROOT/Sources/LiveryServer/Resources/demo-skin.json" "$1" "$2" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc.setdefault("scale", {})["marker"] = {"$type": "color", "$value": "#%06x" % int(sys.argv[3])}
json.dump(doc, open(sys.argv[2], "w"))
PY
}
next_version "$WORK/v1.json" 1
curl -sf -o /dev/null -X POST -H "Authorization: Bearer $TOKEN" --data-binary @"$WORK/v1.json" http://127.0.0.1:8000/v1/skins/scale/versions
curl -sf -o /dev/null -X PUT -H "Authorization: Bearer $TOKEN" -d '{"skin":"scale","version":null}' http://127.0.0.1:8000/v1/channels/scale
etag() { curl -sf -o /dev/null -D - -H 'Accept-Encoding: gzip' "$1" | awk 'tolower($1)=="etag:"{print $2}' | tr -d '\r'; }
METRICS=(http://127.0.0.1:8081/metrics http://127.0.0.1:8082/metrics http://127.0.0.1:8083/metrics)
livery_requests() { # requests answered by the three processes on the launch route so far
  for url in "${METRICS[@]}"; do curl -sf "$url"; done |
    awk '/^livery_http_requests_total/ && /skin/ && !/versions/ {sum += $NF} END {print sum + 0}'
}

echo "== 1. same bytes and ETags from every process"
same=yes
for encoding in identity gzip; do
  for i in 1 2 3; do
    curl -sf -H "Accept-Encoding: $encoding" -D "$WORK/h$i" "http://127.0.0.1:808$i/v1/channels/scale/skin" | sha256sum | cut -c1-16 >"$WORK/b$i"
    echo "$encoding livery$i: sha256 $(cat "$WORK/b$i") etag $(awk 'tolower($1)=="etag:"{print $2}' "$WORK/h$i" | tr -d '\r')"
  done | tee "$WORK/same"
  [ "$(awk '{print $4, $6}' "$WORK/same" | sort -u | wc -l)" = 1 ] || same=no
done
say "same bytes and ETags on all three: $same"
say "PostgreSQL client connections held by the three processes: $(psql -At "$DB_URL" -c \
  "select count(*) from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()" 2>/dev/null || echo '? (psql missing)')"

longpolls() { # PORT PATH COUNT PUBLISH-MARKER: the fan-out client, its JSON line printed
  local tag; tag="$(etag "http://127.0.0.1:8081/v1/channels/scale/skin")"
  next_version "$WORK/next.json" "$4"
  timeout 200 python3 "$ROOT/scripts/scale-longpoll.py" --port "$1" --path "$2" -n "$3" --etag "$tag" \
    --metrics "${METRICS[@]}" --token "$TOKEN" --publish-port 8000 --publish-path /v1/skins/scale/versions \
    --publish-body "$WORK/next.json" || echo "(some waiters were not held or not woken)"
}

echo "== 2. $N long-polls through HAProxy (127.0.0.1:8000), one publish through HAProxy"
longpolls 8000 "/v1/channels/scale/skin?wait=60" "$N" 2

echo "== 3. launches through Varnish (shared lifetime s-maxage=1, stale-while-revalidate=5), 10 s"
curl -sf -o /dev/null -H 'Accept-Encoding: gzip' http://127.0.0.1:6081/v1/channels/scale/skin
stat() { varnishstat -n "$WORK/varnish" -1 -f "$1" | awk '{print $2}'; }
hits0=$(stat MAIN.cache_hit); miss0=$(stat MAIN.cache_miss); grace0=$(stat MAIN.cache_hit_grace); reach0=$(livery_requests)
if command -v wrk >/dev/null; then
  wrk -t2 -c64 -d10s -H 'Accept-Encoding: gzip' http://127.0.0.1:6081/v1/channels/scale/skin | grep -E 'Requests/sec|requests in|Latency|Non-2xx'
else
  echo "(wrk missing: apt-get install wrk)"
fi
hits=$(($(stat MAIN.cache_hit) - hits0)); miss=$(($(stat MAIN.cache_miss) - miss0)); reach=$(($(livery_requests) - reach0))
say "varnishstat: $hits hits ($(($(stat MAIN.cache_hit_grace) - grace0)) in grace), $miss misses, hit ratio" \
    "$(python3 -c "print(round($hits / max(1, $hits + $miss), 5))"); launches reaching Livery: $reach in 10 s"
say "for comparison, the same 10 s straight to one process (no cache):"
wrk -t2 -c64 -d10s -H 'Accept-Encoding: gzip' http://127.0.0.1:8081/v1/channels/scale/skin | grep -E 'Requests/sec|Latency' || true

echo "== 4. $V long-polls through Varnish's pass rule (127.0.0.1:6081, ?wait=60), one publish through HAProxy"
longpolls 6081 "/v1/channels/scale/skin?wait=60" "$V" 3

echo "== 5. one process on PostgreSQL against one on SQLite: publish latency and wake time"
for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
for pid in "${PIDS[@]}"; do timeout 15 tail --pid="$pid" -f /dev/null || true; done
PIDS=()
serve 8091 "$WORK/pg-one.log" LIVERY_DATABASE_URL="$DB_URL"
serve 8092 "$WORK/sqlite-one.log" LIVERY_DATABASE="$WORK/one.sqlite"
SQLITE_TOKEN="$("$LIVERY_BIN" token create --name scale --role designer --database "$WORK/one.sqlite" 2>/dev/null | tail -1)"
curl -sf -o /dev/null -X POST -H "Authorization: Bearer $SQLITE_TOKEN" --data-binary @"$WORK/v1.json" http://127.0.0.1:8092/v1/skins/scale/versions
curl -sf -o /dev/null -X PUT -H "Authorization: Bearer $SQLITE_TOKEN" -d '{"skin":"scale","version":null}' http://127.0.0.1:8092/v1/channels/scale
next_version "$WORK/p.json" 1000; SIZE="$(wc -c <"$WORK/p.json")"
for store in postgresql:8091:$TOKEN sqlite:8092:$SQLITE_TOKEN; do
  IFS=: read -r name port token <<<"$store"
  for i in $(seq 20); do
    next_version "$WORK/p.json" $((1000 + i))
    curl -s -o /dev/null -w '%{http_code} %{time_total}\n' -X POST -H "Authorization: Bearer $token" \
      --data-binary @"$WORK/p.json" "http://127.0.0.1:$port/v1/skins/scale/versions"
  done | sort -k2 -n | awk -v name="$name" '$1 ~ /^20/ {a[++n] = $2} END {
    printf "# %s: publish latency median %.1f ms, max %.1f ms over %d publishes (%s B skin, curl time_total)\n",
      name, a[int((n + 1) / 2)] * 1000, a[n] * 1000, n, "'"$SIZE"'"}'
  tag="$(etag "http://127.0.0.1:$port/v1/channels/scale/skin")"
  next_version "$WORK/next.json" 4
  echo "$name: $W long-polls on the process, one publish to it:"
  timeout 200 python3 "$ROOT/scripts/scale-longpoll.py" --port "$port" --path "/v1/channels/scale/skin?wait=60" -n "$W" \
    --etag "$tag" --metrics "http://127.0.0.1:$port/metrics" --token "$token" --publish-path /v1/skins/scale/versions \
    --publish-body "$WORK/next.json" || echo "(some waiters were not held or not woken)"
done
say "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
