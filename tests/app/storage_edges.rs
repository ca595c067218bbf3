//! Input cleaned at the edge and rounds in order, on both databases: control
//! characters and numbers out of range answer a 422 sentence (never a 500 or
//! a parser's message) and store nothing; the next round waits for the close
//! of the previous one unless the organizer forces it, and a round with deals
//! missing closes only when forced.

use crate::common;

use actix_web::http::{Method, StatusCode};
use actix_web::test;
use common::builder::TournamentBuilder;
use common::http::{api_token, call, get, login, post, PASSWORD, USER};
use common::{create_user, Jar, TestDb};
use diesel::prelude::*;
use serde_json::{json, Value};

use chelem::db::schema::{players, rounds};
use chelem::tournament::ids::TournamentId;

fn count_players(db: &TestDb) -> i64 {
    players::table.count().get_result(&mut *db.conn()).unwrap()
}

/// A tournament with eight present players; its id.
fn tournament(db: &TestDb) -> TournamentId {
    TournamentBuilder::new("Open")
        .rounds(3)
        .seed(1)
        .players(8)
        .build_in(&db.state())
        .id
}

both_backends!(control_characters_are_refused_everywhere, |db: TestDb| async move {
    let token = api_token(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let id = tournament(&db);
    let before = count_players(&db);

    // In a JSON body.
    let (status, v) = call(
        &app,
        Method::POST,
        &format!("/api/tournaments/{id}/players"),
        Some(&token),
        Some(json!({"name": "Nul\u{0}Byte", "club": "Club"})),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("control character"), "{v}");
    assert_eq!(count_players(&db), before);

    // In a form, answered in French.
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let (status, body, _) = post(
        &app,
        &mut jar,
        &format!("/tournaments/{id}/players"),
        &[("name", "Escape\u{1b}[31m"), ("club", "Club")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("caractère de contrôle"), "{body}");
    assert_eq!(count_players(&db), before);

    // In a table token's path, percent-encoded, on the API and on the pages.
    let (status, v) = call(
        &app,
        Method::PUT,
        "/api/tables/ab%00cd/deals/1",
        None,
        Some(json!({"passed": true})),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("control character"), "{v}");
    let (status, body, _) = get(&app, &jar, "/t/ab%00cd").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("caractère de contrôle"), "{body}");
    // And in a search.
    let (status, _, _) = get(&app, &jar, "/players?q=%00").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
});

both_backends!(
    numbers_out_of_range_are_a_422_wherever_they_stand,
    |db: TestDb| async move {
        create_user(&db, USER, PASSWORD);
        let app = test::init_service(chelem::chelem_app!(db.state())).await;
        let id = tournament(&db);
        let mut jar = Jar::default();
        login(&app, &mut jar).await;

        let (status, v) = call(&app, Method::GET, "/api/tournaments/99999999999/standings", None, None).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert!(v["error"].as_str().unwrap().contains("99999999999"), "{v}");
        let (status, v) = call(
            &app,
            Method::GET,
            &format!("/api/tournaments/{id}/standings?round=99999999999"),
            None,
            None,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        let (status, body, _) = get(&app, &jar, "/tournaments/99999999999").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            body.contains("99999999999") && body.contains("pas un nombre possible"),
            "{body}"
        );
        // A word where a number belongs is a page that does not exist.
        let (status, _, _) = get(&app, &jar, "/tournaments/abc").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        // A number that fits but names nothing, too.
        let (status, _, _) = get(&app, &jar, "/tournaments/424242").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
);

both_backends!(next_round_waits_for_the_close_unless_forced, |db: TestDb| async move {
    let token = api_token(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let id = tournament(&db);
    let rounds_uri = format!("/api/tournaments/{id}/rounds");
    let (status, v) = call(&app, Method::POST, &rounds_uri, Some(&token), None).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");

    // Round 1 is open: round 2 is refused, nothing is created.
    let (status, v) = call(&app, Method::POST, &rounds_uri, Some(&token), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");
    assert!(v["error"].as_str().unwrap().contains("Round 1 is still open"), "{v}");
    let count = || -> i64 { rounds::table.count().get_result(&mut *db.conn()).unwrap() };
    assert_eq!(count(), 1);

    // From the organizer's page too, with the sentence in French.
    let mut jar = Jar::default();
    login(&app, &mut jar).await;
    let (status, body, _) = post(
        &app,
        &mut jar,
        &format!("/tournaments/{id}/rounds"),
        &[("expected", "2")],
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body.contains("La partie 1 est encore en cours"), "{body}");
    assert_eq!(count(), 1);

    // Forced: round 1 is closed (deals missing and all), round 2 seated.
    let (status, v) = call(
        &app,
        Method::POST,
        &rounds_uri,
        Some(&token),
        Some(json!({"close_previous": true})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!(v["round"], json!(2));
    let (_, r1) = call(&app, Method::GET, &format!("{rounds_uri}/1"), Some(&token), None).await;
    assert_eq!(r1["closed"], Value::Bool(true), "{r1}");
    // The forced close is in the audit log.
    let (_, audit, _) = get(&app, &jar, &format!("/tournaments/{id}/audit")).await;
    assert!(audit.contains("round.force_close"), "{audit}");
    // A table of round 1 can no longer write.
    let t1 = r1["tables"][0]["token"].as_str().unwrap();
    let (status, _) = call(
        &app,
        Method::PUT,
        &format!("/api/tables/{t1}/deals/1"),
        None,
        Some(json!({"passed": true})),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
});

both_backends!(closing_an_incomplete_round_needs_force, |db: TestDb| async move {
    let token = api_token(&db);
    let app = test::init_service(chelem::chelem_app!(db.state())).await;
    let id = tournament(&db);
    let rounds_uri = format!("/api/tournaments/{id}/rounds");
    let (status, v) = call(&app, Method::POST, &rounds_uri, Some(&token), None).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    // Table 1 enters its first deal; every other deal is missing.
    let t1 = v["tables"][0]["token"].as_str().unwrap().to_owned();
    let deal1 = format!("/api/tables/{t1}/deals/1");
    let (status, v) = call(&app, Method::PUT, &deal1, None, Some(json!({"passed": true}))).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let close = format!("{rounds_uri}/1/close");
    let closed = |db: &TestDb| -> bool {
        let at: Option<chrono::NaiveDateTime> = rounds::table.select(rounds::closed_at).first(&mut *db.conn()).unwrap();
        at.is_some()
    };

    // Without force, with no body or with force false: 409 naming the
    // tables, and the round stays open (the table still writes).
    for body in [None, Some(json!({})), Some(json!({"force": false}))] {
        let (status, v) = call(&app, Method::POST, &close, Some(&token), body.clone()).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body:?}: {v}");
        assert_eq!(
            v["error"],
            json!("deals are missing at tables 1, 2: enter them, or force the closing"),
            "{v}"
        );
        assert!(!closed(&db), "{body:?}");
    }
    let (status, v) = call(&app, Method::PUT, &deal1, None, Some(json!({"passed": true}))).await;
    assert_eq!(status, StatusCode::OK, "the round is still open: {v}");

    // Forced: closed, logged as a forced close, and the table can no longer write.
    let (status, v) = call(&app, Method::POST, &close, Some(&token), Some(json!({"force": true}))).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v, json!({"round": 1, "closed": true}));
    assert!(closed(&db));
    let (_, r1) = call(&app, Method::GET, &format!("{rounds_uri}/1"), Some(&token), None).await;
    assert_eq!(r1["closed"], json!(true), "{r1}");
    let actions: Vec<String> = chelem::db::schema::audit_log::table
        .select(chelem::db::schema::audit_log::action)
        .load(&mut *db.conn())
        .unwrap();
    assert!(actions.iter().any(|a| a == "round.force_close"), "{actions:?}");
    let (status, _) = call(&app, Method::PUT, &deal1, None, Some(json!({"passed": true}))).await;
    assert_eq!(status, StatusCode::CONFLICT);
});
