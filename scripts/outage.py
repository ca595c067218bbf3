#!/usr/bin/env python3
"""A database outage answered in a second (issue 43), measured against the
real binary and a real PostgreSQL that is stopped and started again.

Creates its own PostgreSQL 15 cluster (`pg_createcluster 15 outage -p 5433`,
trust for local TCP; dropped at the end unless --keep-cluster), starts
`chelem serve` on a database of it on a loopback port, sets up over the API
tournaments of --tables tables of 4 (round 1 seated), then runs the phases:

  idle-8, idle-40   one reader (the standings API, the standings page, the
                    projector, /healthz and a table's sheet page, each polled
                    every 200 ms) while PostgreSQL is stopped
                    (`pg_ctlcluster 15 outage stop -m fast`) for 8 s, then
                    40 s, then started again; a deal is entered just before
                    the stop (the reader held back meanwhile), so that the
                    standings in memory are of before it;
  load-8, load-40   the same with --tables table clients entering deals
                    (`PUT /api/tables/{token}/deals/{k}`, an Idempotency-Key
                    per deal, a 503 sent again with the same key and body
                    after --retry-wait) and 3 readers.

Each phase prints each status counted (during the outage and overall), the
answers' p50/p99/max (during the outage and overall, and by kind), the time
from PostgreSQL's start to the first 200 of a deal entry (of /healthz and
of the sheet page when idle), and, after it, checks every acknowledged deal
is stored exactly once as sent: the round documents through the API (its
scores those of the PUT's answer, its record the body sent) and the deals'
`version` (1 each) through psql.

"During the outage": an answer whose request was under way at some moment
between the stop command and the end of the start command.

  scripts/outage.py [--bin target/debug/chelem] [--phases idle-8,idle-40,load-8,load-40]
                    [--tables 25] [--keep-cluster] [--shots DIR]

--shots DIR: during the idle-40 outage (--shots-phase), screenshots with
headless chromium of the standings page (390x844, 1366x768), the projector
(1920x1080) and a table's sheet page answering 503 (390x844, 1366x768).

Exit status 1 when an answer is a 5xx other than 503, a 503 has no
Retry-After, an exchange failed, a p99 (of all answers or of one kind's,
during the outage or overall) is 2 s or more, or a deal is lost, doubled or
not as sent. Loopback only, bounded in count and time. Needs root (or the
postgres user's rights) for pg_createcluster / pg_ctlcluster. The server's
log is kept on a failure (RUST_LOG=info for its request lines).
"""

import argparse
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

PG_VERSION = "15"
DEALS = 20  # a table of 4's deals in a round (the server's cap)
STALE_PAGE = "Classement tel qu"  # the standings-stale note, in French


def parse():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bin", default=os.environ.get("CHELEM_BIN", os.path.join(
        os.environ.get("CARGO_TARGET_DIR", "target"), "debug/chelem")))
    p.add_argument("--phases", default="idle-8,idle-40,load-8,load-40")
    p.add_argument("--tables", type=int, default=25)
    p.add_argument("--readers", type=int, default=3, help="readers under load (one when idle)")
    p.add_argument("--poll", type=float, default=0.2, help="a reader's pause after each answer, s")
    p.add_argument("--think", type=float, default=0.2, help="a table client's pause after each deal, s")
    p.add_argument("--retry-wait", default="0.5",
                   help="seconds before a 503 is sent again, or 'after' for what Retry-After says")
    p.add_argument("--before", type=float, default=5, help="seconds of the phase before the stop")
    p.add_argument("--after", type=float, default=10, help="seconds of the phase after the start")
    p.add_argument("--cluster", default="outage")
    p.add_argument("--pg-port", type=int, default=5433)
    p.add_argument("--port", type=int, default=18443)
    p.add_argument("--keep-cluster", action="store_true")
    p.add_argument("--shots", default=None, help="folder for the screenshots")
    p.add_argument("--shots-phase", default="idle-40")
    return p.parse_args()


def log(*what):
    print(*what, flush=True)


def loadavg():
    return " ".join(open("/proc/loadavg").read().split()[:3])


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


# ---- the cluster ----------------------------------------------------------

class Cluster:
    def __init__(self, a):
        self.a, self.name, self.port = a, a.cluster, a.pg_port
        listed = subprocess.run(["pg_lsclusters", "-h"], capture_output=True, text=True).stdout.split("\n")
        if any(l.split()[:2] == [PG_VERSION, self.name] for l in listed if l.strip()):
            log(f"cluster {PG_VERSION}/{self.name} exists (a kept run?): dropping it first")
            self.drop()
        run(["pg_createcluster", PG_VERSION, self.name, "-p", str(self.port)], stdout=subprocess.DEVNULL)
        hba = f"/etc/postgresql/{PG_VERSION}/{self.name}/pg_hba.conf"
        with open(hba, "w") as f:
            f.write("# scripts/outage.py: a throwaway cluster, loopback only, trusted\n"
                    "local all all trust\n"
                    "host all all 127.0.0.1/32 trust\n"
                    "host all all ::1/128 trust\n")
        self.start()
        self.psql("CREATE DATABASE chelem", db="postgres")
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/chelem?sslmode=disable"

    def ctl(self, *what):
        return run(["pg_ctlcluster", PG_VERSION, self.name, *what])

    def start(self):
        self.ctl("start")

    def stop(self):
        self.ctl("stop", "-m", "fast")

    def psql(self, sql, db="chelem"):
        return run(["psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-d", db, "-XAtqc", sql],
                   capture_output=True, text=True).stdout

    def drop(self):
        subprocess.run(["pg_dropcluster", "--stop", PG_VERSION, self.name])


# ---- HTTP -----------------------------------------------------------------

class Answer:
    __slots__ = ("kind", "status", "retry_after", "stale", "started", "ended", "body")

    @property
    def took(self):
        return self.ended - self.started


def call(addr, method, path, body=None, token=None, headers=None, kind=None):
    """One request on its own connection. status 0: the exchange failed."""
    h = dict(headers or {})
    if token:
        h["Authorization"] = "Bearer " + token
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        h["Content-Type"] = "application/json"
    a = Answer()
    a.kind, a.retry_after, a.stale = kind or f"{method} {path}", None, False
    a.started = time.monotonic()
    try:
        c = http.client.HTTPConnection(addr[0], addr[1], timeout=30)
        c.request(method, path, body=data, headers=h)
        r = c.getresponse()
        raw = r.read()
        a.ended = time.monotonic()
        c.close()
        a.status = r.status
        a.retry_after = r.getheader("Retry-After")
        warning = r.getheader("Warning") or ""
        text = raw.decode(errors="replace")
        a.stale = r.status == 200 and (warning.startswith("110") or STALE_PAGE in text)
        try:
            a.body = json.loads(raw)
        except ValueError:
            a.body = text
    except OSError as e:
        a.ended = time.monotonic()
        a.status, a.body = 0, f"exchange failed: {e}"
    return a


def deal_body(players, k):
    return {"taker": players[k % 4], "partner": None, "contract": ["petite", "garde", "garde_sans"][k % 3],
            "oudlers": k % 4, "points": 30 + (k * 7) % 50, "handfuls": [], "petit_au_bout": None,
            "chelem": {"announced": False, "made_by": None}}


# ---- the server -----------------------------------------------------------

class Server:
    def __init__(self, a, url, tmp):
        self.a = a
        self.env = dict(os.environ, DATABASE_URL=url, RUST_LOG=os.environ.get("RUST_LOG", "warn"))
        run([a.bin, "user", "add", "outage"], input=b"outage-test-password\n", env=self.env,
            stdout=subprocess.DEVNULL)
        self.token = run([a.bin, "token", "create", "--user", "outage"], env=self.env,
                         capture_output=True).stdout.decode().strip()
        self.log_path = os.path.join(tmp, "server.log")
        self.log = open(self.log_path, "w")
        self.addr = ("127.0.0.1", a.port)
        self.proc = subprocess.Popen([a.bin, "serve", "--bind", f"{self.addr[0]}:{self.addr[1]}"],
                                     env=self.env, stdout=subprocess.DEVNULL, stderr=self.log)
        for _ in range(300):
            if call(self.addr, "GET", "/healthz").status == 200:
                break
            time.sleep(0.1)
        else:
            raise SystemExit("the server did not answer /healthz within 30 s")

    def api(self, method, path, body=None, want=(200, 201)):
        a = call(self.addr, method, path, body, self.token)
        assert a.status in want, (method, path, a.status, a.body)
        return a.body

    def tournament(self, name, tables):
        """A tournament of `tables` tables of 4, round 1 seated: (id, [(token, players)])."""
        tid = self.api("POST", "/api/tournaments", {"name": name, "rounds": 3, "deals_table4": DEALS})["id"]
        for i in range(4 * tables):
            self.api("POST", f"/api/tournaments/{tid}/players", {"name": f"Joueur {i:03}", "club": f"Club {i % 7}"})
        self.api("POST", f"/api/tournaments/{tid}/rounds", {})
        rnd = self.api("GET", f"/api/tournaments/{tid}/rounds/1")
        return tid, [(t["token"], t["players"]) for t in rnd["tables"]]

    def stop(self):
        self.proc.terminate()
        self.proc.wait()
        self.log.close()


# ---- a phase --------------------------------------------------------------

def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def times(answers):
    xs = [x.took for x in answers]
    return f"{pct(xs, .5) * 1000:,.0f} / {pct(xs, .99) * 1000:,.0f} / {pct(xs, 1) * 1000:,.0f} ms (n {len(xs)})"


def label(x):
    return f"{x.status}{' as of before' if x.stale else ''}"


def counted(answers):
    out = {}
    for x in answers:
        out[label(x)] = out.get(label(x), 0) + 1
    return ", ".join(f"{k} x {v}" for k, v in sorted(out.items())) or "none"


class Phase:
    def __init__(self, a, cluster, server, name, sets, acked):
        self.a, self.cluster, self.server, self.name = a, cluster, server, name
        self.load = name.startswith("load")
        self.seconds = float(name.split("-")[1])
        self.sets = sets  # [(tid, tables)]
        self.answers, self.lock, self.stop = [], threading.Lock(), threading.Event()
        self.acked = acked  # (tid, token, k) -> (body, scores)
        self.hold, self.parked = threading.Event(), 0
        self.current = 0  # the set table 0 is entering, for the readers
        self.ran_out = 0

    def keep(self, x):
        with self.lock:
            self.answers.append(x)

    def wait_retry(self, x):
        if self.a.retry_wait == "after" and x.retry_after:
            time.sleep(float(x.retry_after))
        else:
            time.sleep(0.5 if self.a.retry_wait == "after" else float(self.a.retry_wait))

    def table(self, i):
        addr = self.server.addr
        for s, (tid, tables) in enumerate(self.sets):
            token, players = tables[i]
            for k in range(1, DEALS + 1):
                if self.stop.is_set():
                    return
                if i == 0:
                    self.current = s
                body = deal_body(players, k)
                key = f"{self.name}-{tid}-{i}-{k}"
                while True:
                    x = call(addr, "PUT", f"/api/tables/{token}/deals/{k}", body,
                             headers={"Idempotency-Key": key}, kind="PUT deal")
                    self.keep(x)
                    if x.status == 200:
                        self.acked[(tid, token, k)] = (body, x.body["scores"])
                        break
                    # A 503 or a failed exchange: the same deal again, with
                    # its key (until a minute past the phase's end).
                    if x.status not in (503, 0) or time.monotonic() > self.deadline:
                        break
                    self.wait_retry(x)
                time.sleep(self.a.think)
        self.ran_out += 1

    def reader(self, kind, path_of):
        while not self.stop.is_set():
            if self.hold.is_set():
                with self.lock:
                    self.parked += 1
                while self.hold.is_set():
                    time.sleep(0.01)
            path = path_of()
            h = {"Accept-Language": "fr"} if not path.startswith("/api") else None
            self.keep(call(self.server.addr, "GET", path, headers=h, kind=kind))
            time.sleep(self.a.poll)

    def readers(self):
        def of(fmt):
            return lambda: fmt.format(tid=self.sets[self.current][0], tok=self.sets[self.current][1][0][0])
        paths = [("GET standings API", of("/api/tournaments/{tid}/standings")),
                 ("GET standings page", of("/tournaments/{tid}/standings")),
                 ("GET projector", of("/tournaments/{tid}/projector")),
                 ("GET /healthz", of("/healthz")),
                 ("GET table sheet", of("/t/{tok}"))]
        n = self.a.readers if self.load else 1
        return [threading.Thread(target=self.reader, args=p) for _ in range(n) for p in paths]

    def go(self):
        a = self.a
        log(f"\n== {self.name}: PostgreSQL stopped {self.seconds:g} s "
            f"{'under load' if self.load else 'idle'} ({len(self.sets[0][1])} tables"
            f"{', table clients entering deals' if self.load else ''}; "
            f"{a.readers if self.load else 1} reader(s)); load average {loadavg()}")
        self.deadline = float("inf")
        threads = self.readers_threads = self.readers()
        if self.load:
            threads += [threading.Thread(target=self.table, args=(i,)) for i in range(len(self.sets[0][1]))]
        for t in threads:
            t.start()
        time.sleep(a.before)
        shots = None
        if not self.load:
            self.last_deal_before()
        self.t_stop = time.monotonic()
        self.cluster.stop()
        self.t_stopped = time.monotonic()
        self.hold.clear()
        if a.shots and self.name == a.shots_phase:
            shots = threading.Thread(target=screenshots, args=(a, self))
            shots.start()
        time.sleep(max(0.0, self.seconds - (self.t_stopped - self.t_stop)))
        if shots:
            shots.join()
            if time.monotonic() > self.t_stop + self.seconds + 1:
                log("  (the screenshots took longer than the outage: it lasted longer than said)")
        self.t_start = time.monotonic()
        self.cluster.start()
        self.t_started = time.monotonic()
        time.sleep(a.after)
        self.deadline = time.monotonic() + 60
        self.stop.set()
        for t in threads:
            t.join()
        self.load_after = loadavg()
        return self.report()

    def last_deal_before(self):
        """A deal entered just before the stop, as a table would, the
        readers held back meanwhile: the standings in memory are then of
        before it, and are shown as of when (the note) while the database
        is away. (Under load, the table clients' entries do this by chance.)"""
        readers = len(self.readers_threads)
        self.parked = 0
        self.hold.set()
        until = time.monotonic() + 5
        while self.parked < readers and time.monotonic() < until:
            time.sleep(0.01)
        tid, tables = self.sets[0]
        token, players = tables[0]
        k = 1 + max(k for (t, tok, k) in self.acked if t == tid and tok == token)
        body = deal_body(players, k)
        x = call(self.server.addr, "PUT", f"/api/tables/{token}/deals/{k}", body,
                 headers={"Idempotency-Key": f"{self.name}-{tid}-0-{k}"}, kind="PUT deal")
        assert x.status == 200, (x.status, x.body)
        self.acked[(tid, token, k)] = (body, x.body["scores"])

    def report(self):
        a = self.answers
        during = [x for x in a if x.started < self.t_started and x.ended > self.t_stop]
        log(f"  stop command {self.t_stopped - self.t_stop:.1f} s; database down "
            f"{self.t_start - self.t_stop:.1f} s; start command {self.t_started - self.t_start:.1f} s; "
            f"load average after {self.load_after}")
        kinds = sorted({x.kind for x in a})
        log("  statuses, during the outage | overall:")
        for k in kinds:
            log(f"    {k}: {counted([x for x in during if x.kind == k])} | {counted([x for x in a if x.kind == k])}")
        log(f"    all: {counted(during)} | {counted(a)}")
        log("  answer times p50 / p99 / max, during the outage | overall:")
        for k in kinds:
            log(f"    {k}: {times([x for x in during if x.kind == k])} | {times([x for x in a if x.kind == k])}")
        log(f"    all: {times(during)} | {times(a)}")
        slow = sorted(during, key=lambda x: -x.took)[:6]
        log("  slowest during the outage (from the stop command, took, status): " + "; ".join(
            f"{x.kind} at {x.started - self.t_stop:+.1f} s, {x.took:.2f} s, {label(x)}" for x in slow))
        firsts = []
        for k in (["PUT deal"] if self.load else []) + ["GET /healthz", "GET table sheet"]:
            ok = [x.ended for x in a if x.kind == k and x.status == 200 and x.ended >= self.t_start]
            t = f"+{min(ok) - self.t_start:.2f} s" if ok else "none"
            firsts.append(t)
            log(f"  first 200 of {k} after the start command began: {t}")
        self.firsts = firsts
        failures = []
        bad = [x for x in a if x.status >= 500 and x.status != 503]
        if bad:
            failures.append(f"{len(bad)} answers 5xx other than 503, e.g. {bad[0].kind} {bad[0].status}: {bad[0].body!s:.200}")
        bare = [x for x in a if x.status == 503 and not x.retry_after]
        if bare:
            failures.append(f"{len(bare)} answers 503 without Retry-After, e.g. {bare[0].kind}")
        lost = [x for x in a if x.status == 0]
        if lost:
            failures.append(f"{len(lost)} exchanges failed, e.g. {lost[0].kind}: {lost[0].body}")
        odd = [x for x in a if 300 <= x.status < 500]
        if odd:
            failures.append(f"{len(odd)} answers {sorted({x.status for x in odd})}, e.g. {odd[0].kind}: {odd[0].body!s:.200}")
        # The p99 of all answers, and of each kind's, during the outage and overall.
        for what, xs in (("during the outage", during), ("overall", a)):
            for k in [None] + kinds:
                p99 = pct([x.took for x in xs if k is None or x.kind == k], .99)
                if p99 >= 2:
                    failures.append(f"p99 {what}{'' if k is None else ' of ' + k} {p99:.2f} s")
        failures += self.check_deals()
        self.figures = (during, a)
        log("  " + ("PASS" if not failures else "FAIL: " + "; ".join(failures)))
        return failures

    def check_deals(self):
        stored, wrong, twice = {}, [], []
        for tid, tables in self.sets:
            rnd = self.server.api("GET", f"/api/tournaments/{tid}/rounds/1")
            for t in rnd["tables"]:
                for d in t["deals"]:
                    key = (tid, t["token"], d["deal"])
                    if key in stored:
                        twice.append(key)
                    stored[key] = d
        for key, (body, scores) in self.acked.items():
            d = stored.get(key)
            if d is None:
                continue
            r = d["record"]
            same = (d["scores"] == scores and r.get("contract") == body["contract"]
                    and r.get("oudlers") == body["oudlers"] and r.get("points") == body["points"])
            if not same or d["version"] != 1:
                wrong.append((key, d, body, scores))
        lost = [k for k in self.acked if k not in stored]
        unacked = [k for k in stored if k not in self.acked]
        ids = ",".join(str(tid) for tid, _ in self.sets)
        rows = self.cluster.psql(
            "SELECT count(*), count(*) FILTER (WHERE d.version <> 1), count(DISTINCT (d.table_id, d.number)) "
            "FROM deals d JOIN round_tables t ON t.id = d.table_id JOIN rounds r ON r.id = t.round_id "
            f"WHERE r.tournament_id IN ({ids})").split("|")
        n_db, not_one, distinct = (int(x) for x in rows)
        log(f"  deals: acknowledged {len(self.acked)}; stored (API) {len(stored)}, as sent "
            f"{len(self.acked) - len(lost) - len(wrong)}; lost {len(lost)}, stored twice {len(twice)}, "
            f"not as sent {len(wrong)}, stored but not acknowledged {len(unacked)}; psql: {n_db} rows, "
            f"{distinct} distinct slots, version other than 1: {not_one}; table clients out of deals: {self.ran_out}")
        self.deals = (len(self.acked), len(stored), len(lost), len(twice) + not_one)
        out = []
        if lost or twice or wrong or not_one or n_db != len(stored) or distinct != n_db:
            out.append(f"deals lost {len(lost)}, doubled {len(twice)}, not as sent {len(wrong)} "
                       f"(e.g. {wrong[:1]!s:.300}), version > 1 in the database {not_one}")
        if self.ran_out:
            out.append(f"{self.ran_out} table clients ran out of deals before the end (more sets needed)")
        return out


def screenshots(a, phase):
    """Headless chromium, while the database is away (after the first
    request met it: the circuit open)."""
    time.sleep(2)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    base = f"http://{phase.server.addr[0]}:{phase.server.addr[1]}"
    tid, tables = phase.sets[0]
    shots = [("standings-390", f"/tournaments/{tid}/standings", "390,844"),
             ("standings-1366", f"/tournaments/{tid}/standings", "1366,768"),
             ("projector-1920", f"/tournaments/{tid}/projector", "1920,1080"),
             ("sheet-503-390", f"/t/{tables[0][0]}", "390,844"),
             ("sheet-503-1366", f"/t/{tables[0][0]}", "1366,768")]
    os.makedirs(a.shots, exist_ok=True)
    for name, path, size in shots:
        f = os.path.join(os.path.abspath(a.shots), f"{name}.png")
        t = time.monotonic()
        r = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            "--accept-lang=fr-FR,fr", "--lang=fr-FR", f"--screenshot={f}",
                            f"--window-size={size}", base + path],
                           capture_output=True, timeout=120)
        log(f"  screenshot {f}: exit {r.returncode}, {time.monotonic() - t:.1f} s, "
            f"{time.monotonic() - phase.t_stop:.1f} s into the outage")


def main():
    a = parse()
    names = [n for n in a.phases.split(",") if n]
    for n in names:
        kind, _, secs = n.partition("-")
        if kind not in ("idle", "load") or not secs.replace(".", "").isdigit():
            raise SystemExit(f"a phase is idle-SECONDS or load-SECONDS, not {n!r}")
    tmp = tempfile.mkdtemp(prefix="outage-")
    log(f"scripts/outage.py: {a.bin}, {os.cpu_count()} cores, load average {loadavg()}, phases {names}")
    cluster = Cluster(a)
    server = None
    failures = {}
    try:
        server = Server(a, cluster.url, tmp)
        started = time.monotonic()
        idle_set = server.tournament("Panne (lecteurs)", a.tables)
        idle_acked = {}
        # Something to show: deals 1 and 2 at every table before the readers.
        for token, players in idle_set[1]:
            for k in (1, 2):
                body = deal_body(players, k)
                x = call(server.addr, "PUT", f"/api/tables/{token}/deals/{k}", body)
                assert x.status == 200, (x.status, x.body)
                idle_acked[(idle_set[0], token, k)] = (body, x.body["scores"])
        log(f"set up the readers' tournament in {time.monotonic() - started:.1f} s")
        phases = []
        for n in names:
            if n.startswith("load"):
                # Enough deals for the table clients' time with the database.
                secs = a.before + a.after + 10
                need = int(secs / max(a.think, 0.05)) // DEALS + 1
                started = time.monotonic()
                sets = [server.tournament(f"Panne {n} ({s + 1})", a.tables) for s in range(need)]
                log(f"set up {need} tournament(s) of {a.tables} tables for {n} in {time.monotonic() - started:.1f} s")
            else:
                sets = [idle_set]
            p = Phase(a, cluster, server, n, sets, {} if n.startswith("load") else idle_acked)
            failures[n] = p.go()
            phases.append(p)
        summary(a, phases)
    finally:
        if server:
            server.stop()
            if any(failures.values()):
                log(f"server log kept: {server.log_path}")
        if a.keep_cluster:
            log(f"cluster {PG_VERSION}/{a.cluster} kept: {cluster.url}")
        else:
            cluster.drop()
    bad = {n: f for n, f in failures.items() if f}
    log("\nPASS" if not bad else f"\nFAIL: {bad}")
    return 1 if bad else 0


def summary(a, phases):
    log("\n== summary (markdown)")
    log("| phase | answers during / overall | 200 / 503 during | p50 / p99 / max during, ms "
        "| p99 / max overall, ms | first 200 after the start (deal entry; idle: /healthz) | deals acked / stored / lost or doubled |")
    log("|---|---|---|---|---|---|---|")
    for p in phases:
        during, alls = p.figures
        ok = sum(1 for x in during if x.status == 200)
        unav = sum(1 for x in during if x.status == 503)
        d = [x.took for x in during]
        o = [x.took for x in alls]
        deals = "{} / {} / {}".format(p.deals[0], p.deals[1], p.deals[2] + p.deals[3])
        log(f"| {p.name} | {len(during):,} / {len(alls):,} | {ok:,} / {unav:,} | "
            f"{pct(d, .5) * 1000:,.0f} / {pct(d, .99) * 1000:,.0f} / {pct(d, 1) * 1000:,.0f} | "
            f"{pct(o, .99) * 1000:,.0f} / {pct(o, 1) * 1000:,.0f} | {p.firsts[0]} | {deals} |")


if __name__ == "__main__":
    sys.exit(main())
