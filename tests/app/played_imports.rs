//! A backup's games go in only as they were played: every deal of a table
//! played on the devices is replayed through the rules core before anything
//! is written (its hands dealt from its seed, at a duplicate table the
//! hands the tournament's secret gives, each action legal, its log the
//! replay's, its scores the entered deal's). A document altered anywhere in
//! a game (the deal secret, a game log's hands or scores, a deal's seed, an
//! action's card) is refused as a whole with a sentence naming the game's
//! deal and the action, and writes nothing. And a stored game that does not
//! replay (altered in the database) makes its pages say so in a sentence,
//! never a 500.

use crate::common;

use std::collections::BTreeMap;

use diesel::prelude::*;
use rand::SeedableRng;
use serde_json::{json, Value};

use chelem::db::ops::export::{self, ImportError};
use chelem::db::ops::games;
use chelem::i18n::Lang;
use chelem::tarot::{Action, Contract};
use chelem::tournament::ids::{GameId, TournamentId};
use common::builder::TournamentBuilder;
use common::client::Client;
use common::http::api_token;
use common::server::Server;
use common::TestDb;

/// A duplicate tournament of 4 players, 2 deals a round, its one table
/// played on the devices (the first bid a garde, then a quick bot's
/// choices for every seat): both deals over. Its id, its game, its export.
fn source(db: &TestDb) -> (TournamentId, GameId, Value) {
    let mut conn = db.conn();
    let t = TournamentBuilder::new("Duplicate sur tablettes")
        .duplicate(2)
        .players(4)
        .seated(1)
        .build(&mut conn);
    let table = &t.rounds[0][0];
    let game = chelem::db::write(&mut conn, |tx| games::make_digital(tx, table, "arbitre")).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    loop {
        let st = games::GameState::load(&mut conn, game).unwrap();
        if st.finished() {
            break;
        }
        if st.deal_over() {
            chelem::db::write(&mut conn, |tx| games::next_deal(tx, game)).unwrap();
            continue;
        }
        let g = st.play.unwrap();
        let seat = g.to_act().unwrap();
        // A contract is played: the deal has cards, tricks and scores.
        let action = if st.version == 0 {
            Action::Bid(Some(Contract::Garde))
        } else {
            chelem::bots::Bot::Quick.act(&g, seat, &mut rng)
        };
        chelem::db::write(&mut conn, |tx| {
            games::act(tx, game, st.map[seat.index()], action, Some(st.version))
        })
        .unwrap();
    }
    let doc = export::export(&mut conn, t.id).expect("export");
    (t.id, game, serde_json::to_value(doc).unwrap())
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
        "games",
        "game_seats",
        "game_deals",
        "game_actions",
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

/// Imports `doc` in-process.
fn import(db: &TestDb, doc: &Value) -> Result<TournamentId, ImportError> {
    let text = doc.to_string();
    chelem::db::write(&mut db.conn(), |tx| export::import_json(tx, &text)).map(|i| i.tournament_id)
}

/// The game's deal `k` (from 1) in a document.
fn deal(doc: &mut Value, k: usize) -> &mut Value {
    &mut doc["rounds"][0]["tables"][0]["game"]["deals"][k - 1]
}

/// Adds `n` to the integer at `v`.
fn add(v: &mut Value, n: i64) {
    *v = json!(v.as_i64().unwrap_or(0).wrapping_add(n));
}

/// The index (from 0) and seat of the last card played in deal 2, and a
/// card its player cannot hold then: the first card of the deal, played
/// before.
fn last_card(doc: &Value) -> (usize, i64, Value) {
    let actions = doc["rounds"][0]["tables"][0]["game"]["deals"][1]["actions"]
        .as_array()
        .unwrap();
    let cards: Vec<usize> = (0..actions.len())
        .filter(|&i| actions[i]["action"].get("card").is_some())
        .collect();
    assert!(cards.len() >= 2, "deal 2 was played card by card: {actions:?}");
    let last = *cards.last().unwrap();
    (
        last,
        actions[last]["seat"].as_i64().unwrap(),
        actions[cards[0]]["action"]["card"].clone(),
    )
}

/// Each alteration: what, the document altered, the place its refusal
/// names, the reason's message key (`play-…`: any refusal of the rules).
fn alterations(doc: &Value) -> Vec<(&'static str, Value, String, &'static str)> {
    let spoil = |f: &dyn Fn(&mut Value)| {
        let mut d = doc.clone();
        f(&mut d);
        d
    };
    let (i, seat, played) = last_card(doc);
    let game = "round 1, table 1, game";
    vec![
        (
            "(a) the deal secret + 1",
            spoil(&|d| add(&mut d["tournament"]["deal_secret"], 1)),
            format!("{game} deal 1"),
            "game-stored-not-prepared",
        ),
        (
            "(b) two cards swapped between two hands of a game log",
            spoil(&|d| {
                let hands = &mut deal(d, 2)["log"]["hands"];
                let (a, b) = (hands[0][0].clone(), hands[1][0].clone());
                hands[0][0] = b;
                hands[1][0] = a;
            }),
            format!("{game} deal 2"),
            "game-stored-log-differs",
        ),
        (
            "(c) 1T twice in a hand of a game log",
            spoil(&|d| {
                let hands = &mut deal(d, 2)["log"]["hands"];
                let holder = (0..4).find(|&s| hands[s].as_array().unwrap().contains(&json!("1T")));
                // A hand's first card that is not the 1T becomes a second 1T
                // (in the hand that holds it, or a 1T where the dog has it).
                let s = holder.unwrap_or(0);
                let k = hands[s].as_array().unwrap().iter().position(|c| c != "1T").unwrap();
                hands[s][k] = json!("1T");
                if holder.is_none() {
                    hands[s][k + 1] = json!("1T");
                }
            }),
            format!("{game} deal 2"),
            "game-stored-log-differs",
        ),
        (
            "(d) the seed of a game's deal + 1",
            spoil(&|d| add(&mut deal(d, 1)["seed"], 1)),
            format!("{game} deal 1"),
            "play-",
        ),
        (
            "(e) one action's card changed",
            spoil(&|d| deal(d, 2)["actions"][i]["action"]["card"] = played.clone()),
            format!("{game} deal 2, action {} (seat {seat})", i + 1),
            "play-card-not-in-hand",
        ),
        (
            "(f) a game log's scores + 10",
            spoil(&|d| add(&mut deal(d, 2)["log"]["scores"][0], 10)),
            format!("{game} deal 2"),
            "game-stored-log-differs",
        ),
        (
            "(f') a game's deal's scores by table seat + 10",
            spoil(&|d| add(&mut deal(d, 2)["scores"][0], 10)),
            format!("{game} deal 2"),
            "import-game-scores",
        ),
    ]
}

/// Every alteration refused as a whole, the game's deal (and the action)
/// named, nothing written; the untouched document imports with its game.
fn each_alteration(db: TestDb) {
    let (_, _, doc) = source(&db);
    let before = counts(&db);
    for (what, spoiled, place, key) in alterations(&doc) {
        match import(&db, &spoiled) {
            Err(ImportError::Refused { place: p, reason }) => {
                let sentence = ImportError::Refused {
                    place: p.clone(),
                    reason: reason.clone(),
                }
                .render(Lang::En);
                if key == "play-" {
                    // Another seed deals other hands: some action of deal 1
                    // is not legal with them.
                    assert!(p.starts_with(&format!("{place}, action ")), "{what}: {sentence}");
                    assert!(reason.key.starts_with(key), "{what}: {sentence}");
                } else {
                    assert_eq!(p, place, "{what}: {sentence}");
                    assert_eq!(reason.key, key, "{what}: {sentence}");
                }
                assert!(!sentence.contains('{'), "{what}: every argument given: {sentence}");
            }
            other => panic!("{what}: refused, not {other:?}"),
        }
        assert_eq!(counts(&db), before, "{what}: nothing written");
    }
    let sentence = |d: &Value| import(&db, d).unwrap_err().render(Lang::En);
    let alt = alterations(&doc);
    assert!(
        sentence(&alt[1].1)
            .ends_with("its stored game log is not the one its seed and actions give (its “hands” differ)"),
        "{}",
        sentence(&alt[1].1)
    );
    assert!(sentence(&alt[5].1).contains("(its “scores” differ)"));
    assert!(
        sentence(&alt[0].1).contains("its cards are not those the tournament's deal secret deals for deal 1"),
        "{}",
        sentence(&alt[0].1)
    );
    // The document as exported goes in, and comes out the same.
    let id = import(&db, &doc).expect("the untouched document");
    let again = serde_json::to_value(export::export(&mut db.conn(), id).unwrap()).unwrap();
    let game = |d: &Value| {
        let mut g = d["rounds"][0]["tables"][0]["game"].clone();
        g["seats"] = Value::Null;
        g
    };
    assert_eq!(game(&again), game(&doc), "the same game, card by card");
}

/// The command line says the refusal in a sentence naming the action, and
/// exits 1 with nothing written.
fn the_command(db: TestDb) {
    let (_, _, doc) = source(&db);
    let before = counts(&db);
    let (what, spoiled, place, _) = alterations(&doc).remove(4);
    let (ok, out, err) = common::chelem(&db.url, &["import"], &spoiled.to_string());
    assert!(!ok, "{what}: refused");
    assert!(out.is_empty(), "no id printed: {out}");
    assert!(
        err.contains(&format!("{place}: ")) && err.contains("is not in your hand"),
        "{err}"
    );
    assert_eq!(counts(&db), before, "nothing written");
}

/// Runs an SQL statement as it is (the test alters the stored game).
fn sql(db: &TestDb, statement: &str) {
    diesel::sql_query(statement).execute(&mut *db.conn()).unwrap();
}

/// The pages of a game altered in the database: a 409 and a sentence
/// naming the game, the deal (and the action), on the game's page, its
/// log, its replay and its traveller; never a 500.
fn corrupted_pages(db: TestDb) {
    let (t, game, doc) = source(&db);
    let org = api_token(&db);
    let server = Server::start(db.state());
    let c = Client::new(&server.url());
    let get = |path: &str| c.call_with("GET", path, Some(&org), None, &[("Accept-Language", "en")]);
    // Untouched, every page answers.
    for path in [
        format!("/games/{game}"),
        format!("/api/games/{game}/log?deal=2"),
        format!("/games/{game}/replay?deal=1"),
        format!("/tournaments/{t}/deals/2"),
    ] {
        assert_eq!(get(&path).status, 200, "{path}: {}", get(&path).body);
    }
    let says = |path: &str, parts: &[&str]| {
        let a = get(path);
        let body = match &a.body {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        assert_eq!(a.status, 409, "{path}: {body}");
        for p in parts {
            assert!(body.contains(p), "{path}: {p:?} in {body}");
        }
    };
    // Deal 2's last card changed: its action does not replay.
    let (i, seat, played) = last_card(&doc);
    let deal2 = format!("SELECT id FROM game_deals WHERE game_id = {game} AND number = 2");
    sql(
        &db,
        &format!(
            "UPDATE game_actions SET action = '{}' WHERE deal_id = ({deal2}) AND idx = {i}",
            json!({ "card": played })
        ),
    );
    let action = format!("Game {game}, deal 2: its action {} (seat {seat})", i + 1);
    // The card in words ("the king of hearts is not in your hand").
    let not_held = format!(
        "{} is not in your hand",
        chelem::i18n::Lang::En.cards_words(played.as_str().unwrap())
    );
    for path in [
        format!("/games/{game}"),
        format!("/api/games/{game}/log?deal=2"),
        format!("/games/{game}/replay?deal=2"),
        format!("/tournaments/{t}/deals/2"),
    ] {
        says(&path, &[&action, &not_held]);
    }
    let kept = &doc["rounds"][0]["tables"][0]["game"]["deals"][1]["actions"][i]["action"];
    sql(
        &db,
        &format!("UPDATE game_actions SET action = '{kept}' WHERE deal_id = ({deal2}) AND idx = {i}"),
    );
    assert_eq!(get(&format!("/games/{game}")).status, 200, "deal 2 as played again");
    // Deal 1's log: its scores raised by 10, then not JSON.
    let log = doc["rounds"][0]["tables"][0]["game"]["deals"][0]["log"].clone();
    let mut raised = log.clone();
    add(&mut raised["scores"][0], 10);
    let deal1 = format!("game_id = {game} AND number = 1");
    sql(&db, &format!("UPDATE game_deals SET log = '{raised}' WHERE {deal1}"));
    for path in [
        format!("/api/games/{game}/log?deal=1"),
        format!("/games/{game}/replay?deal=1"),
    ] {
        says(
            &path,
            &[
                &format!("Game {game}, deal 1"),
                "game log is not the one its seed and actions give",
            ],
        );
    }
    sql(
        &db,
        &format!("UPDATE game_deals SET log = '{{\"hands\": 3' WHERE {deal1}"),
    );
    says(
        &format!("/api/games/{game}/log?deal=1"),
        &[&format!("Game {game}, deal 1"), "does not read"],
    );
    sql(&db, &format!("UPDATE game_deals SET log = '{log}' WHERE {deal1}"));
    // The deal secret changed: the traveller's hands are nobody's.
    sql(
        &db,
        &format!("UPDATE tournaments SET deal_secret = deal_secret + 1 WHERE id = {t}"),
    );
    says(
        &format!("/tournaments/{t}/deals/1"),
        &[&format!("Game {game}, deal 1"), "deal secret deals for deal 1"],
    );
    // A seat map naming a seat the game does not have, then not JSON.
    for map in ["[0,1,2,9]", "[0,1,two]"] {
        sql(
            &db,
            &format!("UPDATE game_deals SET seat_map = '{map}' WHERE game_id = {game} AND number = 2"),
        );
        says(&format!("/games/{game}"), &[&format!("Game {game}, deal 2"), map]);
        says(
            &format!("/api/games/{game}/log?deal=2"),
            &[&format!("Game {game}, deal 2")],
        );
    }
}

on_both!(each_alteration_of_a_game_is_refused_naming_it, each_alteration);
on_both!(the_command_names_the_action_refused, the_command);
on_both!(a_game_altered_in_the_database_is_said_not_a_500, corrupted_pages);
