//! One door for every write (`AppState::write`, the deal writer, the bots:
//! `Hub::write`): with the live hub's safety poll switched off, a change
//! made through each write path — a table's form, the API, a human seat's
//! last card, the bots, a CSV import, a round's close — reaches the event
//! stream and drops the cached standings by itself, on both databases.
//! Nothing else would tell the hub: a path that bypassed the door would
//! leave the stream silent and the standings stale until the poll. The same
//! door wakes the games a write changed: every path that changes a game
//! tells its watchers and bots with no call of its own.

use crate::common;

use std::time::{Duration, Instant};

use actix_web::http::StatusCode;
use actix_web::test;
use diesel::prelude::*;
use serde_json::{json, Value};

use chelem::db::ops::visible::Audience;
use chelem::tournament::ids::{GameId, TournamentId};
use chelem::web::live::cache::Lookup;
use chelem::web::live::View;
use chelem::web::{AppState, WebConfig};
use common::builder::TournamentBuilder;
use common::client::Client;
use common::http::{api_token, login, post, upload};
use common::seats::{choose, my_turn, seat_form};
use common::server::Server;
use common::sse::Sse;
use common::{Jar, TestDb};

/// How soon a synchronous write's event must be on the stream.
const PROMPT: Duration = Duration::from_millis(100);
/// How long the bots may take to finish their deals.
const BOTS: Duration = Duration::from_secs(30);

/// The standings of tournament `id` read into the cache (a page read).
async fn warm(state: &AppState, id: TournamentId) {
    state.standings(id, Audience::Public, None).await.expect("standings");
    assert!(matches!(state.hub.cache().lookup(id, View::public()), Lookup::Hit(_)));
}

/// Waits for the event `name` with `data` on the stream, at most `within`
/// (others are skipped); then the cached standings must be gone.
fn heard(sse: &mut Sse, state: &AppState, id: TournamentId, name: &str, data: Value, within: Duration, path: &str) {
    let until = Instant::now() + within;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        let e = sse
            .next_named(name, left)
            .unwrap_or_else(|| panic!("{path}: no {name} event {data} within {within:?}"));
        if e.json() == data {
            break;
        }
    }
    assert!(
        matches!(state.hub.cache().lookup(id, View::public()), Lookup::Miss(_)),
        "{path}: the cached standings outlived the change"
    );
}

fn every_write_path_reaches_the_stream(db: TestDb) {
    actix_web::rt::System::new().block_on(async move {
        let config = WebConfig {
            // The safety poll in hours: only the door tells the hub.
            safety_poll: Some(Duration::from_secs(3600)),
            ..WebConfig::default()
        };
        let state = AppState::new(db.pool.clone(), &db.url, config).expect("app state");
        let server = Server::start_with(state.clone(), 2);
        let client = Client::new(&server.url());
        let app = test::init_service(chelem::chelem_app!(state.clone())).await;
        let org = api_token(&db);
        let mut jar = Jar::default();
        login(&app, &mut jar).await;

        // Four tables of 4, two deals each.
        let t = TournamentBuilder::new("Coupe du club")
            .deals_table4(2)
            .players(16)
            .seated(1)
            .build_in(&state);
        let (id, tables) = (t.id, &t.rounds[0]);
        assert_eq!(tables.len(), 4);
        let token = |t: usize| tables[t].token.clone();
        let player = |t: usize, s: usize| tables[t].players[s].to_string();
        let mut sse = Sse::open(&server.addr, &format!("/api/tournaments/{id}/events"), None);
        assert_eq!(sse.status, 200);
        let deal = |table: i64, k: i64| json!({"round": 1, "table": table, "deal": k});
        // Each write starts after the hub's last read has had its pause.
        let settle = || std::thread::sleep(Duration::from_millis(150));

        // A table's form.
        warm(&state, id).await;
        settle();
        let fields = [
            ("taker", player(0, 0)),
            ("contract", "garde".to_owned()),
            ("oudlers", "2".to_owned()),
            ("points", "45".to_owned()),
            ("camp", "attack".to_owned()),
            ("version", "0".to_owned()),
            ("key", "doors-form-key-1".to_owned()),
        ];
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let (status, body, _) = post(&app, &mut jar, &format!("/t/{}/deals/1", token(0)), &fields).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
        heard(&mut sse, &state, id, "deal", deal(1, 1), PROMPT, "form");

        // The API (the group writer).
        warm(&state, id).await;
        settle();
        let body = json!({"taker": tables[1].players[0], "contract": "petite", "oudlers": 1, "points": 52});
        let a = client.call("PUT", &format!("/api/tables/{}/deals/1", token(1)), None, Some(&body));
        assert_eq!(a.status, 200, "{}", a.body);
        heard(&mut sse, &state, id, "deal", deal(2, 1), PROMPT, "API");

        // A CSV import of late players.
        warm(&state, id).await;
        settle();
        let (status, page) = upload(&app, &jar, id, b"name,club\nLucie Retard,Club\n", "fr").await;
        assert_eq!(status, StatusCode::OK, "{page}");
        heard(&mut sse, &state, id, "standings", json!({"round": 1}), PROMPT, "import");

        // Table 3 plays on the devices, four people: the last card ends the
        // deal in the table's slot.
        let a = client.call(
            "POST",
            &format!("/api/tournaments/{id}/rounds/1/tables/3/digital"),
            Some(&org),
            None,
        );
        assert_eq!(a.status, 201, "{}", a.body);
        let seats: Vec<String> = a.body["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["token"].as_str().unwrap().to_owned())
            .collect();
        loop {
            let views: Vec<Value> = seats
                .iter()
                .map(|t| client.call("GET", &format!("/api/seats/{t}"), None, None).body)
                .collect();
            let (i, view) = views
                .iter()
                .enumerate()
                .find(|(_, v)| my_turn(v))
                .expect("a person's turn until the deal ends");
            warm(&state, id).await;
            settle();
            let a = client.call(
                "POST",
                &format!("/api/seats/{}/actions", seats[i]),
                None,
                Some(&choose(view)),
            );
            assert_eq!(a.status, 200, "{}", a.body);
            let after = client.call("GET", &format!("/api/seats/{}", seats[0]), None, None).body;
            if after["phase"] == "done" {
                heard(&mut sse, &state, id, "deal", deal(3, 1), PROMPT, "a seat's action");
                break;
            }
        }

        // Table 4 plays on the devices, bots in every seat: they play both
        // deals from the server, one step at a time.
        let a = client.call(
            "POST",
            &format!("/api/tournaments/{id}/rounds/1/tables/4/digital"),
            Some(&org),
            None,
        );
        assert_eq!(a.status, 201, "{}", a.body);
        let game = a.body["game"].as_i64().unwrap();
        warm(&state, id).await;
        for s in 0..4 {
            let a = client.call(
                "POST",
                &format!("/api/games/{game}/seats/{s}"),
                Some(&org),
                Some(&json!({"bot": "quick"})),
            );
            assert_eq!(a.status, 204, "{}", a.body);
        }
        heard(&mut sse, &state, id, "deal", deal(4, 1), BOTS, "the bots");
        // They deal the next deal themselves and play it (the standings may
        // have been read again after its commit: no cache check).
        let e = sse.next_named("deal", BOTS).expect("the bots' second deal");
        assert_eq!(e.json(), deal(4, 2));

        // The round's close (deals are missing: forced).
        warm(&state, id).await;
        settle();
        let a = client.call(
            "POST",
            &format!("/api/tournaments/{id}/rounds/1/close"),
            Some(&org),
            Some(&json!({"force": true})),
        );
        assert_eq!(a.status, 200, "{}", a.body);
        heard(
            &mut sse,
            &state,
            id,
            "round",
            json!({"round": 1, "state": "closed"}),
            PROMPT,
            "round close",
        );
        drop(server);
    });
}

crate::test_case!(every_write_path_reaches_the_stream_sqlite);
fn every_write_path_reaches_the_stream_sqlite() {
    every_write_path_reaches_the_stream(TestDb::sqlite());
}

crate::test_case!(every_write_path_reaches_the_stream_postgres, Postgres);
fn every_write_path_reaches_the_stream_postgres() {
    every_write_path_reaches_the_stream(TestDb::postgres());
}

/// How soon a game's watchers must hear of a write that changed it.
const WOKEN: Duration = Duration::from_secs(2);

/// Waits until game `rx` watches has changed since it was last looked at
/// (at most [`WOKEN`]), then marks it seen.
fn woken(rx: &mut tokio::sync::watch::Receiver<u64>, path: &str) {
    let until = Instant::now() + WOKEN;
    while !rx.has_changed().expect("the games outlive the test") {
        assert!(Instant::now() < until, "{path}: the game's watchers were not told");
        std::thread::sleep(Duration::from_millis(5));
    }
    rx.borrow_and_update();
}

/// The id the next game made will have (ids follow each other in a fresh
/// database).
fn next_game(db: &TestDb) -> GameId {
    use chelem::db::schema::games;
    let last: Option<i32> = games::table
        .select(diesel::dsl::max(games::id))
        .first(&mut db.conn())
        .expect("the last game");
    GameId::new(last.unwrap_or(0) + 1)
}

/// One door wakes the games: every write path that changes a game (a casual
/// game made, a seat's action, a bot's move, the pace, a player leaving and
/// taking the seat back, the next deal, a table or a round going on the
/// devices) records it on its unit of work, and the door tells the game's
/// watchers and bots after the commit. No handler calls the games: a path
/// that forgot would leave this test waiting.
fn every_game_write_wakes_the_game(db: TestDb) {
    actix_web::rt::System::new().block_on(async move {
        let state = AppState::new(db.pool.clone(), &db.url, WebConfig::default()).expect("app state");
        let server = Server::start_with(state.clone(), 2);
        let client = Client::new(&server.url());
        let org = api_token(&db);
        let view = |t: &str| client.call("GET", &format!("/api/seats/{t}"), None, None).body;
        let act = |t: &str, body: &Value| {
            let a = client.call("POST", &format!("/api/seats/{t}/actions"), None, Some(body));
            assert_eq!(a.status, 200, "{}", a.body);
        };

        // A casual game: a person in seat 0, bots elsewhere.
        let game = next_game(&db);
        let mut rx = state.games.watch(game);
        let body = json!({"players": 4, "bots": [1, 2, 3], "deals": 2, "pace": "instant"});
        let a = client.call("POST", "/api/games", Some(&org), Some(&body));
        assert_eq!(a.status, 201, "{}", a.body);
        assert_eq!(a.body["game"], json!(game.get()));
        let me = a.body["seats"][0]["token"].as_str().unwrap().to_owned();
        woken(&mut rx, "a casual game made");

        // The person plays deal 1 out; each of their actions tells the
        // watchers, and the bots' moves after it tell them again.
        let start = Instant::now();
        let (mut acted, mut bot_heard) = (false, false);
        loop {
            assert!(start.elapsed() < BOTS, "deal 1 did not end");
            let v = view(&me);
            if v["phase"] == "done" {
                break;
            }
            if !my_turn(&v) {
                std::thread::sleep(Duration::from_millis(5));
                continue;
            }
            act(&me, &choose(&v));
            if !acted {
                woken(&mut rx, "a seat's action");
                acted = true;
            }
            if !bot_heard && view(&me)["phase"] != "done" && !my_turn(&view(&me)) {
                // Seen after the person's action: only a bot's move tells now.
                rx.borrow_and_update();
                woken(&mut rx, "a bot's move");
                bot_heard = true;
            }
        }
        assert!(acted && bot_heard, "the person and the bots both played");

        let post = |path: &str, body: Value| {
            let a = client.call("POST", path, Some(&org), Some(&body));
            assert_eq!(a.status, 204, "{path}: {}", a.body);
        };
        rx.borrow_and_update();
        post(&format!("/api/games/{game}/pace"), json!({"pace": "slow"}));
        woken(&mut rx, "the pace");
        let left = seat_form(&server.addr, &format!("/s/{me}/leave"), &[]);
        assert_eq!(left.status, 303, "{}", left.body);
        woken(&mut rx, "a player leaving");
        post(&format!("/api/games/{game}/seats/0"), json!({"bot": null}));
        woken(&mut rx, "a seat taken back");
        act(&me, &json!({"next": true}));
        woken(&mut rx, "the next deal");

        // A tournament table on the devices, then a round whose table of
        // robots starts on the devices.
        let t = TournamentBuilder::new("Coupe").players(8).seated(1).build_in(&state);
        let game = next_game(&db);
        let mut rx = state.games.watch(game);
        let path = format!("/api/tournaments/{}/rounds/1/tables/1/digital", t.id);
        let a = client.call("POST", &path, Some(&org), None);
        assert_eq!(a.status, 201, "{}", a.body);
        woken(&mut rx, "a table on the devices");

        let body = json!({"name": "D", "rounds": 1, "format": "duplicate", "deals_per_round": 1,
                          "fill_with_bots": true});
        let a = client.call("POST", "/api/tournaments", Some(&org), Some(&body));
        assert_eq!(a.status, 201, "{}", a.body);
        let d = a.body["id"].as_i64().unwrap();
        for name in ["Ana", "Bea", "Cyd", "Dan", "Eve"] {
            let a = client.call(
                "POST",
                &format!("/api/tournaments/{d}/players"),
                Some(&org),
                Some(&json!({"name": name})),
            );
            assert_eq!(a.status, 201, "{}", a.body);
        }
        let game = next_game(&db);
        let mut rx = state.games.watch(game);
        let a = client.call(
            "POST",
            &format!("/api/tournaments/{d}/rounds"),
            Some(&org),
            Some(&json!({})),
        );
        assert_eq!(a.status, 201, "{}", a.body);
        woken(&mut rx, "a round starting a table of robots");
        drop(server);
    });
}

crate::test_case!(every_game_write_wakes_the_game_sqlite);
fn every_game_write_wakes_the_game_sqlite() {
    every_game_write_wakes_the_game(TestDb::sqlite());
}

crate::test_case!(every_game_write_wakes_the_game_postgres, Postgres);
fn every_game_write_wakes_the_game_postgres() {
    every_game_write_wakes_the_game(TestDb::postgres());
}
