//! The cards worth searching at a node, best guesses first: one card of
//! each run of equivalent cards, then an order that finds cut-offs early.
//!
//! Equivalent cards: two cards of one hand, of the same suit (or both
//! trumps), worth the same card points, with every card ranked between
//! them either in that hand too or in a trick already done. Whatever the
//! rest of the deal, playing one or the other wins and loses the same
//! tricks and the same points (neither is the petit, the monde or the
//! excuse, which are alone of their worth), so one of them is enough.

use super::state::{Rules, State};
use crate::tarot::{Card, CardSet};

/// The cards to search at a node, on the stack (a hand holds 24 cards at most).
pub(super) struct Moves {
    cards: [Card; 24],
    len: usize,
}

impl Moves {
    fn new() -> Moves {
        Moves {
            cards: [Card::EXCUSE; 24],
            len: 0,
        }
    }

    fn push(&mut self, c: Card) {
        self.cards[self.len] = c;
        self.len += 1;
    }

    fn extend(&mut self, cards: CardSet) {
        for c in cards {
            self.push(c);
        }
    }
}

impl std::ops::Deref for Moves {
    type Target = [Card];
    fn deref(&self) -> &[Card] {
        &self.cards[..self.len]
    }
}

impl std::ops::DerefMut for Moves {
    fn deref_mut(&mut self) -> &mut [Card] {
        &mut self.cards[..self.len]
    }
}

/// The cards of `legal` to search, one per run of equivalent cards (all of
/// them when `merge` is off). `hand` is the seat's hand, `gone` cards out
/// of play (in no hand and not in the trick in progress: they can win no
/// trick any more).
pub(super) fn representatives(legal: CardSet, hand: CardSet, gone: CardSet, merge: bool) -> Moves {
    let mut out = Moves::new();
    if !merge {
        out.extend(legal);
        return out;
    }
    let filler = hand.or(gone);
    let mut last: Option<Card> = None;
    for c in legal {
        if let Some(p) = last {
            if equivalent(p, c, filler) {
                last = Some(c);
                continue;
            }
        }
        out.push(c);
        last = Some(c);
    }
    out
}

/// Whether `lo` and `hi` (`lo` below) are equivalent, given the cards
/// `filler` that may stand between them.
fn equivalent(lo: Card, hi: Card, filler: CardSet) -> bool {
    let same_kind = (lo.is_trump() && hi.is_trump()) || (lo.suit().is_some() && lo.suit() == hi.suit());
    if !same_kind || lo.is_oudler() || hi.is_oudler() || lo.points_half() != hi.points_half() {
        return false;
    }
    let between = CardSet::above(lo).and(CardSet::below(hi));
    between.is_subset(filler)
}

/// Sorts `moves` best first for the seat to act in `st` (`attack`: it plays
/// for the taker), `first` (the table's best move) before all.
pub(super) fn order(r: &Rules, st: &State, attack: bool, moves: &mut [Card], first: Option<Card>) {
    let trick = st.trick();
    let best = winning_card(trick);
    // Whether the card now winning the trick is the seat's camp's.
    let ours = best.map(|(i, _)| r.is_attack((st.leader + i as u8) % r.players) == attack);
    moves.sort_by_key(|&c| {
        if Some(c) == first {
            return i32::MIN;
        }
        let pts = i32::from(c.points_half());
        let wins = best.is_none_or(|(_, b)| beats(c, b));
        match (trick.is_empty(), ours, wins) {
            // Leading: strong cards first, then the cheap ones.
            (true, _, _) => -(i32::from(c.index() % 14) + if c.is_trump() { 30 } else { 0 }),
            // Our camp holds the trick: give it points.
            (false, Some(true), _) => -10 * pts + i32::from(c.index() % 14),
            // Taking the trick from the other camp: with points, cheaply.
            (false, _, true) => -1000 - 10 * pts + i32::from(c.index()),
            // Losing to the other camp: the cheapest card.
            _ => pts * 10 + i32::from(c.index() % 14),
        }
    });
}

/// The card now winning `trick` (index in the trick, card), if any.
fn winning_card(trick: &[Card]) -> Option<(usize, Card)> {
    let mut best: Option<(usize, Card)> = None;
    for (i, &c) in trick.iter().enumerate() {
        if c == Card::EXCUSE {
            continue;
        }
        if best.is_none_or(|(_, b)| beats(c, b)) {
            best = Some((i, c));
        }
    }
    best
}

/// Whether `c`, played after `b` (which holds the trick), takes it.
fn beats(c: Card, b: Card) -> bool {
    if c == Card::EXCUSE {
        return false;
    }
    if c.is_trump() {
        return !b.is_trump() || c > b;
    }
    !b.is_trump() && c.suit() == b.suit() && c > b
}
