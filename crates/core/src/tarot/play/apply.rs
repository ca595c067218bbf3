//! An action applied: checked fully first, then one step of the deal (a bid,
//! the call, the écart, the chelem announcement, a handful, a card and the
//! trick it completes).

use super::moves::{callable_rank, callable_ranks_six, discardable_plain, handful_sizes, trick_winner_index};
use super::{Action, Call, Game, Phase};
use crate::tarot::card::Card;
use crate::tarot::cards::CardSet;
use crate::tarot::contract::{Contract, Seat};
use crate::tarot::play_error::PlayError;

impl Game {
    /// Applies one action of `seat`: checked fully first, the state is
    /// unchanged when it is refused.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<(), PlayError> {
        if seat.0 >= self.players {
            return Err(PlayError::NoSuchSeat {
                seat,
                last: Seat(self.players - 1),
            });
        }
        if self.phase == Phase::Done {
            return Err(PlayError::DealOver);
        }
        if seat != self.to_act {
            return Err(PlayError::NotYourTurn {
                seat,
                to_act: self.to_act,
            });
        }
        let wrong = || PlayError::WrongPhase {
            action: action.name(),
            phase: self.phase.name(),
        };
        match (self.phase, action) {
            (Phase::Bidding, Action::Bid(bid)) => self.bid(seat, bid),
            (Phase::Calling, Action::Call(call)) => self.do_call(call),
            (Phase::Discard, Action::Discard(cards)) => self.do_discard(cards),
            (Phase::Chelem, Action::Chelem(yes)) => {
                self.chelem_announced = yes;
                self.phase = Phase::Play;
                let leader = if yes {
                    self.taker.unwrap_or(seat)
                } else {
                    self.dealer.next(self.players)
                };
                self.leaders[0] = leader;
                self.to_act = leader;
                Ok(())
            }
            (Phase::Play, Action::Handful(cards)) => self.show_handful(seat, cards),
            (Phase::Play, Action::Card(card)) => self.play(seat, card),
            _ => Err(wrong()),
        }
    }

    fn bid(&mut self, seat: Seat, bid: Option<Contract>) -> Result<(), PlayError> {
        if let Some(b) = bid {
            if let Some(h) = self.contract {
                if b <= h {
                    return Err(PlayError::BidTooLow {
                        bid: b.name(),
                        highest: h.name(),
                    });
                }
            }
            self.taker = Some(seat);
            self.contract = Some(b);
        }
        self.bids[usize::from(self.nbids)] = bid;
        self.nbids += 1;
        if self.nbids < self.players {
            self.to_act = seat.next(self.players);
            return Ok(());
        }
        match self.taker {
            None => self.phase = Phase::Done,
            Some(t) => {
                self.to_act = t;
                if self.players >= 5 {
                    self.phase = Phase::Calling;
                } else {
                    self.after_call(t);
                }
            }
        }
        Ok(())
    }

    fn after_call(&mut self, taker: Seat) {
        if self.contract.is_some_and(Contract::has_ecart) {
            self.hands[taker.index()] = self.hands[taker.index()].or(self.dog);
            self.phase = Phase::Discard;
        } else {
            self.phase = Phase::Chelem;
        }
    }

    fn do_call(&mut self, call: Call) -> Result<(), PlayError> {
        let taker = self.taker.expect("a taker in the calling phase");
        let card = match (self.players, call) {
            (6, Call::One(_)) => return Err(PlayError::CallTwo),
            (6, Call::Two(a, b)) => return self.call_two(taker, a, b),
            (_, Call::Two(..)) => return Err(PlayError::CallOne),
            (_, Call::One(card)) => card,
        };
        let rank = callable_rank(self.hand(taker));
        if !rank.contains(card) {
            let name = card.to_string();
            return Err(if rank == CardSet::KINGS {
                PlayError::CallKing { card: name }
            } else if rank == CardSet::QUEENS {
                PlayError::CallQueen { card: name }
            } else {
                PlayError::CallKnight { card: name }
            });
        }
        self.called = Some(call);
        self.called_holder = [self.holder(card), None];
        self.after_call(taker);
        Ok(())
    }

    /// Who was dealt `card` (`None`: it is in the dog).
    fn holder(&self, card: Card) -> Option<Seat> {
        Seat::all(self.players).find(|s| self.dealt[s.index()].contains(card))
    }

    /// 6 players: a king and a queen (or two queens, or two knights, by
    /// what the taker holds), two different cards, in either order.
    fn call_two(&mut self, taker: Seat, a: Card, b: Card) -> Result<(), PlayError> {
        let [first, second] = callable_ranks_six(self.hand(taker));
        let one_each = (first.contains(a) && second.contains(b)) || (first.contains(b) && second.contains(a));
        if !one_each || a == b {
            // The codes, a space between: the pages name them in words.
            let cards = format!("{a} {b}");
            return Err(if first == CardSet::KINGS {
                PlayError::CallKingQueen { cards }
            } else if first == CardSet::QUEENS {
                PlayError::CallTwoQueens { cards }
            } else {
                PlayError::CallTwoKnights { cards }
            });
        }
        self.called = Some(Call::Two(a, b));
        self.called_holder = [self.holder(a), self.holder(b)];
        self.after_call(taker);
        Ok(())
    }

    fn do_discard(&mut self, cards: CardSet) -> Result<(), PlayError> {
        let taker = self.taker.expect("a taker in the discard phase");
        let hand = self.hand(taker);
        let needed = self.dog.len();
        if cards.len() != needed {
            return Err(PlayError::DiscardCount {
                count: cards.len(),
                needed,
            });
        }
        if let Some(c) = cards.minus(hand).lowest() {
            return Err(PlayError::DiscardNotInHand { card: c.to_string() });
        }
        if let Some(c) = cards.and(CardSet::KINGS).lowest() {
            return Err(PlayError::DiscardKing { card: c.to_string() });
        }
        if let Some(c) = cards.and(CardSet::OUDLERS).lowest() {
            return Err(PlayError::DiscardOudler { card: c.to_string() });
        }
        let trumps = cards.and(CardSet::TRUMPS);
        let plain = discardable_plain(hand).len();
        if trumps.len() > needed.saturating_sub(plain) {
            let c = trumps.lowest().expect("a trump");
            return Err(PlayError::DiscardTrump { card: c.to_string() });
        }
        self.discard = cards;
        self.hands[taker.index()] = hand.minus(cards);
        self.phase = Phase::Chelem;
        Ok(())
    }

    fn show_handful(&mut self, seat: Seat, cards: CardSet) -> Result<(), PlayError> {
        if self.handful_done & seat.bit() != 0 {
            return Err(PlayError::HandfulLate);
        }
        if !cards.is_empty() {
            let hand = self.hand(seat);
            if let Some(c) = cards.minus(hand).lowest() {
                return Err(PlayError::HandfulNotInHand { card: c.to_string() });
            }
            if let Some(c) = cards.minus(CardSet::TRUMPS.or(CardSet::EXCUSE)).lowest() {
                return Err(PlayError::HandfulNotTrump { card: c.to_string() });
            }
            let [simple, double, triple] = handful_sizes(self.players);
            let n = cards.len();
            if ![simple, double, triple].contains(&(n as u8)) {
                return Err(PlayError::HandfulSize {
                    count: n,
                    simple,
                    double,
                    triple,
                });
            }
            if cards.contains(Card::EXCUSE) && !hand.and(CardSet::TRUMPS).is_subset(cards) {
                return Err(PlayError::HandfulExcuse);
            }
            self.handfuls[seat.index()] = cards;
            self.handful_order[usize::from(self.nhandfuls)] = seat;
            self.nhandfuls += 1;
        }
        self.handful_done |= seat.bit();
        Ok(())
    }

    fn play(&mut self, seat: Seat, card: Card) -> Result<(), PlayError> {
        let hand = self.hand(seat);
        if !hand.contains(card) {
            return Err(PlayError::CardNotInHand { card: card.to_string() });
        }
        if !self.legal_for(hand).contains(card) {
            return Err(self.card_error(hand, card));
        }
        self.handful_done |= seat.bit();
        self.hands[seat.index()].remove(card);
        self.played.insert(card);
        let t = usize::from(self.ntricks);
        self.tricks[t][usize::from(self.trick_len)] = card;
        self.trick_len += 1;
        if card == Card::EXCUSE {
            self.excuse = Some((seat, self.ntricks));
        }
        if self.trick_len < self.players {
            self.to_act = seat.next(self.players);
            return Ok(());
        }
        // The trick is complete.
        let leader = self.leaders[t];
        let cards = self.tricks[t];
        let cards = &cards[..usize::from(self.players)];
        let mut winner = leader.after(trick_winner_index(cards) as u8, self.players);
        let last = self.ntricks + 1 == self.tricks_total();
        let mut pile = cards.iter().copied().collect::<CardSet>();
        if let Some((es, et)) = self.excuse {
            if usize::from(et) == t {
                pile.remove(Card::EXCUSE);
                // In a chelem the excuse played to the last trick wins it.
                let camp = self.is_attack(es);
                if last && t > 0 && self.winners[..t].iter().all(|&w| self.is_attack(w) == camp) {
                    winner = es;
                }
            }
        }
        self.won[winner.index()] = self.won[winner.index()].or(pile);
        self.winners[t] = winner;
        self.ntricks += 1;
        self.trick_len = 0;
        if last {
            self.finish();
        } else {
            self.leaders[t + 1] = winner;
            self.to_act = winner;
        }
        Ok(())
    }
}
