//! What the rules allow now: the bids, the cards the taker may call or put
//! in the écart, the cards a seat may play, and why a card is refused.

use super::{Game, Phase};
use crate::tarot::card::Card;
use crate::tarot::cards::CardSet;
use crate::tarot::contract::{Contract, HandfulSize, Seat};
use crate::tarot::play_error::PlayError;

/// The rank (as a set of four cards) the taker must call with this hand.
pub fn callable_rank(hand: CardSet) -> CardSet {
    if !CardSet::KINGS.is_subset(hand) {
        CardSet::KINGS
    } else if !CardSet::QUEENS.is_subset(hand) {
        CardSet::QUEENS
    } else {
        CardSet::KNIGHTS
    }
}

/// 6 players: the two ranks (as sets of four cards) the taker calls from,
/// one card of each: a king and a queen; holding the four kings, two
/// queens; holding the four kings and the four queens, two knights.
pub fn callable_ranks_six(hand: CardSet) -> [CardSet; 2] {
    if !CardSet::KINGS.is_subset(hand) {
        [CardSet::KINGS, CardSet::QUEENS]
    } else if !CardSet::QUEENS.is_subset(hand) {
        [CardSet::QUEENS, CardSet::QUEENS]
    } else {
        [CardSet::KNIGHTS, CardSet::KNIGHTS]
    }
}

/// Cards that may go in an écart without any trump: no king, no oudler, no trump.
pub fn discardable_plain(hand: CardSet) -> CardSet {
    hand.and(CardSet::SUITED).minus(CardSet::KINGS)
}

/// Handful sizes (simple, double, triple) by table size.
pub(super) fn handful_sizes(players: u8) -> [u8; 3] {
    [HandfulSize::Simple, HandfulSize::Double, HandfulSize::Triple].map(|s| s.trumps_needed(players).unwrap_or(0))
}

/// The winner (index in `cards`) of a trick by the card rules: the highest
/// trump, else the highest card of the suit led; the excuse never wins.
pub fn trick_winner_index(cards: &[Card]) -> usize {
    let mut best: Option<usize> = None;
    for (i, &c) in cards.iter().enumerate() {
        if c == Card::EXCUSE {
            continue;
        }
        match best {
            None => best = Some(i),
            Some(b) => {
                let bc = cards[b];
                if c.is_trump() {
                    if !bc.is_trump() || c > bc {
                        best = Some(i);
                    }
                } else if !bc.is_trump() && c.suit() == bc.suit() && c > bc {
                    best = Some(i);
                }
            }
        }
    }
    best.unwrap_or(0)
}

impl Game {
    /// The bids `seat` may make now (pass first), empty when not its turn.
    pub fn legal_bids(&self, seat: Seat) -> Vec<Option<Contract>> {
        if self.phase != Phase::Bidding || seat != self.to_act {
            return vec![];
        }
        let mut v = vec![None];
        v.extend(Contract::ALL.into_iter().filter(|c| Some(*c) > self.contract).map(Some));
        v
    }

    /// The cards the taker may call now (6 players: the cards of either
    /// rank; a call takes one of each, two different ones).
    pub fn legal_calls(&self) -> CardSet {
        match (self.phase, self.taker) {
            (Phase::Calling, Some(t)) if self.players == 6 => {
                let [a, b] = callable_ranks_six(self.hand(t));
                a.or(b)
            }
            (Phase::Calling, Some(t)) => callable_rank(self.hand(t)),
            _ => CardSet::EMPTY,
        }
    }

    /// Cards that may go in the écart now (trumps only when too few other cards can).
    pub fn discardable(&self) -> CardSet {
        let (Phase::Discard, Some(t)) = (self.phase, self.taker) else {
            return CardSet::EMPTY;
        };
        let hand = self.hand(t);
        let plain = discardable_plain(hand);
        if plain.len() >= self.dog.len() {
            plain
        } else {
            plain.or(hand.and(CardSet::TRUMPS).minus(CardSet::OUDLERS))
        }
    }

    /// The cards the seat to act may play now (empty outside play).
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != Phase::Play {
            return CardSet::EMPTY;
        }
        self.legal_for(self.hand(self.to_act))
    }

    pub(super) fn legal_for(&self, hand: CardSet) -> CardSet {
        let cur = self.trick();
        let led = cur.iter().copied().find(|c| *c != Card::EXCUSE);
        let ex = hand.and(CardSet::EXCUSE);
        let Some(led) = led else {
            // Leading (or the excuse was led: this card sets the suit). On
            // the first trick a called suit is led only with a called card.
            let called = self.called_cards();
            if self.ntricks == 0 && !called.is_empty() {
                let mut barred = CardSet::EMPTY;
                for k in called {
                    if let Some(s) = k.suit() {
                        barred = barred.or(CardSet::suit(s));
                    }
                }
                let ok = hand.minus(barred).or(hand.and(called));
                if !ok.is_empty() {
                    return ok;
                }
            }
            return hand;
        };
        let trumps = hand.and(CardSet::TRUMPS);
        let high = cur.iter().copied().filter(|c| c.is_trump()).max();
        if let Some(s) = led.suit() {
            let follow = hand.and(CardSet::suit(s));
            if !follow.is_empty() {
                return follow.or(ex);
            }
        }
        if trumps.is_empty() {
            return hand;
        }
        if let Some(h) = high {
            let over = trumps.and(CardSet::above(h));
            if !over.is_empty() {
                return over.or(ex);
            }
        }
        trumps.or(ex)
    }

    /// Why `card` is not legal for the seat to act (it holds it).
    pub(super) fn card_error(&self, hand: CardSet, card: Card) -> PlayError {
        let name = card.to_string();
        let cur = self.trick();
        let Some(led) = cur.iter().copied().find(|c| *c != Card::EXCUSE) else {
            return PlayError::CalledSuitFirstTrick { card: name };
        };
        if let Some(s) = led.suit() {
            if !hand.and(CardSet::suit(s)).is_empty() {
                return PlayError::MustFollow {
                    card: name,
                    led: led.to_string(),
                };
            }
        }
        if !card.is_trump() {
            if led.is_trump() {
                return PlayError::MustFollow {
                    card: name,
                    led: led.to_string(),
                };
            }
            return PlayError::MustTrump { card: name };
        }
        let high = cur
            .iter()
            .copied()
            .filter(|c| c.is_trump())
            .max()
            .unwrap_or(Card::PETIT);
        PlayError::MustOvertrump {
            card: name,
            highest: high.to_string(),
        }
    }

    /// The size of a handful of these cards at this table.
    pub(super) fn handful_size(&self, cards: CardSet) -> HandfulSize {
        let [_, double, triple] = handful_sizes(self.players);
        let n = cards.len() as u8;
        if n >= triple {
            HandfulSize::Triple
        } else if n >= double {
            HandfulSize::Double
        } else {
            HandfulSize::Simple
        }
    }
}
