//! The strong player: information-set Monte Carlo search at every decision.
//!
//! At each decision (the bid, the call, the écart, the chelem, the handful,
//! every card) it weighs the candidate actions of [`candidates`] by search
//! over what its seat may know. One search iteration draws a determinization
//! (the cards it has not seen placed consistently with everything its seat
//! has seen, by [`Knowledge`]: hands, dog or écart, voids, handfuls, the
//! call), rebuilds the deal on it from the public history, and plays every
//! candidate still in the race to the end of the deal with the quick player
//! at every seat, scoring each by this seat's score in points (at a table
//! with deals behind and ahead, its points and its places: [`Stakes`]). All
//! candidates meet the same determinizations (paired comparisons: the luck
//! of the cards cancels out). The search is a one-level tree over the
//! information set, with successive halving instead of UCB: after 16, 32,
//! 64… iterations the worse half of the candidates leaves the race, so the
//! budget goes to the close calls. The best average wins (ties: the quick
//! player's choice).
//!
//! Before the dog is shown, the dog is hidden like the other hands; the
//! bids made before this seat's are honoured by drawing, among a few
//! determinizations, one where the quick player would have bid as they did.
//!
//! Pure except for [`Budget::Time`], which reads the clock through
//! [`Deadline`]; [`Budget::Playouts`] (search iterations per decision) is
//! deterministic for a given RNG state.

use rand::Rng;

use super::budget::{Budget, Deadline};
use super::candidates::candidates;
use super::quick::quick_action;
use super::sample::{Knowledge, SEATS};
use super::stakes::Stakes;
use super::Bot;
use crate::tarot::contract::Seat;
use crate::tarot::{Action, Game, Phase};

/// Determinizations refused by the public history before giving up.
const MAX_FAILED: u32 = 200;

/// Iterations before the first halving of the candidates.
const FIRST_CUT: u32 = 16;

/// Draws tried to find a determinization where the quick player would
/// have made the bids already made.
const BID_TRIES: u32 = 8;

/// The strong player's action for `seat`, the seat to act, on points alone.
pub fn ismcts_action<R: Rng + ?Sized>(game: &Game, seat: Seat, budget: Budget, rng: &mut R) -> Action {
    ismcts_action_at(game, seat, budget, &Stakes::NONE, rng)
}

/// The strong player's action for `seat` at a table whose scores are
/// `stakes`.
pub fn ismcts_action_at<R: Rng + ?Sized>(
    game: &Game,
    seat: Seat,
    budget: Budget,
    stakes: &Stakes,
    rng: &mut R,
) -> Action {
    let quick = quick_action(game, seat, rng);
    let cands = candidates(game, seat, quick);
    if cands.len() <= 1 {
        return quick;
    }
    match race(game, seat, &cands, budget, stakes, rng) {
        Some(r) => cands[r.best()],
        None => quick,
    }
}

/// What a race found: each candidate's total value and number of playouts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Race {
    /// This seat's total value ([`Stakes::value`]) after each candidate.
    pub sums: Vec<i64>,
    /// Playouts of each candidate.
    pub counts: Vec<u32>,
    /// Candidates still in the race at the end.
    pub alive: Vec<usize>,
    /// Search iterations (determinizations played).
    pub iterations: u32,
}

impl Race {
    /// Candidate `k`'s mean score.
    pub fn mean(&self, k: usize) -> f64 {
        if self.counts[k] == 0 {
            return f64::NEG_INFINITY;
        }
        self.sums[k] as f64 / f64::from(self.counts[k])
    }

    /// The best candidate still in the race (the first on a tie).
    pub fn best(&self) -> usize {
        let mut best = self.alive[0];
        for &k in &self.alive[1..] {
            if self.mean(k) > self.mean(best) {
                best = k;
            }
        }
        best
    }

    /// Keeps the better half (rounded up, at least two) of the candidates
    /// still in the race.
    fn halve(&mut self) {
        if self.alive.len() <= 2 {
            return;
        }
        let keep = self.alive.len().div_ceil(2).max(2);
        let mut order = self.alive.clone();
        // Stable: on a tie the earlier candidate (quick's first) stays.
        order.sort_by(|&a, &b| self.mean(b).total_cmp(&self.mean(a)));
        order.truncate(keep);
        self.alive.retain(|k| order.contains(k));
    }
}

/// Races `cands` (actions of `seat`, the seat to act) over determinizations
/// of what the seat does not know, each playout worth its
/// [`Stakes::value`]. `None` when none could be drawn.
pub fn race<R: Rng + ?Sized>(
    game: &Game,
    seat: Seat,
    cands: &[Action],
    budget: Budget,
    stakes: &Stakes,
    rng: &mut R,
) -> Option<Race> {
    let view = Knowledge::of(game, seat)?;
    let iterations = match budget {
        Budget::Playouts(n) => n.max(1),
        Budget::Time(_) => u32::MAX,
    };
    let deadline = Deadline::new(budget);
    let mut r = Race {
        sums: vec![0; cands.len()],
        counts: vec![0; cands.len()],
        alive: (0..cands.len()).collect(),
        iterations: 0,
    };
    let bots = [Bot::Quick; SEATS];
    let bots = &bots[..usize::from(game.players())];
    let mut failed = 0u32;
    let mut cut = FIRST_CUT;
    while r.iterations < iterations && failed < MAX_FAILED {
        let Some(sampled) = determinize(game, &view, rng) else {
            failed += 1;
            continue;
        };
        for &k in &r.alive {
            let mut g = sampled;
            if g.apply(seat, cands[k]).is_err() {
                continue; // cannot happen: the seat's own cards are its own
            }
            super::play_to_end(&mut g, bots, rng);
            r.sums[k] += g.scores().map_or(0, |s| stakes.value(&s, seat));
            r.counts[k] += 1;
        }
        r.iterations += 1;
        if r.iterations == cut {
            r.halve();
            cut *= 2;
        }
        if deadline.passed() {
            break;
        }
    }
    (r.iterations > 0).then_some(r)
}

/// A deal consistent with what the seat knows, rebuilt from the public
/// history. In the bidding, among a few draws, the first where the quick
/// player would have made the bids already made (else the last drawn).
fn determinize<R: Rng + ?Sized>(game: &Game, view: &Knowledge, rng: &mut R) -> Option<Game> {
    if game.phase() != Phase::Bidding {
        return view.sample(rng).and_then(|deal| view.rebuild(game, &deal));
    }
    let mut last = None;
    for _ in 0..BID_TRIES {
        let Some(deal) = view.sample(rng) else {
            continue;
        };
        let mut check = |g: &Game, s: Seat, a: Action| quick_action(g, s, &mut *rng) == a;
        let Some((g, agreed)) = view.rebuild_checked(game, &deal, &mut check) else {
            continue;
        };
        if agreed {
            return Some(g);
        }
        last = Some(g);
    }
    last
}
