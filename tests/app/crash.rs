//! Crash safety, on both databases: the real server is killed with SIGKILL
//! while every table of a room enters its deals through the API, then started
//! again on the same database. Every deal acknowledged (a 200) is there,
//! exactly once, as acknowledged; a deal whose request the kill cut may or
//! may not be there, but whole: its scores are the rules core's for what was
//! sent; nothing else is there; the standings are the sum of the stored
//! deals. Then the tables finish their round on the restarted server.

use crate::common;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Barrier;
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use chelem::db::models::{Deal, Round, RoundTable};
use chelem::tournament::ids::{RoundNo, TournamentId};
use common::browser::RealServer;
use common::client::{Answer, Client};
use common::room::{self, check_standings, expected_scores, scores_of, stored_deals, Deals, Table};
use common::TestDb;

/// Tables of 4.
const TABLES: usize = 30;
/// Deals per table.
const DEALS: usize = 8;

/// One PUT of a table's client.
struct Put {
    table: usize,
    deal: usize,
    sent: Value,
    answer: Answer,
}

/// Every table's client PUTs its deals one after the other until one is not
/// answered 200; the server is killed once a third of the deals are
/// acknowledged. Every PUT made.
fn enter_until_killed(server: &mut RealServer, tables: &[Table]) -> Vec<Put> {
    let base = server.url();
    let acked = AtomicUsize::new(0);
    let barrier = Barrier::new(tables.len() + 1);
    thread::scope(|s| {
        let handles: Vec<_> = tables
            .iter()
            .enumerate()
            .map(|(i, table)| {
                let (base, acked, barrier) = (&base, &acked, &barrier);
                s.spawn(move || {
                    let client = Client::new(base);
                    assert_eq!(client.call("GET", "/healthz", None, None).status, 200);
                    barrier.wait();
                    let mut out = Vec::new();
                    for k in 1..=DEALS {
                        let sent = room::deal_body(&table.players, k, i, DEALS);
                        let path = format!("/api/tables/{}/deals/{k}", table.token);
                        let answer = client.call("PUT", &path, None, Some(&sent));
                        let ok = answer.status == 200;
                        if ok {
                            acked.fetch_add(1, Ordering::SeqCst);
                        }
                        out.push(Put {
                            table: i,
                            deal: k,
                            sent,
                            answer,
                        });
                        if !ok {
                            break;
                        }
                    }
                    out
                })
            })
            .collect();
        barrier.wait();
        let deadline = Instant::now() + Duration::from_secs(120);
        while acked.load(Ordering::SeqCst) < TABLES * DEALS / 3 {
            assert!(
                Instant::now() < deadline,
                "the tables did not get a third of their deals in"
            );
            thread::sleep(Duration::from_millis(1));
        }
        server.kill();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a table's client"))
            .collect()
    })
}

/// The deals of round 1 read straight from the database: (table index,
/// deal) → (scores by player id, version). Each slot once, every deal whole.
fn deals_in_database(db: &TestDb, id: i64, tables: &[Table]) -> BTreeMap<(usize, usize), (BTreeMap<String, i64>, i32)> {
    let mut conn = db.conn();
    let round = Round::find(&mut conn, TournamentId::new(id as i32), RoundNo::new(1))
        .unwrap()
        .unwrap();
    let index: BTreeMap<i32, usize> = RoundTable::for_round(&mut conn, round.id)
        .unwrap()
        .into_iter()
        .map(|t| (t.id, tables.iter().position(|x| x.token == t.token).unwrap()))
        .collect();
    let mut out = BTreeMap::new();
    for (deal, scores) in Deal::with_scores_in_round(&mut conn, round.id).unwrap() {
        let i = index[&deal.table_id];
        let what = format!("table {} deal {}", tables[i].number, deal.number);
        assert_eq!(scores.len(), 4, "{what}: a score for each player, no more: {scores:?}");
        let scores: BTreeMap<String, i64> = scores.iter().map(|(p, s)| (p.to_string(), i64::from(*s))).collect();
        assert_eq!(scores.values().sum::<i64>(), 0, "{what} sums to zero");
        let before = out.insert((i, deal.number as usize), (scores, deal.version));
        assert!(before.is_none(), "{what} stored twice");
    }
    out
}

fn crash_in_the_middle(db: TestDb) {
    let mut server = RealServer::on(Some(&db.url));
    let org = server.api_token();
    let (id, tables) = room::setup(&mut db.conn(), TABLES, DEALS);

    let puts = enter_until_killed(&mut server, &tables);
    let mut by_status: BTreeMap<u16, usize> = BTreeMap::new();
    for p in &puts {
        *by_status.entry(p.answer.status).or_default() += 1;
    }
    eprintln!("{}: answers before and at the kill {by_status:?}", db.backend.name());
    assert!(
        by_status.keys().all(|s| *s == 200 || *s == 0),
        "only acknowledgements, and exchanges the kill cut: {by_status:?}"
    );
    assert!(by_status.contains_key(&0), "the kill cut the tables in the middle");

    // What was sent for each slot, and what was acknowledged.
    let sent: BTreeMap<(usize, usize), &Value> = puts.iter().map(|p| ((p.table, p.deal), &p.sent)).collect();
    let acked: Deals = puts
        .iter()
        .filter(|p| p.answer.status == 200)
        .map(|p| ((p.table, p.deal), scores_of(&p.answer.body["scores"])))
        .collect();

    server.restart();
    let stored = deals_in_database(&db, id, &tables);
    for (key, scores) in &acked {
        let what = format!("table {} deal {}", tables[key.0].number, key.1);
        let (got, version) = stored
            .get(key)
            .unwrap_or_else(|| panic!("{what} was acknowledged, then lost"));
        assert_eq!(got, scores, "{what} is stored as acknowledged");
        assert_eq!(*version, 1, "{what} was entered once");
    }
    for (key, (scores, _)) in &stored {
        let what = format!("table {} deal {}", tables[key.0].number, key.1);
        let body = sent
            .get(key)
            .unwrap_or_else(|| panic!("{what} is stored but was never sent"));
        assert_eq!(
            scores,
            &expected_scores(body, &tables[key.0].players),
            "{what}: the scores of what was sent"
        );
    }
    let cut_but_stored = stored.keys().filter(|k| !acked.contains_key(k)).count();
    eprintln!(
        "{}: {} deals acknowledged, {} stored ({cut_but_stored} whose answer the kill cut)",
        db.backend.name(),
        acked.len(),
        stored.len()
    );

    // The restarted server shows the same, and its standings are their sum.
    let client = Client::new(&server.url());
    let (api, closed) = stored_deals(&client, &org, id, &tables);
    assert!(!closed);
    let from_db: Deals = stored.iter().map(|(k, (s, _))| (*k, s.clone())).collect();
    assert_eq!(api, from_db, "the API shows what the database holds");
    check_standings(&client, id, &tables, &api);

    // The tables finish the round: the cut deal again, then the rest.
    for (i, table) in tables.iter().enumerate() {
        for k in 1..=DEALS {
            if acked.contains_key(&(i, k)) {
                continue;
            }
            let body = room::deal_body(&table.players, k, i, DEALS);
            let a = client.call(
                "PUT",
                &format!("/api/tables/{}/deals/{k}", table.token),
                None,
                Some(&body),
            );
            assert_eq!(
                a.status, 200,
                "table {} deal {k} after the restart: {}",
                table.number, a.body
            );
            assert_eq!(
                a.body["changed"],
                json!(!stored.contains_key(&(i, k))),
                "a deal stored before the kill is not stored again: {}",
                a.body
            );
        }
    }
    let (all, _) = stored_deals(&client, &org, id, &tables);
    assert_eq!(all.len(), TABLES * DEALS, "every deal once");
    for ((i, k), scores) in &all {
        let body = room::deal_body(&tables[*i].players, *k, *i, DEALS);
        assert_eq!(scores, &expected_scores(&body, &tables[*i].players));
    }
    check_standings(&client, id, &tables, &all);
}

crate::test_case!(sqlite_survives_a_kill_during_deal_entry);
fn sqlite_survives_a_kill_during_deal_entry() {
    crash_in_the_middle(TestDb::sqlite());
}

crate::test_case!(postgres_survives_a_kill_during_deal_entry, Postgres);
fn postgres_survives_a_kill_during_deal_entry() {
    crash_in_the_middle(TestDb::postgres());
}
