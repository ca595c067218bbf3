//! Seating: who sits where, round after round, so that players meet as many
//! different opponents as possible.
//!
//! Everything here is pure: no I/O, no clock, no environment. Randomness comes
//! only from a [`rand_chacha::ChaCha8Rng`] built from the `seed` argument, and
//! every search is bounded by an iteration count, so the same input and seed
//! give the same output on every platform.
//!
//! Entry points:
//! - [`table_sizes`]: how many tables of 5, 4 (and 3) a round needs;
//! - [`seat_round`]: seats one round given the history (late arrivals,
//!   withdrawals, pairs to keep apart, fixed tables, Swiss grouping);
//! - [`plan`]: plans a whole tournament from round 1 (algebraic constructions
//!   when they fit, a tabu search over the whole schedule otherwise);
//! - [`SeatingReport`]: quality figures of a list of rounds;
//! - [`seat_document`]: the `chelem seat` JSON document.
//!
//! What cannot be done (the evidence behind the quality figures):
//! - 12 players × 4 rounds: 13 repeats at least. Round 1 is fixed up to
//!   relabelling, round 2 is one of 9 cases, round 3 one per orbit of the
//!   relabellings that keep rounds 1 and 2, round 4 every one of the 5775
//!   splits (the `twelve_by_four_is_optimal` unit test, a few seconds in every
//!   `cargo test`). The best schedules all have one pair
//!   meeting in every round.
//! - 18 × 4: 6 repeats at least. From round 2 on, each table of 5 takes five
//!   players from the four tables of every earlier round, so it holds a pair
//!   that already met, and there are two tables of 5 per round. Reaching 6
//!   forces the same players to the tables of 5, so table-of-5 duty cannot be
//!   spread there.
//! - 22 × 5 and 26 × 5 without repeats: "nobody at a table of 5 twice before
//!   everyone had one" is impossible. At 22, each round's ten table-of-5 players
//!   must take exactly two from every table of any other round, so any two
//!   rounds share four of them. The planner spreads the duty as evenly as its
//!   search finds without giving up a repeat (22 × 5: 2 to 5 tables of 5 each).

mod designs;
mod document;
mod engine;
mod plan;
mod report;
mod round;
mod seats;
mod sizes;

use serde::{Deserialize, Serialize};

pub use document::seat_document;
pub use plan::plan;
pub use report::{PairRepeat, SeatingReport};
pub use round::seat_round;
pub use sizes::table_sizes;

pub use super::ids::PlayerId;

/// The instances (players, rounds) the planner is measured on: zero repeats
/// are required for the first nine; 12×4 and 18×4 cannot avoid repeats; the
/// last three are reach goals (see `examples/seating_quality.rs`).
pub const REFERENCE_INSTANCES: &[(usize, usize)] = &[
    (16, 5),
    (20, 5),
    (22, 5),
    (26, 5),
    (37, 5),
    (40, 5),
    (45, 7),
    (100, 10),
    (400, 10),
    (12, 4),
    (18, 4),
    (24, 7),
    (28, 9),
    (32, 10),
];

/// One round: its tables, each the list of its players in seat order (seat 0 first).
pub type Round = Vec<Vec<PlayerId>>;

/// Why a seating cannot be produced.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeatingError {
    /// Fewer than 3 players: no table can be formed.
    #[error("at least 3 players are needed to seat a round, got {0}")]
    TooFewPlayers(usize),
    /// The same player appears twice among the active players.
    #[error("player {0} is listed twice among the players")]
    DuplicatePlayer(PlayerId),
    /// A fixed table was given for a player who does not play this round.
    #[error("player {0} has a fixed table but is not among the players")]
    FixedPlayerNotPlaying(PlayerId),
    /// A fixed table number is 0 or larger than the number of tables.
    #[error("player {player} is fixed at table {table}, but tables are numbered 1 to {tables}")]
    FixedTableOutOfRange {
        /// The player.
        player: PlayerId,
        /// The requested (1-based) table.
        table: usize,
        /// How many tables the round has.
        tables: usize,
    },
    /// A player was given two different fixed tables.
    #[error("player {0} is fixed at two different tables")]
    ConflictingFixedTables(PlayerId),
    /// More players are fixed at a table than it has seats.
    #[error("{fixed} players are fixed at table {table}, which has {seats} seats")]
    FixedTableOverfull {
        /// The (1-based) table.
        table: usize,
        /// How many players are fixed there.
        fixed: usize,
        /// Its number of seats.
        seats: usize,
    },
}

/// What [`seat_round`] needs to seat one round.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRequest {
    /// The players active this round (each seated exactly once).
    pub players: Vec<PlayerId>,
    /// Previous rounds, oldest first: each a list of tables, each the players
    /// in seat order. May mention players no longer active (ignored), and
    /// active players may be missing from early rounds (late arrivals).
    pub history: Vec<Round>,
    /// Pairs that must not sit together: a hard constraint when it can be met,
    /// otherwise violations are minimised before anything else.
    pub avoid_pairs: Vec<(PlayerId, PlayerId)>,
    /// `(player, k)`: the player must sit at table `k` (1-based, in the order of
    /// [`table_sizes`]), e.g. for reduced mobility.
    pub fixed_table: Vec<(PlayerId, usize)>,
    /// Ask for more tables of 5 than the minimum (see [`table_sizes`]).
    pub extra_fives: usize,
    /// Swiss pairing: current totals. When given, players are grouped by
    /// standing (leaders at table 1, and so on), repeats still coming first.
    /// Active players missing from the list count as 0.
    pub swiss: Option<Vec<(PlayerId, i64)>>,
}

/// Settings of [`plan`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanOptions {
    /// Ask for more tables of 5 than the minimum (see [`table_sizes`]).
    pub extra_fives: usize,
    /// Pairs that must never sit together (hard constraint when it can be met).
    pub avoid_pairs: Vec<(PlayerId, PlayerId)>,
    /// `(player, k)`: the player sits at table `k` (1-based) in every round.
    pub fixed_table: Vec<(PlayerId, usize)>,
    /// Multiplies the search's iteration budget (1 = default; 0 counts as 1).
    pub effort: u32,
}

impl Default for PlanOptions {
    fn default() -> Self {
        PlanOptions {
            extra_fives: 0,
            avoid_pairs: Vec::new(),
            fixed_table: Vec::new(),
            effort: 1,
        }
    }
}
