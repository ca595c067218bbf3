//! A player as the organizer types them in a form (the tournament's player
//! form, the directory's edit form): strings, shown back as typed when
//! refused, read here into checked [`PlayerFields`] and a switch; the
//! storage layer takes only those.

use serde::{Deserialize, Serialize};

use crate::db::ops::players::PlayerFields;
use crate::db::ops::Msg;

/// A player as typed in a form.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct PlayerForm {
    /// Full name.
    pub name: String,
    /// Club.
    pub club: String,
    /// FFT licence number (optional).
    pub licence: String,
    /// Present now (checked in): the box is ticked when sent non-empty.
    pub checked_in: Option<String>,
}

impl PlayerForm {
    /// The player's name, club and licence, checked.
    pub fn fields(&self) -> Result<PlayerFields, Msg> {
        PlayerFields::new(&self.name, &self.club, &self.licence)
    }

    /// Whether the "present" box is ticked.
    pub fn present(&self) -> bool {
        self.checked_in.as_deref().is_some_and(|v| !v.is_empty())
    }
}
