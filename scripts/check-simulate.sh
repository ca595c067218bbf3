#!/bin/sh
# Plays 100,000 deals at 3, 4 and 5 players with `chelem simulate --log` and
# checks every logged deal with the independent checker of the FFT rules
# (examples/check_log.rs, which reuses tests/core/play/checker.rs).
#
#   scripts/check-simulate.sh [DEALS]
set -eu
DEALS=${1:-100000}
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
cargo build --release --quiet
cargo build --release --quiet --features tools --example check_log
TARGET=${CARGO_TARGET_DIR:-target}
for N in 3 4 5; do
    echo "== $N players"
    "$TARGET/release/chelem" simulate --players "$N" --deals "$DEALS" --seed 1 --log "$DIR/deals-$N.jsonl"
    "$TARGET/release/examples/check_log" "$DIR/deals-$N.jsonl"
done
