//! The open-hand (double-dummy) solver: from any position of a deal in
//! play with every card known, the outcome when every seat plays the best
//! for its camp — the attack (taker and partners) maximising the taker's
//! score as the FFT scores it, the defence minimising it — and one best line.
//!
//! Pure, and exact: the search plays on its own lean state (`state.rs`:
//! the hands as bit sets, the trick, what the score depends on), whose
//! rules are the engine's written over bit sets and tested against it; each
//! end is scored by the one scoring path of the whole project (`score` on
//! a `DealRecord`, as [`Game::scores`] does), so the contract, the handfuls
//! and the chelem bonus are not written again; the best line is replayed by
//! the engine itself for the [`Solution`]. What makes it fast (each
//! switchable in [`Config`], measured in `docs/solver.md`):
//!
//! * `state.rs`: the lean state, copied at each node;
//! * `key.rs`: a transposition table keyed on the hands up to the cards
//!   out of play (relative ranks), the leader and what the end of the deal
//!   still depends on but the attack's points (why that is exact is said there);
//! * `table.rs`: that table, of fixed size, each bound kept with the points it holds from;
//! * `order.rs`: one card per run of equivalent cards, and a move order;
//! * `bounds.rs`: quick bounds, the best and worst the taker may still score;
//! * `search.rs`: alpha-beta, zero windows by bisection, the best line.
//! * `input.rs`: a position from a `chelem simulate --log` line.

mod bounds;
mod input;
mod key;
mod order;
mod search;
mod state;
mod table;
#[cfg(test)]
mod tests;

use crate::tarot::{Action, Camp, Card, CardSet, Game, HalfPoints, Phase, Seat};

pub use input::{position_from_log, SolveInput};
pub use table::Table;

/// A deal in play, every card known: the game, and the handfuls a seat
/// will show before its first card (from a log: "as logged").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    game: Game,
    pending: [CardSet; 6],
}

/// Why a game cannot be solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// Not in the play phase (nor over).
    #[error("the deal is not in play: the tricks have not started")]
    NotInPlay,
    /// Every seat passed.
    #[error("every seat passed: there is no play to solve")]
    NoTaker,
    /// A refused position (a card played twice, an illegal card, a wrong turn...).
    #[error("{0}")]
    Impossible(String),
}

impl Position {
    /// The position of `game`, which must be in its play phase (or over).
    pub fn from_game(game: &Game) -> Result<Position, SolveError> {
        Position::with_pending(game, [CardSet::EMPTY; 6])
    }

    fn with_pending(game: &Game, pending: [CardSet; 6]) -> Result<Position, SolveError> {
        if game.taker().is_none() {
            return Err(SolveError::NoTaker);
        }
        if !matches!(game.phase(), Phase::Play | Phase::Done) {
            return Err(SolveError::NotInPlay);
        }
        Ok(Position { game: *game, pending })
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position after the seat to act plays `card` (its logged handful
    /// shown first); `None` when the deal is over or the card is not legal.
    pub fn play(&self, card: Card) -> Option<Position> {
        let seat = self.game.to_act()?;
        if !self.game.legal_cards().contains(card) {
            return None;
        }
        let mut game = self.game;
        let h = self.pending[seat.index()];
        if !h.is_empty() && game.may_show_handful(seat) {
            game.apply(seat, Action::Handful(h)).expect("a logged handful");
        }
        game.apply(seat, Action::Card(card)).expect("a legal card");
        Some(Position {
            game,
            pending: self.pending,
        })
    }
}

/// Which speed-ups the search uses (by default all but the move order and
/// the history heuristic, which measured slower; the benchmark turns each
/// off alone).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    /// The transposition table.
    pub table: bool,
    /// One card per run of equivalent cards.
    pub equivalence: bool,
    /// The move order by the rules of thumb of `order.rs` (else the cards' order).
    pub ordering: bool,
    /// The history heuristic: the cards that cut most often, searched
    /// first (after the table's best card; before the order above).
    pub history: bool,
    /// Zero-window searches bisecting the range between the quick bounds
    /// (MTD's bisection; else one full-window alpha-beta).
    pub mtdf: bool,
    /// Quick bounds at the start of each trick (`bounds.rs`).
    pub bounds: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            table: true,
            equivalence: true,
            // Measured worse than the cards' own order (docs/solver.md).
            ordering: false,
            history: false,
            mtdf: true,
            bounds: true,
        }
    }
}

/// The outcome of best play, and one best line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// Each seat's score at the end of the best line.
    pub scores: Vec<i64>,
    /// The attack's card points.
    pub points: HalfPoints,
    /// The attack's oudlers.
    pub oudlers: u8,
    /// Petit au bout.
    pub petit_au_bout: Option<Camp>,
    /// One best line: every card left, in order.
    pub line: Vec<(Seat, Card)>,
    /// Nodes searched (the line's included).
    pub nodes: u64,
}

impl Solution {
    /// The taker's score.
    pub fn taker_score(&self, pos: &Position) -> i64 {
        let t = pos.game.taker().expect("a taker");
        self.scores[t.index()]
    }
}

/// Solves `pos` with every speed-up.
pub fn solve(pos: &Position, table: &mut Table) -> Solution {
    solve_with(pos, table, Config::default())
}

/// Solves `pos` with the speed-ups of `config`.
pub fn solve_with(pos: &Position, table: &mut Table, config: Config) -> Solution {
    let mut s = search::Search::new(pos, table, config);
    let root = s.root(pos);
    let v = s.exact(&root);
    let line = s.line(&root, v);
    let nodes = s.nodes;
    // The line played by the engine itself: the outcome and every score.
    let mut end = *pos;
    for &(_, card) in &line {
        end = end.play(card).expect("the line is legal");
    }
    let o = *end.game.outcome().expect("the line ends the deal");
    let scores = end.game.scores().expect("the line ends the deal");
    debug_assert_eq!(i64::from(v), scores[pos.game.taker().expect("a taker").index()]);
    Solution {
        scores,
        points: o.points,
        oudlers: o.oudlers,
        petit_au_bout: o.petit_au_bout,
        line,
        nodes,
    }
}
