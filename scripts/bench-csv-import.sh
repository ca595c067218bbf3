#!/usr/bin/env bash
# The organizer's CSV player import through the real server, at 1,000 and
# 4,000 lines (a fresh tournament each, 3 runs each, the directory growing),
# while a table's tablet keeps correcting a deal: prints each import's time
# and the tablet's latencies during the imports (p50, p99, max).
#   scripts/bench-csv-import.sh              # SQLite (a fresh file)
#   scripts/bench-csv-import.sh postgres     # a fresh database on TEST_DATABASE_URL's server
# CHELEM_BIN=path runs another build (e.g. an older one, for a before/after);
# without it, the release build. RUNS=n changes the runs per size.
set -euo pipefail
cd "$(dirname "$0")/.."
backend="${1:-sqlite}"
if [ -z "${CHELEM_BIN:-}" ]; then
  cargo build --release --quiet
fi
bin="${CHELEM_BIN:-$PWD/target/release/chelem}"
dir="$(mktemp -d)"
port=18331
pg_base="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
pg_db="chelem_bench_csv_$$"
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  [ "$backend" = postgres ] && psql -q "$pg_base" -c "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" >/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
if [ "$backend" = postgres ]; then
  psql -q "$pg_base" -c "CREATE DATABASE $pg_db" >/dev/null
  export DATABASE_URL="${pg_base%/*}/$pg_db"
else
  export DATABASE_URL="$dir/chelem.db"
fi
cd "$dir"
echo 'bench-password-1234' | "$bin" user add bench >/dev/null
token="$("$bin" token create --user bench)"
"$bin" serve --bind 127.0.0.1:$port --workers 2 >server.log 2>&1 &
server=$!
for _ in $(seq 1 100); do curl -sf http://127.0.0.1:$port/healthz >/dev/null && break; sleep 0.1; done
python3 - "$token" "$port" "$backend" "${RUNS:-3}" <<'PY'
import json, statistics, sys, threading, time
import requests
token, port, backend, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
base = f"http://127.0.0.1:{port}"
api = requests.Session()
api.headers["Authorization"] = "Bearer " + token
def call(method, path, body=None):
    r = api.request(method, base + path, json=body)
    r.raise_for_status()
    return r.json()
# The organizer's session (the upload is a form with its CSRF token).
org = requests.Session()
org.get(base + "/login")
csrf = org.cookies["chelem_csrf"]
r = org.post(base + "/login", data={"csrf": csrf, "username": "bench", "password": "bench-password-1234", "next": "/"},
             allow_redirects=False)
assert r.status_code == 303, r.text
csrf = org.cookies["chelem_csrf"]
# A table playing meanwhile: 8 players, round 1 seated.
play = call("POST", "/api/tournaments", {"name": "Playing", "rounds": 3})["id"]
for i in range(8):
    call("POST", f"/api/tournaments/{play}/players", {"name": f"Tablet player {i}", "club": "C"})
table = call("POST", f"/api/tournaments/{play}/rounds")["tables"][0]
def tablet(stop, latencies):
    s = requests.Session()
    ps, k = table["players"], 0
    while not stop.is_set():
        k += 1
        body = {"taker": ps[k % 4], "contract": "garde", "oudlers": 2, "points": 41 + k % 10}
        t = time.perf_counter()
        r = s.put(f"{base}/api/tables/{table['token']}/deals/1", json=body)
        latencies.append((time.perf_counter() - t) * 1000)
        assert r.status_code == 200, r.text
        time.sleep(0.01)
run = 0
for lines in (1000, 4000):
    times, during = [], []
    for _ in range(runs):
        run += 1
        tid = call("POST", "/api/tournaments", {"name": f"Import {run}", "rounds": 3})["id"]
        text = "nom;prénom;club;licence\n" + "".join(
            f"Joueur{run}x{i};Prénom{i};Club {i % 40};{1_000_000 + run * 10_000 + i}\n" for i in range(lines))
        stop, latencies = threading.Event(), []
        th = threading.Thread(target=tablet, args=(stop, latencies))
        th.start()
        time.sleep(0.3)
        before = len(latencies)
        t = time.perf_counter()
        r = org.post(f"{base}/tournaments/{tid}/players/import",
                     files={"csrf": (None, csrf), "csv_file": ("players.csv", text.encode(), "text/csv")})
        took = time.perf_counter() - t
        during.extend(latencies[before:])
        stop.set()
        th.join()
        assert r.status_code == 200, (r.status_code, r.text[:500])
        times.append(took)
    during.sort()
    p = lambda q: during[min(len(during) - 1, int(q * len(during)))] if during else float("nan")
    print(f"csv_import/{backend}/{lines}: median {statistics.median(times):.3f} s "
          f"(runs: {', '.join(f'{x:.3f}' for x in times)} s); tablet during the imports: "
          f"{len(during)} writes, p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, max {during[-1] if during else 0:.1f} ms")
PY
