//! Merging two directory entries that are one person (issue 46, item 2),
//! on both databases: through the pages (the directory's choice, the
//! confirmation page, the merges listed with their undo button) and the
//! API. A season's standings join the two entries' results after a merge
//! (the seasons follow), the player's record lists both tournaments, each
//! touched tournament's audit log says it; the undo restores the entries,
//! their rows and the standings exactly. Each refusal (self, unknown, bot,
//! one tournament, undo after a change, undo of an older or undone merge,
//! a licence taken since) answers its status and sentence with nothing
//! written; anonymous visitors and table links are refused.

use crate::common;

use std::collections::BTreeMap;

use actix_web::http::{Method, StatusCode};
use actix_web::test;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde_json::{json, Value};

use chelem::db::models::Player;
use chelem::db::ops::merge::refs;
use chelem::db::ops::players::{self, PlayerFields};
use chelem::db::schema::{audit_log, player_merges, players as players_t};
use chelem::tournament::ids::{PlayerId, TournamentId};
use common::builder::{Built, Table, TournamentBuilder};
use common::http::{api_token, call, fresh_browser, get, login, post};
use common::TestDb;

/// The licence of the second entry, which the first (without one) takes.
const LICENCE: &str = "7123456";

/// A garde whose outcome moves with the table and the deal: totals spread.
fn deal(t: &Table, k: i32) -> Option<Value> {
    let n = t.players.len();
    let taker = t.players[(k as usize + t.row.number.get() as usize) % n];
    Some(
        json!({"taker": taker, "contract": "garde", "oudlers": (k % 3) + 1, "points": 30 + 7 * ((k + t.row.number.get()) % 5)}),
    )
}

/// An evening of 8 players, two rounds, every deal entered: its first
/// player named `first` (licence `licence`), the others `{prefix} {i}`.
fn evening(
    db: &TestDb,
    name: &str,
    date: &str,
    first: &'static str,
    prefix: &'static str,
    licence: &'static str,
) -> Built {
    TournamentBuilder::new(name)
        .date(date)
        .players(8)
        .named(move |i| {
            if i == 0 {
                first.to_owned()
            } else {
                format!("{prefix} {i}")
            }
        })
        .club(|_| "Tarot Club".into())
        .licence(move |i| if i == 0 { licence.to_owned() } else { String::new() })
        .seated(2)
        .deals(deal)
        .build_in(&db.state())
}

/// What a merge changes and its undo restores: the directory and the rows
/// naming these entries.
fn entries(db: &TestDb, who: &[PlayerId]) -> String {
    let mut conn = db.conn();
    let directory: Vec<(i32, String, String, Option<String>, NaiveDateTime)> = players_t::table
        .order(players_t::id)
        .select((
            players_t::id,
            players_t::name,
            players_t::club,
            players_t::licence,
            players_t::created_at,
        ))
        .load(&mut conn)
        .unwrap();
    let rows: Vec<Vec<(String, i32)>> = who.iter().map(|p| refs::rows_naming(&mut conn, *p).unwrap()).collect();
    format!("{directory:?}\n{rows:?}")
}

/// Everything a merge or an undo writes: [`entries`], the merges, the
/// number of audit entries.
fn snapshot(db: &TestDb, who: &[PlayerId]) -> String {
    let mut conn = db.conn();
    let merges: Vec<(i32, Option<String>)> = player_merges::table
        .order(player_merges::id)
        .select((player_merges::id, player_merges::undone_by))
        .load(&mut conn)
        .unwrap();
    let audit: i64 = audit_log::table.count().get_result(&mut conn).unwrap();
    format!("{}\n{merges:?}\n{audit}", entries(db, who))
}

/// A season's row: (points, played, counted as (tournament, points)).
type SeasonRow = (f64, u64, Vec<(i64, f64)>);

/// A season's rows by player.
fn rows(v: &Value) -> BTreeMap<i64, SeasonRow> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let mut counted: Vec<(i64, f64)> = r["counted"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| (c["tournament"].as_i64().unwrap(), c["points"].as_f64().unwrap()))
                .collect();
            counted.sort_by_key(|c| c.0);
            let row = (r["points"].as_f64().unwrap(), r["played"].as_u64().unwrap(), counted);
            (r["player"].as_i64().unwrap(), row)
        })
        .collect()
}

/// The newest merge's id.
fn last_merge(db: &TestDb) -> i32 {
    player_merges::table
        .order(player_merges::id.desc())
        .select(player_merges::id)
        .first(&mut db.conn())
        .unwrap()
}

/// Registers a player by these fields in tournament `t` (a known licence
/// takes its entry up again).
fn register(db: &TestDb, t: TournamentId, name: &str, licence: &str) -> PlayerId {
    let fields = PlayerFields::new(name, "Tarot Club", licence).unwrap();
    chelem::db::write(&mut db.conn(), |tx| players::register(tx, t, &fields, true))
        .unwrap()
        .0
        .id
}

both_backends!(
    a_merge_joins_the_seasons_and_its_undo_restores_them,
    |db: TestDb| async move {
        let token = api_token(&db);
        let t1 = evening(&db, "Mardi 1", "2026-10-06", "Odile Martin", "Alain", "");
        let t2 = evening(&db, "Mardi 2", "2026-10-13", "Odile Martyn", "Bruno", LICENCE);
        let (a, b) = (t1.players[0], t2.players[0]);
        assert_ne!(a, b, "two entries for one person");
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let body = json!({"name": "Challenge", "starts": "2026-09-01", "ends": "2027-06-30",
        "rule": {"points": "places"}, "tournaments": [t1.id, t2.id]});
        let (status, v) = call(&app, Method::POST, "/api/seasons", Some(&token), Some(body)).await;
        assert_eq!(status, StatusCode::CREATED, "{v}");
        let standings = format!("/api/seasons/{}/standings", v["id"]);
        let (_, season_before) = call(&app, Method::GET, &standings, None, None).await;
        let (_, record_a) = call(&app, Method::GET, &format!("/api/players/{a}"), None, None).await;
        let (_, record_b) = call(&app, Method::GET, &format!("/api/players/{b}"), None, None).await;
        let before = entries(&db, &[a, b]);
        let rows_before = rows(&season_before);
        let (ra, rb) = (&rows_before[&(a.get() as i64)], &rows_before[&(b.get() as i64)]);
        assert_eq!((ra.1, rb.1), (1, 1), "one tournament each: {season_before}");

        // The organizer picks the two entries on the directory, sees both with
        // their tournaments, and merges.
        let mut jar = fresh_browser(&app).await;
        login(&app, &mut jar).await;
        let (status, html, _) = get(&app, &jar, "/players").await;
        assert_eq!(status, StatusCode::OK);
        assert!(html.contains(&format!(r#"name="keep" value="{a}""#)), "{html}");
        assert!(html.contains(&format!(r#"name="drop" value="{b}""#)), "{html}");
        let (status, html, _) = get(&app, &jar, &format!("/directory/merge?keep={a}&drop={b}")).await;
        assert_eq!(status, StatusCode::OK);
        for words in [
            "Odile Martin",
            "Odile Martyn",
            "Mardi 1",
            "Mardi 2",
            LICENCE,
            ">Fusionner</button>",
        ] {
            assert!(html.contains(words), "{words}: {html}");
        }
        let (status, _, to) = post(
            &app,
            &mut jar,
            "/directory/merge",
            &[("keep", &a.to_string()), ("drop", &b.to_string())],
        )
        .await;
        assert_eq!((status, to.as_deref()), (StatusCode::SEE_OTHER, Some("/players")));

        // The season joins the two entries' results: one row, both tournaments.
        let (_, season_after) = call(&app, Method::GET, &standings, None, None).await;
        let after = rows(&season_after);
        assert!(!after.contains_key(&(b.get() as i64)), "{season_after}");
        let joined = &after[&(a.get() as i64)];
        assert_eq!(joined.1, 2, "{season_after}");
        let mut counted = ra.2.clone();
        counted.extend(rb.2.clone());
        counted.sort_by_key(|c| c.0);
        assert_eq!(joined.2, counted);
        assert!(
            (joined.0 - (ra.0 + rb.0)).abs() < 1e-9,
            "{joined:?} from {ra:?} and {rb:?}"
        );
        assert_eq!(after.len(), rows_before.len() - 1);
        // The player's record lists both; the entry merged away is gone; the
        // kept entry took the licence it did not have.
        let (status, v) = call(&app, Method::GET, &format!("/api/players/{a}"), None, None).await;
        assert_eq!(status, StatusCode::OK);
        let ts: Vec<i64> = v["tournaments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["tournament"].as_i64().unwrap())
            .collect();
        assert_eq!(ts, [t1.id.get() as i64, t2.id.get() as i64], "{v}");
        let (status, _) = call(&app, Method::GET, &format!("/api/players/{b}"), None, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        // So does the player's public page.
        let (status, html, _) = get(&app, &jar, &format!("/players/{a}")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(html.contains("Mardi 1") && html.contains("Mardi 2"), "{html}");
        let (status, _, _) = get(&app, &jar, &format!("/players/{b}")).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let kept = Player::find(&mut db.conn(), a).unwrap().unwrap();
        assert_eq!(kept.licence.as_deref(), Some(LICENCE));
        // Tournament 2's standings name the kept entry.
        let (_, st) = call(
            &app,
            Method::GET,
            &format!("/api/tournaments/{}/standings", t2.id),
            None,
            None,
        )
        .await;
        assert!(
            st.as_array()
                .unwrap()
                .iter()
                .any(|l| l["player"] == a.get() && l["name"] == "Odile Martin"),
            "{st}"
        );
        assert!(!st.as_array().unwrap().iter().any(|l| l["player"] == b.get()), "{st}");
        // Audited where it changed something, listed on the directory.
        let (_, html, _) = get(&app, &jar, &format!("/tournaments/{}/audit", t2.id)).await;
        assert!(
            html.contains("a fusionné la fiche") && html.contains("Odile Martyn"),
            "{html}"
        );
        let mid = last_merge(&db);
        let (_, html, _) = get(&app, &jar, "/players").await;
        assert!(html.contains(&format!("/directory/merges/{mid}/undo")), "{html}");
        assert!(
            html.contains("Annuler cette fusion") && html.contains("arbitre a fondu"),
            "{html}"
        );

        // Undone: everything as it was.
        let (status, _, to) = post(&app, &mut jar, &format!("/directory/merges/{mid}/undo"), &[]).await;
        assert_eq!((status, to.as_deref()), (StatusCode::SEE_OTHER, Some("/players")));
        assert_eq!(entries(&db, &[a, b]), before);
        let (_, season_again) = call(&app, Method::GET, &standings, None, None).await;
        assert_eq!(season_again, season_before);
        let (_, again_a) = call(&app, Method::GET, &format!("/api/players/{a}"), None, None).await;
        let (_, again_b) = call(&app, Method::GET, &format!("/api/players/{b}"), None, None).await;
        assert_eq!((again_a, again_b), (record_a, record_b));
        let (_, html, _) = get(&app, &jar, &format!("/tournaments/{}/audit", t2.id)).await;
        assert!(html.contains("a annulé la fusion"), "{html}");
        let (_, html, _) = get(&app, &jar, "/players").await;
        assert!(
            html.contains("Annulée par arbitre") && !html.contains("/undo\""),
            "{html}"
        );
    }
);

both_backends!(refusals_leave_the_directory_as_it_was, |db: TestDb| async move {
    let token = api_token(&db);
    let t1 = evening(&db, "Mardi 1", "2026-10-06", "Odile Martin", "Alain", "");
    let t2 = evening(&db, "Mardi 2", "2026-10-13", "Odile Martyn", "Bruno", LICENCE);
    let (a, b, same) = (t1.players[0], t2.players[0], t1.players[1]);
    let bot = Player::bots(&mut db.conn()).unwrap()[0].id;
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let merge = |kept: PlayerId| format!("/api/players/{kept}/merge");
    let every = [a, b, same, bot];
    let before = snapshot(&db, &every);
    let table = t1.rounds[1][0].row.token.clone();
    let (org, table) = (Some(token.as_str()), Some(table.as_str()));
    let unknown = PlayerId::new(99_999);
    for (kept, body, tok, status, words) in [
        (a, json!({"from": a}), org, 422, "not merged with itself"),
        (a, json!({"from": unknown}), org, 404, ""),
        (unknown, json!({"from": a}), org, 404, ""),
        (a, json!({"from": bot}), org, 409, "bot of the duplicate deals"),
        (a, json!({"from": same}), org, 409, "both played “Mardi 1”"),
        (a, json!({"from": "b"}), org, 422, "The body must be"),
        (a, json!({"from": b}), None, 401, ""),
        (a, json!({"from": b}), table, 401, ""),
    ] {
        let (got, v) = call(&app, Method::POST, &merge(kept), tok, Some(body.clone())).await;
        assert_eq!(got.as_u16(), status, "{kept} {body}: {v}");
        if !words.is_empty() {
            assert!(v["error"].as_str().unwrap().contains(words), "{words}: {v}");
        }
        assert_eq!(snapshot(&db, &every), before, "{kept} {body}");
    }

    // The pages: the same refusals, in French, the form not offered.
    let mut jar = fresh_browser(&app).await;
    login(&app, &mut jar).await;
    let (status, html, _) = get(&app, &jar, &format!("/directory/merge?keep={a}&drop={same}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("ont tous deux joué") && !html.contains(r#"method="post" action="/directory/merge""#),
        "{html}"
    );
    let (status, html, _) = get(&app, &jar, "/directory/merge?keep=&drop=").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("Choisissez deux fiches"), "{html}");
    let (status, _, _) = get(&app, &jar, &format!("/directory/merge?keep={a}&drop=99999")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let fields = |k: PlayerId, d: PlayerId| [("keep", k.to_string()), ("drop", d.to_string())];
    for (k, d, status, words) in [
        (a, same, StatusCode::CONFLICT, "ont tous deux joué"),
        (
            a,
            a,
            StatusCode::UNPROCESSABLE_ENTITY,
            "ne se fusionne pas avec elle-même",
        ),
        (bot, a, StatusCode::CONFLICT, "est un robot"),
    ] {
        let f = fields(k, d);
        let f: Vec<(&str, &str)> = f.iter().map(|(n, v)| (*n, v.as_str())).collect();
        let (got, html, _) = post(&app, &mut jar, "/directory/merge", &f).await;
        assert_eq!(got, status, "{k} {d}: {html}");
        assert!(html.contains(words), "{words}: {html}");
        assert_eq!(snapshot(&db, &every), before);
    }
    // Anonymous: sent to the login page, nothing merged.
    let anonymous = fresh_browser(&app).await;
    let (status, _, to) = get(&app, &anonymous, &format!("/directory/merge?keep={a}&drop={b}")).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert!(to.unwrap().starts_with("/login"));

    // Undo: not after a change of the kept entry's rows.
    let (status, v) = call(&app, Method::POST, &merge(a), Some(&token), Some(json!({"from": b}))).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let first = v["merge"].as_i64().unwrap();
    let undo = |m: i64| format!("/api/players/merges/{m}/undo");
    let t3 = TournamentBuilder::new("Mardi 3")
        .date("2026-10-20")
        .build_in(&db.state());
    assert_eq!(
        register(&db, t3.id, "Odile Martin", LICENCE),
        a,
        "the licence takes the kept entry up"
    );
    let merged = snapshot(&db, &every);
    let (status, v) = call(&app, Method::POST, &undo(first), Some(&token), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("can no longer be undone: the results of"),
        "{v}"
    );
    assert_eq!(snapshot(&db, &every), merged);
    let (status, html, _) = post(&app, &mut jar, &format!("/directory/merges/{first}/undo"), &[]).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(html.contains("ne s&#39;annule plus"), "{html}");
    assert_eq!(snapshot(&db, &every), merged);

    // Only the last merge, once; unknown merges are not found; table links refused.
    let (c, d) = (t1.players[2], t2.players[2]);
    let (status, v) = call(&app, Method::POST, &merge(c), Some(&token), Some(json!({"from": d}))).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let second = v["merge"].as_i64().unwrap();
    let two = snapshot(&db, &every);
    for (m, tok, status, words) in [
        (first, org, 409, "Only the last merge"),
        (999, org, 404, ""),
        (second, None, 401, ""),
        (second, table, 401, ""),
    ] {
        let (got, v) = call(&app, Method::POST, &undo(m), tok, None).await;
        assert_eq!(got.as_u16(), status, "{m}: {v}");
        if !words.is_empty() {
            assert!(v["error"].as_str().unwrap().contains(words), "{words}: {v}");
        }
        assert_eq!(snapshot(&db, &every), two);
    }
    let (status, _) = call(&app, Method::POST, &undo(second), Some(&token), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, v) = call(&app, Method::POST, &undo(second), Some(&token), None).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(v["error"].as_str().unwrap().contains("already undone"), "{v}");
});

both_backends!(an_undo_waits_for_a_licence_taken_since, |db: TestDb| async move {
    let token = api_token(&db);
    let t1 = evening(&db, "Mardi 1", "2026-10-06", "Odile Martin", "Alain", "7000001");
    let t2 = evening(&db, "Mardi 2", "2026-10-13", "Odile Martyn", "Bruno", LICENCE);
    let (a, b) = (t1.players[0], t2.players[0]);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let (status, v) = call(
        &app,
        Method::POST,
        &format!("/api/players/{a}/merge"),
        Some(&token),
        Some(json!({"from": b})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let m = v["merge"].as_i64().unwrap();
    // The kept entry keeps its own licence; the other is free, and taken.
    assert_eq!(
        Player::find(&mut db.conn(), a).unwrap().unwrap().licence.as_deref(),
        Some("7000001")
    );
    let t3 = TournamentBuilder::new("Mardi 3")
        .date("2026-10-20")
        .build_in(&db.state());
    let newcomer = register(&db, t3.id, "Paul Neuf", LICENCE);
    let (status, v) = call(
        &app,
        Method::POST,
        &format!("/api/players/merges/{m}/undo"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains(&format!("licence {LICENCE} now belongs to")),
        "{v}"
    );
    assert!(v["error"].as_str().unwrap().contains("Paul Neuf"), "{v}");
    assert!(Player::find(&mut db.conn(), b).unwrap().is_none());
    assert_eq!(
        Player::find(&mut db.conn(), newcomer)
            .unwrap()
            .unwrap()
            .licence
            .as_deref(),
        Some(LICENCE)
    );
});
