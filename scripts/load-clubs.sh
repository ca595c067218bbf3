#!/usr/bin/env bash
# A comité's evening (docs/load.md, "A comité's evening: 40 clubs at once"):
# 40 clubs' tournaments at once on one server, each of 30 players (5 tables
# of 4 and 2 of 5: 1,200 players, 280 tables), each with its own standings
# page, projector and 60 event streams (the players' phones, the projector,
# the standings: 2,400 streams in all), the tables at the festival's pace
# (--think 5000: each entry 2.5 to 7.5 s after the last answer), 60 s of
# load; on PostgreSQL with two app instances (INSTANCES=2) by default.
# It runs scripts/load-event.sh (read its top: the build, the servers, the
# machine's speed, PG_ADMIN_URL, CHELEM_BIN, PERF_OUT) with the load
# client's --tournaments 40; every check holds per tournament (each
# acknowledged deal stored exactly once, each stream every event of its own
# tournament, in order). Each tournament's standings page and projector are
# polled by one client each that waits 250 ms after each answer (a live
# page's pace, static/live.js), /healthz by one client asking each second
# (a monitor's pace).
#   scripts/load-clubs.sh [postgres|sqlite|both]      (default: postgres)
# LOAD_ARGS are added after these defaults and win over them, e.g.
# LOAD_ARGS="--seconds 20" for a shorter run; INSTANCES=1 for one instance.
# Exit status 1 when a run fails its checks.
set -euo pipefail
cd "$(dirname "$0")/.."
clubs="--tournaments 40 --tables 280 --fives 80 --spectators 2400 --seconds 60 --think 5000 --pollers 1 --poll-pause 250 --health-pause 1000"
INSTANCES="${INSTANCES:-2}" LOAD_ARGS="$clubs ${LOAD_ARGS:-}" exec scripts/load-event.sh "${1:-postgres}"
