//! The round page's seat change form as typed (who, and with whom or to
//! which table), kept after a refusal, and the change it asks for.

use serde::Deserialize;

use crate::db::ops::round_edits::SeatChange;
use crate::db::ops::Msg;
use crate::tournament::ids::{PlayerId, TableNo};

/// The seat change form: `player` and `with` (`p12`: swap with player 12;
/// `t3`: move to table 3).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct SeatForm {
    /// The player's id.
    #[serde(default)]
    pub player: String,
    /// The other player (`p…`) or the table (`t…`).
    #[serde(default)]
    pub with: String,
}

impl SeatForm {
    /// Whether `p` is the player chosen.
    pub fn is_player(&self, p: &PlayerId) -> bool {
        self.player.trim() == p.to_string()
    }
    /// Whether `p` is the player to swap with.
    pub fn is_with_player(&self, p: &PlayerId) -> bool {
        self.with.trim() == format!("p{p}")
    }
    /// Whether table `t` is where to move.
    pub fn is_with_table(&self, t: &TableNo) -> bool {
        self.with.trim() == format!("t{t}")
    }
}

impl SeatForm {
    /// The change asked for, or a refusal.
    pub fn change(&self) -> Result<SeatChange, Msg> {
        let choose = || Msg::new("seats-choose");
        let player: PlayerId = self.player.trim().parse().map_err(|_| choose())?;
        let with = self.with.trim();
        let number = |s: &str| s.parse::<i32>().map_err(|_| choose());
        let id = |s: &str| PlayerId::try_from(number(s)?).map_err(|_| choose());
        let table = |s: &str| TableNo::try_from(number(s)?).map_err(|_| choose());
        match with.split_at_checked(1) {
            Some(("p", p)) => Ok(SeatChange::Swap { player, with: id(p)? }),
            Some(("t", t)) => Ok(SeatChange::Move {
                player,
                table: table(t)?,
            }),
            _ => Err(choose()),
        }
    }
}
