//! A player as the organizer types them in a form (the tournament's player
//! form, the directory's edit form): strings, shown back as typed when
//! refused, read here into checked [`PlayerFields`] and a switch; the
//! storage layer takes only those.

use serde::{Deserialize, Serialize};

use crate::db::ops::known::Taken;
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
    /// The answer about a known player of the same name and club: empty
    /// (not asked yet), `new`, or the directory entry's id to take up again.
    pub known: String,
    /// The known player the form offers to take up again (not sent).
    #[serde(skip)]
    pub offer: Option<crate::db::models::Player>,
}

impl PlayerForm {
    /// The player's name, club and licence, checked.
    pub fn fields(&self) -> Result<PlayerFields, Msg> {
        PlayerFields::new(&self.name, &self.club, &self.licence)
    }

    /// The organizer's answer about a known player.
    pub fn taken(&self) -> Taken {
        match self.known.trim() {
            "new" => Taken::New,
            id => id.parse().map(Taken::Again).unwrap_or(Taken::Ask),
        }
    }

    /// The known player offered, as the question names them: "Jean Dupont
    /// (Tarot Club Lyonnais)" (each part isolated from the sentence).
    pub fn offer_who(&self) -> String {
        use crate::web::filters::isolated;
        match &self.offer {
            Some(p) if p.club.is_empty() => isolated(&p.name),
            Some(p) => format!("{} ({})", isolated(&p.name), isolated(&p.club)),
            None => String::new(),
        }
    }

    /// Whether the "present" box is ticked.
    pub fn present(&self) -> bool {
        self.checked_in.as_deref().is_some_and(|v| !v.is_empty())
    }
}
