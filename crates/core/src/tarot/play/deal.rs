//! Shuffling and dealing: a new deal from a seed (a petit sec redealt), a
//! deal with given hands, and the hands redistributed for a search.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Game, Phase, MAX_SEATS, MAX_TRICKS};
use crate::tarot::card::Card;
use crate::tarot::cards::CardSet;
use crate::tarot::contract::{deal_shape, Seat};

/// Shuffles and deals by packets of 3, the dog's cards set aside one at a
/// time between packets (never first or last).
fn deal(players: u8, dealer: Seat, rng: &mut ChaCha8Rng) -> ([CardSet; MAX_SEATS], CardSet) {
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
    let mut hands = [CardSet::EMPTY; MAX_SEATS];
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
        let seat = (dealer.index() + 1 + p) % usize::from(players);
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

impl Game {
    /// A new deal at a table of `players` (3, 4, 5 or 6), shuffled and
    /// dealt from `seed`; a petit sec is redealt from the same random stream.
    ///
    /// # Panics
    /// When `players` is not 3, 4, 5 or 6 or `dealer` is not a seat.
    pub fn new(players: u8, dealer: Seat, seed: u64) -> Game {
        assert!((3..=6).contains(&players), "a table has 3, 4, 5 or 6 players");
        assert!(dealer.0 < players, "the dealer is a seat of the table");
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
    pub fn with_deal(players: u8, dealer: Seat, hands: &[CardSet], dog: CardSet) -> Option<Game> {
        if !(3..=6).contains(&players) || dealer.0 >= players || hands.len() != usize::from(players) {
            return None;
        }
        let (each, dog_size) = deal_shape(players);
        let mut all = dog;
        let mut total = dog.len();
        let mut h = [CardSet::EMPTY; MAX_SEATS];
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
        if let Some(call) = self.called {
            for (k, c) in call.to_vec().into_iter().enumerate() {
                if !self.played.contains(c) && !self.dog.contains(c) {
                    g.called_holder[k] = Seat::all(self.players).find(|s| hands[s.index()].contains(c));
                }
            }
        }
        Some(g)
    }

    fn start(players: u8, dealer: Seat, seed: u64, redeals: u8, hands: [CardSet; MAX_SEATS], dog: CardSet) -> Game {
        Game {
            players,
            dealer,
            seed,
            redeals,
            dealt: hands,
            dog,
            hands,
            phase: Phase::Bidding,
            to_act: dealer.next(players),
            bids: [None; MAX_SEATS],
            nbids: 0,
            taker: None,
            contract: None,
            called: None,
            called_holder: [None; 2],
            discard: CardSet::EMPTY,
            chelem_announced: false,
            handful_done: 0,
            handfuls: [CardSet::EMPTY; MAX_SEATS],
            handful_order: [Seat(0); MAX_SEATS],
            nhandfuls: 0,
            tricks: [[Card::EXCUSE; MAX_SEATS]; MAX_TRICKS],
            leaders: [Seat(0); MAX_TRICKS],
            winners: [Seat(0); MAX_TRICKS],
            ntricks: 0,
            trick_len: 0,
            played: CardSet::EMPTY,
            won: [CardSet::EMPTY; MAX_SEATS],
            excuse: None,
            outcome: None,
        }
    }
}
