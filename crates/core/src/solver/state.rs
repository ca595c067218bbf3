//! The search's own state of a deal in play: the hands as bit sets, the
//! trick in progress, the [`Summary`] of the tricks done — a hundred bytes,
//! copied at each node instead of the engine's `Game` (about 850 bytes,
//! whose `apply` checks everything and whose last card scores the deal).
//!
//! The rules the search needs are the engine's, written again over bit
//! sets: the legal cards (`Game::legal_for`: follow, trump, overtrump, the
//! excuse, the called suit barred on the first lead), the winner of a trick
//! (the highest trump, else the highest card of the suit led; the excuse in
//! the last trick of a chelem), and the end of the deal (`end.rs`: the
//! écart or the dog, the excuse's rules, petit au bout, the chelem) down to
//! the [`End`] that the engine's scoring (`score` on a `DealRecord`, in
//! `bounds.rs`) turns into the taker's score. That these agree with the
//! engine is tested: the solver against a brute-force minimax played by
//! the engine alone (`tests.rs`), and every end against `Game::outcome` on
//! random complete deals.

use super::key::Summary;
use crate::tarot::{Camp, Card, CardSet, Contract, Game, Seat};

/// An end of the deal as the score sees it: the attack's half points and
/// oudlers, petit au bout, the chelem.
pub(super) type End = (u16, u8, Option<Camp>, Option<Camp>);

/// What is fixed for the whole deal.
pub(super) struct Rules {
    pub players: u8,
    /// The attack's seats, as bits.
    pub attack: u8,
    /// Tricks in the deal.
    pub total: u8,
    /// The called cards (5 and 6 players).
    called: CardSet,
    /// The suits of the called cards (barred to the first lead).
    barred: CardSet,
    /// Half points and oudlers counted for the attack whoever plays.
    fixed_points: u16,
    fixed_oudlers: u8,
}

impl Rules {
    pub fn new(g: &Game) -> Rules {
        let called = g.called_cards();
        let mut barred = CardSet::EMPTY;
        for k in called {
            if let Some(s) = k.suit() {
                barred = barred.or(CardSet::suit(s));
            }
        }
        let fixed = match g.contract().expect("a contract") {
            Contract::Petite | Contract::Garde => g.discard(),
            Contract::GardeSans => g.dog(),
            Contract::GardeContre => CardSet::EMPTY,
        };
        Rules {
            players: g.players(),
            attack: Seat::all(g.players())
                .filter(|&s| g.is_attack(s))
                .fold(0, |a, s| a | 1 << s.0),
            total: g.tricks_total(),
            called,
            barred,
            fixed_points: fixed.points_half(),
            fixed_oudlers: fixed.and(CardSet::OUDLERS).len() as u8,
        }
    }

    /// Whether `seat` is in the attack.
    pub fn is_attack(&self, seat: u8) -> bool {
        self.attack >> seat & 1 == 1
    }
}

/// A position of the search.
#[derive(Clone, Copy)]
pub(super) struct State {
    pub hands: [CardSet; 6],
    /// The trick in progress (its first `len` cards).
    pub trick: [Card; 6],
    pub len: u8,
    pub leader: u8,
    /// The seat to play; meaningless once `end` is set.
    pub to_act: u8,
    pub ntricks: u8,
    pub summary: Summary,
    /// The end, once the deal is over.
    pub end: Option<End>,
}

impl State {
    /// The state of `g` (in play or over).
    pub fn of(g: &Game) -> State {
        let mut hands = [CardSet::EMPTY; 6];
        for s in Seat::all(g.players()) {
            hands[s.index()] = g.hand(s);
        }
        let mut trick = [Card::EXCUSE; 6];
        trick[..g.trick().len()].copy_from_slice(g.trick());
        State {
            hands,
            trick,
            len: g.trick().len() as u8,
            leader: g.trick_leader().0,
            to_act: g.to_act().map_or(0, |s| s.0),
            ntricks: g.tricks_done(),
            summary: Summary::of(g),
            end: g
                .outcome()
                .map(|o| (o.points.0, o.oudlers, o.petit_au_bout, o.chelem_made_by)),
        }
    }

    /// The cards of the trick in progress.
    pub fn trick(&self) -> &[Card] {
        &self.trick[..usize::from(self.len)]
    }

    /// Every card still in a hand.
    pub fn left(&self) -> CardSet {
        self.hands.iter().fold(CardSet::EMPTY, |a, &h| a.or(h))
    }

    /// The cards the seat to act may play (`Game::legal_for`).
    pub fn legal(&self, r: &Rules) -> CardSet {
        let hand = self.hands[usize::from(self.to_act)];
        let cur = self.trick();
        let Some(led) = cur.iter().copied().find(|&c| c != Card::EXCUSE) else {
            if self.ntricks == 0 && !r.called.is_empty() {
                let ok = hand.minus(r.barred).or(hand.and(r.called));
                if !ok.is_empty() {
                    return ok;
                }
            }
            return hand;
        };
        let ex = hand.and(CardSet::EXCUSE);
        if let Some(s) = led.suit() {
            let follow = hand.and(CardSet::suit(s));
            if !follow.is_empty() {
                return follow.or(ex);
            }
        }
        let trumps = hand.and(CardSet::TRUMPS);
        if trumps.is_empty() {
            return hand;
        }
        let in_trick: CardSet = cur.iter().copied().collect();
        if let Some(h) = in_trick.and(CardSet::TRUMPS).highest() {
            let over = trumps.and(CardSet::above(h));
            if !over.is_empty() {
                return over.or(ex);
            }
        }
        trumps.or(ex)
    }

    /// The state after the seat to act plays `card`.
    pub fn play(&self, r: &Rules, card: Card) -> State {
        let seat = self.to_act;
        let mut c = *self;
        c.hands[usize::from(seat)].remove(card);
        c.trick[usize::from(c.len)] = card;
        c.len += 1;
        if c.len < r.players {
            c.to_act = (seat + 1) % r.players;
            return c;
        }
        c.finish_trick(r);
        c
    }

    /// The trick is complete: its winner, the summary, the end.
    fn finish_trick(&mut self, r: &Rules) {
        let n = r.players;
        let cards = &self.trick[..usize::from(n)];
        let mut winner = (self.leader + winning_index(cards) as u8) % n;
        let last = self.ntricks + 1 == r.total;
        let excuse_at = cards.iter().position(|&c| c == Card::EXCUSE);
        let mut excuse_wins = false;
        if let Some(k) = excuse_at {
            let es = (self.leader + k as u8) % n;
            let camp_bit = if r.is_attack(es) { 1 } else { 2 };
            // In a chelem the excuse played to the last trick wins it.
            if last && self.ntricks > 0 && self.summary.won == camp_bit {
                winner = es;
                excuse_wins = true;
            }
        }
        let petit_before = self.summary.petit_last;
        let s = &mut self.summary;
        let pile: CardSet = cards.iter().copied().filter(|&c| c != Card::EXCUSE).collect();
        let attack = r.is_attack(winner);
        if attack {
            s.points += pile.points_half();
            s.oudlers += pile.and(CardSet::OUDLERS).len() as u8;
            s.won |= 1;
        } else {
            s.won |= 2;
        }
        if let Some(k) = excuse_at {
            let owner = (self.leader + k as u8) % n;
            s.excuse = 4 + 2 * u8::from(r.is_attack(owner)) + u8::from(attack);
        }
        let petit_here = pile.contains(Card::PETIT);
        s.petit_last = match (petit_here, attack) {
            (false, _) => 0,
            (true, true) => 1,
            (true, false) => 2,
        };
        self.ntricks += 1;
        self.len = 0;
        self.leader = winner;
        self.to_act = winner;
        if last {
            self.end = Some(self.end_of_deal(r, excuse_at.is_some(), excuse_wins, petit_before));
        }
    }

    /// The end after the last trick (`end.rs`: `finish`, `excuse_rule`,
    /// `petit_au_bout`, `chelem_made_by`).
    fn end_of_deal(&self, r: &Rules, excuse_last: bool, excuse_wins: bool, petit_before: u8) -> End {
        let s = self.summary;
        let mut points = i32::from(s.points + r.fixed_points);
        let mut oudlers = s.oudlers + r.fixed_oudlers;
        if s.excuse != 0 {
            let owner_attack = s.excuse & 2 != 0;
            let winner_attack = s.excuse & 1 != 0;
            let to_attack = if excuse_last {
                // Won by its owner in a chelem, else it changes camp.
                if excuse_wins {
                    owner_attack
                } else {
                    !owner_attack
                }
            } else {
                if owner_attack != winner_attack {
                    points += if owner_attack { -1 } else { 1 };
                }
                owner_attack
            };
            if to_attack {
                points += 9;
                oudlers += 1;
            }
        }
        let camp = |attack: bool| if attack { Camp::Attack } else { Camp::Defence };
        let chelem = match s.won {
            1 => Some(Camp::Attack),
            2 => Some(Camp::Defence),
            _ => None,
        };
        let petit = if excuse_wins && petit_before != 0 {
            Some(camp(petit_before == 1))
        } else if s.petit_last != 0 {
            Some(camp(s.petit_last == 1))
        } else {
            None
        };
        (points as u16, oudlers, petit, chelem)
    }
}

/// The winner (index in `cards`) of a complete trick: the highest trump,
/// else the highest card of the suit led; the excuse never wins here.
pub(super) fn winning_index(cards: &[Card]) -> usize {
    let set: CardSet = cards.iter().copied().collect();
    let best = match set.and(CardSet::TRUMPS).highest() {
        Some(t) => t,
        None => {
            let led = cards
                .iter()
                .copied()
                .find(|&c| c != Card::EXCUSE)
                .expect("a card besides the excuse");
            let suit = led.suit().expect("a suit card");
            set.and(CardSet::suit(suit)).highest().expect("the card led")
        }
    };
    cards.iter().position(|&c| c == best).expect("in the trick")
}
