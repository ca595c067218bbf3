#!/usr/bin/env bash
# The load run of a 400-player event (docs/load.md): builds the release
# binary and the load client (examples/load_event), then for each database
# starts the server on a fresh one, runs the client against it and stops the
# server. The client seats a 400-player tournament (100 tables of 4), opens
# 500 spectators' event streams, then 100 table clients enter and correct
# their deals with no think time while the standings page, the projector and
# /healthz are polled; it prints deal entries per second, p50/p99 latencies,
# errors, the server's RSS and CPU, and checks that every acknowledged deal
# is stored exactly once. Loopback only, bounded in count and time.
#   scripts/load-event.sh [sqlite|postgres|both]      (default: both)
# Extra client flags in LOAD_ARGS, e.g. LOAD_ARGS="--seconds 30 --spectators 100".
# LOAD_ARGS="--tournaments N" runs N tournaments at once, the tables and
# spectators dealt among them (scripts/load-clubs.sh: a comité's 40 clubs).
# INSTANCES=2 (PostgreSQL only) starts a second app instance on the same
# database, a real second process on the next port: every other table client
# and spectator uses it; each instance takes half the cores' request
# workers (CHELEM_WORKERS, unless set).
# Server settings as usual: CHELEM_POOL_SIZE, CHELEM_WORKERS. CHELEM_BIN=path
# serves with another build (e.g. an older one, for a before/after).
# PostgreSQL: PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable),
# used to create a fresh database and drop it at the end.
# It first prints the machine's speed: the time of one fixed CPU workload
# (`chelem duel`, 100 deals) and the load average (MACHINE_SPEED=0 skips it).
# PERF_OUT=file records where the server's processor time goes (`perf
# record -g`, the first instance, from the tournament's set-up to the load's end) for
# `perf report -i file`; build with frame pointers and line tables for
# whole call stacks (docs/load.md, "Where the time goes").
# Exit status 1 when a run fails its checks (errors, lost or doubled deals).
set -euo pipefail
cd "$(dirname "$0")/.."
which="${1:-both}"
case "$which" in sqlite|postgres|both) ;; *) echo "usage: $0 [sqlite|postgres|both]" >&2; exit 2 ;; esac
# Loopback: no TLS (README, "PostgreSQL"); it protects nothing on one machine.
pg_admin="${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}"
target="${CARGO_TARGET_DIR:-target}"
case "$target" in /*) ;; *) target="$PWD/$target" ;; esac

cargo build --release --quiet --features tools --bin chelem --example load_event
bin="${CHELEM_BIN:-$target/release/chelem}"
load="$target/release/examples/load_event"

# The machine's speed, so that figures from different machines compare
# (issue 44): one fixed CPU workload timed just before the runs, and the
# load average. MACHINE_SPEED=0 skips it (about 30 s on a current core).
if [ "${MACHINE_SPEED:-1}" != 0 ]; then
  started=$(date +%s.%N)
  "$bin" duel --players 4 --deals 100 --a strong --b quick --playouts 200 --threads 1 >/dev/null
  ended=$(date +%s.%N)
  echo "machine speed: chelem duel --players 4 --deals 100 --a strong --b quick --playouts 200 --threads 1 took $(awk "BEGIN { printf \"%.1f\", $ended - $started }") s; load average $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
fi

dir="$(mktemp -d)"
port=18323
server=""
server2=""
pg_db=""
stop_server() {
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    server=""
  fi
  if [ -n "$server2" ]; then
    kill "$server2" 2>/dev/null || true
    wait "$server2" 2>/dev/null || true
    server2=""
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
  echo "== $label ($(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg))"
  echo 'load-test-password' | "$bin" --database-url "$url" user add loader >/dev/null
  local token
  token="$("$bin" --database-url "$url" token create --user loader)"
  # Two instances on this one machine share its cores: each takes its half
  # of the request workers (docs/load.md: one worker each on 2 cores halves
  # deal entry's p99), unless CHELEM_WORKERS says otherwise.
  local two="" workers="${CHELEM_WORKERS:-}"
  if [ "${INSTANCES:-1}" = 2 ] && [ "$label" = postgresql ]; then
    two=1
    workers="${CHELEM_WORKERS:-$(( $(nproc) / 2 > 0 ? $(nproc) / 2 : 1 ))}"
  fi
  # Every spectator of the run comes from 127.0.0.1: the caps on one client
  # address's streams and connections (guards against one machine's flood)
  # are lifted here.
  local envs=(CHELEM_MAX_STREAMS_PER_CLIENT="${CHELEM_MAX_STREAMS_PER_CLIENT:-100000}"
              CHELEM_MAX_CONNECTIONS_PER_CLIENT="${CHELEM_MAX_CONNECTIONS_PER_CLIENT:-100000}")
  if [ -n "$workers" ]; then envs+=(CHELEM_WORKERS="$workers"); fi
  env "${envs[@]}" "$bin" --database-url "$url" serve --bind "127.0.0.1:$port" >"$dir/$label.log" 2>&1 &
  server=$!
  local second=""
  if [ -n "$two" ]; then
    env "${envs[@]}" "$bin" --database-url "$url" serve --bind "127.0.0.1:$((port + 1))" >"$dir/$label-2.log" 2>&1 &
    server2=$!
    for _ in $(seq 100); do
      curl -fs "http://127.0.0.1:$((port + 1))/healthz" >/dev/null 2>&1 && break
      sleep 0.1
    done
    second="--base2 http://127.0.0.1:$((port + 1)) --server-pid2 $server2"
  fi
  local perf=""
  if [ -n "${PERF_OUT:-}" ]; then
    for _ in $(seq 100); do
      curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
      sleep 0.1
    done
    perf record -F 300 -g -p "$server" -o "$PERF_OUT" >"$dir/perf.log" 2>&1 &
    perf=$!
  fi
  # shellcheck disable=SC2086
  "$load" --base "http://127.0.0.1:$port" --token "$token" --server-pid "$server" --label "$label" \
    $second ${LOAD_ARGS:-} || failed=1
  if [ -n "$perf" ]; then
    kill -INT "$perf" 2>/dev/null || true
    wait "$perf" 2>/dev/null || true
  fi
  stop_server
  local five
  five="$(cat "$dir/$label".log "$dir/$label"-2.log 2>/dev/null | grep -cE 'http.status_code=5[0-9][0-9]' || true)"
  echo "[$label] server log: $five responses 5xx"
}

if [ "$which" != postgres ]; then
  run sqlite "$dir/load.db"
fi
if [ "$which" != sqlite ]; then
  if psql "$pg_admin" -qtAc 'SELECT 1' >/dev/null 2>&1; then
    pg_db="chelem_load_$$"
    psql "$pg_admin" -qc "CREATE DATABASE $pg_db" >/dev/null
    run postgresql "$(echo "$pg_admin" | sed -E "s#/[^/?]*(\?|\$)#/$pg_db\1#")"
  else
    echo "== postgresql: no server at $pg_admin, skipped"
    failed=1
  fi
fi
exit "$failed"
