//! Standings of a tournament, computed from the database on every request
//! (with the zero-sum check) by the pure `tournament::standings`.

use std::collections::HashMap;

use crate::db::models::{Deal, Registration, Tournament};
use crate::db::AnyConnection;
use crate::tournament::ids::{PlayerId, RoundNo, TournamentId};
use crate::tournament::standings::{compute as compute_standings, Entrant, ScoreEntry, Standings};

use super::{OpError, OpResult};

/// Standings of a tournament, cumulative or for one round.
pub fn compute(
    conn: &mut AnyConnection,
    tournament_id: TournamentId,
    only_round: Option<RoundNo>,
) -> OpResult<Standings> {
    let t = Tournament::find(conn, tournament_id)?.ok_or(OpError::NotFound)?;
    compute_for(conn, &t, only_round)
}

/// Standings of a tournament already read.
pub fn compute_for(conn: &mut AnyConnection, t: &Tournament, only_round: Option<RoundNo>) -> OpResult<Standings> {
    let tournament_id = t.id;
    let players: Vec<Entrant> = Registration::with_players(conn, tournament_id)?
        .into_iter()
        .map(|(r, p)| Entrant {
            player: p.id,
            name: p.name,
            late_from: r.late_from(),
            withdrawn_after: r.withdrawn_after,
        })
        .collect();
    let entries: Vec<ScoreEntry> = Deal::score_sums(conn, tournament_id)?
        .into_iter()
        .map(|(round, table, player, score)| ScoreEntry {
            round,
            table: i64::from(table),
            player,
            score,
        })
        .collect();
    let mut wins: HashMap<PlayerId, u32> = HashMap::new();
    for (round, taker) in Deal::taker_wins(conn, tournament_id)? {
        if only_round.is_some_and(|r| r != round) {
            continue;
        }
        *wins.entry(taker).or_default() += 1;
    }
    let standings = compute_standings(&players, &entries, &wins, t.tie_breaker, only_round);
    if !standings.check.ok() {
        tracing::error!(tournament = tournament_id.get(), check = ?standings.check, "standings do not sum to zero");
    }
    Ok(standings)
}
