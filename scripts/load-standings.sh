#!/usr/bin/env bash
# Load run: a 120-player, 5-round tournament with every deal entered (SQLite,
# release build), then wrk, with the same settings, on /healthz (the
# baseline: one trivial query) and on the standings (JSON, HTML page,
# projector) for 10 s each on loopback; prints each one's share of /healthz.
# Needs wrk (Debian package) and python3.
#   scripts/load-standings.sh [PLAYERS] [ROUNDS]
# CHELEM_BIN=path runs another build (e.g. an older one, for a before/after).
set -euo pipefail
cd "$(dirname "$0")/.."
players="${1:-120}"
rounds="${2:-5}"
if [ -z "${CHELEM_BIN:-}" ]; then
  cargo build --release --quiet
fi
bin="${CHELEM_BIN:-$PWD/target/release/chelem}"
dir="$(mktemp -d)"
port=18321
trap 'kill $server 2>/dev/null || true; rm -rf "$dir"' EXIT
cd "$dir"
echo 'load-test-password' | "$bin" user add loader >/dev/null
token="$("$bin" token create --user loader)"
"$bin" serve --bind 127.0.0.1:$port --workers 2 >/dev/null 2>&1 &
server=$!
for _ in $(seq 1 50); do curl -sf http://127.0.0.1:$port/healthz >/dev/null && break; sleep 0.1; done
python3 - "$token" "$port" "$players" "$rounds" <<'PY'
import json, sys, urllib.request
token, port, n, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
base = f"http://127.0.0.1:{port}"
def call(method, path, body=None, auth=True):
    headers = {"Content-Type": "application/json"}
    if auth:
        headers["Authorization"] = "Bearer " + token
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    return json.loads(urllib.request.urlopen(req).read() or b"null")
tid = call("POST", "/api/tournaments", {"name": "Load", "rounds": rounds})["id"]
for i in range(n):
    call("POST", f"/api/tournaments/{tid}/players", {"name": f"Player {i:03}", "club": f"Club {i % 9}"})
deals = 0
for r in range(1, rounds + 1):
    seated = call("POST", f"/api/tournaments/{tid}/rounds")
    for t in seated["tables"]:
        ps = t["players"]
        for k in range(1, (5 if len(ps) == 5 else len(ps)) + 1):
            playing = [p for i, p in enumerate(ps) if not (len(ps) == 5 and i == (k - 1) % 5)]
            body = {"taker": playing[k % len(playing)], "contract": ["petite", "garde", "garde_sans"][k % 3],
                    "oudlers": k % 4, "points": [40, 44, 50, 60][k % 4]}
            call("PUT", f"/api/tables/{t['token']}/deals/{k}", body, auth=False)
            deals += 1
    call("POST", f"/api/tournaments/{tid}/rounds/{r}/close")
print(f"tournament {tid}: {n} players, {rounds} rounds, {deals} deals entered")
PY
rate() {
  wrk -t2 -c16 -d10s "http://127.0.0.1:$port$1" | awk '/Requests\/sec/ {print $2}'
}
base="$(rate /healthz)"
printf '%-36s %10s req/s\n' "GET /healthz" "$base"
for path in /api/tournaments/1/standings /tournaments/1/standings /tournaments/1/projector; do
  code="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$path")"
  if [ "$code" != 200 ]; then
    printf '%-36s %10s\n' "GET $path" "HTTP $code"
    continue
  fi
  r="$(rate "$path")"
  printf '%-36s %10s req/s  %5.1f %% of /healthz\n' "GET $path" "$r" "$(python3 -c "print(100 * $r / $base)")"
done
