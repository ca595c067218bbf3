//! Backups through the real binary: `chelem export` and `chelem import` carry
//! a whole tournament from SQLite to PostgreSQL and back unchanged, refuse a
//! bad document without writing anything; the organizer downloads the same
//! document; `chelem backup` copies a SQLite database while the server writes.

use crate::common;

use std::collections::BTreeMap;

use diesel::prelude::*;
use serde_json::{json, Value};

use chelem::db::models::{Round, RoundTable, SeatingConstraint};
use chelem::db::ops::deals::{self, Actor, Entry};
use chelem::db::ops::players;
use chelem::db::ops::tournaments;
use chelem::db::ops::visible::Audience;
use chelem::db::ops::{adjust, games, rounds, standings};
use chelem::db::AnyConnection;
use chelem::tournament::deal::TableDeal;
use chelem::tournament::ids::{RoundNo, TournamentId};
use chelem::tournament::table::{deal_players, Constraint, Table5Mode};
use chelem::web::settings::TournamentForm;
use common::builder::TournamentBuilder;
use common::http::{get, login, PASSWORD, USER};
use common::{chelem, Jar, TestDb};
use rand::SeedableRng;

fn export(db: &TestDb, id: TournamentId) -> String {
    let (ok, out, err) = chelem(&db.url, &["export", "--tournament", &id.to_string()], "");
    assert!(ok, "export from {}: {err}", db.backend.name());
    out
}

fn import(db: &TestDb, doc: &str) -> TournamentId {
    let (ok, out, err) = chelem(&db.url, &["import"], doc);
    assert!(ok, "import into {}: {err}", db.backend.name());
    out.trim()
        .parse()
        .unwrap_or_else(|_| panic!("import prints the new id: {out:?}"))
}

/// Enters deal `k` of a table as `actor`; `salt` varies it.
fn enter(
    conn: &mut AnyConnection,
    round: &Round,
    table: &RoundTable,
    k: i32,
    salt: usize,
    actor: &Actor,
    reason: &str,
) {
    let seats = RoundTable::players(conn, table.id).unwrap();
    let (playing, _) = deal_players(&seats, k, Table5Mode::DealerOut);
    let n = playing.len();
    let body = if salt % 11 == 5 {
        json!({"passed": true})
    } else {
        let taker = playing[(k as usize + salt) % n];
        let handfuls = if (k as usize + salt).is_multiple_of(3) {
            json!([{"player": playing[(k as usize + salt + 1) % n], "size": "simple"}])
        } else {
            json!([])
        };
        let contract = ["petite", "garde", "garde_sans"][salt % 3];
        json!({"taker": taker, "contract": contract,
               "oudlers": (salt % 4), "points": 30 + (salt * 7 + k as usize) % 40,
               "handfuls": handfuls, "petit_au_bout": if salt % 4 == 1 { json!("attack") } else { Value::Null }})
    };
    let deal = TableDeal::from_json(&body).unwrap();
    let entry = Entry {
        table,
        round,
        number: k,
        deal: &deal,
        actor,
        reason,
        version: None,
        key: None,
    };
    chelem::db::write(conn, |tx| deals::enter(tx, &entry)).unwrap_or_else(|e| panic!("deal {k} {body}: {e:?}"));
}

/// A defender of deal `k` of a table confirms it.
fn confirm(conn: &mut AnyConnection, round: &Round, table: &RoundTable, k: i32) {
    let seats = RoundTable::players(conn, table.id).unwrap();
    let (playing, _) = deal_players(&seats, k, Table5Mode::DealerOut);
    let deal = chelem::db::models::Deal::find(conn, table.id, k).unwrap().unwrap();
    let defender = *playing
        .iter()
        .find(|p| deals::may_confirm(&deal.record, &playing, **p))
        .unwrap();
    assert!(
        chelem::db::write(conn, |tx| deals::confirm(tx, table, round, k, defender, None)).unwrap(),
        "a first confirmation changes the deal"
    );
    assert!(
        !chelem::db::write(conn, |tx| deals::confirm(tx, table, round, k, defender, None)).unwrap(),
        "a second one changes nothing"
    );
}

/// Round `n` of tournament `id` and its tables.
fn round(conn: &mut AnyConnection, id: TournamentId, n: i32) -> (Round, Vec<RoundTable>) {
    let r = Round::find(conn, id, RoundNo::new(n)).unwrap().unwrap();
    let tables = RoundTable::for_round(conn, r.id).unwrap();
    (r, tables)
}

/// A tournament with everything a backup must carry: 9 players (a table of
/// 5), licences or not, a seating constraint, deals waiting for a defender's
/// confirmation and confirmed ones, a passed deal, handfuls, a correction
/// after the close, a withdrawn player, a settings change, a forced close
/// with missing deals, an open round. Its id.
fn rich_tournament(db: &TestDb) -> TournamentId {
    common::create_user(db, USER, PASSWORD);
    let mut conn = db.conn();
    let conn: &mut AnyConnection = &mut conn;
    let t = TournamentBuilder::new("Open de Lyon")
        .date("2026-12-05")
        .rounds(3)
        .seed(7)
        .tie_breaker("best_round")
        .confirm_deals()
        .created_by(USER)
        .names([
            "Zoé Martin",
            "Adèle Petit",
            "Bruno Durand",
            "Chloé Leroy",
            "Denis Moreau",
            "Émile Simon",
            "Fanny Laurent",
            "Gaston Michel",
            "Hugo Garcia",
        ])
        .club(|i| ["Lyon TC", "", "Tarot 69"][i % 3].into())
        .licence(|i| {
            if i % 2 == 0 {
                format!("{}", 7_000_100 + i)
            } else {
                String::new()
            }
        })
        .build(conn);
    let ids = &t.players;
    chelem::db::write(conn, |tx| {
        SeatingConstraint::create(tx, t.id, Constraint::Apart(ids[1], ids[2]))
    })
    .unwrap();

    chelem::db::write(conn, |tx| rounds::start_next(tx, t.id, None, false, "arbitre")).unwrap();
    let (r1, tables) = round(conn, t.id, 1);
    for (ti, table) in tables.iter().enumerate() {
        for k in 1..=table.deal_count {
            enter(conn, &r1, table, k, ti * 10 + k as usize, &Actor::Table, "");
            if k % 2 == 1 {
                confirm(conn, &r1, table, k);
            }
        }
    }
    chelem::db::write(conn, |tx| rounds::close(tx, t.id, RoundNo::new(1), false, "arbitre")).unwrap();
    // A correction after the close, with its reason.
    enter(
        conn,
        &r1,
        &tables[0],
        2,
        3,
        &Actor::Organizer("arbitre".into()),
        "points mal comptés",
    );
    // The organizer's adjustments at table 2: its deal 1 voided, points awarded.
    let at = adjust::AtTable {
        tournament: t.id,
        round: RoundNo::new(1),
        table: tables[1].number,
    };
    chelem::db::write(conn, |tx| {
        adjust::set_void(tx, at, 1, true, "donne mal distribuée", "arbitre")
    })
    .unwrap();
    let two = RoundTable::players(conn, tables[1].id).unwrap();
    let points = [(two[0], 15), (two[2], -15)];
    chelem::db::write(conn, |tx| adjust::award(tx, at, &points, "table en retard", "arbitre")).unwrap();
    let withdrawn = RoundTable::players(conn, tables[0].id).unwrap()[0];
    chelem::db::write(conn, |tx| players::withdraw(tx, t.id, withdrawn)).unwrap();
    let mut form = TournamentForm::from_tournament(&tournaments::get(conn, t.id).unwrap());
    form.name = "Open de Lyon 2026".into();
    form.ranking = "per_deal".into();
    chelem::db::write(conn, |tx| {
        tournaments::update(tx, t.id, &form.parse_change().unwrap(), "arbitre")
    })
    .unwrap();

    chelem::db::write(conn, |tx| rounds::start_next(tx, t.id, None, false, "arbitre")).unwrap();
    let (r2, tables) = round(conn, t.id, 2);
    for (ti, table) in tables.iter().enumerate() {
        for k in 1..table.deal_count {
            enter(conn, &r2, table, k, ti * 3 + k as usize, &Actor::Table, "");
            if ti == 0 {
                confirm(conn, &r2, table, k);
            }
        }
    }
    // Round 3 forces round 2's close: its last deals are missing.
    chelem::db::write(conn, |tx| rounds::start_next(tx, t.id, None, true, "arbitre")).unwrap();
    // Its table 1 plays on the devices, bots in every seat: one deal over
    // (in the table's slot 1), the next one under way.
    let (_, tables) = round(conn, t.id, 3);
    let game = chelem::db::write(conn, |tx| games::make_digital(tx, &tables[0], "arbitre")).unwrap();
    for seat in 0..RoundTable::players(conn, tables[0].id).unwrap().len() {
        chelem::db::write(conn, |tx| games::set_bot(tx, game, seat, Some(games::BotKind::Quick))).unwrap();
    }
    while games::GameState::load(conn, game).unwrap().deals.len() < 2 {
        let decided = games::bot_turn(conn, game).unwrap().expect("a bot's turn").decide();
        chelem::db::write(conn, |tx| games::bot_move(tx, game, &decided)).unwrap();
    }
    // The players take their seats back for deal 2 (no bot plays on behind
    // the test's back) and make its first actions.
    for seat in 0..RoundTable::players(conn, tables[0].id).unwrap().len() {
        chelem::db::write(conn, |tx| games::set_bot(tx, game, seat, None)).unwrap();
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    for _ in 0..7 {
        let st = games::GameState::load(conn, game).unwrap();
        let g = st.play.unwrap();
        let seat = g.to_act().unwrap();
        // The first to speak takes a garde: a contract is played (the
        // deal's seed is the operating system's, not the test's).
        let garde = chelem::tarot::Action::Bid(Some(chelem::tarot::Contract::Garde));
        let action = if st.version == 0 {
            garde
        } else {
            chelem::bots::Bot::Quick.act(&g, seat, &mut rng)
        };
        chelem::db::write(conn, |tx| {
            games::act(tx, game, st.map[seat.index()], action, Some(st.version))
        })
        .unwrap();
    }
    t.id
}

/// Standings by player name: (rank, name, total, taker wins, deals played).
fn standings_by_name(db: &TestDb, id: TournamentId) -> Vec<(u32, String, i64, u32, u32)> {
    let mut conn = db.conn();
    let s = standings::compute(&mut conn, id, None, Audience::Organizer).unwrap();
    assert!(s.check.ok(), "{:?}", s.check);
    s.lines
        .into_iter()
        .map(|l| (l.rank, l.name, l.total, l.taker_wins, l.deals))
        .collect()
}

fn count(db: &TestDb, table: &str) -> i64 {
    #[derive(QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let mut conn = db.conn();
    diesel::sql_query(format!("SELECT COUNT(*) AS n FROM {table}"))
        .get_result::<N>(&mut *conn)
        .unwrap()
        .n
}

/// The document carries what the tournament has: checked once on the first
/// export, so the round trip below compares something.
fn check_content(doc: &Value) {
    assert_eq!(doc["format"], "chelem-tournament");
    assert_eq!(doc["tournament"]["name"], "Open de Lyon 2026");
    assert_eq!(doc["tournament"]["created_by"], "arbitre");
    assert_eq!(doc["tournament"]["confirm_deals"], true);
    assert_eq!(doc["tournament"]["tie_breaker"], "best_round");
    assert_eq!(doc["tournament"]["ranking"], "per_deal");
    assert_eq!(doc["tournament"]["plan"]["constraints_current"], true);
    assert_eq!(doc["players"].as_array().unwrap().len(), 9);
    assert_eq!(doc["players"][0]["name"], "Adèle Petit", "players sorted by name");
    assert_eq!(doc["players"][0]["ref"], 1);
    let regs = doc["registrations"].as_array().unwrap();
    assert_eq!(regs.iter().filter(|r| r["withdrawn_after"] == 1).count(), 1);
    assert_eq!(doc["seating_constraints"].as_array().unwrap().len(), 1);
    let rounds = doc["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 3);
    // The table of round 3 played on the devices: its game, card by card.
    let game = &rounds[2]["tables"][0]["game"];
    assert_eq!(game["deals"].as_array().unwrap().len(), 2, "{game}");
    assert!(game["deals"][0]["log"]["tricks"].is_array(), "deal 1 is over: {game}");
    assert!(game["deals"][1]["log"].is_null(), "deal 2 is under way");
    assert!(game["deals"][1]["actions"].as_array().unwrap().len() >= 7);
    assert!(
        rounds[2]["tables"][0]["deals"][0]["number"] == 1,
        "deal 1 is in the table's slot"
    );
    assert!(
        rounds[1]["tables"][0].get("game").is_none(),
        "tables entered by hand have no game"
    );
    assert_eq!(
        rounds.iter().map(|r| r["status"].as_str().unwrap()).collect::<Vec<_>>(),
        ["closed", "closed", "open"]
    );
    let tables: Vec<&Value> = rounds.iter().flat_map(|r| r["tables"].as_array().unwrap()).collect();
    assert!(
        tables.iter().any(|t| t["seats"].as_array().unwrap().len() == 5),
        "a table of 5"
    );
    let deals: Vec<&Value> = tables.iter().flat_map(|t| t["deals"].as_array().unwrap()).collect();
    assert!(deals.iter().any(|d| d["passed"] == true), "a passed deal");
    assert!(
        deals
            .iter()
            .any(|d| !d["record"]["handfuls"].as_array().is_none_or(Vec::is_empty)),
        "a handful"
    );
    assert!(
        deals.iter().any(|d| d["confirmed"] == false),
        "a deal waiting for confirmation"
    );
    assert!(
        deals.iter().any(|d| d["confirmed_by"].is_i64()),
        "a deal confirmed by a defender"
    );
    assert!(deals.iter().any(|d| d["version"] == 2), "a corrected deal");
    assert!(
        deals.iter().any(|d| d["void_reason"] == "donne mal distribuée"),
        "a voided deal"
    );
    let awards: Vec<&Value> = tables.iter().filter_map(|t| t["awards"].as_array()).flatten().collect();
    assert_eq!(awards.len(), 1, "points awarded at a table");
    assert_eq!(awards[0]["reason"], "table en retard");
    let award_refs: Vec<i64> = awards[0]["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["player"].as_i64().unwrap())
        .collect();
    assert!(
        award_refs.iter().all(|r| (1..=9).contains(r)),
        "awarded by ref: {award_refs:?}"
    );
    let award_audit = doc["audit_log"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["action"] == "table.award")
        .unwrap();
    let audit_refs: Vec<(i64, i64)> = serde_json::from_str(award_audit["after_json"].as_str().unwrap()).unwrap();
    assert_eq!(
        audit_refs.iter().map(|r| r.0).collect::<Vec<_>>(),
        award_refs,
        "the audit names them by ref"
    );
    let actions: Vec<&str> = doc["audit_log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    for a in [
        "round.start",
        "round.close",
        "deal.correct",
        "tournament.settings",
        "round.force_close",
        "deal.void",
        "table.award",
    ] {
        assert!(actions.contains(&a), "{a} in {actions:?}");
    }
    let correction = doc["audit_log"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["action"] == "deal.correct")
        .unwrap();
    assert_eq!(correction["reason"], "points mal comptés");
    // Players are named by their number in the document, not by database id.
    let max_ref = 9;
    for d in &deals {
        for s in d["scores"].as_array().unwrap() {
            assert!((1..=max_ref).contains(&s["player"].as_i64().unwrap()), "{s}");
        }
    }
}

crate::test_case!(a_tournament_goes_to_postgresql_and_back_unchanged, Postgres);
/// SQLite → PostgreSQL → SQLite: every export is the first one, byte for
/// byte; the standings are the same by name.
fn a_tournament_goes_to_postgresql_and_back_unchanged() {
    let source = TestDb::sqlite();
    // Ids that differ from one database to the other: an unrelated player first.
    let id = rich_tournament(&source);
    let first = export(&source, id);
    let doc: Value = serde_json::from_str(&first).unwrap();
    check_content(&doc);
    let want = standings_by_name(&source, id);

    let mut hops = Vec::new();
    hops.push(TestDb::postgres());
    let back = TestDb::sqlite();
    hops.push(back);
    let mut current = first.clone();
    for (i, db) in hops.iter().enumerate() {
        common::create_user(db, USER, PASSWORD);
        // Ids differ from the source's: other players are there first.
        let mut conn = db.conn();
        for k in 0..=i {
            TournamentBuilder::new(format!("Autre {k}"))
                .rounds(1)
                .names([format!("Autre {k}")])
                .club(|_| String::new())
                .build(&mut conn);
        }
        drop(conn);
        let new_id = import(db, &current);
        assert_ne!(new_id, id, "the copy has its own id");
        let again = export(db, new_id);
        assert!(
            again == first,
            "{} export differs from the original:\n{}",
            db.backend.name(),
            first_difference(&first, &again)
        );
        assert_eq!(standings_by_name(db, new_id), want, "{} standings", db.backend.name());
        current = again;
    }
}

crate::test_case!(importing_into_the_same_database_makes_a_copy);
/// Imported into the database it came from: players found by licence, new
/// table links; otherwise the same document.
fn importing_into_the_same_database_makes_a_copy() {
    let db = TestDb::sqlite();
    let id = rich_tournament(&db);
    let first = export(&db, id);
    let players_before = count(&db, "players");
    let (ok, out, err) = chelem(&db.url, &["import"], &first);
    assert!(ok, "{err}");
    assert!(err.contains("new ones"), "the note says the links changed: {err}");
    let copy: TournamentId = out.trim().parse().unwrap();
    // The 5 licensed players are the directory's; the 4 others are added.
    assert_eq!(count(&db, "players"), players_before + 4);
    let mut a: Value = serde_json::from_str(&first).unwrap();
    let mut b: Value = serde_json::from_str(&export(&db, copy)).unwrap();
    for doc in [&mut a, &mut b] {
        for r in doc["rounds"].as_array_mut().unwrap() {
            for t in r["tables"].as_array_mut().unwrap() {
                t["token"] = Value::Null;
                if let Some(seats) = t.get_mut("game").and_then(|g| g.get_mut("seats")) {
                    for s in seats.as_array_mut().unwrap() {
                        s["token"] = Value::Null;
                    }
                }
            }
        }
    }
    let (a, b) = (
        serde_json::to_string_pretty(&a).unwrap(),
        serde_json::to_string_pretty(&b).unwrap(),
    );
    assert!(a == b, "the copy differs:\n{}", first_difference(&a, &b));
    // The original's links still lead to the original.
    let (r1, tables) = round(&mut db.conn(), id, 1);
    let mut conn = db.conn();
    let (_, by_token) = RoundTable::by_token(&mut conn, &tables[0].token).unwrap().unwrap();
    assert_eq!(by_token.id, r1.id);
}

crate::test_case!(a_bad_document_is_refused_and_writes_nothing);
/// A bad document: a clear message, exit status 1, nothing written.
fn a_bad_document_is_refused_and_writes_nothing() {
    let db = TestDb::sqlite();
    let id = rich_tournament(&db);
    let doc: Value = serde_json::from_str(&export(&db, id)).unwrap();
    let before: BTreeMap<&str, i64> = ["players", "tournaments", "deals", "audit_log"]
        .into_iter()
        .map(|t| (t, count(&db, t)))
        .collect();

    let mut unknown = doc.clone();
    // A seat of round 1 names a player the document lacks
    // (found after the players were written: the transaction undoes them).
    let last = unknown["rounds"][0]["tables"][0]["seats"].as_array_mut().unwrap();
    last[0] = json!(99);
    let mut version = doc.clone();
    version["version"] = json!(7);
    let mut extra = doc.clone();
    extra["tournament"]["colour"] = json!("blue");
    let mut bad_deal = doc.clone();
    bad_deal["rounds"][0]["tables"][0]["deals"][0]["record"] = json!({"taker": 1, "contract": "grande"});
    let cases: Vec<(String, &str)> = vec![
        ("not json".into(), "does not read as a tournament export"),
        (version.to_string(), "not a Chelem tournament export of version 1"),
        (extra.to_string(), "unknown field `colour`"),
        (unknown.to_string(), "player ref 99 is not in \"players\""),
        (bad_deal.to_string(), "round 1, table 1, deal 1: "),
    ];
    for (text, message) in cases {
        let (ok, out, err) = chelem(&db.url, &["import"], &text);
        assert!(!ok, "refused: {message}");
        assert!(out.is_empty(), "no id printed: {out}");
        assert!(err.contains(message), "{message:?} in {err:?}");
    }
    let after: BTreeMap<&str, i64> = before.keys().map(|t| (*t, count(&db, t))).collect();
    assert_eq!(before, after, "nothing written");

    let (ok, _, err) = chelem(&db.url, &["export", "--tournament", "999"], "");
    assert!(!ok);
    assert!(err.contains("no tournament 999"), "{err}");
}

// The organizer downloads the same document from the audit page.
both_backends!(the_organizer_downloads_the_backup, |db: TestDb| async move {
    use actix_web::http::{header, StatusCode};
    use actix_web::test;
    let id = rich_tournament(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let uri = format!("/tournaments/{id}/export.json");
    let (status, body, _) = get(&app, &Jar::default(), &uri).await;
    // A JSON file: refused as the API refuses, not sent to a login page.
    assert_eq!(status, StatusCode::UNAUTHORIZED, "a visitor is refused: {body}");
    assert!(body.starts_with("{\"error\":"), "{body}");

    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let (_, audit, _) = get(&app, &jar, &format!("/tournaments/{id}/audit")).await;
    assert!(audit.contains(&format!("href=\"{uri}\"")), "{audit}");
    assert!(audit.contains("Télécharger la sauvegarde du tournoi"), "{audit}");
    let req = test::TestRequest::get()
        .uri(&uri)
        .insert_header((header::COOKIE, jar.header()))
        .to_request();
    let resp = test::call_service(&app, req).await;
    assert_eq!(resp.status(), StatusCode::OK);
    let h = |name| resp.headers().get(name).unwrap().to_str().unwrap().to_owned();
    assert_eq!(h(header::CONTENT_TYPE), "application/json");
    assert_eq!(
        h(header::CONTENT_DISPOSITION),
        format!("attachment; filename=\"chelem-tournament-{id}.json\"")
    );
    let body = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    assert_eq!(
        format!("{body}\n"),
        export(&db, id),
        "the page's document is the command's"
    );
    let (status, _, _) = get(&app, &jar, "/tournaments/999/export.json").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
});

/// Tables writing during the backups, and their deals.
const WRITING_TABLES: usize = 8;
const WRITING_DEALS: usize = 4;

crate::test_case!(a_sqlite_backup_taken_while_tables_write_is_consistent);
/// `chelem backup` while every table of a room enters and corrects its deals
/// as fast as it can: each copy opens, passes its check, and holds one
/// moment of the tournament (every deal's scores are its record's, the log
/// has one correction per version past the first, the standings sum to
/// zero); the binary exports it.
fn a_sqlite_backup_taken_while_tables_write_is_consistent() {
    use common::browser::RealServer;
    use common::client::Client;
    use common::room;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    let server = RealServer::start();
    let live = server.dir.path().join("chelem.db");
    let live = live.to_str().unwrap();
    // The room written straight into the server's database.
    let (pool, _) = chelem::db::build_pool(live, 1).unwrap();
    let (id, tables) = room::setup(&mut pool.get().unwrap(), WRITING_TABLES, WRITING_DEALS);
    drop(pool);
    let (stop, written) = (AtomicBool::new(false), AtomicUsize::new(0));
    let copies: Vec<std::path::PathBuf> = (1..=3)
        .map(|n| server.dir.path().join(format!("copy-{n}.db")))
        .collect();
    std::thread::scope(|s| {
        let writers: Vec<_> = tables
            .iter()
            .enumerate()
            .map(|(i, table)| {
                let (base, stop, written) = (server.url(), &stop, &written);
                s.spawn(move || {
                    let client = Client::new(&base);
                    let mut pass = 0;
                    while !stop.load(Ordering::SeqCst) {
                        for k in 1..=WRITING_DEALS {
                            // Another deal each pass: a correction.
                            let body = room::deal_body(&table.players, k, i + pass, WRITING_DEALS);
                            let path = format!("/api/tables/{}/deals/{k}", table.token);
                            let a = client.call("PUT", &path, None, Some(&body));
                            assert_eq!(a.status, 200, "table {} deal {k}: {}", table.number, a.body);
                            written.fetch_add(1, Ordering::SeqCst);
                        }
                        pass += 1;
                    }
                })
            })
            .collect();
        for copy in &copies {
            let before = written.load(Ordering::SeqCst);
            while written.load(Ordering::SeqCst) < before + 20 {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            let (ok, out, err) = chelem(live, &["backup", copy.to_str().unwrap()], "");
            assert!(ok, "backup while the tables write: {err}");
            assert!(out.contains("backup written"), "{out}");
        }
        let during = written.load(Ordering::SeqCst);
        stop.store(true, Ordering::SeqCst);
        for w in writers {
            w.join().expect("a table's client");
        }
        eprintln!("{during} deals written while 3 backups were taken");
    });

    let mut versions = Vec::new();
    for copy in &copies {
        versions.push(check_copy(copy.to_str().unwrap(), TournamentId::new(id as i32)));
    }
    assert!(
        versions.windows(2).all(|w| w[0] <= w[1]) && versions[0] < versions[2],
        "each copy is a later moment: {versions:?}"
    );

    // A file that exists is not overwritten; PostgreSQL is for pg_dump.
    let (ok, _, err) = chelem(live, &["backup", copies[0].to_str().unwrap()], "");
    assert!(!ok && err.contains("already exists"), "{err}");
}

crate::test_case!(a_postgresql_backup_points_to_pg_dump, Postgres);
/// `chelem backup` on PostgreSQL points to pg_dump and writes nothing.
fn a_postgresql_backup_points_to_pg_dump() {
    let pg = TestDb::postgres();
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("pg.db");
    let (ok, _, err) = chelem(&pg.url, &["backup", target.to_str().unwrap()], "");
    assert!(!ok && err.contains("pg_dump"), "{err}");
    assert!(!target.exists());
}

/// Checks a backup of the writing room; the sum of its deals' versions.
fn check_copy(path: &str, id: TournamentId) -> i64 {
    use chelem::db::models::{AuditAction, AuditEntry, Deal, Tournament};
    let (pool, _) = chelem::db::build_pool(path, 1).expect("the copy opens");
    let mut conn = pool.get().unwrap();
    let t = Tournament::find(&mut conn, id)
        .unwrap()
        .expect("the tournament is in the copy");
    let (r1, tables) = round(&mut conn, id, 1);
    let mut versions = 0i64;
    for table in &tables {
        let players = RoundTable::players(&mut conn, table.id).unwrap();
        for (deal, mut scores) in Deal::with_scores_in_round(&mut conn, r1.id)
            .unwrap()
            .into_iter()
            .filter(|(d, _)| d.table_id == table.id)
        {
            let mut want = deals::score_at(&t, &players, deal.number, &deal.record).unwrap().scores;
            want.sort_unstable();
            scores.sort_unstable();
            assert_eq!(
                scores, want,
                "{path}: table {} deal {}: scores of its record",
                table.number, deal.number
            );
            versions += i64::from(deal.version);
        }
    }
    let corrections = AuditEntry::for_tournament(&mut conn, id)
        .unwrap()
        .iter()
        .filter(|e| e.action == AuditAction::DealCorrected)
        .count() as i64;
    let deals_count = Deal::entered_in_round(&mut conn, r1.id).unwrap().len() as i64;
    assert_eq!(
        corrections,
        versions - deals_count,
        "{path}: one logged correction per version past the first"
    );
    let s = standings::compute(&mut conn, id, None, Audience::Organizer).unwrap();
    assert!(s.check.ok(), "{path}: {:?}", s.check);
    drop(conn);
    let (ok, out, err) = chelem(path, &["export", "--tournament", &id.to_string()], "");
    assert!(ok, "the binary reads the copy: {err}");
    assert!(out.contains("\"format\": \"chelem-tournament\""));
    versions
}

/// Where two documents first differ, with some context.
fn first_difference(a: &str, b: &str) -> String {
    let line = a.lines().zip(b.lines()).position(|(x, y)| x != y).unwrap_or(0);
    let show = |s: &str| {
        s.lines()
            .skip(line.saturating_sub(3))
            .take(7)
            .collect::<Vec<_>>()
            .join("\n")
    };
    format!(
        "at line {}:\n--- original\n{}\n--- copy\n{}",
        line + 1,
        show(a),
        show(b)
    )
}
