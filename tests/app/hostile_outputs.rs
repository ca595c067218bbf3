//! Hostile names in what Chelem writes, over real HTTP on both databases:
//! every CSV cell a spreadsheet could run as a formula is neutralised while
//! numbers stay numbers; every page and chart showing a name isolates it
//! from the text around it (`<bdi>`, or the Unicode isolates where no
//! element may stand); a name made only of invisible characters, or holding
//! a direction override, is refused with a sentence by the form, the API
//! and the CSV player import, and nothing is stored.

use crate::common;

use diesel::prelude::*;
use serde_json::{json, Value};

use common::hostile::{fingerprint, spreadsheet_cells, Answer, Visitor};
use common::server::Server;
use common::TestDb;

use chelem::db::schema::players;

/// The players' names a spreadsheet would run, and the club.
const FORMULAS: [&str; 3] = ["=HYPERLINK(\"http://x\",\"y\")", "+cmd|' /C calc'!A0", "@SUM(1)"];
const CLUB: &str = "=1+1";
/// A name only stored data can hold (the forms refuse a tab): set straight
/// in the database, as a file from before the checks would have it.
const TAB_NAME: &str = "\tTabulé";

/// Makes a tournament of one round (by the API) and registers these
/// players of `club`, seats them, and enters deal 1: a garde of the
/// second player with `points` (40.5 fails: negative scores). The
/// tournament's id, the players' ids and the table's token.
fn played_tournament(v: &Visitor, name: &str, players: &[&str], club: &str, points: f64) -> (i64, Vec<i64>, String) {
    let a = v.api(
        "POST",
        "/api/tournaments",
        json!({"name": name, "rounds": 1}).to_string().as_bytes(),
    );
    assert_eq!(a.status, 201, "{}", a.body);
    let id = json_of(&a)["id"].as_i64().unwrap();
    let mut pids = Vec::new();
    for (i, name) in players.iter().enumerate() {
        let body = json!({"name": name, "club": club, "licence": format!("0{}", 123 + i)});
        let a = v.api(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            body.to_string().as_bytes(),
        );
        assert_eq!(a.status, 201, "{name}: {}", a.body);
        pids.push(json_of(&a)["id"].as_i64().unwrap());
    }
    let a = v.api("POST", &format!("/api/tournaments/{id}/rounds"), b"");
    assert_eq!(a.status, 201, "{}", a.body);
    let token = json_of(&a)["tables"][0]["token"].as_str().unwrap().to_owned();
    let deal = json!({"taker": pids[1], "contract": "garde", "oudlers": 1, "points": points});
    let a = v.api(
        "PUT",
        &format!("/api/tables/{token}/deals/1"),
        deal.to_string().as_bytes(),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    (id, pids, token)
}

/// Renames a player straight in the database, as data from before the
/// checks of the forms would have it.
fn rename(db: &TestDb, player: i64, name: &str) {
    diesel::update(players::table.find(player as i32))
        .set(players::name.eq(name))
        .execute(&mut *db.conn())
        .unwrap();
}

fn json_of(a: &Answer) -> Value {
    serde_json::from_str(&a.body).unwrap_or_else(|_| panic!("not JSON: {}", a.body))
}

/// Whether a spreadsheet would run a cell: its first character that shows
/// (spaces and invisible characters skipped) starts a formula.
fn would_run(cell: &str) -> bool {
    let starts = |c: char| matches!(c, '=' | '+' | '-' | '@' | '\t' | '\r');
    let hidden = |c: char| matches!(c, ' ' | '\u{A0}' | '\u{FEFF}' | '\u{200B}'..='\u{200D}' | '\u{2060}');
    cell.chars().find(|c| starts(*c) || !hidden(*c)).is_some_and(starts)
}

/// A number as a French spreadsheet reads it: `-40`, `40,5`.
fn is_number(s: &str) -> bool {
    s.replace(',', ".").parse::<f64>().is_ok()
}

both_backends!(csv_cells_never_run_and_numbers_stay_numbers, |db: TestDb| async move {
    let server = Server::start(db.state());
    let v = Visitor::login(&db, &server.addr);
    let players = [FORMULAS[0], FORMULAS[1], FORMULAS[2], "Placeholder"];
    let (id, pids, _) = played_tournament(&v, "Open", &players, CLUB, 40.5);
    rename(&db, pids[3], TAB_NAME);
    for path in [
        format!("/tournaments/{id}/standings.csv?details=1"),
        format!("/tournaments/{id}/standings.csv"),
        format!("/tournaments/{id}/deals.csv"),
        format!("/tournaments/{id}/federation.csv"),
        format!("/tournaments/{id}/results.csv"),
    ] {
        let a = v.get(&path);
        assert_eq!(a.status, 200, "{path}: {}", a.body);
        let rows = spreadsheet_cells(&a.body);
        let all: Vec<&String> = rows.iter().flatten().collect();
        for c in &all {
            assert!(!would_run(c) || is_number(c), "{path}: the cell {c:?} would run");
        }
        for name in FORMULAS.iter().chain([&TAB_NAME]) {
            let shown = format!("'{name}");
            assert!(
                all.contains(&&shown),
                "{path}: {name:?} is not written as {shown:?}: {rows:?}"
            );
        }
        if path.contains("details") {
            assert!(all.contains(&&format!("'{CLUB}")), "{path}: the club {CLUB:?}");
        }
        // Scores are numbers, negative ones included, and sum to zero.
        let scores: Vec<i64> = if path.contains("deals") {
            rows[1][16..].chunks(2).filter_map(|p| p[1].parse().ok()).collect()
        } else {
            // The federation's files: the tournament's fields, an empty
            // row, then the players' table under its header.
            let head = rows
                .iter()
                .position(|r| r.iter().all(String::is_empty))
                .map_or(0, |blank| blank + 1);
            let total = rows[head]
                .iter()
                .position(|h| h == "Total" || h == "total")
                .expect("a Total column");
            rows[head + 1..].iter().map(|r| r[total].parse().unwrap()).collect()
        };
        assert_eq!(scores.len(), 4, "{path}: {rows:?}");
        assert!(scores.iter().any(|s| *s < 0), "{path}: a negative score: {scores:?}");
        assert_eq!(scores.iter().sum::<i64>(), 0, "{path}");
        if path.contains("deals") {
            assert_eq!(rows[1][9], "40,5", "the points stay a number with a decimal comma");
        }
    }
});

/// Names and a club whose formula hides behind invisible characters: a byte
/// order mark, zero-width spaces, joiners, a word joiner.
const HIDDEN_FORMULAS: [&str; 4] = [
    "\u{FEFF}=HYPERLINK(\"http://x\",\"y\")",
    "\u{200B}+cmd|' /C calc'!A0",
    "\u{2060}\u{200D}@SUM(1)",
    "\u{200C} -2+3",
];
const HIDDEN_CLUB: &str = "\u{FEFF}\u{200B}=1+1";

both_backends!(
    formulas_behind_invisible_characters_never_run,
    |db: TestDb| async move {
        let server = Server::start(db.state());
        let v = Visitor::login(&db, &server.addr);
        let (id, _, _) = played_tournament(&v, "Open", &HIDDEN_FORMULAS, HIDDEN_CLUB, 40.5);
        for path in [
            format!("/tournaments/{id}/standings.csv?details=1"),
            format!("/tournaments/{id}/standings.csv"),
            format!("/tournaments/{id}/deals.csv"),
            format!("/tournaments/{id}/federation.csv"),
            format!("/tournaments/{id}/results.csv"),
        ] {
            let a = v.get(&path);
            assert_eq!(a.status, 200, "{path}: {}", a.body);
            let rows = spreadsheet_cells(&a.body);
            let all: Vec<&String> = rows.iter().flatten().collect();
            for c in &all {
                assert!(!would_run(c) || is_number(c), "{path}: the cell {c:?} would run");
            }
            for name in HIDDEN_FORMULAS {
                let shown = format!("'{name}");
                assert!(
                    all.contains(&&shown),
                    "{path}: {name:?} is not written as {shown:?}: {rows:?}"
                );
            }
            if path.contains("details") {
                assert!(
                    all.contains(&&format!("'{HIDDEN_CLUB}")),
                    "{path}: the club {HIDDEN_CLUB:?}"
                );
            }
        }
    }
);

/// A name written right to left, with something to find it by.
const RTL_NAME: &str = "שרה Lévy";
/// A right-to-left override stored before the forms refused them.
const OVERRIDE_NAME: &str = "Zoé \u{202E}Ménard";

/// Every occurrence of `name` in `body` not isolated from what surrounds it
/// (the text before each one). The audit log's raw records (JSON, folded
/// away under "raw") are data, left out.
fn bare(body: &str, name: &str) -> Vec<String> {
    let mut body = body.to_owned();
    while let Some(start) = body.find("<details class=\"raw\">") {
        let end = body[start..].find("</details>").map_or(body.len(), |e| start + e);
        body.replace_range(start..end, "");
    }
    body.match_indices(name)
        .filter(|(i, _)| {
            let before = &body[..*i];
            // A tooltip or a field holding the name alone is its own box.
            let alone = before.ends_with("title=\"") || before.ends_with("dir=\"auto\" value=\"");
            !(alone || before.ends_with("<bdi>") || before.ends_with('\u{2068}'))
        })
        .map(|(i, _)| {
            let before: Vec<char> = body[..i].chars().rev().take(80).collect();
            before.into_iter().rev().collect()
        })
        .collect()
}

both_backends!(names_are_isolated_on_every_page, |db: TestDb| async move {
    let server = Server::start(db.state());
    let v = Visitor::login(&db, &server.addr);
    let players = [RTL_NAME, "Override", "Joueur 3", "Joueur 4"];
    let (_, pids, token) = played_tournament(&v, "Open שרה", &players, "Club שרה", 47.5);
    rename(&db, pids[1], OVERRIDE_NAME);
    let pages = crate::hostile_input::pages_of_every_tournament(&db, &token);
    let mut seen = 0;
    let mut missing = Vec::new();
    for path in pages {
        let a = v.get(&path);
        assert!(a.status < 400, "{path}: {} {}", a.status, a.body);
        for name in [RTL_NAME, OVERRIDE_NAME, "Open שרה", "Club שרה"] {
            seen += a.body.matches(name).count();
            for b in bare(&a.body, name) {
                missing.push(format!("{path}: {name:?} after …{b}"));
            }
        }
    }
    assert!(seen > 50, "the names were found {seen} times only");
    assert!(
        missing.is_empty(),
        "names shown without isolation:\n{}",
        missing.join("\n")
    );
});

/// Names made only of invisible characters, or holding a direction control.
const INVISIBLE: [&str; 4] = ["\u{200B}", "\u{200B}\u{200D}\u{FEFF}", "\u{2060} \u{3164}", "\u{2800}"];
const OVERRIDES: [&str; 2] = ["Zoé \u{202E}Ménard", "\u{2067}x"];

both_backends!(invisible_names_are_refused_everywhere, |db: TestDb| async move {
    let server = Server::start(db.state());
    let v = Visitor::login(&db, &server.addr);
    let a = v.api(
        "POST",
        "/api/tournaments",
        json!({"name": "Open", "rounds": 1}).to_string().as_bytes(),
    );
    assert_eq!(a.status, 201, "{}", a.body);
    let id = json_of(&a)["id"].as_i64().unwrap();
    let before = fingerprint(&db);
    let refused = |what: &str, a: &Answer, word: &str| {
        assert_eq!(a.status, 422, "{what}: {}", a.body);
        let s = a
            .sentence()
            .unwrap_or_else(|| panic!("{what}: no sentence in {}", a.body));
        assert!(s.contains(word), "{what}: {s}");
        assert_eq!(fingerprint(&db), before, "{what}: stored");
    };
    for (names, word_en, word_fr) in [
        (&INVISIBLE[..], "invisible", "invisibles"),
        (&OVERRIDES[..], "direction", "sens"),
    ] {
        for name in names {
            let what = format!("{name:?}");
            let body = json!({"name": name, "club": ""}).to_string();
            let a = v.api("POST", &format!("/api/tournaments/{id}/players"), body.as_bytes());
            refused(&format!("API player {what}"), &a, word_en);
            let body = json!({"name": "Zoé", "club": name}).to_string();
            let a = v.api("POST", &format!("/api/tournaments/{id}/players"), body.as_bytes());
            refused(&format!("API club {what}"), &a, word_en);
            let body = json!({"name": name, "rounds": 1}).to_string();
            let a = v.api("POST", "/api/tournaments", body.as_bytes());
            refused(&format!("API tournament {what}"), &a, word_en);
            let a = v.api(
                "POST",
                "/api/games",
                json!({"players": 3, "names": [name]}).to_string().as_bytes(),
            );
            refused(&format!("API game {what}"), &a, word_en);
            let a = v.post_form(&format!("/tournaments/{id}/players"), &[("name", name), ("club", "")]);
            refused(&format!("form player {what}"), &a, word_fr);
            assert!(
                a.body.contains("dir=\"auto\" value=\""),
                "the form is shown again as typed"
            );
            let a = v.post_form("/tournaments", &[("name", name), ("rounds", "2")]);
            refused(&format!("form tournament {what}"), &a, word_fr);
            // The CSV import refuses the line, and imports nothing else of a
            // file whose every line is refused.
            let a = v.import_players(id, &format!("nom;club\n{name};Club\n"));
            assert!(a.status < 500, "import {what}: {}", a.status);
            assert!(a.body.contains(word_fr), "import {what}: no refusal in {}", a.body);
            assert_eq!(fingerprint(&db), before, "import {what}: stored");
        }
    }
});
