//! What one seat may see of a deal ([`SeatView`], FORMATS.md "Digital
//! play: seats"): its own hand, what it may do now ([`Legal`]), and what
//! the rules make public.

use serde::{Deserialize, Serialize};

use super::log::{BidEntry, HandfulLog, PlayedCard, TrickLog};
use super::{bid_str, Call, Game, Phase};
use crate::tarot::card::Card;
use crate::tarot::cards::CardSet;
use crate::tarot::contract::{Contract, Seat};

/// One thing a seat may do now, as a seat's view lists it: a card (to
/// play, discard or call) or a bid; written as the card (`"7H"`) or the bid
/// (`"pass"`, `"garde"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Legal {
    /// A card to play, discard or call.
    Card(Card),
    /// A bid (`None`: pass).
    Bid(Option<Contract>),
}

impl Legal {
    /// The card, if it is one.
    pub fn card(self) -> Option<Card> {
        match self {
            Legal::Card(c) => Some(c),
            Legal::Bid(_) => None,
        }
    }

    /// The bid, if it is one.
    pub fn bid(self) -> Option<Option<Contract>> {
        match self {
            Legal::Bid(b) => Some(b),
            Legal::Card(_) => None,
        }
    }
}

impl Serialize for Legal {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Legal::Card(c) => c.serialize(s),
            Legal::Bid(b) => s.serialize_str(bid_str(*b)),
        }
    }
}

impl<'de> Deserialize<'de> for Legal {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Legal, D::Error> {
        let text = String::deserialize(d)?;
        if text == "pass" {
            return Ok(Legal::Bid(None));
        }
        if let Ok(c) = Contract::from_name(&text) {
            return Ok(Legal::Bid(Some(c)));
        }
        text.parse::<Card>()
            .map(Legal::Card)
            .map_err(|_| serde::de::Error::custom(format!("neither a card nor a bid: {text}")))
    }
}

/// What one seat may see (FORMATS.md "Digital play: seats"; the web layer
/// adds `game`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatView {
    /// The seat.
    pub seat: Seat,
    /// Table size.
    pub players: u8,
    /// The dealer.
    pub dealer: Seat,
    /// The phase.
    pub phase: Phase,
    /// Who is to act (null when the deal is over).
    pub to_act: Option<Seat>,
    /// This seat's cards.
    pub hand: Vec<Card>,
    /// What this seat may do now: cards (play, discard), bids, callable cards.
    pub legal: Vec<Legal>,
    /// The bids so far.
    pub bids: Vec<BidEntry>,
    /// The taker, once bidding is over.
    pub taker: Option<Seat>,
    /// The contract, once bidding is over.
    pub contract: Option<Contract>,
    /// 5 players: the card called; 6 players: the two cards, a list.
    pub called: Option<Call>,
    /// 5 players: the partner, once the called card has been played.
    pub partner: Option<Seat>,
    /// 6 players: the partners known to all (a called card they held has
    /// been played), in seat order; absent at 3 to 5 players.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub partners: Option<Vec<Seat>>,
    /// The dog, once the rules make it public.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub dog: Option<Vec<Card>>,
    /// The écart: all of it for the taker, the trumps shown for the others.
    pub discard: Vec<Card>,
    /// Handfuls shown.
    pub handfuls: Vec<HandfulLog>,
    /// The trick in progress.
    pub trick: Vec<PlayedCard>,
    /// The previous trick.
    pub last_trick: Option<TrickLog>,
    /// The seat whose excuse stays face up until it gives a card for it
    /// ([`Game::excuse_owed`]); absent when none.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub excuse_owed: Option<Seat>,
    /// Every seat's score once the deal is over.
    pub scores: Option<Vec<i64>>,
}

impl Game {
    /// What `seat` may see.
    pub fn view(&self, seat: Seat) -> SeatView {
        let my_turn = self.phase != Phase::Done && self.to_act == seat;
        let legal: Vec<Legal> = if !my_turn {
            vec![]
        } else {
            match self.phase {
                Phase::Bidding => self.legal_bids(seat).into_iter().map(Legal::Bid).collect(),
                Phase::Calling => self.legal_calls().iter().map(Legal::Card).collect(),
                Phase::Discard => self.discardable().iter().map(Legal::Card).collect(),
                Phase::Play => self.legal_cards().iter().map(Legal::Card).collect(),
                Phase::Chelem | Phase::Done => vec![],
            }
        };
        let bidding_over = !matches!(self.phase, Phase::Bidding);
        let discard = if Some(seat) == self.taker {
            self.discard
        } else {
            self.discard.and(CardSet::TRUMPS)
        };
        let trick = self
            .trick()
            .iter()
            .enumerate()
            .map(|(k, &card)| PlayedCard {
                seat: self.trick_leader().after(k as u8, self.players),
                card,
            })
            .collect();
        SeatView {
            seat,
            players: self.players,
            dealer: self.dealer,
            phase: self.phase,
            to_act: self.to_act(),
            hand: self.hand(seat).to_vec(),
            legal,
            bids: self.bids().collect(),
            taker: if bidding_over { self.taker } else { None },
            contract: if bidding_over { self.contract } else { None },
            called: self.called,
            partner: if self.players == 6 { None } else { self.partner_public() },
            partners: (self.players == 6).then(|| self.partners_public()),
            dog: self.dog_public().then(|| self.dog.to_vec()),
            discard: discard.to_vec(),
            handfuls: self.handful_logs(),
            trick: if self.phase == Phase::Play { trick } else { vec![] },
            last_trick: self.ntricks.checked_sub(1).map(|i| self.trick_log(i)),
            excuse_owed: self.excuse_owed(),
            scores: self.scores(),
        }
    }
}
