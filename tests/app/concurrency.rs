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
//! `scripts/load-event.sh` measures them on a release build (docs/load.md).

use crate::common;

use common::client::{Answer, Client};
use common::server::Server;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};
use std::thread;
use std::time::{Duration, Instant};

use common::TestDb;
use serde_json::{json, Value};

use common::room::{check_standings, expected_scores, scores_of, stored_deals, Deals, Table};

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

fn setup(db: &TestDb) -> (i64, Vec<Table>) {
    common::room::setup(&mut db.conn(), TABLES, DEALS)
}

fn deal_body(players: &[i64], k: usize, salt: usize) -> Value {
    common::room::deal_body(players, k, salt, DEALS)
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

/// The server on `db`, an organizer token, the tournament and its round 1.
fn prepare(db: &TestDb) -> (Server, String, i64, Vec<Table>) {
    let org = common::http::api_token(db);
    let server = Server::start_with(db.state(), WORKERS);
    let t0 = Instant::now();
    let (id, tables) = setup(db);
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

/// Writers racing on one slot, each sending the version it read
/// (FORMATS.md, "Versions"): one wins, every other gets 409 with the
/// winner's deal as `current`; nothing is lost silently.
fn writers_race_on_one_slot(db: TestDb) {
    const WRITERS: usize = 16;
    let (server, org, id, tables) = prepare(&db);
    let table = tables[0].clone();
    let uri = format!("/api/tables/{}/deals/1", table.token);
    let first = Client::new(&server.url()).call("PUT", &uri, None, Some(&deal_body(&table.players, 1, 0)));
    assert_eq!(first.status, 200, "{}", first.body);
    let read = first.body["version"].as_i64().unwrap();
    let barrier = Arc::new(std::sync::Barrier::new(WRITERS));
    let handles: Vec<_> = (0..WRITERS)
        .map(|w| {
            let (base, uri, barrier, players) = (server.url(), uri.clone(), barrier.clone(), table.players.clone());
            thread::spawn(move || {
                let client = Client::new(&base);
                let mut body = deal_body(&players, 1, w + 1);
                // Every writer sends a deal of its own (taker and points vary).
                body["taker"] = json!(players[w % 4]);
                body["points"] = json!(41 + w as i64);
                body["version"] = json!(read);
                barrier.wait();
                let a = client.call("PUT", &uri, None, Some(&body));
                (w, body, a)
            })
        })
        .collect();
    let answers: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    let won: Vec<_> = answers.iter().filter(|(_, _, a)| a.status == 200).collect();
    assert_eq!(
        won.len(),
        1,
        "exactly one writer wins: {:?}",
        answers.iter().map(|(_, _, a)| a.status).collect::<Vec<_>>()
    );
    let (_, winner, answer) = won[0];
    assert_eq!(answer.body["version"], json!(read + 1));
    for (w, _, a) in &answers {
        if a.status == 200 {
            continue;
        }
        assert_eq!(a.status, 409, "writer {w}: {}", a.body);
        assert_eq!(
            a.body["current"]["version"],
            json!(read + 1),
            "writer {w} is shown the winner's deal"
        );
        assert_eq!(a.body["current"]["record"]["taker"], winner["taker"], "writer {w}");
        assert!(a.body["error"].as_str().is_some_and(|e| !e.is_empty()));
    }
    let client = Client::new(&server.url());
    let (stored, _) = stored_deals(&client, &org, id, &tables);
    assert_eq!(stored.len(), 1, "one deal in the round");
    assert_eq!(
        stored[&(0, 1)],
        expected_scores(winner, &table.players),
        "the winner's deal is stored"
    );
    check_standings(&client, id, &tables, &stored);
}

/// Several organizers start the next round at the same moment: one round
/// is seated, the others are told it is under way (409), never a second one.
fn organizers_start_the_next_round_at_once(db: TestDb) {
    const ORGANIZERS: usize = 8;
    let (server, org, id, _) = prepare(&db);
    let client = Client::new(&server.url());
    let a = client.call(
        "POST",
        &format!("/api/tournaments/{id}/rounds/1/close"),
        Some(&org),
        Some(&json!({"force": true})),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let barrier = Arc::new(std::sync::Barrier::new(ORGANIZERS));
    let handles: Vec<_> = (0..ORGANIZERS)
        .map(|_| {
            let (base, org, barrier) = (server.url(), org.clone(), barrier.clone());
            thread::spawn(move || {
                let client = Client::new(&base);
                barrier.wait();
                client.call("POST", &format!("/api/tournaments/{id}/rounds"), Some(&org), None)
            })
        })
        .collect();
    let answers: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    let statuses: Vec<u16> = answers.iter().map(|a| a.status).collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 201).count(),
        1,
        "one round seated: {statuses:?}"
    );
    assert!(statuses.iter().all(|s| *s == 201 || *s == 409), "{statuses:?}");
    let created = answers.iter().find(|a| a.status == 201).unwrap();
    assert_eq!(created.body["round"], json!(2));
    assert_eq!(
        client
            .call("GET", &format!("/api/tournaments/{id}/rounds/2"), Some(&org), None)
            .status,
        200
    );
    assert_eq!(
        client
            .call("GET", &format!("/api/tournaments/{id}/rounds/3"), Some(&org), None)
            .status,
        404
    );
}

// ---------------------------------------------------------------- both backends

mod sqlite {
    use super::*;

    crate::test_case!(all_tables_enter_their_deals_at_once);
    fn all_tables_enter_their_deals_at_once() {
        all_tables_at_once(TestDb::sqlite_pool(POOL));
    }

    crate::test_case!(the_round_closes_while_tables_enter_deals);
    fn the_round_closes_while_tables_enter_deals() {
        close_in_the_middle(TestDb::sqlite_pool(POOL));
    }

    crate::test_case!(writers_on_one_slot_one_wins_the_others_see_it);
    fn writers_on_one_slot_one_wins_the_others_see_it() {
        writers_race_on_one_slot(TestDb::sqlite_pool(POOL));
    }

    crate::test_case!(two_organizers_start_one_round);
    fn two_organizers_start_one_round() {
        organizers_start_the_next_round_at_once(TestDb::sqlite_pool(POOL));
    }
}

mod postgres {
    use super::*;

    crate::test_case!(all_tables_enter_their_deals_at_once, Postgres);
    fn all_tables_enter_their_deals_at_once() {
        all_tables_at_once(TestDb::postgres_pool(POOL));
    }

    crate::test_case!(the_round_closes_while_tables_enter_deals, Postgres);
    fn the_round_closes_while_tables_enter_deals() {
        close_in_the_middle(TestDb::postgres_pool(POOL));
    }

    crate::test_case!(writers_on_one_slot_one_wins_the_others_see_it, Postgres);
    fn writers_on_one_slot_one_wins_the_others_see_it() {
        writers_race_on_one_slot(TestDb::postgres_pool(POOL));
    }

    crate::test_case!(two_organizers_start_one_round, Postgres);
    fn two_organizers_start_one_round() {
        organizers_start_the_next_round_at_once(TestDb::postgres_pool(POOL));
    }
}
