//! A season's standings (FORMATS.md, "Seasons"): several tournaments'
//! final rankings turned into one ranking by the season's [`Rule`].
//!
//! Pure: the caller hands each attached tournament's ranking
//! ([`TournamentResults`]); [`standings`] gives the season's rows. Every
//! figure is kept in hundredths of a point (integers), so that a row's
//! points are exactly the sum (or, for percentages, the mean) of the
//! figures it counts plus its participation points, and equal points share
//! the rank.

pub mod past;
mod rule;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use serde::Serialize;

use super::ids::{PlayerId, TournamentId};

pub use rule::{PointsKind, Rule, RuleError};

/// Points in hundredths (212.5 points: 21250).
pub type Centi = i64;

/// One player's result in a tournament, as its final standings give it.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerResult {
    /// The player (the same directory entry across tournaments).
    pub player: PlayerId,
    /// Place in the tournament's standings, 1-based, ties sharing it.
    pub rank: u32,
    /// Total of the player's scores there.
    pub total: i64,
    /// Deals the player played and scored (0: did not play).
    pub deals: u32,
    /// A duplicate tournament's percentage (`None` for another format).
    pub percent: Option<f64>,
}

/// A tournament's ranking as the season reads it: its lines, best first.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentResults {
    /// The tournament.
    pub tournament: TournamentId,
    /// Its standings' lines, in order.
    pub results: Vec<PlayerResult>,
}

/// A tournament's figure for one player, and whether it counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Figure {
    /// The tournament.
    pub tournament: TournamentId,
    /// Its figure, in hundredths.
    pub points: Centi,
    /// The player's place there among those who played.
    pub rank: u32,
    /// How many played.
    pub of: u32,
    /// Whether it counts towards the season (one of the best).
    pub counted: bool,
}

/// A row of the season's standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Row {
    /// Place, equal points sharing it.
    pub rank: u32,
    /// The player.
    pub player: PlayerId,
    /// Season points, in hundredths.
    pub points: Centi,
    /// Tournaments played.
    pub played: u32,
    /// Participation points included in `points`, in hundredths.
    pub participation: Centi,
    /// Every tournament played, best first (`counted` marks those that count).
    pub figures: Vec<Figure>,
}

impl Row {
    /// The figures that count, best first.
    pub fn counted(&self) -> impl Iterator<Item = &Figure> {
        self.figures.iter().filter(|f| f.counted)
    }
}

/// Hundredths of `x`, rounded half away from zero.
pub fn centi(x: f64) -> Centi {
    (x * 100.0).round() as Centi
}

/// Hundredths as a number with 2 decimals (for JSON).
pub fn as_points(c: Centi) -> f64 {
    c as f64 / 100.0
}

/// The results of those who played (at least one deal), with their place
/// among them: a place only those ranked before them push back, ties kept.
fn played(t: &TournamentResults) -> Vec<(&PlayerResult, u32)> {
    let mut out: Vec<(&PlayerResult, u32)> = Vec::new();
    let mut ranked: Vec<&PlayerResult> = t.results.iter().filter(|r| r.deals > 0).collect();
    ranked.sort_by_key(|r| r.rank);
    for (i, r) in ranked.iter().enumerate() {
        let place = match out.last() {
            Some((prev, p)) if prev.rank == r.rank => *p,
            _ => i as u32 + 1,
        };
        out.push((r, place));
    }
    out
}

/// Each player's figure in one tournament, by the rule: (player, figure,
/// place, of).
fn figures_of(rule: &Rule, t: &TournamentResults) -> Vec<(PlayerId, Centi, u32, u32)> {
    let played = played(t);
    let n = played.len() as u32;
    // How many share each place.
    let mut sharing: BTreeMap<u32, u32> = BTreeMap::new();
    for (_, place) in &played {
        *sharing.entry(*place).or_default() += 1;
    }
    played
        .iter()
        .filter_map(|(r, place)| {
            let figure = match rule.points {
                PointsKind::Total => r.total * 100,
                PointsKind::Percent => centi(r.percent?),
                PointsKind::Places => {
                    let k = sharing[place];
                    let sum: Centi = (*place..*place + k).map(|p| rule.place_points(p, n)).sum();
                    (sum as f64 / f64::from(k)).round() as Centi
                }
            };
            Some((r.player, figure, *place, n))
        })
        .collect()
}

/// The season's standings of `tournaments` by `rule`: rows by points,
/// descending (equal points share the rank, then by player id).
pub fn standings(rule: &Rule, tournaments: &[TournamentResults]) -> Vec<Row> {
    let mut per_player: BTreeMap<PlayerId, Vec<Figure>> = BTreeMap::new();
    for t in tournaments {
        for (player, points, rank, of) in figures_of(rule, t) {
            per_player.entry(player).or_default().push(Figure {
                tournament: t.tournament,
                points,
                rank,
                of,
                counted: false,
            });
        }
    }
    let mut rows: Vec<Row> = per_player
        .into_iter()
        .map(|(player, figures)| row_of(rule, player, figures))
        .collect();
    rows.sort_by(|a, b| b.points.cmp(&a.points).then(a.player.cmp(&b.player)));
    let mut rank = 0;
    for i in 0..rows.len() {
        if i == 0 || rows[i - 1].points != rows[i].points {
            rank = i as u32 + 1;
        }
        rows[i].rank = rank;
    }
    rows
}

/// A player's row from their figures: the best ones counted, best first
/// (then by tournament id).
fn row_of(rule: &Rule, player: PlayerId, mut figures: Vec<Figure>) -> Row {
    figures.sort_by(|a, b| b.points.cmp(&a.points).then(a.tournament.cmp(&b.tournament)));
    let keep = rule.best_of.map_or(figures.len(), |n| n as usize);
    for f in figures.iter_mut().take(keep) {
        f.counted = true;
    }
    let counted: Vec<Centi> = figures.iter().filter(|f| f.counted).map(|f| f.points).collect();
    let played = figures.len() as u32;
    let (points, participation) = match rule.points {
        PointsKind::Percent => {
            let mean = if counted.is_empty() {
                0
            } else {
                (counted.iter().sum::<Centi>() as f64 / counted.len() as f64).round() as Centi
            };
            (mean, 0)
        }
        PointsKind::Total | PointsKind::Places => {
            let participation = rule.participation * Centi::from(played);
            (counted.iter().sum::<Centi>() + participation, participation)
        }
    };
    Row {
        rank: 0,
        player,
        points,
        played,
        participation,
        figures,
    }
}
