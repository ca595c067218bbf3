//! The rating: each player's strength in points per deal against an average
//! table, fitted to every scored deal they played (docs/rating.md).
//!
//! A pure function of the set of deals: [`rate`] sorts the tournaments by
//! (date, id), adds each tournament's free deals up in integers (exact, so
//! the order of the deals inside it cannot matter) and its duplicate results
//! in the order of the players, then fits the strengths to everything up to
//! each tournament in turn. Entering or correcting a deal means calling
//! [`rate`] again on the whole season: a 40-tournament, 300-player season
//! rebuilds in milliseconds (the `rating` benchmark).
//!
//! The model, for a free deal at a table of `n` players whose scores are
//! `s_i` (zero-sum): `E[s_i] = θ_i − mean(θ over the table)`. The strengths
//! `θ` minimise the squared residuals of every deal (its defenders' result
//! capped at `Model::cap`, 50 by default, the other seats' in proportion:
//! the roles are read from the scores, `roles`; weighted by the age of
//! the tournament when a half-life is set) plus `prior_deals · Σ θ²`, the
//! prior that a newcomer is average until their deals say otherwise. A
//! duplicate result (a percentage of the field over some deals) is one more
//! observation of `θ_i − mean(θ over the field)`, through
//! `points_per_percent`. The rating is `1500 + θ`.

mod fit;
mod roles;
#[cfg(test)]
mod tests;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::tournament::ids::{PlayerId, TournamentId};

/// The rating of a player whose deals say nothing yet, and the club's mean.
pub const CENTRE: f64 = 1500.0;

/// One tournament's scored deals.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TournamentDeals {
    /// The day it was played (the first key of the canonical order).
    pub date: NaiveDate,
    /// Its id (the second key).
    pub id: TournamentId,
    /// Its free deals (each table's own cards).
    pub free: Vec<FreeDeal>,
    /// Its duplicate results, one per player.
    pub duplicate: Vec<DuplicateResult>,
}

/// A free deal: the seated players and each one's score (zero-sum).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FreeDeal {
    /// `(player, score)` for each seat, in any order.
    pub scores: Vec<(PlayerId, i64)>,
}

/// A player's duplicate result in a tournament: a percentage of the field.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct DuplicateResult {
    /// The player.
    pub player: PlayerId,
    /// The percentage against the field (50: the field's average).
    pub percent: f64,
    /// The deals it covers.
    pub deals: u32,
}

/// How a free deal's seats enter the fit (docs/rating.md compares them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seats {
    /// Every seat's score an observation of `θ_i − mean θ` of the table,
    /// all weighing the same.
    #[default]
    Equal,
    /// The same, each seat weighing the inverse of its role's variance
    /// (`1/m²`, `m` the role's multiplier of the defenders' score: the taker
    /// at 4 players `1/9`), the roles read from the scores.
    ByRole,
    /// The same, each seat weighing `1/|m|` (the taker at 4 players `1/3`).
    ByRoleLinear,
    /// The deal one observation: the defenders' score against the attack's
    /// strength minus the defence's, the roles read from the scores.
    Camp,
}

/// The model's settings (docs/rating.md says why these defaults).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Model {
    /// The prior's weight, in deals: a newcomer's rating moves halfway to
    /// what their scores say after about this many deals.
    pub prior_deals: f64,
    /// A tournament's deals weigh half as much this many tournaments later
    /// (`None`: every deal weighs the same forever).
    pub half_life: Option<f64>,
    /// Points per deal that one percent of a duplicate field is worth.
    pub points_per_percent: f64,
    /// How many free deals one duplicate deal is worth (the cards cancel
    /// out of it).
    pub duplicate_weight: f64,
    /// How a free deal's seats weigh.
    pub seats: Seats,
    /// The defenders' score of a deal counts as at most this many points
    /// (the others' in proportion; `None`: as scored).
    pub cap: Option<i64>,
}

impl Default for Model {
    fn default() -> Self {
        Model {
            prior_deals: 10.0,
            half_life: Some(100.0),
            points_per_percent: 3.0,
            duplicate_weight: 4.0,
            seats: Seats::Equal,
            cap: Some(50),
        }
    }
}

/// A player's rating at some point.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PlayerRating {
    /// The player.
    pub player: PlayerId,
    /// `1500 + θ`, θ in points per deal against an average table.
    pub rating: f64,
    /// Deals counted (free and duplicate, undecayed).
    pub deals: u32,
}

/// The ratings as they stood after one tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The tournament's date.
    pub date: NaiveDate,
    /// The tournament.
    pub tournament: TournamentId,
    /// Every player who had played by then, by id.
    pub ratings: Vec<PlayerRating>,
}

/// What [`rate`] returns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ratings {
    /// Every player, by id, after the last tournament.
    pub players: Vec<PlayerRating>,
    /// After each tournament, in the canonical order (date, id).
    pub history: Vec<Snapshot>,
}

impl Ratings {
    /// A player's current rating (`None`: never played).
    pub fn of(&self, player: PlayerId) -> Option<&PlayerRating> {
        self.players
            .binary_search_by_key(&player, |r| r.player)
            .ok()
            .map(|i| &self.players[i])
    }
}

/// Why a season cannot be rated.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RatingError {
    /// A free deal's scores do not add up to zero.
    #[error("tournament {tournament}: a deal's scores add up to {sum}, not 0")]
    NotZeroSum {
        /// The tournament.
        tournament: TournamentId,
        /// The sum.
        sum: i64,
    },
    /// A free deal has fewer than 3 or more than 6 players.
    #[error("tournament {tournament}: a deal has {players} players (3 to 6)")]
    TableSize {
        /// The tournament.
        tournament: TournamentId,
        /// The players.
        players: usize,
    },
    /// A player is listed twice in one deal or one duplicate field.
    #[error("tournament {tournament}: player {player} is listed twice")]
    PlayerTwice {
        /// The tournament.
        tournament: TournamentId,
        /// The player.
        player: PlayerId,
    },
    /// A duplicate percentage outside 0 to 100 (or not a number).
    #[error("tournament {tournament}: player {player}'s percentage {percent} is not between 0 and 100")]
    Percent {
        /// The tournament.
        tournament: TournamentId,
        /// The player.
        player: PlayerId,
        /// The percentage.
        percent: f64,
    },
    /// The same tournament (date and id) given twice.
    #[error("tournament {0} is given twice")]
    TournamentTwice(TournamentId),
    /// A setting of the model out of its range.
    #[error("the model's {0} must be a positive number")]
    Model(&'static str),
}

/// Rates every player from the season's deals: the same set of deals, in
/// any order, gives the identical result (bit for bit).
pub fn rate(tournaments: &[TournamentDeals], model: &Model) -> Result<Ratings, RatingError> {
    check_model(model)?;
    let mut order: Vec<&TournamentDeals> = tournaments.iter().collect();
    order.sort_by_key(|t| (t.date, t.id));
    if let Some(w) = order.windows(2).find(|w| (w[0].date, w[0].id) == (w[1].date, w[1].id)) {
        return Err(RatingError::TournamentTwice(w[0].id));
    }
    let mut players: Vec<PlayerId> = order.iter().flat_map(|t| fit::players_of(t)).collect();
    players.sort_unstable();
    players.dedup();
    let mut season = fit::Fit::new(&players, model);
    let mut history = Vec::with_capacity(order.len());
    for t in order {
        season.add(t)?;
        history.push(Snapshot {
            date: t.date,
            tournament: t.id,
            ratings: season.solve(),
        });
    }
    let players = history.last().map(|s| s.ratings.clone()).unwrap_or_default();
    Ok(Ratings { players, history })
}

fn check_model(m: &Model) -> Result<(), RatingError> {
    let positive = |x: f64| x.is_finite() && x > 0.0;
    if !positive(m.prior_deals) {
        return Err(RatingError::Model("prior_deals"));
    }
    if m.half_life.is_some_and(|h| !positive(h)) {
        return Err(RatingError::Model("half_life"));
    }
    if !positive(m.points_per_percent) {
        return Err(RatingError::Model("points_per_percent"));
    }
    if !positive(m.duplicate_weight) {
        return Err(RatingError::Model("duplicate_weight"));
    }
    if m.cap.is_some_and(|c| c <= 0) {
        return Err(RatingError::Model("cap"));
    }
    Ok(())
}
