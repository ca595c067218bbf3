//! The prize lists: the published day reproduced, ties, rounding, members,
//! fixed prizes, the bonus; and the properties (the sum paid never exceeds
//! the pot, ties share equally, a better place never gets less).

use proptest::prelude::*;

use super::*;
use crate::tournament::ids::{PlayerId, TournamentId};

fn pid(n: usize) -> PlayerId {
    PlayerId::new(n as i32 + 1)
}

/// `n` entries of `size` members, places 1..n (no tie); members from
/// player 1 on; the bonus to those `bonus` says.
fn ranking(n: usize, size: usize, bonus: impl Fn(usize) -> bool) -> Vec<Entry> {
    (0..n)
        .map(|e| Entry {
            rank: e as u32 + 1,
            members: (0..size)
                .map(|m| Member {
                    player: pid(e * size + m),
                    bonus: bonus(e * size + m),
                })
                .collect(),
        })
        .collect()
}

fn rule(pot: Pot, share: u32, split: Split) -> Rule {
    Rule {
        pot,
        share,
        split,
        rounding: Rounding::Euro,
        fixed: Vec::new(),
        bonus: None,
    }
}

/// Everything paid from the pot.
fn from_pot(l: &PrizeList) -> Cents {
    l.awards
        .iter()
        .flat_map(|a| &a.members)
        .map(|p| p.prize + p.bonus)
        .sum()
}

/// The published day (issue 48): "a day of about 130 players took €900 in
/// entries for the duo and paid €810 to the 16 players of the top 8 pairs
/// (€300 to the winning pair), and redistributed 90 % of the grand prix
/// (€1,040) to the top 16, with bonuses for players who played both
/// events". The figures given are asserted as given; the rest is ours:
/// the duo's 45 pairs at €10 a player, and its split below the winners'
/// €300; the grand prix's 130 players at €8 (130 × 8 = 1,040) and its
/// split of 90 % (€936) among the top 16; the bonus of €1 for each of the
/// 90 players who played both, from what the grand prix's pot keeps.
#[test]
fn the_published_day() {
    // The duo: 45 pairs of players 1..=90, €10 each.
    let duo = Rule {
        split: Split::Amounts([300, 180, 110, 70, 50, 40, 30, 30].iter().map(|e| e * 100).collect()),
        ..rule(
            Pot::Entries {
                fee: 1000,
                paying: None,
            },
            9000,
            Split::Amounts(vec![]),
        )
    };
    let pairs = ranking(45, 2, |_| false);
    let l = compute(&duo, 90, &pairs).unwrap();
    assert_eq!(l.pot, 90_000, "€900 in entries");
    assert_eq!(l.fund, 81_000, "€810 redistributed");
    assert_eq!(l.to_places, 81_000, "€810 paid");
    let paid: Vec<&Paid> = l
        .awards
        .iter()
        .flat_map(|a| &a.members)
        .filter(|p| p.prize > 0)
        .collect();
    assert_eq!(paid.len(), 16, "to the 16 players of the top 8 pairs");
    assert_eq!(l.awards.len(), 8);
    assert_eq!(l.awards[0].prize, 30_000, "€300 to the winning pair");
    assert_eq!(
        l.awards[0].members.iter().map(|p| p.prize).collect::<Vec<_>>(),
        vec![15_000, 15_000],
        "€150 to each winner"
    );
    assert!(l.notes.is_empty(), "nothing left over: {:?}", l.notes);
    assert_eq!(l.kept, 9_000);

    // The grand prix: 130 players (the duo's 90 among them), €8 each,
    // 90 % to the top 16; €1 for each player who played both.
    let gp = Rule {
        split: Split::Amounts(
            [250, 150, 110, 80, 65, 55, 45, 35, 30, 25, 20, 20, 15, 15, 11, 10]
                .iter()
                .map(|e| e * 100)
                .collect(),
        ),
        bonus: Some(Bonus {
            with: vec![TournamentId::new(1)],
            pay: BonusPay::Amount(100),
        }),
        ..rule(Pot::Entries { fee: 800, paying: None }, 9000, Split::Amounts(vec![]))
    };
    let players = ranking(130, 1, |p| p % 13 < 9);
    let l = compute(&gp, 130, &players).unwrap();
    assert_eq!(l.pot, 104_000, "the grand prix's €1,040");
    assert_eq!(l.fund, 93_600, "90 % of it");
    assert_eq!(l.to_places, 93_600);
    assert_eq!(l.awards.iter().filter(|a| a.prize > 0).count(), 16, "to the top 16");
    assert_eq!(l.bonus, (90, 100), "€1 to each of the 90 who played both");
    assert_eq!(from_pot(&l), 93_600 + 9_000);
    assert_eq!(l.kept, 104_000 - 93_600 - 9_000);
}

/// The other reading of the grand prix's figure: €1,040 is what the top 16
/// received (90 % of a pot of €1,156, rounded down to the euro; the €0,40
/// rounding leaves is said). Split ours.
#[test]
fn the_grand_prix_read_as_1040_paid() {
    let r = rule(
        Pot::Fixed(115_600),
        9000,
        Split::Amounts(
            [250, 160, 120, 100, 80, 60, 50, 40, 30, 30, 25, 25, 20, 20, 15, 15]
                .iter()
                .map(|e| e * 100)
                .collect(),
        ),
    );
    let l = compute(&r, 0, &ranking(130, 1, |_| false)).unwrap();
    assert_eq!(l.fund, 104_000);
    assert_eq!(l.to_places, 104_000);
    assert_eq!(l.awards.len(), 16);
}

#[test]
fn ties_share_the_places_they_span() {
    // 100 € in percents 50 30 20; two tied for 2nd share 30 + 20.
    let r = rule(Pot::Fixed(10_000), 10_000, Split::Percents(vec![5000, 3000, 2000]));
    let mut entries = ranking(5, 1, |_| false);
    entries[2].rank = 2;
    let l = compute(&r, 0, &entries).unwrap();
    let prizes: Vec<(u32, Cents, u32)> = l.awards.iter().map(|a| (a.rank, a.prize, a.tied)).collect();
    assert_eq!(prizes, vec![(1, 5000, 1), (2, 2500, 2), (2, 2500, 2)]);
    // Three tied for 1st share 100 € in whole euros: 33 € each, 1 € said.
    let mut entries = ranking(3, 1, |_| false);
    entries.iter_mut().for_each(|e| e.rank = 1);
    let l = compute(&r, 0, &entries).unwrap();
    assert!(l.awards.iter().all(|a| a.prize == 3300));
    assert_eq!(l.notes, vec![Note::Ties(100)]);
    // A tie across the last place paid: 20 € shared by the 3rd and the 4th.
    let mut entries = ranking(5, 1, |_| false);
    entries[3].rank = 3;
    let l = compute(&r, 0, &entries).unwrap();
    assert_eq!(
        l.awards.iter().map(|a| a.prize).collect::<Vec<_>>(),
        vec![5000, 3000, 1000, 1000]
    );
}

#[test]
fn rounding_down_to_the_euro_or_the_cent() {
    let mut r = rule(
        Pot::Entries {
            fee: 750,
            paying: Some(13),
        },
        9000,
        Split::Percents(vec![6000, 4000]),
    );
    // 13 × 7,50 = 97,50 €; 90 % = 87,75 € → 87 €; 60 % = 52,20 → 52 €; 40 % = 34,80 → 34 €.
    let l = compute(&r, 99, &ranking(4, 1, |_| false)).unwrap();
    assert_eq!((l.pot, l.fund), (9750, 8700));
    assert_eq!(l.places, vec![5200, 3400]);
    assert_eq!(l.notes, vec![Note::Rounding(100)]);
    r.rounding = Rounding::Cent;
    let l = compute(&r, 99, &ranking(4, 1, |_| false)).unwrap();
    assert_eq!((l.fund, l.places.clone()), (8775, vec![5265, 3510]));
    assert!(l.notes.is_empty());
}

#[test]
fn the_registered_count_pays_when_none_is_given() {
    let r = rule(
        Pot::Entries {
            fee: 1000,
            paying: None,
        },
        5000,
        Split::Percents(vec![10_000]),
    );
    assert_eq!(
        compute(&r, 24, &ranking(24, 1, |_| false)).unwrap().awards[0].prize,
        12_000
    );
}

#[test]
fn amounts_over_the_fund_are_refused_with_their_sums() {
    let r = rule(Pot::Fixed(10_000), 9000, Split::Amounts(vec![6000, 4000]));
    let e = compute(&r, 0, &ranking(3, 1, |_| false)).unwrap_err();
    assert_eq!(e.key, "prize-rule-amounts-over");
    assert_eq!(e.args, vec![("sum", 10_000), ("fund", 9000)]);
}

#[test]
fn the_rule_is_checked() {
    let key = |r: &Rule| r.check().err().map(|e| e.key);
    let ok = rule(Pot::Fixed(10_000), 9000, Split::Percents(vec![5000, 3000]));
    assert_eq!(key(&ok), None);
    let rises = rule(Pot::Fixed(10_000), 9000, Split::Percents(vec![3000, 5000]));
    assert_eq!(key(&rises), Some("prize-rule-split-rises"));
    let over = rule(Pot::Fixed(10_000), 9000, Split::Percents(vec![6000, 5000]));
    assert_eq!(key(&over), Some("prize-rule-split-over"));
    let share = rule(Pot::Fixed(10_000), 10_001, Split::Percents(vec![]));
    assert_eq!(key(&share), Some("prize-rule-share"));
    let fixed = Rule {
        fixed: vec![Fixed {
            place: 0,
            given: Given::Item("Coupe".into()),
        }],
        ..ok.clone()
    };
    assert_eq!(key(&fixed), Some("prize-rule-fixed-bad"));
    let bonus = Rule {
        bonus: Some(Bonus {
            with: vec![TournamentId::new(3)],
            pay: BonusPay::Share(1500),
        }),
        ..ok.clone()
    };
    assert_eq!(key(&bonus), Some("prize-rule-bonus-share"));
    // Stored and read back.
    let full = Rule {
        fixed: vec![Fixed {
            place: 1,
            given: Given::Item("Coupe".into()),
        }],
        bonus: Some(Bonus {
            with: vec![TournamentId::new(3)],
            pay: BonusPay::Amount(500),
        }),
        ..ok
    };
    assert_eq!(Rule::from_json(&full.to_json()), Ok(full));
    assert!(
        Rule::from_json(r#"{"pot": {"fixed": 100}, "share": 9000, "split": {"percents": []}, "typo": 1}"#).is_err()
    );
}

#[test]
fn fixed_prizes_and_members() {
    // A pair's 25 € in whole euros: 12 € each, 1 € said; a trophy and a
    // sponsor's 20 € for the 1st, shared by the pair.
    let r = Rule {
        fixed: vec![
            Fixed {
                place: 1,
                given: Given::Item("Coupe".into()),
            },
            Fixed {
                place: 1,
                given: Given::Amount(2000),
            },
        ],
        ..rule(Pot::Fixed(2500), 10_000, Split::Percents(vec![10_000]))
    };
    let l = compute(&r, 0, &ranking(3, 2, |_| false)).unwrap();
    assert_eq!(l.awards.len(), 1);
    let a = &l.awards[0];
    assert_eq!(a.items, vec!["Coupe".to_string()]);
    assert_eq!(
        a.members.iter().map(|p| (p.prize, p.fixed)).collect::<Vec<_>>(),
        vec![(1200, 1000); 2]
    );
    assert_eq!(l.notes, vec![Note::Members(100)]);
    assert_eq!(l.fixed, 2000);
}

#[test]
fn the_bonus_is_capped_by_what_the_pot_keeps() {
    // 100 € pot, 90 € to the 1st; 10 € kept; 4 players asked 5 € each: 2 € each.
    let r = Rule {
        bonus: Some(Bonus {
            with: vec![TournamentId::new(2)],
            pay: BonusPay::Amount(500),
        }),
        ..rule(Pot::Fixed(10_000), 9000, Split::Percents(vec![10_000]))
    };
    let l = compute(&r, 0, &ranking(6, 1, |p| p >= 2)).unwrap();
    assert_eq!(l.bonus, (4, 200));
    assert_eq!(l.notes, vec![Note::BonusCapped { asked: 500, given: 200 }]);
    assert_eq!(l.awards.len(), 5, "the 1st, and the four with the bonus");
    assert_eq!(from_pot(&l), 9800);
    // A share: 5 % of the pot among the 4, 1,25 € each in cents.
    let share = Rule {
        rounding: Rounding::Cent,
        bonus: Some(Bonus {
            with: vec![TournamentId::new(2)],
            pay: BonusPay::Share(500),
        }),
        ..r
    };
    assert_eq!(compute(&share, 0, &ranking(6, 1, |p| p >= 2)).unwrap().bonus, (4, 125));
}

#[test]
fn fewer_entries_than_places_leave_the_rest_unpaid() {
    let r = rule(Pot::Fixed(10_000), 10_000, Split::Percents(vec![5000, 3000, 2000]));
    let l = compute(&r, 0, &ranking(2, 1, |_| false)).unwrap();
    assert_eq!(l.to_places, 8000);
    assert_eq!(l.notes, vec![Note::Unclaimed(1, 2000)]);
}

/// A rule in percents (non-rising), a ranking with ties, a bonus.
fn arb_case() -> impl Strategy<Value = (Rule, Vec<Entry>)> {
    (
        prop::collection::vec(0u32..3000, 0..20),
        0u32..=10_000,
        0i64..5_000_000,
        prop::bool::ANY,
        prop::collection::vec((0u32..3, 1usize..3, prop::bool::ANY), 0..40),
        0i64..3000,
    )
        .prop_map(|(mut steps, share, pot, cent, shape, bonus)| {
            steps.sort_unstable_by(|a, b| b.cmp(a));
            while steps.iter().sum::<u32>() > 10_000 {
                steps.pop();
            }
            let r = Rule {
                rounding: if cent { Rounding::Cent } else { Rounding::Euro },
                bonus: Some(Bonus {
                    with: vec![TournamentId::new(9)],
                    pay: BonusPay::Amount(bonus),
                }),
                ..rule(Pot::Fixed(pot), share, Split::Percents(steps))
            };
            let (mut entries, mut rank, mut next) = (Vec::new(), 1u32, 0usize);
            for (k, (step, size, b)) in shape.iter().enumerate() {
                if k > 0 && *step > 0 {
                    rank = k as u32 + 1;
                }
                entries.push(Entry {
                    rank,
                    members: (0..*size)
                        .map(|m| Member {
                            player: pid(next + m),
                            bonus: *b,
                        })
                        .collect(),
                });
                next += size;
            }
            (r, entries)
        })
}

proptest! {
    #[test]
    fn never_more_than_the_pot_ties_equal_better_never_less((r, entries) in arb_case()) {
        let l = compute(&r, 0, &entries).unwrap();
        prop_assert!(from_pot(&l) <= l.pot);
        prop_assert!(l.to_places <= l.fund);
        prop_assert_eq!(l.kept, l.pot - from_pot(&l));
        let prize_of = |i: usize| l.awards.iter().find(|a| a.entry == i).map(|a| a.prize).unwrap_or(0);
        for (i, e) in entries.iter().enumerate() {
            for (j, o) in entries.iter().enumerate() {
                if e.rank == o.rank {
                    prop_assert_eq!(prize_of(i), prize_of(j), "tied entries share equally");
                }
                if e.rank < o.rank {
                    prop_assert!(prize_of(i) >= prize_of(j), "a better place never gets less");
                }
            }
        }
    }
}
