//! Duplicate tarot (`../shared/spec/FORMATS.md`, "Duplicate tournaments"):
//! every table of a round plays the same prepared deals, and each seat's
//! score on a deal is compared with the scores of everyone who held the same
//! cards in the same seat — by matchpoints (2 per result beaten, 1 per tie,
//! as a percentage of the maximum) or by datum (the score minus the mean of
//! the others'). Pure: the deals come from the tournament's seed, the
//! comparison from the scores given.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::tarot::play::Game;
use crate::tarot::{CardSet, Seat};

use super::ids::{PlayerId, RoundNo};

/// Players at a table of a duplicate round (tables of 4 only).
pub const SEATS: usize = 4;

/// How a tournament's deals are played: "donnes libres" (each table deals
/// its own) or duplicate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Each table deals its own cards; scores add up.
    #[default]
    Libres,
    /// The same deals at every table, scores compared.
    Duplicate,
}

impl Format {
    /// Whether it is the default (left out of export documents).
    pub fn is_libres(&self) -> bool {
        *self == Format::Libres
    }

    /// The name in the API and in storage.
    pub fn name(self) -> &'static str {
        match self {
            Format::Libres => "libres",
            Format::Duplicate => "duplicate",
        }
    }

    /// The format named `s`.
    pub fn from_name(s: &str) -> Option<Format> {
        [Format::Libres, Format::Duplicate].into_iter().find(|f| f.name() == s)
    }
}

/// How the results of a deal are compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Comparison {
    /// 2 per result beaten, 1 per tie; ranked by average percentage.
    #[default]
    Matchpoints,
    /// The score minus the mean of the others; ranked by total.
    Datum,
}

impl Comparison {
    /// Whether it is the default (left out of export documents).
    pub fn is_matchpoints(&self) -> bool {
        *self == Comparison::Matchpoints
    }

    /// The name in the API and in storage.
    pub fn name(self) -> &'static str {
        match self {
            Comparison::Matchpoints => "matchpoints",
            Comparison::Datum => "datum",
        }
    }

    /// The comparison named `s`.
    pub fn from_name(s: &str) -> Option<Comparison> {
        [Comparison::Matchpoints, Comparison::Datum]
            .into_iter()
            .find(|c| c.name() == s)
    }
}

/// A deal's number in the tournament, from 1: round `r` plays deals
/// `(r-1)·B + 1 ..= r·B` at every table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DealNo(pub u32);

impl fmt::Display for DealNo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// The deals round `round` plays, `per_round` of them, in order (a table's
/// deal `k` is the `k`-th).
pub fn deals_of_round(round: RoundNo, per_round: u32) -> Vec<DealNo> {
    let first = u32::try_from(round.get().max(1) - 1).unwrap_or(0) * per_round + 1;
    (first..first + per_round).map(DealNo).collect()
}

/// The deal a table plays as its deal `k` (from 1) in round `round`.
pub fn deal_at(round: RoundNo, per_round: u32, k: u32) -> DealNo {
    DealNo(u32::try_from(round.get().max(1) - 1).unwrap_or(0) * per_round + k)
}

/// The round that plays deal `deal`.
pub fn round_of(deal: DealNo, per_round: u32) -> RoundNo {
    RoundNo::new(i32::try_from((deal.0.max(1) - 1) / per_round.max(1) + 1).unwrap_or(i32::MAX))
}

/// The dealer of a deal, the same at every table: the seats deal in turn
/// through the tournament.
pub fn dealer_of(deal: DealNo) -> Seat {
    Seat(((deal.0.max(1) - 1) % SEATS as u32) as u8)
}

/// The seed of a deal's cards, from the tournament's secret: the deal's
/// own stream of a ChaCha generator keyed by it. A deal's seed is published
/// once the deal is over (its log); a cipher's output does not lead back to
/// its key, so it tells nothing of the deals still to play.
pub fn deal_seed(secret: i64, deal: DealNo) -> u64 {
    use rand::{RngCore, SeedableRng};
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(secret as u64);
    rng.set_stream(u64::from(deal.0));
    rng.next_u64()
}

/// A deal prepared once for every table: the four hands by seat, the dog,
/// the dealer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prepared {
    /// The deal's number.
    pub deal: DealNo,
    /// Who deals.
    pub dealer: Seat,
    /// The hands, by seat.
    pub hands: [CardSet; SEATS],
    /// The dog.
    pub dog: CardSet,
    /// The seed of the game that deals exactly these cards.
    pub seed: u64,
}

/// Deal `deal` of the tournament whose deal secret is `secret`
/// (dealt as the engine deals, so never a petit sec).
pub fn prepare(secret: i64, deal: DealNo) -> Prepared {
    let dealer = dealer_of(deal);
    let seed = deal_seed(secret, deal);
    let game = Game::new(SEATS as u8, dealer, seed);
    Prepared {
        deal,
        dealer,
        hands: std::array::from_fn(|i| game.dealt(Seat(i as u8))),
        dog: game.dog(),
        seed,
    }
}

/// A figure kept to the hundredth, as the API writes it (`75.0`, `-12.33`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Hundredths(pub i64);

impl Hundredths {
    /// `num / den` rounded to the nearest hundredth (halves away from zero).
    pub fn of(num: i64, den: i64) -> Hundredths {
        debug_assert!(den > 0);
        let scaled = i128::from(num) * 100;
        let den = i128::from(den);
        let q = (scaled.abs() * 2 + den) / (den * 2);
        Hundredths(i64::try_from(if scaled < 0 { -q } else { q }).unwrap_or(i64::MAX))
    }

    /// As a number for JSON.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 100.0
    }
}

impl fmt::Display for Hundredths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let (units, cents) = (self.0.abs() / 100, self.0.abs() % 100);
        if cents == 0 {
            write!(f, "{sign}{units}")
        } else if cents % 10 == 0 {
            write!(f, "{sign}{units},{}", cents / 10)
        } else {
            write!(f, "{sign}{units},{cents:02}")
        }
    }
}

/// One result at one seat of a deal, compared with the others at that seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Compared {
    /// The score at the table.
    pub score: i64,
    /// How many other tables' results it was compared with.
    pub others: u32,
    /// Matchpoints: 2 per other result beaten, 1 per tie.
    pub matchpoints: u32,
    /// Datum, exactly: `(n·score − Σ scores) / (n − 1)` as numerator and
    /// denominator (`0 / 1` when the deal was played once).
    pub datum: (i64, i64),
}

impl Compared {
    /// The most matchpoints there were: `2 (n − 1)`.
    pub fn max(&self) -> u32 {
        2 * self.others
    }

    /// The matchpoints as a percentage of the maximum; 50 when the deal was
    /// played once.
    pub fn percent(&self) -> Hundredths {
        if self.others == 0 {
            return Hundredths(5000);
        }
        Hundredths::of(i64::from(self.matchpoints) * 100, i64::from(self.max()))
    }

    /// The datum, to the hundredth.
    pub fn datum(&self) -> Hundredths {
        Hundredths::of(self.datum.0, self.datum.1)
    }

    /// The comparison's figure as the standings add it up.
    pub fn figure(&self, comparison: Comparison) -> Hundredths {
        match comparison {
            Comparison::Matchpoints => self.percent(),
            Comparison::Datum => self.datum(),
        }
    }
}

/// Compares the scores of one seat of a deal across the tables that entered
/// it (in any order): each result against all the others.
pub fn compare(scores: &[i64]) -> Vec<Compared> {
    let n = scores.len() as i64;
    let sum: i64 = scores.iter().sum();
    scores
        .iter()
        .map(|&score| {
            let matchpoints = scores
                .iter()
                .map(|&other| match score.cmp(&other) {
                    Ordering::Greater => 2,
                    Ordering::Equal => 1,
                    Ordering::Less => 0,
                })
                .sum::<u32>()
                - 1; // its own tie with itself
            let datum = if n > 1 { (n * score - sum, n - 1) } else { (0, 1) };
            Compared {
                score,
                others: (n - 1).max(0) as u32,
                matchpoints,
                datum,
            }
        })
        .collect()
}

/// The results of one deal: each table's seats' scores, compared seat by
/// seat across the tables (the result of table `i`, seat `s` is
/// `out[i][s]`).
pub fn compare_deal(tables: &[[i64; SEATS]]) -> Vec<[Compared; SEATS]> {
    let by_seat: Vec<Vec<Compared>> = (0..SEATS)
        .map(|s| compare(&tables.iter().map(|t| t[s]).collect::<Vec<_>>()))
        .collect();
    (0..tables.len())
        .map(|i| std::array::from_fn(|s| by_seat[s][i]))
        .collect()
}

/// One player's place in the duplicate standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The player.
    pub player: PlayerId,
    /// Place, shared by ties (1, 2, 2, 4).
    pub rank: u32,
    /// Deals played (compared).
    pub deals: u32,
    /// The average percentage (matchpoints) over those deals.
    pub percent: Hundredths,
    /// The total datum (datum), or the sum of the percentages (matchpoints).
    pub total: Hundredths,
}

/// The duplicate standings of the players given (bots are left out by the
/// caller: their results count in the comparison, they are not ranked):
/// `results` holds each player's compared results, one per deal played.
/// Ranked by average percentage (matchpoints) or total datum, ties sharing
/// the place; a player with no deal yet is last, at 0.
pub fn standings(comparison: Comparison, results: &BTreeMap<PlayerId, Vec<Compared>>) -> Vec<Line> {
    let mut lines: Vec<Line> = results
        .iter()
        .map(|(&player, deals)| {
            let n = deals.len() as u32;
            let (percent, total) = match comparison {
                Comparison::Matchpoints => {
                    // The exact mean of the fractions mp / max (50 % for a
                    // deal played once), rounded once.
                    let sum: i64 = deals.iter().map(|c| c.percent().0).sum();
                    let mean = if n == 0 {
                        Hundredths(0)
                    } else {
                        Hundredths::of(sum, 100 * i64::from(n))
                    };
                    (mean, Hundredths(sum))
                }
                Comparison::Datum => {
                    let total = deals.iter().map(|c| c.datum().0).sum();
                    (Hundredths(0), Hundredths(total))
                }
            };
            Line {
                player,
                rank: 0,
                deals: n,
                percent,
                total,
            }
        })
        .collect();
    let key = |l: &Line| match comparison {
        Comparison::Matchpoints => (l.deals > 0, l.percent),
        Comparison::Datum => (l.deals > 0, l.total),
    };
    lines.sort_by(|a, b| key(b).cmp(&key(a)).then(a.player.cmp(&b.player)));
    for i in 0..lines.len() {
        lines[i].rank = if i > 0 && key(&lines[i]) == key(&lines[i - 1]) {
            lines[i - 1].rank
        } else {
            i as u32 + 1
        };
    }
    lines
}

/// Which players sit a round out, when they are not a multiple of 4 and no
/// bot fills the empty seats: the `present.len() % 4` who have sat out the
/// fewest rounds so far (`sat_out`), the earliest in `present`'s order among
/// equals, so that nobody sits out twice before everyone has once.
pub fn sitting_out(present: &[PlayerId], sat_out: &BTreeMap<PlayerId, u32>) -> Vec<PlayerId> {
    let n = present.len() % SEATS;
    let mut order: Vec<(u32, usize, PlayerId)> = present
        .iter()
        .enumerate()
        .map(|(i, p)| (sat_out.get(p).copied().unwrap_or(0), i, *p))
        .collect();
    order.sort();
    order.into_iter().take(n).map(|(.., p)| p).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn rounds_play_consecutive_deals() {
        assert_eq!(deals_of_round(RoundNo::new(1), 4), [1, 2, 3, 4].map(DealNo));
        assert_eq!(deals_of_round(RoundNo::new(3), 4), [9, 10, 11, 12].map(DealNo));
        assert_eq!(deal_at(RoundNo::new(2), 4, 3), DealNo(7));
        assert_eq!(round_of(DealNo(7), 4), RoundNo::new(2));
        assert_eq!(round_of(DealNo(8), 4), RoundNo::new(2));
        assert_eq!(round_of(DealNo(9), 4), RoundNo::new(3));
        assert_eq!(
            (1..=5).map(|d| dealer_of(DealNo(d)).0).collect::<Vec<_>>(),
            [0, 1, 2, 3, 0]
        );
    }

    #[test]
    fn a_prepared_deal_is_the_same_every_time_and_differs_from_the_next() {
        let a = prepare(42, DealNo(7));
        assert_eq!(a, prepare(42, DealNo(7)));
        assert_ne!(a.hands, prepare(42, DealNo(8)).hands);
        assert_ne!(a.hands, prepare(43, DealNo(7)).hands);
        assert_eq!(a.dealer, Seat(2));
        // 78 cards: 18 a hand, 6 in the dog, none twice.
        let mut all = a.dog;
        for h in a.hands {
            assert_eq!(h.len(), 18);
            assert!(all.and(h).is_empty());
            all = all.or(h);
        }
        assert_eq!((a.dog.len(), all.len()), (6, 78));
        // The game the seed deals holds exactly these hands.
        let game = Game::new(4, a.dealer, a.seed);
        assert!((0..4).all(|s| game.dealt(Seat(s)) == a.hands[usize::from(s)]));
    }

    #[test]
    fn the_example_of_the_spec() {
        // Seven tables: 120 beats 4, ties 1, loses to 1 → 9 / 12 = 75 %.
        let scores = [120, 40, 120, 200, -80, 60, 0];
        let c = compare(&scores)[0];
        assert_eq!((c.matchpoints, c.max(), c.percent()), (9, 12, Hundredths(7500)));
        // Datum: 120 − (40 + 120 + 200 − 80 + 60 + 0) / 6 = 120 − 56.67.
        assert_eq!(c.datum(), Hundredths(6333));
        assert_eq!(c.datum().to_string(), "63,33");
        // Played once: 50 %, datum 0.
        let once = compare(&[75])[0];
        assert_eq!((once.percent(), once.datum()), (Hundredths(5000), Hundredths(0)));
    }

    #[test]
    fn standings_rank_by_average_percent_ties_sharing() {
        let c = |mp, others| Compared {
            score: 0,
            others,
            matchpoints: mp,
            datum: (0, 1),
        };
        let results = BTreeMap::from([
            (PlayerId::new(1), vec![c(4, 2), c(0, 2)]), // 100, 0 → 50
            (PlayerId::new(2), vec![c(3, 2)]),          // 75
            (PlayerId::new(3), vec![c(2, 2), c(2, 2)]), // 50, 50 → 50
            (PlayerId::new(4), vec![]),
        ]);
        let lines = standings(Comparison::Matchpoints, &results);
        let got: Vec<(i32, u32, i64)> = lines.iter().map(|l| (l.player.get(), l.rank, l.percent.0)).collect();
        assert_eq!(got, [(2, 1, 7500), (1, 2, 5000), (3, 2, 5000), (4, 4, 0)]);
    }

    #[test]
    fn who_sits_out_turns_round() {
        let present: Vec<PlayerId> = (1..=10).map(PlayerId::new).collect();
        let mut sat = BTreeMap::new();
        let mut seen = Vec::new();
        for _ in 0..5 {
            let out = sitting_out(&present, &sat);
            assert_eq!(out.len(), 2);
            for p in &out {
                *sat.entry(*p).or_insert(0) += 1;
            }
            seen.extend(out);
        }
        // Ten sit-outs over five rounds: everyone once, nobody twice.
        seen.sort();
        assert_eq!(seen, present);
    }

    proptest! {
        #[test]
        fn matchpoints_add_up_and_percentages_stay_in_range(scores in proptest::collection::vec(-400i64..400, 1..12)) {
            let n = scores.len() as u32;
            let compared = compare(&scores);
            let total: u32 = compared.iter().map(|c| c.matchpoints).sum();
            prop_assert_eq!(total, n * (n - 1));
            for c in &compared {
                prop_assert!((0..=10_000).contains(&c.percent().0));
            }
            // Datum sums to zero, exactly.
            let datum: i64 = compared.iter().map(|c| c.datum.0).sum();
            prop_assert_eq!(datum, 0);
        }

        #[test]
        fn results_do_not_depend_on_the_order_of_tables(
            tables in proptest::collection::vec(proptest::array::uniform4(-300i64..300), 1..9),
            rotate in 0usize..9,
        ) {
            let before = compare_deal(&tables);
            let mut moved = tables.clone();
            let r = rotate % tables.len();
            moved.rotate_left(r);
            moved.reverse();
            let after = compare_deal(&moved);
            let mut back: Vec<_> = after.into_iter().rev().collect();
            back.rotate_right(r);
            prop_assert_eq!(before, back);
        }
    }
}
