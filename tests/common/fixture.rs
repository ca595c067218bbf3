//! A small finished-looking tournament for the statistics pages: 13 players
//! (tables of 4, 4 and 5, the dealer of the 5 sitting out), 3 rounds, every
//! deal entered by the tables on a fixed pattern, one correction by the
//! organizer. Figures the tests can count on:
//! - per round 13 deals: deal 1 of each table passed (3), deal 3 a petite
//!   failed (3), every other deal a garde made (7);
//! - so 39 deals, 9 passed, 21 gardes made, 9 petites failed: 21 of 30 made.

use chelem::db::ops::deals::Actor;
use chelem::db::AnyConnection;
use chelem::tournament::ids::{PlayerId, TournamentId};
use serde_json::json;

use super::builder::TournamentBuilder;
use super::http::USER;

/// The names, the first starting with a vowel (for elision: "Garde d'Odile").
pub const NAMES: [&str; 13] = [
    "Odile", "Paul", "Yves", "Bernard", "Chantal", "Denis", "Élodie", "Francis", "Gisèle", "Hugo", "Irène", "Jacques",
    "Karine",
];

/// The tournament's id and the player ids, in `NAMES` order.
pub fn stats_tournament(conn: &mut AnyConnection) -> (TournamentId, Vec<PlayerId>) {
    let t = TournamentBuilder::new("Open des statistiques")
        .rounds(3)
        .seed(7)
        .names(NAMES)
        .club(|i| format!("Club {}", i % 3))
        .licence(|i| format!("{}", 7_000_100 + i))
        .seated(3)
        .deals(|table, k| {
            let taker = table.players[k as usize % table.players.len()];
            Some(match k {
                1 => json!({"passed": true}),
                3 => json!({"taker": taker, "contract": "petite", "oudlers": 1, "points": 45}),
                _ => json!({"taker": taker, "contract": "garde", "oudlers": 2, "points": 40 + 3 * k}),
            })
        })
        .build(conn);
    // The organizer corrects deal 2 of Odile's table in round 3: she took it.
    let odile = t.players[0];
    for table in &t.rounds[2] {
        if table.players.contains(&odile) && (table.players.len() < 5 || table.players[1] != odile) {
            let body = json!({"taker": odile, "contract": "garde", "oudlers": 2, "points": 60});
            table.enter(conn, 2, &body, &Actor::Organizer(USER.into()), "erreur de preneur");
        }
    }
    (t.id, t.players)
}
