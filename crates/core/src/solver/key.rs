//! What the rest of a deal's score depends on, besides the cards left: the
//! [`Summary`] of the tricks done, and the transposition key built from it.
//!
//! Why the key is exact. At the start of a trick the engine's score at the
//! end of the deal (`tarot::play` end.rs) depends on the past only through:
//! the card points and oudlers in the attack's won tricks (the excuse is
//! never in a won pile, the engine takes it out of its trick), whether each
//! camp has won a trick (the chelem, and the excuse winning the last trick
//! of a chelem), where the excuse went (its owner's camp and the camp that
//! won its trick: the half point given for it), and which camp won the
//! petit when it fell in the trick just done (petit au bout when the excuse
//! wins the last trick of a chelem). The rest is fixed for the whole deal
//! (taker, partners, contract, écart or dog, handfuls, chelem announced,
//! and the called cards, barred to the first lead): that is the deal's
//! salt. Two positions with hands alike up to the cards out of play (the
//! same holder, suit, rank among the cards still in play and worth for
//! each card: [`relative_hash`]), the same leader, the same summary and the
//! same salt have the same value: the key is a 64-bit hash of exactly that.
//!
//! The attack's points are left out of the key: the table keeps with each
//! bound the points it was found at. Why a bound found at points `p` holds
//! for the same position at other points: every end of the deal from that
//! position adds the same card points to `p` (the excuse's half point
//! included), and the FFT score never falls when the attack has more points
//! (the margin grows on either side of the target, the contract is won
//! past it and the handfuls then go to the attack; the taker's share is a
//! positive multiple of the score per defender), all else equal. So each
//! end's score is a nondecreasing function of `p`, and so is the value (a
//! max and min of such functions): a lower bound found at `p` holds at
//! every `p' ≥ p`, an upper bound at every `p' ≤ p`.

use crate::tarot::{Card, CardSet, Game, Seat};

/// The tricks done, as far as the end of the deal can tell them apart.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Summary {
    /// Half points of the attack's won tricks.
    pub points: u16,
    /// Oudlers in the attack's won tricks (the excuse never is).
    pub oudlers: u8,
    /// Bit 0: the attack won a trick; bit 1: the defence did.
    pub won: u8,
    /// 0: excuse not played (in a done trick); else 4 + 2·(owner attack) + (winner attack).
    pub excuse: u8,
    /// 0: the petit was not in the last trick done; 1: the attack won it; 2: the defence.
    pub petit_last: u8,
}

impl Summary {
    /// After trick `t` of `g` is done.
    pub fn after_trick(mut self, g: &Game, t: u8) -> Summary {
        let (leader, cards, winner) = g.trick_at(t);
        let attack = g.is_attack(winner);
        let pile: CardSet = cards.iter().copied().filter(|&c| c != Card::EXCUSE).collect();
        if attack {
            self.points += pile.points_half();
            self.oudlers += pile.and(CardSet::OUDLERS).len() as u8;
            self.won |= 1;
        } else {
            self.won |= 2;
        }
        if let Some(k) = cards.iter().position(|&c| c == Card::EXCUSE) {
            let owner = leader.after(k as u8, g.players());
            self.excuse = 4 + 2 * u8::from(g.is_attack(owner)) + u8::from(attack);
        }
        self.petit_last = match (pile.contains(Card::PETIT), attack) {
            (false, _) => 0,
            (true, true) => 1,
            (true, false) => 2,
        };
        self
    }

    /// The summary of every trick done in `g`.
    pub fn of(g: &Game) -> Summary {
        (0..g.tricks_done()).fold(Summary::default(), |s, t| s.after_trick(g, t))
    }

    fn packed(self) -> u64 {
        u64::from(self.points)
            | u64::from(self.oudlers) << 8
            | u64::from(self.won) << 10
            | u64::from(self.excuse) << 12
            | u64::from(self.petit_last) << 15
    }
}

/// SplitMix64: a good 64-bit mixer.
pub(super) const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The hash of the hands up to the cards out of play (DDS's relative
/// ranks): each card by its holder, its suit (or the trumps), its rank
/// among the cards of that suit still in the hands, and its worth (card
/// points; the petit and the monde told apart, the excuse alone). At the
/// start of a trick two deals whose hands agree in all that are played
/// alike: which card wins a trick, which cards a seat may play (follow,
/// trump, overtrump: only the order among the cards still in play counts),
/// the points and oudlers each trick takes, petit au bout.
pub(super) fn relative_hash(hands: &[CardSet; 6], players: u8) -> u64 {
    let hands = &hands[..usize::from(players)];
    let all = hands.iter().fold(0u128, |a, h| a | h.0);
    let mut h = 0u64;
    for (g, &(start, width)) in GROUPS.iter().enumerate() {
        let mask = (1u32 << width) - 1;
        let mut rest = (all >> start) as u32 & mask;
        if rest == 0 {
            continue;
        }
        // The rank of each card of the group among those still in play.
        let mut rank_of = [0u8; 21];
        let mut r = 0;
        while rest != 0 {
            rank_of[rest.trailing_zeros() as usize] = r;
            r += 1;
            rest &= rest - 1;
        }
        for (seat, hand) in hands.iter().enumerate() {
            let mut bits = (hand.0 >> start) as u32 & mask;
            while bits != 0 {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                let rank = usize::from(rank_of[i as usize]);
                let class = CLASS[start as usize + i as usize] as usize;
                h ^= RELATIVE[((seat * 6 + g) * 22 + rank) * 8 + class];
            }
        }
    }
    h
}

/// The four suits, the trumps and the excuse: (first card index, cards).
const GROUPS: [(u32, u32); 6] = [(0, 14), (14, 14), (28, 14), (42, 14), (56, 21), (77, 1)];

/// Each card's worth as the relative key tells it: 0 a half-point card,
/// 1 to 4 jack to king, 5 the petit, 6 the monde, 7 the excuse.
const CLASS: [u8; 78] = {
    let mut c = [0u8; 78];
    let mut i = 0;
    while i < 56 {
        c[i] = match i % 14 {
            10 => 1,
            11 => 2,
            12 => 3,
            13 => 4,
            _ => 0,
        };
        i += 1;
    }
    c[56] = 5;
    c[76] = 6;
    c[77] = 7;
    c
};

/// The hash terms by (seat, group, rank in the group, worth).
static RELATIVE: [u64; 6 * 6 * 22 * 8] = {
    let mut z = [0u64; 6 * 6 * 22 * 8];
    let mut i = 0;
    while i < z.len() {
        z[i] = mix(i as u64 + 0x5eed_0000);
        i += 1;
    }
    z
};

/// The key of a position at the start of a trick: the summary less the
/// attack's points (the table keeps with each bound the points it was
/// found at, `table.rs`).
pub(super) fn key(salt: u64, hands: u64, leader: Seat, summary: Summary) -> u64 {
    let rest = Summary { points: 0, ..summary };
    salt ^ hands ^ mix(rest.packed() ^ (u64::from(leader.0) << 20) ^ 0xa11ce)
}

/// What is fixed for the whole deal and counts in its score.
pub(super) fn salt(g: &Game, pending: &[CardSet; 6]) -> u64 {
    let mut h = mix(u64::from(g.players()));
    let taker = g.taker().map_or(0xff, |s| s.0);
    h = mix(h ^ u64::from(taker));
    for s in Seat::all(g.players()) {
        let shown = g.handful(s).or(pending[s.index()]);
        h = mix(h ^ u64::from(g.is_attack(s)) ^ (shown.0 as u64) ^ ((shown.0 >> 64) as u64).rotate_left(7));
    }
    let contract = g.contract().map_or(0xff, |c| c as u64);
    h = mix(h ^ contract ^ u64::from(g.chelem_announced()) << 8);
    // The called cards: the first lead may not be of their suits.
    let called = g.called_cards();
    h = mix(h ^ called.0 as u64 ^ ((called.0 >> 64) as u64).rotate_left(29));
    let fixed = g.discard().or(g.dog());
    mix(h ^ fixed.0 as u64 ^ ((fixed.0 >> 64) as u64).rotate_left(13))
}
