#!/usr/bin/env bash
# Load run: deal entry at 100 tables at once, on SQLite then on PostgreSQL.
# The release binary serves a fresh database (its default pool and workers:
# set CHELEM_POOL_SIZE / CHELEM_WORKERS to try others); the load client
# (examples/load_deals.rs) sets up a 400-player tournament and its round 1
# over the API, then 100 threads, one blocking HTTP client per table, PUT
# their 4 deals and a pass of corrections with no think time (800 PUTs), and
# print the count, the non-2xx answers, PUT/s and p50/p90/p99/max latency.
# Loopback only, bounded in count (TABLES × 4 × PASSES) and time (60 s a
# request); the servers are stopped and the PostgreSQL database dropped at
# the end. Exit status 1 when any PUT was not a 2xx on either database.
#   scripts/load-deals.sh [TABLES] [PASSES]
# PostgreSQL: PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres),
# a database on the server used to create and drop a fresh one; without a
# reachable server that half is skipped with a note.
set -euo pipefail
cd "$(dirname "$0")/.."
tables="${1:-100}"
passes="${2:-2}"
pg_admin="${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
target="${CARGO_TARGET_DIR:-target}"
case "$target" in /*) ;; *) target="$PWD/$target" ;; esac

cargo build --release --quiet --bin chelem --example load_deals
bin="$target/release/chelem"
load="$target/release/examples/load_deals"

dir="$(mktemp -d)"
port=18322
server=""
pg_db=""
stop_server() {
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    server=""
  fi
}
cleanup() {
  stop_server
  if [ -n "$pg_db" ]; then
    psql "$pg_admin" -qc "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}
trap cleanup EXIT

failed=0
# run LABEL DATABASE_URL
run() {
  local label="$1" url="$2"
  echo "== $label: $tables tables at once, $passes passes"
  echo 'load-test-password' | "$bin" --database-url "$url" user add loader >/dev/null
  local token
  token="$("$bin" --database-url "$url" token create --user loader)"
  "$bin" --database-url "$url" serve --bind "127.0.0.1:$port" >"$dir/$label.log" 2>&1 &
  server=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
  "$load" --base "http://127.0.0.1:$port" --token "$token" --tables "$tables" --passes "$passes" \
    --label "$label" || failed=1
  stop_server
  local locked five
  locked="$(grep -c 'database is locked' "$dir/$label.log" || true)"
  five="$(grep -cE 'http.status_code=5[0-9][0-9]' "$dir/$label.log" || true)"
  echo "[$label] server log: $five responses 5xx, $locked mentions of \"database is locked\""
}

run sqlite "$dir/load.db"

if psql "$pg_admin" -qtAc 'SELECT 1' >/dev/null 2>&1; then
  pg_db="chelem_load_$$"
  psql "$pg_admin" -qc "CREATE DATABASE $pg_db" >/dev/null
  run postgresql "$(echo "$pg_admin" | sed -E "s#/[^/?]*(\?|\$)#/$pg_db\1#")"
else
  echo "== postgresql: no server at $pg_admin, skipped"
fi
exit "$failed"
