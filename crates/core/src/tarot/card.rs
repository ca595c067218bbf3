//! The 78 cards of the French Tarot deck and their notation.
//!
//! Notation (FORMATS.md): suit cards are rank then suit (`1S`..`10S`, `JS`,
//! `NS`, `QS`, `KS`; suits `S`, `H`, `D`, `C`), trumps `1T`..`21T`, the excuse
//! `EX`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One of the four plain suits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Spades (`S`, pique).
    Spades,
    /// Hearts (`H`, cœur).
    Hearts,
    /// Diamonds (`D`, carreau).
    Diamonds,
    /// Clubs (`C`, trèfle).
    Clubs,
}

impl Suit {
    /// The four suits in notation order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The suit's letter in the card notation.
    pub fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    fn from_letter(c: u8) -> Option<Suit> {
        match c {
            b'S' => Some(Suit::Spades),
            b'H' => Some(Suit::Hearts),
            b'D' => Some(Suit::Diamonds),
            b'C' => Some(Suit::Clubs),
            _ => None,
        }
    }

    const fn index(self) -> u8 {
        match self {
            Suit::Spades => 0,
            Suit::Hearts => 1,
            Suit::Diamonds => 2,
            Suit::Clubs => 3,
        }
    }
}

/// Rank of a suit card: 1..=10, then jack (11), knight (12), queen (13), king (14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    /// The jack (valet), `J`.
    pub const JACK: Rank = Rank(11);
    /// The knight (cavalier), `N`.
    pub const KNIGHT: Rank = Rank(12);
    /// The queen (dame), `Q`.
    pub const QUEEN: Rank = Rank(13);
    /// The king (roi), `K`.
    pub const KING: Rank = Rank(14);

    /// A rank from 1 (ace) to 14 (king); `None` outside.
    pub const fn new(value: u8) -> Option<Rank> {
        if value >= 1 && value <= 14 {
            Some(Rank(value))
        } else {
            None
        }
    }

    /// The rank as a number, 1..=14.
    pub const fn value(self) -> u8 {
        self.0
    }
}

/// What a card is: a suit card, a trump (1..=21) or the excuse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CardKind {
    /// A card of one of the four suits.
    Suited(Suit, Rank),
    /// A trump, numbered 1 (the petit) to 21 (the monde).
    Trump(u8),
    /// The excuse (the fool).
    Excuse,
}

/// A card of the tarot deck (always one of the 78 real cards).
///
/// Ordered by an internal index: spades, hearts, diamonds, clubs (each 1..K),
/// trumps 1..21, then the excuse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

const SUITED: u8 = 56;
const EXCUSE_INDEX: u8 = 77;

const fn build_all() -> [Card; 78] {
    let mut all = [Card(0); 78];
    let mut i = 0;
    while i < 78 {
        all[i] = Card(i as u8);
        i += 1;
    }
    all
}

static ALL_CARDS: [Card; 78] = build_all();

impl Card {
    /// The excuse (`EX`).
    pub const EXCUSE: Card = Card(EXCUSE_INDEX);
    /// The petit, trump 1 (`1T`).
    pub const PETIT: Card = Card(SUITED);
    /// The monde, trump 21 (`21T`).
    pub const MONDE: Card = Card(SUITED + 20);

    /// All 78 cards, in index order.
    pub fn all() -> &'static [Card; 78] {
        &ALL_CARDS
    }

    /// A suit card.
    pub const fn suited(suit: Suit, rank: Rank) -> Card {
        Card(suit.index() * 14 + rank.value() - 1)
    }

    /// Trump number `n` (1..=21); `None` outside.
    pub const fn trump(n: u8) -> Option<Card> {
        if n >= 1 && n <= 21 {
            Some(Card(SUITED + n - 1))
        } else {
            None
        }
    }

    /// A number 0..78 unique to the card (the order of [`Card::all`]).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card with that index (0..78); `None` outside.
    pub const fn from_index(index: u8) -> Option<Card> {
        if index < 78 {
            Some(Card(index))
        } else {
            None
        }
    }

    /// What this card is.
    pub const fn kind(self) -> CardKind {
        if self.0 < SUITED {
            let suit = match self.0 / 14 {
                0 => Suit::Spades,
                1 => Suit::Hearts,
                2 => Suit::Diamonds,
                _ => Suit::Clubs,
            };
            CardKind::Suited(suit, Rank(self.0 % 14 + 1))
        } else if self.0 < EXCUSE_INDEX {
            CardKind::Trump(self.0 - SUITED + 1)
        } else {
            CardKind::Excuse
        }
    }

    /// The suit of a suit card, `None` for trumps and the excuse.
    pub const fn suit(self) -> Option<Suit> {
        match self.kind() {
            CardKind::Suited(suit, _) => Some(suit),
            _ => None,
        }
    }

    /// The rank of a suit card, `None` for trumps and the excuse.
    pub const fn rank(self) -> Option<Rank> {
        match self.kind() {
            CardKind::Suited(_, rank) => Some(rank),
            _ => None,
        }
    }

    /// Whether the card is a trump (the excuse is not).
    pub const fn is_trump(self) -> bool {
        self.0 >= SUITED && self.0 < EXCUSE_INDEX
    }

    /// Whether the card is an oudler (bout): petit, monde or excuse.
    pub const fn is_oudler(self) -> bool {
        self.0 == Card::PETIT.0 || self.0 == Card::MONDE.0 || self.0 == EXCUSE_INDEX
    }

    /// Card points in half points: oudler and king 9, queen 7, knight 5,
    /// jack 3, any other card 1. The deck totals 182 (91 points).
    pub const fn points_half(self) -> u16 {
        if self.is_oudler() {
            return 9;
        }
        match self.kind() {
            CardKind::Suited(_, rank) => match rank.value() {
                14 => 9,
                13 => 7,
                12 => 5,
                11 => 3,
                _ => 1,
            },
            _ => 1,
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            CardKind::Excuse => f.write_str("EX"),
            CardKind::Trump(n) => write!(f, "{n}T"),
            CardKind::Suited(suit, rank) => {
                match rank.value() {
                    11 => f.write_str("J")?,
                    12 => f.write_str("N")?,
                    13 => f.write_str("Q")?,
                    14 => f.write_str("K")?,
                    v => write!(f, "{v}")?,
                }
                write!(f, "{}", suit.letter())
            }
        }
    }
}

/// A string that is not a card in the FORMATS.md notation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown card \"{0}\": expected e.g. 1S, 10H, JD, NC, QS, KH, 1T..21T or EX")]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let err = || ParseCardError(s.to_string());
        let bytes = s.as_bytes();
        if s == "EX" {
            return Ok(Card::EXCUSE);
        }
        let (&last, head) = bytes.split_last().ok_or_else(err)?;
        let number = |h: &[u8]| -> Option<u8> {
            if h.is_empty() || h.len() > 2 || h[0] == b'0' || !h.iter().all(u8::is_ascii_digit) {
                return None;
            }
            std::str::from_utf8(h).ok()?.parse().ok()
        };
        if last == b'T' {
            return number(head).and_then(Card::trump).ok_or_else(err);
        }
        let suit = Suit::from_letter(last).ok_or_else(err)?;
        let rank = match head {
            b"J" => Rank::JACK,
            b"N" => Rank::KNIGHT,
            b"Q" => Rank::QUEEN,
            b"K" => Rank::KING,
            h => number(h).filter(|v| *v <= 10).and_then(Rank::new).ok_or_else(err)?,
        };
        Ok(Card::suited(suit, rank))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_totals() {
        assert_eq!(Card::all().len(), 78);
        let total: u16 = Card::all().iter().map(|c| c.points_half()).sum();
        assert_eq!(total, 182);
        assert_eq!(Card::all().iter().filter(|c| c.is_oudler()).count(), 3);
        assert_eq!(Card::all().iter().filter(|c| c.is_trump()).count(), 21);
    }

    #[test]
    fn index_suit_and_rank() {
        for i in 0..=u8::MAX {
            let card = Card::from_index(i);
            assert_eq!(card.is_some(), i < 78, "{i}");
            assert!(card.is_none_or(|c| c.index() == i), "{i}");
        }
        assert_eq!(Card::from_index(77), Some(Card::EXCUSE));
        let ace_of_spades = Card::from_index(0).unwrap();
        assert_eq!(ace_of_spades.rank(), Rank::new(1));
        assert_eq!(ace_of_spades.suit(), Some(Suit::Spades));
        assert_eq!(Card::suited(Suit::Clubs, Rank::KING).rank(), Some(Rank::KING));
        assert_eq!(Card::PETIT.rank(), None);
        assert_eq!(Card::EXCUSE.rank(), None);
        let suited = Card::all().iter().filter(|c| c.rank().is_some()).count();
        assert_eq!(suited, 56);
    }

    #[test]
    fn notation() {
        for c in Card::all() {
            assert_eq!(c.to_string().parse::<Card>().unwrap(), *c);
        }
        assert_eq!(Card::PETIT.to_string(), "1T");
        assert_eq!(Card::MONDE.to_string(), "21T");
        assert_eq!(Card::suited(Suit::Clubs, Rank::KING).to_string(), "KC");
        assert_eq!(Card::suited(Suit::Hearts, Rank::new(10).unwrap()).to_string(), "10H");
        for bad in ["", "0S", "11S", "22T", "0T", "01T", "KX", "ex", "1", "T", "+1T"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }
}
