//! Seasons (issue 46, FORMATS.md "Seasons"), on both databases: six
//! tournaments of 12 to 30 players sharing players (the same licence, the
//! same directory entry) ranked by each rule through the API, checked
//! against each tournament's own standings; best N, participation, ties;
//! a corrected deal moving the season at once; the refusals; the audit
//! log; and a season's standings read in as many queries for six
//! tournaments as for two.

use crate::common;

use std::collections::BTreeMap;

use actix_web::http::{Method, StatusCode};
use actix_web::test;
use common::builder::{Built, TournamentBuilder};
use common::http::{api_token, call};
use common::TestDb;
use diesel::prelude::*;
use serde_json::{json, Value};

use chelem::db::ops::seasons::read;
use chelem::db::ops::standings;
use chelem::db::ops::visible::Audience;
use chelem::db::schema::audit_log;
use chelem::tournament::ids::{PlayerId, SeasonId, TournamentId};

/// Player `i` of the club's pool of 40: the same licence in every tournament.
fn name(i: usize) -> String {
    format!("Joueur {:02}", i % 40)
}

/// A garde whose outcome moves with the table and the deal: totals spread.
fn deal(t: &common::builder::Table, k: i32) -> Option<Value> {
    let n = t.players.len();
    let taker = t.players[(k as usize + t.number.get() as usize) % n];
    Some(
        json!({"taker": taker, "contract": "garde", "oudlers": (k % 3) + 1, "points": 30 + 7 * ((k + t.number.get()) % 5)}),
    )
}

/// Tournament `k` (0-based) of the season: `size` players of the pool from
/// player `5k` on, two rounds, every deal entered.
fn tournament(db: &TestDb, k: usize, size: usize) -> Built {
    let from = 5 * k;
    TournamentBuilder::new(format!("Mardi {}", k + 1))
        .date(&format!("2026-10-{:02}", k + 1))
        .rounds(2)
        .seed(k as u64 + 1)
        .named(move |i| name(from + i))
        .club(|_| "Tarot Club".into())
        .licence(move |i| format!("{:07}", (from + i) % 40 + 100))
        .players(size)
        .seated(2)
        .deals(deal)
        .build(&mut db.conn())
}

/// Each tournament's results as its own standings give them: (player,
/// rank, total, deals).
fn own_results(db: &TestDb, id: TournamentId) -> Vec<(PlayerId, u32, i64, u32)> {
    let s = standings::compute(&mut db.conn(), id, None, Audience::Public).unwrap();
    s.lines.iter().map(|l| (l.player, l.rank, l.total, l.deals)).collect()
}

/// The places rule worked out from a tournament's own standings, the long
/// way: those who played, their place among them, ties sharing the mean.
fn places_points(results: &[(PlayerId, u32, i64, u32)]) -> BTreeMap<PlayerId, f64> {
    let played: Vec<_> = results.iter().filter(|r| r.3 > 0).collect();
    let n = played.len() as f64;
    played
        .iter()
        .map(|r| {
            let place = 1 + played.iter().filter(|o| o.1 < r.1).count();
            let k = played.iter().filter(|o| o.1 == r.1).count();
            let sum: f64 = (place..place + k).map(|p| n - p as f64 + 1.0).sum();
            (r.0, sum / k as f64)
        })
        .collect()
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// A season's row: (rank, points, played, counted as (tournament, points)).
type SeasonRow = (u64, f64, u64, Vec<(i64, f64)>);

/// The season's rows by player.
fn rows(v: &Value) -> BTreeMap<i64, SeasonRow> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let counted = r["counted"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| (c["tournament"].as_i64().unwrap(), c["points"].as_f64().unwrap()))
                .collect();
            (
                r["player"].as_i64().unwrap(),
                (
                    r["rank"].as_u64().unwrap(),
                    r["points"].as_f64().unwrap(),
                    r["played"].as_u64().unwrap(),
                    counted,
                ),
            )
        })
        .collect()
}

fn six(db: &TestDb) -> Vec<Built> {
    [12, 16, 20, 24, 28, 30]
        .iter()
        .enumerate()
        .map(|(k, size)| tournament(db, k, *size))
        .collect()
}

both_backends!(six_tournaments_ranked_by_each_rule, |db: TestDb| async move {
    let token = api_token(&db);
    let all = six(&db);
    let ids: Vec<TournamentId> = all.iter().map(|t| t.id).collect();
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    // Overlapping players: one directory entry per licence.
    let distinct: std::collections::BTreeSet<PlayerId> = all.iter().flat_map(|t| t.players.clone()).collect();
    assert_eq!(distinct.len(), 40, "the pool of 40 shared across the tournaments");

    // Places, best 4, 1 point per tournament played; five attached at once, the sixth later.
    let body = json!({"name": "Challenge 2026-2027", "starts": "2026-09-01", "ends": "2027-06-30",
        "rule": {"points": "places", "best_of": 4, "participation": 1}, "tournaments": &ids[..5]});
    let (status, v) = call(&app, Method::POST, "/api/seasons", Some(&token), Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let season = v["id"].as_i64().unwrap();
    let uri = format!("/api/seasons/{season}/tournaments/{}", ids[5]);
    let (status, _) = call(&app, Method::PUT, &uri, Some(&token), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, v) = call(
        &app,
        Method::GET,
        &format!("/api/seasons/{season}/standings"),
        None,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let got = rows(&v);

    // The same, the long way, from each tournament's own standings.
    let mut figures: BTreeMap<PlayerId, Vec<(TournamentId, f64)>> = BTreeMap::new();
    for id in &ids {
        for (p, pts) in places_points(&own_results(&db, *id)) {
            figures.entry(p).or_default().push((*id, round2(pts)));
        }
    }
    assert_eq!(got.len(), figures.len());
    for (p, mut f) in figures.clone() {
        f.sort_by(|a, b| b.1.partial_cmp(&a.1).unwrap().then(a.0.cmp(&b.0)));
        let best: Vec<_> = f.iter().take(4).collect();
        let want = best.iter().map(|x| x.1).sum::<f64>() + f.len() as f64;
        let (_, points, played, counted) = &got[&i64::from(p.get())];
        assert!((points - round2(want)).abs() < 0.011, "player {p}: {points} ≠ {want}");
        assert_eq!(*played as usize, f.len());
        assert_eq!(counted.len(), f.len().min(4));
        assert!(counted.windows(2).all(|w| w[0].1 >= w[1].1), "best first: {counted:?}");
    }
    // Ranked by points, equal points sharing the rank.
    let mut by_points: Vec<_> = got.values().collect();
    by_points.sort_by_key(|r| r.0);
    for w in by_points.windows(2) {
        assert!(w[0].1 >= w[1].1);
        assert_eq!(w[0].1 == w[1].1, w[0].0 == w[1].0, "ties share the rank: {w:?}");
    }

    // The total rule: each player's totals summed.
    let body = json!({"name": "Au total", "starts": "2026-09-01", "ends": "2027-06-30",
        "rule": {"points": "total"}, "tournaments": ids});
    let (_, v) = call(&app, Method::POST, "/api/seasons", Some(&token), Some(body)).await;
    let total_season = v["id"].as_i64().unwrap();
    let (_, v) = call(
        &app,
        Method::GET,
        &format!("/api/seasons/{total_season}/standings"),
        None,
        None,
    )
    .await;
    let got = rows(&v);
    let mut sums: BTreeMap<PlayerId, i64> = BTreeMap::new();
    for id in &ids {
        for (p, _, total, deals) in own_results(&db, *id) {
            if deals > 0 {
                *sums.entry(p).or_default() += total;
            }
        }
    }
    for (p, sum) in &sums {
        assert_eq!(got[&i64::from(p.get())].1, *sum as f64, "player {p}");
    }

    // A scale: 25, 20, 16 for the first three, nothing beyond.
    let body = json!({"name": "Podiums", "starts": "2026-09-01", "ends": "2027-06-30",
        "rule": {"points": "places", "scale": [25, 20, 16]}, "tournaments": [ids[0]]});
    let (_, v) = call(&app, Method::POST, "/api/seasons", Some(&token), Some(body)).await;
    let (_, v) = call(
        &app,
        Method::GET,
        &format!("/api/seasons/{}/standings", v["id"]),
        None,
        None,
    )
    .await;
    let podium: f64 = rows(&v).values().map(|r| r.1).sum();
    assert_eq!(
        podium, 61.0,
        "25 + 20 + 16 shared among the first three, whatever the ties"
    );

    // Detached: the tournament no longer counts.
    let (status, _) = call(&app, Method::DELETE, &uri, Some(&token), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (_, v) = call(
        &app,
        Method::GET,
        &format!("/api/seasons/{season}/standings"),
        None,
        None,
    )
    .await;
    let after = rows(&v);
    assert!(after
        .values()
        .all(|r| r.3.iter().all(|c| c.0 != i64::from(ids[5].get()))));

    // Audited: made (no tournament), attached and detached (the tournament's log).
    let actions: Vec<(Option<i32>, String)> = audit_log::table
        .filter(audit_log::action.like("season.%"))
        .order(audit_log::id)
        .select((audit_log::tournament_id, audit_log::action))
        .load(&mut *db.conn())
        .unwrap();
    assert_eq!(actions[0], (None, "season.create".into()));
    assert!(actions.contains(&(Some(ids[5].get()), "season.attach".into())));
    assert_eq!(actions.last().unwrap(), &(Some(ids[5].get()), "season.detach".into()));
});

both_backends!(a_corrected_deal_moves_the_season_at_once, |db: TestDb| async move {
    let token = api_token(&db);
    let a = tournament(&db, 0, 12);
    let b = tournament(&db, 1, 16);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let body = json!({"name": "Challenge", "starts": "2026-09-01", "ends": "2027-06-30",
        "rule": {"points": "total"}, "tournaments": [a.id, b.id]});
    let (_, v) = call(&app, Method::POST, "/api/seasons", Some(&token), Some(body)).await;
    let uri = format!("/api/seasons/{}/standings", v["id"]);
    let (_, before) = call(&app, Method::GET, &uri, None, None).await;
    // Read twice: the second from memory, the same.
    let (_, again) = call(&app, Method::GET, &uri, None, None).await;
    assert_eq!(before, again);
    // Table 1 of round 2 (still open) of the first tournament: its taker
    // now loses its garde heavily.
    let table = &a.rounds[1][0];
    let taker = table.players[1];
    let deal = json!({"taker": taker, "contract": "garde_contre", "oudlers": 0, "points": 10});
    let (status, v) = call(
        &app,
        Method::PUT,
        &format!("/api/tables/{}/deals/1", table.token),
        None,
        Some(deal),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let (_, after) = call(&app, Method::GET, &uri, None, None).await;
    assert_ne!(before, after, "the correction shows in the season at once");
    let (b_rows, a_rows) = (rows(&before), rows(&after));
    assert!(a_rows[&i64::from(taker.get())].1 < b_rows[&i64::from(taker.get())].1);
    // And matches the tournaments' own totals.
    let mut sums: BTreeMap<i64, i64> = BTreeMap::new();
    for id in [a.id, b.id] {
        for (p, _, total, deals) in own_results(&db, id) {
            if deals > 0 {
                *sums.entry(i64::from(p.get())).or_default() += total;
            }
        }
    }
    for (p, sum) in sums {
        assert_eq!(a_rows[&p].1, sum as f64);
    }
});

both_backends!(refusals_say_why_and_write_nothing, |db: TestDb| async move {
    let token = api_token(&db);
    let t = tournament(&db, 0, 12);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let good = json!({"name": "Challenge", "starts": "2026-09-01", "ends": "2027-06-30", "rule": {"points": "places"}});
    let (status, _) = call(&app, Method::POST, "/api/seasons", None, Some(good.clone())).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    for (patch, words) in [
        (json!({"rule": {"points": "elo"}}), "unknown points \"elo\""),
        (
            json!({"rule": {"points": "percent", "participation": 2}}),
            "no participation points",
        ),
        (json!({"rule": {"points": "places", "best_of": 0}}), "best_of"),
        (json!({"ends": "2026-08-01"}), "ends (2026-08-01) before it starts"),
        (json!({"starts": "1 sept"}), "not a YYYY-MM-DD date"),
        (json!({"name": " "}), "needs a name"),
    ] {
        let mut body = good.clone();
        for (k, v) in patch.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (status, v) = call(&app, Method::POST, "/api/seasons", Some(&token), Some(body)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{patch}: {v}");
        assert!(v["error"].as_str().unwrap().contains(words), "{patch}: {v}");
    }
    let n: i64 = chelem::db::schema::seasons::table
        .count()
        .get_result(&mut *db.conn())
        .unwrap();
    assert_eq!(n, 0, "nothing written");
    let (_, v) = call(&app, Method::POST, "/api/seasons", Some(&token), Some(good)).await;
    let id = v["id"].as_i64().unwrap();
    for uri in [
        format!("/api/seasons/{}/tournaments/{}", id + 1, t.id),
        format!("/api/seasons/{id}/tournaments/999"),
    ] {
        let (status, _) = call(&app, Method::PUT, &uri, Some(&token), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
    }
    let (status, _) = call(
        &app,
        Method::GET,
        &format!("/api/seasons/{}/standings", id + 1),
        None,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // An empty season ranks nobody.
    let (status, v) = call(&app, Method::GET, &format!("/api/seasons/{id}/standings"), None, None).await;
    assert_eq!((status, v), (StatusCode::OK, json!([])));
});

both_backends!(percent_is_the_mean_of_duplicate_percentages, |db: TestDb| async move {
    let token = api_token(&db);
    let mut ids = Vec::new();
    for k in 0..2usize {
        let from = 3 * k;
        let t = TournamentBuilder::new(format!("Duplicate {k}"))
            .duplicate(2)
            .rounds(2)
            .seed(k as u64 + 3)
            .named(move |i| name(from + i))
            .licence(move |i| format!("{:07}", from + i + 100))
            .players(12)
            .seated(2)
            .deals(deal)
            .build(&mut db.conn());
        ids.push(t.id);
    }
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let body = json!({"name": "Duplicate", "starts": "2026-01-01", "ends": "2027-12-31",
        "rule": {"points": "percent"}, "tournaments": ids});
    let (_, v) = call(&app, Method::POST, "/api/seasons", Some(&token), Some(body)).await;
    let (_, v) = call(
        &app,
        Method::GET,
        &format!("/api/seasons/{}/standings", v["id"]),
        None,
        None,
    )
    .await;
    let got = rows(&v);
    let mut pcts: BTreeMap<i64, Vec<f64>> = BTreeMap::new();
    for id in &ids {
        let (_, s) = call(
            &app,
            Method::GET,
            &format!("/api/tournaments/{id}/standings"),
            None,
            None,
        )
        .await;
        for r in s.as_array().unwrap() {
            if r["deals"].as_u64().unwrap() > 0 {
                pcts.entry(r["player"].as_i64().unwrap())
                    .or_default()
                    .push(r["percent"].as_f64().unwrap());
            }
        }
    }
    assert_eq!(got.len(), pcts.len());
    for (p, list) in pcts {
        let mean = list.iter().sum::<f64>() / list.len() as f64;
        assert!((got[&p].1 - mean).abs() < 0.011, "player {p}: {} ≠ {mean}", got[&p].1);
    }
});

/// The queries of a season's standings do not grow with its tournaments.
fn season_queries(db: &TestDb) {
    let all = six(db);
    let mut counts = Vec::new();
    for n in [2usize, 6] {
        let ids: Vec<TournamentId> = all.iter().take(n).map(|t| t.id).collect();
        let mut conn = db.conn();
        let id: SeasonId = chelem::db::write(&mut conn, |tx| {
            let new =
                chelem::db::ops::seasons::new_season("S", "2026-01-01", "2027-01-01", &json!({"points": "places"}))
                    .unwrap();
            chelem::db::ops::seasons::create(tx, &new, &ids, "test", None)
        })
        .unwrap();
        let count = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let c = count.clone();
        use diesel::connection::{Connection, InstrumentationEvent};
        conn.set_instrumentation(move |e: InstrumentationEvent<'_>| {
            if matches!(e, InstrumentationEvent::StartQuery { .. }) {
                c.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
        });
        let s = read::standings(&mut conn, id, Audience::Public).unwrap();
        conn.set_instrumentation(|_: InstrumentationEvent<'_>| {});
        assert_eq!(s.tournaments.len(), n);
        counts.push(count.load(std::sync::atomic::Ordering::Relaxed));
    }
    println!("a season's standings: {counts:?} queries for 2 and 6 tournaments");
    assert_eq!(counts[0], counts[1], "queries grow with the tournaments: {counts:?}");
    assert!(counts[1] <= 10, "{counts:?}");
}

crate::test_case!(season_queries_sqlite);
fn season_queries_sqlite() {
    season_queries(&TestDb::sqlite());
}

crate::test_case!(season_queries_postgres, Postgres);
fn season_queries_postgres() {
    season_queries(&TestDb::postgres());
}

both_backends!(the_pages_show_the_season_and_make_one, |db: TestDb| async move {
    use common::http::{get, login, post};
    common::create_user(&db, common::http::USER, common::http::PASSWORD);
    let a = tournament(&db, 0, 12);
    let b = tournament(&db, 1, 16);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let mut jar = common::Jar::default();
    login(&app, &mut jar).await;

    // The organizer's page offers presets that say what they do.
    let (status, page, _) = get(&app, &jar, "/seasons").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("1er de 28 : 28 points"), "{page}");
    assert!(page.contains("les 10 meilleurs résultats comptent"), "{page}");
    // A refused form: 422, the sentence, the form as typed, nothing made.
    let (status, page, _) = post(
        &app,
        &mut jar,
        "/seasons",
        &[
            ("name", "Challenge"),
            ("starts", "2027-07-01"),
            ("ends", "2027-06-30"),
            ("preset", "places"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    assert!(
        page.contains("La saison finit (2027-06-30) avant de commencer (2027-07-01)."),
        "{page}"
    );
    assert!(page.contains("value=\"Challenge\""), "{page}");
    // Made with the first tournament, best 1, 2 points for taking part.
    let first = a.id.to_string();
    let (status, _, to) = post(
        &app,
        &mut jar,
        "/seasons",
        &[
            ("name", "Challenge du mardi"),
            ("starts", "2026-09-01"),
            ("ends", "2027-06-30"),
            ("preset", "places"),
            ("best_of", "1"),
            ("participation", "2"),
            ("tournaments", first.as_str()),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let to = to.unwrap();
    // The second attached from the season's page.
    let (status, _, _) = post(
        &app,
        &mut jar,
        &format!("{to}/tournaments"),
        &[("tournament", &b.id.to_string())],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);

    // Anyone reads it: each row says which results counted.
    let (status, page, _) = get(&app, &common::Jar::default(), &to).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Challenge du mardi"), "{page}");
    assert!(
        page.contains("le meilleur résultat compte ; 2 points par tournoi joué"),
        "{page}"
    );
    assert!(page.contains("Mardi 1") && page.contains("Mardi 2"), "{page}");
    assert!(
        page.contains("(non retenu)"),
        "a player of both has one result left out: {page}"
    );
    assert!(page.contains("data-live=\"/api/seasons/"), "{page}");
    // The CSV: BOM, `;`, decimal commas, one line per player.
    let (status, csv, _) = get(&app, &common::Jar::default(), &format!("{to}/standings.csv")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(csv.starts_with('\u{feff}'), "{csv}");
    let lines: Vec<&str> = csv.trim_start_matches('\u{feff}').lines().collect();
    assert!(
        lines[0].starts_with("Place;Nom;Club;Points;Joués;Résultats retenus;Mardi 1 (2026-10-01);Mardi 2 (2026-10-02)"),
        "{}",
        lines[0]
    );
    let id: SeasonId = to.trim_start_matches("/seasons/").parse().unwrap();
    let s = read::standings(&mut db.conn(), id, Audience::Public).unwrap();
    assert_eq!(lines.len(), s.lines.len() + 1);
    assert!(
        lines[1].starts_with(&format!("1;{};Tarot Club;", s.lines[0].name)),
        "{}",
        lines[1]
    );
    // The projector and the A4 (the organizer's).
    let (status, page, _) = get(&app, &common::Jar::default(), &format!("{to}/projector")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains(&s.lines[0].name), "{page}");
    let (status, page, _) = get(&app, &jar, &format!("{to}/print")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("print.css"), "{page}");
});

/// A club's spreadsheet of two past evenings: Anne by licence (known),
/// Bruno by name and club (known), the others new.
const PAST: &str = "\u{feff}date;tournoi;joueur;club;licence;place;total;donnes
2026-09-08;Mardi de rentrée;Anne;TCL;0000101;1;120;12
2026-09-08;Mardi de rentrée;Bruno;TCL;;2;40;12
2026-09-08;Mardi de rentrée;Carla;TCL;;2;40;12
2026-09-08;Mardi de rentrée;Denis;TCL;;4;-200;12
15/09/2026;Mardi 2;Bruno;TCL;;1;75;8
15/09/2026;Mardi 2;Anne;TCL;0000101;2;-75;8
";

both_backends!(a_past_is_brought_in_or_refused_whole, |db: TestDb| async move {
    let token = api_token(&db);
    let known = TournamentBuilder::new("Déjà là")
        .names(["Anne", "Bruno", "Zoé", "Yann"])
        .club(|_| "TCL".into())
        .licence(|i| if i == 0 { "0000101".into() } else { String::new() })
        .build(&mut db.conn());
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let body = json!({"name": "Challenge", "starts": "2026-09-01", "ends": "2027-06-30", "rule": {"points": "places"}});
    let (_, v) = call(&app, Method::POST, "/api/seasons", Some(&token), Some(body)).await;
    let season = v["id"].as_i64().unwrap();
    let uri = format!("/api/seasons/{season}/import");
    let counts = |db: &TestDb| -> (i64, i64, i64) {
        use chelem::db::schema::{past_results, players, tournaments};
        let mut c = db.conn();
        (
            tournaments::table.count().get_result(&mut *c).unwrap(),
            players::table.count().get_result(&mut *c).unwrap(),
            past_results::table.count().get_result(&mut *c).unwrap(),
        )
    };
    let before = counts(&db);
    // Each inconsistency: 422, the sentence naming the line, nothing written.
    for (file, words) in [
        (
            PAST.replace("Carla;TCL;;2;40", "Carla;TCL;;2;41"),
            "line 4: the same place as line 3 but another total",
        ),
        (
            PAST.replace("Denis;TCL;;4", "Denis;TCL;;5"),
            "line 5: place 5 does not follow; place 4 was expected",
        ),
        (
            PAST.replace("Denis;TCL;;4", "Denis;TCL;;3"),
            "line 5: place 3 does not follow; place 4 was expected",
        ),
        (
            PAST.replace("Carla;TCL;;2", "Bruno;TCL;;2"),
            "line 4: this player is already in this tournament (line 3)",
        ),
        (
            PAST.replace("15/09/2026", "15/09/2027"),
            "line 6: 2027-09-15 is outside the season",
        ),
        (
            PAST.replace(
                ";12\n2026-09-08;Mardi de rentrée;Denis",
                ";douze\n2026-09-08;Mardi de rentrée;Denis",
            ),
            "line 4: \"deals\" must be a whole number",
        ),
    ] {
        let req = test::TestRequest::post()
            .uri(&uri)
            .insert_header(("Authorization", format!("Bearer {token}")))
            .insert_header(("Content-Type", "text/csv"))
            .set_payload(file.clone())
            .to_request();
        let resp = test::call_service(&app, req).await;
        assert_eq!(resp.status(), StatusCode::UNPROCESSABLE_ENTITY, "{words}");
        let v: Value = serde_json::from_slice(&test::read_body(resp).await).unwrap();
        assert!(v["error"].as_str().unwrap().contains(words), "{words}: {v}");
        assert_eq!(counts(&db), before, "nothing written: {words}");
    }
    // The good file: two closed tournaments, attached, players matched.
    let req = test::TestRequest::post()
        .uri(&uri)
        .insert_header(("Authorization", format!("Bearer {token}")))
        .set_payload(PAST)
        .to_request();
    let resp = test::call_service(&app, req).await;
    assert_eq!(resp.status(), StatusCode::CREATED);
    let v: Value = serde_json::from_slice(&test::read_body(resp).await).unwrap();
    assert_eq!(v["tournaments"].as_array().unwrap().len(), 2, "{v}");
    let after = counts(&db);
    assert_eq!(
        (after.0 - before.0, after.1 - before.1, after.2 - before.2),
        (2, 2, 6),
        "Carla and Denis new"
    );
    let (_, v) = call(
        &app,
        Method::GET,
        &format!("/api/seasons/{season}/standings"),
        None,
        None,
    )
    .await;
    let got = rows(&v);
    let (anne, bruno) = (i64::from(known.players[0].get()), i64::from(known.players[1].get()));
    // Anne: 1st of 4 (4 points) and 2nd of 2 (1); Bruno: tied 2nd of 4 ((3 + 2) / 2) and 1st of 2 (2).
    assert_eq!(got[&anne].1, 5.0);
    assert_eq!(got[&bruno].1, 4.5);
    assert_eq!(got.len(), 4);
});

/// A season's live stream (`/api/seasons/{id}/events`) takes in a
/// tournament attached after it opened: it says so at the attach, then at
/// each deal entered there, over a real socket.
fn the_stream_takes_in_a_tournament_attached_later(db: TestDb) {
    use common::client::Client;
    use common::server::Server;
    use common::sse::Sse;
    // How long an event may take: long, for a loaded 2-core machine (the
    // test fails only when an event never comes).
    const WAIT: std::time::Duration = std::time::Duration::from_secs(20);
    let token = api_token(&db);
    let a = tournament(&db, 0, 12);
    let b = tournament(&db, 1, 12);
    let server = Server::start(db.state());
    let c = Client::new(&server.url());
    let body = json!({"name": "Circuit", "starts": "2026-09-01", "ends": "2027-06-30",
        "rule": {"points": "total"}, "tournaments": [a.id]});
    let made = c.call("POST", "/api/seasons", Some(&token), Some(&body));
    assert_eq!(made.status, 201, "{:?}", made.body);
    let id = made.body["id"].as_i64().unwrap();
    let mut sse = Sse::open(&server.addr, &format!("/api/seasons/{id}/events"), None);
    assert_eq!(sse.status, 200);
    // A deal corrected in `a` first: once the stream tells of it, the
    // server's hub is up and reading every event.
    let put_deal = |table: &common::builder::Table, points: i64| {
        let deal = json!({"taker": table.players[0], "contract": "garde", "oudlers": 1, "points": points});
        let put = c.call(
            "PUT",
            &format!("/api/tables/{}/deals/1", table.token),
            None,
            Some(&deal),
        );
        assert_eq!(put.status, 200, "{:?}", put.body);
    };
    put_deal(&a.rounds[1][0], 50);
    let e = sse.next(WAIT).expect("an event about a");
    assert_eq!((e.event.as_str(), e.json()), ("standings", json!({"tournament": a.id})));
    let path = format!("/api/seasons/{id}/tournaments/{}", b.id);
    let attach = c.call("PUT", &path, Some(&token), None);
    assert_eq!(attach.status, 204, "{:?}", attach.body);
    // The attach is told; then a correction in `b` reaches the stream too.
    let mut of_b = |what: &str| loop {
        let e = sse
            .next(WAIT)
            .unwrap_or_else(|| panic!("no event about b at the {what}"));
        assert_eq!(e.event, "standings", "{e:?}");
        if e.json() == json!({"tournament": b.id}) {
            break;
        }
        assert_eq!(e.json(), json!({"tournament": a.id}), "{e:?}");
    };
    of_b("attach");
    let table = &b.rounds[1][0];
    put_deal(table, 10);
    of_b("deal");
    let rows = c.call("GET", &format!("/api/seasons/{id}/standings"), None, None);
    let taker = rows
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["player"] == table.players[0].get());
    assert!(taker.is_some(), "the tournament attached later ranks: {:?}", rows.body);
}

on_both!(the_stream_takes_in_a_tournament_attached_later);
