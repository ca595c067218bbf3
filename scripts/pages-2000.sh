#!/usr/bin/env bash
# How fast the pages of a festival session answer (docs/load.md, "Pages of
# a 2,000-player session"): builds the release binary, then for each
# database starts the server on a fresh one, sets up over the API a
# tournament of PLAYERS players (default 2,000) with round 1 seated and
# every deal of it entered, logs an organizer in, and fetches each page
# REPEAT times one after the other (no other load): the organizer's
# dashboard (players list and check-in), the round page, the standings,
# the projector, the results page, a player's page. Prints each page's
# size and p50/p90/max time. Loopback only.
#   scripts/pages-2000.sh [sqlite|postgres|both] [PLAYERS] [REPEAT]
# PG_ADMIN_URL as in scripts/load-event.sh; CHELEM_BIN=path for another build.
set -euo pipefail
cd "$(dirname "$0")/.."
which="${1:-both}"
players="${2:-2000}"
repeat="${3:-20}"
case "$which" in sqlite|postgres|both) ;; *) echo "usage: $0 [sqlite|postgres|both] [PLAYERS] [REPEAT]" >&2; exit 2 ;; esac
pg_admin="${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}"
if [ -z "${CHELEM_BIN:-}" ]; then
  cargo build --release --quiet --bin chelem
fi
bin="${CHELEM_BIN:-$PWD/target/release/chelem}"
dir="$(mktemp -d)"
port=18325
server=""
pg_db=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  [ -n "$pg_db" ] && psql "$pg_admin" -qc "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

run() {
  local label="$1" url="$2"
  echo "== $label ($(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg))"
  echo 'pages-test-password' | "$bin" --database-url "$url" user add arbitre >/dev/null
  local token
  token="$("$bin" --database-url "$url" token create --user arbitre)"
  "$bin" --database-url "$url" serve --bind "127.0.0.1:$port" >"$dir/$label.log" 2>&1 &
  server=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
  python3 - "$token" "$port" "$players" "$repeat" "$label" <<'PY'
import http.cookiejar, json, re, sys, time, urllib.parse, urllib.request
token, port, n, repeat, label = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
base = f"http://127.0.0.1:{port}"
def call(method, path, body=None, auth=True):
    headers = {"Content-Type": "application/json"}
    if auth:
        headers["Authorization"] = "Bearer " + token
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    return json.loads(urllib.request.urlopen(req).read() or b"null")
t0 = time.time()
tid = call("POST", "/api/tournaments", {"name": "Festival", "rounds": 3})["id"]
for i in range(n):
    call("POST", f"/api/tournaments/{tid}/players", {"name": f"Joueur {i:04}", "club": f"Club {i % 40}", "checked_in": True})
seated = call("POST", f"/api/tournaments/{tid}/rounds")
deals = 0
for t in seated["tables"]:
    ps = t["players"]
    for k in range(1, (5 if len(ps) == 5 else 4) + 1):
        playing = [p for i, p in enumerate(ps) if not (len(ps) == 5 and i == (k - 1) % 5)]
        body = {"taker": playing[k % len(playing)], "contract": ["petite", "garde", "garde_sans"][k % 3],
                "oudlers": k % 4, "points": [40, 44, 50, 60][k % 4]}
        call("PUT", f"/api/tables/{t['token']}/deals/{k}", body, auth=False)
        deals += 1
player = seated["tables"][0]["players"][0]
print(f"[{label}] tournament {tid}: {n} players, {len(seated['tables'])} tables, {deals} deals entered, set up in {time.time() - t0:.0f} s")
# An organizer's browser: the login form's token, then its session cookie.
jar = http.cookiejar.CookieJar()
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
page = opener.open(base + "/login").read().decode()
csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
form = urllib.parse.urlencode({"csrf": csrf, "username": "arbitre", "password": "pages-test-password"}).encode()
opener.open(urllib.request.Request(base + "/login", data=form, method="POST"))
pages = [
    ("dashboard (players, check-in)", f"/tournaments/{tid}"),
    ("round page", f"/tournaments/{tid}/rounds/1"),
    ("standings", f"/tournaments/{tid}/standings"),
    ("projector", f"/tournaments/{tid}/projector"),
    ("results page", f"/tournaments/{tid}/results.html"),
    ("a player's page", f"/tournaments/{tid}/players/{player}"),
]
print(f"[{label}] {'page':<30} {'KB':>7} {'p50 ms':>8} {'p90 ms':>8} {'max ms':>8}")
for name, path in pages:
    took, size = [], 0
    for _ in range(repeat):
        s = time.perf_counter()
        r = opener.open(base + path)
        body = r.read()
        took.append((time.perf_counter() - s) * 1000)
        assert r.status == 200, (path, r.status)
        size = len(body)
    took.sort()
    pct = lambda p: took[min(len(took) - 1, int(len(took) * p))]
    print(f"[{label}] {name:<30} {size / 1024:>7.0f} {pct(0.5):>8.1f} {pct(0.9):>8.1f} {took[-1]:>8.1f}")
PY
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  server=""
}

if [ "$which" != postgres ]; then
  run sqlite "$dir/pages.db"
fi
if [ "$which" != sqlite ]; then
  pg_db="chelem_pages_$$"
  psql "$pg_admin" -qc "CREATE DATABASE $pg_db" >/dev/null
  run postgresql "$(echo "$pg_admin" | sed -E "s#/[^/?]*(\?|\$)#/$pg_db\1#")"
fi
