#!/usr/bin/env bash
# Login flood: while THREADS clients post logins with made-up names (each one
# an argon2 check against the dummy hash) for SECONDS seconds, one client
# asks /healthz every 20 ms; prints the login answers by status and the
# /healthz latencies (p50, p99, max). Release build, SQLite, loopback only,
# bounded in time. Needs python3.
#   scripts/login-flood.sh [THREADS] [SECONDS]
# CHELEM_BIN=path runs another build (e.g. an older one, for a before/after).
set -euo pipefail
cd "$(dirname "$0")/.."
threads="${1:-32}"
seconds="${2:-10}"
if [ -z "${CHELEM_BIN:-}" ]; then
  cargo build --release --quiet
fi
bin="${CHELEM_BIN:-$PWD/target/release/chelem}"
dir="$(mktemp -d)"
port=18323
server=
trap '[ -n "$server" ] && kill $server 2>/dev/null; rm -rf "$dir"' EXIT
cd "$dir"
echo 'flood-test-password' | "$bin" user add arbitre >/dev/null
"$bin" serve --bind 127.0.0.1:$port --workers 2 >/dev/null 2>&1 &
server=$!
for _ in $(seq 1 50); do curl -sf http://127.0.0.1:$port/healthz >/dev/null && break; sleep 0.1; done
python3 - "$port" "$threads" "$seconds" <<'PY'
import collections, http.client, re, secrets, sys, threading, time, urllib.parse
port, threads, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
stop = time.monotonic() + seconds
statuses = collections.Counter()
lock = threading.Lock()

def flood():
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    c.request("GET", "/login")
    r = c.getresponse()
    body = r.read().decode()
    cookie = re.search(r"chelem_csrf=([0-9a-f]+)", r.getheader("Set-Cookie")).group(1)
    token = re.search(r'name="csrf" value="([0-9a-f]+)"', body).group(1)
    while time.monotonic() < stop:
        form = urllib.parse.urlencode({"csrf": token, "username": "nobody-" + secrets.token_hex(6),
                                       "password": secrets.token_hex(8), "next": "/"})
        try:
            c.request("POST", "/login", form, {"Content-Type": "application/x-www-form-urlencoded",
                                                "Cookie": f"chelem_csrf={cookie}"})
            r = c.getresponse()
            r.read()
            status = r.status
        except Exception as e:
            status = type(e).__name__
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        with lock:
            statuses[status] += 1

latencies = []
def health():
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while time.monotonic() < stop:
        t = time.monotonic()
        c.request("GET", "/healthz")
        r = c.getresponse()
        r.read()
        latencies.append((time.monotonic() - t) * 1000)
        time.sleep(0.02)

workers = [threading.Thread(target=flood) for _ in range(threads)] + [threading.Thread(target=health)]
for w in workers:
    w.start()
for w in workers:
    w.join()
latencies.sort()
q = lambda p: latencies[min(len(latencies) - 1, int(p * len(latencies)))]
print(f"{threads} clients, {seconds:.0f} s: logins by status {dict(sorted(statuses.items(), key=str))}")
print(f"/healthz: {len(latencies)} answers, p50 {q(0.5):.1f} ms, p99 {q(0.99):.1f} ms, max {latencies[-1]:.1f} ms")
PY
