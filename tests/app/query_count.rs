//! The pages load with joins, not one query per round, table or deal: the
//! queries a page makes are counted (diesel's instrumentation) and must not
//! grow with the tournament.

use crate::common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use common::TestDb;
use diesel::connection::{Connection, InstrumentationEvent};

use chelem::db::AnyConnection;
use chelem::i18n::Lang;
use chelem::tournament::ids::{PlayerId, TournamentId};
use chelem::web::Ctx;
use common::builder::TournamentBuilder;

/// The most queries the player page may make, whatever the tournament's
/// size (the standings read the points the organizer awarded: one more;
/// the rooms, to name the room of the table: one more).
const PLAYER_PAGE_QUERIES: usize = 14;

/// A tournament of 8 players and `rounds` rounds, every deal entered; the
/// tournament's id and its first player's.
fn tournament(conn: &mut AnyConnection, rounds: usize) -> (TournamentId, PlayerId) {
    let t = TournamentBuilder::new("Open")
        .rounds(rounds)
        .seed(1)
        .players(8)
        .seated(rounds)
        .deals(|table, k| {
            let taker = table.players[k as usize % table.players.len()];
            Some(serde_json::json!({"taker": taker, "contract": "garde", "oudlers": 2, "points": 40 + k}))
        })
        .build(conn);
    (t.id, t.players[0])
}

/// Counts the queries `f` makes on `conn`.
fn count_queries<T>(conn: &mut AnyConnection, f: impl FnOnce(&mut AnyConnection) -> T) -> (usize, T) {
    let count = Arc::new(AtomicUsize::new(0));
    let c = count.clone();
    conn.set_instrumentation(move |event: InstrumentationEvent<'_>| {
        if matches!(event, InstrumentationEvent::StartQuery { .. }) {
            c.fetch_add(1, Ordering::Relaxed);
        }
    });
    let out = f(conn);
    conn.set_instrumentation(|_: InstrumentationEvent<'_>| {});
    (count.load(Ordering::Relaxed), out)
}

fn ctx() -> Ctx {
    Ctx {
        lang: Lang::Fr,
        user: None,
        csrf: String::new(),
        path: String::new(),
        tz: chrono_tz::Europe::Paris,
    }
}

fn player_page_queries(db: &TestDb) {
    let mut conn = db.conn();
    let mut counts = Vec::new();
    for rounds in [1, 10] {
        let (id, pid) = tournament(&mut conn, rounds);
        let (n, page) = count_queries(&mut conn, |c| chelem::web::public::load_player_page(c, ctx(), id, pid));
        let page = page.unwrap_or_else(|e| panic!("{e}"));
        // The page is the whole history: every round, every deal.
        assert_eq!(page.rounds.len(), rounds);
        assert!(page.rounds.iter().all(|r| r.deals.len() == 4 && r.opponents.len() == 3));
        assert_eq!(page.total, page.rounds.iter().map(|r| r.total).sum::<i64>());
        counts.push(n);
    }
    assert!(
        counts[1] <= PLAYER_PAGE_QUERIES,
        "the player page made {} queries",
        counts[1]
    );
    assert_eq!(counts[0], counts[1], "queries grow with the rounds: {counts:?}");
}

crate::test_case!(player_page_queries_sqlite);
fn player_page_queries_sqlite() {
    player_page_queries(&TestDb::sqlite());
}

crate::test_case!(player_page_queries_postgres, Postgres);
fn player_page_queries_postgres() {
    player_page_queries(&TestDb::postgres());
}

/// The most queries the organizer's dashboard (its players and their
/// check-in, its rounds, its constraints, its rooms) may make, whatever the
/// number of players and rounds.
const DASHBOARD_QUERIES: usize = 9;

/// The dashboard of a festival session (2,000 players, round 1 seated)
/// asks the database no more than a club evening's (200).
fn dashboard_queries(db: &TestDb) {
    let mut conn = db.conn();
    let mut counts = Vec::new();
    for players in [200, 2000] {
        let t = TournamentBuilder::new(format!("Festival {players}"))
            .rounds(3)
            .seed(2)
            .players(players)
            .seated(1)
            .build(&mut conn);
        let (n, d) = count_queries(&mut conn, |c| chelem::web::organizer::dashboard::load(c, t.id, &ctx()));
        let d = d.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(d.regs.len(), players, "every player listed");
        assert_eq!(d.rounds.len(), 1);
        counts.push(n);
    }
    println!("the dashboard: {counts:?} queries at 200 and 2,000 players");
    assert!(
        counts[1] <= DASHBOARD_QUERIES,
        "the dashboard made {} queries",
        counts[1]
    );
    assert_eq!(counts[0], counts[1], "queries grow with the players: {counts:?}");
}

crate::test_case!(dashboard_queries_sqlite);
fn dashboard_queries_sqlite() {
    dashboard_queries(&TestDb::sqlite());
}

crate::test_case!(dashboard_queries_postgres, Postgres);
fn dashboard_queries_postgres() {
    dashboard_queries(&TestDb::postgres());
}
