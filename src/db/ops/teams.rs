//! A team event's teams (FORMATS.md, "Teams"): registered by the organizer,
//! checked by the pure rules of `tournament::teams` (the tournament's size
//! of team, registered players, each in one team at most), a name of its
//! own in the tournament. A new team moves the standings' events: the
//! team standings' pages hear of it.

use std::collections::{BTreeMap, BTreeSet};

use crate::db::models::{Registration, Teams};
use crate::db::Tx;
use crate::tournament::ids::{PlayerId, TeamId, TournamentId};
use crate::tournament::teams::{self, TeamError};

use super::text_input::clean_name;
use super::{events, tournaments, Msg, OpError, OpResult};

/// The sentence of a refused team, the players named by `names` (the
/// registered ones).
fn refusal(e: TeamError, names: &BTreeMap<PlayerId, String>) -> OpError {
    let named = |p: PlayerId| names.get(&p).cloned().unwrap_or_default();
    match e {
        TeamError::NoTeams => OpError::Conflict(Msg::new("team-no-teams")),
        TeamError::WrongSize { size, given } => {
            OpError::Invalid(Msg::new("team-wrong-size").arg("size", size).arg("given", given))
        }
        TeamError::Twice(p) => OpError::Invalid(Msg::new("team-player-twice").arg("player", p).name("name", named(p))),
        TeamError::Taken(p) => OpError::Conflict(Msg::new("team-player-taken").arg("player", p).name("name", named(p))),
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
    let names: BTreeMap<PlayerId, String> = Registration::with_players(tx, t)?
        .into_iter()
        .map(|(r, p)| (r.player_id, p.name))
        .collect();
    let registered: BTreeSet<PlayerId> = names.keys().copied().collect();
    let existing = Teams::of(tx, t)?;
    let taken: BTreeSet<PlayerId> = existing.iter().flat_map(|x| x.players.iter().copied()).collect();
    let size = tournament.teams.map(|n| n as usize);
    teams::check(size, players, &registered, &taken).map_err(|e| refusal(e, &names))?;
    if Teams::name_taken(tx, t, &name)? {
        return Err(OpError::Conflict(Msg::new("team-name-taken").arg("name", &name)));
    }
    let id = Teams::create(tx, t, &name, players)?;
    events::publish_standings(tx, t)?;
    Ok(id)
}

/// Removes team `team` of tournament `t` (404 for none): its members stay
/// registered, and may be seated together from the next round.
pub fn delete(tx: &mut Tx<'_>, t: TournamentId, team: TeamId) -> OpResult<()> {
    tournaments::get(tx, t)?;
    if !Teams::delete(tx, t, team)? {
        return Err(OpError::NotFound);
    }
    events::publish_standings(tx, t)?;
    Ok(())
}

/// The teams a player file's team column names: those registered, and
/// those refused with their lines and why.
#[derive(Debug, Clone, Default)]
pub struct FromFile {
    /// The names of the teams registered.
    pub made: Vec<String>,
    /// (team name, its lines, why) of each team refused.
    pub refused: Vec<(String, String, Msg)>,
}

/// Registers the teams of a player file's lines `(line, team name, player
/// registered from it)`: the lines of one name (spaces and case aside)
/// make one team, in the order of the file, registered as [`create`]
/// would; a team refused (the tournament has no teams, not as many lines
/// as the teams' size, a name or a player already in a team, a line of
/// the team refused) is said with its lines, and its players stay
/// registered without it.
pub fn from_file(tx: &mut Tx<'_>, t: TournamentId, named: Vec<(usize, String, PlayerId)>) -> OpResult<FromFile> {
    let mut groups: Vec<(String, Vec<usize>, Vec<PlayerId>)> = Vec::new();
    // Each name's group, by its folded name.
    let mut index: BTreeMap<String, usize> = BTreeMap::new();
    for (line, team, player) in named {
        let team = team.split_whitespace().collect::<Vec<_>>().join(" ");
        if team.is_empty() {
            continue;
        }
        let i = *index.entry(team.to_lowercase()).or_insert_with(|| {
            groups.push((team, Vec::new(), Vec::new()));
            groups.len() - 1
        });
        groups[i].1.push(line);
        groups[i].2.push(player);
    }
    let mut out = FromFile::default();
    if tournaments::get(tx, t)?.teams.is_none() && !groups.is_empty() {
        let names = groups.into_iter().map(|(name, ..)| name).collect::<Vec<_>>().join(", ");
        out.refused
            .push((names, String::new(), Msg::new("import-teams-ignored")));
        return Ok(out);
    }
    for (name, lines, players) in groups {
        let lines = lines.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
        match tx.savepoint(|tx| create(tx, t, &name, &players)) {
            Ok(_) => out.made.push(name),
            Err(OpError::Invalid(m) | OpError::Conflict(m)) => out.refused.push((name, lines, m)),
            Err(e) => return Err(e),
        }
    }
    Ok(out)
}
