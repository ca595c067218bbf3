#!/usr/bin/env bash
# Times `chelem score` (release build) on N generated records (default 1,000,000),
# valid and invalid mixed: prints records per second.
#   scripts/bench-score-cli.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-1000000}"
cargo build --release --quiet
file="$(mktemp -t chelem-records.XXXXXX)"
trap 'rm -f "$file"' EXIT
python3 scripts/gen_records.py "$n" > "$file"
lines=$(wc -l < "$file")
start=$(date +%s.%N)
set +e
./target/release/chelem score < "$file" > /dev/null
status=$?
set -e
end=$(date +%s.%N)
python3 - "$lines" "$start" "$end" "$status" <<'PY'
import sys
n, start, end, status = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
t = end - start
print(f"chelem score: {n} records in {t:.2f} s = {n / t:,.0f} records/s (exit status {status})")
PY
