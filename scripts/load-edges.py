#!/usr/bin/env python3
"""The server at its edges (issue 25), measured against the real binary.

`streams`: a flood of event streams under a systemd-like open-file limit,
and what deal entry costs meanwhile (part 1).

Starts `chelem serve` under `prlimit --nofile=SOFT:HARD` on a fresh database
(SQLite in a temporary folder, or the PostgreSQL URL given), sets up a
tournament through the API (players, round 1 seated), then opens ATTEMPTS
event streams from many loopback addresses (127.0.0.2 and on) and holds
the admitted ones open, while table clients PUT deals one after the other.
Prints the streams admitted / refused (503 + Retry-After) / failed, the
deal entries' latency (p50, p99, max), /healthz's, and any "Too many open
files" in the server's log. Loopback only, bounded in count.

  scripts/load-edges.py streams [--bin target/release/chelem] [--database-url URL]
                                [--attempts 5000] [--nofile 1024:4096] [--deals 400]

Exit status 1 when a stream attempt or a request failed for another reason
than a cap.

`restart`: tables entering deals (each with its idempotency key, again
after a 503) and visitors reading, for --seconds; halfway, --restart-cmd runs
(e.g. `pg_ctlcluster 15 main restart`: every other user of that PostgreSQL is
disturbed too). Prints the count of each status (part 5: no 500), and checks
that every deal acknowledged is stored once.

  scripts/load-edges.py restart --database-url postgres://… --restart-cmd "pg_ctlcluster 15 main restart"
"""

import argparse
import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["streams", "restart"])
    p.add_argument("--restart-cmd", default="pg_ctlcluster 15 main restart")
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--bin", default=os.path.join(os.environ.get("CARGO_TARGET_DIR", "target"), "release/chelem"))
    p.add_argument("--database-url", default=None)
    p.add_argument("--attempts", type=int, default=5000)
    p.add_argument("--clients", type=int, default=25, help="loopback source addresses")
    p.add_argument("--nofile", default="1024:4096")
    p.add_argument("--tables", type=int, default=25)
    p.add_argument("--deals", type=int, default=400, help="deal entries measured")
    p.add_argument("--port", type=int, default=18431)
    return p.parse_args()


def call(addr, method, path, body=None, token=None, headers=None):
    c = http.client.HTTPConnection(addr[0], addr[1], timeout=30)
    h = dict(headers or {})
    if token:
        h["Authorization"] = "Bearer " + token
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        h["Content-Type"] = "application/json"
    t = time.perf_counter()
    c.request(method, path, body=data, headers=h)
    r = c.getresponse()
    raw = r.read()
    took = time.perf_counter() - t
    c.close()
    try:
        out = json.loads(raw)
    except ValueError:
        out = raw.decode(errors="replace")
    return r.status, out, took


def stream_attempt(addr, source, path):
    """('open', socket) | ('refused', None) | ('failed', why)"""
    s = socket.socket()
    try:
        s.bind((source, 0))
        s.settimeout(20)
        s.connect(addr)
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = s.recv(4096)
            if not chunk:
                s.close()
                return "failed", "closed: " + head.decode(errors="replace")
            head += chunk
        if head.startswith(b"HTTP/1.1 200"):
            return "open", s
        if head.startswith(b"HTTP/1.1 503") and b"retry-after:" in head.lower():
            s.close()
            return "refused", None
        s.close()
        return "failed", head.decode(errors="replace")[:200]
    except OSError as e:
        s.close()
        return "failed", str(e)


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000 if xs else float("nan")


def deal_body(players, k):
    return {"taker": players[k % 4], "partner": None, "contract": "garde", "oudlers": 2,
            "points": 41 + k % 10, "handfuls": [], "petit_au_bout": None,
            "chelem": {"announced": False, "made_by": None}}


class Run:
    """The server under test on a fresh tournament: round 1 seated."""

    def __init__(self, a):
        self.tmp = tempfile.mkdtemp()
        url = a.database_url or os.path.join(self.tmp, "load.db")
        env = dict(os.environ, DATABASE_URL=url, RUST_LOG="warn")
        subprocess.run([a.bin, "user", "add", "loader"], input=b"load-test-password\n", env=env, check=True,
                       stdout=subprocess.DEVNULL)
        self.token = subprocess.run([a.bin, "token", "create", "--user", "loader"], env=env, check=True,
                                    capture_output=True).stdout.decode().strip()
        self.log_path = os.path.join(self.tmp, "server.log")
        self.log = open(self.log_path, "w")
        self.addr = ("127.0.0.1", a.port)
        cmd = [a.bin, "serve", "--bind", f"{self.addr[0]}:{self.addr[1]}"]
        if a.mode == "streams":
            cmd = ["prlimit", f"--nofile={a.nofile}"] + cmd
        self.server = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=self.log)
        for _ in range(200):
            try:
                if call(self.addr, "GET", "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        st, t, _ = call(self.addr, "POST", "/api/tournaments", {"name": "Edges", "rounds": 3, "deals_table4": 20},
                        self.token)
        assert st == 201, (st, t)
        self.tid = t["id"]
        for i in range(4 * a.tables):
            st, out, _ = call(self.addr, "POST", f"/api/tournaments/{self.tid}/players",
                              {"name": f"Joueur {i:03}", "club": f"Club {i % 7}"}, self.token)
            assert st in (200, 201), (st, out)
        st, out, _ = call(self.addr, "POST", f"/api/tournaments/{self.tid}/rounds", {}, self.token)
        assert st in (200, 201), (st, out)
        st, rnd, _ = call(self.addr, "GET", f"/api/tournaments/{self.tid}/rounds/1", token=self.token)
        self.tables = [(t["token"], t["players"]) for t in rnd["tables"]]

    def stop(self):
        self.server.terminate()
        self.server.wait()
        self.log.close()


def streams(a, run):
    addr, held, failed = run.addr, [], []
    limits = open(f"/proc/{run.server.pid}/limits").read()
    nofile = [l for l in limits.splitlines() if l.startswith("Max open files")][0].split()[3:5]
    # The flood: every admitted stream held open until the end.
    path = f"/api/tournaments/{run.tid}/events"
    counts = {"open": 0, "refused": 0, "failed": 0}
    started = time.perf_counter()
    lock = threading.Lock()

    def flood(part):
        for i in part:
            kind, v = stream_attempt(addr, f"127.0.0.{2 + i % a.clients}", path)
            with lock:
                counts[kind] += 1
                if kind == "open":
                    held.append(v)
                elif kind == "failed":
                    failed.append(v)

    threads = [threading.Thread(target=flood, args=(range(k, a.attempts, 20),)) for k in range(20)]
    for t in threads:
        t.start()
    # Deal entry and healthz while the flood comes and then stays.
    entry, health, errors = [], [], []
    try:
        for n in range(a.deals):
            tok, players = run.tables[n % len(run.tables)]
            k = n // len(run.tables) + 1
            st, out, took = call(addr, "PUT", f"/api/tables/{tok}/deals/{k}", deal_body(players, k))
            (entry if st == 200 else errors).append(took if st == 200 else (st, out))
            st, _, took = call(addr, "GET", "/healthz")
            (health if st == 200 else errors).append(took if st == 200 else (st, "healthz"))
        for t in threads:
            t.join()
        flood_s = time.perf_counter() - started
        run.log.flush()
        emfile = open(run.log_path).read().count("Too many open files")
        fds = len(os.listdir(f"/proc/{run.server.pid}/fd"))
    finally:
        for s in held:
            s.close()
    print(f"open-file limit of the server: soft {nofile[0]}, hard {nofile[1]} (started under {a.nofile})")
    print(f"stream attempts: {a.attempts} from {a.clients} addresses in {flood_s:.1f} s: "
          f"{counts['open']} open, {counts['refused']} refused (503 + Retry-After), {counts['failed']} failed")
    print(f"server files open at the end: {fds}; 'Too many open files' in its log: {emfile}")
    print(f"deal entry ({len(entry)} PUTs during and after the flood): p50 {pct(entry, .5):.1f} ms, "
          f"p99 {pct(entry, .99):.1f} ms, max {pct(entry, 1):.1f} ms")
    print(f"/healthz ({len(health)}): p50 {pct(health, .5):.1f} ms, p99 {pct(health, .99):.1f} ms, "
          f"max {pct(health, 1):.1f} ms")
    print(f"failed requests: {len(errors)} {errors[:3]}; failed stream attempts e.g. {failed[:3]}")
    return 1 if errors or failed or emfile else 0


def restart(a, run):
    statuses, lock, stop = {}, threading.Lock(), threading.Event()
    acked = {}

    def count(what, st):
        with lock:
            statuses[(what, st)] = statuses.get((what, st), 0) + 1

    def table(i):
        tok, players = run.tables[i]
        for k in range(1, 21):
            if stop.is_set():
                return
            for _ in range(200):
                try:
                    st, out, _ = call(run.addr, "PUT", f"/api/tables/{tok}/deals/{k}", deal_body(players, k),
                                      headers={"Idempotency-Key": f"table-{i}-deal-{k}-{run.tid}"})
                except OSError:
                    st, out = 0, "exchange failed"
                count("PUT deal", st)
                if st == 200:
                    acked[(tok, k)] = True
                if st not in (503, 0) or stop.is_set():
                    break
                time.sleep(0.2)
            time.sleep(0.05)

    def reader():
        while not stop.is_set():
            for what, path, tok in [("GET standings", f"/api/tournaments/{run.tid}/standings", None),
                                    ("GET round", f"/api/tournaments/{run.tid}/rounds/1", run.token),
                                    ("GET healthz", "/healthz", None)]:
                try:
                    st = call(run.addr, "GET", path, token=tok)[0]
                except OSError:
                    st = 0
                count(what, st)
            time.sleep(0.02)

    threads = [threading.Thread(target=table, args=(i,)) for i in range(len(run.tables))]
    threads += [threading.Thread(target=reader) for _ in range(3)]
    for t in threads:
        t.start()
    time.sleep(a.seconds / 2)
    when = time.strftime("%H:%M:%S", time.gmtime())
    r = subprocess.run(a.restart_cmd, shell=True)
    print(f"ran {a.restart_cmd!r} at {when} UTC: exit {r.returncode}")
    time.sleep(a.seconds / 2)
    stop.set()
    for t in threads:
        t.join()
    st, rnd, _ = call(run.addr, "GET", f"/api/tournaments/{run.tid}/rounds/1", token=run.token)
    stored = {(t["token"], d["deal"]): d["version"] for t in rnd["tables"] for d in t["deals"]}
    lost = [k for k in acked if k not in stored]
    twice = [k for k, v in stored.items() if v != 1]
    for (what, code), n in sorted(statuses.items()):
        print(f"{what}: {code} x {n}")
    print(f"deals acknowledged {len(acked)}, stored {len(stored)}, lost {len(lost)}, entered twice {len(twice)}")
    return 1 if lost or twice or any(code >= 500 and code != 503 for (_, code) in statuses) else 0


def main():
    a = parse()
    run = Run(a)
    try:
        return streams(a, run) if a.mode == "streams" else restart(a, run)
    finally:
        run.stop()


if __name__ == "__main__":
    sys.exit(main())
