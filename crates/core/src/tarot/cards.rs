//! Sets of cards as a bitmask: bit `i` is the card of index `i` (a 78-card
//! deck fits in a `u128`), so hands, piles and legal moves are a few
//! instructions.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::card::{Card, Suit};

/// A set of cards.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(pub u128);

const fn low_bits(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// The 78 cards.
    pub const DECK: CardSet = CardSet(low_bits(78));
    /// The 21 trumps (not the excuse).
    pub const TRUMPS: CardSet = CardSet(low_bits(21) << 56);
    /// The 56 suit cards.
    pub const SUITED: CardSet = CardSet(low_bits(56));
    /// The excuse alone.
    pub const EXCUSE: CardSet = CardSet(1u128 << 77);
    /// The three oudlers.
    pub const OUDLERS: CardSet = CardSet((1u128 << 77) | (1u128 << 56) | (1u128 << 76));
    /// The four kings.
    pub const KINGS: CardSet = CardSet(Self::rank_mask(13));
    /// The four queens.
    pub const QUEENS: CardSet = CardSet(Self::rank_mask(12));
    /// The four knights.
    pub const KNIGHTS: CardSet = CardSet(Self::rank_mask(11));
    /// The four jacks.
    pub const JACKS: CardSet = CardSet(Self::rank_mask(10));

    const fn rank_mask(offset: u32) -> u128 {
        (1u128 << offset) | (1u128 << (14 + offset)) | (1u128 << (28 + offset)) | (1u128 << (42 + offset))
    }

    /// The 14 cards of a suit.
    pub const fn suit(suit: Suit) -> CardSet {
        let i = match suit {
            Suit::Spades => 0,
            Suit::Hearts => 1,
            Suit::Diamonds => 2,
            Suit::Clubs => 3,
        };
        CardSet(low_bits(14) << (14 * i))
    }

    /// The 14 cards of the suit with number 0..4 (spades, hearts, diamonds, clubs).
    pub const fn suit_index(i: u8) -> CardSet {
        CardSet(low_bits(14) << (14 * i as u32))
    }

    /// The set holding one card.
    pub const fn one(card: Card) -> CardSet {
        CardSet(1u128 << card.index())
    }

    /// Every card of the set whose index is above `card`'s.
    pub const fn above(card: Card) -> CardSet {
        CardSet(!low_bits(card.index() as u32 + 1) & Self::DECK.0)
    }

    /// Every card of the set whose index is below `card`'s.
    pub const fn below(card: Card) -> CardSet {
        CardSet(low_bits(card.index() as u32))
    }

    /// Whether the set has no card.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of cards.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether `card` is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 >> card.index() & 1 == 1
    }

    /// Adds a card.
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1u128 << card.index();
    }

    /// Removes a card.
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1u128 << card.index());
    }

    /// Cards in both sets.
    pub const fn and(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// Cards in either set.
    pub const fn or(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Cards of `self` not in `other`.
    pub const fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// Whether every card of `self` is in `other`.
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The card of lowest index.
    pub const fn lowest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// The card of highest index (the highest trump, or the highest card of one suit).
    pub const fn highest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(127 - self.0.leading_zeros() as u8)
        }
    }

    /// The `n`-th card in index order (0-based).
    pub fn nth(self, n: u32) -> Option<Card> {
        let mut bits = self.0;
        for _ in 0..n {
            if bits == 0 {
                return None;
            }
            bits &= bits - 1;
        }
        CardSet(bits).lowest()
    }

    /// Card points in half points (91 points = 182 for the deck).
    pub const fn points_half(self) -> u16 {
        let all = self.0.count_ones();
        let nine = (self.0 & (Self::OUDLERS.0 | Self::KINGS.0)).count_ones();
        let seven = (self.0 & Self::QUEENS.0).count_ones();
        let five = (self.0 & Self::KNIGHTS.0).count_ones();
        let three = (self.0 & Self::JACKS.0).count_ones();
        (all + 8 * nine + 6 * seven + 4 * five + 2 * three) as u16
    }

    /// The cards, in index order.
    pub fn iter(self) -> CardIter {
        CardIter(self.0)
    }

    /// The cards as a vector, in index order.
    pub fn to_vec(self) -> Vec<Card> {
        self.iter().collect()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

/// Iterator over a [`CardSet`], lowest index first.
#[derive(Clone, Copy)]
pub struct CardIter(u128);

impl Iterator for CardIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Card::from_index(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardIter;

    fn into_iter(self) -> CardIter {
        self.iter()
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter().map(|c| c.to_string())).finish()
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for c in self.iter() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl Serialize for CardSet {
    /// A list of card names, e.g. `["1S", "21T", "EX"]`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CardSet, D::Error> {
        let cards = Vec::<Card>::deserialize(deserializer)?;
        let set: CardSet = cards.iter().copied().collect();
        if set.len() as usize != cards.len() {
            return Err(serde::de::Error::custom("a card is listed twice"));
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_and_points() {
        assert_eq!(CardSet::DECK.len(), 78);
        assert_eq!(CardSet::DECK.points_half(), 182);
        assert_eq!(CardSet::TRUMPS.len(), 21);
        assert!(CardSet::TRUMPS.iter().all(|c| c.is_trump()));
        assert!(CardSet::OUDLERS.iter().all(|c| c.is_oudler()));
        for c in Card::all() {
            assert_eq!(CardSet::one(*c).points_half(), c.points_half(), "{c}");
        }
        for s in Suit::ALL {
            assert!(CardSet::suit(s).iter().all(|c| c.suit() == Some(s)));
        }
        assert_eq!(CardSet::KINGS.to_string(), "KS KH KD KC");
        let s: CardSet = ["1T", "5T", "EX"].iter().map(|c| c.parse::<Card>().unwrap()).collect();
        assert_eq!(s.highest(), Some(Card::EXCUSE));
        assert_eq!(s.lowest(), Some(Card::PETIT));
        assert_eq!(s.and(CardSet::above(Card::PETIT)).len(), 2);
        assert_eq!(s.nth(1).unwrap().to_string(), "5T");
        assert_eq!(serde_json::to_string(&s).unwrap(), r#"["1T","5T","EX"]"#);
        assert_eq!(format!("{s:?}"), r#"["1T", "5T", "EX"]"#);
        // The iterator knows how many cards are left.
        let mut it = s.iter();
        assert_eq!(it.size_hint(), (3, Some(3)));
        it.next();
        assert_eq!(it.size_hint(), (2, Some(2)));
        assert_eq!(CardSet::EMPTY.iter().size_hint(), (0, Some(0)));
    }
}
