#!/usr/bin/env bash
# Proves the Dockerfile's runtime stage without a Docker engine.
#
#   1. builds the release binary as the Dockerfile's builder does
#      (swift build -c release --static-swift-stdlib --product livery, scratch path .build-release);
#   2. makes a Debian bookworm root filesystem with `debootstrap --variant=minbase` (cached in
#      .build-rootfs/) and installs only the runtime stage's packages (libsqlite3-0 libpq5 zlib1g libcurl4);
#   3. installs the binary (strip --strip-debug) and the non-root `livery` user (uid/gid 10001)
#      as the Dockerfile does;
#   4. inside the chroot: `ldd` finds every library, `livery --help` runs;
#   5. runs `livery serve --port 0` in the chroot as `livery`, with the image's environment,
#      waits for `listening on http://`, GETs /healthz from outside with curl and from inside
#      with the HEALTHCHECK command (`livery health`), sends SIGTERM and checks that it exits 0
#      within the shutdown grace period.
#
# Usage: scripts/runtime-image-test.sh [--binary PATH] [--no-serve] [--fresh-rootfs]
#   --binary PATH    use this livery binary instead of building one
#   --no-serve       stop after step 4 (for trees where `livery serve` does not exist yet)
#   --fresh-rootfs   rebuild the cached root filesystem
# Environment: LIVERY_ROOTFS_DIR (default .build-rootfs), DEBIAN_MIRROR (default: the host's
# apt mirror for bookworm, else http://deb.debian.org/debian), GRACE (seconds, default 10).
# Needs root (debootstrap, chroot, mounts in a private mount namespace via unshare).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD

binary=""
serve=1
fresh=0
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary=$(realpath "$2"); shift 2 ;;
    --no-serve) serve=0; shift ;;
    --fresh-rootfs) fresh=1; shift ;;
    -h|--help) sed -n '2,24p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

# What the Dockerfile's runtime stage installs; keep the two in step.
RUNTIME_PACKAGES=(libsqlite3-0 libpq5 zlib1g libcurl4)
SUITE=bookworm
LIVERY_UID=10001
GRACE=${GRACE:-10}
CACHE=${LIVERY_ROOTFS_DIR:-$ROOT/.build-rootfs}
ROOTFS=$CACHE/$SUITE-minbase
STAMP=$ROOTFS/.livery-rootfs-stamp
WANT_STAMP="$SUITE minbase ${RUNTIME_PACKAGES[*]}"

step() { printf '\n==> %s\n' "$*"; }
fail() { printf '\nFAIL: %s\n' "$*" >&2; exit 1; }
summary=()
note() { summary+=("$*"); printf '    %s\n' "$*"; }

[ "$(id -u)" -eq 0 ] || fail "run as root (debootstrap, chroot and mounts need it)"

# ------------------------------------------------------------------ 1. the binary
if [ -z "$binary" ]; then
  step "release build as in the Dockerfile (nice -n 10; several minutes on a cold cache)"
  for package in libsqlite3-dev libpq-dev zlib1g-dev libcurl4-openssl-dev; do
    dpkg -s "$package" >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq "$package"; }
  done
  build=(swift build -c release --static-swift-stdlib --product livery --scratch-path "$ROOT/.build-release")
  nice -n 10 "${build[@]}"
  binary="$("${build[@]}" --show-bin-path)/livery"
fi
[ -x "$binary" ] || fail "no binary at $binary"
note "binary: $binary ($(du -h "$binary" | cut -f1), unstripped)"

# ------------------------------------------------------------------ 2. the root filesystem
mirror_from_host() {
  # deb822 sources (bookworm's default) first, then one-line sources.
  local files=(/etc/apt/sources.list.d/*.sources /etc/apt/sources.list /etc/apt/sources.list.d/*.list)
  local file
  for file in "${files[@]}"; do
    [ -f "$file" ] || continue
    case "$file" in
      *.sources)
        awk -v suite="$SUITE" '
          /^URIs:/ { uris = $2 }
          /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == suite) found = 1 }
          /^$/ { if (found && uris != "") { print uris; exit } uris = ""; found = 0 }
          END { if (found && uris != "") print uris }' "$file" | head -n 1 ;;
      *)
        awk -v suite="$SUITE" '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i == suite) { print $(i - 1); exit } }' "$file" ;;
    esac
  done | head -n 1
}
MIRROR=${DEBIAN_MIRROR:-$(mirror_from_host)}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
SECURITY_MIRROR=${MIRROR%/debian}/debian-security

if [ "$fresh" -eq 1 ] || [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT_STAMP" ]; then
  step "debootstrap --variant=minbase $SUITE from $MIRROR"
  command -v debootstrap >/dev/null || { apt-get update -qq && apt-get install -y -qq debootstrap; }
  rm -rf "$ROOTFS"
  mkdir -p "$CACHE"
  debootstrap --variant=minbase "$SUITE" "$ROOTFS" "$MIRROR"
  # The sources debian:bookworm-slim ships: the release, its updates and security.
  rm -f "$ROOTFS/etc/apt/sources.list"
  cat > "$ROOTFS/etc/apt/sources.list.d/debian.sources" <<SOURCES
Types: deb
URIs: $MIRROR
Suites: $SUITE $SUITE-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $SECURITY_MIRROR
Suites: $SUITE-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES

  step "apt-get install ${RUNTIME_PACKAGES[*]} (as the Dockerfile's runtime stage)"
  cp /etc/resolv.conf "$ROOTFS/etc/resolv.conf"
  unshare --mount --propagation private --fork -- sh -euc '
    mount -t proc proc "$1/proc"
    chroot "$1" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive sh -euc "
      apt-get update -qq
      apt-get install -y -qq --no-install-recommends $2
      rm -rf /var/lib/apt/lists/*
      apt-get clean"
  ' sh "$ROOTFS" "${RUNTIME_PACKAGES[*]}"
  echo "$WANT_STAMP" > "$STAMP"
else
  step "reusing cached root filesystem $ROOTFS"
fi
note "rootfs: debootstrap --variant=minbase $SUITE + ${RUNTIME_PACKAGES[*]} ($(du -sh --exclude=proc --exclude=usr/local/bin/livery "$ROOTFS" 2>/dev/null | cut -f1) without livery)"
for tool in curl wget; do
  if chroot "$ROOTFS" sh -c "command -v $tool" >/dev/null 2>&1; then fail "the rootfs has $tool; the image should not need it"; fi
done
note "no curl or wget in the rootfs"

# ------------------------------------------------------------------ 3. binary and user
step "installing the binary and the livery user (uid/gid $LIVERY_UID)"
install -D -m 0755 "$binary" "$ROOTFS/usr/local/bin/livery"
strip --strip-debug "$ROOTFS/usr/local/bin/livery"   # as the Dockerfile's builder does
note "installed /usr/local/bin/livery ($(du -h "$ROOTFS/usr/local/bin/livery" | cut -f1) after strip --strip-debug)"
chroot "$ROOTFS" sh -euc "
  getent group livery >/dev/null || groupadd --system --gid $LIVERY_UID livery
  getent passwd livery >/dev/null || useradd --system --uid $LIVERY_UID --gid livery --home-dir /data --no-create-home --shell /usr/sbin/nologin livery
  rm -rf /data && install -d -o livery -g livery -m 0750 /data"

# The image's environment (Dockerfile ENV, USER, WORKDIR); nothing from the host leaks in.
IMAGE_ENV=(env -i -C /data PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/data
  LIVERY_DATABASE=/data/livery.sqlite LIVERY_HOST=0.0.0.0)

# Runs a command in the chroot as the livery user, in a private mount namespace with the
# /proc, /sys, /dev and /tmp a container gets (gone when the command ends).
in_image() {
  unshare --mount --propagation private --fork -- sh -euc '
    root=$1; shift
    mount -t proc proc "$root/proc"
    mount -t sysfs -o ro sysfs "$root/sys"
    mount --rbind /dev "$root/dev"
    mount -t tmpfs tmpfs "$root/tmp"
    if [ -n "${PIDFILE:-}" ]; then echo $$ > "$PIDFILE"; fi
    exec chroot --userspec='"$LIVERY_UID:$LIVERY_UID"' "$root" "$@"
  ' sh "$ROOTFS" "${IMAGE_ENV[@]}" "$@"
}

# ------------------------------------------------------------------ 4. links and runs
step "ldd /usr/local/bin/livery inside the rootfs"
ldd_output=$(chroot "$ROOTFS" ldd /usr/local/bin/livery)
printf '%s\n' "$ldd_output" | sed 's/^/    /'
if printf '%s\n' "$ldd_output" | grep -q "not found"; then
  fail "missing libraries: $(printf '%s\n' "$ldd_output" | grep 'not found' | awk '{print $1}' | tr '\n' ' ')"
fi
note "ldd: $(printf '%s\n' "$ldd_output" | awk '/=>/ {print $1}' | sed 's/\.so.*//' | tr '\n' ' ')— none missing"

step "livery --help inside the rootfs, as the livery user"
in_image livery --help > "$CACHE/help.txt" 2>&1 || { cat "$CACHE/help.txt"; fail "livery --help failed in the rootfs"; }
sed 's/^/    /' "$CACHE/help.txt" | head -n 20
note "livery --help: exit 0 as uid $LIVERY_UID"

if [ "$serve" -eq 0 ]; then
  step "summary (serve skipped: --no-serve)"
  printf '  %s\n' "${summary[@]}"
  exit 0
fi

# ------------------------------------------------------------------ 5. serve, probe, stop
step "livery serve --port 0 inside the rootfs, as the livery user"
log=$CACHE/serve.log
pidfile=$CACHE/serve.pid
rm -f "$log" "$pidfile"
PIDFILE=$pidfile in_image livery serve --port 0 > "$log" 2>&1 &
job=$!
stop_server() {
  if [ -s "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then kill -KILL "$(cat "$pidfile")" 2>/dev/null || true; fi
}
trap stop_server EXIT

address=""
for _ in $(seq 1 600); do
  address=$(grep -o 'listening on http://[^" ]*' "$log" | head -n 1 | sed 's/^listening on //') || true
  [ -n "$address" ] && break
  kill -0 "$job" 2>/dev/null || { cat "$log"; fail "livery serve exited before listening"; }
  sleep 0.1
done
[ -n "$address" ] || { cat "$log"; fail "no 'listening on http://' line within 60 s"; }
port=${address##*:}
note "serve: logged 'listening on $address'"

body=$(curl -fsS --max-time 5 "http://127.0.0.1:$port/healthz") || { cat "$log"; fail "GET /healthz from outside failed"; }
note "GET http://127.0.0.1:$port/healthz from outside: 200 $body"
status=$(curl -sS -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:$port/v1/channels/default/skin") || true
note "GET /v1/channels/default/skin from outside: $status"

in_image livery health --url "http://127.0.0.1:$port" --timeout 3 > "$CACHE/health.txt" 2>&1 \
  || { cat "$CACHE/health.txt"; fail "the HEALTHCHECK command (livery health) failed inside the rootfs"; }
note "HEALTHCHECK command inside the rootfs (livery health --url http://127.0.0.1:$port): exit 0"

step "SIGTERM, expecting exit 0 within ${GRACE}s (+2s)"
pid=$(cat "$pidfile")
started=$(date +%s%N)
kill -TERM "$pid"
deadline=$((GRACE + 2))
exited=0
for _ in $(seq 1 $((deadline * 10))); do
  if ! kill -0 "$job" 2>/dev/null; then exited=1; break; fi
  sleep 0.1
done
[ "$exited" -eq 1 ] || { cat "$log"; fail "still running ${deadline}s after SIGTERM"; }
code=0
wait "$job" || code=$?
elapsed=$(awk -v ns=$(($(date +%s%N) - started)) 'BEGIN { printf "%.2f", ns / 1e9 }')
trap - EXIT
[ "$code" -eq 0 ] || { cat "$log"; fail "exit status $code after SIGTERM"; }
note "SIGTERM: exit 0 after ${elapsed}s"

step "server log"
sed 's/^/    /' "$log"

step "summary: the runtime stage serves and stops cleanly"
printf '  %s\n' "${summary[@]}"
