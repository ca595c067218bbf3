//! The sampler player (the strong player before the search bot): determinized
//! sampling with quick-bot playouts, for the card play only.
//!
//! For a card to play, it samples the cards it has not seen into the other
//! seats' hands and the hidden pile (the dog, or the écart of another
//! taker), consistent with everything its seat has seen: hand sizes, voids
//! derived from the tricks (did not follow, did not trump, did not
//! overtrump), handfuls shown, the public dog, the écart's trumps shown, its
//! own écart. Each sample is a full deal; replaying the public history on it
//! rebuilds a game state (a sample the history refuses is dropped). Each
//! legal card is then played out to the end with [`quick_action`] at every
//! seat, and the card with the best average score for this seat wins (ties:
//! the quick player's choice).
//!
//! Bidding, calling, the écart, the chelem announcement and handfuls are the
//! quick player's.
//!
//! Pure except for [`Budget::Time`], which reads the clock through
//! [`Deadline`]; [`Budget::Playouts`] is deterministic for a given RNG state.

use rand::Rng;

use super::budget::{Budget, Deadline};
use super::quick::quick_action;
use super::sample::{Knowledge, SEATS};
use super::Bot;
use crate::tarot::card::Card;
use crate::tarot::contract::Seat;
use crate::tarot::{Action, Game, Phase};

/// Samples per decision tried before giving up when the history refuses them.
const MAX_FAILED_SAMPLES: u32 = 200;

/// The strong player's action for `seat`, the seat to act.
pub fn sampler_action<R: Rng + ?Sized>(game: &Game, seat: Seat, budget: Budget, rng: &mut R) -> Action {
    let quick = quick_action(game, seat, rng);
    if game.phase() != Phase::Play {
        return quick;
    }
    let Action::Card(quick_card) = quick else {
        return quick; // a handful shown
    };
    match search(game, seat, budget, rng) {
        Some(s) if s.samples > 0 => {
            let qk = s.cards.iter().position(|&c| c == quick_card).unwrap_or(0);
            let mut best = qk;
            for k in 0..s.cards.len() {
                if s.sums[k] > s.sums[best] {
                    best = k;
                }
            }
            Action::Card(s.cards[best])
        }
        _ => quick,
    }
}

/// What a search found: each legal card's total score over the samples.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Search {
    /// The legal cards.
    pub cards: Vec<Card>,
    /// This seat's total score after each card, over the samples.
    pub sums: Vec<i64>,
    /// Sampled deals played out (one playout per card each).
    pub samples: u32,
    /// Samples the public history refused.
    pub failed: u32,
}

impl Search {
    /// Playouts run.
    pub fn playouts(&self) -> u64 {
        u64::from(self.samples) * self.cards.len() as u64
    }
}

/// The search behind [`sampler_action`] for the seat to act in the play
/// phase (`None` outside play or with one legal card).
pub fn search<R: Rng + ?Sized>(game: &Game, seat: Seat, budget: Budget, rng: &mut R) -> Option<Search> {
    let legal = game.legal_cards();
    if legal.len() <= 1 || game.to_act() != Some(seat) {
        return None;
    }
    let cards: Vec<Card> = legal.iter().collect();
    let view = Knowledge::of(game, seat)?;
    let rounds = match budget {
        Budget::Playouts(n) => (n / cards.len() as u32).max(1),
        Budget::Time(_) => u32::MAX,
    };
    let deadline = Deadline::new(budget);
    let mut sums = vec![0i64; cards.len()];
    let mut done = 0u32;
    let mut failed = 0u32;
    let bots = [Bot::Quick; SEATS];
    while done < rounds && failed < MAX_FAILED_SAMPLES {
        let Some(sampled) = view.sample(rng).and_then(|deal| view.rebuild(game, &deal)) else {
            failed += 1;
            continue;
        };
        for (k, &c) in cards.iter().enumerate() {
            let mut g = sampled;
            if g.apply(seat, Action::Card(c)).is_err() {
                continue; // cannot happen: the seat's own hand is its own
            }
            super::play_to_end(&mut g, &bots[..usize::from(game.players())], rng);
            sums[k] += g.scores().map_or(0, |s| s[seat.index()]);
        }
        done += 1;
        if deadline.passed() {
            break;
        }
    }
    Some(Search {
        cards,
        sums,
        samples: done,
        failed,
    })
}
