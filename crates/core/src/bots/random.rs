//! A uniformly random legal player: the baseline of the duels.

use rand::Rng;

use super::random_subset;
use crate::tarot::cards::CardSet;
use crate::tarot::contract::{HandfulSize, Seat};
use crate::tarot::play::{callable_ranks_six, discardable_plain, Call};
use crate::tarot::{Action, Card, Game, Phase};

/// A random legal action for `seat`, the seat to act: bids, calls, écarts,
/// chelem announcements, handfuls and cards, each drawn uniformly among the
/// legal ones.
pub fn random_action<R: Rng + ?Sized>(game: &Game, seat: Seat, rng: &mut R) -> Action {
    let hand = game.hand(seat);
    match game.phase() {
        Phase::Bidding => {
            let bids = game.legal_bids(seat);
            Action::Bid(bids[rng.random_range(0..bids.len())])
        }
        Phase::Calling if game.players() == 6 => {
            // One card of each rank, two different ones.
            let [first, second] = callable_ranks_six(hand);
            let pick = |from: CardSet, rng: &mut R| from.nth(rng.random_range(0..from.len())).expect("a callable card");
            let a = pick(first, rng);
            let b = pick(second.minus(CardSet::one(a)), rng);
            Action::Call(Call::Two(a, b))
        }
        Phase::Calling => {
            let calls = game.legal_calls();
            Action::Call(Call::One(
                calls.nth(rng.random_range(0..calls.len())).expect("a callable card"),
            ))
        }
        Phase::Discard => {
            let need = game.dog().len();
            let plain = discardable_plain(hand);
            if plain.len() >= need {
                Action::Discard(random_subset(plain, need, rng))
            } else {
                let trumps = hand.and(CardSet::TRUMPS).minus(CardSet::OUDLERS);
                Action::Discard(plain.or(random_subset(trumps, need - plain.len(), rng)))
            }
        }
        Phase::Chelem => Action::Chelem(rng.random_bool(0.5)),
        Phase::Play => {
            if game.may_show_handful(seat) && rng.random_bool(0.5) {
                if let Some(h) = random_handful(game.players(), hand, rng) {
                    return Action::Handful(h);
                }
            }
            let legal = game.legal_cards();
            Action::Card(legal.nth(rng.random_range(0..legal.len())).expect("a legal card"))
        }
        Phase::Done => Action::Chelem(false),
    }
}

/// A random valid handful of `hand`, if it has one.
fn random_handful<R: Rng + ?Sized>(players: u8, hand: CardSet, rng: &mut R) -> Option<CardSet> {
    let trumps = hand.and(CardSet::TRUMPS);
    let t = trumps.len();
    let has_ex = hand.contains(Card::EXCUSE);
    let mut sizes = [0u32; 3];
    let mut n = 0;
    for s in [HandfulSize::Simple, HandfulSize::Double, HandfulSize::Triple] {
        let k = u32::from(s.trumps_needed(players)?);
        if k <= t || (has_ex && k == t + 1) {
            sizes[n] = k;
            n += 1;
        }
    }
    if n == 0 {
        return None;
    }
    let k = sizes[rng.random_range(0..n)];
    Some(if k == t + 1 {
        trumps.or(CardSet::EXCUSE)
    } else {
        random_subset(trumps, k, rng)
    })
}
