//! `chelem import` is as strict as live entry: a document holding what a
//! tablet or a form could not have entered (a score raised by 10, a table
//! of 7, deal 50 of a table of 4 deals, a taker from another table,
//! `rounds: -3`, a 10,000-character name, a NUL byte…) is refused as a
//! whole with a sentence naming its place, and writes nothing; a database
//! failure is said in a sentence, never in the database's words.

use crate::common;

use std::collections::BTreeMap;

use diesel::prelude::*;
use serde_json::{json, Value};

use chelem::db::ops::export::{self, ImportError};
use chelem::i18n::Lang;
use chelem::tournament::table::{deal_players, Table5Mode};
use common::builder::TournamentBuilder;
use common::TestDb;

/// A tournament of 9 players (tables of 4 and 5, the dealer sitting out at
/// the table of 5): round 1 with every deal entered and closed, round 2 open
/// with its deal 1 entered. Its export, as JSON.
fn source(db: &TestDb) -> Value {
    let mut conn = db.conn();
    let t = TournamentBuilder::new("Open de Dijon")
        .rounds(3)
        .seed(11)
        .players(9)
        .licence(|i| {
            if i % 2 == 0 {
                format!("{}", 8_100_000 + i)
            } else {
                String::new()
            }
        })
        .seated(2)
        .deals(|table, k| {
            let (playing, _) = deal_players(&table.players, k, Table5Mode::DealerOut);
            if table.round.number.get() == 2 && k > 1 {
                return None;
            }
            let contract = ["garde", "petite", "garde_sans"][k as usize % 3];
            Some(json!({
                "taker": playing[k as usize % playing.len()],
                "contract": contract,
                "oudlers": k % 4,
                "points": 36 + 5 * k,
                "handfuls": [{"player": playing[(k as usize + 1) % playing.len()], "size": "simple"}],
            }))
        })
        .build(&mut conn);
    let doc = export::export(&mut conn, t.id).expect("export");
    serde_json::to_value(doc).unwrap()
}

/// Rows of the tables an import writes, by table.
fn counts(db: &TestDb) -> BTreeMap<&'static str, i64> {
    #[derive(QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let mut conn = db.conn();
    [
        "players",
        "tournaments",
        "registrations",
        "rounds",
        "round_tables",
        "deals",
        "deal_scores",
        "audit_log",
    ]
    .into_iter()
    .map(|t| {
        let n = diesel::sql_query(format!("SELECT COUNT(*) AS n FROM {t}"))
            .get_result::<N>(&mut *conn)
            .unwrap()
            .n;
        (t, n)
    })
    .collect()
}

/// Imports `doc` in-process: the new tournament, or the refusal.
fn import(db: &TestDb, doc: &Value) -> Result<chelem::tournament::ids::TournamentId, ImportError> {
    let text = doc.to_string();
    chelem::db::write(&mut db.conn(), |tx| export::import_json(tx, &text)).map(|i| i.tournament_id)
}

/// A player of round 1's table 2 (not at table 1).
fn other_table_player(doc: &Value) -> Value {
    doc["rounds"][0]["tables"][1]["seats"][0].clone()
}

/// Each class of refusal: how the document is spoiled, the place named,
/// the reason's message.
fn cases(doc: &Value) -> Vec<(&'static str, Value, &'static str, &'static str)> {
    let spoil = |f: &dyn Fn(&mut Value)| {
        let mut d = doc.clone();
        f(&mut d);
        d
    };
    let stranger = other_table_player(doc);
    vec![
        (
            "a score raised by 10",
            spoil(&|d| {
                let s = &mut d["rounds"][0]["tables"][0]["deals"][0]["scores"][0]["score"];
                *s = json!(s.as_i64().unwrap() + 10);
            }),
            "round 1, table 1, deal 1",
            "import-scores-differ",
        ),
        (
            "scores moved between players",
            spoil(&|d| {
                let scores = d["rounds"][0]["tables"][0]["deals"][1]["scores"]
                    .as_array_mut()
                    .unwrap();
                let (a, b) = (scores[0]["score"].clone(), scores[1]["score"].clone());
                scores[0]["score"] = b;
                scores[1]["score"] = a;
            }),
            "round 1, table 1, deal 2",
            "import-scores-differ",
        ),
        (
            "a table of 7",
            spoil(&|d| {
                let more: Vec<Value> = d["rounds"][0]["tables"][1]["seats"].as_array().unwrap()[..3].to_vec();
                d["rounds"][0]["tables"][0]["seats"]
                    .as_array_mut()
                    .unwrap()
                    .extend(more);
            }),
            "round 1, table 1",
            "import-table-size",
        ),
        (
            "a table of 2",
            spoil(&|d| d["rounds"][0]["tables"][0]["seats"].as_array_mut().unwrap().truncate(2)),
            "round 1, table 1",
            "import-table-size",
        ),
        (
            "deal 50 of a table of 4 deals",
            spoil(&|d| d["rounds"][0]["tables"][0]["deals"][0]["number"] = json!(50)),
            "round 1, table 1, deal 50",
            "deal-number-range",
        ),
        (
            "a deal twice",
            spoil(&|d| d["rounds"][0]["tables"][0]["deals"][1]["number"] = json!(1)),
            "round 1, table 1, deal 1",
            "import-deal-twice",
        ),
        (
            "a taker of another table",
            spoil(&|d| {
                let deal = &mut d["rounds"][0]["tables"][0]["deals"][0];
                deal["record"]["taker"] = stranger.clone();
                deal["taker"] = stranger.clone();
            }),
            "round 1, table 1, deal 1",
            "deal-player-not-at-table",
        ),
        (
            "a partner of another table",
            spoil(&|d| d["rounds"][0]["tables"][0]["deals"][0]["record"]["partner"] = stranger.clone()),
            "round 1, table 1, deal 1",
            "deal-player-not-at-table",
        ),
        (
            "a record the rules core refuses",
            spoil(&|d| d["rounds"][0]["tables"][0]["deals"][0]["record"]["oudlers"] = json!(4)),
            "round 1, table 1, deal 1",
            "record-oudlers-range",
        ),
        (
            "a taker field that is not the record's",
            spoil(&|d| {
                let deal = &mut d["rounds"][0]["tables"][0]["deals"][0];
                let other = deal["scores"][3]["player"].clone();
                if deal["taker"] == other {
                    deal["taker"] = deal["scores"][2]["player"].clone();
                } else {
                    deal["taker"] = other;
                }
            }),
            "round 1, table 1, deal 1",
            "import-deal-facts",
        ),
        (
            "rounds: -3",
            spoil(&|d| d["tournament"]["rounds_planned"] = json!(-3)),
            "tournament",
            "form-out-of-range",
        ),
        (
            "40 deals a table of 4",
            spoil(&|d| d["tournament"]["deals_table4"] = json!(40)),
            "tournament",
            "form-out-of-range",
        ),
        (
            "a table numbering this build does not know",
            spoil(&|d| d["tournament"]["room_numbering"] = json!("zigzag")),
            "tournament.room_numbering",
            "import-room-numbering",
        ),
        (
            "a round 3 for round 2",
            spoil(&|d| d["rounds"][1]["number"] = json!(3)),
            "round 3",
            "import-round-number",
        ),
        (
            "rounds beyond those planned",
            spoil(&|d| d["tournament"]["rounds_planned"] = json!(1)),
            "round 2",
            "import-round-unplanned",
        ),
        (
            "an open round before the last",
            spoil(&|d| d["rounds"][0]["status"] = json!("open")),
            "round 1",
            "import-round-open",
        ),
        (
            "table 3 without a table 2",
            spoil(&|d| d["rounds"][0]["tables"][1]["number"] = json!(3)),
            "round 1, table 3",
            "import-table-number",
        ),
        (
            "a 10,000-character name",
            spoil(&|d| d["players"][0]["name"] = json!("x".repeat(10_000))),
            "player ref 1",
            "player-name-too-long",
        ),
        (
            "a NUL byte in a name",
            spoil(&|d| d["players"][0]["name"] = json!("Ali\u{0}ce")),
            "player ref 1",
            "player-control-char",
        ),
        (
            "an empty name",
            spoil(&|d| d["players"][1]["name"] = json!("   ")),
            "player ref 2",
            "player-name-missing",
        ),
        (
            "a licence of letters",
            spoil(&|d| d["players"][2]["licence"] = json!("ABC")),
            "player ref 3",
            "player-licence-digits",
        ),
        (
            "one licence for two players",
            spoil(&|d| {
                let l = d["players"][0]["licence"].clone();
                let other = if l.is_null() { 1 } else { 2 };
                let l = if l.is_null() {
                    d["players"][1]["licence"].clone()
                } else {
                    l
                };
                d["players"][0]["licence"] = l.clone();
                d["players"][other]["licence"] = l;
            }),
            "player ref",
            "import-licence-twice",
        ),
        (
            "a NUL byte in the tournament's name",
            spoil(&|d| d["tournament"]["name"] = json!("Open\u{0}")),
            "tournament",
            "player-control-char",
        ),
        (
            "a date that is not one",
            spoil(&|d| d["tournament"]["event_date"] = json!("2026-13-45")),
            "tournament",
            "tournament-bad-date",
        ),
        (
            "a seated player not registered",
            spoil(&|d| {
                let seated = d["rounds"][0]["tables"][0]["seats"][0].clone();
                d["registrations"]
                    .as_array_mut()
                    .unwrap()
                    .retain(|r| r["player"] != seated);
            }),
            "round 1, table 1",
            "import-not-registered",
        ),
        (
            "a player at two tables",
            spoil(&|d| d["rounds"][0]["tables"][1]["seats"][0] = d["rounds"][0]["tables"][0]["seats"][0].clone()),
            "round 1, table 2",
            "import-seated-twice",
        ),
        (
            "a registration twice",
            spoil(&|d| {
                let r = d["registrations"][0].clone();
                d["registrations"].as_array_mut().unwrap().push(r);
            }),
            "registration of player ref",
            "import-registered-twice",
        ),
        (
            "a control character in who entered a deal",
            spoil(&|d| d["rounds"][0]["tables"][0]["deals"][0]["entered_by"] = json!("table\u{1b}1")),
            "round 1, table 1, deal 1",
            "player-control-char",
        ),
        (
            "a link that is not one",
            spoil(&|d| d["rounds"][0]["tables"][0]["token"] = json!("../../x")),
            "round 1, table 1",
            "import-token",
        ),
        (
            "one link for two tables",
            spoil(&|d| d["rounds"][1]["tables"][0]["token"] = d["rounds"][0]["tables"][0]["token"].clone()),
            "round 2, table 1",
            "import-token-twice",
        ),
        (
            "a confirmation by the taker",
            spoil(&|d| {
                let deal = &mut d["rounds"][0]["tables"][0]["deals"][0];
                deal["confirmed_by"] = deal["taker"].clone();
            }),
            "round 1, table 1, deal 1",
            "import-confirmed-by",
        ),
        (
            "a NUL byte in the audit log",
            spoil(&|d| d["audit_log"][0]["reason"] = json!("\u{0}")),
            "audit entry 1",
            "player-control-char",
        ),
        (
            "an audit action this version does not know",
            spoil(&|d| d["audit_log"][0]["action"] = json!("deal.explode")),
            "audit entry 1",
            "import-audit-action",
        ),
    ]
}

// Every class of refusal, on both databases: refused as a whole, its place
// and reason named, nothing written; the untouched document imports.
both_backends!(
    each_refusal_names_its_place_and_writes_nothing,
    |db: TestDb| async move {
        let doc = source(&db);
        let before = counts(&db);
        for (what, spoiled, place, key) in cases(&doc) {
            match import(&db, &spoiled) {
                Err(ImportError::Refused { place: p, reason }) => {
                    assert!(p.starts_with(place), "{what}: place {p:?}, expected {place:?}");
                    assert_eq!(reason.key, key, "{what}: {reason:?}");
                    let sentence = ImportError::Refused { place: p, reason }.render(Lang::En);
                    assert!(!sentence.contains('{'), "{what}: every argument given: {sentence}");
                }
                other => panic!("{what}: refused, not {other:?}"),
            }
            assert_eq!(counts(&db), before, "{what}: nothing written");
        }
        // The document as exported goes in, and scores as it did.
        let id = import(&db, &doc).expect("the untouched document");
        let again = serde_json::to_value(export::export(&mut db.conn(), id).unwrap()).unwrap();
        assert_eq!(
            without_tokens(again["rounds"].clone()),
            without_tokens(doc["rounds"].clone()),
            "the same deals and scores"
        );
    }
);

/// Rounds without their tables' links (an import into the database the
/// document came from gives new ones).
fn without_tokens(mut rounds: Value) -> Value {
    for round in rounds.as_array_mut().unwrap() {
        for table in round["tables"].as_array_mut().unwrap() {
            table["token"] = Value::Null;
        }
    }
    rounds
}

// The command line says the refusal in a sentence and exits 1.
both_backends!(the_command_says_the_place_and_the_reason, |db: TestDb| async move {
    let doc = source(&db);
    let before = counts(&db);
    let mut raised = doc.clone();
    let s = &mut raised["rounds"][1]["tables"][0]["deals"][0]["scores"][0]["score"];
    *s = json!(s.as_i64().unwrap() + 10);
    let (ok, out, err) = common::chelem(&db.url, &["import"], &raised.to_string());
    assert!(!ok, "refused");
    assert!(out.is_empty(), "no id printed: {out}");
    assert!(
        err.contains("round 2, table 1, deal 1: the stored scores (") && err.contains("are not what the rules give"),
        "{err}"
    );
    let mut nul = doc.clone();
    nul["players"][3]["name"] = json!("Bob\u{0}by");
    let (ok, _, err) = common::chelem(&db.url, &["import"], &nul.to_string());
    assert!(!ok);
    assert!(
        err.contains("player ref 4: the name contains an invisible (control) character at position 4"),
        "{err}"
    );
    assert_eq!(counts(&db), before, "nothing written");
});

crate::test_case!(a_database_failure_is_said_in_a_sentence);
/// What the database says stays out of the message.
fn a_database_failure_is_said_in_a_sentence() {
    use diesel::result::{DatabaseErrorKind, Error};
    let raw = "UNIQUE constraint failed: round_tables.token";
    for kind in [
        DatabaseErrorKind::UniqueViolation,
        DatabaseErrorKind::ForeignKeyViolation,
        DatabaseErrorKind::ClosedConnection,
        DatabaseErrorKind::Unknown,
    ] {
        let e = ImportError::Db(Error::DatabaseError(kind, Box::new(raw.to_owned())));
        let said = e.render(Lang::En);
        assert!(!said.contains("UNIQUE") && !said.contains("round_tables"), "{said}");
        assert!(said.contains("nothing was imported"), "{said}");
    }
}
