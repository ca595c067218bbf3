//! The slots of a table that plays on the devices. Its game fills the
//! table's slots from the first one that was empty when it switched: a slot
//! is either typed or played, never both. Typed entry is refused for a slot
//! the devices play (the one in progress and the later ones; the table's
//! link also for those already played), and a played deal never replaces a
//! typed one.

use std::collections::HashMap;

use crate::db::models::{GameDeal, GameRow};
use crate::db::AnyConnection;
use crate::tournament::ids::TableNo;

use super::Actor;
use crate::db::ops::{Msg, OpError, OpResult};
use crate::tournament::ids::GameId;

/// The key of the refusal of a played deal whose slot was typed meanwhile.
pub const TYPED_KEPT: &str = "deal-typed-kept";

/// The slots of a table its game plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// The game.
    pub game: GameId,
    /// Its first slot: the slots before it were typed.
    pub first: i32,
    /// The first slot whose deal is not over (dealt or still to deal):
    /// the ones from `first` up to it are played and entered.
    pub open: i32,
}

impl Played {
    /// The tables among `tables` that play on the devices, by table id.
    pub fn of_tables(conn: &mut AnyConnection, tables: &[i32]) -> OpResult<HashMap<i32, Played>> {
        if tables.is_empty() {
            return Ok(HashMap::new());
        }
        let games = GameRow::for_tables(conn, tables)?;
        if games.is_empty() {
            return Ok(HashMap::new());
        }
        let ids: Vec<GameId> = games.iter().map(|g| g.id).collect();
        let deals = GameDeal::progress_of_games(conn, &ids)?;
        let mut out = HashMap::new();
        for g in games {
            let Some(table) = g.table_id else { continue };
            let of_game: Vec<(i32, bool)> = deals
                .iter()
                .filter(|(id, _, _)| *id == g.id)
                .map(|(_, n, over)| (*n, *over))
                .collect();
            // Every game is dealt its first deal when it is made.
            let first = of_game.first().map_or(1, |(n, _)| *n);
            let open = of_game
                .iter()
                .find(|(_, over)| !over)
                .map(|(n, _)| *n)
                .unwrap_or_else(|| of_game.last().map_or(first, |(n, _)| n + 1));
            out.insert(
                table,
                Played {
                    game: g.id,
                    first,
                    open,
                },
            );
        }
        Ok(out)
    }

    /// Whether slot `number` is the game's.
    pub fn plays(&self, number: i32) -> bool {
        number >= self.first
    }

    /// Why `actor` may not type slot `number` of table `table` (`None`: it
    /// may). The devices play their slots; the table's link types none of
    /// them, an organizer may still correct a deal played and over (in
    /// the audit log), never one in progress or to come.
    pub fn refusal(&self, table: TableNo, number: i32, actor: &Actor) -> Option<Msg> {
        let refused = match actor {
            Actor::Devices => false,
            Actor::Table => self.plays(number),
            Actor::Organizer(_) => number >= self.open,
        };
        refused.then(|| {
            Msg::new("deal-on-devices")
                .arg("table", table)
                .arg("n", number)
                .arg("first", self.first)
        })
    }
}

/// The refusal of a played deal for a slot that holds a typed one.
pub(super) fn typed_kept(table: TableNo, number: i32) -> OpError {
    OpError::Conflict(Msg::new(TYPED_KEPT).arg("table", table).arg("n", number))
}
