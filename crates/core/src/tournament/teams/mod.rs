//! Team events (FORMATS.md, "Teams"): pairs, triplettes, quadrettes, or a
//! free size of 2 to 6. Team-mates are never seated at one table (their
//! pairs go to the seating as pairs to keep apart: a hard constraint when
//! it can be met), a team's total is the sum of its members' totals, and
//! equal totals share the rank. Pure: the database and the pages are
//! elsewhere.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::ids::{PlayerId, TeamId};

#[cfg(test)]
mod tests;

/// The smallest team.
pub const MIN_SIZE: i32 = 2;
/// The largest team.
pub const MAX_SIZE: i32 = 6;

/// A team of a tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Team {
    /// Its id.
    pub id: TeamId,
    /// Its name.
    pub name: String,
    /// Its members.
    pub players: Vec<PlayerId>,
}

/// A row of the team standings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TeamRow {
    /// Place, equal totals sharing it.
    pub rank: u32,
    /// The team.
    pub team: TeamId,
    /// Its name.
    pub name: String,
    /// The members' totals added (hundredths in duplicate: see [`standings`]).
    pub total: i64,
    /// Its members.
    pub players: Vec<PlayerId>,
}

/// Why a team cannot be registered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TeamError {
    /// The tournament is not a team event.
    #[error("the tournament has no teams")]
    NoTeams,
    /// Not as many players as the teams' size.
    #[error("a team has {size} players, not {given}")]
    WrongSize {
        /// The tournament's size of team.
        size: usize,
        /// How many were given.
        given: usize,
    },
    /// The same player twice.
    #[error("player {0} is given twice")]
    Twice(PlayerId),
    /// A player already in another team.
    #[error("player {0} is already in a team")]
    Taken(PlayerId),
    /// A player not registered in the tournament.
    #[error("player {0} is not registered")]
    NotRegistered(PlayerId),
}

/// Checks a new team of `players` for a tournament whose teams have `size`
/// members (none: no teams), among the `registered` players, `taken` being
/// those already in a team.
pub fn check(
    size: Option<usize>,
    players: &[PlayerId],
    registered: &BTreeSet<PlayerId>,
    taken: &BTreeSet<PlayerId>,
) -> Result<(), TeamError> {
    let size = size.ok_or(TeamError::NoTeams)?;
    if players.len() != size {
        return Err(TeamError::WrongSize {
            size,
            given: players.len(),
        });
    }
    let mut seen = BTreeSet::new();
    for p in players {
        if !seen.insert(*p) {
            return Err(TeamError::Twice(*p));
        }
        if !registered.contains(p) {
            return Err(TeamError::NotRegistered(*p));
        }
        if taken.contains(p) {
            return Err(TeamError::Taken(*p));
        }
    }
    Ok(())
}

/// Every pair of team-mates, to keep apart at the tables.
pub fn apart_pairs(teams: &[Team]) -> Vec<(PlayerId, PlayerId)> {
    let mut out = Vec::new();
    for t in teams {
        for (i, a) in t.players.iter().enumerate() {
            for b in &t.players[i + 1..] {
                out.push((*a, *b));
            }
        }
    }
    out
}

/// Team-mates seated at one table of `tables` (each a table's players):
/// the team and the table's index, for each such table.
pub fn mates_together(teams: &[Team], tables: &[Vec<PlayerId>]) -> Vec<(TeamId, usize)> {
    let mut out = Vec::new();
    for t in teams {
        for (k, table) in tables.iter().enumerate() {
            if t.players.iter().filter(|p| table.contains(p)).count() > 1 {
                out.push((t.id, k));
            }
        }
    }
    out
}

/// The team standings: each team's total is the sum of its members'
/// `totals` (a member without one adds 0), best first; equal totals share
/// the rank (and are listed by name).
pub fn standings(teams: &[Team], totals: &BTreeMap<PlayerId, i64>) -> Vec<TeamRow> {
    let mut rows: Vec<TeamRow> = teams
        .iter()
        .map(|t| TeamRow {
            rank: 0,
            team: t.id,
            name: t.name.clone(),
            total: t.players.iter().map(|p| totals.get(p).copied().unwrap_or(0)).sum(),
            players: t.players.clone(),
        })
        .collect();
    rows.sort_by(|a, b| {
        b.total
            .cmp(&a.total)
            .then_with(|| a.name.cmp(&b.name))
            .then(a.team.cmp(&b.team))
    });
    for i in 0..rows.len() {
        rows[i].rank = match i {
            0 => 1,
            _ if rows[i].total == rows[i - 1].total => rows[i - 1].rank,
            _ => i as u32 + 1,
        };
    }
    rows
}
