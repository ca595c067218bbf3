//! Deal entry under load, through the real HTTP server, on both databases.
//!
//! The server runs in-process as the binary runs it (`HttpServer`, several
//! workers, a pool of a server's size) on a loopback port; 100 OS threads,
//! one blocking HTTP client per table, are released at once by a barrier and
//! PUT their table's deals with no think time, some twice in a row and a few
//! raced by a second client. Then the same with the organizer closing the
//! round half-way. Never a 5xx; every entry acknowledged is stored exactly as
//! acknowledged, none refused is; the standings are the sum of what is stored.
//! Latencies are printed (`--nocapture`), never asserted:
//! `scripts/load-deals.sh` measures them on a release build.

mod common;

use common::client::{Answer, Client};
use common::server::Server;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};
use std::thread;
use std::time::{Duration, Instant};

use common::TestDb;
use serde_json::{json, Value};

use chelem::tarot::{score_value, ScoringRules};

/// Tables of 4 in round 1.
const TABLES: usize = 100;
/// Deals per table of 4.
const DEALS: usize = 4;
/// Database connections, as a small server has (PostgreSQL: ≤ 10, the tests
/// of this file run in parallel and share the server's 100 connections).
const POOL: u32 = 8;
/// HTTP workers of the server.
const WORKERS: usize = 4;
/// Every `RACE_EVERY`-th table has its deal 1 sent by two clients at once.
const RACE_EVERY: usize = 4;

// ---------------------------------------------------------------- client

// ---------------------------------------------------------------- setup

#[derive(Debug, Clone)]
struct Table {
    number: i64,
    token: String,
    players: Vec<i64>,
}

/// A tournament of `4 × TABLES` players and its round 1, over HTTP.
fn setup(base: &str, org: &str) -> (i64, Vec<Table>) {
    let client = Client::new(base);
    let a = client.call(
        "POST",
        "/api/tournaments",
        Some(org),
        Some(&json!({"name": "Open du Mans", "rounds": 3, "deals_table4": DEALS, "seed": 11})),
    );
    assert_eq!(a.status, 201, "{}", a.body);
    let id = a.body["id"].as_i64().unwrap();
    // One after the other: the set-up is not under test.
    for i in 0..4 * TABLES {
        let a = client.call(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            Some(org),
            Some(&json!({"name": format!("Joueur {i:03}"), "club": format!("Club {}", i % 13)})),
        );
        assert_eq!(a.status, 201, "player {i}: {}", a.body);
    }
    let a = client.call("POST", &format!("/api/tournaments/{id}/rounds"), Some(org), None);
    assert_eq!(a.status, 201, "{}", a.body);
    let tables: Vec<Table> = a.body["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| Table {
            number: t["table"].as_i64().unwrap(),
            token: t["token"].as_str().unwrap().to_owned(),
            players: t["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_i64().unwrap())
                .collect(),
        })
        .collect();
    assert_eq!(tables.len(), TABLES);
    assert!(tables.iter().all(|t| t.players.len() == 4));
    (id, tables)
}

/// A valid deal body for deal `k` of a table of 4 (players by id), varied by
/// `salt`; every 7th table passes its last deal.
fn deal_body(players: &[i64], k: usize, salt: usize) -> Value {
    if k == DEALS && salt % 7 == 3 {
        return json!({"passed": true});
    }
    let taker = players[(k + salt) % players.len()];
    let contract = ["petite", "garde", "garde_sans", "garde_contre"][(k * 3 + salt) % 4];
    let oudlers = (k + salt) % 4;
    let base = [30.0, 34.0, 38.0, 44.0][oudlers];
    let points = base + ((k * 7 + salt * 5) % 24) as f64 + if (k + salt).is_multiple_of(3) { 0.5 } else { 0.0 };
    let handfuls = if (k + salt).is_multiple_of(5) {
        json!([{"player": players[(k + 1) % players.len()], "size": "simple"}])
    } else {
        json!([])
    };
    json!({"taker": taker, "partner": null, "contract": contract, "oudlers": oudlers, "points": points,
           "handfuls": handfuls, "petit_au_bout": null, "chelem": {"announced": false, "made_by": null}})
}

/// What the rules core gives for that body, by player id (as the API writes it).
fn expected_scores(body: &Value, players: &[i64]) -> BTreeMap<String, i64> {
    if body.get("passed").is_some() {
        return players.iter().map(|p| (p.to_string(), 0)).collect();
    }
    let seat = |id: &Value| players.iter().position(|p| Some(*p) == id.as_i64()).unwrap();
    let mut rec = body.clone();
    rec["players"] = json!(players.len());
    rec["taker"] = json!(seat(&body["taker"]));
    rec["handfuls"] = Value::Array(
        body["handfuls"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| json!({"seat": seat(&h["player"]), "size": h["size"]}))
            .collect(),
    );
    let out = score_value(&rec, &ScoringRules::default()).unwrap_or_else(|e| panic!("{rec}: {e}"));
    players
        .iter()
        .zip(out.scores)
        .map(|(p, s)| (p.to_string(), s))
        .collect()
}

/// Scores by player id (as the API writes them) of deals by (table index, deal).
type Deals = BTreeMap<(usize, usize), BTreeMap<String, i64>>;

fn scores_of(v: &Value) -> BTreeMap<String, i64> {
    v.as_object()
        .unwrap_or_else(|| panic!("no scores object: {v}"))
        .iter()
        .map(|(p, s)| (p.clone(), s.as_i64().unwrap()))
        .collect()
}

// ---------------------------------------------------------------- the load

/// Which request of a table's client a PUT was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// The first PUT of a deal by the table's client.
    First,
    /// The same body again, right after the first one's answer.
    Repeat,
    /// The same body from a second client, at the same moment as the first.
    Racer,
}

#[derive(Debug, Clone)]
struct Put {
    table: usize,
    deal: usize,
    kind: Kind,
    sent: Value,
    answer: Answer,
}

/// Whether deal `k` of table `t` is sent twice in a row.
fn repeated(t: usize, k: usize) -> bool {
    (t + k).is_multiple_of(3)
}

/// The table clients (and racers when `race`), released together with
/// `extra` more parties (the organizer) by the returned barrier; each PUT
/// done bumps `done`. Returns every PUT once all clients are through.
fn run_tables(
    base: &str,
    tables: &[Table],
    race: bool,
    extra: usize,
    done: Arc<AtomicUsize>,
    organizer: impl FnOnce(&Barrier) + Send,
) -> Vec<Put> {
    let racers: Vec<usize> = if race {
        (0..tables.len()).step_by(RACE_EVERY).collect()
    } else {
        Vec::new()
    };
    let barrier = Barrier::new(tables.len() + racers.len() + extra);
    let mut puts = Vec::new();
    thread::scope(|s| {
        let barrier = &barrier;
        let mut handles = Vec::new();
        for (i, table) in tables.iter().enumerate() {
            let done = done.clone();
            handles.push(s.spawn(move || {
                let client = Client::new(base);
                // Connect before the start, as tablets already on the page.
                let warm = client.call("GET", "/healthz", None, None);
                assert_eq!(warm.status, 200, "{:?}", warm);
                let mut out = Vec::new();
                barrier.wait();
                for k in 1..=DEALS {
                    let body = deal_body(&table.players, k, i);
                    let path = format!("/api/tables/{}/deals/{k}", table.token);
                    let kinds: &[Kind] = if repeated(i, k) {
                        &[Kind::First, Kind::Repeat]
                    } else {
                        &[Kind::First]
                    };
                    for kind in kinds {
                        let answer = client.call("PUT", &path, None, Some(&body));
                        done.fetch_add(1, Ordering::SeqCst);
                        out.push(Put {
                            table: i,
                            deal: k,
                            kind: *kind,
                            sent: body.clone(),
                            answer,
                        });
                    }
                }
                out
            }));
        }
        for &i in &racers {
            let table = &tables[i];
            handles.push(s.spawn(move || {
                let client = Client::new(base);
                let warm = client.call("GET", "/healthz", None, None);
                assert_eq!(warm.status, 200, "{:?}", warm);
                let body = deal_body(&table.players, 1, i);
                barrier.wait();
                let answer = client.call(
                    "PUT",
                    &format!("/api/tables/{}/deals/1", table.token),
                    None,
                    Some(&body),
                );
                vec![Put {
                    table: i,
                    deal: 1,
                    kind: Kind::Racer,
                    sent: body,
                    answer,
                }]
            }));
        }
        organizer(barrier);
        for h in handles {
            puts.extend(h.join().expect("a client thread"));
        }
    });
    puts
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

/// Prints what the clients saw (run with `--nocapture` to read it).
fn report(what: &str, puts: &[Put]) {
    let mut lat: Vec<Duration> = puts.iter().map(|p| p.answer.took()).collect();
    lat.sort();
    let first = puts.iter().map(|p| p.answer.started).min().unwrap();
    let last = puts.iter().map(|p| p.answer.ended).max().unwrap();
    let mut by_status: BTreeMap<u16, usize> = BTreeMap::new();
    for p in puts {
        *by_status.entry(p.answer.status).or_default() += 1;
    }
    let wall = (last - first).as_secs_f64();
    eprintln!(
        "{what}: {} PUTs in {wall:.2} s ({:.0}/s), statuses {by_status:?}, p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        puts.len(),
        puts.len() as f64 / wall,
        percentile(&lat, 0.50).as_secs_f64() * 1e3,
        percentile(&lat, 0.90).as_secs_f64() * 1e3,
        percentile(&lat, 0.99).as_secs_f64() * 1e3,
        lat.last().unwrap().as_secs_f64() * 1e3,
    );
}

/// No 5xx, no failed exchange; the statuses allowed; the offenders listed.
fn check_statuses(puts: &[Put], tables: &[Table], allowed: &[u16]) {
    let bad: Vec<String> = puts
        .iter()
        .filter(|p| !allowed.contains(&p.answer.status))
        .map(|p| {
            format!(
                "table {} deal {} ({:?}): {} {} after {:?}",
                tables[p.table].number,
                p.deal,
                p.kind,
                p.answer.status,
                p.answer.body,
                p.answer.took()
            )
        })
        .collect();
    let fives = puts.iter().filter(|p| p.answer.status >= 500).count();
    assert!(
        bad.is_empty(),
        "{} of {} PUTs answered outside {allowed:?} ({fives} 5xx), e.g.:\n{}",
        bad.len(),
        puts.len(),
        bad.iter().take(10).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// The deals of round 1 as the organizer reads them: (table index, deal) →
/// scores, and whether the round is closed.
fn stored_deals(client: &Client, org: &str, id: i64, tables: &[Table]) -> (Deals, bool) {
    let a = client.call("GET", &format!("/api/tournaments/{id}/rounds/1"), Some(org), None);
    assert_eq!(a.status, 200, "{}", a.body);
    let index: BTreeMap<&str, usize> = tables.iter().enumerate().map(|(i, t)| (t.token.as_str(), i)).collect();
    let mut stored = BTreeMap::new();
    let doc_tables = a.body["tables"].as_array().unwrap();
    assert_eq!(doc_tables.len(), tables.len());
    for t in doc_tables {
        let i = index[t["token"].as_str().unwrap()];
        for d in t["deals"].as_array().unwrap() {
            let k = d["deal"].as_u64().unwrap() as usize;
            let scores = scores_of(&d["scores"]);
            assert_eq!(scores.values().sum::<i64>(), 0, "a stored deal sums to zero: {d}");
            let before = stored.insert((i, k), scores);
            assert!(before.is_none(), "deal {k} of table {} stored twice", tables[i].number);
        }
    }
    (stored, a.body["closed"] == json!(true))
}

/// The standings are the sums of the stored deals, and sum to zero.
fn check_standings(client: &Client, id: i64, tables: &[Table], stored: &Deals) {
    let mut want: BTreeMap<i64, i64> = tables.iter().flat_map(|t| t.players.iter().map(|p| (*p, 0))).collect();
    for scores in stored.values() {
        for (p, s) in scores {
            *want.get_mut(&p.parse::<i64>().unwrap()).expect("a seated player") += s;
        }
    }
    let a = client.call("GET", &format!("/api/tournaments/{id}/standings"), None, None);
    assert_eq!(a.status, 200, "{}", a.body);
    let got: BTreeMap<i64, i64> = a
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["player"].as_i64().unwrap(), l["total"].as_i64().unwrap()))
        .collect();
    assert_eq!(got.len(), want.len(), "every player has a line");
    for (p, total) in &want {
        assert_eq!(got.get(p), Some(total), "player {p}'s total");
    }
    assert_eq!(got.values().sum::<i64>(), 0, "standings sum to zero");
}

/// The server on `db`, an organizer token, the tournament and its round 1.
fn prepare(db: &TestDb) -> (Server, String, i64, Vec<Table>) {
    let org = common::http::api_token(db);
    let server = Server::start_with(db.state(), WORKERS);
    let t0 = Instant::now();
    let (id, tables) = setup(&server.url(), &org);
    eprintln!(
        "{}: {} players and round 1 set up in {:.1} s",
        db.backend.name(),
        4 * TABLES,
        t0.elapsed().as_secs_f64()
    );
    (server, org, id, tables)
}

// ---------------------------------------------------------------- scenarios

/// 100 tables at once, repeats and racing duplicates: every PUT a 200, every
/// deal stored once as acknowledged, the standings their sum.
fn all_tables_at_once(db: TestDb) {
    let (server, org, id, tables) = prepare(&db);
    let puts = run_tables(&server.url(), &tables, true, 0, Arc::default(), |_| {});
    report(&format!("{} all tables at once", db.backend.name()), &puts);
    check_statuses(&puts, &tables, &[200]);

    // Every answer is the deal's score; a repeat changes nothing.
    let mut acked: Deals = BTreeMap::new();
    for p in &puts {
        let scores = scores_of(&p.answer.body["scores"]);
        assert_eq!(
            scores,
            expected_scores(&p.sent, &tables[p.table].players),
            "table {} deal {}: {}",
            tables[p.table].number,
            p.deal,
            p.answer.body
        );
        if p.kind == Kind::Repeat {
            assert_eq!(p.answer.body["changed"], json!(false), "a repeat: {}", p.answer.body);
        }
        if let Some(before) = acked.insert((p.table, p.deal), scores.clone()) {
            assert_eq!(before, scores, "one deal, one score");
        }
    }
    // Two clients sending the same first entry at once: one stores it, the
    // other sees it stored (200, unchanged).
    for i in (0..tables.len()).step_by(RACE_EVERY) {
        let changed: Vec<&Value> = puts
            .iter()
            .filter(|p| p.table == i && p.deal == 1 && p.kind != Kind::Repeat)
            .map(|p| &p.answer.body["changed"])
            .collect();
        assert_eq!(changed.len(), 2);
        assert_eq!(
            changed.iter().filter(|c| **c == &json!(true)).count(),
            1,
            "table {}: exactly one of the two racing entries stores it: {changed:?}",
            tables[i].number
        );
    }
    let expected_puts = TABLES * DEALS
        + (0..TABLES)
            .flat_map(|t| (1..=DEALS).map(move |k| (t, k)))
            .filter(|(t, k)| repeated(*t, *k))
            .count()
        + TABLES.div_ceil(RACE_EVERY);
    assert_eq!(puts.len(), expected_puts);

    let client = Client::new(&server.url());
    let (stored, closed) = stored_deals(&client, &org, id, &tables);
    assert!(!closed);
    assert_eq!(
        stored.len(),
        TABLES * DEALS,
        "every table has exactly its {DEALS} deals"
    );
    assert_eq!(stored, acked, "the deals stored are the deals acknowledged");
    check_standings(&client, id, &tables, &stored);
}

/// 100 tables at once, and the organizer forces the close when half the PUTs
/// are answered: every PUT a 200 (before) or a 409 (after), the deals stored
/// exactly those acknowledged.
fn close_in_the_middle(db: TestDb) {
    let (server, org, id, tables) = prepare(&db);
    let done = Arc::new(AtomicUsize::new(0));
    let mut close: Option<Answer> = None;
    let puts = {
        let done = done.clone();
        let close = &mut close;
        let base = server.url();
        let org = org.clone();
        run_tables(&server.url(), &tables, false, 1, done.clone(), move |barrier| {
            let client = Client::new(&base);
            let warm = client.call("GET", "/healthz", None, None);
            assert_eq!(warm.status, 200);
            barrier.wait();
            let half = TABLES * DEALS / 2;
            let deadline = Instant::now() + Duration::from_secs(60);
            while done.load(Ordering::SeqCst) < half && Instant::now() < deadline {
                thread::sleep(Duration::from_micros(200));
            }
            *close = Some(client.call(
                "POST",
                &format!("/api/tournaments/{id}/rounds/1/close"),
                Some(&org),
                Some(&json!({"force": true})),
            ));
        })
    };
    let close = close.expect("the organizer closed");
    report(&format!("{} close in the middle", db.backend.name()), &puts);
    eprintln!(
        "{}: close answered {} after {:.1} ms",
        db.backend.name(),
        close.status,
        close.took().as_secs_f64() * 1e3
    );
    assert_eq!(close.status, 200, "the close: {}", close.body);
    check_statuses(&puts, &tables, &[200, 409]);

    let mut acked: Deals = BTreeMap::new();
    for p in &puts {
        let what = format!(
            "table {} deal {} ({:?}): {}",
            tables[p.table].number, p.deal, p.kind, p.answer.body
        );
        if p.answer.ended < close.started {
            assert_eq!(p.answer.status, 200, "answered before the close was sent: {what}");
        }
        if p.answer.started > close.ended {
            assert_eq!(p.answer.status, 409, "sent after the close was answered: {what}");
        }
        if p.answer.status == 409 {
            assert!(p.answer.body["error"].is_string(), "{what}");
            continue;
        }
        let scores = scores_of(&p.answer.body["scores"]);
        assert_eq!(scores, expected_scores(&p.sent, &tables[p.table].players), "{what}");
        if p.kind == Kind::Repeat {
            assert_eq!(p.answer.body["changed"], json!(false), "a repeat: {what}");
        }
        acked.insert((p.table, p.deal), scores);
    }
    // At a table, once a PUT meets the closed round, no later one lands.
    for (i, table) in tables.iter().enumerate() {
        let statuses: Vec<u16> = puts.iter().filter(|p| p.table == i).map(|p| p.answer.status).collect();
        let first_409 = statuses.iter().position(|s| *s == 409).unwrap_or(statuses.len());
        assert!(
            statuses[first_409..].iter().all(|s| *s == 409),
            "table {}: {statuses:?}",
            table.number
        );
    }
    let (n200, n409) = (
        puts.iter().filter(|p| p.answer.status == 200).count(),
        puts.iter().filter(|p| p.answer.status == 409).count(),
    );
    eprintln!(
        "{}: {n200} PUTs landed before the close, {n409} refused after it; {} deals of {} stored",
        db.backend.name(),
        acked.len(),
        TABLES * DEALS
    );
    assert!(
        acked.len() >= TABLES * DEALS / 2 - TABLES,
        "half the deals were in before the close"
    );

    let client = Client::new(&server.url());
    let (stored, closed) = stored_deals(&client, &org, id, &tables);
    assert!(closed, "the round is closed");
    let missing: BTreeSet<_> = acked.keys().filter(|k| !stored.contains_key(k)).collect();
    let extra: BTreeSet<_> = stored.keys().filter(|k| !acked.contains_key(k)).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "acknowledged but not stored: {missing:?}; stored but refused: {extra:?}"
    );
    assert_eq!(stored, acked, "stored as acknowledged");
    check_standings(&client, id, &tables, &stored);

    // And later: a table cannot write the closed round, a new deal or a correction.
    for (i, k) in [(0, 1), (TABLES - 1, DEALS)] {
        let t = &tables[i];
        let body = deal_body(&t.players, k, i + 1);
        let a = client.call("PUT", &format!("/api/tables/{}/deals/{k}", t.token), None, Some(&body));
        assert_eq!(a.status, 409, "a PUT after the close: {}", a.body);
    }
    let (after, _) = stored_deals(&client, &org, id, &tables);
    assert_eq!(after, stored, "nothing changed after the close");
}

// ---------------------------------------------------------------- both backends

mod sqlite {
    use super::*;

    #[test]
    fn all_tables_enter_their_deals_at_once() {
        all_tables_at_once(TestDb::sqlite_pool(POOL));
    }

    #[test]
    fn the_round_closes_while_tables_enter_deals() {
        close_in_the_middle(TestDb::sqlite_pool(POOL));
    }
}

mod postgres {
    use super::*;

    #[test]
    fn all_tables_enter_their_deals_at_once() {
        if let Some(db) = TestDb::postgres_pool(POOL) {
            all_tables_at_once(db);
        }
    }

    #[test]
    fn the_round_closes_while_tables_enter_deals() {
        if let Some(db) = TestDb::postgres_pool(POOL) {
            close_in_the_middle(db);
        }
    }
}
