//! The load run of a 400-player event (`scripts/load-event.sh`), against a
//! running server on loopback:
//!
//! ```sh
//! cargo run --release --example load_event -- --base http://127.0.0.1:8080 --token TOKEN \
//!     --server-pid PID [--tables 100] [--deals 4] [--passes 1000] [--seconds 20] \
//!     [--spectators 500] [--pollers 1] [--digital 0] [--think 0] [--label sqlite] \
//!     [--fives 0] [--base2 http://127.0.0.1:PORT2 --server-pid2 PID2] \
//!     [--tournaments 1] [--poll-pause 0] [--health-pause 0]
//! ```
//!
//! Sets up over the API a tournament of 4 × TABLES players and seats round 1
//! (TABLES tables of 4); opens SPECTATORS Server-Sent Events streams of it;
//! then, all at once and with no think time: one client per table enters its
//! DEALS deals, then corrects them pass after pass (PASSES passes at most,
//! SECONDS at most), every PUT with its own `Idempotency-Key` and the version
//! it last read (FORMATS.md "Versions"), one PUT in 20 sent twice (a double
//! tap: it must answer the same version and write nothing); POLLERS clients
//! each fetch the standings page, the projector page and `/healthz` in a
//! loop. At the end it checks, from the round document, that every slot holds
//! exactly what was acknowledged (its version counts the acknowledged changes:
//! more is a doubled deal, less a lost one) and that every spectator got one
//! `deal` event per acknowledged change, in order. Prints a table of
//! figures, with the server's RSS and CPU (`/proc/PID`) idle and under load.
//! Exit status 1 on any error or failed check. Bounded in count (TABLES ×
//! DEALS × PASSES PUTs) and time (SECONDS, each request 30 s at most).
//!
//! With `--digital N` the first N tables play on the devices instead
//! (`digital.rs`): three strong bots and one client playing a seat as a
//! simple person would, with no think time; the other tables type as above,
//! and the spectators' `deal` events count the deals the digital tables
//! finished too. `--think MS` makes each table client wait about MS
//! milliseconds after each answer, and before its first (0: none, the
//! default: far more than any room): between half and one and a half
//! times MS, varied by table and entry, so that the tables do not all send
//! at the same moment, as a room's do not.
//!
//! `--fives F` registers F more players: F of the TABLES tables seat 5
//! (FFT tables of 5: the dealer sits each deal out). `--base2` is a second
//! app instance on the same database (PostgreSQL): every other table client
//! and spectator uses it. Every spectator times each `deal` event from the
//! moment its table client sent the PUT that made it (an upper bound of the
//! delay from the commit), and the run prints their p50/p99/max.
//!
//! `--tournaments N` (1 by default: the run above) runs N tournaments at
//! once, as a comité's clubs each hold theirs on one server
//! (`scripts/load-clubs.sh`): the TABLES tables, the FIVES tables of 5 and
//! the DIGITAL tables are dealt as evenly as possible among them (tournament
//! `j` gets `TABLES / N`, one more for the first `TABLES % N`; the same for
//! the others), each tournament created over the API with its own players
//! and its round 1 seated (`--tournaments 40 --tables 280 --fives 80`: 40
//! tournaments of 30 players, 5 tables of 4 and 2 of 5). The spectators are
//! dealt the same way, a block on each tournament's own stream (still every
//! other one on `--base2`). POLLERS applies per tournament: each
//! tournament's standings page and projector are polled by POLLERS clients
//! each (tournament `j`'s on the instance `j % 2` with `--base2`), and
//! `/healthz` by POLLERS clients as before. `--poll-pause MS` has the
//! tournaments' page pollers wait MS after each answer (0, the default: no
//! pause; a live page fetches itself again at most every 250 ms while events
//! come, `static/live.js`); `--health-pause MS` the same for `/healthz`'s
//! pollers (a monitor asks every second or so). Every check holds per tournament: each slot
//! against its own table client, and each spectator gets exactly one `deal`
//! event per acknowledged change of its own tournament (one from another
//! tournament would make it one too many), ids growing. The table of
//! figures is the same, all tournaments together, their count shown.

mod digital;
mod http;
mod proc;
mod setup;

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use http::{Answer, Conn, Sse, SseKind};
use proc::{CpuMark, CpuUse};
use setup::Seated;

struct Args {
    addr: String,
    token: String,
    tables: usize,
    deals: usize,
    tournaments: usize,
    passes: usize,
    seconds: u64,
    spectators: usize,
    pollers: usize,
    poll_pause: u64,
    health_pause: u64,
    digital: usize,
    think: u64,
    label: String,
    server_pid: u32,
    fives: usize,
    addr2: Option<String>,
    server_pid2: u32,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        addr: "127.0.0.1:8080".into(),
        token: String::new(),
        tables: 100,
        deals: 4,
        tournaments: 1,
        passes: 1000,
        seconds: 20,
        spectators: 500,
        pollers: 1,
        poll_pause: 0,
        health_pause: 0,
        digital: 0,
        think: 0,
        label: "load".into(),
        server_pid: 0,
        fives: 0,
        addr2: None,
        server_pid2: 0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        let number = |v: String| v.parse::<usize>().map_err(|e| format!("{flag}: {e}"));
        match flag.as_str() {
            "--base" => {
                let base = value()?;
                a.addr = base
                    .strip_prefix("http://")
                    .ok_or("--base http://127.0.0.1:PORT")?
                    .trim_end_matches('/')
                    .to_owned();
            }
            "--token" => a.token = value()?,
            "--tables" => a.tables = number(value()?)?,
            "--deals" => a.deals = number(value()?)?,
            "--tournaments" => a.tournaments = number(value()?)?,
            "--passes" => a.passes = number(value()?)?,
            "--seconds" => a.seconds = number(value()?)? as u64,
            "--spectators" => a.spectators = number(value()?)?,
            "--pollers" => a.pollers = number(value()?)?,
            "--poll-pause" => a.poll_pause = number(value()?)? as u64,
            "--health-pause" => a.health_pause = number(value()?)? as u64,
            "--digital" => a.digital = number(value()?)?,
            "--think" => a.think = number(value()?)? as u64,
            "--label" => a.label = value()?,
            "--server-pid" => a.server_pid = number(value()?)? as u32,
            "--server-pid2" => a.server_pid2 = number(value()?)? as u32,
            "--fives" => a.fives = number(value()?)?,
            "--base2" => {
                let base = value()?;
                a.addr2 = Some(
                    base.strip_prefix("http://")
                        .ok_or("--base2 http://127.0.0.1:PORT")?
                        .trim_end_matches('/')
                        .to_owned(),
                );
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if a.token.is_empty() || a.server_pid == 0 {
        return Err("--token (chelem token create --user NAME) and --server-pid are required".into());
    }
    if !(1..=600).contains(&a.tables)
        || !(1..=12).contains(&a.deals)
        || !(1..=1000).contains(&a.passes)
        || !(1..=600).contains(&a.seconds)
        || a.spectators > 5000
        || !(1..=a.tables.min(200)).contains(&a.tournaments)
        || a.pollers > 50
        || a.poll_pause > 60_000
        || a.health_pause > 60_000
        || a.digital >= a.tables
        || a.think > 60_000
        || a.fives > a.tables - a.digital
    {
        return Err(
            "--tables 1..=600, --deals 1..=12, --passes 1..=1000, --seconds 1..=600, \
                    --spectators 0..=5000, --pollers 0..=50, --digital 0..TABLES, --think 0..=60000, \
                    --fives 0..=TABLES-DIGITAL, --tournaments 1..=min(TABLES, 200), --poll-pause 0..=60000, --health-pause 0..=60000"
                .into(),
        );
    }
    // Each tournament's tables of 5 among its tables not digital.
    for j in 0..a.tournaments {
        setup::shares(&a, j)?;
    }
    let loopback = |addr: &str| addr.starts_with("127.") || addr.starts_with("localhost") || addr.starts_with("[::1]");
    if !loopback(&a.addr) || a.addr2.as_deref().is_some_and(|b| !loopback(b)) {
        return Err("loopback only: --base http://127.0.0.1:PORT".into());
    }
    Ok(a)
}

/// A valid deal of a table of 4 or 5, varied by table, deal and pass: two
/// passes in a row always differ (another taker), so every PUT of a new pass
/// changes the deal. At a table of 5 deal `k`'s dealer, seat `(k-1) % 5`,
/// sits it out: the taker and the handful are never theirs.
fn deal_body(players: &[i64], k: usize, salt: usize, deals: usize) -> Value {
    if k == deals && salt % 11 == 5 {
        return json!({"passed": true});
    }
    let n = players.len();
    let taker = players[(k + salt % 4) % n];
    let contract = ["petite", "garde", "garde_sans", "garde_contre"][(k * 3 + salt) % 4];
    let oudlers = (k + salt) % 4;
    let points = [30.0, 34.0, 38.0, 44.0][oudlers] + ((k * 7 + salt * 5) % 24) as f64;
    let handfuls = if (k + salt).is_multiple_of(5) {
        json!([{"player": players[(k + 1 + salt % 3) % n], "size": "simple"}])
    } else {
        json!([])
    };
    json!({"taker": taker, "partner": null, "contract": contract, "oudlers": oudlers, "points": points,
           "handfuls": handfuls, "petit_au_bout": null, "chelem": {"announced": false, "made_by": null}})
}

/// Latencies and failures of one kind of request.
#[derive(Default)]
pub struct Tally {
    took: Vec<Duration>,
    /// When each answer came, in the order of `took` (until it is sorted).
    ended: Vec<Instant>,
    errors: BTreeMap<u16, usize>,
    first_error: Option<String>,
}

impl Tally {
    pub fn add(&mut self, what: &str, a: &Answer) {
        self.took.push(a.took);
        self.ended.push(Instant::now());
        if !a.ok() {
            *self.errors.entry(a.status).or_default() += 1;
            self.first_error
                .get_or_insert_with(|| format!("{what}: {} {}", a.status, String::from_utf8_lossy(&a.body)));
        }
    }

    fn merge(&mut self, other: Tally) {
        self.took.extend(other.took);
        self.ended.extend(other.ended);
        for (s, n) in other.errors {
            *self.errors.entry(s).or_default() += n;
        }
        if self.first_error.is_none() {
            self.first_error = other.first_error;
        }
    }

    fn error_count(&self) -> usize {
        self.errors.values().sum()
    }

    /// One line of the table: count, errors, per second over `wall`, p50/p99/max.
    fn line(&mut self, name: &str, wall: Duration) -> String {
        self.took.sort();
        let pct = |p: f64| {
            let n = self.took.len();
            if n == 0 {
                return f64::NAN;
            }
            ms(self.took[((n as f64 * p).ceil() as usize).clamp(1, n) - 1])
        };
        format!(
            "{name:<26} {:>7} {:>7} {:>9.1} {:>8.1} {:>8.1} {:>8.1}",
            self.took.len(),
            self.error_count(),
            self.rate(wall),
            pct(0.50),
            pct(0.99),
            pct(1.0)
        )
    }

    /// The p50/p99 of the answers that came in each second from `start`,
    /// e.g. `1s 24/93 2s 22/51`: where in the run the slow answers were.
    /// Call it before [`Tally::line`] (which sorts `took`).
    fn by_second(&self, start: Instant) -> String {
        let mut seconds: BTreeMap<u64, Vec<Duration>> = BTreeMap::new();
        for (took, ended) in self.took.iter().zip(&self.ended) {
            let s = ended.saturating_duration_since(start).as_secs();
            seconds.entry(s + 1).or_default().push(*took);
        }
        let mut out = String::new();
        for (s, mut took) in seconds {
            took.sort();
            let pct = |p: f64| ms(took[((took.len() as f64 * p).ceil() as usize).clamp(1, took.len()) - 1]);
            out += &format!(" {s}s {:.0}/{:.0}", pct(0.5), pct(0.99));
        }
        out
    }

    fn rate(&self, wall: Duration) -> f64 {
        self.took.len() as f64 / wall.as_secs_f64()
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// What one table's client was acknowledged, slot by slot (index `k - 1`).
struct TableRun {
    puts: Tally,
    /// Acknowledged changes per slot: the version the slot must have.
    changes: Vec<i64>,
    /// The scores of the last acknowledged change per slot.
    scores: Vec<Value>,
    /// Double taps answered with the same version, and those that were not.
    replays: (usize, usize),
    /// New content answered "changed": false (a generator mistake).
    unchanged: usize,
}

/// When each typed slot's changes were sent, slot `(table number − 1) ×
/// DEALS + k − 1`: a spectator's n-th `deal` event of a slot is its n-th
/// change.
type Sends = Vec<std::sync::Mutex<Vec<Instant>>>;

/// One table's client: its deals, then corrections, pass after pass, until
/// `passes` or the deadline; `sent` notes when each change left.
async fn table_client(
    addr: String,
    tid: i64,
    table: usize,
    token: String,
    players: Vec<i64>,
    a: (usize, usize, Instant, Duration),
    (sends, slot0): (Arc<Sends>, usize),
) -> TableRun {
    let (deals, passes, deadline, think) = a;
    let mut conn = Conn::new(&addr);
    let mut run = TableRun {
        puts: Tally::default(),
        changes: vec![0; deals],
        scores: vec![Value::Null; deals],
        replays: (0, 0),
        unchanged: 0,
    };
    let mut version: Vec<Option<i64>> = vec![None; deals];
    let mut sent = 0usize;
    // Between half and one and a half times `think`, varied by table and entry.
    let pause = |n: usize| think.mul_f64(0.5 + ((table * 7919 + n * 104_729) % 1000) as f64 / 1000.0);
    if !think.is_zero() {
        tokio::time::sleep(pause(0)).await;
    }
    'passes: for pass in 0..passes {
        for k in 1..=deals {
            if Instant::now() >= deadline {
                break 'passes;
            }
            let mut body = deal_body(&players, k, table + 3 * pass, deals);
            if let Some(v) = version[k - 1] {
                body["version"] = json!(v);
            }
            let body = body.to_string().into_bytes();
            let path = format!("/api/tables/{token}/deals/{k}");
            let headers = [("Idempotency-Key", format!("load-{tid}-{table}-{k}-{pass}"))];
            sent += 1;
            // A double tap once in 20 PUTs: the same request twice.
            let times = if sent.is_multiple_of(20) { 2 } else { 1 };
            let mut first: Option<Value> = None;
            if let Ok(mut s) = sends[slot0 + k - 1].lock() {
                s.push(Instant::now());
            }
            for _ in 0..times {
                // A transport failure is retried with the same key (that is
                // what the key is for); it still counts as an error.
                let mut answer = conn.call("PUT", &path, &headers, Some(&body)).await;
                for _ in 0..2 {
                    if answer.status != 0 {
                        break;
                    }
                    run.puts.add("PUT", &answer);
                    answer = conn.call("PUT", &path, &headers, Some(&body)).await;
                }
                run.puts.add("PUT", &answer);
                if !think.is_zero() {
                    tokio::time::sleep(pause(sent)).await;
                }
                if !answer.ok() {
                    continue;
                }
                let v = answer.json();
                match &first {
                    None => {
                        if v["changed"] != json!(true) {
                            run.unchanged += 1;
                        }
                        run.changes[k - 1] += 1;
                        run.scores[k - 1] = v["scores"].clone();
                        version[k - 1] = v["version"].as_i64();
                        first = Some(v);
                    }
                    Some(f) => {
                        if v["version"] == f["version"] && v["changed"] == json!(false) {
                            run.replays.0 += 1;
                        } else {
                            run.replays.1 += 1;
                        }
                    }
                }
            }
        }
    }
    run
}

/// What one spectator saw.
#[derive(Default)]
struct Watch {
    /// Each timed `deal` event's delay from its PUT's send, in ms.
    delays: Vec<u16>,
    opened: bool,
    reloads: usize,
    out_of_order: usize,
    error: Option<String>,
}

/// One spectator: the tournament's event stream, held until `stop`; counts
/// its `deal` events in `deals`.
async fn spectator(
    addr: String,
    path: String,
    opened: Arc<AtomicUsize>,
    deals: Arc<AtomicU64>,
    stop: Arc<tokio::sync::Notify>,
    (sends, per_table): (Arc<Sends>, usize),
) -> Watch {
    let mut w = Watch::default();
    let mut sse = match Sse::open(&addr, &path).await {
        Ok(s) => s,
        Err(e) => {
            w.error = Some(e.to_string());
            opened.fetch_add(1, Ordering::Relaxed);
            return w;
        }
    };
    w.opened = true;
    opened.fetch_add(1, Ordering::Relaxed);
    let mut last = 0;
    // This stream's count of `deal` events per slot.
    let mut seen = vec![0u32; sends.len()];
    let stopped = stop.notified();
    tokio::pin!(stopped);
    loop {
        tokio::select! {
            _ = &mut stopped => return w,
            next = sse.next() => match next {
                Ok(Some(e)) => {
                    if let Some(id) = e.id {
                        if id <= last {
                            w.out_of_order += 1;
                        }
                        last = id;
                    }
                    match e.event {
                        SseKind::Deal => {
                            deals.fetch_add(1, Ordering::Relaxed);
                            let now = Instant::now();
                            let slot = e.slot.and_then(|(t, d)| {
                                let i = (t as usize).checked_sub(1)? * per_table + (d as usize).checked_sub(1)?;
                                (i < seen.len()).then_some(i)
                            });
                            if let Some(i) = slot {
                                let n = seen[i] as usize;
                                seen[i] += 1;
                                let at = sends[i].lock().ok().and_then(|s| s.get(n).copied());
                                if let Some(at) = at {
                                    let ms = now.saturating_duration_since(at).as_millis();
                                    w.delays.push(u16::try_from(ms).unwrap_or(u16::MAX));
                                }
                            }
                        }
                        SseKind::Reload => w.reloads += 1,
                        _ => {}
                    }
                }
                Ok(None) => {
                    w.error = Some("the stream ended".into());
                    return w;
                }
                Err(e) => {
                    w.error = Some(e.to_string());
                    return w;
                }
            }
        }
    }
}

/// One poller: GET `path` in a loop until `stop`, waiting `pause` after
/// each answer.
async fn poller(addr: String, path: String, stop: Arc<AtomicBool>, pause: Duration) -> Tally {
    let mut conn = Conn::new(&addr);
    let mut t = Tally::default();
    while !stop.load(Ordering::Relaxed) {
        let a = conn.call("GET", &path, &[], None).await;
        t.add(&path, &a);
        if !pause.is_zero() {
            tokio::time::sleep(pause).await;
        }
    }
    t
}

/// Round 1's document of tournament `tid`.
async fn round_one(org: &mut Conn, token: &str, tid: i64) -> Value {
    let path = format!("/api/tournaments/{tid}/rounds/1");
    must(org, token, "GET", &path, None, 200).await
}

/// The typed slots of the round documents against what was acknowledged.
#[derive(Default)]
struct Stored {
    /// Exactly as acknowledged.
    exact: usize,
    /// A version above the acknowledged changes: a change stored twice.
    doubled: usize,
    /// A version below: an acknowledged change lost.
    lost: usize,
    /// The right version, other scores.
    differing: usize,
}

impl Stored {
    /// Counts the typed slots of one tournament's round 1 (`doc`, its first
    /// `digital` tables skipped) against its table clients' `runs`.
    fn check(&mut self, doc: &Value, digital: usize, runs: &[TableRun], deals: usize) {
        for (i, t) in doc["tables"].as_array().into_iter().flatten().enumerate().skip(digital) {
            let Some(run) = runs.get(i - digital) else {
                continue;
            };
            let stored: BTreeMap<usize, &Value> = t["deals"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|d| Some((d["deal"].as_u64()? as usize, d)))
                .collect();
            for k in 1..=deals {
                let want = run.changes[k - 1];
                let (version, scores) = stored.get(&k).map_or((0, &Value::Null), |d| {
                    (d["version"].as_i64().unwrap_or(0), &d["scores"])
                });
                match version.cmp(&want) {
                    std::cmp::Ordering::Greater => self.doubled += 1,
                    std::cmp::Ordering::Less => self.lost += 1,
                    std::cmp::Ordering::Equal if *scores != run.scores[k - 1] => self.differing += 1,
                    std::cmp::Ordering::Equal => self.exact += 1,
                }
            }
        }
    }
}

/// The organizer's client: a call that must answer `want`, or the run stops.
async fn must(conn: &mut Conn, token: &str, method: &str, path: &str, body: Option<Value>, want: u16) -> Value {
    let headers = [("Authorization", format!("Bearer {token}"))];
    let body = body.map(|b| b.to_string().into_bytes());
    let mut a = conn.call(method, path, &headers, body.as_deref()).await;
    if a.status == 0 {
        // The server closes a kept-alive connection left idle (5 s): once more.
        a = conn.call(method, path, &headers, body.as_deref()).await;
    }
    if a.status != want {
        eprintln!("{method} {path}: {} {}", a.status, String::from_utf8_lossy(&a.body));
        std::process::exit(1);
    }
    a.json()
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// The server's RSS and CPU over `span` of quiet.
async fn idle(pid: u32, span: Duration) -> (f64, CpuUse) {
    let mark = CpuMark::now(pid);
    tokio::time::sleep(span).await;
    (proc::rss_mb(pid).unwrap_or(f64::NAN), mark.until(&CpuMark::now(pid)))
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> ExitCode {
    let a = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("load_event: {e}");
            return ExitCode::from(2);
        }
    };
    let label = a.label.clone();
    let pid = a.server_pid;
    let mut org = Conn::new(&a.addr);
    let up = Instant::now();
    while org.call("GET", "/healthz", &[], None).await.status != 200 {
        if up.elapsed() > Duration::from_secs(20) {
            eprintln!("load_event: no server at {}", a.addr);
            return ExitCode::from(1);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (rss_fresh, cpu_fresh) = idle(pid, Duration::from_secs(2)).await;

    // Set-up, one request at a time: not what is measured.
    let t0 = Instant::now();
    let mut clubs: Vec<Seated> = Vec::new();
    for j in 0..a.tournaments {
        match setup::seat(&mut org, &a, j).await {
            Some(t) => clubs.push(t),
            None => return ExitCode::from(1),
        }
    }
    let fives: usize = clubs.iter().map(|t| t.fives).sum();
    let players: usize = clubs.iter().map(Seated::players).sum();
    if let [t] = &clubs[..] {
        println!(
            "[{label}] tournament {}: {} players, round 1 with {} tables ({fives} of 5), set up in {:.1} s",
            t.tid,
            players,
            t.tables,
            t0.elapsed().as_secs_f64()
        );
    } else {
        let sizes = |f: fn(&Seated) -> usize| {
            let (lo, hi) = (clubs.iter().map(f).min(), clubs.iter().map(f).max());
            match (lo, hi) {
                (Some(lo), Some(hi)) if lo != hi => format!("{lo} to {hi}"),
                _ => lo.unwrap_or(0).to_string(),
            }
        };
        println!(
            "[{label}] {} tournaments (ids {} to {}): {players} players, round 1 with {} tables ({fives} of 5); \
             each {} players at {} tables ({} of 5); set up in {:.1} s",
            clubs.len(),
            clubs[0].tid,
            clubs[clubs.len() - 1].tid,
            a.tables,
            sizes(Seated::players),
            sizes(|t| t.tables),
            sizes(|t| t.fives),
            t0.elapsed().as_secs_f64()
        );
    }
    let addrs: Vec<String> = std::iter::once(a.addr.clone()).chain(a.addr2.clone()).collect();
    // The digital tables: each tournament's first ones, switched and given their bots.
    for t in &mut clubs {
        if setup::go_digital(&mut org, &a.token, t).await.is_none() {
            return ExitCode::from(1);
        }
    }
    if a.digital > 0 {
        let games: Vec<i64> = clubs
            .iter()
            .flat_map(|t| t.digital_tables.iter().map(|d| d.game))
            .collect();
        let which = if clubs.len() == 1 {
            format!("tables 1 to {}", a.digital)
        } else {
            format!("{} tables (each tournament's first)", a.digital)
        };
        println!(
            "[{label}] {which} play on the devices (3 strong bots and a person's client each, games {}..={}), {} type their deals",
            games.first().copied().unwrap_or(0),
            games.last().copied().unwrap_or(0),
            a.tables - a.digital
        );
    }
    let (rss_seated, cpu_seated) = idle(pid, Duration::from_secs(2)).await;

    // The spectators, all connected before the load starts: a block of
    // them per tournament, each on its tournament's stream.
    let owner: Vec<usize> = (0..clubs.len())
        .flat_map(|j| std::iter::repeat_n(j, setup::share(a.spectators, clubs.len(), j)))
        .collect();
    let opened = Arc::new(AtomicUsize::new(0));
    let stop_watching = Arc::new(tokio::sync::Notify::new());
    let mut watchers = Vec::new();
    let mut deal_events = Vec::new();
    for (i, &j) in owner.iter().enumerate() {
        let count = Arc::new(AtomicU64::new(0));
        deal_events.push(count.clone());
        watchers.push(tokio::spawn(spectator(
            addrs[i % addrs.len()].clone(),
            format!("/api/tournaments/{}/events", clubs[j].tid),
            opened.clone(),
            count,
            stop_watching.clone(),
            (clubs[j].sends.clone(), a.deals),
        )));
    }
    let wait = Instant::now();
    while opened.load(Ordering::Relaxed) < a.spectators && wait.elapsed() < Duration::from_secs(30) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (rss_watched, _) = idle(pid, Duration::from_millis(500)).await;

    // The load.
    let load_avg_before = load_average();
    let stop_polling = Arc::new(AtomicBool::new(false));
    let pages = ["GET standings page", "GET projector page", "GET /healthz"];
    let mut pollers = Vec::new();
    for _ in 0..a.pollers {
        for (j, t) in clubs.iter().enumerate() {
            let addr = &addrs[j % addrs.len()];
            for (i, page) in ["standings", "projector"].into_iter().enumerate() {
                let path = format!("/tournaments/{}/{page}", t.tid);
                let pause = Duration::from_millis(a.poll_pause);
                let polling = poller(addr.clone(), path, stop_polling.clone(), pause);
                pollers.push((i, tokio::spawn(polling)));
            }
        }
        let pause = Duration::from_millis(a.health_pause);
        let polling = poller(a.addr.clone(), "/healthz".into(), stop_polling.clone(), pause);
        pollers.push((2, tokio::spawn(polling)));
    }
    let start = Instant::now();
    let deadline = start + Duration::from_secs(a.seconds);
    let mark = CpuMark::now(pid);
    let mut clients = Vec::new();
    for (j, t) in clubs.iter().enumerate() {
        for (token, players, number) in &t.typed {
            let i = clients.len();
            let client = table_client(
                addrs[i % addrs.len()].clone(),
                t.tid,
                i,
                token.clone(),
                players.clone(),
                (a.deals, a.passes, deadline, Duration::from_millis(a.think)),
                (t.sends.clone(), (number - 1) * a.deals),
            );
            clients.push((j, tokio::spawn(client)));
        }
    }
    let seats: Vec<_> = clubs
        .iter()
        .flat_map(|t| t.digital_tables.iter())
        .map(|d| {
            tokio::spawn(digital::seat_client(
                a.addr.clone(),
                d.seat.clone(),
                deadline,
                Duration::from_secs(1),
            ))
        })
        .collect();
    // The server's RSS, sampled while the load runs.
    let sampling = Arc::new(AtomicBool::new(true));
    let pid2 = a.server_pid2;
    let sampler = {
        let sampling = sampling.clone();
        tokio::spawn(async move {
            let (mut max, mut max2): (f64, f64) = (0.0, 0.0);
            while sampling.load(Ordering::Relaxed) {
                max = max.max(proc::rss_mb(pid).unwrap_or(0.0));
                if pid2 != 0 {
                    max2 = max2.max(proc::rss_mb(pid2).unwrap_or(0.0));
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            (max, max2)
        })
    };
    let mut runs: Vec<Vec<TableRun>> = clubs.iter().map(|_| Vec::new()).collect();
    for (j, c) in clients {
        runs[j].push(c.await.expect("a table client panicked"));
    }
    let mut seat_runs = Vec::new();
    for c in seats {
        seat_runs.push(c.await.expect("a seat client panicked"));
    }
    let wall = start.elapsed();
    let cpu_load = mark.until(&CpuMark::now(pid));
    let load_avg_after = load_average();
    stop_polling.store(true, Ordering::Relaxed);
    sampling.store(false, Ordering::Relaxed);
    let (rss_load, rss_load2) = sampler.await.unwrap_or((f64::NAN, f64::NAN));
    let rss_load = rss_load.max(proc::rss_mb(pid).unwrap_or(0.0));
    let mut polled: Vec<Tally> = pages.iter().map(|_| Tally::default()).collect();
    for (i, p) in pollers {
        polled[i].merge(p.await.expect("a poller panicked"));
    }

    // Every spectator gets one deal event per acknowledged change of its
    // tournament, and one per deal a digital table of it finished (its bots
    // finish the trick under way after the person's client stopped: a few
    // seconds at their pace).
    let changes: Vec<i64> = runs
        .iter()
        .map(|rs| rs.iter().flat_map(|r| r.changes.iter()).sum())
        .collect();
    let mut landed = vec![0i64; clubs.len()];
    if a.digital > 0 {
        tokio::time::sleep(Duration::from_secs(6)).await;
        for (j, t) in clubs.iter().enumerate() {
            let doc = round_one(&mut org, &a.token, t.tid).await;
            landed[j] = doc["tables"]
                .as_array()
                .into_iter()
                .flatten()
                .take(t.digital)
                .map(|t| t["deals"].as_array().map_or(0, Vec::len) as i64)
                .sum();
        }
    }
    let due: Vec<i64> = changes.iter().zip(&landed).map(|(c, l)| c + l).collect();
    let caught_up = Instant::now();
    while deal_events
        .iter()
        .zip(&owner)
        .any(|(c, &j)| (c.load(Ordering::Relaxed) as i64) < due[j])
        && caught_up.elapsed() < Duration::from_secs(15)
    {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let lag = caught_up.elapsed();
    stop_watching.notify_waiters();
    let mut watched = Vec::new();
    for w in watchers {
        watched.push(w.await.expect("a spectator panicked"));
    }
    let (rss_after, _) = idle(pid, Duration::from_secs(2)).await;

    // Every acknowledged change stored exactly once, as acknowledged, in
    // each tournament.
    let mut stored = Stored::default();
    for (t, runs) in clubs.iter().zip(&runs) {
        let doc = round_one(&mut org, &a.token, t.tid).await;
        stored.check(&doc, t.digital, runs, a.deals);
    }
    let Stored {
        exact,
        doubled,
        lost,
        differing,
    } = stored;

    // The figures.
    let mut puts = Tally::default();
    let (mut replayed, mut replay_bad, mut unchanged) = (0, 0, 0);
    for r in runs.into_iter().flatten() {
        replayed += r.replays.0;
        replay_bad += r.replays.1;
        unchanged += r.unchanged;
        puts.merge(r.puts);
    }
    let changes: i64 = changes.iter().sum();
    let spectators_open = watched.iter().filter(|w| w.opened).count();
    let seen: Vec<u64> = deal_events.iter().map(|c| c.load(Ordering::Relaxed)).collect();
    let (seen_min, seen_max) = (
        seen.iter().min().copied().unwrap_or(0),
        seen.iter().max().copied().unwrap_or(0),
    );
    // Spectators that got every deal event of their tournament, no more.
    let complete = seen.iter().zip(&owner).filter(|(&n, &j)| n as i64 == due[j]).count();
    let reloads: usize = watched.iter().map(|w| w.reloads).sum();
    let mut delays: Vec<u16> = watched.iter().flat_map(|w| w.delays.iter().copied()).collect();
    delays.sort_unstable();
    let at = |q: f64| delays.get(((delays.len() as f64 * q) as usize).min(delays.len().saturating_sub(1)));
    let out_of_order: usize = watched.iter().map(|w| w.out_of_order).sum();
    let watch_errors: Vec<&String> = watched.iter().filter_map(|w| w.error.as_ref()).collect();
    let slots: usize = clubs.iter().map(Seated::slots).sum();
    let mut digital_errors = 0;

    let tournaments = if clubs.len() == 1 {
        String::new()
    } else {
        format!("{} tournaments, ", clubs.len())
    };
    let per_page = if clubs.len() == 1 {
        "per page"
    } else {
        "per tournament's page"
    };
    let per_page = match a.poll_pause {
        0 => per_page.to_owned(),
        ms => format!("{per_page} (each waits {ms} ms after each answer)"),
    };
    println!(
        "[{label}] {tournaments}{} tables × {} deals, {} passes at most, {} s at most, {} ms think time; {} spectators, {} poller(s) {per_page}; \
         load average {load_avg_before} before, {load_avg_after} after",
        a.tables, a.deals, a.passes, a.seconds, a.think, a.spectators, a.pollers
    );
    println!(
        "[{label}] {:<26} {:>7} {:>7} {:>9} {:>8} {:>8} {:>8}",
        "request", "count", "errors", "per s", "p50 ms", "p99 ms", "max ms"
    );
    let by_second = puts.by_second(start);
    println!("[{label}] {}", puts.line("PUT deal (table clients)", wall));
    for (i, name) in pages.iter().enumerate() {
        println!("[{label}] {}", polled[i].line(name, wall));
    }
    let health_rate = polled[2].rate(wall);
    // (Pages polled with a pause have no throughput to compare.)
    if health_rate > 0.0 && a.poll_pause == 0 && a.health_pause == 0 {
        println!(
            "[{label}] standings page / healthz throughput: {:.0} %   (projector: {:.0} %)",
            100.0 * polled[0].rate(wall) / health_rate,
            100.0 * polled[1].rate(wall) / health_rate
        );
    }
    println!(
        "[{label}] load ran {:.1} s: {} acknowledged changes ({:.0} deal entries/s), {replayed} double taps answered the same version ({replay_bad} not), {unchanged} new contents answered unchanged",
        wall.as_secs_f64(),
        changes,
        changes as f64 / wall.as_secs_f64()
    );
    println!("[{label}] PUT p50/p99 ms by second:{by_second}");
    if a.digital > 0 {
        let mut actions = Tally::default();
        let mut views = Tally::default();
        let dealt: u64 = seat_runs.iter().map(|r| r.deals).sum();
        let landed: i64 = landed.iter().sum();
        for r in seat_runs {
            actions.merge(r.actions);
            views.merge(r.views);
        }
        println!("[{label}] {}", actions.line("POST seat action (person)", wall));
        println!("[{label}] {}", views.line("GET seat view (person)", wall));
        println!(
            "[{label}] digital tables: {landed} deals finished and landed in their slots ({:.1} per table), {dealt} dealt",
            landed as f64 / a.digital as f64
        );
        digital_errors = actions.error_count() + views.error_count();
        for e in [actions.first_error, views.first_error].into_iter().flatten() {
            println!("[{label}]   e.g. {}", e.chars().take(300).collect::<String>());
        }
    }
    println!(
        "[{label}] stored: {exact}/{slots} slots exactly as acknowledged, {doubled} doubled, {lost} lost, {differing} with other scores"
    );
    if let [events_due] = due[..] {
        println!(
            "[{label}] spectators: {spectators_open}/{} streams open, deal events each {seen_min}..{seen_max} of {events_due} (all within {:.2} s of the last PUT), {reloads} reloads, {out_of_order} out of order, {} errors",
            a.spectators,
            lag.as_secs_f64(),
            watch_errors.len()
        );
    } else {
        let (due_min, due_max) = (
            due.iter().min().copied().unwrap_or(0),
            due.iter().max().copied().unwrap_or(0),
        );
        println!(
            "[{label}] spectators: {spectators_open}/{} streams open ({} per tournament), {complete}/{} got every deal event of their own tournament \
             and no other ({due_min}..{due_max} per tournament, each got {seen_min}..{seen_max}; all within {:.2} s of the last PUT), {reloads} reloads, {out_of_order} out of order, {} errors",
            a.spectators,
            match (a.spectators / clubs.len(), a.spectators.div_ceil(clubs.len())) {
                (lo, hi) if lo == hi => lo.to_string(),
                (lo, hi) => format!("{lo} to {hi}"),
            },
            a.spectators,
            lag.as_secs_f64(),
            watch_errors.len()
        );
    }
    println!(
        "[{label}] event delay from the PUT's send to each spectator: {} events timed, p50 {} ms, p99 {} ms, max {} ms (target: p99 under 1,000 ms)",
        delays.len(),
        at(0.5).copied().unwrap_or(0),
        at(0.99).copied().unwrap_or(0),
        delays.last().copied().unwrap_or(0)
    );
    if a.addr2.is_some() {
        println!(
            "[{label}] second instance at {}: every other table and spectator; its RSS max under load {rss_load2:.1} MB",
            addrs[1]
        );
    }
    println!(
        "[{label}] server RSS MB: idle {rss_fresh:.1} (fresh), {rss_seated:.1} (seated), {rss_watched:.1} (spectators on); load max {rss_load:.1}; after {rss_after:.1}"
    );
    println!(
        "[{label}] CPU, cores busy (of {}): server idle {:.2}, seated {:.2}; under load server {:.2}, load client {:.2}, whole machine {:.2}",
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        cpu_fresh.server,
        cpu_seated.server,
        cpu_load.server,
        cpu_load.client,
        cpu_load.machine
    );
    let errors = puts.error_count() + polled.iter().map(Tally::error_count).sum::<usize>();
    for e in std::iter::once(&puts)
        .chain(polled.iter())
        .filter_map(|t| t.first_error.as_ref())
    {
        println!("[{label}]   e.g. {}", e.chars().take(300).collect::<String>());
    }
    if let Some(e) = watch_errors.first() {
        println!("[{label}]   e.g. spectator: {e}");
    }
    let ok = errors == 0
        && digital_errors == 0
        && exact == slots
        && replay_bad == 0
        && unchanged == 0
        && spectators_open == a.spectators
        && complete == a.spectators
        && out_of_order == 0
        && watch_errors.is_empty();
    println!("[{label}] {}", if ok { "PASS" } else { "FAIL" });
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
