//! The game log of a deal (FORMATS.md, `chelem simulate --log`): its parts
//! ([`BidEntry`], [`HandfulLog`], [`TrickLog`]...), [`Game::log`], and
//! [`Game::write_log`] that writes the same line straight from the deal.

use serde::{Deserialize, Serialize};

use super::{bid_name, bid_str, Call, Game};
use crate::tarot::card::Card;
use crate::tarot::cards::CardSet;
use crate::tarot::contract::{Contract, HandfulSize, Seat};

/// A bid in the order made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BidEntry {
    /// Who bid.
    pub seat: Seat,
    /// `pass` or the contract.
    #[serde(with = "bid_name")]
    pub bid: Option<Contract>,
}

/// A handful shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandfulLog {
    /// Who showed it.
    pub seat: Seat,
    /// Its size.
    pub size: HandfulSize,
    /// The cards shown.
    pub shown: Vec<Card>,
}

/// A card played to a trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedCard {
    /// Who played it.
    pub seat: Seat,
    /// The card.
    pub card: Card,
}

/// A complete trick.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickLog {
    /// Who led.
    pub leader: Seat,
    /// The cards in the order played.
    pub cards: Vec<PlayedCard>,
    /// Who won it.
    pub winner: Seat,
}

/// The `partner` of a game log: at 5 players the seat that held the
/// called card (the taker's own when it was in their hand), written as a
/// number; at 6 players the partners' seats (never the taker), a list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum LogPartner {
    /// 5 players: the called card's holder.
    Seat(Seat),
    /// 6 players: the partners, in seat order.
    Seats(Vec<Seat>),
}

impl LogPartner {
    /// The partners (never the taker), in seat order.
    pub fn partners(&self, taker: Option<Seat>) -> Vec<Seat> {
        match self {
            LogPartner::Seat(s) if Some(*s) != taker => vec![*s],
            LogPartner::Seat(_) => vec![],
            LogPartner::Seats(v) => v.clone(),
        }
    }
}

/// The game-log line of a deal (FORMATS.md, `chelem simulate --log`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameLog {
    /// Table size.
    pub players: u8,
    /// The dealer's seat.
    pub dealer: Seat,
    /// The seed of the shuffle.
    pub seed: u64,
    /// The hands as dealt (before the dog is taken), by seat.
    pub hands: Vec<Vec<Card>>,
    /// The dog as dealt.
    pub dog: Vec<Card>,
    /// The bids in the order made.
    pub bids: Vec<BidEntry>,
    /// The taker (`null` when every seat passed).
    pub taker: Option<Seat>,
    /// The contract.
    pub contract: Option<Contract>,
    /// Whether the taker announced a chelem.
    pub chelem_announced: bool,
    /// 5 players: the card called; 6 players: the two cards, a list.
    pub called: Option<Call>,
    /// 5 players: who held the called card (the taker, or null when in the
    /// dog); 6 players: the partners' seats, a list (empty: alone).
    pub partner: Option<LogPartner>,
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

impl Game {
    /// The log's `partner`: set once a card is called (5 players: its
    /// holder, by the deal or a resampling), the list of partners at 6.
    fn log_partner(&self) -> Option<LogPartner> {
        match self.called? {
            Call::One(_) => self.called_holder[0].map(LogPartner::Seat),
            Call::Two(..) => Some(LogPartner::Seats(self.partners())),
        }
    }

    pub(super) fn handful_logs(&self) -> Vec<HandfulLog> {
        (0..usize::from(self.nhandfuls))
            .map(|i| {
                let s = self.handful_order[i];
                let cards = self.handfuls[s.index()];
                HandfulLog {
                    seat: s,
                    size: self.handful_size(cards),
                    shown: cards.to_vec(),
                }
            })
            .collect()
    }

    pub(super) fn trick_log(&self, i: u8) -> TrickLog {
        let (leader, cards, winner) = self.trick_at(i);
        TrickLog {
            leader,
            cards: cards
                .iter()
                .enumerate()
                .map(|(k, &card)| PlayedCard {
                    seat: leader.after(k as u8, self.players),
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
            hands: Seat::all(self.players).map(|s| self.dealt(s).to_vec()).collect(),
            dog: self.dog.to_vec(),
            bids: self.bids().collect(),
            taker: self.taker,
            contract: self.contract,
            chelem_announced: self.chelem_announced,
            called: self.called,
            partner: self.log_partner(),
            discard: self.discard.to_vec(),
            handfuls: self.handful_logs(),
            tricks: (0..self.ntricks).map(|i| self.trick_log(i)).collect(),
            oudlers: o.map_or(0, |o| o.oudlers),
            points: o.map_or(0.0, |o| o.points.as_points()),
            scores: self.scores().unwrap_or_else(|| vec![0; usize::from(self.players)]),
            redeals: self.redeals,
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
    /// Writes `"called":…,"partner":…` of the log line: a card and a seat
    /// at 5 players, lists at 6, null before a call.
    fn write_call<W: std::io::Write + ?Sized>(&self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b"\"called\":")?;
        match self.called {
            Some(Call::One(c)) => write_card(w, c)?,
            Some(Call::Two(a, b)) => {
                w.write_all(b"[")?;
                write_card(w, a)?;
                w.write_all(b",")?;
                write_card(w, b)?;
                w.write_all(b"]")?;
            }
            None => w.write_all(b"null")?,
        }
        w.write_all(b",\"partner\":")?;
        match self.log_partner() {
            Some(LogPartner::Seats(seats)) => {
                w.write_all(b"[")?;
                for (i, s) in seats.iter().enumerate() {
                    if i > 0 {
                        w.write_all(b",")?;
                    }
                    write!(w, "{}", s.0)?;
                }
                w.write_all(b"]")
            }
            Some(LogPartner::Seat(s)) => write!(w, "{}", s.0),
            None => w.write_all(b"null"),
        }
    }

    /// Writes the game-log line (without the newline) straight to `w`:
    /// the same bytes as `serde_json::to_writer(w, &self.log())`, without
    /// building the log (what `chelem simulate --log` uses).
    pub fn write_log<W: std::io::Write + ?Sized>(&self, w: &mut W) -> std::io::Result<()> {
        write!(
            w,
            "{{\"players\":{},\"dealer\":{},\"seed\":{},\"hands\":[",
            self.players, self.dealer.0, self.seed
        )?;
        for s in Seat::all(self.players) {
            if s.0 > 0 {
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
            write!(w, "{{\"seat\":{},\"bid\":\"{}\"}}", b.seat.0, bid_str(b.bid))?;
        }
        w.write_all(b"],\"taker\":")?;
        write_opt(w, self.taker.map(|s| s.0))?;
        w.write_all(b",\"contract\":")?;
        match self.contract {
            Some(c) => write!(w, "\"{}\"", c.name())?,
            None => w.write_all(b"null")?,
        }
        write!(w, ",\"chelem_announced\":{},", self.chelem_announced)?;
        self.write_call(w)?;
        w.write_all(b",\"discard\":")?;
        write_cards(w, self.discard)?;
        w.write_all(b",\"handfuls\":[")?;
        for i in 0..usize::from(self.nhandfuls) {
            if i > 0 {
                w.write_all(b",")?;
            }
            let s = self.handful_order[i].0;
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
            write!(w, "{{\"leader\":{},\"cards\":[", leader.0)?;
            for (k, &c) in cards.iter().enumerate() {
                if k > 0 {
                    w.write_all(b",")?;
                }
                write!(w, "{{\"seat\":{},\"card\":", leader.after(k as u8, self.players).0)?;
                write_card(w, c)?;
                w.write_all(b"}")?;
            }
            write!(w, "],\"winner\":{}}}", winner.0)?;
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
