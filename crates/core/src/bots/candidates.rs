//! The actions the search bot weighs at each decision: every bid, every
//! card it may call, a set of sensible écarts, announcing a chelem or not,
//! showing its handful or not, every legal card. The quick player's own
//! choice always comes first (the search keeps it on a tie).

use super::quick::{ecart, handful};
use crate::tarot::card::Card;
use crate::tarot::cards::CardSet;
use crate::tarot::contract::Seat;
use crate::tarot::play::{callable_rank, callable_ranks_six, discardable_plain, Call};
use crate::tarot::{Action, Game, Phase};

/// Écarts weighed at most.
const MAX_ECARTS: usize = 16;

/// The actions `seat` (the seat to act) may choose among, `quick` (the
/// quick player's choice) first. One action: nothing to search.
pub fn candidates(game: &Game, seat: Seat, quick: Action) -> Vec<Action> {
    let hand = game.hand(seat);
    let mut out = vec![quick];
    let mut push = |a: Action| {
        if !out.contains(&a) {
            out.push(a);
        }
    };
    match game.phase() {
        Phase::Bidding => game.legal_bids(seat).into_iter().for_each(|b| push(Action::Bid(b))),
        Phase::Calling if game.players() == 6 => {
            let [first, second] = callable_ranks_six(hand);
            for a in first {
                for b in second.minus(CardSet::one(a)) {
                    // Two cards of one rank: each pair once.
                    if first != second || a < b {
                        push(Action::Call(Call::Two(a, b)));
                    }
                }
            }
        }
        Phase::Calling => callable_rank(hand)
            .iter()
            .for_each(|c| push(Action::Call(Call::One(c)))),
        Phase::Discard => ecarts(hand, game.dog().len())
            .into_iter()
            .for_each(|e| push(Action::Discard(e))),
        Phase::Chelem => [false, true].into_iter().for_each(|y| push(Action::Chelem(y))),
        Phase::Play => {
            if game.may_show_handful(seat) {
                if let Some(h) = handful(game.players(), hand) {
                    push(Action::Handful(h));
                }
            }
            game.legal_cards().iter().for_each(|c| push(Action::Card(c)));
        }
        Phase::Done => {}
    }
    out
}

/// Sensible écarts of `need` cards from `hand` (the dog taken in): the
/// quick player's, then for each set of suits that can be emptied (no
/// king, few enough cards), those suits emptied and the rest filled either
/// with the richest cards left or with the poorest.
pub fn ecarts(hand: CardSet, need: u32) -> Vec<CardSet> {
    let mut out = vec![ecart(hand, need)];
    let plain = discardable_plain(hand);
    if plain.len() <= need {
        return out; // forced: every plain card and the lowest trumps
    }
    let mut masks: Vec<u8> = (0..16u8).collect();
    masks.sort_by_key(|m| std::cmp::Reverse(m.count_ones()));
    for mask in masks {
        let mut voided = CardSet::EMPTY;
        let mut ok = true;
        for i in 0..4 {
            if mask & (1 << i) != 0 {
                let suit = hand.and(CardSet::suit_index(i));
                ok &= !suit.is_empty() && suit.and(CardSet::KINGS).is_empty();
                voided = voided.or(suit);
            }
        }
        if !ok || voided.len() > need {
            continue;
        }
        let rest = plain.minus(voided);
        let k = need - voided.len();
        for rich in [true, false] {
            let e = voided.or(pick(rest, k, rich));
            if e.len() == need && !out.contains(&e) {
                out.push(e);
            }
        }
        if out.len() >= MAX_ECARTS {
            break;
        }
    }
    out.truncate(MAX_ECARTS);
    out
}

/// `k` cards of `from`: the richest (points, then rank) or the poorest.
fn pick(from: CardSet, k: u32, rich: bool) -> CardSet {
    let mut cards: Vec<Card> = from.iter().collect();
    cards.sort_by_key(|c| (c.points_half(), c.rank()));
    if rich {
        cards.reverse();
    }
    cards.into_iter().take(k as usize).fold(CardSet::EMPTY, |mut s, c| {
        s.insert(c);
        s
    })
}
