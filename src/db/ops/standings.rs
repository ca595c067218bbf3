//! Standings of a tournament, computed from the database on every request
//! (with the zero-sum check) by the pure `tournament::standings`, of the
//! deals their audience may see ([`super::visible`]).

use std::collections::HashMap;

use crate::db::models::deal::ScoreSum;
use crate::db::models::{Award, Deal, Registration, Tournament};
use crate::db::AnyConnection;
use crate::tournament::ids::{PlayerId, RoundNo, TournamentId};
use crate::tournament::standings::{compute as compute_standings, Entrant, Order, ScoreEntry, Standings};
use crate::tournament::table::deals_played;

use super::duplicate::{self, StandingRow};
use super::visible::{Audience, Visible};
use super::{OpError, OpResult};

/// Standings of a tournament, cumulative or for one round, as `audience`
/// may see them.
pub fn compute(
    conn: &mut AnyConnection,
    tournament_id: TournamentId,
    only_round: Option<RoundNo>,
    audience: Audience,
) -> OpResult<Standings> {
    let t = Tournament::find(conn, tournament_id)?.ok_or(OpError::NotFound)?;
    let visible = Visible::load(conn, &t, audience)?;
    compute_for(conn, &t, only_round, &visible)
}

/// Standings of a tournament already read, as `visible` says: a deal it
/// hides counts in no total, no deal count, no taker's win.
pub fn compute_for(
    conn: &mut AnyConnection,
    t: &Tournament,
    only_round: Option<RoundNo>,
    visible: &Visible,
) -> OpResult<Standings> {
    let tournament_id = t.id;
    let hidden = visible.hidden();
    let players = entrants(Registration::with_players(conn, tournament_id)?);
    let sums = Deal::score_sums(conn, tournament_id, hidden)?;
    let numbers = Deal::counted_numbers(conn, tournament_id, hidden)?;
    let awards = Award::lines(conn, tournament_id)?;
    let mut award_sizes = HashMap::new();
    for (_, table, ..) in &awards {
        if !award_sizes.contains_key(table) && !sums.iter().any(|s| s.1 == *table) {
            award_sizes.insert(*table, crate::db::models::RoundTable::players(conn, *table)?.len());
        }
    }
    let wins = Deal::taker_wins(conn, tournament_id, hidden)?;
    Ok(from_inputs(
        t,
        only_round,
        Inputs {
            players,
            sums,
            numbers,
            awards,
            award_sizes,
            wins,
        },
    ))
}

/// What a tournament's standings are made of, as read from the database.
#[derive(Debug, Default)]
pub struct Inputs {
    /// Its registered players.
    pub players: Vec<Entrant>,
    /// Each player's score at each table ([`Deal::score_sums`]).
    pub sums: Vec<ScoreSum>,
    /// (table id, deal number) of the deals that count.
    pub numbers: Vec<(i32, i32)>,
    /// The awarded points.
    pub awards: Vec<crate::db::models::AwardLine>,
    /// How many sit at the tables with awards but no deal that counts.
    pub award_sizes: HashMap<i32, usize>,
    /// (round, taker) of each deal the attack won.
    pub wins: Vec<(RoundNo, PlayerId)>,
}

/// The entrants of registrations with their players.
pub fn entrants(rows: Vec<(Registration, crate::db::models::Player)>) -> Vec<Entrant> {
    rows.into_iter()
        .map(|(r, p)| Entrant {
            player: p.id,
            name: p.name,
            late_from: r.late_from(),
            withdrawn_after: r.withdrawn_after,
        })
        .collect()
}

/// The standings of tournament `t` from what was read of it.
pub fn from_inputs(t: &Tournament, only_round: Option<RoundNo>, inputs: Inputs) -> Standings {
    let Inputs {
        players,
        sums,
        numbers: counted,
        awards,
        award_sizes,
        wins: taker_wins,
    } = inputs;
    let mut numbers: HashMap<i32, Vec<i32>> = HashMap::new();
    for (table, number) in counted {
        numbers.entry(table).or_default().push(number);
    }
    // Every player of a table has a score in each of its deals (0 for the
    // one sitting out): a table's rows are its players.
    let mut sizes: HashMap<i32, usize> = HashMap::new();
    for (_, table, ..) in &sums {
        *sizes.entry(*table).or_default() += 1;
    }
    let mut entries: Vec<ScoreEntry> = sums
        .into_iter()
        .map(|(round, table, player, seat, score)| {
            let size = sizes.get(&table).copied().unwrap_or(0);
            let nums = numbers.get(&table).map(Vec::as_slice).unwrap_or_default();
            ScoreEntry {
                round,
                table: i64::from(table),
                player,
                score,
                deals: match seat {
                    Some(seat) => deals_played(size, seat as usize, nums, t.table5_mode),
                    None => nums.len() as u32,
                },
                table_size: size as u8,
            }
        })
        .collect();
    for (table, size) in award_sizes {
        sizes.entry(table).or_insert(size);
    }
    add_awards(&mut entries, awards, &sizes);
    let mut wins: HashMap<PlayerId, u32> = HashMap::new();
    for (round, taker) in taker_wins {
        if only_round.is_some_and(|r| r != round) {
            continue;
        }
        *wins.entry(taker).or_default() += 1;
    }
    let standings = compute_standings(
        &players,
        &entries,
        &wins,
        Order {
            ranking: t.ranking,
            tie_breaker: t.tie_breaker,
        },
        only_round,
    );
    if !standings.check.ok() {
        tracing::error!(tournament = t.id.get(), check = ?standings.check, "standings do not sum to zero");
    }
    standings
}

/// The standings of a tournament already read, as `visible` says, and a
/// duplicate tournament's lines by its comparison (their order and places
/// given to the standings' lines; `None` for another format).
pub fn ranked(
    conn: &mut AnyConnection,
    t: &Tournament,
    only_round: Option<RoundNo>,
    visible: &Visible,
) -> OpResult<(Standings, Option<Vec<StandingRow>>)> {
    let mut standings = compute_for(conn, t, only_round, visible)?;
    let rows = match t.format {
        crate::tournament::duplicate::Format::Duplicate => {
            let rows = duplicate::standings_of(conn, t, visible.duplicate_deals())?;
            duplicate::in_duplicate_order(&mut standings, &rows);
            Some(rows)
        }
        crate::tournament::duplicate::Format::Libres => None,
    };
    Ok((standings, rows))
}

/// Adds the points the organizer awarded to the entries of their tables: to
/// the player's entry there, or as an entry of its own (no deal played)
/// where the table has no deal that counts for the player.
fn add_awards(entries: &mut Vec<ScoreEntry>, awards: Vec<crate::db::models::AwardLine>, sizes: &HashMap<i32, usize>) {
    let mut at: HashMap<(i64, PlayerId), usize> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| ((e.table, e.player), i))
        .collect();
    for (round, table_id, player, points) in awards {
        let table = i64::from(table_id);
        match at.get(&(table, player)) {
            Some(&i) => entries[i].score += i64::from(points),
            None => {
                at.insert((table, player), entries.len());
                entries.push(ScoreEntry {
                    round,
                    table,
                    player,
                    score: i64::from(points),
                    deals: 0,
                    table_size: sizes.get(&table_id).copied().unwrap_or(0) as u8,
                });
            }
        }
    }
}
