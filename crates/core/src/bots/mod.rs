//! Players for the digital game: pure, they use only [`crate::tarot`].
//!
//! Each bot is a function `(game, seat, rng) -> Action` that only looks at
//! what `seat` may know (its own cards, the public bids, dog, handfuls and
//! cards played), deterministic for a given RNG state.
//!
//! * [`quick`]: a fast rule-based player (also the playout policy).
//! * [`random`]: a uniformly random legal player (the baseline).
//! * [`ismcts`]: the strong player, information-set Monte Carlo search at
//!   every decision (bid, call, écart, chelem, handful, cards), over the
//!   candidates of [`candidates`].
//! * [`sampler`]: the former strong player, determinized sampling for the
//!   card play only (the rest is the quick player's).
//! * [`sample`]: the determinizations both search players draw.
//! * [`budget`]: the search budget per decision, the only clock read.
//! * [`stakes`]: the table's scores, which the strong player weighs with
//!   the deal's points.

pub mod budget;
pub mod candidates;
pub mod ismcts;
pub mod quick;
pub mod random;
pub mod sample;
pub mod sampler;
pub mod stakes;

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::tarot::cards::CardSet;
use crate::tarot::{Action, Game, Seat};

pub use budget::Budget;
pub use ismcts::{ismcts_action, ismcts_action_at};
pub use quick::quick_action;
pub use random::random_action;
pub use sampler::sampler_action;
pub use stakes::Stakes;

/// The built-in players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bot {
    /// [`quick_action`].
    Quick,
    /// [`random_action`].
    Random,
    /// [`ismcts_action`] with its budget per decision.
    Strong(Budget),
    /// [`sampler_action`] with its budget per decision.
    Sampler(Budget),
}

// The entry points (`Bot::act`, `Bot::act_at`, `play_out`) take the one
// generator every caller uses rather than any `Rng`: a generic function is
// compiled in the crate that calls it, and the server is built unoptimised
// in the tests (Cargo.toml); concrete, the search is compiled here, with the
// core's optimisation, wherever it is called from.
impl Bot {
    /// This bot's action for `seat` (the seat to act), on the deal's
    /// points alone.
    pub fn act(self, game: &Game, seat: Seat, rng: &mut ChaCha8Rng) -> Action {
        self.decide(game, seat, &Stakes::NONE, rng)
    }

    /// This bot's action for `seat` at a table whose scores are `stakes`
    /// (only the strong player weighs them).
    pub fn act_at(self, game: &Game, seat: Seat, stakes: &Stakes, rng: &mut ChaCha8Rng) -> Action {
        self.decide(game, seat, stakes, rng)
    }

    /// [`Bot::act_at`] with any generator (the searches' playouts).
    pub(crate) fn decide<R: Rng + ?Sized>(self, game: &Game, seat: Seat, stakes: &Stakes, rng: &mut R) -> Action {
        match self {
            Bot::Quick => quick_action(game, seat, rng),
            Bot::Random => random_action(game, seat, rng),
            Bot::Strong(budget) => ismcts_action_at(game, seat, budget, stakes, rng),
            Bot::Sampler(budget) => sampler_action(game, seat, budget, rng),
        }
    }
}

/// Plays the deal to its end, seat `s` played by `bots[s]`.
///
/// # Panics
/// If a bot chooses an illegal action (a bug).
pub fn play_out(game: &mut Game, bots: &[Bot], rng: &mut ChaCha8Rng) {
    play_to_end(game, bots, rng);
}

/// [`play_out`] with any generator (the searches' playouts).
pub(crate) fn play_to_end<R: Rng + ?Sized>(game: &mut Game, bots: &[Bot], rng: &mut R) {
    while let Some(seat) = game.to_act() {
        let action = bots[seat.index()].decide(game, seat, &Stakes::NONE, rng);
        if let Err(e) = game.apply(seat, action) {
            panic!("bot {:?} at seat {seat} chose {action:?}: {e}", bots[seat.index()]);
        }
    }
}

/// `k` cards drawn uniformly from `from` (all of them if fewer).
pub(crate) fn random_subset<R: Rng + ?Sized>(mut from: CardSet, k: u32, rng: &mut R) -> CardSet {
    let mut out = CardSet::EMPTY;
    for _ in 0..k {
        let n = from.len();
        if n == 0 {
            break;
        }
        let c = from.nth(rng.random_range(0..n)).expect("within the set");
        from.remove(c);
        out.insert(c);
    }
    out
}

/// The bots a seat can be given.
/// How fast the bots of a game play on the devices: a game's setting, so
/// that the table sees the cards go down (normal), plays through (instant)
/// or follows at leisure (slow).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pace {
    /// No wait.
    Instant,
    /// The server's bot delay before each action (`--bot-delay-ms`).
    #[default]
    Normal,
    /// Two and a half times that.
    Slow,
}

impl Pace {
    /// Every pace, fastest first.
    pub const ALL: [Pace; 3] = [Pace::Instant, Pace::Normal, Pace::Slow];

    /// As stored, sent and written in the API.
    pub fn name(self) -> &'static str {
        match self {
            Pace::Instant => "instant",
            Pace::Normal => "normal",
            Pace::Slow => "slow",
        }
    }

    /// Parses [`Pace::name`].
    pub fn from_name(s: &str) -> Option<Pace> {
        Pace::ALL.into_iter().find(|p| p.name() == s)
    }

    /// The wait before a bot's action at this pace, the server's bot delay
    /// being `normal`.
    pub fn delay(self, normal: std::time::Duration) -> std::time::Duration {
        match self {
            Pace::Instant => std::time::Duration::ZERO,
            Pace::Normal => normal,
            Pace::Slow => normal * 5 / 2,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BotKind {
    /// The quick rule-based player.
    Quick,
    /// The search player ([`ismcts_action`] with [`STRONG_BUDGET`]).
    Strong,
}

/// The strong bot's search on the devices: 200 iterations a decision,
/// about 10 ms on this project's 2-core machine (docs/bots.md: +29 points a
/// deal against the quick bot at 4 players, no better at 1,000), so a room
/// of 75 bots costs well under a core. A count, not a time: a loaded server
/// makes the bot slower, never weaker.
pub const STRONG_BUDGET: Budget = Budget::Playouts(200);

impl BotKind {
    /// The bot a game gets where none is named (an API seat without a
    /// level, a player leaving the table).
    pub const DEFAULT: BotKind = BotKind::Strong;

    /// As stored and as forms send it.
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Quick => "quick",
            BotKind::Strong => "strong",
        }
    }

    /// Parses [`BotKind::name`].
    pub fn from_name(s: &str) -> Option<BotKind> {
        match s {
            "quick" => Some(BotKind::Quick),
            "strong" => Some(BotKind::Strong),
            _ => None,
        }
    }

    /// The player it is.
    pub fn bot(self) -> Bot {
        match self {
            BotKind::Quick => Bot::Quick,
            BotKind::Strong => Bot::Strong(STRONG_BUDGET),
        }
    }
}

#[cfg(test)]
mod strong_tests;
