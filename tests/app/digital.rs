//! Deals played on the devices, through the seat routes of FORMATS.md
//! ("Digital play: seats") on the real HTTP server, on both databases: whole
//! deals at 3, 4 and 5 with bots in the other seats; a digital tournament
//! table (and a table of 5 whose dealer sits out) landing in the standings;
//! double taps and actions out of turn; a privacy scan of every answer of a
//! whole deal; and a server killed in the middle of a deal.

use crate::common;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use chelem::tarot::{Card, CardSet, Game, GameLog, Seat};
use chelem::tournament::ids::GameId;
use common::browser::RealServer;
use common::builder::TournamentBuilder;
use common::client::{Answer, Client};
use common::seats::{choose, my_turn, play_game, seat_form};
use common::server::Server;
use common::TestDb;
use serde_json::{json, Value};

/// The bot at a game's seat, as stored.
fn seat_bot(db: &TestDb, game: i64, seat: i32) -> Option<String> {
    use chelem::db::schema::game_seats;
    use diesel::prelude::*;
    game_seats::table
        .filter(game_seats::game_id.eq(game as i32))
        .filter(game_seats::seat.eq(seat))
        .select(game_seats::bot)
        .first(&mut *db.conn())
        .unwrap()
}

fn api_token(db: &TestDb) -> String {
    common::http::api_token(db)
}

fn log_of(client: &Client, game: i64, deal: i64) -> GameLog {
    let a = client.call("GET", &format!("/api/games/{game}/log?deal={deal}"), None, None);
    assert_eq!(a.status, 200, "{}", a.body);
    serde_json::from_value(a.body).unwrap()
}

/// Starts a casual game by the API: its id and the links of its people's
/// seats, in seat order (bot seats have none).
fn new_game(client: &Client, org: &str, body: Value) -> (i64, Vec<String>) {
    let a = client.call("POST", "/api/games", Some(org), Some(&body));
    assert_eq!(a.status, 201, "{}", a.body);
    let tokens = a.body["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["token"].as_str().map(str::to_owned))
        .collect();
    (a.body["game"].as_i64().unwrap(), tokens)
}

/// A casual game at `players` with one human seat (0) and bots elsewhere.
fn casual_with_bots(db: TestDb, players: u8) {
    let org = api_token(&db);
    let server = Server::start_with(db.state(), 2);
    let client = Client::new(&server.url());
    let bots: Vec<u8> = (1..players).collect();
    let a = client.call(
        "POST",
        "/api/games",
        Some(&org),
        Some(&json!({"players": players, "bots": bots, "seed": 40 + u64::from(players), "deals": 2})),
    );
    assert_eq!(a.status, 201, "{}", a.body);
    let game = a.body["game"].as_i64().unwrap();
    let seats = a.body["seats"].as_array().unwrap();
    assert_eq!(seats.len(), usize::from(players));
    assert!(
        seats[1..].iter().all(|s| s.get("token").is_none()),
        "bot seats have no token: {}",
        a.body
    );
    let token = seats[0]["token"].as_str().unwrap().to_owned();
    // The log of a deal in progress is the organizer's only.
    let a = client.call("GET", &format!("/api/games/{game}/log"), None, None);
    assert_eq!(a.status, 409, "{}", a.body);
    assert_eq!(
        client
            .call("GET", &format!("/api/games/{game}/log"), Some(&org), None)
            .status,
        200
    );

    let end = play_game(&client, &[token], &mut |_, _| {});
    let v = &end[0];
    assert_eq!(v["deal"], 2);
    assert_eq!(v["phase"], "done");
    // Each deal's log replays to its scores, which sum to zero, and the
    // totals shown are their sums.
    let mut totals = vec![0i64; usize::from(players)];
    for deal in 1..=2 {
        let log = log_of(&client, game, deal);
        assert_eq!(log.players, players);
        let replayed = Game::replay(players, log.dealer, log.seed, &log.actions()).unwrap();
        assert_eq!(replayed.scores().unwrap(), log.scores);
        assert_eq!(log.scores.iter().sum::<i64>(), 0);
        if log.taker.is_some() {
            assert_eq!(log.tricks.len(), log.hands[0].len(), "every trick is in the log");
        }
        for (t, s) in log.scores.iter().enumerate() {
            totals[t] += s;
        }
    }
    assert_eq!(v["totals"], json!(totals));
    assert_eq!(v["scores"], json!(log_of(&client, game, 2).scores));
}

/// A casual game created with a seed: the seed deals the first deal (its
/// log, public once it is over, says so), and tells nothing of the deals to
/// come: they are not the deals `chelem simulate --seed` would deal next
/// (seed + 1, seed + 2), which anyone could otherwise read in advance.
fn seeded_game(db: TestDb) {
    let org = api_token(&db);
    let server = Server::start_with(db.state(), 2);
    let client = Client::new(&server.url());
    let seed = 17u64;
    let (game, tokens) = new_game(
        &client,
        &org,
        json!({"players": 4, "bots": [1, 2, 3], "seed": seed, "deals": 3}),
    );
    play_game(&client, &tokens, &mut |_, _| {});
    let first = log_of(&client, game, 1);
    assert_eq!(first.seed, seed, "the seed given deals the first deal");
    let dealt = |dealer: Seat, seed: u64| -> Vec<CardSet> {
        let g = Game::replay(4, dealer, seed, &[]).unwrap();
        Seat::all(4).map(|s| g.hand(s)).collect()
    };
    for k in 2..=3u64 {
        let log = log_of(&client, game, k as i64);
        let predicted = seed + k - 1;
        assert_ne!(log.seed, predicted, "deal {k}'s seed follows from the first deal's");
        assert_ne!(
            dealt(log.dealer, log.seed),
            dealt(log.dealer, predicted),
            "deal {k} is the deal `chelem simulate --seed {seed}` deals"
        );
        let replayed = Game::replay(4, log.dealer, log.seed, &log.actions()).unwrap();
        assert_eq!(
            replayed.scores().unwrap(),
            log.scores,
            "deal {k} replays from its own seed"
        );
        // The system's seeds stay within what a JSON number carries exactly
        // (2^53 - 1): the replay's JavaScript reads back the seed itself.
        assert!(log.seed < 1 << 53, "deal {k}'s seed {} past 2^53", log.seed);
    }
    // A script's seed too: 2^53 - 1 is taken, 2^53 refused with a sentence.
    let largest = (1u64 << 53) - 1;
    new_game(&client, &org, json!({"players": 4, "bots": [1, 2, 3], "seed": largest}));
    let refused = client.call(
        "POST",
        "/api/games",
        Some(&org),
        Some(&json!({"players": 4, "bots": [1, 2, 3], "seed": largest + 1})),
    );
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused.body["error"].as_str().unwrap().contains("9007199254740991"),
        "{}",
        refused.body
    );
}

/// A digital table of a tournament: seat 0 played by the test, the others
/// by bots; its deals land in the table's slots and the standings.
fn tournament_table(db: TestDb, players: usize) {
    let org = api_token(&db);
    let server = Server::start_with(db.state(), 2);
    let client = Client::new(&server.url());
    let id = TournamentBuilder::new("Coupe numérique")
        .rounds(2)
        .deals_table4(2)
        .deals_table5(2)
        .seed(3)
        .players(players)
        .named(|i| format!("Joueuse {i}"))
        .seated(1)
        .build_in(&db.state())
        .id;
    // The standings read before the game (and kept in the cache): the deals
    // the bots finish must show in them all the same.
    assert_eq!(
        client
            .call("GET", &format!("/api/tournaments/{id}/standings"), None, None)
            .status,
        200
    );
    // Anonymous callers cannot set a table to digital play.
    let path = format!("/api/tournaments/{id}/rounds/1/tables/1/digital");
    assert_eq!(client.call("POST", &path, None, None).status, 401);
    let a = client.call("POST", &path, Some(&org), None);
    assert_eq!(a.status, 201, "{}", a.body);
    let game = a.body["game"].as_i64().unwrap();
    let seats = a.body["seats"].as_array().unwrap().clone();
    assert_eq!(seats.len(), players);
    for s in 1..players {
        let a = client.call(
            "POST",
            &format!("/api/games/{game}/seats/{s}"),
            Some(&org),
            Some(&json!({"bot": "quick"})),
        );
        assert_eq!(a.status, 204, "{}", a.body);
    }
    // A body that does not say which bot (or null) is refused with a
    // sentence, never taken as "give the seat back": seat 1 keeps its bot.
    for body in [
        json!([]),
        Value::Null,
        json!(12),
        json!({}),
        json!({"bots": "quick"}),
        json!(true),
    ] {
        let a = client.call("POST", &format!("/api/games/{game}/seats/1"), Some(&org), Some(&body));
        assert_eq!(a.status, 422, "{body}: {}", a.body);
        let sentence = a.body["error"].as_str().unwrap_or_default();
        assert!(sentence.contains("\"bot\": null"), "{body}: {}", a.body);
    }
    assert_eq!(seat_bot(&db, game, 1).as_deref(), Some("quick"), "seat 1 keeps its bot");
    let token = seats[0]["token"].as_str().unwrap().to_owned();
    let first = client.call("GET", &format!("/api/seats/{token}"), None, None).body;
    if players == 5 {
        // FFT mode: the dealer of deal 1 (seat 0) sits out and sees no hand.
        assert_eq!(first["sitting_out"], true, "{first}");
        assert_eq!(first["hand"], json!([]));
        assert_eq!(first["players"], 4);
        let a = client.call(
            "POST",
            &format!("/api/seats/{token}/actions"),
            None,
            Some(&json!({"bid": "pass"})),
        );
        assert_eq!(a.status, 409, "{}", a.body);
    }
    let end = play_game(&client, &[token], &mut |_, _| {});
    assert_eq!(end[0]["deal"], 2);

    // The table's deals are in its slots, and the standings add them up.
    let round = client.call("GET", &format!("/api/tournaments/{id}/rounds/1"), Some(&org), None);
    assert_eq!(round.status, 200, "{}", round.body);
    let standings = client.call("GET", &format!("/api/tournaments/{id}/standings"), None, None);
    assert_eq!(standings.status, 200);
    let by_player: BTreeMap<i64, i64> = standings
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["player"].as_i64().unwrap(), r["total"].as_i64().unwrap()))
        .collect();
    let totals = end[0]["totals"].as_array().unwrap();
    for (s, seat) in seats.iter().enumerate() {
        let p = seat["player"].as_i64().unwrap();
        assert_eq!(
            by_player[&p],
            totals[s].as_i64().unwrap(),
            "player {p} at seat {s}: {}",
            standings.body
        );
    }
    // A deal in a slot is a deal like any other: a table cannot make digital
    // a table that already has deals.
    assert_eq!(
        client.call("POST", &path, Some(&org), None).status,
        201,
        "asking again answers the same game"
    );
    // The log and the replay of a finished deal are the organizer's until
    // the round closes, public afterwards.
    let log_path = format!("/api/games/{game}/log?deal=1");
    let replay = format!("/games/{game}/replay?deal=1");
    assert_eq!(
        client.call("GET", &log_path, None, None).status,
        404,
        "the log while the round is open"
    );
    assert_eq!(client.call("GET", &log_path, Some(&org), None).status, 200);
    assert_eq!(
        client.call("GET", &replay, None, None).status,
        404,
        "the replay while the round is open"
    );
    let close = format!("/api/tournaments/{id}/rounds/1/close");
    let a = client.call("POST", &close, Some(&org), Some(&json!({})));
    assert_eq!(a.status, 200, "{}", a.body);
    let log = log_of(&client, game, 1);
    assert_eq!(log.players, 4);
    assert_eq!(client.call("GET", &replay, None, None).status, 200);
}

/// Double taps and actions out of turn: one action stored, clear refusals.
fn taps_and_turns(db: TestDb) {
    let org = api_token(&db);
    let server = Server::start_with(db.state(), 4);
    let client = Client::new(&server.url());
    let (_, tokens) = new_game(&client, &org, json!({"players": 4, "seed": 5}));
    assert_eq!(tokens.len(), 4);
    let view = |t: &str| client.call("GET", &format!("/api/seats/{t}"), None, None).body;
    let v0 = view(&tokens[0]);
    let to_act = v0["to_act"].as_u64().unwrap() as usize;
    let other = (to_act + 1) % 4;
    // Out of turn: 409, a sentence naming whose turn it is, nothing stored.
    let a = client.call(
        "POST",
        &format!("/api/seats/{}/actions", tokens[other]),
        None,
        Some(&json!({"bid": "pass"})),
    );
    assert_eq!(a.status, 409, "{}", a.body);
    assert!(a.body["error"].as_str().unwrap().contains("turn"), "{}", a.body);
    // Against a rule: 422. Unknown action: 422. Malformed: 400.
    let path = format!("/api/seats/{}/actions", tokens[to_act]);
    let a = client.call("POST", &path, None, Some(&json!({"card": "KH"})));
    assert_eq!(a.status, 409, "a card during the bidding: {}", a.body);
    let a = client.call("POST", &path, None, Some(&json!({"dance": true})));
    assert_eq!(a.status, 422, "{}", a.body);
    let a = client.call("POST", &path, None, Some(&json!({"bid": "grande"})));
    assert_eq!(a.status, 422, "{}", a.body);
    assert_eq!(view(&tokens[0])["version"], 0, "nothing was stored");
    // The same bid tapped twice at once, from the same page: stored once.
    let body = json!({"bid": "garde", "version": 0});
    let answers: Vec<Answer> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..2)
            .map(|_| {
                let base = server.url();
                let (path, body) = (path.clone(), body.clone());
                s.spawn(move || Client::new(&base).call("POST", &path, None, Some(&body)))
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for a in &answers {
        assert_eq!(a.status, 200, "{}", a.body);
    }
    let v = view(&tokens[0]);
    assert_eq!(v["version"], 1, "one bid stored: {v}");
    assert_eq!(v["bids"].as_array().unwrap().len(), 1);
    // A tap from a page that is out of date (another action since) is refused.
    let a = client.call("POST", &path, None, Some(&json!({"bid": "garde_sans", "version": 0})));
    assert_eq!(a.status, 409, "{}", a.body);
    // An unknown seat link is a 404.
    assert_eq!(client.call("GET", "/api/seats/nope", None, None).status, 404);
}

/// The cards `seat` may not know after `n` actions of the deal of `log`.
fn hidden_from(log: &GameLog, n: usize, seat: Seat) -> CardSet {
    let actions = log.actions();
    let g = Game::replay(log.players, log.dealer, log.seed, &actions[..n]).unwrap();
    let public_dog = if g.dog_public() { g.dog() } else { CardSet::EMPTY };
    let mut hidden = CardSet::EMPTY;
    for o in Seat::all(log.players).filter(|o| *o != seat) {
        hidden = hidden.or(g.hand(o).minus(g.handful(o)).minus(public_dog));
    }
    // Once the deal is over, the dog and the écart are shown to everyone
    // (the seat page's end of deal).
    let over = g.phase() == chelem::tarot::Phase::Done;
    if !g.dog_public() && !over {
        hidden = hidden.or(g.dog());
    }
    if g.taker() != Some(seat) && !over {
        hidden = hidden.or(g.discard().minus(CardSet::TRUMPS).minus(public_dog));
    }
    hidden
}

/// A whole deal played by four people through the API, every answer kept
/// (views, action answers, the seat pages, the seat streams); then each
/// checked against the cards its seat could not know at that moment.
fn privacy_scan(db: TestDb) {
    let org = api_token(&db);
    let server = Server::start_with(db.state(), 4);
    let client = Client::new(&server.url());
    let (game, tokens) = new_game(&client, &org, json!({"players": 4, "seed": 77}));
    assert_eq!(tokens.len(), 4);
    let mut streams: Vec<common::sse::Sse> = tokens
        .iter()
        .map(|t| common::sse::Sse::open(&server.addr, &format!("/s/{t}/events"), None))
        .collect();
    // (seat, version, text)
    let mut seen: Vec<(usize, i64, String)> = Vec::new();
    let mut pages = 0;
    play_game(&client, &tokens, &mut |i, a| {
        let version = a.body["version"].as_i64().unwrap();
        seen.push((i, version, a.body.to_string()));
        if version % 7 == 0 {
            let page = client.call("GET", &format!("/s/{}", tokens[i]), None, None);
            assert_eq!(page.status, 200);
            let page = page.body.as_str().unwrap().to_owned();
            let v = page
                .split("data-version=\"")
                .nth(1)
                .and_then(|r| r.split('"').next())
                .and_then(|x| x.parse::<i64>().ok())
                .expect("the page says its version");
            seen.push((i, v, page));
            pages += 1;
        }
    });
    assert!(pages > 10, "the seat pages were scanned too");
    for (i, s) in streams.iter_mut().enumerate() {
        let mut text = String::new();
        while let Some(e) = s.next(Duration::from_millis(300)) {
            text.push_str(&format!("event: {}\ndata: {}\n", e.event, e.data));
        }
        assert!(text.contains("event: change"), "seat {i}'s stream told of changes");
        seen.push((i, 0, text));
    }
    let log = log_of(&client, game, 1);
    assert!(log.taker.is_some(), "a contract was played");
    let mut checked = 0;
    for (seat, version, text) in &seen {
        let hidden = hidden_from(&log, *version as usize, Seat(*seat as u8));
        for c in hidden.iter() {
            let quoted = format!("\"{c}\"");
            assert!(
                !text.contains(&quoted) && !text.contains(&format!("data-card=\"{c}\"")),
                "seat {seat} saw {c} at version {version}, a card it cannot know"
            );
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked} hidden cards checked");
    // The scan would see a leak: each seat's first view shows its own hand.
    let first = &seen[0];
    let own: Vec<Card> = log.hands[first.0]
        .iter()
        .filter(|c| first.2.contains(&format!("\"{c}\"")))
        .copied()
        .collect();
    assert_eq!(own.len(), log.hands[first.0].len());
}

/// A deal killed in the middle (SIGKILL) resumes exactly where it was: the
/// views are the same after the restart, bots go on by themselves, and the
/// deal plays to its end.
fn restart(database_url: Option<&str>) {
    let mut server = RealServer::on(database_url);
    let org = server.api_token();
    let client = Client::new(&server.url());
    let (_, tokens) = new_game(&client, &org, json!({"players": 4, "seed": 9, "bots": [2]}));
    assert_eq!(tokens.len(), 3);
    // Play until 30 actions are stored.
    let start = Instant::now();
    loop {
        assert!(start.elapsed() < Duration::from_secs(60));
        let views: Vec<Value> = tokens
            .iter()
            .map(|t| client.call("GET", &format!("/api/seats/{t}"), None, None).body)
            .collect();
        if views[0]["version"].as_i64().unwrap() >= 30 {
            break;
        }
        if let Some((i, v)) = views.iter().enumerate().find(|(_, v)| my_turn(v)) {
            let a = client.call(
                "POST",
                &format!("/api/seats/{}/actions", tokens[i]),
                None,
                Some(&choose(v)),
            );
            assert_eq!(a.status, 200, "{}", a.body);
        } else {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    let before: Vec<Value> = tokens
        .iter()
        .map(|t| client.call("GET", &format!("/api/seats/{t}"), None, None).body)
        .collect();
    server.kill();
    server.restart();
    let client = Client::new(&server.url());
    let after: Vec<Value> = tokens
        .iter()
        .map(|t| client.call("GET", &format!("/api/seats/{t}"), None, None).body)
        .collect();
    // The bot may have gone on since (it was its turn): compare at the same version.
    if before[0]["version"] == after[0]["version"] {
        assert_eq!(before, after, "the deal is exactly where it was");
    } else {
        assert!(after[0]["version"].as_i64() > before[0]["version"].as_i64());
    }
    let end = play_game(&client, &tokens, &mut |_, _| {});
    assert_eq!(end[0]["phase"], "done");
}

/// A test on SQLite and one on PostgreSQL (ignored without a server, a
/// failure under CI); the body makes its databases with the function given.
macro_rules! on_both {
    ($name:ident, $body:expr) => {
        mod $name {
            use super::*;
            fn sqlite() {
                ($body)(&|| TestDb::sqlite());
            }
            fn postgres() {
                ($body)(&|| TestDb::postgres());
            }
            crate::test_case!(sqlite);
            crate::test_case!(postgres, Postgres);
        }
    };
}

on_both!(casual_games_at_3_4_5_and_6, |db: &dyn Fn() -> TestDb| {
    for players in 3..=6 {
        casual_with_bots(db(), players);
    }
});

on_both!(digital_tables_land_in_the_standings, |db: &dyn Fn() -> TestDb| {
    tournament_table(db(), 4);
    tournament_table(db(), 5);
});

on_both!(
    a_game_seed_tells_nothing_of_the_deals_to_come,
    |db: &dyn Fn() -> TestDb| { seeded_game(db()) }
);

/// The bots' pace: chosen when the game is made (an unknown one refused
/// with a sentence, nothing made), stored with the game, shown on the seat
/// page, and changed from a seat's page.
fn bots_pace(db: TestDb) {
    use chelem::bots::Pace;
    use chelem::db::models::GameRow;
    let org = api_token(&db);
    let server = Server::start_with(db.state(), 2);
    let client = Client::new(&server.url());
    let games = |db: &TestDb| GameRow::casual(&mut db.conn()).unwrap();
    let a = client.call(
        "POST",
        "/api/games",
        Some(&org),
        Some(&json!({"players": 4, "pace": "fast"})),
    );
    assert_eq!(a.status, 422, "{}", a.body);
    assert!(a.body["error"].as_str().unwrap().contains("\"slow\""), "{}", a.body);
    assert!(games(&db).is_empty(), "nothing was made");
    let (game, tokens) = new_game(&client, &org, json!({"players": 4, "bots": [1, 2, 3], "pace": "slow"}));
    let row = |db: &TestDb| {
        GameRow::find(&mut db.conn(), GameId::new(game as i32))
            .unwrap()
            .unwrap()
    };
    assert_eq!(row(&db).pace, Pace::Slow);
    let page = client.call("GET", &format!("/s/{}", tokens[0]), None, None);
    let page = page.body.as_str().unwrap().to_owned();
    assert!(
        page.contains(r#"value="slow" class="small" aria-pressed="true""#),
        "{page}"
    );
    // The seat's page sets it (a form with the page's CSRF token).
    let post = |pace: &str| seat_form(&server.addr, &format!("/s/{}/pace", tokens[0]), &[("pace", pace)]);
    assert_eq!(post("instant").status, 303);
    assert_eq!(row(&db).pace, Pace::Instant);
    assert_eq!(post("warp").status, 422, "an unknown pace is refused");
    assert_eq!(row(&db).pace, Pace::Instant, "and changes nothing");
    // Made without one: normal.
    new_game(&client, &org, json!({"players": 3}));
    assert_eq!(games(&db)[0].pace, Pace::Normal);
}

/// Between two deals a player leaves the table from the seat's page: a bot
/// takes the seat (never in the middle of a deal: refused with a sentence,
/// nothing changed), the points stay the seat's, and the same link takes it
/// back.
fn leave_and_come_back(db: TestDb) {
    let org = api_token(&db);
    let server = Server::start_with(db.state(), 2);
    let client = Client::new(&server.url());
    let (_, tokens) = new_game(&client, &org, json!({"players": 4, "bots": [], "deals": 1, "seed": 5}));
    let view = |t: &str| client.call("GET", &format!("/api/seats/{t}"), None, None).body;
    let post = |path: &str| seat_form(&server.addr, path, &[]);
    // A bid made: the deal is under way.
    let first = tokens.iter().find(|t| my_turn(&view(t))).unwrap().clone();
    let a = client.call(
        "POST",
        &format!("/api/seats/{first}/actions"),
        None,
        Some(&json!({"bid": "pass"})),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let leave = format!("/s/{}/leave", tokens[0]);
    let refused = post(&leave);
    assert_eq!(refused.status, 409);
    assert!(
        refused.body.contains("entre deux donnes") || refused.body.contains("between two deals"),
        "{}",
        refused.body
    );
    assert!(view(&tokens[0])["bot"].is_null(), "nothing changed");

    let end = play_game(&client, &tokens, &mut |_, _| {});
    let totals = end[0]["totals"].clone();
    assert_eq!(post(&leave).status, 303);
    let v = view(&tokens[0]);
    assert_eq!(
        v["bot"],
        chelem::bots::BotKind::DEFAULT.name(),
        "a bot plays the seat: {v}"
    );
    assert_eq!(v["totals"], totals, "the points stay");
    let page = client.call("GET", &format!("/s/{}", tokens[0]), None, None);
    assert!(
        page.body.as_str().unwrap().contains("/take-back"),
        "the page offers the seat back"
    );
    assert_eq!(post(&format!("/s/{}/take-back", tokens[0])).status, 303);
    let v = view(&tokens[0]);
    assert!(v["bot"].is_null(), "back at the table: {v}");
    assert_eq!(v["totals"], totals);

    // Alone with three bots: the bots do not play on while the person is
    // away, so the seat can be taken back between the deals.
    let (_, tokens) = new_game(
        &client,
        &org,
        json!({"players": 4, "bots": [1, 2, 3], "deals": 2, "seed": 6, "pace": "instant"}),
    );
    let me = &tokens[0];
    let start = Instant::now();
    loop {
        assert!(start.elapsed() < Duration::from_secs(60), "the deal did not end");
        let v = view(me);
        if v["phase"] == "done" {
            break;
        }
        if my_turn(&v) {
            let a = client.call("POST", &format!("/api/seats/{me}/actions"), None, Some(&choose(&v)));
            assert_eq!(a.status, 200, "{}", a.body);
        } else {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    let totals = view(me)["totals"].clone();
    assert_eq!(post(&format!("/s/{me}/leave")).status, 303);
    std::thread::sleep(Duration::from_millis(500));
    let v = view(me);
    assert_eq!(
        (v["deal"].clone(), v["phase"].clone()),
        (json!(1), json!("done")),
        "the bots wait: {v}"
    );
    assert_eq!(v["totals"], totals);
    assert_eq!(post(&format!("/s/{me}/take-back")).status, 303);
    let a = client.call(
        "POST",
        &format!("/api/seats/{me}/actions"),
        None,
        Some(&json!({"next": true})),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.body["deal"], 2);
}

/// The excuse played to a trick the other camp won, while its camp has no
/// trick to give a card from: every seat's view names the seat that owes,
/// and the seat pages show that excuse face up beside it until the exchange.
fn excuse_owed_shown(db: TestDb) {
    let org = api_token(&db);
    let server = Server::start_with(db.state(), 2);
    let client = Client::new(&server.url());
    let (_, tokens) = new_game(&client, &org, json!({"players": 4, "bots": [], "seed": 0}));
    let view = |t: &str| client.call("GET", &format!("/api/seats/{t}"), None, None).body;
    let mut owed_seen = None;
    for _ in 0..200 {
        let views: Vec<Value> = tokens.iter().map(|t| view(t)).collect();
        let owed: Vec<&Value> = views.iter().map(|v| &v["excuse_owed"]).collect();
        assert!(owed.iter().all(|o| o == &owed[0]), "every seat sees the same: {owed:?}");
        if !owed[0].is_null() {
            let page = client.call("GET", &format!("/s/{}", tokens[0]), None, None);
            let page = page.body.as_str().unwrap().to_owned();
            assert_eq!(page.matches(r#"class="owed""#).count(), 1, "{page}");
            assert!(page.contains(r#"data-card="EX""#));
            owed_seen = Some(owed[0].clone());
            break;
        }
        if views[0]["phase"] == "done" {
            break;
        }
        // A garde when it may, the last legal card (the excuse comes last).
        let (i, v) = views
            .iter()
            .enumerate()
            .find(|(_, v)| my_turn(v))
            .expect("someone to act");
        let mut action = choose(v);
        if v["phase"] == "play" && action.get("card").is_some() {
            action["card"] = v["legal"].as_array().unwrap().last().unwrap().clone();
        }
        let a = client.call(
            "POST",
            &format!("/api/seats/{}/actions", tokens[i]),
            None,
            Some(&action),
        );
        assert_eq!(a.status, 200, "{}", a.body);
    }
    assert!(owed_seen.is_some(), "the deal of seed 0 owes an excuse");
}

on_both!(an_excuse_owed_is_shown_face_up, |db: &dyn Fn() -> TestDb| {
    excuse_owed_shown(db())
});

on_both!(a_player_leaves_between_deals_and_comes_back, |db: &dyn Fn()
    -> TestDb| {
    leave_and_come_back(db())
});

on_both!(the_bots_pace_is_a_setting_of_the_game, |db: &dyn Fn() -> TestDb| {
    bots_pace(db())
});

on_both!(double_taps_and_turns, |db: &dyn Fn() -> TestDb| taps_and_turns(db()));

on_both!(no_answer_shows_another_seats_cards, |db: &dyn Fn() -> TestDb| {
    privacy_scan(db())
});

crate::test_case!(a_killed_server_resumes_the_deal_sqlite);
fn a_killed_server_resumes_the_deal_sqlite() {
    restart(None);
}

crate::test_case!(a_killed_server_resumes_the_deal_postgres, Postgres);
fn a_killed_server_resumes_the_deal_postgres() {
    restart(Some(&TestDb::postgres().url));
}

/// Each player's total over a table's slots, by the standings' own rows.
fn slot_totals(db: &TestDb, table: i32) -> BTreeMap<i32, i64> {
    use chelem::db::schema::{deal_scores, deals};
    use diesel::prelude::*;
    let lines: Vec<(i32, i32)> = deal_scores::table
        .inner_join(deals::table)
        .filter(deals::table_id.eq(table))
        .select((deal_scores::player_id, deal_scores::score))
        .load(&mut *db.conn())
        .unwrap();
    let mut out = BTreeMap::new();
    for (p, v) in lines {
        *out.entry(p).or_insert(0) += i64::from(v);
    }
    out
}

/// A tournament table's bots know its scores: every bot's turn carries each
/// seat's total over the table's slots (a deal typed before the switch
/// included) as the standings' rows add them up, and the deals left after
/// the one in progress.
fn bots_know_the_tables_scores(db: TestDb) {
    use chelem::bots::BotKind;
    use chelem::db::ops::games::{self, BotTurn, GameState};
    let t = TournamentBuilder::new("Coupe")
        .players(4)
        .deals_table4(4)
        .seated(1)
        .deals(|table, k| {
            (k == 1).then(|| json!({"taker": table.players[2].get(), "contract": "garde", "oudlers": 2, "points": 50}))
        })
        .build(&mut db.conn());
    let table = &t.rounds[0][0];
    let user = common::http::USER;
    let game = chelem::db::write(&mut db.conn(), |tx| games::make_digital(tx, table, user)).unwrap();
    for s in 0..4 {
        chelem::db::write(&mut db.conn(), |tx| games::set_bot(tx, game, s, Some(BotKind::Quick))).unwrap();
    }
    let mut turns = 0;
    while let Some(turn) = games::bot_turn(&mut db.conn(), game).unwrap() {
        if let BotTurn::Play { stakes, .. } = &turn {
            let st = GameState::load(&mut db.conn(), game).unwrap();
            let by_player = slot_totals(&db, table.id);
            for (deal_seat, &table_seat) in st.map.iter().enumerate() {
                let player = table.players[table_seat].get();
                let total = by_player.get(&player).copied().unwrap_or(0);
                assert_eq!(stakes.totals[deal_seat], total, "seat {deal_seat}: {stakes:?}");
            }
            // The typed garde's points, at least, are there.
            assert!(stakes.totals.iter().any(|v| *v != 0), "{stakes:?}");
            let number = st.current().unwrap().number;
            assert_eq!(stakes.deals_left, Some((4 - number) as u32));
            turns += 1;
        }
        let decided = turn.decide();
        chelem::db::write(&mut db.conn(), |tx| games::bot_move(tx, game, &decided)).unwrap();
    }
    // Deals 2 to 4 played by the bots, every slot filled: at least the
    // four bids of each (a deal the four pass is over after them).
    assert!(turns >= 3 * 4, "{turns} turns");
    assert_eq!(slot_totals(&db, table.id).len(), 4);
    assert_eq!(games::GameState::load(&mut db.conn(), game).unwrap().deals.len(), 3);
}

on_both!(a_tables_bots_know_its_scores, |db: &dyn Fn() -> TestDb| {
    bots_know_the_tables_scores(db())
});
