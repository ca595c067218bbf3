//! A player across tournaments (FORMATS.md, "Seasons": `GET
//! /api/players/{id}`), on both databases: the same directory entry in two
//! tournaments (registered by licence), each tournament with its date, the
//! player's place of how many, total and deals, as the standings give them;
//! a rating from every deal played (docs/rating.md) that puts the player
//! who makes every contract they take above the others; never the licence.

use crate::common;

use actix_web::http::{Method, StatusCode};
use actix_web::test;
use serde_json::{json, Value};

use chelem::tournament::ids::PlayerId;
use common::builder::{Table, TournamentBuilder};
use common::http::call;
use common::TestDb;

/// The first player registered: a fresh database gives them id 1.
const STAR: i32 = 1;

/// Deal `k` of `table`: the star takes a garde and makes it by 10 where
/// they play; elsewhere a garde falls by 10.
fn deal(table: &Table, k: i32) -> Option<Value> {
    let star = PlayerId::new(STAR);
    let taker = if table.players.contains(&star) {
        star
    } else {
        table.players[(k as usize) % table.players.len()]
    };
    let points = if taker == star { 51 } else { 31 };
    Some(json!({"taker": taker.get(), "contract": "garde", "oudlers": 2, "points": points}))
}

fn evening(db: &TestDb, name: &str, date: &str) -> common::builder::Built {
    TournamentBuilder::new(name)
        .date(date)
        .players(8)
        .named(|i| format!("Joueur {i}"))
        .licence(|i| format!("{}", 7_100_000 + i))
        .seated(2)
        .deals(deal)
        .build_in(&db.state())
}

both_backends!(a_player_across_tournaments_with_a_rating, |db: TestDb| async move {
    let first = evening(&db, "Mardi 1", "2026-11-10");
    let second = evening(&db, "Mardi 2", "2026-11-17");
    assert_eq!(first.players[0], PlayerId::new(STAR));
    assert_eq!(second.players, first.players, "the same directory entries, by licence");
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let (status, v) = call(&app, Method::GET, &format!("/api/players/{STAR}"), None, None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["id"], STAR);
    assert_eq!(v["name"], "Joueur 0");
    assert!(v.get("licence").is_none() && !v.to_string().contains("7100000"), "{v}");
    let ts = v["tournaments"].as_array().unwrap();
    assert_eq!(ts.len(), 2, "{v}");
    for (t, built, date) in [(&ts[0], &first, "2026-11-10"), (&ts[1], &second, "2026-11-17")] {
        assert_eq!(t["tournament"], built.id.get());
        assert_eq!(t["date"], date);
        assert_eq!(t["rank"], 1, "the star wins: {t}");
        assert_eq!(t["of"], 8);
        assert!(t["total"].as_i64().unwrap() > 0, "{t}");
        // Two rounds of the builder's deals at a table of 4.
        let (_, standings) = call(
            &app,
            Method::GET,
            &format!("/api/tournaments/{}/standings", built.id),
            None,
            None,
        )
        .await;
        let line = standings
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["player"] == STAR)
            .unwrap()
            .clone();
        assert_eq!(t["total"], line["total"], "{t} {line}");
        assert_eq!(t["deals"], line["deals"], "{t} {line}");
    }
    // The rating: the star above everyone, the mean at 1500.
    let star = v["rating"].as_f64().expect("a rating");
    let mut others = Vec::new();
    for p in first.players.iter().skip(1) {
        let (status, o) = call(&app, Method::GET, &format!("/api/players/{p}"), None, None).await;
        assert_eq!(status, StatusCode::OK);
        others.push(o["rating"].as_f64().expect("rated"));
    }
    assert!(others.iter().all(|r| *r < star), "{star} above {others:?}");
    let mean = (star + others.iter().sum::<f64>()) / 8.0;
    assert!((mean - 1500.0).abs() < 0.1, "{mean}");
    // No one by that id: 404 with a sentence.
    let (status, v) = call(&app, Method::GET, "/api/players/9999", None, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{v}");
});

/// The rating of `pid` as the page writes it in French, computed from
/// scratch from the database (what the kept rating must equal).
fn rating_from_scratch(db: &TestDb, pid: PlayerId) -> String {
    let mut conn = db.conn();
    let r = chelem::db::ops::ratings::ratings(&mut conn)
        .unwrap()
        .expect("rated")
        .of(pid)
        .expect("the player is rated")
        .rating;
    format!("{r:.1}").replace('.', ",")
}

both_backends!(the_player_page_across_tournaments, |db: TestDb| async move {
    let first = evening(&db, "Mardi 1", "2026-11-10");
    let second = evening(&db, "Mardi 2", "2026-11-17");
    let token = common::http::api_token(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let body = json!({"name": "Challenge du club", "starts": "2026-09-01", "ends": "2027-06-30",
        "rule": {"points": "places"}, "tournaments": [first.id, second.id]});
    let (status, season) = call(&app, Method::POST, "/api/seasons", Some(&token), Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{season}");
    let jar = common::Jar::default();
    let (status, page, _) = common::http::get(&app, &jar, &format!("/players/{STAR}")).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(
        page.contains("<h1>Joueur 0</h1>") || page.contains("Joueur 0</bdi></h1>"),
        "{page}"
    );
    assert!(!page.contains("7100000"), "never the licence: {page}");
    // The rating, as computed from every deal, and over how many deals.
    let star = PlayerId::new(STAR);
    let rating = rating_from_scratch(&db, star);
    assert!(page.contains(&format!("Cote : {rating}")), "{rating}: {page}");
    assert!(page.contains("sur 16 donnes"), "{page}");
    // Both tournaments, the latest first, each with the place of how many
    // and the rating after it; the chart has a dot for each.
    let second_row = page.find(&format!("data-tournament=\"{}\"", second.id)).expect("row 2");
    let first_row = page.find(&format!("data-tournament=\"{}\"", first.id)).expect("row 1");
    assert!(second_row < first_row, "the latest first");
    assert_eq!(
        page.matches("<td class=\"num\">1 / 8</td>").count(),
        3,
        "two tournaments and the season: {page}"
    );
    assert!(
        page.contains("10 novembre 2026") && page.contains("17 novembre 2026"),
        "{page}"
    );
    assert!(page.contains("class=\"chart rating\""), "{page}");
    assert_eq!(page.matches("<circle ").count(), 2, "{page}");
    assert!(
        page.contains(&format!("17 novembre 2026, Mardi 2 : {rating}")),
        "{page}"
    );
    // The season they rank in, linked; the season's page links back.
    assert!(page.contains(&format!("href=\"/seasons/{}\"", season["id"])), "{page}");
    let (_, season_page, _) = common::http::get(&app, &jar, &format!("/seasons/{}", season["id"])).await;
    assert!(
        season_page.contains(&format!("href=\"/players/{STAR}\"")),
        "{season_page}"
    );

    // A correction at the star's table of the first tournament's last round
    // (still open): their garde now falls. The page shows the rating
    // computed again from every deal, at once.
    let table = first.rounds[1]
        .iter()
        .find(|t| t.players.contains(&star))
        .expect("the star's table");
    let falls = json!({"taker": STAR, "contract": "garde_contre", "oudlers": 0, "points": 10});
    let uri = format!("/api/tables/{}/deals/1", table.token);
    let (status, v) = call(&app, Method::PUT, &uri, None, Some(falls)).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let (_, after, _) = common::http::get(&app, &jar, &format!("/players/{STAR}")).await;
    let moved = rating_from_scratch(&db, star);
    assert_ne!(moved, rating, "the correction moves the rating");
    assert!(after.contains(&format!("Cote : {moved}")), "{moved}: {after}");
    let (_, v) = call(&app, Method::GET, &format!("/api/players/{STAR}"), None, None).await;
    assert_eq!(format!("{:.1}", v["rating"].as_f64().unwrap()).replace('.', ","), moved);

    // In English; unknown players and bots are not found.
    let mut english = common::Jar::default();
    english.0.insert("chelem_lang".into(), "en".into());
    let (_, en, _) = common::http::get(&app, &english, &format!("/players/{STAR}")).await;
    assert!(en.contains(&format!("Rating: {}", moved.replace(',', "."))), "{en}");
    assert!(en.contains("10 Nov 2026") || en.contains("10 November 2026"), "{en}");
    let (status, _, _) = common::http::get(&app, &jar, "/players/9999").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
});
