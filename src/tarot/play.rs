//! A deal played card by card: the state machine of one deal, from the seed
//! to the score.
//!
//! Pure: no I/O, no clock, no global RNG. [`Game::new`] shuffles and deals
//! from a seed (ChaCha8), redealing a petit sec; [`Game::apply`] checks an
//! action fully and only then changes the state; [`Game::legal_cards`] gives
//! the cards the rules allow; [`Game::view`] what one seat may see;
//! [`Game::log`] the game-log line of `chelem simulate --log`; [`Game::replay`]
//! rebuilds a deal from its seed and its actions. A finished deal becomes a
//! [`DealRecord`] scored by [`score`](super::score::score): one scoring path
//! for recorded and played deals.
//!
//! `Game` is `Copy` (a few hundred bytes, no heap), so a search can clone it
//! freely.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::card::Card;
use super::cards::CardSet;
use super::contract::{deal_shape, Camp, Chelem, Contract, HalfPoints, Handful, HandfulSize};
use super::play_error::PlayError;
use super::record::{DealRecord, RecordInput};
use super::rules::ScoringRules;
use super::score::score;

/// The steps of a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Each seat bids once, from the dealer's next seat.
    Bidding,
    /// 5 players: the taker calls a card.
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

/// One action of a seat. Serialized as in FORMATS.md "Digital play":
/// `{"bid": "pass"}`, `{"call": "KH"}`, `{"discard": [...]}`,
/// `{"chelem": false}`, `{"handful": [...]}`, `{"card": "KH"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// A bid (`None`: pass).
    Bid(#[serde(with = "bid_name")] Option<Contract>),
    /// 5 players: the card the taker calls.
    Call(Card),
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

/// A bid in the order made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BidEntry {
    /// Who bid.
    pub seat: u8,
    /// `pass` or the contract.
    #[serde(with = "bid_name")]
    pub bid: Option<Contract>,
}

/// A handful shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandfulLog {
    /// Who showed it.
    pub seat: u8,
    /// Its size.
    pub size: HandfulSize,
    /// The cards shown.
    pub shown: Vec<Card>,
}

/// A card played to a trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedCard {
    /// Who played it.
    pub seat: u8,
    /// The card.
    pub card: Card,
}

/// A complete trick.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickLog {
    /// Who led.
    pub leader: u8,
    /// The cards in the order played.
    pub cards: Vec<PlayedCard>,
    /// Who won it.
    pub winner: u8,
}

/// The game-log line of a deal (FORMATS.md, `chelem simulate --log`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameLog {
    /// Table size.
    pub players: u8,
    /// The dealer's seat.
    pub dealer: u8,
    /// The seed of the shuffle.
    pub seed: u64,
    /// The hands as dealt (before the dog is taken), by seat.
    pub hands: Vec<Vec<Card>>,
    /// The dog as dealt.
    pub dog: Vec<Card>,
    /// The bids in the order made.
    pub bids: Vec<BidEntry>,
    /// The taker (`null` when every seat passed).
    pub taker: Option<u8>,
    /// The contract.
    pub contract: Option<Contract>,
    /// Whether the taker announced a chelem.
    pub chelem_announced: bool,
    /// 5 players: the card called.
    pub called: Option<Card>,
    /// 5 players: who held the called card (the taker, or null when in the dog).
    pub partner: Option<u8>,
    /// The écart (empty for garde sans and garde contre).
    pub discard: Vec<Card>,
    /// The handfuls shown, in the order shown.
    pub handfuls: Vec<HandfulLog>,
    /// Every trick.
    pub tricks: Vec<TrickLog>,
    /// The attack's oudlers at the end.
    pub oudlers: u8,
    /// The attack's card points at the end.
    pub points: f64,
    /// Each seat's score.
    pub scores: Vec<i64>,
    /// How many times a petit sec was redealt before this deal.
    #[serde(default)]
    pub redeals: u8,
}

impl GameLog {
    /// The actions of the deal, in order, as [`Game::replay`] takes them
    /// (a handful goes just before its seat's first card).
    pub fn actions(&self) -> Vec<(u8, Action)> {
        let mut out: Vec<(u8, Action)> = self.bids.iter().map(|b| (b.seat, Action::Bid(b.bid))).collect();
        let (Some(taker), Some(contract)) = (self.taker, self.contract) else {
            return out;
        };
        if let Some(c) = self.called {
            out.push((taker, Action::Call(c)));
        }
        if contract.has_ecart() {
            out.push((taker, Action::Discard(self.discard.iter().copied().collect())));
        }
        out.push((taker, Action::Chelem(self.chelem_announced)));
        let mut started = 0u8;
        for t in &self.tricks {
            for pc in &t.cards {
                if started & (1 << pc.seat) == 0 {
                    started |= 1 << pc.seat;
                    if let Some(h) = self.handfuls.iter().find(|h| h.seat == pc.seat) {
                        out.push((pc.seat, Action::Handful(h.shown.iter().copied().collect())));
                    }
                }
                out.push((pc.seat, Action::Card(pc.card)));
            }
        }
        out
    }
}

/// A seat's action, for the compact form of a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatAction {
    /// Who acted.
    pub seat: u8,
    /// What they did.
    #[serde(flatten)]
    pub action: Action,
}

/// A deal in progress in compact form: the seed and the actions are enough
/// ([`Game::compact`], [`Game::from_compact`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompactDeal {
    /// Table size.
    pub players: u8,
    /// The dealer.
    pub dealer: u8,
    /// The seed.
    pub seed: u64,
    /// The actions in order.
    pub actions: Vec<SeatAction>,
}

/// What one seat may see (FORMATS.md "Digital play: seats"; the web layer
/// adds `game`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatView {
    /// The seat.
    pub seat: u8,
    /// Table size.
    pub players: u8,
    /// The dealer.
    pub dealer: u8,
    /// The phase.
    pub phase: Phase,
    /// Who is to act (null when the deal is over).
    pub to_act: Option<u8>,
    /// This seat's cards.
    pub hand: Vec<Card>,
    /// What this seat may do now: cards (play, discard), bids, callable cards.
    pub legal: Vec<Legal>,
    /// The bids so far.
    pub bids: Vec<BidEntry>,
    /// The taker, once bidding is over.
    pub taker: Option<u8>,
    /// The contract, once bidding is over.
    pub contract: Option<Contract>,
    /// 5 players: the card called.
    pub called: Option<Card>,
    /// 5 players: the partner, once the called card has been played.
    pub partner: Option<u8>,
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
    /// Every seat's score once the deal is over.
    pub scores: Option<Vec<i64>>,
}

/// The end of a deal: what the attack got and the score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The attack's oudlers.
    pub oudlers: u8,
    /// The attack's points.
    pub points: HalfPoints,
    /// The defence's points, counted from its own pile (with `points`, 91).
    pub defence_points: HalfPoints,
    /// Petit au bout.
    pub petit_au_bout: Option<Camp>,
    /// Who took every trick.
    pub chelem_made_by: Option<Camp>,
    /// Every seat's score (zeros beyond `players`).
    pub scores: [i64; 5],
}

const MAX_TRICKS: usize = 24;

/// One deal in play. Cheap to copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game {
    players: u8,
    dealer: u8,
    seed: u64,
    redeals: u8,
    dealt: [CardSet; 5],
    dog: CardSet,
    hands: [CardSet; 5],
    phase: Phase,
    to_act: u8,
    bids: [Option<Contract>; 5],
    nbids: u8,
    taker: Option<u8>,
    contract: Option<Contract>,
    called: Option<Card>,
    /// Holder of the called card (may be the taker); `None` if in the dog.
    called_holder: Option<u8>,
    discard: CardSet,
    chelem_announced: bool,
    /// Bit per seat: handful shown/declined or first card played.
    handful_done: u8,
    handfuls: [CardSet; 5],
    handful_order: [u8; 5],
    nhandfuls: u8,
    tricks: [[Card; 5]; MAX_TRICKS],
    leaders: [u8; MAX_TRICKS],
    winners: [u8; MAX_TRICKS],
    ntricks: u8,
    trick_len: u8,
    played: CardSet,
    won: [CardSet; 5],
    /// Seat and trick of the excuse once played.
    excuse: Option<(u8, u8)>,
    outcome: Option<Outcome>,
}

/// Shuffles and deals by packets of 3, the dog's cards set aside one at a
/// time between packets (never first or last).
fn deal(players: u8, dealer: u8, rng: &mut ChaCha8Rng) -> ([CardSet; 5], CardSet) {
    let (each, dog_size) = deal_shape(players);
    let mut deck: [u8; 78] = std::array::from_fn(|i| i as u8);
    for i in (1..78).rev() {
        let j = rng.random_range(0..=i);
        deck.swap(i, j);
    }
    let packets = usize::from(players) * usize::from(each) / 3;
    let mut gaps = [false; 64];
    let mut chosen = 0;
    while chosen < dog_size {
        let g = rng.random_range(1..packets);
        if !gaps[g] {
            gaps[g] = true;
            chosen += 1;
        }
    }
    let mut hands = [CardSet::EMPTY; 5];
    let mut dog = CardSet::EMPTY;
    let mut pos = 0;
    let take = |pos: &mut usize| {
        let c = Card::from_index(deck[*pos]).expect("deck index");
        *pos += 1;
        c
    };
    for (p, gap) in gaps.iter().enumerate().take(packets) {
        if *gap {
            dog.insert(take(&mut pos));
        }
        let seat = (usize::from(dealer) + 1 + p) % usize::from(players);
        for _ in 0..3 {
            hands[seat].insert(take(&mut pos));
        }
    }
    (hands, dog)
}

/// Whether a hand is a petit sec: the petit its only trump, without the excuse.
pub fn is_petit_sec(hand: CardSet) -> bool {
    hand.and(CardSet::TRUMPS) == CardSet::one(Card::PETIT) && !hand.contains(Card::EXCUSE)
}

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

/// Cards that may go in an écart without any trump: no king, no oudler, no trump.
pub fn discardable_plain(hand: CardSet) -> CardSet {
    hand.and(CardSet::SUITED).minus(CardSet::KINGS)
}

/// Handful sizes (simple, double, triple) by table size.
fn handful_sizes(players: u8) -> [u8; 3] {
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
    /// A new deal at a table of `players` (3, 4 or 5), shuffled and dealt
    /// from `seed`; a petit sec is redealt from the same random stream.
    ///
    /// # Panics
    /// When `players` is not 3, 4 or 5 or `dealer` is not a seat.
    pub fn new(players: u8, dealer: u8, seed: u64) -> Game {
        assert!((3..=5).contains(&players), "a table has 3, 4 or 5 players");
        assert!(dealer < players, "the dealer is a seat of the table");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut redeals = 0u8;
        let (hands, dog) = loop {
            let (hands, dog) = deal(players, dealer, &mut rng);
            if !hands[..usize::from(players)].iter().any(|h| is_petit_sec(*h)) {
                break (hands, dog);
            }
            redeals = redeals.saturating_add(1);
        };
        Game::start(players, dealer, seed, redeals, hands, dog)
    }

    /// A deal with the hands and dog given (tests, and a search that
    /// samples the hidden cards): `None` unless the cards are the 78 of the
    /// deck in hands and a dog of the right sizes. Its seed is 0, so its
    /// compact form does not replay it: keep the hands too.
    pub fn with_deal(players: u8, dealer: u8, hands: &[CardSet], dog: CardSet) -> Option<Game> {
        if !(3..=5).contains(&players) || dealer >= players || hands.len() != usize::from(players) {
            return None;
        }
        let (each, dog_size) = deal_shape(players);
        let mut all = dog;
        let mut total = dog.len();
        let mut h = [CardSet::EMPTY; 5];
        for (i, hand) in hands.iter().enumerate() {
            if hand.len() != u32::from(each) || !hand.is_subset(CardSet::DECK) {
                return None;
            }
            all = all.or(*hand);
            total += hand.len();
            h[i] = *hand;
        }
        if dog.len() != u32::from(dog_size) || all != CardSet::DECK || total != 78 {
            return None;
        }
        Some(Game::start(players, dealer, 0, 0, h, dog))
    }

    /// The same deal with the current hands redistributed (a search that
    /// samples what a seat cannot see): each seat keeps its number of cards,
    /// the cards in hands stay the same, a shown handful stays with its seat,
    /// and the partner follows the called card. `None` otherwise. The dealt
    /// hands are not changed, so the log of such a deal is not a real one.
    pub fn with_hands(&self, hands: &[CardSet]) -> Option<Game> {
        if hands.len() != usize::from(self.players) {
            return None;
        }
        let mut g = *self;
        let mut all = CardSet::EMPTY;
        let mut before = CardSet::EMPTY;
        for (s, h) in hands.iter().enumerate() {
            if h.len() != self.hands[s].len() || !h.and(all).is_empty() {
                return None;
            }
            if !self.handfuls[s].minus(self.played).is_subset(*h) {
                return None;
            }
            all = all.or(*h);
            before = before.or(self.hands[s]);
            g.hands[s] = *h;
        }
        if all != before {
            return None;
        }
        if let Some(c) = self.called {
            if !self.played.contains(c) && !self.dog.contains(c) {
                g.called_holder = (0..self.players).find(|&s| hands[usize::from(s)].contains(c));
            }
        }
        Some(g)
    }

    fn start(players: u8, dealer: u8, seed: u64, redeals: u8, hands: [CardSet; 5], dog: CardSet) -> Game {
        Game {
            players,
            dealer,
            seed,
            redeals,
            dealt: hands,
            dog,
            hands,
            phase: Phase::Bidding,
            to_act: (dealer + 1) % players,
            bids: [None; 5],
            nbids: 0,
            taker: None,
            contract: None,
            called: None,
            called_holder: None,
            discard: CardSet::EMPTY,
            chelem_announced: false,
            handful_done: 0,
            handfuls: [CardSet::EMPTY; 5],
            handful_order: [0; 5],
            nhandfuls: 0,
            tricks: [[Card::EXCUSE; 5]; MAX_TRICKS],
            leaders: [0; MAX_TRICKS],
            winners: [0; MAX_TRICKS],
            ntricks: 0,
            trick_len: 0,
            played: CardSet::EMPTY,
            won: [CardSet::EMPTY; 5],
            excuse: None,
            outcome: None,
        }
    }

    /// Rebuilds a deal from its seed and actions; the error gives the index
    /// of the first refused action.
    pub fn replay(players: u8, dealer: u8, seed: u64, actions: &[(u8, Action)]) -> Result<Game, (usize, PlayError)> {
        let mut g = Game::new(players, dealer, seed);
        for (i, &(seat, a)) in actions.iter().enumerate() {
            g.apply(seat, a).map_err(|e| (i, e))?;
        }
        Ok(g)
    }

    /// Table size.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// The dealer.
    pub fn dealer(&self) -> u8 {
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
    pub fn to_act(&self) -> Option<u8> {
        (self.phase != Phase::Done).then_some(self.to_act)
    }

    /// A seat's current cards (hidden from the others: only the engine and
    /// that seat's player may look).
    pub fn hand(&self, seat: u8) -> CardSet {
        self.hands[usize::from(seat)]
    }

    /// The hands as dealt.
    pub fn dealt(&self, seat: u8) -> CardSet {
        self.dealt[usize::from(seat)]
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
    pub fn taker(&self) -> Option<u8> {
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
            seat: (self.dealer + 1 + k) % self.players,
            bid: self.bids[usize::from(k)],
        })
    }

    /// 5 players: the card called.
    pub fn called(&self) -> Option<Card> {
        self.called
    }

    /// 5 players: the taker's partner (never the taker); hidden knowledge
    /// until the called card is played — see [`Game::partner_public`].
    pub fn partner(&self) -> Option<u8> {
        self.called_holder.filter(|&s| Some(s) != self.taker)
    }

    /// The partner once known to all: the called card has been played.
    pub fn partner_public(&self) -> Option<u8> {
        let c = self.called?;
        if self.played.contains(c) {
            self.partner()
        } else {
            None
        }
    }

    /// Whether `seat` is in the attack (taker or partner).
    pub fn is_attack(&self, seat: u8) -> bool {
        Some(seat) == self.taker || Some(seat) == self.partner()
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
    pub fn handful(&self, seat: u8) -> CardSet {
        self.handfuls[usize::from(seat)]
    }

    /// Whether a seat may still show a handful (in play, before its first card).
    pub fn may_show_handful(&self, seat: u8) -> bool {
        self.phase == Phase::Play && self.handful_done & (1 << seat) == 0
    }

    /// The smallest handful `seat` may show now (a simple one: its lowest
    /// trumps, the excuse only when it lacks a trump), if it may show one.
    pub fn smallest_handful(&self, seat: u8) -> Option<CardSet> {
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
    pub fn trick_leader(&self) -> u8 {
        if self.phase == Phase::Play {
            self.leaders[usize::from(self.ntricks)]
        } else {
            self.to_act
        }
    }

    /// Trick `i` (complete): leader, cards, winner.
    pub fn trick_at(&self, i: u8) -> (u8, &[Card], u8) {
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

    /// The bids `seat` may make now (pass first), empty when not its turn.
    pub fn legal_bids(&self, seat: u8) -> Vec<Option<Contract>> {
        if self.phase != Phase::Bidding || seat != self.to_act {
            return vec![];
        }
        let mut v = vec![None];
        v.extend(Contract::ALL.into_iter().filter(|c| Some(*c) > self.contract).map(Some));
        v
    }

    /// The cards the taker may call now.
    pub fn legal_calls(&self) -> CardSet {
        match (self.phase, self.taker) {
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

    fn legal_for(&self, hand: CardSet) -> CardSet {
        let cur = self.trick();
        let led = cur.iter().copied().find(|c| *c != Card::EXCUSE);
        let ex = hand.and(CardSet::EXCUSE);
        let Some(led) = led else {
            // Leading (or the excuse was led: this card sets the suit).
            if self.players == 5 && self.ntricks == 0 {
                if let Some(k) = self.called {
                    if let Some(s) = k.suit() {
                        let ok = hand.minus(CardSet::suit(s)).or(hand.and(CardSet::one(k)));
                        if !ok.is_empty() {
                            return ok;
                        }
                    }
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
    fn card_error(&self, hand: CardSet, card: Card) -> PlayError {
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

    /// Applies one action of `seat`: checked fully first, the state is
    /// unchanged when it is refused.
    pub fn apply(&mut self, seat: u8, action: Action) -> Result<(), PlayError> {
        if seat >= self.players {
            return Err(PlayError::NoSuchSeat {
                seat,
                last: self.players - 1,
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
            (Phase::Calling, Action::Call(card)) => self.call(card),
            (Phase::Discard, Action::Discard(cards)) => self.do_discard(cards),
            (Phase::Chelem, Action::Chelem(yes)) => {
                self.chelem_announced = yes;
                self.phase = Phase::Play;
                let leader = if yes {
                    self.taker.unwrap_or(seat)
                } else {
                    (self.dealer + 1) % self.players
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

    fn bid(&mut self, seat: u8, bid: Option<Contract>) -> Result<(), PlayError> {
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
            self.to_act = (seat + 1) % self.players;
            return Ok(());
        }
        match self.taker {
            None => self.phase = Phase::Done,
            Some(t) => {
                self.to_act = t;
                if self.players == 5 {
                    self.phase = Phase::Calling;
                } else {
                    self.after_call(t);
                }
            }
        }
        Ok(())
    }

    fn after_call(&mut self, taker: u8) {
        if self.contract.is_some_and(Contract::has_ecart) {
            self.hands[usize::from(taker)] = self.hands[usize::from(taker)].or(self.dog);
            self.phase = Phase::Discard;
        } else {
            self.phase = Phase::Chelem;
        }
    }

    fn call(&mut self, card: Card) -> Result<(), PlayError> {
        let taker = self.taker.expect("a taker in the calling phase");
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
        self.called = Some(card);
        self.called_holder = (0..self.players).find(|&s| self.dealt[usize::from(s)].contains(card));
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
        self.hands[usize::from(taker)] = hand.minus(cards);
        self.phase = Phase::Chelem;
        Ok(())
    }

    fn show_handful(&mut self, seat: u8, cards: CardSet) -> Result<(), PlayError> {
        if self.handful_done & (1 << seat) != 0 {
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
            self.handfuls[usize::from(seat)] = cards;
            self.handful_order[usize::from(self.nhandfuls)] = seat;
            self.nhandfuls += 1;
        }
        self.handful_done |= 1 << seat;
        Ok(())
    }

    fn handful_size(&self, cards: CardSet) -> HandfulSize {
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

    fn play(&mut self, seat: u8, card: Card) -> Result<(), PlayError> {
        let hand = self.hand(seat);
        if !hand.contains(card) {
            return Err(PlayError::CardNotInHand { card: card.to_string() });
        }
        if !self.legal_for(hand).contains(card) {
            return Err(self.card_error(hand, card));
        }
        self.handful_done |= 1 << seat;
        self.hands[usize::from(seat)].remove(card);
        self.played.insert(card);
        let t = usize::from(self.ntricks);
        self.tricks[t][usize::from(self.trick_len)] = card;
        self.trick_len += 1;
        if card == Card::EXCUSE {
            self.excuse = Some((seat, self.ntricks));
        }
        if self.trick_len < self.players {
            self.to_act = (seat + 1) % self.players;
            return Ok(());
        }
        // The trick is complete.
        let leader = self.leaders[t];
        let cards = self.tricks[t];
        let cards = &cards[..usize::from(self.players)];
        let mut winner = (leader + trick_winner_index(cards) as u8) % self.players;
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
        self.won[usize::from(winner)] = self.won[usize::from(winner)].or(pile);
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

    fn camp(&self, seat: u8) -> Camp {
        if self.is_attack(seat) {
            Camp::Attack
        } else {
            Camp::Defence
        }
    }

    fn finish(&mut self) {
        self.phase = Phase::Done;
        let contract = self.contract.expect("a contract in play");
        let n = usize::from(self.ntricks);
        let mut attack = CardSet::EMPTY;
        for s in 0..self.players {
            if self.is_attack(s) {
                attack = attack.or(self.won[usize::from(s)]);
            }
        }
        match contract {
            Contract::Petite | Contract::Garde => attack = attack.or(self.discard),
            Contract::GardeSans => attack = attack.or(self.dog),
            Contract::GardeContre => {}
        }
        let mut adjust: i32 = 0;
        let mut excuse_wins_last = false;
        if let Some((es, et)) = self.excuse {
            let owner_attack = self.is_attack(es);
            let t = usize::from(et);
            if t + 1 == n {
                if self.winners[t] == es {
                    excuse_wins_last = true;
                    if owner_attack {
                        attack.insert(Card::EXCUSE);
                    }
                } else if !owner_attack {
                    // Played to the last trick: it changes camp.
                    attack.insert(Card::EXCUSE);
                }
            } else {
                if owner_attack {
                    attack.insert(Card::EXCUSE);
                }
                let winner_attack = self.is_attack(self.winners[t]);
                if owner_attack != winner_attack {
                    // The owner gives a half-point card for it.
                    adjust = if owner_attack { -1 } else { 1 };
                }
            }
        }
        let points = HalfPoints((i32::from(attack.points_half()) + adjust) as u16);
        let mut defence = CardSet::EMPTY;
        for s in 0..self.players {
            if !self.is_attack(s) {
                defence = defence.or(self.won[usize::from(s)]);
            }
        }
        if contract == Contract::GardeContre {
            defence = defence.or(self.dog);
        }
        if self.excuse.is_some() && !attack.contains(Card::EXCUSE) {
            defence.insert(Card::EXCUSE);
        }
        let defence_points = HalfPoints((i32::from(defence.points_half()) - adjust) as u16);
        let oudlers = attack.and(CardSet::OUDLERS).len() as u8;
        let made_by = if self.winners[..n].iter().all(|&w| self.is_attack(w)) {
            Some(Camp::Attack)
        } else if self.winners[..n].iter().all(|&w| !self.is_attack(w)) {
            Some(Camp::Defence)
        } else {
            None
        };
        let petit_trick = |i: usize| self.tricks[i][..usize::from(self.players)].contains(&Card::PETIT);
        let petit_au_bout = if excuse_wins_last && n >= 2 && petit_trick(n - 2) {
            Some(self.camp(self.winners[n - 2]))
        } else if petit_trick(n - 1) {
            Some(self.camp(self.winners[n - 1]))
        } else {
            None
        };
        let record = self.build_record(oudlers, points, petit_au_bout, made_by);
        let s = score(&record);
        let mut scores = [0i64; 5];
        scores[..s.scores.len()].copy_from_slice(&s.scores);
        self.outcome = Some(Outcome {
            oudlers,
            points,
            defence_points,
            petit_au_bout,
            chelem_made_by: made_by,
            scores,
        });
    }

    fn build_record(
        &self,
        oudlers: u8,
        points: HalfPoints,
        petit_au_bout: Option<Camp>,
        made_by: Option<Camp>,
    ) -> DealRecord {
        let taker = self.taker.expect("a taker");
        let input = RecordInput {
            players: self.players,
            taker,
            partner: self.partner(),
            contract: self.contract.expect("a contract"),
            oudlers,
            points,
            handfuls: (0..usize::from(self.nhandfuls))
                .map(|i| {
                    let s = self.handful_order[i];
                    super::contract::Handful {
                        seat: super::contract::Seat(s),
                        size: self.handful_size(self.handfuls[usize::from(s)]),
                    }
                })
                .collect::<Vec<Handful>>(),
            petit_au_bout,
            chelem: Chelem {
                announced: self.chelem_announced,
                made_by,
            },
            miseres: vec![],
        };
        match DealRecord::new(input.clone(), &ScoringRules::FFT) {
            Ok(r) => r,
            Err(e) => panic!(
                "a played deal must make a valid record: {e} ({input:?}, seed {})",
                self.seed
            ),
        }
    }

    /// The deal's record, once it is over and not void.
    pub fn record(&self) -> Option<DealRecord> {
        let o = self.outcome?;
        Some(self.build_record(o.oudlers, o.points, o.petit_au_bout, o.chelem_made_by))
    }

    fn handful_logs(&self) -> Vec<HandfulLog> {
        (0..usize::from(self.nhandfuls))
            .map(|i| {
                let s = self.handful_order[i];
                let cards = self.handfuls[usize::from(s)];
                HandfulLog {
                    seat: s,
                    size: self.handful_size(cards),
                    shown: cards.to_vec(),
                }
            })
            .collect()
    }

    fn trick_log(&self, i: u8) -> TrickLog {
        let (leader, cards, winner) = self.trick_at(i);
        TrickLog {
            leader,
            cards: cards
                .iter()
                .enumerate()
                .map(|(k, &card)| PlayedCard {
                    seat: (leader + k as u8) % self.players,
                    card,
                })
                .collect(),
            winner,
        }
    }

    /// The game log of the deal (complete once the deal is over).
    pub fn log(&self) -> GameLog {
        let o = self.outcome;
        GameLog {
            players: self.players,
            dealer: self.dealer,
            seed: self.seed,
            hands: (0..self.players).map(|s| self.dealt(s).to_vec()).collect(),
            dog: self.dog.to_vec(),
            bids: self.bids().collect(),
            taker: self.taker,
            contract: self.contract,
            chelem_announced: self.chelem_announced,
            called: self.called,
            // Set once a card is called (5 players), by the deal or a resampling.
            partner: self.called_holder,
            discard: self.discard.to_vec(),
            handfuls: self.handful_logs(),
            tricks: (0..self.ntricks).map(|i| self.trick_log(i)).collect(),
            oudlers: o.map_or(0, |o| o.oudlers),
            points: o.map_or(0.0, |o| o.points.as_points()),
            scores: self.scores().unwrap_or_else(|| vec![0; usize::from(self.players)]),
            redeals: self.redeals,
        }
    }

    /// Every action so far, in order: with the seed, enough to rebuild the
    /// deal ([`Game::replay`]).
    pub fn actions(&self) -> Vec<(u8, Action)> {
        let mut out: Vec<(u8, Action)> = self.bids().map(|b| (b.seat, Action::Bid(b.bid))).collect();
        // While bidding the phase stops it below.
        let Some(taker) = self.taker else {
            return out;
        };
        if let Some(c) = self.called {
            out.push((taker, Action::Call(c)));
        }
        if matches!(self.phase, Phase::Chelem | Phase::Play | Phase::Done)
            && self.contract.is_some_and(Contract::has_ecart)
        {
            out.push((taker, Action::Discard(self.discard)));
        }
        if !matches!(self.phase, Phase::Play | Phase::Done) {
            return out;
        }
        out.push((taker, Action::Chelem(self.chelem_announced)));
        let mut started = 0u8;
        let mut push_card = |out: &mut Vec<(u8, Action)>, seat: u8, card: Card| {
            if started & (1 << seat) == 0 {
                started |= 1 << seat;
                let h = self.handfuls[usize::from(seat)];
                if !h.is_empty() {
                    out.push((seat, Action::Handful(h)));
                }
            }
            out.push((seat, Action::Card(card)));
        };
        for i in 0..=self.ntricks.min(self.tricks_total() - 1) {
            let leader = self.leaders[usize::from(i)];
            let len = if i < self.ntricks { self.players } else { self.trick_len };
            for k in 0..len {
                let seat = (leader + k) % self.players;
                push_card(&mut out, seat, self.tricks[usize::from(i)][usize::from(k)]);
            }
        }
        // A seat that answered the handful question but has not played yet.
        if self.phase == Phase::Play {
            for s in 0..self.players {
                if self.handful_done & (1 << s) != 0 && started & (1 << s) == 0 {
                    out.push((s, Action::Handful(self.handfuls[usize::from(s)])));
                }
            }
        }
        out
    }

    /// The compact form: seed and actions.
    pub fn compact(&self) -> CompactDeal {
        CompactDeal {
            players: self.players,
            dealer: self.dealer,
            seed: self.seed,
            actions: self
                .actions()
                .into_iter()
                .map(|(seat, action)| SeatAction { seat, action })
                .collect(),
        }
    }

    /// Rebuilds a deal from its compact form.
    pub fn from_compact(c: &CompactDeal) -> Result<Game, (usize, PlayError)> {
        if !(3..=5).contains(&c.players) || c.dealer >= c.players {
            return Err((
                0,
                PlayError::NoSuchSeat {
                    seat: c.dealer,
                    last: c.players.saturating_sub(1),
                },
            ));
        }
        let actions: Vec<(u8, Action)> = c.actions.iter().map(|a| (a.seat, a.action)).collect();
        Game::replay(c.players, c.dealer, c.seed, &actions)
    }

    /// What `seat` may see.
    pub fn view(&self, seat: u8) -> SeatView {
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
                seat: (self.trick_leader() + k as u8) % self.players,
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
            partner: self.partner_public(),
            dog: self.dog_public().then(|| self.dog.to_vec()),
            discard: discard.to_vec(),
            handfuls: self.handful_logs(),
            trick: if self.phase == Phase::Play { trick } else { vec![] },
            last_trick: self.ntricks.checked_sub(1).map(|i| self.trick_log(i)),
            scores: self.scores(),
        }
    }
}

/// The notation of each card, by index (FORMATS.md).
static CARD_NAMES: [&str; 78] = [
    "1S", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "NS", "QS", "KS", "1H", "2H", "3H", "4H", "5H",
    "6H", "7H", "8H", "9H", "10H", "JH", "NH", "QH", "KH", "1D", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D",
    "JD", "ND", "QD", "KD", "1C", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "NC", "QC", "KC", "1T",
    "2T", "3T", "4T", "5T", "6T", "7T", "8T", "9T", "10T", "11T", "12T", "13T", "14T", "15T", "16T", "17T", "18T",
    "19T", "20T", "21T", "EX",
];

fn write_cards<W: std::io::Write + ?Sized>(w: &mut W, set: CardSet) -> std::io::Result<()> {
    w.write_all(b"[")?;
    for (i, c) in set.iter().enumerate() {
        if i > 0 {
            w.write_all(b",")?;
        }
        write_card(w, c)?;
    }
    w.write_all(b"]")
}

fn write_card<W: std::io::Write + ?Sized>(w: &mut W, c: Card) -> std::io::Result<()> {
    w.write_all(b"\"")?;
    w.write_all(CARD_NAMES[usize::from(c.index())].as_bytes())?;
    w.write_all(b"\"")
}

fn write_opt<W: std::io::Write + ?Sized, T: std::fmt::Display>(w: &mut W, v: Option<T>) -> std::io::Result<()> {
    match v {
        Some(x) => write!(w, "{x}"),
        None => w.write_all(b"null"),
    }
}

impl Game {
    /// Writes the game-log line (without the newline) straight to `w`:
    /// the same bytes as `serde_json::to_writer(w, &self.log())`, without
    /// building the log (what `chelem simulate --log` uses).
    pub fn write_log<W: std::io::Write + ?Sized>(&self, w: &mut W) -> std::io::Result<()> {
        write!(
            w,
            "{{\"players\":{},\"dealer\":{},\"seed\":{},\"hands\":[",
            self.players, self.dealer, self.seed
        )?;
        for s in 0..self.players {
            if s > 0 {
                w.write_all(b",")?;
            }
            write_cards(w, self.dealt(s))?;
        }
        w.write_all(b"],\"dog\":")?;
        write_cards(w, self.dog)?;
        w.write_all(b",\"bids\":[")?;
        for (i, b) in self.bids().enumerate() {
            if i > 0 {
                w.write_all(b",")?;
            }
            write!(w, "{{\"seat\":{},\"bid\":\"{}\"}}", b.seat, bid_str(b.bid))?;
        }
        w.write_all(b"],\"taker\":")?;
        write_opt(w, self.taker)?;
        w.write_all(b",\"contract\":")?;
        match self.contract {
            Some(c) => write!(w, "\"{}\"", c.name())?,
            None => w.write_all(b"null")?,
        }
        write!(w, ",\"chelem_announced\":{},\"called\":", self.chelem_announced)?;
        match self.called {
            Some(c) => write_card(w, c)?,
            None => w.write_all(b"null")?,
        }
        w.write_all(b",\"partner\":")?;
        write_opt(w, self.called_holder)?;
        w.write_all(b",\"discard\":")?;
        write_cards(w, self.discard)?;
        w.write_all(b",\"handfuls\":[")?;
        for i in 0..usize::from(self.nhandfuls) {
            if i > 0 {
                w.write_all(b",")?;
            }
            let s = self.handful_order[i];
            let cards = self.handfuls[usize::from(s)];
            write!(
                w,
                "{{\"seat\":{s},\"size\":\"{}\",\"shown\":",
                self.handful_size(cards).name()
            )?;
            write_cards(w, cards)?;
            w.write_all(b"}")?;
        }
        w.write_all(b"],\"tricks\":[")?;
        for i in 0..self.ntricks {
            if i > 0 {
                w.write_all(b",")?;
            }
            let (leader, cards, winner) = self.trick_at(i);
            write!(w, "{{\"leader\":{leader},\"cards\":[")?;
            for (k, &c) in cards.iter().enumerate() {
                if k > 0 {
                    w.write_all(b",")?;
                }
                write!(w, "{{\"seat\":{},\"card\":", (leader + k as u8) % self.players)?;
                write_card(w, c)?;
                w.write_all(b"}")?;
            }
            write!(w, "],\"winner\":{winner}}}")?;
        }
        let (oudlers, points) = self.outcome.map_or((0, 0), |o| (o.oudlers, o.points.get()));
        write!(
            w,
            "],\"oudlers\":{oudlers},\"points\":{}.{},\"scores\":[",
            points / 2,
            if points % 2 == 1 { 5 } else { 0 }
        )?;
        for s in 0..usize::from(self.players) {
            if s > 0 {
                w.write_all(b",")?;
            }
            write!(w, "{}", self.outcome.map_or(0, |o| o.scores[s]))?;
        }
        write!(w, "],\"redeals\":{}}}", self.redeals)
    }
}
