#!/usr/bin/env bash
# Bots measured in a duplicate tournament (docs/bots.md): builds the release
# binary and examples/bots_duplicate, starts the server on a fresh SQLite
# database (loopback), and plays a whole duplicate tournament whose players
# are all bots, half of them bot A, half bot B; prints each bot's mean
# percentage and A − B per deal at the same seat of the same deal.
#   scripts/bots-duplicate.sh [client flags: --players 16 --rounds 6 --deals 6 --a strong --b quick]
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
case "$target" in /*) ;; *) target="$PWD/$target" ;; esac
cargo build --release --quiet --features tools --bin chelem --example bots_duplicate
bin="$target/release/chelem"
dir="$(mktemp -d)"
port=18324
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap cleanup EXIT
url="$dir/bots.db"
echo 'bots-duplicate-password' | "$bin" --database-url "$url" user add arbitre >/dev/null
token="$("$bin" --database-url "$url" token create --user arbitre)"
"$bin" --database-url "$url" serve --bind "127.0.0.1:$port" >"$dir/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do
  curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done
echo "== $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
"$target/release/examples/bots_duplicate" --base "http://127.0.0.1:$port" --token "$token" "$@"
