//! A small finished-looking tournament for the statistics pages: 13 players
//! (tables of 4, 4 and 5, the dealer of the 5 sitting out), 3 rounds, every
//! deal entered by the tables on a fixed pattern, one correction by the
//! organizer. Figures the tests can count on:
//! - per round 13 deals: deal 1 of each table passed (3), deal 3 a petite
//!   failed (3), every other deal a garde made (7);
//! - so 39 deals, 9 passed, 21 gardes made, 9 petites failed: 21 of 30 made.

use chelem::db::models::{Round, RoundTable};
use chelem::db::ops::deals::{self, Actor, Entry};
use chelem::db::ops::players::{self, PlayerFields};
use chelem::db::ops::rounds;
use chelem::db::ops::tournaments;
use chelem::db::AnyConnection;
use chelem::tournament::deal::TableDeal;
use chelem::web::settings::TournamentForm;
use serde_json::json;

/// The names, the first starting with a vowel (for elision: "Garde d'Odile").
pub const NAMES: [&str; 13] = [
    "Odile", "Paul", "Yves", "Bernard", "Chantal", "Denis", "Élodie", "Francis", "Gisèle", "Hugo", "Irène", "Jacques",
    "Karine",
];

/// The tournament's id and the player ids, in `NAMES` order.
pub fn stats_tournament(conn: &mut AnyConnection) -> (i32, Vec<i32>) {
    let form = TournamentForm {
        name: "Open des statistiques".into(),
        rounds: "3".into(),
        seed: "7".into(),
        ..TournamentForm::default()
    };
    let t = chelem::db::write(conn, |tx| tournaments::create(tx, &form.parse(None).unwrap())).unwrap();
    let ids: Vec<i32> = NAMES
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let fields = PlayerFields::new(name, &format!("Club {}", i % 3), &format!("{}", 7_000_100 + i)).unwrap();
            chelem::db::write(conn, |tx| players::register(tx, t.id, &fields, true))
                .unwrap()
                .0
                .id
        })
        .collect();
    for n in 1..=3 {
        chelem::db::write(conn, |tx| rounds::start_next(tx, t.id, None, true, "arbitre")).unwrap();
        let round = Round::find(conn, t.id, n).unwrap().unwrap();
        for table in RoundTable::for_round(conn, round.id).unwrap() {
            let players = RoundTable::players(conn, table.id).unwrap();
            for k in 1..=table.deal_count {
                let taker = players[k as usize % players.len()];
                let body = match k {
                    1 => json!({"passed": true}),
                    3 => json!({"taker": taker, "contract": "petite", "oudlers": 1, "points": 45}),
                    _ => json!({"taker": taker, "contract": "garde", "oudlers": 2, "points": 40 + 3 * k}),
                };
                enter(conn, &table, &round, k, &body, &Actor::Table, "");
            }
        }
    }
    // The organizer corrects deal 2 of Odile's table in round 3: she took it.
    let round = Round::find(conn, t.id, 3).unwrap().unwrap();
    for table in RoundTable::for_round(conn, round.id).unwrap() {
        let players = RoundTable::players(conn, table.id).unwrap();
        if players.contains(&ids[0]) && (players.len() < 5 || players[1] != ids[0]) {
            let body = json!({"taker": ids[0], "contract": "garde", "oudlers": 2, "points": 60});
            enter(
                conn,
                &table,
                &round,
                2,
                &body,
                &Actor::Organizer("arbitre".into()),
                "erreur de preneur",
            );
        }
    }
    (t.id, ids)
}

fn enter(
    conn: &mut AnyConnection,
    table: &RoundTable,
    round: &Round,
    number: i32,
    body: &serde_json::Value,
    actor: &Actor,
    reason: &str,
) {
    let deal = TableDeal::from_json(body).unwrap();
    let entry = Entry {
        table,
        round,
        number,
        deal: &deal,
        actor,
        reason,
        version: None,
        key: None,
    };
    chelem::db::write(conn, |tx| deals::enter(tx, &entry)).unwrap();
}
