//! A deal played card by card: the state machine of one deal, from the seed
//! to the score.
//!
//! Pure: no I/O, no clock, no global RNG. [`Game::new`] shuffles and deals
//! from a seed (ChaCha8), redealing a petit sec; [`Game::apply`] checks an
//! action fully and only then changes the state; [`Game::legal_cards`] gives
//! the cards the rules allow; [`Game::view`] what one seat may see;
//! [`Game::log`] the game-log line of `chelem simulate --log`; [`Game::replay`]
//! rebuilds a deal from its seed and its actions. A finished deal becomes a
//! [`DealRecord`](super::record::DealRecord) scored by
//! [`score`](super::score::score): one scoring path for recorded and played
//! deals.
//!
//! `Game` is `Copy` (a few hundred bytes, no heap), so a search can clone it
//! freely.
//!
//! This file holds the state itself ([`Game`], its [`Phase`]s, the
//! [`Action`]s of a seat) and what may be read of it; the rest by concern:
//!
//! * `deal.rs`: shuffling and dealing, the ways a `Game` starts.
//! * `moves.rs`: what the rules allow now (bids, calls, écart, cards).
//! * `apply.rs`: an action checked and applied, step by step.
//! * `end.rs`: the end of a deal: the piles counted, the [`Outcome`], the record.
//! * `view.rs`: what one seat may see ([`SeatView`]).
//! * `log.rs`: the game log ([`GameLog`]) and its writer.
//! * `compact.rs`: a deal as its seed and actions ([`CompactDeal`]), and the replay.

mod apply;
mod compact;
mod deal;
mod end;
mod log;
mod moves;
mod view;

use serde::{Deserialize, Serialize};

use super::card::Card;
use super::cards::CardSet;
use super::contract::{deal_shape, Contract, HandfulSize, Seat};

pub use compact::{CompactDeal, SeatAction};
pub use deal::is_petit_sec;
pub use end::Outcome;
pub use log::{BidEntry, GameLog, HandfulLog, LogPartner, PlayedCard, TrickLog};
pub use moves::{callable_rank, callable_ranks_six, discardable_plain, trick_winner_index};
pub use view::{Legal, SeatView};

/// The steps of a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Each seat bids once, from the dealer's next seat.
    Bidding,
    /// 5 players: the taker calls a card; 6 players: two cards.
    Calling,
    /// Petite or garde: the taker has taken the dog and discards.
    Discard,
    /// The taker announces a chelem or not.
    Chelem,
    /// Tricks (handfuls are shown in this phase, before a seat's first card).
    Play,
    /// The deal is over (scored, or void when every seat passed).
    Done,
}

impl Phase {
    /// The wire name.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Bidding => "bidding",
            Phase::Calling => "calling",
            Phase::Discard => "discard",
            Phase::Chelem => "chelem",
            Phase::Play => "play",
            Phase::Done => "done",
        }
    }
}

/// What the taker calls: one card at 5 players, two at 6 (a king and a
/// queen, in the order called). Written `"KH"` or `["KH", "QS"]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Call {
    /// 5 players: one card.
    One(Card),
    /// 6 players: two cards.
    Two(Card, Card),
}

impl Call {
    /// The cards called.
    pub fn cards(self) -> CardSet {
        match self {
            Call::One(c) => CardSet::one(c),
            Call::Two(a, b) => CardSet::one(a).or(CardSet::one(b)),
        }
    }

    /// The cards called, in the order called.
    pub fn to_vec(self) -> Vec<Card> {
        match self {
            Call::One(c) => vec![c],
            Call::Two(a, b) => vec![a, b],
        }
    }

    /// The cards called, in the order called, as a pair (`None` second at
    /// 5 players).
    pub fn pair(self) -> [Option<Card>; 2] {
        match self {
            Call::One(c) => [Some(c), None],
            Call::Two(a, b) => [Some(a), Some(b)],
        }
    }

    /// The first card called.
    pub fn first(self) -> Card {
        match self {
            Call::One(c) | Call::Two(c, _) => c,
        }
    }
}

impl From<Card> for Call {
    fn from(c: Card) -> Call {
        Call::One(c)
    }
}

impl std::fmt::Display for Call {
    /// `KH`, or `KH and QS`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Call::One(c) => write!(f, "{c}"),
            Call::Two(a, b) => write!(f, "{a} and {b}"),
        }
    }
}

impl Serialize for Call {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Call::One(c) => c.serialize(s),
            Call::Two(a, b) => [a, b].serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Call {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Call, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Call;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a card, or a list of two cards")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Call, E> {
                v.parse::<Card>().map(Call::One).map_err(E::custom)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Call, A::Error> {
                let too_many = || serde::de::Error::custom("a call is one card or two");
                let a: Card = seq.next_element()?.ok_or_else(too_many)?;
                let Some(b) = seq.next_element::<Card>()? else {
                    return Ok(Call::One(a));
                };
                if seq.next_element::<Card>()?.is_some() {
                    return Err(too_many());
                }
                Ok(Call::Two(a, b))
            }
        }
        d.deserialize_any(V)
    }
}

/// One action of a seat. Serialized as in FORMATS.md "Digital play":
/// `{"bid": "pass"}`, `{"call": "KH"}` (6 players: `{"call": ["KH", "QS"]}`), `{"discard": [...]}`,
/// `{"chelem": false}`, `{"handful": [...]}`, `{"card": "KH"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// A bid (`None`: pass).
    Bid(#[serde(with = "bid_name")] Option<Contract>),
    /// 5 players: the card the taker calls; 6 players: the two cards.
    Call(Call),
    /// The écart.
    Discard(CardSet),
    /// Whether the taker announces a chelem.
    Chelem(bool),
    /// A handful shown (empty: none).
    Handful(CardSet),
    /// A card played.
    Card(Card),
}

impl Action {
    fn name(self) -> &'static str {
        match self {
            Action::Bid(_) => "bid",
            Action::Call(_) => "call",
            Action::Discard(_) => "discard",
            Action::Chelem(_) => "chelem",
            Action::Handful(_) => "handful",
            Action::Card(_) => "card",
        }
    }
}

/// `pass` or a contract name.
pub fn bid_str(bid: Option<Contract>) -> &'static str {
    bid.map_or("pass", Contract::name)
}

/// Serde for a bid: `"pass"` or a contract name.
pub mod bid_name {
    use super::Contract;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes `pass` or the contract name.
    pub fn serialize<S: Serializer>(bid: &Option<Contract>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(super::bid_str(*bid))
    }

    /// Reads `pass` or a contract name.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Contract>, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        if s == "pass" {
            return Ok(None);
        }
        Contract::from_name(&s).map(Some).map_err(serde::de::Error::custom)
    }
}

const MAX_TRICKS: usize = 24;
/// The largest table (6 players, casual games).
const MAX_SEATS: usize = 6;

/// One deal in play. Cheap to copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game {
    players: u8,
    dealer: Seat,
    seed: u64,
    redeals: u8,
    dealt: [CardSet; MAX_SEATS],
    dog: CardSet,
    hands: [CardSet; MAX_SEATS],
    phase: Phase,
    to_act: Seat,
    bids: [Option<Contract>; MAX_SEATS],
    nbids: u8,
    taker: Option<Seat>,
    contract: Option<Contract>,
    called: Option<Call>,
    /// Holders of the called cards, in the order called (may be the
    /// taker); `None` for a card in the dog or not called.
    called_holder: [Option<Seat>; 2],
    discard: CardSet,
    chelem_announced: bool,
    /// Bit per seat: handful shown/declined or first card played.
    handful_done: u8,
    handfuls: [CardSet; MAX_SEATS],
    handful_order: [Seat; MAX_SEATS],
    nhandfuls: u8,
    tricks: [[Card; MAX_SEATS]; MAX_TRICKS],
    leaders: [Seat; MAX_TRICKS],
    winners: [Seat; MAX_TRICKS],
    ntricks: u8,
    trick_len: u8,
    played: CardSet,
    won: [CardSet; MAX_SEATS],
    /// Seat and trick of the excuse once played.
    excuse: Option<(Seat, u8)>,
    outcome: Option<Outcome>,
}

impl Game {
    /// Table size.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Petits secs redealt before this deal.
    pub fn redeals(&self) -> u8 {
        self.redeals
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Who is to act; `None` once the deal is over.
    pub fn to_act(&self) -> Option<Seat> {
        (self.phase != Phase::Done).then_some(self.to_act)
    }

    /// A seat's current cards (hidden from the others: only the engine and
    /// that seat's player may look).
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    /// The hands as dealt.
    pub fn dealt(&self, seat: Seat) -> CardSet {
        self.dealt[seat.index()]
    }

    /// The dog as dealt.
    pub fn dog(&self) -> CardSet {
        self.dog
    }

    /// Whether the dog has been shown to all (petite, garde, once bidding
    /// and calling are over).
    pub fn dog_public(&self) -> bool {
        self.contract.is_some_and(Contract::has_ecart) && !matches!(self.phase, Phase::Bidding | Phase::Calling)
    }

    /// The taker.
    pub fn taker(&self) -> Option<Seat> {
        self.taker
    }

    /// The contract.
    pub fn contract(&self) -> Option<Contract> {
        self.contract
    }

    /// The highest bid so far.
    pub fn highest_bid(&self) -> Option<Contract> {
        self.contract
    }

    /// The bids in the order made.
    pub fn bids(&self) -> impl Iterator<Item = BidEntry> + '_ {
        (0..self.nbids).map(move |k| BidEntry {
            seat: self.dealer.after(1 + k, self.players),
            bid: self.bids[usize::from(k)],
        })
    }

    /// 5 players: the card called (6 players: the first of the two, see
    /// [`Game::call`]).
    pub fn called(&self) -> Option<Card> {
        self.called.map(Call::first)
    }

    /// The call: one card at 5 players, two at 6.
    pub fn call(&self) -> Option<Call> {
        self.called
    }

    /// The cards called (none before the call, and at 3 and 4 players).
    pub fn called_cards(&self) -> CardSet {
        self.called.map_or(CardSet::EMPTY, Call::cards)
    }

    /// The holders of the called cards, in the order called (the taker
    /// included; `None` for a card in the dog).
    pub fn called_holders(&self) -> impl Iterator<Item = Option<Seat>> + '_ {
        let n = match self.called {
            None => 0,
            Some(Call::One(_)) => 1,
            Some(Call::Two(..)) => 2,
        };
        self.called_holder[..n].iter().copied()
    }

    /// The partners as a bit mask of seats (never the taker).
    fn partner_bits(&self) -> u8 {
        let mut bits = 0;
        for s in self.called_holder.into_iter().flatten() {
            if Some(s) != self.taker {
                bits |= s.bit();
            }
        }
        bits
    }

    /// The taker's partners, in seat order (never the taker): one at most
    /// at 5 players, two at most at 6; hidden knowledge until their called
    /// card is played — see [`Game::partners_public`].
    pub fn partners(&self) -> Vec<Seat> {
        let bits = self.partner_bits();
        Seat::all(self.players).filter(|s| bits & s.bit() != 0).collect()
    }

    /// 5 players: the taker's partner (never the taker); hidden knowledge
    /// until the called card is played — see [`Game::partner_public`].
    /// At 6 players the first of [`Game::partners`].
    pub fn partner(&self) -> Option<Seat> {
        self.partners().first().copied()
    }

    /// The partners once known to all: a partner is known once a called
    /// card it held has been played.
    pub fn partners_public(&self) -> Vec<Seat> {
        Seat::all(self.players).filter(|&s| self.is_partner_public(s)).collect()
    }

    /// Whether `seat` is known to all as a partner: it held a called card
    /// that has been played.
    pub fn is_partner_public(&self, seat: Seat) -> bool {
        let Some(call) = self.called else {
            return false;
        };
        Some(seat) != self.taker
            && call
                .pair()
                .into_iter()
                .zip(self.called_holder)
                .any(|(c, holder)| holder == Some(seat) && c.is_some_and(|c| self.played.contains(c)))
    }

    /// 5 players: the partner once known to all (the called card has been
    /// played).
    pub fn partner_public(&self) -> Option<Seat> {
        self.partners_public().first().copied()
    }

    /// Whether `seat` is in the attack (taker or partner).
    pub fn is_attack(&self, seat: Seat) -> bool {
        Some(seat) == self.taker || self.partner_bits() & seat.bit() != 0
    }

    /// The écart.
    pub fn discard(&self) -> CardSet {
        self.discard
    }

    /// Whether a chelem was announced.
    pub fn chelem_announced(&self) -> bool {
        self.chelem_announced
    }

    /// The handful a seat showed (empty if none).
    pub fn handful(&self, seat: Seat) -> CardSet {
        self.handfuls[seat.index()]
    }

    /// Whether a seat may still show a handful (in play, before its first card).
    pub fn may_show_handful(&self, seat: Seat) -> bool {
        self.phase == Phase::Play && self.handful_done & seat.bit() == 0
    }

    /// The smallest handful `seat` may show now (a simple one: its lowest
    /// trumps, the excuse only when it lacks a trump), if it may show one.
    pub fn smallest_handful(&self, seat: Seat) -> Option<CardSet> {
        // Whether the seat may show it now (its turn, before its first card)
        // is the rules' to say: the action is tried on a copy below.
        let need = u32::from(HandfulSize::Simple.trumps_needed(self.players)?);
        let hand = self.hand(seat);
        let trumps = hand.and(CardSet::TRUMPS);
        let mut shown = CardSet::EMPTY;
        for c in trumps.iter().take(need as usize) {
            shown.insert(c);
        }
        if shown.len() < need && hand.contains(Card::EXCUSE) {
            shown.insert(Card::EXCUSE);
        }
        let mut g = *self;
        (shown.len() == need && g.apply(seat, Action::Handful(shown)).is_ok()).then_some(shown)
    }

    /// What `seat` may choose a handful from now, if it may show one: the
    /// cards to pick from (its trumps, and the excuse only when it stands
    /// for a trump it lacks: all its trumps and the excuse make a handful)
    /// and the counts it can show (a simple, double or triple handful at
    /// this table, within those cards).
    pub fn handful_choice(&self, seat: Seat) -> Option<(CardSet, Vec<u8>)> {
        self.smallest_handful(seat)?;
        let hand = self.hand(seat);
        let sizes = moves::handful_sizes(self.players);
        let mut cards = hand.and(CardSet::TRUMPS);
        if hand.contains(Card::EXCUSE) && sizes.contains(&(cards.len() as u8 + 1)) {
            cards.insert(Card::EXCUSE);
        }
        let counts = sizes.into_iter().filter(|n| u32::from(*n) <= cards.len()).collect();
        Some((cards, counts))
    }

    /// Every card played so far (tricks done and the trick in progress).
    pub fn played(&self) -> CardSet {
        self.played
    }

    /// Complete tricks so far.
    pub fn tricks_done(&self) -> u8 {
        self.ntricks
    }

    /// Tricks in the deal: cards per hand.
    pub fn tricks_total(&self) -> u8 {
        deal_shape(self.players).0 as u8
    }

    /// The cards of the trick in progress, in the order played.
    pub fn trick(&self) -> &[Card] {
        if self.ntricks as usize >= MAX_TRICKS {
            return &[];
        }
        &self.tricks[usize::from(self.ntricks)][..usize::from(self.trick_len)]
    }

    /// Who led the trick in progress (or the next one).
    pub fn trick_leader(&self) -> Seat {
        if self.phase == Phase::Play {
            self.leaders[usize::from(self.ntricks)]
        } else {
            self.to_act
        }
    }

    /// Trick `i` (complete): leader, cards, winner.
    pub fn trick_at(&self, i: u8) -> (Seat, &[Card], Seat) {
        let i = usize::from(i);
        (
            self.leaders[i],
            &self.tricks[i][..usize::from(self.players)],
            self.winners[i],
        )
    }

    /// The end of the deal, once over (`None` for a void deal: every seat passed).
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Scores once the deal is over (all zero for a void deal).
    pub fn scores(&self) -> Option<Vec<i64>> {
        if self.phase != Phase::Done {
            return None;
        }
        Some(match &self.outcome {
            Some(o) => o.scores[..usize::from(self.players)].to_vec(),
            None => vec![0; usize::from(self.players)],
        })
    }
}
