//! The load client of `scripts/load-deals.sh`: deal entry at many tables at
//! once against a running server, one blocking HTTP client (one OS thread,
//! one kept-alive connection) per table, no think time.
//!
//! ```sh
//! cargo run --release --example load_deals -- --base http://127.0.0.1:8080 --token TOKEN \
//!     [--tables 100] [--passes 2] [--label sqlite]
//! ```
//!
//! Sets up over the API (one request at a time) a tournament of 4 × TABLES
//! players and its round 1, then releases every table's client at once (a
//! barrier): pass 1 enters the table's 4 deals, each later pass corrects all 4
//! (different content). Prints
//! the count, the answers that were not 2xx, the throughput and the latency
//! percentiles of the PUTs, per pass and in all; then checks that the round
//! holds exactly the deals last acknowledged. Exit status 1 when any PUT was
//! not a 2xx or the check failed. Every request is bounded (60 s), and so is
//! the run: TABLES × 4 × PASSES PUTs.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::{Arc, Barrier};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

const DEALS: usize = 4;

struct Args {
    base: String,
    token: String,
    tables: usize,
    passes: usize,
    label: String,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        base: "http://127.0.0.1:8080".into(),
        token: String::new(),
        tables: 100,
        passes: 2,
        label: "load".into(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--base" => a.base = value()?.trim_end_matches('/').to_owned(),
            "--token" => a.token = value()?,
            "--tables" => a.tables = value()?.parse().map_err(|e| format!("--tables: {e}"))?,
            "--passes" => a.passes = value()?.parse().map_err(|e| format!("--passes: {e}"))?,
            "--label" => a.label = value()?,
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if a.token.is_empty() {
        return Err("--token is required (chelem token create --user NAME)".into());
    }
    if !(1..=500).contains(&a.tables) || !(1..=5).contains(&a.passes) {
        return Err("--tables 1..=500, --passes 1..=5".into());
    }
    if !(a.base.starts_with("http://127.")
        || a.base.starts_with("http://localhost")
        || a.base.starts_with("http://[::1]"))
    {
        return Err("loopback only: --base http://127.0.0.1:PORT".into());
    }
    Ok(a)
}

/// The shared blocking client (`tests/common/client.rs`).
#[path = "../tests/common/client.rs"]
mod client;

use client::Answer;

/// The client with the token it sends (the organizer's, or none for a table).
struct Client {
    http: client::Client,
    token: Option<String>,
}

impl Client {
    fn new(base: &str, token: Option<&str>) -> Client {
        Client {
            http: client::Client::new(base),
            token: token.map(str::to_owned),
        }
    }

    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Answer {
        self.http.call(method, path, self.token.as_deref(), body)
    }

    /// A call that must answer `want`, or the run stops.
    fn must(&self, method: &str, path: &str, body: Option<&Value>, want: u16) -> Value {
        let a = self.call(method, path, body);
        if a.status != want {
            eprintln!("{method} {path}: {} {}", a.status, a.body);
            std::process::exit(1);
        }
        a.body
    }
}

/// A valid deal of a table of 4, varied by table, deal and pass.
fn deal_body(players: &[i64], k: usize, salt: usize) -> Value {
    if k == DEALS && salt % 11 == 5 {
        return json!({"passed": true});
    }
    let taker = players[(k + salt) % 4];
    let contract = ["petite", "garde", "garde_sans", "garde_contre"][(k * 3 + salt) % 4];
    let oudlers = (k + salt) % 4;
    let points = [30.0, 34.0, 38.0, 44.0][oudlers] + ((k * 7 + salt * 5) % 24) as f64;
    let handfuls = if (k + salt).is_multiple_of(5) {
        json!([{"player": players[(k + 1) % 4], "size": "simple"}])
    } else {
        json!([])
    };
    json!({"taker": taker, "partner": null, "contract": contract, "oudlers": oudlers, "points": points,
           "handfuls": handfuls, "petit_au_bout": null, "chelem": {"announced": false, "made_by": null}})
}

struct Put {
    table: usize,
    deal: usize,
    pass: usize,
    answer: Answer,
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// One line: count, non-2xx answers, throughput (when `wall` is given: the
/// passes overlap in time, so only the whole run has one), latency percentiles.
fn summary(label: &str, puts: &[&Put], wall: Option<Duration>) {
    let mut lat: Vec<Duration> = puts.iter().map(|p| p.answer.took()).collect();
    lat.sort();
    let pct = |p: f64| lat[((lat.len() as f64 * p).ceil() as usize).clamp(1, lat.len()) - 1];
    let mut errors: BTreeMap<u16, usize> = BTreeMap::new();
    for p in puts.iter().filter(|p| !(200..300).contains(&p.answer.status)) {
        *errors.entry(p.answer.status).or_default() += 1;
    }
    let n_err: usize = errors.values().sum();
    println!(
        "{label:<36} {:>5} PUTs  errors {:>4} ({:>5.1}%) {:<14} {:>9}  p50 {:>7.1} ms  p90 {:>7.1} ms  p99 {:>7.1} ms  max {:>7.1} ms",
        puts.len(),
        n_err,
        100.0 * n_err as f64 / puts.len() as f64,
        if errors.is_empty() {
            String::new()
        } else {
            format!("{errors:?}")
        },
        wall.map_or(String::new(), |w| format!("{:.0} PUT/s", puts.len() as f64 / w.as_secs_f64())),
        ms(pct(0.50)),
        ms(pct(0.90)),
        ms(pct(0.99)),
        ms(*lat.last().unwrap()),
    );
}

fn main() -> ExitCode {
    let a = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("load_deals: {e}");
            return ExitCode::from(2);
        }
    };
    let org = Client::new(&a.base, Some(&a.token));
    // The server may still be starting.
    let up = Instant::now();
    while org.call("GET", "/healthz", None).status != 200 {
        if up.elapsed() > Duration::from_secs(20) {
            eprintln!("load_deals: no server at {}", a.base);
            return ExitCode::from(1);
        }
        thread::sleep(Duration::from_millis(100));
    }

    // Set-up: the tournament, its players (4 clients at once), round 1.
    let t0 = Instant::now();
    let id = org.must(
        "POST",
        "/api/tournaments",
        Some(&json!({"name": format!("Load {}", a.label), "rounds": 3, "deals_table4": DEALS, "seed": 5})),
        201,
    )["id"]
        .as_i64()
        .unwrap();
    // One after the other: the set-up is not what is measured.
    let n_players = 4 * a.tables;
    for i in 0..n_players {
        org.must(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            Some(&json!({"name": format!("Joueur {i:03}"), "club": format!("Club {}", i % 13)})),
            201,
        );
    }
    let round = org.must("POST", &format!("/api/tournaments/{id}/rounds"), None, 201);
    let tables: Vec<(String, Vec<i64>)> = round["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let players = t["players"].as_array().unwrap().iter().map(|p| p.as_i64().unwrap());
            (t["token"].as_str().unwrap().to_owned(), players.collect())
        })
        .collect();
    if tables.len() != a.tables || tables.iter().any(|(_, p)| p.len() != 4) {
        eprintln!("load_deals: expected {} tables of 4, got {round}", a.tables);
        return ExitCode::from(1);
    }
    println!(
        "[{}] tournament {id}: {n_players} players, round 1 with {} tables, set up in {:.1} s",
        a.label,
        tables.len(),
        t0.elapsed().as_secs_f64()
    );

    // The load: every table's client at once.
    let barrier = Arc::new(Barrier::new(tables.len() + 1));
    let mut handles = Vec::new();
    for (i, (token, players)) in tables.iter().cloned().enumerate() {
        let (barrier, base, passes) = (barrier.clone(), a.base.clone(), a.passes);
        handles.push(thread::spawn(move || {
            let client = Client::new(&base, None);
            let _ = client.call("GET", "/healthz", None);
            barrier.wait();
            let mut out = Vec::new();
            for pass in 0..passes {
                for k in 1..=DEALS {
                    let body = deal_body(&players, k, i + 3 * pass);
                    let answer = client.call("PUT", &format!("/api/tables/{token}/deals/{k}"), Some(&body));
                    out.push(Put {
                        table: i,
                        deal: k,
                        pass,
                        answer,
                    });
                }
            }
            out
        }));
    }
    barrier.wait();
    let start = Instant::now();
    let puts: Vec<Put> = handles.into_iter().flat_map(|h| h.join().expect("client")).collect();
    let wall = start.elapsed();

    println!(
        "[{}] {} tables at once, {} passes, {} PUTs in {:.2} s",
        a.label,
        tables.len(),
        a.passes,
        puts.len(),
        wall.as_secs_f64()
    );
    for pass in 0..a.passes {
        let these: Vec<&Put> = puts.iter().filter(|p| p.pass == pass).collect();
        let name = if pass == 0 {
            "pass 1 (first entries)".to_owned()
        } else {
            format!("pass {} (corrections)", pass + 1)
        };
        summary(&format!("[{}] {name}", a.label), &these, None);
    }
    summary(
        &format!("[{}] all", a.label),
        &puts.iter().collect::<Vec<_>>(),
        Some(wall),
    );
    let errors: Vec<&Put> = puts.iter().filter(|p| !(200..300).contains(&p.answer.status)).collect();
    for p in errors.iter().take(5) {
        println!(
            "  e.g. table {} deal {} pass {}: {} {}",
            p.table + 1,
            p.deal,
            p.pass + 1,
            p.answer.status,
            p.answer.body
        );
    }

    // The round holds exactly the deals last acknowledged.
    let mut last: BTreeMap<(String, usize), &Value> = BTreeMap::new();
    for p in puts.iter().filter(|p| p.answer.status == 200) {
        last.insert((tables[p.table].0.clone(), p.deal), &p.answer.body["scores"]);
    }
    let doc = org.must("GET", &format!("/api/tournaments/{id}/rounds/1"), None, 200);
    let mut stored = 0;
    let mut mismatched = 0;
    for t in doc["tables"].as_array().unwrap() {
        let token = t["token"].as_str().unwrap().to_owned();
        for d in t["deals"].as_array().unwrap() {
            stored += 1;
            let k = d["deal"].as_u64().unwrap() as usize;
            // A deal whose every PUT failed is not checked (already counted).
            if last.get(&(token.clone(), k)).is_some_and(|s| **s != d["scores"]) {
                mismatched += 1;
            }
        }
    }
    let complete = stored == tables.len() * DEALS;
    println!(
        "[{}] stored: {stored} deals of {} ({}), {mismatched} differing from the last acknowledged",
        a.label,
        tables.len() * DEALS,
        if complete { "all" } else { "MISSING some" }
    );
    if errors.is_empty() && complete && mismatched == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
