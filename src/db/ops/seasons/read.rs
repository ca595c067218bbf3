//! A season's standings read from the database: every attached
//! tournament's final ranking in a fixed number of queries, whatever the
//! number of tournaments (the queries of `db::models::batch`, then the
//! same computation as a tournament's own standings,
//! [`crate::db::ops::standings::from_inputs`]), ranked by the pure
//! [`crate::tournament::season::standings`].
//!
//! A tournament brought in from the past ([`super::import`]) ranks as its
//! lines say. A duplicate tournament is read on its own, through [`super::super::visible`]:
//! its deals not yet entered at every table stay out for the public, as on
//! its own pages (a few queries per duplicate tournament, not per player).

use std::collections::{BTreeMap, HashMap};

use crate::db::models::{batch, Player, Season, Tournament};
use crate::db::ops::standings::{self as tstandings, entrants, Inputs};
use crate::db::ops::visible::{Audience, Visible};
use crate::db::AnyConnection;
use crate::tournament::duplicate::Format;
use crate::tournament::ids::{PlayerId, SeasonId, TournamentId};
use crate::tournament::season::{self, PlayerResult, Row, TournamentResults};

use super::super::{OpError, OpResult};

/// A tournament of a season, as its pages name it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Held {
    /// Its id.
    pub id: TournamentId,
    /// Its name.
    pub name: String,
    /// Its date.
    pub date: String,
    /// How many played.
    pub played: u32,
}

/// A row of a season's standings with the player's name and club.
#[derive(Debug, Clone)]
pub struct Line {
    /// The row.
    pub row: Row,
    /// The player's name.
    pub name: String,
    /// Their club.
    pub club: String,
}

/// A season's standings.
#[derive(Debug, Clone)]
pub struct SeasonStandings {
    /// The season.
    pub season: Season,
    /// Its tournaments, by date.
    pub tournaments: Vec<Held>,
    /// Its rows, best first.
    pub lines: Vec<Line>,
}

/// The standings of season `id` as `audience` may see them.
pub fn standings(conn: &mut AnyConnection, id: SeasonId, audience: Audience) -> OpResult<SeasonStandings> {
    let season = Season::find(conn, id)?.ok_or(OpError::NotFound)?;
    let ids = Season::tournaments(conn, id)?;
    let held = batch::tournaments(conn, &ids)?;
    let results = results(conn, &held, audience)?;
    let rows = season::standings(&season.rule, &results.by_tournament);
    let lines = rows
        .into_iter()
        .map(|row| {
            let (name, club) = results.players.get(&row.player).cloned().unwrap_or_default();
            Line { row, name, club }
        })
        .collect();
    let played: HashMap<TournamentId, u32> = results
        .by_tournament
        .iter()
        .map(|t| (t.tournament, t.results.iter().filter(|r| r.deals > 0).count() as u32))
        .collect();
    let tournaments = held
        .iter()
        .map(|t| Held {
            id: t.id,
            name: t.name.clone(),
            date: t.event_date.clone(),
            played: played.get(&t.id).copied().unwrap_or(0),
        })
        .collect();
    Ok(SeasonStandings {
        season,
        tournaments,
        lines,
    })
}

/// Every tournament's results and the players' names and clubs.
pub struct Results {
    /// Each tournament's ranking.
    pub by_tournament: Vec<TournamentResults>,
    /// (name, club) of every player registered in one of them.
    pub players: BTreeMap<PlayerId, (String, String)>,
}

/// The final rankings of tournaments `held` as `audience` may see them.
pub fn results(conn: &mut AnyConnection, held: &[Tournament], audience: Audience) -> OpResult<Results> {
    let ids: Vec<TournamentId> = held.iter().map(|t| t.id).collect();
    let free: Vec<TournamentId> = held
        .iter()
        .filter(|t| t.format != Format::Duplicate)
        .map(|t| t.id)
        .collect();
    let mut inputs: HashMap<TournamentId, Inputs> = HashMap::new();
    let mut players: BTreeMap<PlayerId, (String, String)> = BTreeMap::new();
    let mut registrations: HashMap<TournamentId, Vec<(crate::db::models::Registration, Player)>> = HashMap::new();
    for (r, p) in batch::registrations(conn, &ids)? {
        players.insert(p.id, (p.name.clone(), p.club.clone()));
        registrations.entry(r.tournament_id).or_default().push((r, p));
    }
    if !free.is_empty() {
        for (t, rows) in registrations.iter_mut().filter(|(t, _)| free.contains(t)) {
            inputs.entry(*t).or_default().players = entrants(std::mem::take(rows));
        }
        for (t, sum) in batch::score_sums(conn, &free)? {
            inputs.entry(t).or_default().sums.push(sum);
        }
        for (t, table, number) in batch::counted_numbers(conn, &free)? {
            inputs.entry(t).or_default().numbers.push((table, number));
        }
        for (t, round, taker) in batch::taker_wins(conn, &free)? {
            inputs.entry(t).or_default().wins.push((round, taker));
        }
        let awards = batch::award_lines(conn, &free)?;
        let tables: Vec<i32> = awards.iter().map(|(_, a)| a.1).collect();
        let sizes: HashMap<i32, usize> = if tables.is_empty() {
            HashMap::new()
        } else {
            batch::table_sizes(conn, &tables)?
                .into_iter()
                .map(|(t, n)| (t, n as usize))
                .collect()
        };
        for (t, line) in awards {
            let i = inputs.entry(t).or_default();
            i.award_sizes.insert(line.1, sizes.get(&line.1).copied().unwrap_or(0));
            i.awards.push(line);
        }
    }
    let mut past: HashMap<TournamentId, Vec<PlayerResult>> = HashMap::new();
    for (t, player, place, total, deals) in super::import::results_of(conn, &ids)? {
        past.entry(t).or_default().push(PlayerResult {
            player,
            rank: place.max(1) as u32,
            total,
            deals: deals.max(0) as u32,
            percent: None,
        });
    }
    let mut by_tournament = Vec::with_capacity(held.len());
    for t in held {
        if let Some(results) = past.remove(&t.id) {
            by_tournament.push(TournamentResults {
                tournament: t.id,
                results,
            });
            continue;
        }
        let results = match t.format {
            Format::Duplicate => duplicate_results(conn, t, audience)?,
            Format::Libres => tstandings::from_inputs(t, None, inputs.remove(&t.id).unwrap_or_default())
                .lines
                .into_iter()
                .map(|l| PlayerResult {
                    player: l.player,
                    rank: l.rank,
                    total: l.total,
                    deals: l.deals,
                    percent: None,
                })
                .collect(),
        };
        by_tournament.push(TournamentResults {
            tournament: t.id,
            results,
        });
    }
    Ok(Results { by_tournament, players })
}

/// A duplicate tournament's ranking by its comparison, as `audience` may see it.
fn duplicate_results(conn: &mut AnyConnection, t: &Tournament, audience: Audience) -> OpResult<Vec<PlayerResult>> {
    let visible = Visible::load(conn, t, audience)?;
    let rows = crate::db::ops::duplicate::standings_of(conn, t, visible.duplicate_deals())?;
    Ok(rows
        .into_iter()
        .map(|r| PlayerResult {
            player: r.player,
            rank: r.rank,
            total: r.total.round() as i64,
            deals: r.deals,
            percent: Some(r.percent),
        })
        .collect())
}
