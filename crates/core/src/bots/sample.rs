//! The cards a seat has not seen, placed at random consistently with what
//! it knows: the sampler of determinizations shared by the search bots.
//!
//! It reads only the seat's own cards and public information: hand sizes,
//! the bids, the call, voids derived from the tricks (did not follow, did
//! not trump, did not overtrump), handfuls shown, the public dog, the
//! écart's trumps shown, its own écart. It works from the bidding on (before
//! the dog is shown, the dog is a hidden pile like the other seats' hands).

use rand::Rng;

use crate::tarot::card::Card;
use crate::tarot::cards::CardSet;
use crate::tarot::contract::{deal_shape, Seat};
use crate::tarot::{Action, Game, Phase};

/// The largest table: 6 players.
pub(crate) const SEATS: usize = 6;

/// Where an unseen card may be: bit `s` for seat `s`, bit 6 for the hidden pile.
const PILE: usize = SEATS;

/// A sampled placement of the cards a seat has not seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SampledDeal {
    /// The other seats' current hands, by seat (empty for the seat itself).
    pub hands: [CardSet; SEATS],
    /// The hidden pile: the dog never shown, or another taker's écart
    /// (empty when this seat made the écart).
    pub pile: CardSet,
}

/// What one seat knows in the play phase, and the sampler built on it.
#[derive(Debug, Clone)]
pub struct Knowledge {
    players: u8,
    seat: Seat,
    /// Cards each seat has played.
    played_by: [CardSet; SEATS],
    /// Cards each seat cannot hold now (voids, no higher trump, handful with the excuse).
    excluded: [CardSet; SEATS],
    /// Cards each seat holds for sure (handful shown, not yet played).
    known: [CardSet; SEATS],
    /// Cards this seat has not seen, with where each may be.
    unseen: Vec<(Card, u8)>,
    /// How many unseen cards each location needs (seats, then the pile).
    need: [u32; SEATS + 1],
    /// The hidden pile: the dog (garde sans, garde contre) or another taker's
    /// écart, or nothing.
    pile: PileKind,
    /// The écart's trumps shown (another taker's écart).
    ecart_shown: CardSet,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PileKind {
    /// No hidden pile (this seat is the taker and made the écart).
    None,
    /// The dog, never shown.
    Dog,
    /// Another seat's écart (the dog is public).
    Ecart,
}

/// A queen alone (5 players) or two queens (6 players) are called only by
/// a taker dealt the four kings, a knight only by one dealt the kings and
/// the queens.
fn taker_dealt(called: CardSet) -> CardSet {
    if !called.and(CardSet::KNIGHTS).is_empty() {
        CardSet::KINGS.or(CardSet::QUEENS)
    } else if !called.is_empty() && called.is_subset(CardSet::QUEENS) {
        CardSet::KINGS
    } else {
        CardSet::EMPTY
    }
}

/// What decides where an unseen card may lie.
struct Places<'a> {
    n: usize,
    me: usize,
    taker: Option<Seat>,
    pile: PileKind,
    ecart_shown: CardSet,
    dog_known: CardSet,
    taker_dealt: CardSet,
    known: &'a [CardSet; SEATS],
    excluded: &'a [CardSet; SEATS],
}

impl Places<'_> {
    /// The places (a bit per seat, and [`PILE`]) card `c` may lie in.
    fn allowed(&self, c: Card) -> u8 {
        if let Some(s) = (0..self.n).find(|&s| self.known[s].contains(c)) {
            return 1 << s;
        }
        if self.ecart_shown.contains(c) {
            return 1 << PILE;
        }
        let mut allowed = 0u8;
        for (s, ex) in self.excluded.iter().enumerate().take(self.n) {
            if s != self.me && !ex.contains(c) {
                allowed |= 1 << s;
            }
        }
        match self.pile {
            PileKind::None => {}
            PileKind::Dog => allowed |= 1 << PILE,
            PileKind::Ecart => {
                // No king, no oudler, no hidden trump in an écart.
                if !CardSet::KINGS.or(CardSet::OUDLERS).or(CardSet::TRUMPS).contains(c) {
                    allowed |= 1 << PILE;
                }
            }
        }
        let taker = self.taker.map_or(0, |t| 1 << t.index());
        if self.taker_dealt.contains(c) {
            // The call shows the taker was dealt this card.
            allowed &= taker | (1 << PILE);
            if self.pile != PileKind::Ecart {
                allowed &= taker;
            }
        }
        if self.dog_known.contains(c) {
            // The dog went to the taker: in their hand or the écart.
            allowed &= taker | (1 << PILE);
        }
        allowed
    }
}

impl Knowledge {
    /// What `seat` knows of `game` (from the bidding to the last card;
    /// `None` once the deal is over). Reads only the seat's own cards and
    /// public information.
    pub fn of(game: &Game, seat: Seat) -> Option<Knowledge> {
        if game.phase() == Phase::Done {
            return None;
        }
        let players = game.players();
        let n = usize::from(players);
        let (each, dog_size) = deal_shape(players);
        let (played_by, mut excluded) = Self::from_tricks(game, n);
        let mut known = [CardSet::EMPTY; SEATS];
        for s in Seat::all(players) {
            let h = game.handful(s);
            let i = s.index();
            known[i] = h.minus(played_by[i]);
            if h.contains(Card::EXCUSE) {
                // Showing the excuse means showing every trump.
                excluded[i] = excluded[i].or(CardSet::TRUMPS.minus(h));
            }
        }
        let taker = game.taker();
        let me = seat.index();
        let (seen, pile, ecart_shown) = Self::piles(game, seat, taker);
        let mut need = [0u32; SEATS + 1];
        for s in 0..n {
            if s != me {
                need[s] = u32::from(each) - played_by[s].len();
            }
        }
        if pile != PileKind::None {
            need[PILE] = u32::from(dog_size);
        }
        let places = Places {
            n,
            me,
            taker,
            pile,
            ecart_shown,
            dog_known: if game.dog_public() { game.dog() } else { CardSet::EMPTY },
            taker_dealt: taker_dealt(game.called_cards()),
            known: &known,
            excluded: &excluded,
        };
        let unseen = CardSet::DECK
            .minus(seen)
            .iter()
            .map(|c| (c, places.allowed(c)))
            .collect();
        Some(Knowledge {
            players,
            seat,
            played_by,
            excluded,
            known,
            unseen,
            need,
            pile,
            ecart_shown,
        })
    }

    /// What the tricks so far tell, seat by seat: the cards each played,
    /// and the cards each cannot hold (a suit not followed, a trump not
    /// played or not overtrumped when it had to be).
    fn from_tricks(game: &Game, n: usize) -> ([CardSet; SEATS], [CardSet; SEATS]) {
        let mut played_by = [CardSet::EMPTY; SEATS];
        let mut excluded = [CardSet::EMPTY; SEATS];
        let mut tricks: Vec<(Seat, Vec<Card>)> = (0..game.tricks_done())
            .map(|i| {
                let (leader, cards, _) = game.trick_at(i);
                (leader, cards.to_vec())
            })
            .collect();
        tricks.push((game.trick_leader(), game.trick().to_vec()));
        for (leader, cards) in &tricks {
            let mut led: Option<Card> = None;
            let mut high: Option<Card> = None;
            for (k, &c) in cards.iter().enumerate() {
                let s = (leader.index() + k) % n;
                played_by[s].insert(c);
                if c == Card::EXCUSE {
                    continue;
                }
                match led {
                    None => led = Some(c),
                    Some(l) => {
                        if let Some(suit) = l.suit() {
                            if c.suit() != Some(suit) {
                                excluded[s] = excluded[s].or(CardSet::suit(suit));
                            }
                        }
                        if c.suit() != l.suit() || l.is_trump() {
                            // Did not follow: had to trump, and to overtrump.
                            if !c.is_trump() {
                                excluded[s] = excluded[s].or(CardSet::TRUMPS);
                            } else if let Some(h) = high.filter(|h| c < *h) {
                                excluded[s] = excluded[s].or(CardSet::TRUMPS.and(CardSet::above(h)));
                            }
                        }
                    }
                }
                if c.is_trump() && high.is_none_or(|h| c > h) {
                    high = Some(c);
                }
            }
        }
        (played_by, excluded)
    }

    /// The cards `seat` has seen (its hand, the cards played, its own
    /// écart), where the cards of no hand lie, and the écart's trumps shown
    /// to all.
    fn piles(game: &Game, seat: Seat, taker: Option<Seat>) -> (CardSet, PileKind, CardSet) {
        let seen = game.hand(seat).or(game.played());
        if !game.dog_public() {
            return (seen, PileKind::Dog, CardSet::EMPTY);
        }
        if taker == Some(seat) {
            (seen.or(game.discard()), PileKind::None, CardSet::EMPTY)
        } else {
            // The écart's trumps are shown to all.
            (seen, PileKind::Ecart, game.discard().and(CardSet::TRUMPS))
        }
    }

    /// The cards `seat` cannot hold now, as derived from the play.
    pub fn excluded(&self, seat: Seat) -> CardSet {
        self.excluded[seat.index()]
    }

    /// The cards `seat` has played.
    pub fn played_by(&self, seat: Seat) -> CardSet {
        self.played_by[seat.index()]
    }

    /// The unseen cards a seat surely holds (a handful shown).
    pub fn known(&self, seat: Seat) -> CardSet {
        self.known[seat.index()]
    }

    /// The unseen cards placed at random into the other seats' current hands
    /// and the hidden pile, respecting every constraint (`None` when a few
    /// tries found no placement). Returns the current hands (index 6: the
    /// hidden pile).
    pub fn sample_hands<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<[CardSet; SEATS + 1]> {
        'attempt: for _ in 0..20 {
            let mut out = [CardSet::EMPTY; SEATS + 1];
            let mut need = self.need;
            let mut left: Vec<(Card, u8)> = self.unseen.clone();
            while !left.is_empty() {
                // Drop full locations from the choices.
                let mut open = 0u8;
                for (l, &k) in need.iter().enumerate() {
                    if k > 0 {
                        open |= 1 << l;
                    }
                }
                for e in left.iter_mut() {
                    e.1 &= open;
                }
                // A location whose candidates are exactly what it needs takes them all.
                let mut forced = None;
                for (l, &k) in need.iter().enumerate() {
                    if k == 0 {
                        continue;
                    }
                    let cands = left.iter().filter(|e| e.1 & (1 << l) != 0).count() as u32;
                    if cands < k {
                        continue 'attempt;
                    }
                    if cands == k {
                        forced = Some(l);
                        break;
                    }
                }
                if let Some(l) = forced {
                    left.retain(|&(c, a)| {
                        if a & (1 << l) != 0 {
                            out[l].insert(c);
                            need[l] -= 1;
                            false
                        } else {
                            true
                        }
                    });
                    continue;
                }
                // The most constrained card, to a location drawn by what it still needs.
                let fewest = left.iter().map(|e| e.1.count_ones()).min().unwrap_or(0);
                if fewest == 0 {
                    continue 'attempt;
                }
                let idx: Vec<usize> = (0..left.len()).filter(|&i| left[i].1.count_ones() == fewest).collect();
                let i = idx[rng.random_range(0..idx.len())];
                let (c, a) = left.swap_remove(i);
                let total: u32 = (0..=PILE).filter(|l| a & (1 << l) != 0).map(|l| need[l]).sum();
                let mut r = rng.random_range(0..total);
                let mut chosen = 0;
                for (l, &k) in need.iter().enumerate() {
                    if a & (1 << l) == 0 {
                        continue;
                    }
                    if r < k {
                        chosen = l;
                        break;
                    }
                    r -= k;
                }
                out[chosen].insert(c);
                need[chosen] -= 1;
            }
            if need.iter().all(|&k| k == 0) {
                return Some(out);
            }
        }
        None
    }

    /// A placement of the unseen cards consistent with what this seat knows.
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<SampledDeal> {
        let h = self.sample_hands(rng)?;
        Some(SampledDeal {
            hands: [h[0], h[1], h[2], h[3], h[4], h[5]],
            pile: h[PILE],
        })
    }

    /// The game rebuilt on a sampled deal from the public history of `game`
    /// (`None` when the history is impossible with those cards).
    pub fn rebuild(&self, game: &Game, deal: &SampledDeal) -> Option<Game> {
        self.rebuild_checked(game, deal, &mut |_, _, _| true).map(|(g, _)| g)
    }

    /// [`Knowledge::rebuild`], asking `check` about each action of the
    /// history before it is replayed (the state it is played in, the seat,
    /// the action): also tells whether `check` accepted them all.
    pub fn rebuild_checked(
        &self,
        game: &Game,
        deal: &SampledDeal,
        check: &mut dyn FnMut(&Game, Seat, Action) -> bool,
    ) -> Option<(Game, bool)> {
        let players = self.players;
        let me = self.seat.index();
        let mut dealt = [CardSet::EMPTY; SEATS];
        for (s, d) in dealt.iter_mut().enumerate().take(usize::from(players)) {
            *d = deal.hands[s].or(self.played_by[s]);
        }
        dealt[me] = game.dealt(self.seat);
        let mut dog = deal.pile;
        let mut ecart = CardSet::EMPTY;
        match self.pile {
            PileKind::Dog => {}
            PileKind::None => {
                // This seat took the dog and made the écart.
                dog = game.dog();
                ecart = game.discard();
            }
            PileKind::Ecart => {
                dog = game.dog();
                ecart = deal.pile.or(self.ecart_shown);
                let t = game.taker()?.index();
                dealt[t] = dealt[t].or(ecart).minus(dog);
            }
        }
        let mut g = Game::with_deal(players, game.dealer(), &dealt[..usize::from(players)], dog)?;
        let mut agreed = true;
        for (s, a) in game.actions() {
            let a = match a {
                Action::Discard(_) => Action::Discard(ecart),
                other => other,
            };
            agreed = agreed && check(&g, s, a);
            g.apply(s, a).ok()?;
        }
        Some((g, agreed))
    }
}
