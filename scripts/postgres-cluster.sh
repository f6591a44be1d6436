#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests and measurements (never for data you keep).
#
#   scripts/postgres-cluster.sh start DIR [PORT]   # initdb + pg_ctl start; prints the URL
#   scripts/postgres-cluster.sh stop DIR           # pg_ctl stop (fast) and remove DIR
#   scripts/postgres-cluster.sh restart DIR        # stop and start the same cluster (keeps data)
#
# max_connections is 500: the suite runs many servers against this one cluster at once (each
# with a writer, readers and a change listener), and the fleet and gate suites run on it too;
# at 200 a loaded run exhausted it ("remaining connection slots are reserved").
# Needs Debian's `postgresql` package. The server runs as the `postgres` user (initdb refuses
# root), listens on 127.0.0.1:PORT (default 55432) and on a unix socket in DIR, trusts local
# connections (no password: a test cluster) and keeps the durability defaults (fsync on).
set -euo pipefail
command=${1:?usage: postgres-cluster.sh start|stop|restart DIR [PORT]}
dir=${2:?usage: postgres-cluster.sh start|stop|restart DIR [PORT]}
port=${3:-55432}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "postgres-cluster: install the postgresql package" >&2; exit 1; }
as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$command" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    if [ ! -f "$dir/data/PG_VERSION" ]; then
      as_postgres "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --no-sync -E UTF8 >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    fi
    as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir -c max_connections=500" start >/dev/null \
      || { cat "$dir/server.log" >&2; exit 1; }
    echo "postgresql://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    if [ -f "$dir/data/postmaster.pid" ]; then
      as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    fi
    rm -rf "$dir"
    ;;
  restart)
    as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir -c max_connections=500" start >/dev/null
    ;;
  *)
    echo "usage: postgres-cluster.sh start|stop|restart DIR [PORT]" >&2; exit 2 ;;
esac
