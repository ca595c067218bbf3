//! A team event's teams (FORMATS.md, "Teams"): registered by the organizer,
//! checked by the pure rules of `tournament::teams` (the tournament's size
//! of team, registered players, each in one team at most), a name of its
//! own in the tournament. A new team moves the standings' events: the
//! team standings' pages hear of it.

use std::collections::BTreeSet;

use crate::db::models::{Registration, Teams};
use crate::db::Tx;
use crate::tournament::ids::{PlayerId, TeamId, TournamentId};
use crate::tournament::teams::{self, TeamError};

use super::text_input::clean_name;
use super::{events, tournaments, Msg, OpError, OpResult};

/// The sentence of a refused team.
fn refusal(e: TeamError) -> OpError {
    match e {
        TeamError::NoTeams => OpError::Conflict(Msg::new("team-no-teams")),
        TeamError::WrongSize { size, given } => {
            OpError::Invalid(Msg::new("team-wrong-size").arg("size", size).arg("given", given))
        }
        TeamError::Twice(p) => OpError::Invalid(Msg::new("team-player-twice").arg("player", p)),
        TeamError::Taken(p) => OpError::Conflict(Msg::new("team-player-taken").arg("player", p)),
        TeamError::NotRegistered(p) => OpError::Invalid(Msg::new("team-player-unknown").arg("player", p)),
    }
}

/// Registers team `name` of `players` in tournament `t` (404 for an
/// unknown tournament); its id.
pub fn create(tx: &mut Tx<'_>, t: TournamentId, name: &str, players: &[PlayerId]) -> OpResult<TeamId> {
    let tournament = tournaments::get(tx, t)?;
    let name = clean_name("team-name", name).map_err(OpError::Invalid)?;
    if name.is_empty() {
        return Err(OpError::Invalid(Msg::new("team-name-required")));
    }
    let registered: BTreeSet<PlayerId> = Registration::with_players(tx, t)?
        .into_iter()
        .map(|(r, _)| r.player_id)
        .collect();
    let existing = Teams::of(tx, t)?;
    let taken: BTreeSet<PlayerId> = existing.iter().flat_map(|x| x.players.iter().copied()).collect();
    let size = tournament.teams.map(|n| n as usize);
    teams::check(size, players, &registered, &taken).map_err(refusal)?;
    if Teams::name_taken(tx, t, &name)? {
        return Err(OpError::Conflict(Msg::new("team-name-taken").arg("name", &name)));
    }
    let id = Teams::create(tx, t, &name, players)?;
    events::publish_standings(tx, t)?;
    Ok(id)
}
