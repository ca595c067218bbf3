//! Integration tests of the seating engine.

use std::collections::{BTreeSet, HashMap};

use chelem::tournament::seating::{
    plan, seat_document, seat_round, table_sizes, PlanOptions, PlayerId, Round, RoundRequest, SeatingError,
    SeatingReport,
};
use proptest::prelude::*;

#[test]
fn table_sizes_for_every_n_from_3_to_60() {
    for n in 3..=60 {
        let sizes = table_sizes(n, 0).unwrap();
        assert_eq!(sizes.iter().sum::<usize>(), n, "n = {n}");
        let needs_threes = matches!(n, 3 | 6 | 7 | 11);
        if needs_threes {
            assert!(sizes.iter().all(|&s| s == 3 || s == 4), "n = {n}: {sizes:?}");
            let threes = sizes.iter().filter(|&&s| s == 3).count();
            assert_eq!(threes, if n == 6 { 2 } else { 1 }, "n = {n}");
        } else {
            assert!(sizes.iter().all(|&s| s == 4 || s == 5), "n = {n}: {sizes:?}");
            // fewest tables of 5
            assert_eq!(sizes.iter().filter(|&&s| s == 5).count(), n % 4, "n = {n}");
        }
        // larger tables first
        assert!(sizes.windows(2).all(|w| w[0] >= w[1]), "n = {n}: {sizes:?}");
        for extra in 0..6 {
            let more = table_sizes(n, extra).unwrap();
            assert_eq!(more.iter().sum::<usize>(), n);
            assert!(more.iter().filter(|&&s| s == 5).count() >= sizes.iter().filter(|&&s| s == 5).count());
        }
    }
    assert_eq!(table_sizes(2, 0), Err(SeatingError::TooFewPlayers(2)));
    assert_eq!(table_sizes(0, 0), Err(SeatingError::TooFewPlayers(0)));
    assert_eq!(table_sizes(20, 4).unwrap(), vec![5, 5, 5, 5]);
}

fn check_round(round: &Round, players: &[PlayerId], extra_fives: usize) {
    let seated: Vec<PlayerId> = round.iter().flatten().copied().collect();
    let set: BTreeSet<PlayerId> = seated.iter().copied().collect();
    assert_eq!(set.len(), seated.len(), "someone seated twice: {round:?}");
    assert_eq!(set, players.iter().copied().collect::<BTreeSet<_>>(), "seated ≠ active");
    let sizes: Vec<usize> = round.iter().map(Vec::len).collect();
    assert_eq!(sizes, table_sizes(players.len(), extra_fives).unwrap());
}

fn ids(v: &[i32]) -> Vec<PlayerId> {
    v.iter().copied().map(PlayerId::new).collect()
}

fn table_of(round: &Round, p: PlayerId) -> usize {
    round.iter().position(|t| t.contains(&p)).unwrap()
}

#[test]
fn planned_without_repeats() {
    for &(n, rounds) in &[(16, 5), (20, 5), (22, 5)] {
        let players: Vec<PlayerId> = (1..=n).map(PlayerId::new).collect();
        let schedule = plan(&players, rounds, &PlanOptions::default(), 7).unwrap();
        assert_eq!(schedule.len(), rounds);
        for round in &schedule {
            check_round(round, &players, 0);
        }
        let report = SeatingReport::from_rounds(&schedule);
        assert_eq!(report.repeats, 0, "{n}x{rounds}: {report:?}");
        assert_eq!(report.max_met, 1);
    }
}

/// 32 players over 10 rounds at 8 tables of 4: the social golfer problem
/// 8-4-10, no two players meet twice (the most rounds possible: everyone meets
/// 30 of the 31 others), for every prefix of the tournament and every seed.
#[test]
fn thirty_two_players_ten_rounds_without_repeats() {
    let players: Vec<PlayerId> = (101..133).map(PlayerId::new).collect();
    for seed in [1, 2] {
        let schedule = plan(&players, 10, &PlanOptions::default(), seed).unwrap();
        assert_eq!(schedule.len(), 10);
        for round in &schedule {
            check_round(round, &players, 0);
        }
        let report = SeatingReport::from_rounds(&schedule);
        assert_eq!(report.repeats, 0, "seed {seed}: {report:?}");
        assert_eq!(report.max_met, 1);
    }
    for rounds in [1, 4, 9] {
        let schedule = plan(&players, rounds, &PlanOptions::default(), 3).unwrap();
        assert_eq!(schedule.len(), rounds);
        assert_eq!(SeatingReport::from_rounds(&schedule).repeats, 0, "32x{rounds}");
    }
}

#[test]
fn plan_is_deterministic_and_respects_constraints() {
    let players: Vec<PlayerId> = (10..30).map(PlayerId::new).collect();
    let opts = PlanOptions {
        avoid_pairs: vec![
            (PlayerId::new(10), PlayerId::new(11)),
            (PlayerId::new(12), PlayerId::new(13)),
        ],
        fixed_table: vec![(PlayerId::new(15), 2)],
        ..PlanOptions::default()
    };
    let a = plan(&players, 5, &opts, 3).unwrap();
    let b = plan(&players, 5, &opts, 3).unwrap();
    assert_eq!(a, b);
    for round in &a {
        check_round(round, &players, 0);
        assert_eq!(table_of(round, PlayerId::new(15)), 1);
        assert_ne!(table_of(round, PlayerId::new(10)), table_of(round, PlayerId::new(11)));
        assert_ne!(table_of(round, PlayerId::new(12)), table_of(round, PlayerId::new(13)));
    }
    assert_eq!(SeatingReport::from_rounds(&a).repeats, 0);
}

#[test]
fn swiss_groups_leaders_together() {
    let players: Vec<PlayerId> = (1..=16).map(PlayerId::new).collect();
    // totals: player p has 100 - p, so 1..4 lead, then 5..8, ...
    let swiss: Vec<(PlayerId, i64)> = players.iter().map(|&p| (p, 100 - i64::from(p.get()))).collect();
    let req = RoundRequest {
        players: players.clone(),
        swiss: Some(swiss),
        ..RoundRequest::default()
    };
    let round = seat_round(&req, 1).unwrap();
    check_round(&round, &players, 0);
    for (t, table) in round.iter().enumerate() {
        let set: BTreeSet<PlayerId> = table.iter().copied().collect();
        let want: BTreeSet<PlayerId> = (4 * t as i32 + 1..=4 * t as i32 + 4).map(PlayerId::new).collect();
        assert_eq!(set, want, "table {t}: {round:?}");
    }
    // with a history where the leaders already met, repeats come first
    let history = vec![vec![
        ids(&[1, 2, 3, 4]),
        ids(&[5, 6, 7, 8]),
        ids(&[9, 10, 11, 12]),
        ids(&[13, 14, 15, 16]),
    ]];
    let req = RoundRequest { history, ..req };
    let round = seat_round(&req, 1).unwrap();
    let report = SeatingReport::from_rounds(&[req.history[0].clone(), round.clone()]);
    assert_eq!(report.repeats, 0);
    // the leaders are still on the upper tables: best mean standing at table 1
    let mean = |t: &Vec<PlayerId>| t.iter().map(|&p| f64::from(p.get())).sum::<f64>() / t.len() as f64;
    assert!(mean(&round[0]) < mean(&round[3]), "{round:?}");
}

#[test]
fn seat_positions_rotate() {
    let players: Vec<PlayerId> = (1..=16).map(PlayerId::new).collect();
    let schedule = plan(&players, 4, &PlanOptions::default(), 5).unwrap();
    let mut dealers: HashMap<PlayerId, u32> = HashMap::new();
    for (r, round) in schedule.iter().enumerate() {
        for table in round {
            *dealers.entry(table[0]).or_default() += 1;
        }
        if r == 1 {
            // 8 first-dealer seats over 2 rounds: nobody twice
            assert!(dealers.values().all(|&c| c == 1), "{dealers:?}");
        }
    }
    // 16 first-dealer seats over 4 rounds: spread
    assert!(dealers.len() >= 12 && dealers.values().all(|&c| c <= 2), "{dealers:?}");
}

#[test]
fn errors() {
    let req = RoundRequest {
        players: ids(&[1, 2]),
        ..RoundRequest::default()
    };
    assert_eq!(seat_round(&req, 0), Err(SeatingError::TooFewPlayers(2)));
    let req = RoundRequest {
        players: ids(&[1, 2, 3, 3]),
        ..RoundRequest::default()
    };
    assert_eq!(
        seat_round(&req, 0),
        Err(SeatingError::DuplicatePlayer(PlayerId::new(3)))
    );
    let req = RoundRequest {
        players: (1..=8).map(PlayerId::new).collect(),
        fixed_table: vec![(PlayerId::new(1), 3)],
        ..RoundRequest::default()
    };
    assert!(matches!(
        seat_round(&req, 0),
        Err(SeatingError::FixedTableOutOfRange { .. })
    ));
    let req = RoundRequest {
        players: (1..=8).map(PlayerId::new).collect(),
        fixed_table: [1, 2, 3, 4, 5].map(|p| (PlayerId::new(p), 1)).to_vec(),
        ..RoundRequest::default()
    };
    assert!(matches!(
        seat_round(&req, 0),
        Err(SeatingError::FixedTableOverfull { .. })
    ));
    let req = RoundRequest {
        players: (1..=8).map(PlayerId::new).collect(),
        fixed_table: vec![(PlayerId::new(9), 1)],
        ..RoundRequest::default()
    };
    assert_eq!(
        seat_round(&req, 0),
        Err(SeatingError::FixedPlayerNotPlaying(PlayerId::new(9)))
    );
}

#[test]
fn seat_document_matches_formats_md() {
    let doc = seat_document(22, 3, 9).unwrap();
    assert_eq!(doc["players"], 22);
    let rounds = doc["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 3);
    for round in rounds {
        let tables = round["tables"].as_array().unwrap();
        let mut seen: Vec<u64> = tables
            .iter()
            .flat_map(|t| t.as_array().unwrap().iter().map(|p| p.as_u64().unwrap()))
            .collect();
        seen.sort();
        assert_eq!(seen, (1..=22).collect::<Vec<u64>>());
        let sizes: Vec<usize> = tables.iter().map(|t| t.as_array().unwrap().len()).collect();
        assert_eq!(sizes, vec![5, 5, 4, 4, 4]);
    }
    assert_eq!(doc, seat_document(22, 3, 9).unwrap());
    assert_eq!(doc["report"]["repeats"], 0);
    assert!(seat_document(2, 1, 0).is_err());
}

/// A scenario: a pool of players, who is active in each round, constraints.
#[derive(Debug, Clone)]
struct Scenario {
    pool: u32,
    active: Vec<Vec<bool>>,
    avoid: Vec<(u32, u32)>,
    fixed: Vec<(u32, usize)>,
    extra_fives: usize,
    swiss: bool,
    seed: u64,
}

fn scenario() -> impl Strategy<Value = Scenario> {
    (8u32..40, 1usize..5).prop_flat_map(|(pool, rounds)| {
        (
            Just(pool),
            prop::collection::vec(prop::collection::vec(prop::bool::weighted(0.85), pool as usize), rounds),
            prop::collection::vec((0..pool, 0..pool), 0..4),
            prop::collection::vec((0..pool, 1usize..3), 0..3),
            0usize..3,
            any::<bool>(),
            any::<u64>(),
        )
            .prop_map(|(pool, active, avoid, fixed, extra_fives, swiss, seed)| Scenario {
                pool,
                active,
                avoid,
                fixed,
                extra_fives,
                swiss,
                seed,
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn rounds_with_arrivals_and_withdrawals(sc in scenario()) {
        let mut history: Vec<Round> = Vec::new();
        for (r, active) in sc.active.iter().enumerate() {
            let players: Vec<PlayerId> = (0..sc.pool).filter(|&p| active[p as usize]).map(|p| PlayerId::new(p as i32 + 100)).collect();
            if players.len() < 3 {
                continue;
            }
            let avoid: Vec<(PlayerId, PlayerId)> = sc.avoid.iter().map(|&(a, b)| (PlayerId::new(a as i32 + 100), PlayerId::new(b as i32 + 100))).filter(|(a, b)| a != b).collect();
            // fixed tables: distinct players at distinct tables, active only
            let mut fixed: Vec<(PlayerId, usize)> = Vec::new();
            for &(p, t) in &sc.fixed {
                let p = PlayerId::new(p as i32 + 100);
                if players.contains(&p) && !fixed.iter().any(|&(q, u)| q == p || u == t) {
                    fixed.push((p, t));
                }
            }
            let tables = table_sizes(players.len(), sc.extra_fives).unwrap().len();
            fixed.retain(|&(_, t)| t <= tables);
            let swiss = sc.swiss.then(|| players.iter().map(|&p| (p, i64::from(p.get() % 7) * 10)).collect());
            let req = RoundRequest {
                players: players.clone(),
                history: history.clone(),
                avoid_pairs: avoid.clone(),
                fixed_table: fixed.clone(),
                extra_fives: sc.extra_fives,
                swiss,
            };
            let seed = sc.seed.wrapping_add(r as u64);
            let round = seat_round(&req, seed).unwrap();
            check_round(&round, &players, sc.extra_fives);
            prop_assert_eq!(&round, &seat_round(&req, seed).unwrap(), "not deterministic");
            for &(p, t) in &fixed {
                prop_assert_eq!(table_of(&round, p), t - 1, "fixed table of {}", p);
            }
            // avoid pairs: satisfiable when there are at least two tables
            // (few pairs, fixed players at distinct tables), unless three
            // players all avoid each other and there are only two tables
            // (with at most three pairs, the one arrangement two tables
            // cannot separate)
            let here: std::collections::BTreeSet<(PlayerId, PlayerId)> = avoid
                .iter()
                .filter(|(a, b)| players.contains(a) && players.contains(b))
                .map(|&(a, b)| (a.min(b), a.max(b)))
                .collect();
            let three: std::collections::BTreeSet<PlayerId> = here.iter().flat_map(|&(a, b)| [a, b]).collect();
            let triangle = here.len() == 3 && three.len() == 3;
            for &(a, b) in &avoid {
                if (round.len() >= 3 || (round.len() == 2 && !triangle)) && players.contains(&a) && players.contains(&b) {
                    prop_assert_ne!(table_of(&round, a), table_of(&round, b), "{} and {} together", a, b);
                }
            }
            // history respected: no repeat when the pool is large enough for it
            history.push(round);
        }
        let report = SeatingReport::from_rounds(&history);
        if sc.pool >= 30 && history.len() <= 3 && sc.avoid.is_empty() && sc.fixed.is_empty() && !sc.swiss {
            prop_assert_eq!(report.repeats, 0, "{:?}", history);
        }
    }
}

/// Times each player sat at a table of 5, all players listed.
fn fives(schedule: &[Round], players: &[PlayerId]) -> Vec<u32> {
    let report = SeatingReport::from_rounds(schedule);
    players
        .iter()
        .map(|p| report.tables_of_five.get(p).copied().unwrap_or(0))
        .collect()
}

#[test]
fn tables_of_five_spread_evenly() {
    // (players, rounds, fewest, most): the best reached with no repeat (the
    // fewest repeats for 18x4), see PROGRESS.md for why not better
    for &(n, rounds, lo, hi) in &[
        (22, 5, 2, 5),
        (26, 5, 1, 2),
        (37, 5, 0, 1),
        (45, 7, 0, 1),
        (18, 4, 0, 4),
    ] {
        let players: Vec<PlayerId> = (1..=n).map(PlayerId::new).collect();
        let schedule = plan(&players, rounds, &PlanOptions::default(), 11).unwrap();
        let report = SeatingReport::from_rounds(&schedule);
        let want = if n == 18 { 6 } else { 0 };
        assert_eq!(report.repeats, want, "{n}x{rounds}");
        let f = fives(&schedule, &players);
        let (min, max) = (*f.iter().min().unwrap(), *f.iter().max().unwrap());
        assert!(min >= lo && max <= hi, "{n}x{rounds}: {min}..{max}");
        if max <= 1 {
            // nobody at a second table of 5 (trivially) and all different
            assert_eq!(f.iter().sum::<u32>() as usize, 5 * rounds * (n as usize % 4));
        }
    }
}

#[test]
fn twelve_players_four_rounds_reach_the_minimum() {
    // 13 is the fewest repeats possible (exhaustive proof in the unit tests)
    let players: Vec<PlayerId> = (1..=12).map(PlayerId::new).collect();
    for seed in 0..3 {
        let schedule = plan(&players, 4, &PlanOptions::default(), seed).unwrap();
        for round in &schedule {
            check_round(round, &players, 0);
        }
        assert_eq!(SeatingReport::from_rounds(&schedule).repeats, 13);
        let two = plan(&players, 2, &PlanOptions::default(), seed).unwrap();
        assert_eq!(SeatingReport::from_rounds(&two).repeats, 3);
    }
}

#[test]
fn first_dealers_spread_evenly() {
    for &(n, rounds) in &[(12, 4), (16, 5), (20, 5), (22, 5), (26, 5), (37, 5)] {
        let players: Vec<PlayerId> = (1..=n).map(PlayerId::new).collect();
        let schedule = plan(&players, rounds, &PlanOptions::default(), 4).unwrap();
        let mut dealt: HashMap<PlayerId, u32> = players.iter().map(|&p| (p, 0)).collect();
        for table in schedule.iter().flatten() {
            *dealt.get_mut(&table[0]).unwrap() += 1;
        }
        let min = dealt.values().min().unwrap();
        let max = dealt.values().max().unwrap();
        assert!(max - min <= 1, "{n}x{rounds}: {dealt:?}");
    }
}
