//! A player the directory already knows, offered to the organizer before
//! a namesake is made (issue 46, item 2): registering a name and club the
//! directory holds (ASCII case aside) without a licence asks first whether
//! it is the same person, then takes that entry up again or makes a new one.

use std::collections::HashSet;

use crate::db::models::{Player, Registration};
use crate::db::{AnyConnection, Tx};
use crate::tournament::ids::{PlayerId, TournamentId};

use super::events::publish_standings;
use super::players::{name_key, register_quietly, PlayerFields};
use super::{Msg, OpError, OpResult};

/// A person of the directory the organizer may take up again for `fields`
/// typed without a licence (a licence decides by itself): the oldest of the
/// same name and club (ASCII case aside) not registered in the tournament.
pub fn known_entry(
    conn: &mut AnyConnection,
    tournament_id: TournamentId,
    fields: &PlayerFields,
) -> OpResult<Option<Player>> {
    if fields.licence.is_some() {
        return Ok(None);
    }
    let key = name_key(fields.name.as_str(), &fields.club);
    let registered: HashSet<PlayerId> = Registration::with_players(conn, tournament_id)?
        .into_iter()
        .map(|(_, p)| p.id)
        .collect();
    Ok(Player::by_names(conn, &[fields.name.as_str().to_owned()])?
        .into_iter()
        .find(|p| name_key(&p.name, &p.club) == key && !registered.contains(&p.id)))
}

/// What the organizer said of a known player ([`known_entry`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taken {
    /// Nothing yet: ask when there is one.
    Ask,
    /// Take this directory entry up again.
    Again(PlayerId),
    /// A new entry (a namesake).
    New,
}

/// What [`register_choosing`] did.
pub enum Registered {
    /// Registered.
    Done(Player, Registration),
    /// Nothing written: this known player is to be offered first.
    Known(Player),
}

/// [`register`] as the player form does it: a known player of the same
/// name and club is offered before anything is written ([`Taken::Ask`]),
/// then taken up again or not as the organizer answered.
pub fn register_choosing(
    tx: &mut Tx<'_>,
    tournament_id: TournamentId,
    fields: &PlayerFields,
    checked_in: bool,
    taken: Taken,
) -> OpResult<Registered> {
    let again = match taken {
        Taken::New => None,
        Taken::Ask => match known_entry(tx, tournament_id, fields)? {
            Some(p) => return Ok(Registered::Known(p)),
            None => None,
        },
        Taken::Again(id) => {
            let same = |p: &Player| {
                p.bot.is_none() && name_key(&p.name, &p.club) == name_key(fields.name.as_str(), &fields.club)
            };
            let p = Player::find(tx, id)?.filter(same);
            Some(p.ok_or_else(|| OpError::Conflict(Msg::new("player-known-gone").name("name", fields.name.as_str())))?)
        }
    };
    let (p, r) = register_quietly(tx, tournament_id, fields, checked_in, again)?;
    publish_standings(tx, tournament_id)?;
    Ok(Registered::Done(p, r))
}
