#!/usr/bin/env bash
# Livery's GET path against the reference servers of ../shared/bench: the per-core gap (issue 13).
#
# Usage: scripts/bench-http.sh [MODE...]        MODE: pinned logging unpinned equal (default: all four)
#   One command; prints a table, and stops every process it started (also on Ctrl-C or an error).
#   Needs the development workspace's reference servers (../shared/bench next to the repository, or
#   BENCH_DIR=DIR; a plain clone does not have them), wrk and taskset, the Hummingbird anchor built
#   ((cd ../shared/bench/hummingbird/hb-skin-anchor && swift build -c release)) and, for the nginx
#   column, nginx-light (apt-get install -y wrk nginx-light). Builds livery in release mode unless
#   LIVERY_BIN names a binary. Each Livery gets a fresh database with ../shared/bench/data's skin
#   published and active on channel "bench" (GET /v1/channels/bench/skin, the anchors' GET /v1/skin).
#
#   pinned    (a) every server on CPU 0 (taskset -c 0), wrk -t1 -c64 on CPU 1: Livery with its
#                 defaults (event loops from the affinity mask, so 1) but the request lines off
#                 (LIVERY_LOG_LEVEL=warning), the Hummingbird anchor, nginx with one worker.
#                 Targets: Livery >= 4x Hummingbird and >= 1.2x nginx, p99 no worse than nginx's.
#   logging   (b) as (a), Livery at the default level `info`, its log (stderr) going to a file.
#                 Target: >= 90 % of (a)'s req/s. The lines written and dropped are reported too:
#                 a queue that dropped lines would look fast for the wrong reason.
#   unpinned  (c) no taskset anywhere, wrk -t2 -c64: Livery with its defaults (loops = the CPUs it
#                 may use; `info` to a file) and Hummingbird. Target: p99 no worse than Hummingbird's.
#   equal     (c') as (c), but both servers offered the SAME load: h2load --h1 -t2 -c64 at RATE requests
#                 per second in all (--rps per connection), every request's latency logged; p50/p99/max
#                 from those logs. In (c) wrk asks as fast as each server answers, so the faster server
#                 also makes wrk busier and both cores saturate: its p99 then measures CPU contention
#                 on a 2-core box, not the server. Here both are asked the same, below what either can do.
#   Cases, 64 connections each: gzip (Accept-Encoding: gzip, a 200 with the compressed document) and
#   304 (also If-None-Match with the server's current ETag). Every case is a WARMUP wrk run
#   (discarded) and then DURATION measured; (a) and (b) run in one session with the servers
#   alternating (round 2 in reverse order, so drift shows), and (c) after them. Every row also
#   gives the server's CPU time per request ("cpu us": utime + stime of the server and its
#   children over the run, per request), and the tables give ratios of it beside the req/s
#   ratios: on a machine other programs are using, req/s follows whoever got the CPU; CPU per
#   request hardly moves, so its ratios are the ones to read there.
#   Env: ROUNDS (2), DURATION (10s), WARMUP (3s), CONNECTIONS (64), BASE_PORT (18300: five ports
#   from it), SERVER_CPU (0) / CLIENT_CPU (1), LIVERY_BIN, BENCH_DIR, KEEP=1 keeps the work folder.
#   Quote ratios from one run only: absolute numbers move with the machine.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="${BENCH_DIR:-$ROOT/../shared/bench}"
MODES=("${@:-pinned logging unpinned equal}"); read -r -a MODES <<<"${MODES[*]}"
ROUNDS="${ROUNDS:-2}" DURATION="${DURATION:-10s}" WARMUP="${WARMUP:-3s}" CONNECTIONS="${CONNECTIONS:-64}"
RATE="${RATE:-30000}" BASE_PORT="${BASE_PORT:-18300}" SERVER_CPU="${SERVER_CPU:-0}" CLIENT_CPU="${CLIENT_CPU:-1}"
for mode in "${MODES[@]}"; do
  case "$mode" in pinned|logging|unpinned|equal) ;; *) echo "unknown mode '$mode' (pinned, logging, unpinned, equal)" >&2; exit 2 ;; esac
done
[ -d "$BENCH/data" ] || { echo "$(basename "$0"): the reference servers are not at $BENCH (a development-workspace
  checkout of shared/bench; set BENCH_DIR=DIR to point elsewhere). This benchmark needs them; nothing was run." >&2; exit 2; }
HB_BIN="$BENCH/hummingbird/hb-skin-anchor/.build/release/HBSkinServer"
[ -x "$HB_BIN" ] || { echo "build the Hummingbird anchor first: (cd $BENCH/hummingbird/hb-skin-anchor && swift build -c release)" >&2; exit 2; }
for tool in wrk taskset curl; do command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install -y wrk)" >&2; exit 2; }; done
have_nginx=0; command -v nginx >/dev/null && have_nginx=1
[[ " ${MODES[*]} " != *" equal "* ]] || command -v h2load >/dev/null || { echo "mode equal needs h2load (apt-get install -y nghttp2-client)" >&2; exit 2; }

WORK="$(mktemp -d)"
pids=()        # the servers running now
client=""      # the wrk running now
stop_all() {
  for p in $client "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in $client "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  pids=(); client=""
}
cleanup() {
  trap - EXIT INT TERM
  stop_all
  if [ -n "${KEEP:-}" ]; then echo "# work folder kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'echo "interrupted" >&2; exit 130' INT TERM

if [ -z "${LIVERY_BIN:-}" ]; then
  (cd "$ROOT" && swift build -c release --product livery >/dev/null)
  LIVERY_BIN="$ROOT/.build/release/livery"
fi
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_for() {  # URL: until it answers (10 s)
  for _ in $(seq 100); do curl -s -o /dev/null "$1" && return 0; sleep 0.1; done
  echo "no answer from $1" >&2; return 1
}
pin() { if [ "$1" = pinned ]; then echo "taskset -c $SERVER_CPU"; fi; }

# NAME PORT PLACEMENT LEVEL: a livery serve on a fresh database, serving the bench skin on channel "bench".
start_livery() {
  local dir="$WORK/$1" url="http://127.0.0.1:$2"; mkdir -p "$dir"
  port_free "$2" || { echo "port $2 is in use (set BASE_PORT)" >&2; exit 1; }
  # shellcheck disable=SC2046
  LIVERY_LOG_LEVEL="$4" $(pin "$3") "$LIVERY_BIN" serve --host 127.0.0.1 --port "$2" --database "$dir/livery.sqlite" \
    >"$dir/stdout.log" 2>"$dir/livery.log" &
  pids+=($!); eval "pid_$1=$!"
  wait_for "$url/healthz"
  local token
  token="$("$LIVERY_BIN" token create --name bench --role designer --database "$dir/livery.sqlite" 2>/dev/null | tail -1)"
  curl -sf -X POST -H "Authorization: Bearer $token" --data-binary @"$BENCH/data/skin.livery.json" \
    "$url/v1/skins/bench/versions" >/dev/null
  curl -sf -X PUT -H "Authorization: Bearer $token" -d '{"skin":"bench","version":null}' "$url/v1/channels/bench" >/dev/null
  eval "url_$1=$url/v1/channels/bench/skin"
}

start_hummingbird() {  # NAME PORT PLACEMENT
  port_free "$2" || { echo "port $2 is in use (set BASE_PORT)" >&2; exit 1; }
  # shellcheck disable=SC2046
  $(pin "$3") "$HB_BIN" --port "$2" --data "$BENCH/data" >"$WORK/$1.log" 2>&1 &
  pids+=($!); eval "pid_$1=$!"
  eval "url_$1=http://127.0.0.1:$2/v1/skin"
  wait_for "http://127.0.0.1:$2/v1/skin"
}

# NAME PORT PLACEMENT [WORKERS]: the nginx anchor's configuration (../shared/bench/nginx) on PORT, with
# one worker (pinned) or WORKERS (unpinned: one per CPU, as Livery's loops).
start_nginx() {
  port_free "$2" || { echo "port $2 is in use (set BASE_PORT)" >&2; exit 1; }
  local prefix="$WORK/$1" data; data="$(cd "$BENCH/data" && pwd)"; mkdir -p "$prefix"
  sed -e "s#__ETAG__#$(tr -d '\n' <"$data/skin.etag")#g" -e "s#__DATA__#$data#g" -e "s#__PREFIX__#$prefix#g" \
      -e "s/^worker_processes .*/worker_processes ${4:-1};/" -e "s/listen 127.0.0.1:8083/listen 127.0.0.1:$2/" \
      "$BENCH/nginx/nginx.conf" >"$prefix/nginx.conf"
  # shellcheck disable=SC2046
  $(pin "$3") nginx -p "$prefix" -c "$prefix/nginx.conf" >"$prefix/stdout.log" 2>&1 &
  pids+=($!); eval "pid_$1=$!"
  eval "url_$1=http://127.0.0.1:$2/v1/skin"
  wait_for "http://127.0.0.1:$2/v1/skin"
}

to_ms() {  # wrk's 812.00us / 1.23ms / 2.01s -> ms
  awk -v v="$1" 'BEGIN{ if (v ~ /us$/) { sub(/us$/,"",v); printf "%.3f", v/1000 }
    else if (v ~ /ms$/) { sub(/ms$/,"",v); printf "%.3f", v } else if (v ~ /s$/) { sub(/s$/,"",v); printf "%.3f", v*1000 }
    else printf "%s", v }'
}

# CPU time of a server process and its children (nginx's worker), in clock ticks: "TOTAL KERNEL"
# (utime + stime, and stime alone: the kernel's part, mostly the TCP work of read and sendmsg,
# which no server can do without and which bounds how far ahead of another one it can get).
cpu_ticks() {
  local total=0 kernel=0 p t
  for p in "$1" $(pgrep -P "$1" || true); do
    read -r -a t <<<"$(awk '{print $14 + $15, $15}' "/proc/$p/stat" 2>/dev/null || echo 0 0)"
    total=$((total + t[0])); kernel=$((kernel + t[1]))
  done
  echo "$total $kernel"
}

# MODE ROUND NAME CASE: one measured wrk run; appends "mode round name case req/s p99_ms bad cpu_us sys_us"
# to results, where cpu_us is the server's CPU time per request during the run (sys_us: its kernel part):
# unlike req/s it hardly moves when other programs take turns on the server's CPU, so it is the figure
# to trust on a busy machine.
measure() {
  local mode="$1" round="$2" name="$3" case="$4" url pid etag threads=1 placement=(taskset -c "$CLIENT_CPU")
  eval "url=\$url_$name pid=\$pid_$name"
  local headers=(-H 'Accept-Encoding: gzip')
  if [ "$case" = 304 ]; then
    etag="$(curl -s -o /dev/null -D - -H 'Accept-Encoding: gzip' "$url" | awk 'tolower($1)=="etag:"{print $2}' | tr -d '\r')"
    [ "$(curl -s -o /dev/null -w '%{http_code}' -H 'Accept-Encoding: gzip' -H "If-None-Match: $etag" "$url")" = 304 ] \
      || { echo "$name: If-None-Match $etag is not a 304" >&2; exit 1; }
    headers+=(-H "If-None-Match: $etag")
  else
    [ "$(curl -s -o /dev/null -w '%{http_code}' -H 'Accept-Encoding: gzip' "$url")" = 200 ] || { echo "$name: no 200 at $url" >&2; exit 1; }
  fi
  if [ "$mode" = unpinned ]; then threads=2; placement=(); fi
  # wrk in the background and waited for, so that Ctrl-C reaches the trap (and wrk) at once.
  "${placement[@]}" wrk -t"$threads" -c"$CONNECTIONS" -d"$WARMUP" "${headers[@]}" "$url" >/dev/null 2>&1 &
  client=$!; wait "$client" || true; client=""
  local before after; read -r -a before <<<"$(cpu_ticks "$pid")"
  "${placement[@]}" wrk -t"$threads" -c"$CONNECTIONS" -d"$DURATION" --latency "${headers[@]}" "$url" >"$WORK/wrk.txt" 2>&1 &
  client=$!; wait "$client" || true; client=""
  read -r -a after <<<"$(cpu_ticks "$pid")"
  local ticks=$(( after[0] - before[0] )) kernel_ticks=$(( after[1] - before[1] ))
  awk -v m="$mode" -v r="$round" -v n="$name" -v c="$case" -v t="$ticks" -v k="$kernel_ticks" -v hz="$(getconf CLK_TCK)" '
    /^Requests\/sec:/ { rps = $2 }
    / requests in / { requests = $1 }
    $1 == "99%" { p99 = $2 }
    /Non-2xx or 3xx responses:/ { bad += $NF }
    /Socket errors:/ { gsub(/,/, ""); bad += $4 + $6 + $8 + $10 }
    END { printf "%s %s %s %s %s %s %d %.2f %.2f\n", m, r, n, c, rps, p99, bad, (requests > 0 ? t * 1e6 / hz / requests : 0),
          (requests > 0 ? k * 1e6 / hz / requests : 0) }' "$WORK/wrk.txt" |
    while read -r m r n c rps p99 bad cpu sys; do echo "$m $r $n $c $rps $(to_ms "$p99") $bad $cpu $sys"; done >>"$WORK/results"
  tail -1 "$WORK/results" |
    awk '{printf "#   %-9s round %s %-20s %-4s %10.0f req/s  p99 %8s ms  bad %s  cpu %s us/req (kernel %s)\n", $1, $2, $3, $4, $5, $6, $7, $8, $9}'
}

# ROUND NAME CASE: one h2load run at RATE req/s in all (mode equal); appends
# "equal round name case achieved_req/s p99_ms bad p50_ms max_ms" to results.
measure_equal() {
  local round="$1" name="$2" case="$3" url pid etag
  eval "url=\$url_$name pid=\$pid_$name"
  local headers=(-H 'Accept-Encoding: gzip') per=$(( (RATE + CONNECTIONS - 1) / CONNECTIONS ))
  if [ "$case" = 304 ]; then
    etag="$(curl -s -o /dev/null -D - -H 'Accept-Encoding: gzip' "$url" | awk 'tolower($1)=="etag:"{print $2}' | tr -d '\r')"
    headers+=(-H "If-None-Match: $etag")
  fi
  local seconds="${DURATION%s}" warm="${WARMUP%s}"
  : >"$WORK/h2load.log"   # h2load appends to its log file
  h2load --h1 -t2 -c"$CONNECTIONS" --rps="$per" -D "$seconds" --warm-up-time="$warm" "${headers[@]}" \
    --log-file="$WORK/h2load.log" "$url" >"$WORK/h2load.txt" 2>&1 &
  client=$!; wait "$client" || true; client=""
  # The log: start time (us), status, latency (us) per request.
  sort -t$'\t' -k3,3n "$WORK/h2load.log" | awk -F'\t' -v r="$round" -v n="$name" -v c="$case" -v secs="$seconds" '
    { lat[NR] = $3; if ($2 != 200 && $2 != 304) bad++ }
    END { if (NR == 0) { print "equal", r, n, c, 0, 0, 0, 0, 0; exit }
          printf "equal %s %s %s %.0f %.3f %d %.3f %.3f\n", r, n, c, NR / secs, lat[int(NR * 0.99)] / 1000, bad,
            lat[int(NR * 0.5)] / 1000, lat[NR] / 1000 }' >>"$WORK/results"
  tail -1 "$WORK/results" |
    awk '{printf "#   %-9s round %s %-20s %-4s %10.0f req/s  p50 %s ms  p99 %s ms  max %s ms  bad %s\n", $1, $2, $3, $4, $5, $8, $6, $9, $7}'
}

# MODE SERVERS...: ROUNDS rounds over the cases, servers alternating, every other round reversed.
rounds() {
  local mode="$1"; shift
  local servers=("$@")
  for round in $(seq "$ROUNDS"); do
    local order=("${servers[@]}")
    if (( round % 2 == 0 )); then order=(); for ((i=${#servers[@]}-1; i>=0; i--)); do order+=("${servers[$i]}"); done; fi
    for case in gzip 304; do
      for name in "${order[@]}"; do
        local m="$mode"; [ "$name" = livery_info ] && [ "$mode" = pinned ] && m=logging
        if [ "$mode" = equal ]; then measure_equal "$round" "$name" "$case"; else measure "$m" "$round" "$name" "$case"; fi
      done
    done
  done
}

# Lines in a server's log file and the drops its /metrics counted.
log_report() {  # NAME PORT
  local lines dropped
  lines=$(grep -c 'msg="request"' "$WORK/$1/livery.log" || true)
  dropped=$(curl -s "http://127.0.0.1:$2/metrics" | awk '/^livery_log_lines_dropped_total/{print $2}')
  echo "$1 ${lines:-0} ${dropped:-?}" >>"$WORK/logs"
}

: >"$WORK/results"; : >"$WORK/logs"
want() { [[ " ${MODES[*]} " == *" $1 "* ]]; }
echo "# $(date -u +%FT%TZ) $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg); livery $LIVERY_BIN; ${ROUNDS} rounds of ${DURATION} (+${WARMUP} warm-up) per case"
if want pinned || want logging; then
  servers=()
  if want pinned; then start_livery livery $BASE_PORT pinned warning; servers+=(livery); fi
  if want logging; then start_livery livery_info $((BASE_PORT + 1)) pinned info; servers+=(livery_info); fi
  if want pinned; then
    start_hummingbird hummingbird $((BASE_PORT + 2)) pinned; servers+=(hummingbird)
    if [ "$have_nginx" = 1 ]; then start_nginx nginx $((BASE_PORT + 3)) pinned; servers+=(nginx)
    else echo "# nginx not installed (apt-get install -y nginx-light): no nginx column"; fi
  fi
  loops=$(cat "$WORK"/livery*/livery.log 2>/dev/null | grep -o 'http.eventLoops=[0-9]*' | head -1 || true)
  echo "# pinned: servers on CPU $SERVER_CPU, wrk -t1 -c$CONNECTIONS on CPU $CLIENT_CPU; livery ${loops:-(loops not logged at this level)}"
  rounds pinned "${servers[@]}"
  want logging && log_report livery_info $((BASE_PORT + 1))
  stop_all
fi
if want unpinned || want equal; then
  start_livery livery_unpinned $((BASE_PORT + 4)) unpinned info
  start_hummingbird hummingbird_unpinned $((BASE_PORT + 2)) unpinned
  unpinned_servers=(livery_unpinned hummingbird_unpinned)
  if [ "$have_nginx" = 1 ]; then start_nginx nginx_unpinned $((BASE_PORT + 3)) unpinned "$(nproc)"; unpinned_servers+=(nginx_unpinned); fi
  if want unpinned; then
    echo "# unpinned: no taskset, wrk -t2 -c$CONNECTIONS; livery $(grep -o 'http.eventLoops=[0-9]*' "$WORK/livery_unpinned/livery.log" | head -1)"
    rounds unpinned "${unpinned_servers[@]}"
    log_report livery_unpinned $((BASE_PORT + 4))
  fi
  if want equal; then
    echo "# equal: no taskset, h2load --h1 -t2 -c$CONNECTIONS at $RATE req/s in all, the same for every server"
    rounds equal "${unpinned_servers[@]}"
  fi
  stop_all
fi

# ---- the table ---------------------------------------------------------------------------------
# Ratios two ways: by req/s (what the targets name; trustworthy on a quiet machine only) and by
# server CPU per request ("cpu": the other server's us/request over Livery's, or (a)'s over (b)'s).
awk -v logs="$WORK/logs" '
  function ok(c) { return c ? "yes" : "NO" }
  function fmt(v, f) { return v == "" ? "-" : sprintf(f, v) }
  function ratio(a, b) { return (a == "" || b == "" || b + 0 == 0) ? "-" : sprintf("%.2f", a / b) }
  { k = $1 SUBSEP $2 SUBSEP $3 SUBSEP $4; rps[k] = $5; p99[k] = $6; bad[k] = $7; cpu[k] = $8; sys[k] = $9
    if (!(($2 SUBSEP $4) in seen)) { seen[$2 SUBSEP $4] = 1; keys[++n] = $2 SUBSEP $4 } }
  function get(a, m, r, s, c) { return ((m SUBSEP r SUBSEP s SUBSEP c) in a) ? a[m SUBSEP r SUBSEP s SUBSEP c] : "" }
  END {
    while ((getline line < logs) > 0) { split(line, f, " "); written[f[1]] = f[2]; dropped[f[1]] = f[3] }
    printf "\n(a) pinned: servers on one CPU, wrk -t1 on the other. Targets: >= 4x Hummingbird, >= 1.2x nginx, p99 <= nginx\n"
    printf "%-5s %-4s | %8s %7s %6s | %8s %7s %6s | %8s %7s %6s | %5s %5s %7s %7s %5s\n", "round", "case",
      "livery", "p99 ms", "cpu us", "hbird", "p99 ms", "cpu us", "nginx", "p99 ms", "cpu us", "x HB", "(cpu)", "x nginx", "(cpu)", "p99ok"
    for (i = 1; i <= n; i++) { split(keys[i], rc, SUBSEP); r = rc[1]; c = rc[2]
      L = get(rps, "pinned", r, "livery", c); if (L == "") continue
      H = get(rps, "pinned", r, "hummingbird", c); N = get(rps, "pinned", r, "nginx", c)
      Lc = get(cpu, "pinned", r, "livery", c); Hc = get(cpu, "pinned", r, "hummingbird", c); Nc = get(cpu, "pinned", r, "nginx", c)
      Lp = get(p99, "pinned", r, "livery", c); Np = get(p99, "pinned", r, "nginx", c)
      printf "%-5s %-4s | %8.0f %7.2f %6s | %8s %7s %6s | %8s %7s %6s | %5s %5s %7s %7s %5s\n", r, c,
        L, Lp, fmt(Lc, "%.2f"), fmt(H, "%.0f"), fmt(get(p99, "pinned", r, "hummingbird", c), "%.2f"), fmt(Hc, "%.2f"),
        fmt(N, "%.0f"), fmt(Np, "%.2f"), fmt(Nc, "%.2f"), ratio(L, H), ratio(Hc, Lc), ratio(L, N), ratio(Nc, Lc),
        (N == "" ? "-" : ok(Lp + 0 <= Np + 0)) }
    printf "      kernel (stime) us/req of each server, and what 4x Hummingbird leaves Livery for everything:\n"
    for (i = 1; i <= n; i++) { split(keys[i], rc, SUBSEP); r = rc[1]; c = rc[2]
      Ls = get(sys, "pinned", r, "livery", c); if (Ls == "") continue
      Hc = get(cpu, "pinned", r, "hummingbird", c)
      printf "      round %s %-4s: kernel livery %s, hbird %s, nginx %s; 4x HB = %s us/req in all\n", r, c, Ls,
        fmt(get(sys, "pinned", r, "hummingbird", c), "%.2f"), fmt(get(sys, "pinned", r, "nginx", c), "%.2f"),
        (Hc == "" ? "-" : sprintf("%.2f", Hc / 4)) }
    printf "\n(b) logging: Livery at info, log to a file, pinned as (a). Target: >= 90 %% of (a)\n"
    printf "%-5s %-4s | %8s %7s %6s | %9s %6s | %7s %7s\n", "round", "case", "livery", "p99 ms", "cpu us", "(a) req/s", "cpu us", "of (a)", "(cpu)"
    for (i = 1; i <= n; i++) { split(keys[i], rc, SUBSEP); r = rc[1]; c = rc[2]
      B = get(rps, "logging", r, "livery_info", c); if (B == "") continue
      A = get(rps, "pinned", r, "livery", c); Bc = get(cpu, "logging", r, "livery_info", c); Ac = get(cpu, "pinned", r, "livery", c)
      printf "%-5s %-4s | %8.0f %7.2f %6s | %9s %6s | %7s %7s\n", r, c, B, get(p99, "logging", r, "livery_info", c), fmt(Bc, "%.2f"),
        fmt(A, "%.0f"), fmt(Ac, "%.2f"), (A == "" ? "-" : sprintf("%.1f %%", 100 * B / A)),
        ((Ac == "" || Bc + 0 == 0) ? "-" : sprintf("%.1f %%", 100 * Ac / Bc)) }
    if ("livery_info" in written) printf "      log file: %s request lines written, %s dropped (livery_log_lines_dropped_total)\n", written["livery_info"], dropped["livery_info"]
    printf "\n(c) unpinned: no taskset, wrk -t2, Livery with its defaults (info to a file); nginx with one worker per CPU. Target: p99 <= Hummingbird\n"
    printf "%-5s %-4s | %8s %7s %6s | %8s %7s %6s | %8s %7s %6s | %5s %7s\n", "round", "case", "livery", "p99 ms", "cpu us", "hbird", "p99 ms", "cpu us",
      "nginx", "p99 ms", "cpu us", "x HB", "p99<=HB"
    for (i = 1; i <= n; i++) { split(keys[i], rc, SUBSEP); r = rc[1]; c = rc[2]
      L = get(rps, "unpinned", r, "livery_unpinned", c); if (L == "") continue
      H = get(rps, "unpinned", r, "hummingbird_unpinned", c); N = get(rps, "unpinned", r, "nginx_unpinned", c)
      Lp = get(p99, "unpinned", r, "livery_unpinned", c); Hp = get(p99, "unpinned", r, "hummingbird_unpinned", c)
      printf "%-5s %-4s | %8.0f %7.2f %6s | %8.0f %7.2f %6s | %8s %7s %6s | %5s %7s\n", r, c, L, Lp, fmt(get(cpu, "unpinned", r, "livery_unpinned", c), "%.2f"),
        H, Hp, fmt(get(cpu, "unpinned", r, "hummingbird_unpinned", c), "%.2f"), fmt(N, "%.0f"), fmt(get(p99, "unpinned", r, "nginx_unpinned", c), "%.2f"),
        fmt(get(cpu, "unpinned", r, "nginx_unpinned", c), "%.2f"), ratio(L, H), ok(Lp + 0 <= Hp + 0) }
    if ("livery_unpinned" in written) printf "      log file: %s request lines written, %s dropped\n", written["livery_unpinned"], dropped["livery_unpinned"]
    # (equal rows keep p50 and max where the others keep cpu and kernel us/request)
    printf "\n(c\047) equal load: as (c), every server asked the same RATE by h2load. p99 <= Hummingbird at equal load?\n"
    printf "%-5s %-4s | %8s %7s %7s | %8s %7s %7s | %8s %7s %7s | %7s\n", "round", "case", "livery", "p50 ms", "p99 ms", "hbird", "p50 ms", "p99 ms",
      "nginx", "p50 ms", "p99 ms", "p99<=HB"
    for (i = 1; i <= n; i++) { split(keys[i], rc, SUBSEP); r = rc[1]; c = rc[2]
      L = get(rps, "equal", r, "livery_unpinned", c); if (L == "") continue
      H = get(rps, "equal", r, "hummingbird_unpinned", c); N = get(rps, "equal", r, "nginx_unpinned", c)
      Lp = get(p99, "equal", r, "livery_unpinned", c); Hp = get(p99, "equal", r, "hummingbird_unpinned", c)
      printf "%-5s %-4s | %8.0f %7.2f %7.2f | %8.0f %7.2f %7.2f | %8s %7s %7s | %7s\n", r, c, L, get(cpu, "equal", r, "livery_unpinned", c), Lp,
        H, get(cpu, "equal", r, "hummingbird_unpinned", c), Hp, fmt(N, "%.0f"), fmt(get(cpu, "equal", r, "nginx_unpinned", c), "%.2f"),
        fmt(get(p99, "equal", r, "nginx_unpinned", c), "%.2f"), ok(Lp + 0 <= Hp + 0) }
  }' "$WORK/results"
