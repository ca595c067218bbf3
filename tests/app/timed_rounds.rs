//! Timed rounds (FORMATS.md, "Timed rounds and fair standings"), on the real
//! HTTP server and both databases, with rounds of a few seconds: the
//! setting and the round's minutes refused with a sentence naming the
//! field; before the bell every slot enters, after it only the deal in
//! progress at the bell and corrections (the next slot: 409 with the
//! sentence, nothing changed); the digital table deals no new deal after
//! the bell, and no table switches to the devices after it; the end moved by the API (audited, the round document's
//! `ends_at` moved, `event: clock` on the stream).

use crate::common;

use std::time::Duration;

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use serde_json::{json, Value};

use chelem::db::models::{AuditAction, AuditEntry, Tournament};
use chelem::tournament::ids::TournamentId;
use common::builder::TournamentBuilder;
use common::client::Client;
use common::http::api_token;
use common::seats::{choose, my_turn};
use common::server::Server;
use common::sse::Sse;
use common::TestDb;

const WAIT: Duration = Duration::from_secs(10);

fn time(v: &Value) -> NaiveDateTime {
    let s = v.as_str().unwrap_or_else(|| panic!("not a time: {v}"));
    DateTime::parse_from_rfc3339(s)
        .unwrap_or_else(|e| panic!("{s}: {e}"))
        .naive_utc()
}

/// Waits until the bell at `end` has rung (the server and the test share
/// the machine's clock).
fn wait_for_bell(end: NaiveDateTime) {
    loop {
        let left = end - Utc::now().naive_utc();
        if left < chrono::Duration::milliseconds(-300) {
            return;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A table of the round started: its token and its players in seat order.
struct Seated {
    token: String,
    players: Vec<i64>,
}

fn seated(answer: &Value) -> Vec<Seated> {
    answer["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| Seated {
            token: t["token"].as_str().unwrap().to_owned(),
            players: t["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_i64().unwrap())
                .collect(),
        })
        .collect()
}

fn garde(table: &Seated, points: i64) -> Value {
    json!({"taker": table.players[0], "contract": "garde", "oudlers": 2, "points": points})
}

fn put(c: &Client, token: &str, k: i32, body: &Value) -> (u16, Value) {
    let a = c.call("PUT", &format!("/api/tables/{token}/deals/{k}"), None, Some(body));
    (a.status, a.body)
}

fn tournaments(db: &TestDb) -> usize {
    Tournament::list(&mut db.conn()).unwrap().len()
}

/// `round_minutes` and `minutes`: a positive number (fractions allowed) or
/// nothing; anything else 422 with a sentence naming the field, nothing made.
fn setting_validation(db: TestDb) {
    let org = api_token(&db);
    let server = Server::start(db.state());
    let c = Client::new(&server.url());
    for bad in [
        json!("abc"),
        json!(0),
        json!(-5),
        json!(1441),
        json!(0.001),
        json!(true),
    ] {
        let before = tournaments(&db);
        let a = c.call(
            "POST",
            "/api/tournaments",
            Some(&org),
            Some(&json!({"name": "Chrono", "rounds": 2, "round_minutes": bad})),
        );
        assert_eq!(a.status, 422, "{bad}: {}", a.body);
        let error = a.body["error"].as_str().unwrap_or_default();
        assert!(error.contains("round_minutes"), "{bad}: {error}");
        assert_eq!(tournaments(&db), before, "{bad}: nothing made");
    }
    for (given, seconds) in [
        (json!(60), Some(3600)),
        (json!(0.05), Some(3)),
        (json!("1.5"), Some(90)),
        (Value::Null, None),
    ] {
        let a = c.call(
            "POST",
            "/api/tournaments",
            Some(&org),
            Some(&json!({"name": "Chrono", "rounds": 2, "round_minutes": given})),
        );
        assert_eq!(a.status, 201, "{given}: {}", a.body);
        let id = TournamentId::new(a.body["id"].as_i64().unwrap() as i32);
        let t = Tournament::find(&mut db.conn(), id).unwrap().unwrap();
        assert_eq!(t.round_length.map(|l| l.seconds()), seconds, "{given}");
    }
    // The round's own minutes.
    let t = TournamentBuilder::new("Chrono").players(8).build_in(&db.state());
    let a = c.call(
        "POST",
        &format!("/api/tournaments/{}/rounds", t.id),
        Some(&org),
        Some(&json!({"minutes": "bientôt"})),
    );
    assert_eq!(a.status, 422, "{}", a.body);
    assert!(
        a.body["error"].as_str().unwrap_or_default().contains("minutes"),
        "{}",
        a.body
    );
    let a = c.call("GET", &format!("/api/tournaments/{}/rounds/1", t.id), Some(&org), None);
    assert_eq!(a.status, 404, "no round seated: {}", a.body);
    // Untimed: no ends_at.
    let a = c.call("POST", &format!("/api/tournaments/{}/rounds", t.id), Some(&org), None);
    assert_eq!(a.status, 201, "{}", a.body);
    assert!(a.body.get("ends_at").is_none(), "{}", a.body);
}

/// A round of 3 seconds: the bell, the deal in progress, the clock moved.
fn the_bell(db: TestDb) {
    let org = api_token(&db);
    let server = Server::start(db.state());
    let c = Client::new(&server.url());
    let built = TournamentBuilder::new("Chrono")
        .rounds(2)
        .deals_table4(4)
        .players(8)
        .build_in(&db.state());
    let id = built.id;
    let mut sse = Sse::open(&server.addr, &format!("/api/tournaments/{id}/events"), None);
    let a = c.call(
        "POST",
        &format!("/api/tournaments/{id}/rounds"),
        Some(&org),
        Some(&json!({"minutes": 0.05})),
    );
    assert_eq!(a.status, 201, "{}", a.body);
    let end = time(&a.body["ends_at"]);
    let clock = sse.next_named("clock", WAIT).expect("event: clock at the start");
    let data = clock.json();
    assert_eq!(
        (data["round"].clone(), time(&data["ends_at"])),
        (json!(1), end),
        "{data}"
    );
    let now = time(&data["now"]);
    assert!(now < end && end - now <= chrono::Duration::seconds(3), "{data}");
    let doc = c.call("GET", &format!("/api/tournaments/{id}/rounds/1"), Some(&org), None);
    assert_eq!(time(&doc.body["ends_at"]), end, "{}", doc.body);

    let tables = seated(&a.body);
    let (t1, t2) = (&tables[0], &tables[1]);
    // Before the bell: any slot.
    assert_eq!(put(&c, &t1.token, 1, &garde(t1, 51)).0, 200);
    assert_eq!(put(&c, &t2.token, 1, &garde(t2, 51)).0, 200);
    assert_eq!(put(&c, &t2.token, 3, &garde(t2, 40)).0, 200);
    wait_for_bell(end);

    // Table 1 was playing deal 2 at the bell: it enters it, and corrects deal 1.
    assert_eq!(put(&c, &t1.token, 2, &garde(t1, 60)).0, 200);
    assert_eq!(put(&c, &t1.token, 1, &garde(t1, 30)).0, 200, "a correction");
    let (status, body) = put(&c, &t1.token, 3, &garde(t1, 45));
    assert_eq!(status, 409, "{body}");
    let error = body["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("Time is up") && error.contains("deal 2") && error.contains("deal 3"),
        "{error}"
    );
    // Table 2 had deals 1 and 3: deal 2 was in progress; 4 is too late.
    assert_eq!(put(&c, &t2.token, 4, &garde(t2, 45)).0, 409);
    assert_eq!(put(&c, &t2.token, 2, &garde(t2, 45)).0, 200);
    let doc = c.call("GET", &format!("/api/tournaments/{id}/rounds/1"), Some(&org), None);
    let deals = |t: usize| -> Vec<i64> {
        doc.body["tables"][t]["deals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["deal"].as_i64().unwrap())
            .collect()
    };
    assert_eq!((deals(0), deals(1)), (vec![1, 2], vec![1, 2, 3]), "nothing else stored");

    // The organizer moves the end a minute later: table 1 enters deal 3.
    let path = format!("/api/tournaments/{id}/rounds/1/clock");
    let a = c.call("POST", &path, Some(&org), Some(&json!({"add_minutes": "five"})));
    assert_eq!(a.status, 422, "{}", a.body);
    assert_eq!(
        c.call("POST", &path, None, Some(&json!({"add_minutes": 1}))).status,
        401
    );
    let a = c.call("POST", &path, Some(&org), Some(&json!({"add_minutes": 1})));
    assert_eq!(a.status, 200, "{}", a.body);
    let moved = end + chrono::Duration::seconds(60);
    assert_eq!(time(&a.body["ends_at"]), moved);
    let clock = sse.next_named("clock", WAIT).expect("event: clock when the end moves");
    assert_eq!(time(&clock.json()["ends_at"]), moved, "{clock:?}");
    let doc = c.call("GET", &format!("/api/tournaments/{id}/rounds/1"), Some(&org), None);
    assert_eq!(time(&doc.body["ends_at"]), moved);
    assert_eq!(put(&c, &t1.token, 3, &garde(t1, 45)).0, 200);
    let audit = AuditEntry::for_tournament(&mut db.conn(), id).unwrap();
    let entry = audit
        .iter()
        .find(|e| e.action == AuditAction::ClockMoved)
        .expect("the move is in the audit log");
    assert_eq!(entry.actor, common::http::USER);
    assert!(
        entry
            .after_json
            .as_deref()
            .unwrap_or_default()
            .contains(&chelem::tournament::clock::rfc3339(moved)),
        "{entry:?}"
    );
    // An untimed round has no end to move.
    let a = c.call(
        "POST",
        &format!("/api/tournaments/{id}/rounds"),
        Some(&org),
        Some(&json!({"close_previous": true, "minutes": null})),
    );
    assert_eq!(a.status, 201, "{}", a.body);
    let a = c.call(
        "POST",
        &format!("/api/tournaments/{id}/rounds/2/clock"),
        Some(&org),
        Some(&json!({"add_minutes": 5})),
    );
    assert_eq!(a.status, 409, "{}", a.body);
}

/// A digital table: the deal under way at the bell finishes and counts;
/// no new deal is dealt after it.
fn digital_bell(db: TestDb) {
    let org = api_token(&db);
    let server = Server::start_with(db.state(), 2);
    let c = Client::new(&server.url());
    let built = TournamentBuilder::new("Chrono numérique")
        .rounds(2)
        .deals_table4(3)
        .round_minutes("0.05")
        .seed(3)
        .players(8)
        .seated(1)
        .build_in(&db.state());
    let id = built.id;
    let end = built.rounds[0][0].round.ends_at.expect("a timed round");
    let a = c.call(
        "POST",
        &format!("/api/tournaments/{id}/rounds/1/tables/1/digital"),
        Some(&org),
        None,
    );
    assert_eq!(a.status, 201, "{}", a.body);
    let game = a.body["game"].as_i64().unwrap();
    for s in 1..4 {
        let set = c.call(
            "POST",
            &format!("/api/games/{game}/seats/{s}"),
            Some(&org),
            Some(&json!({"bot": "quick"})),
        );
        assert_eq!(set.status, 204, "{}", set.body);
    }
    let token = a.body["seats"][0]["token"].as_str().unwrap().to_owned();
    // Play deal 1 to its end (the bell may ring meanwhile: it finishes).
    loop {
        let v = a_view(&c, &token);
        if v["phase"] == "done" {
            break;
        }
        if my_turn(&v) {
            let a = c.call("POST", &format!("/api/seats/{token}/actions"), None, Some(&choose(&v)));
            assert_eq!(a.status, 200, "{}", a.body);
        } else {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    wait_for_bell(end);
    // The seat is not offered the next deal (its page has no button for it).
    assert_eq!(a_view(&c, &token)["next"], false);
    let page = c.call("GET", &format!("/s/{token}"), None, None);
    assert!(!page.body.as_str().unwrap().contains(r#"name="next""#), "{}", page.body);
    let a = c.call(
        "POST",
        &format!("/api/seats/{token}/actions"),
        None,
        Some(&json!({"next": true})),
    );
    assert_eq!(a.status, 409, "{}", a.body);
    let error = a.body["error"].as_str().unwrap_or_default();
    assert!(error.contains("no new deal starts after the bell"), "{error}");
    let v = a_view(&c, &token);
    assert_eq!(
        (v["deal"].clone(), v["phase"].clone()),
        (json!(1), json!("done")),
        "{v}"
    );
    let doc = c.call("GET", &format!("/api/tournaments/{id}/rounds/1"), Some(&org), None);
    assert_eq!(
        doc.body["tables"][0]["deals"].as_array().map(Vec::len),
        Some(1),
        "{}",
        doc.body
    );
    // Another table switched to the devices after the bell: refused (a
    // switch deals a new deal), with the sentence; no game made.
    let a = c.call(
        "POST",
        &format!("/api/tournaments/{id}/rounds/1/tables/2/digital"),
        Some(&org),
        None,
    );
    assert_eq!(a.status, 409, "{}", a.body);
    let error = a.body["error"].as_str().unwrap_or_default();
    assert!(error.contains("finishes the deal in progress on paper"), "{error}");
    let games: i64 = chelem::db::schema::games::table
        .count()
        .get_result(&mut *db.conn())
        .unwrap();
    assert_eq!(games, 1, "no game made for table 2");
}

fn a_view(c: &Client, token: &str) -> Value {
    let a = c.call("GET", &format!("/api/seats/{token}"), None, None);
    assert_eq!(a.status, 200, "{}", a.body);
    a.body
}

on_both!(the_length_is_a_positive_number_of_minutes, setting_validation);
on_both!(after_the_bell_only_the_deal_in_progress, the_bell);
on_both!(the_devices_deal_nothing_after_the_bell, digital_bell);
