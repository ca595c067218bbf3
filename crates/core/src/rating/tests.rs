//! The rating's unit tests: the order of entry cannot matter, the model's
//! solution is the least-squares one, a stronger player rises, duplicate
//! percentages count, and bad input is refused.

use chrono::NaiveDate;
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;

fn pid(n: i32) -> PlayerId {
    PlayerId::new(n)
}

fn day(d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 1, 1).unwrap() + chrono::Days::new(u64::from(d))
}

fn deal(scores: &[(i32, i64)]) -> FreeDeal {
    FreeDeal {
        scores: scores.iter().map(|&(p, s)| (pid(p), s)).collect(),
    }
}

fn tournament(id: i32, free: Vec<FreeDeal>) -> TournamentDeals {
    TournamentDeals {
        date: day(id as u32),
        id: TournamentId::new(id),
        free,
        duplicate: Vec::new(),
    }
}

fn rating(r: &Ratings, p: i32) -> f64 {
    r.of(pid(p)).expect("rated").rating
}

/// A season drawn from `seed`: `tournaments` evenings of 8 players, each
/// deal a table of 3 to 5 of them with zero-sum scores.
fn season(seed: u64, tournaments: i32) -> Vec<TournamentDeals> {
    use rand::Rng;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (1..=tournaments)
        .map(|t| {
            let free = (0..rng.random_range(1..12))
                .map(|_| {
                    let mut ids: Vec<i32> = (1..=8).collect();
                    ids.shuffle(&mut rng);
                    ids.truncate(rng.random_range(3..=5));
                    let mut scores: Vec<(i32, i64)> = ids.iter().map(|&p| (p, rng.random_range(-300..300))).collect();
                    let sum: i64 = scores.iter().map(|s| s.1).sum();
                    scores[0].1 -= sum;
                    deal(&scores)
                })
                .collect();
            tournament(t, free)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The same deals entered in any order (tournaments, deals inside them,
    /// seats inside a deal) give the identical ratings and history, to the bit.
    #[test]
    fn order_of_entry_does_not_matter(seed in any::<u64>(), shuffle in any::<u64>(), n in 1i32..6) {
        let mut s = season(seed, n);
        s[0].duplicate = vec![
            DuplicateResult { player: pid(1), percent: 61.5, deals: 8 },
            DuplicateResult { player: pid(9), percent: 38.5, deals: 8 },
        ];
        let model = Model::default();
        let first = rate(&s, &model).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(shuffle);
        s.shuffle(&mut rng);
        for t in &mut s {
            t.free.shuffle(&mut rng);
            t.duplicate.shuffle(&mut rng);
            for d in &mut t.free {
                d.scores.shuffle(&mut rng);
            }
        }
        let again = rate(&s, &model).unwrap();
        let bits = |r: &Ratings| r.history.iter().flat_map(|h| h.ratings.iter().map(|p| (p.player, p.rating.to_bits(), p.deals))).collect::<Vec<_>>();
        prop_assert_eq!(bits(&first), bits(&again));
        prop_assert_eq!(first, again);
    }

    /// Zero-sum deals give ratings whose mean over the players seen is the
    /// centre, after every tournament.
    #[test]
    fn the_club_mean_stays_at_the_centre(seed in any::<u64>(), n in 1i32..6) {
        let r = rate(&season(seed, n), &Model::default()).unwrap();
        for snap in &r.history {
            let mean = snap.ratings.iter().map(|p| p.rating).sum::<f64>() / snap.ratings.len() as f64;
            prop_assert!((mean - CENTRE).abs() < 1e-6, "mean {}", mean);
        }
    }
}

/// The strengths solve the normal equations of the model exactly as a
/// direct elimination does, on a small season without decay.
#[test]
fn the_fit_is_the_least_squares_solution() {
    let s = season(7, 4);
    let model = Model {
        half_life: None,
        ..Model::default()
    };
    let r = rate(&s, &model).unwrap();
    // Build (Σ (I_T − J_T/n) + prior·I) θ = Σ s directly, in floats, and eliminate.
    let n = 8;
    let mut a = vec![vec![0.0f64; n + 1]; n];
    for d in s.iter().flat_map(|t| &t.free) {
        let k = d.scores.len() as f64;
        for &(p, sp) in &d.scores {
            let i = p.get() as usize - 1;
            a[i][n] += sp as f64;
            a[i][i] += 1.0;
            for &(q, _) in &d.scores {
                a[i][q.get() as usize - 1] -= 1.0 / k;
            }
        }
    }
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += model.prior_deals;
    }
    for c in 0..n {
        let pivot = a[c][c];
        let pivot_row = a[c].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != c {
                let f = row[c] / pivot;
                row.iter_mut().zip(&pivot_row).for_each(|(x, y)| *x -= f * y);
            }
        }
    }
    for p in &r.players {
        let i = p.player.get() as usize - 1;
        let direct = CENTRE + a[i][n] / a[i][i];
        assert!(
            (p.rating - direct).abs() < 1e-6,
            "player {}: {} vs {direct}",
            p.player,
            p.rating
        );
    }
}

/// A player who wins deal after deal rises above the others, the more the
/// more deals; the others lose what they give.
#[test]
fn a_stronger_player_rises() {
    let evening = |id| {
        let free = (0..20)
            .map(|_| deal(&[(1, 90), (2, -30), (3, -30), (4, -30)]))
            .collect();
        tournament(id, free)
    };
    let model = Model {
        half_life: None,
        prior_deals: 40.0,
        cap: None,
        ..Model::default()
    };
    let r = rate(&[evening(1), evening(2)], &model).unwrap();
    let (after_one, after_two) = (&r.history[0], &r.history[1]);
    let one = after_one.ratings.iter().find(|p| p.player == pid(1)).unwrap();
    let two = after_two.ratings.iter().find(|p| p.player == pid(1)).unwrap();
    assert!(one.rating > CENTRE && two.rating > one.rating, "{one:?} then {two:?}");
    assert_eq!((one.deals, two.deals), (20, 40));
    // +90 against three −30 is a strength 120 above theirs (90 = 120 · 3/4);
    // 40 deals against a prior of 40 deals shrink it by half.
    let gap = two.rating - rating(&r, 2);
    assert!((gap - 60.0).abs() < 1e-9, "{gap}");
    assert_eq!(rating(&r, 2), rating(&r, 3));
    assert!(rating(&r, 2) < CENTRE);
}

/// The same +60 a deal is worth more against a table that beats everyone
/// else: the model sees who the opponents were.
#[test]
fn scores_are_read_against_the_table() {
    let mut free = Vec::new();
    for _ in 0..30 {
        // 5, 6, 7 beat 8, 9, 10 heavily: they are the strong ones.
        free.push(deal(&[(5, 100), (6, 100), (7, -100), (8, -100)]));
        free.push(deal(&[(5, 60), (6, 60), (7, 60), (9, -180)]));
        free.push(deal(&[(7, 60), (6, 60), (5, 60), (10, -180)]));
        // 1 makes +60 against the strong, 2 the same against the weak.
        free.push(deal(&[(1, 60), (5, -20), (6, -20), (7, -20)]));
        free.push(deal(&[(2, 60), (8, -20), (9, -20), (10, -20)]));
    }
    let r = rate(&[tournament(1, free)], &Model::default()).unwrap();
    // The same 60 points a deal; the rating puts 1 well above 2 (by 37).
    assert!(
        rating(&r, 1) > rating(&r, 2) + 20.0,
        "{} vs {}",
        rating(&r, 1),
        rating(&r, 2)
    );
}

/// Duplicate percentages rank the field, in proportion to the distance from
/// 50 %, and count their deals.
#[test]
fn duplicate_percentages_count() {
    let mut t = tournament(1, Vec::new());
    t.duplicate = [(1, 60.0), (2, 50.0), (3, 45.0), (4, 45.0)]
        .iter()
        .map(|&(p, percent)| DuplicateResult {
            player: pid(p),
            percent,
            deals: 24,
        })
        .collect();
    let r = rate(&[t], &Model::default()).unwrap();
    assert!(rating(&r, 1) > rating(&r, 2) && rating(&r, 2) > rating(&r, 3));
    assert_eq!(rating(&r, 3), rating(&r, 4));
    let gap12 = rating(&r, 1) - rating(&r, 2);
    let gap23 = rating(&r, 2) - rating(&r, 3);
    assert!((gap12 / gap23 - 2.0).abs() < 1e-6, "{gap12} {gap23}");
    assert_eq!(r.of(pid(1)).unwrap().deals, 24);
}

/// What cannot be rated is refused with its reason.
#[test]
fn bad_input_is_refused() {
    let m = Model::default();
    let err = |t: TournamentDeals| rate(&[t], &m).unwrap_err();
    let one = TournamentId::new(1);
    assert_eq!(
        err(tournament(1, vec![deal(&[(1, 30), (2, -10), (3, -10), (4, -9)])])),
        RatingError::NotZeroSum {
            tournament: one,
            sum: 1
        }
    );
    assert_eq!(
        err(tournament(1, vec![deal(&[(1, 10), (2, -10)])])),
        RatingError::TableSize {
            tournament: one,
            players: 2
        }
    );
    assert_eq!(
        err(tournament(1, vec![deal(&[(1, 30), (2, -10), (2, -10), (4, -10)])])),
        RatingError::PlayerTwice {
            tournament: one,
            player: pid(2)
        }
    );
    let mut t = tournament(1, Vec::new());
    t.duplicate = vec![DuplicateResult {
        player: pid(1),
        percent: f64::NAN,
        deals: 3,
    }];
    assert!(matches!(err(t), RatingError::Percent { .. }));
    let t = tournament(1, Vec::new());
    assert_eq!(
        rate(&[t.clone(), t], &m).unwrap_err(),
        RatingError::TournamentTwice(one)
    );
    let bad = Model { prior_deals: 0.0, ..m };
    assert_eq!(rate(&[], &bad).unwrap_err(), RatingError::Model("prior_deals"));
}

/// A season without deals rates nobody; a later tournament's players join
/// the history when they first play.
#[test]
fn players_join_the_history_when_they_play() {
    assert_eq!(
        rate(&[], &Model::default()).unwrap(),
        Ratings {
            players: vec![],
            history: vec![]
        }
    );
    let first = tournament(1, vec![deal(&[(1, 30), (2, -10), (3, -10), (4, -10)])]);
    let second = tournament(2, vec![deal(&[(5, 30), (2, -10), (3, -10), (4, -10)])]);
    let r = rate(&[second, first], &Model::default()).unwrap();
    assert_eq!(r.history[0].tournament, TournamentId::new(1));
    assert_eq!(r.history[0].ratings.len(), 4);
    assert_eq!(r.history[1].ratings.len(), 5);
    assert_eq!(r.players.len(), 5);
}

/// A deal scored as the rules score it: `players` seats (one sitting out
/// when `sitter`), the attack's result `unit` per defender, the first seat
/// the taker with `partners` partners after it.
fn scored(ids: &[i32], unit: i64, partners: usize, sitter: bool) -> FreeDeal {
    let playing = ids.len() - usize::from(sitter);
    let defenders = (playing - 1 - partners) as i64;
    let scores: Vec<(i32, i64)> = ids
        .iter()
        .enumerate()
        .map(|(k, &p)| {
            let s = match k {
                0 => unit * (defenders - partners as i64),
                k if k <= partners => unit,
                k if sitter && k == ids.len() - 1 => 0,
                _ => -unit,
            };
            (p, s)
        })
        .collect();
    deal(&scores)
}

/// A season of deals with the shape of real scores (tables of 3 to 6, the
/// 5-player called king and the table of 5 with a seat out, partners and
/// takers alone), to test the role-aware models.
fn scored_season(seed: u64, tournaments: i32) -> Vec<TournamentDeals> {
    use rand::Rng;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (1..=tournaments)
        .map(|t| {
            let free = (0..rng.random_range(1..12))
                .map(|_| {
                    let mut ids: Vec<i32> = (1..=9).collect();
                    ids.shuffle(&mut rng);
                    let (n, partners, sitter) = match rng.random_range(0..6) {
                        0 => (3, 0, false),
                        1 => (4, 0, false),
                        2 => (5, 1, false),
                        3 => (5, 0, false),
                        4 => (5, 0, true),
                        _ => (6, 2, false),
                    };
                    ids.truncate(n);
                    let unit = rng.random_range(25..400) * if rng.random_bool(0.4) { -1 } else { 1 };
                    scored(&ids, unit, partners, sitter)
                })
                .collect();
            tournament(t, free)
        })
        .collect()
}

const ALL_SEATS: [Seats; 4] = [Seats::Equal, Seats::ByRole, Seats::ByRoleLinear, Seats::Camp];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever the seats' model, the order of entry changes no bit and the
    /// club's mean stays at the centre.
    #[test]
    fn every_seats_model_is_exact_and_centred(seed in any::<u64>(), shuffle in any::<u64>(), n in 1i32..6) {
        for (seats, cap) in ALL_SEATS.iter().flat_map(|&s| [(s, None), (s, Some(120))]) {
            let model = Model { seats, cap, ..Model::default() };
            let mut s = scored_season(seed, n);
            let first = rate(&s, &model).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(shuffle);
            s.shuffle(&mut rng);
            for t in &mut s {
                t.free.shuffle(&mut rng);
                for d in &mut t.free {
                    d.scores.shuffle(&mut rng);
                }
            }
            let again = rate(&s, &model).unwrap();
            let bits = |r: &Ratings| r.history.iter().flat_map(|h| h.ratings.iter().map(|p| (p.player, p.rating.to_bits()))).collect::<Vec<_>>();
            prop_assert_eq!(bits(&first), bits(&again));
            for snap in &first.history {
                let mean = snap.ratings.iter().map(|p| p.rating).sum::<f64>() / snap.ratings.len() as f64;
                prop_assert!((mean - CENTRE).abs() < 1e-6, "{:?}: mean {}", seats, mean);
            }
        }
    }
}

/// The roles are read from the scores as the rules make them; scores of
/// another shape have none.
#[test]
fn roles_are_read_from_the_scores() {
    use super::roles::multipliers;
    let six = |m: &[i64]| {
        let mut out = [0; 6];
        out[..m.len()].copy_from_slice(m);
        out
    };
    assert_eq!(multipliers(&[-318, 106, 106, 106]), Some(six(&[-3, 1, 1, 1])));
    assert_eq!(multipliers(&[-40, 120, -40, -40]), Some(six(&[-1, 3, -1, -1])));
    assert_eq!(multipliers(&[60, 30, -30, -30, -30]), Some(six(&[2, 1, -1, -1, -1])));
    assert_eq!(multipliers(&[-200, 50, 50, 50, 50]), Some(six(&[-4, 1, 1, 1, 1])));
    assert_eq!(multipliers(&[0, 75, -25, -25, -25]), Some(six(&[0, 3, -1, -1, -1])));
    assert_eq!(multipliers(&[52, -26, -26]), Some(six(&[2, -1, -1])));
    assert_eq!(
        multipliers(&[40, 40, 40, -40, -40, -40]),
        Some(six(&[1, 1, 1, -1, -1, -1]))
    );
    assert_eq!(multipliers(&[30, -10, -10, -9, -1]), None);
    assert_eq!(multipliers(&[-120, 57, 63]), None);
    assert_eq!(multipliers(&[0, 0, 0, 0]), None);
    assert_eq!(multipliers(&[60, -60, 0, 0]), None);
}

/// The role-aware fit is the weighted least-squares solution: each seat's
/// residual weighs `1/m²`, solved here by direct elimination.
#[test]
fn by_role_is_the_weighted_least_squares_solution() {
    let s = scored_season(11, 4);
    let model = Model {
        half_life: None,
        seats: Seats::ByRole,
        cap: None,
        ..Model::default()
    };
    let r = rate(&s, &model).unwrap();
    let n = 9;
    let mut a = vec![vec![0.0f64; n + 1]; n];
    for d in s.iter().flat_map(|t| &t.free) {
        let unit = d.scores.iter().map(|x| x.1.abs()).filter(|&x| x != 0).min().unwrap() as f64;
        let on: Vec<(usize, f64, f64)> = d
            .scores
            .iter()
            .filter(|x| x.1 != 0)
            .map(|&(p, sp)| (p.get() as usize - 1, sp as f64, (unit / sp as f64).powi(2)))
            .collect();
        let k = on.len() as f64;
        // Residual of seat i: s_i − θ_i + Σ_j θ_j / k, weight w_i.
        for &(i, si, wi) in &on {
            let mut row = vec![0.0; n];
            row[i] += 1.0;
            on.iter().for_each(|&(j, _, _)| row[j] -= 1.0 / k);
            for &(r, _, _) in &on {
                for c in 0..n {
                    a[r][c] += wi * row[r] * row[c];
                }
                a[r][n] += wi * row[r] * si;
            }
        }
    }
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += model.prior_deals;
    }
    for c in 0..n {
        let pivot_row = a[c].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != c {
                let f = row[c] / pivot_row[c];
                row.iter_mut().zip(&pivot_row).for_each(|(x, y)| *x -= f * y);
            }
        }
    }
    for p in &r.players {
        let i = p.player.get() as usize - 1;
        let direct = CENTRE + a[i][n] / a[i][i];
        assert!(
            (p.rating - direct).abs() < 1e-6,
            "player {}: {} vs {direct}",
            p.player,
            p.rating
        );
    }
}

/// With the roles read, the taker's swing weighs less: one garde made by
/// +300 at a table of 4 moves the taker a third as far as when every seat
/// weighs the same (the taker's score swings three times as wide as a
/// defender's, so it weighs a ninth).
#[test]
fn the_takers_swing_weighs_less_with_roles() {
    let season = [tournament(1, vec![scored(&[1, 2, 3, 4], 100, 0, false)])];
    let moved = |seats| {
        let r = rate(
            &season,
            &Model {
                seats,
                ..Model::default()
            },
        )
        .unwrap();
        rating(&r, 1) - CENTRE
    };
    let (equal, by_role) = (moved(Seats::Equal), moved(Seats::ByRole));
    assert!(by_role > 0.0 && by_role < equal / 2.5, "{by_role} vs {equal}");
}

/// A capped model reads a deal whose defenders lost more than the cap as if
/// they had lost the cap, the taker's score in proportion; scores without
/// the shape of a deal are taken as they are.
#[test]
fn the_cap_bounds_a_deals_swing() {
    let capped = Model {
        cap: Some(100),
        seats: Seats::ByRole,
        ..Model::default()
    };
    let as_scored = Model {
        seats: Seats::ByRole,
        cap: None,
        ..Model::default()
    };
    let big = [tournament(
        1,
        vec![
            scored(&[1, 2, 3, 4], 400, 0, false),
            scored(&[2, 1, 3, 4], -60, 0, false),
        ],
    )];
    let small = [tournament(
        1,
        vec![
            scored(&[1, 2, 3, 4], 100, 0, false),
            scored(&[2, 1, 3, 4], -60, 0, false),
        ],
    )];
    assert_eq!(rate(&big, &capped).unwrap(), rate(&small, &as_scored).unwrap());
    assert_ne!(rate(&big, &as_scored).unwrap(), rate(&small, &as_scored).unwrap());
    let odd = [tournament(1, vec![deal(&[(1, 400), (2, -150), (3, -250)])])];
    let plain = Model {
        seats: Seats::ByRole,
        cap: None,
        ..Model::default()
    };
    assert_eq!(rate(&odd, &capped).unwrap(), rate(&odd, &plain).unwrap());
    let bad = Model {
        cap: Some(0),
        ..Model::default()
    };
    assert_eq!(rate(&[], &bad).unwrap_err(), RatingError::Model("cap"));
}
