//! A table's tablet through Wi-Fi drops (`static/outbox.js`), in Debian's
//! chromium driven by `tests/browser/outbox.js`, against the real binary on
//! both databases: the network switched off and on while deals are entered
//! (kept, shown waiting, sent once when back, a conflict shown), and a
//! loopback proxy dropping 20 % of the answers to posts after the server
//! committed, over 250 entries: none lost, none doubled. Its queue alone
//! also runs under node's test runner (`tests/node/outbox.test.js`).

use crate::common;

use std::collections::BTreeMap;

use diesel::prelude::*;

use chelem::db::schema::{deals, submissions};
use common::browser::{browser, Launch, RealServer};
use common::builder::TournamentBuilder;
use common::TestDb;

/// A deal's slot: table id, deal number.
type Slot = (i32, i32);

/// Per slot: its version, and how many keys were spent on it (one per
/// entry that wrote).
fn slots(db: &TestDb) -> (BTreeMap<Slot, i32>, BTreeMap<Slot, usize>) {
    let mut conn = db.conn();
    let versions: Vec<(i32, i32, i32)> = deals::table
        .select((deals::table_id, deals::number, deals::version))
        .load(&mut conn)
        .unwrap();
    let keys: Vec<(i32, i32)> = submissions::table
        .select((submissions::table_id, submissions::number))
        .load(&mut conn)
        .unwrap();
    let mut spent = BTreeMap::new();
    for slot in keys {
        *spent.entry(slot).or_insert(0) += 1;
    }
    (versions.into_iter().map(|(t, k, v)| ((t, k), v)).collect(), spent)
}

fn offline(db: TestDb) {
    let b = browser();
    let t = TournamentBuilder::new("Soirée sans Wi-Fi")
        .rounds(2)
        .deals_table4(4)
        .players(4)
        .confirm_deals()
        .seated(1)
        .build(&mut db.conn());
    let table = &t.rounds[0][0];
    let server = RealServer::launch(Some(&db.url), Launch::default());
    let shots = common::browser::screenshots_dir();
    let link = format!("/t/{}", table.token);
    let (ok, stdout, stderr) = b.run("outbox.js", &["offline", &server.url(), &link, shots.to_str().unwrap()]);
    assert!(ok, "the outbox offline failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("outbox offline passed"), "{stdout}");
    println!("{}", stdout.trim());
    let (versions, spent) = slots(&db);
    let id = table.row.id;
    // Deal 1: sent once when back online (then confirmed, which changes no
    // version); deal 2: the other tablet's, never overwritten.
    assert_eq!(versions, BTreeMap::from([((id, 1), 1), ((id, 2), 1)]), "{versions:?}");
    assert_eq!(spent, BTreeMap::from([((id, 1), 1), ((id, 2), 1)]), "{spent:?}");
    let confirmed: bool = deals::table
        .filter(deals::table_id.eq(id).and(deals::number.eq(1)))
        .select(deals::confirmed)
        .first(&mut db.conn())
        .unwrap();
    assert!(confirmed, "the confirmation tapped offline was sent");
}

crate::test_case!(a_tablet_offline_keeps_its_deal_and_sends_it_once_sqlite, Browser);
/// The network off and on (`outbox.js offline`), on SQLite.
fn a_tablet_offline_keeps_its_deal_and_sends_it_once_sqlite() {
    offline(TestDb::sqlite());
}

crate::test_case!(
    a_tablet_offline_keeps_its_deal_and_sends_it_once_postgres,
    PostgresAndBrowser
);
/// The same on PostgreSQL.
fn a_tablet_offline_keeps_its_deal_and_sends_it_once_postgres() {
    offline(TestDb::postgres());
}

/// Tables and deals per table of the dropping proxy's run (250 entries,
/// some 50 answers dropped after their commit: each of the two runs takes
/// under two minutes of the suite's time, on a 2-core machine).
const TABLES: usize = 25;
const DEALS: usize = 10;

fn dropped_answers(db: TestDb) {
    let b = browser();
    let (_, tables) = common::room::setup(&mut db.conn(), TABLES, DEALS);
    let server = RealServer::launch(Some(&db.url), Launch::default());
    let links: Vec<String> = tables.iter().map(|t| format!("/t/{}", t.token)).collect();
    let links = serde_json::to_string(&links).unwrap();
    let (ok, stdout, stderr) = b.run("outbox.js", &["proxy", &server.url(), &links, &DEALS.to_string(), "5"]);
    assert!(ok, "the outbox behind the dropping proxy failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("outbox proxy passed"), "{stdout}");
    let (versions, spent) = slots(&db);
    let lost = TABLES * DEALS - versions.len();
    let doubled = versions.values().filter(|&&v| v != 1).count() + spent.values().filter(|&&n| n != 1).count();
    println!(
        "{}\nin the database: {} deals stored, {lost} lost, {doubled} doubled",
        stdout.trim(),
        versions.len()
    );
    assert_eq!(versions.len(), TABLES * DEALS, "deals lost");
    assert_eq!(spent.len(), TABLES * DEALS, "a slot without its key");
    assert_eq!(doubled, 0, "deals written twice: {versions:?} {spent:?}");
}

crate::test_case!(answers_dropped_after_the_commit_lose_and_double_nothing_sqlite, Browser);
/// 250 entries through a proxy dropping 20 % of the answers, on SQLite.
fn answers_dropped_after_the_commit_lose_and_double_nothing_sqlite() {
    dropped_answers(TestDb::sqlite());
}

crate::test_case!(
    answers_dropped_after_the_commit_lose_and_double_nothing_postgres,
    PostgresAndBrowser
);
/// The same on PostgreSQL.
fn answers_dropped_after_the_commit_lose_and_double_nothing_postgres() {
    dropped_answers(TestDb::postgres());
}

/// Random forms per table for the offline preview's comparison.
const PREVIEWS: usize = 150;

fn offline_preview(db: TestDb) {
    let b = browser();
    let mut conn = db.conn();
    // FFT rules with the called-king game at 5; every variant with the
    // dealer sitting out at 5: each table of 9 players is one of 5 and one of 4.
    let fft = TournamentBuilder::new("Règles FFT")
        .players(9)
        .table5_mode("called_king")
        .seated(1)
        .build(&mut conn);
    let variants = TournamentBuilder::new("Variantes du club")
        .players(9)
        .table5_mode("dealer_out")
        .scoring_variants()
        .seated(1)
        .build(&mut conn);
    let links: Vec<String> = [&fft, &variants]
        .iter()
        .flat_map(|t| t.rounds[0].iter().map(|table| format!("/t/{}", table.token)))
        .collect();
    assert_eq!(links.len(), 4);
    let server = RealServer::launch(Some(&db.url), Launch::default());
    let shots = common::browser::screenshots_dir();
    let links = serde_json::to_string(&links).unwrap();
    let (ok, stdout, stderr) = b.run(
        "preview.js",
        &[&server.url(), &links, &PREVIEWS.to_string(), shots.to_str().unwrap()],
    );
    assert!(ok, "the offline preview failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("offline preview passed"), "{stdout}");
    println!("{}", stdout.trim());
}

crate::test_case!(the_offline_preview_scores_like_the_server_sqlite, Browser);
/// The page's score (`static/score.js`) against the server's on random
/// deals, and offline as a thumb types, on SQLite.
fn the_offline_preview_scores_like_the_server_sqlite() {
    offline_preview(TestDb::sqlite());
}

crate::test_case!(the_offline_preview_scores_like_the_server_postgres, PostgresAndBrowser);
/// The same on PostgreSQL.
fn the_offline_preview_scores_like_the_server_postgres() {
    offline_preview(TestDb::postgres());
}

crate::test_case!(the_outbox_queue_passes_its_node_tests, Node);
/// The queue of `static/outbox.js` alone, under node's own test runner
/// (`tests/node/outbox.test.js`): kept, sent again, removed only once
/// answered, a conflict not retried, a form posting as without the script
/// where the browser keeps nothing, one key per content.
fn the_outbox_queue_passes_its_node_tests() {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/node/outbox.test.js");
    let out = std::process::Command::new("node")
        .arg("--test")
        .arg(&file)
        .output()
        .expect("node");
    let said = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "node --test failed:\n{said}");
    assert!(said.contains("# fail 0") && !said.contains("# pass 0"), "{said}");
}
