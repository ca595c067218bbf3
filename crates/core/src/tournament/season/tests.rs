use proptest::prelude::*;
use serde_json::json;

use super::*;

fn p(n: i32) -> PlayerId {
    PlayerId::new(n)
}

fn t(n: i32) -> TournamentId {
    TournamentId::new(n)
}

/// A tournament whose players (ids) come in rank order with these totals:
/// equal totals share the rank.
fn event(id: i32, lines: &[(i32, i64)]) -> TournamentResults {
    let mut results = Vec::new();
    for (i, (player, total)) in lines.iter().enumerate() {
        let rank = match i {
            0 => 1,
            _ if lines[i - 1].1 == *total => results.last().map_or(1, |r: &PlayerResult| r.rank),
            _ => i as u32 + 1,
        };
        results.push(PlayerResult {
            player: p(*player),
            rank,
            total: *total,
            deals: 8,
            percent: None,
        });
    }
    TournamentResults {
        tournament: t(id),
        results,
    }
}

fn rule(v: serde_json::Value) -> Rule {
    Rule::from_json(&v).unwrap()
}

fn row(rows: &[Row], player: i32) -> &Row {
    rows.iter().find(|r| r.player == p(player)).unwrap()
}

#[test]
fn places_give_n_minus_r_plus_1_and_ties_share_the_mean() {
    // Ten players, two tied 2nd: (9 + 8) / 2 = 8.5 each (FORMATS' example).
    let lines: Vec<(i32, i64)> = (1..=10)
        .map(|i| (i, if i == 3 { 800 } else { 1000 - 100 * i64::from(i) }))
        .collect();
    let rows = standings(&rule(json!({"points": "places"})), &[event(1, &lines)]);
    assert_eq!(row(&rows, 1).points, 1000);
    assert_eq!(row(&rows, 2).points, 850);
    assert_eq!(row(&rows, 3).points, 850);
    assert_eq!(row(&rows, 4).points, 700);
    assert_eq!(row(&rows, 10).points, 100);
    assert_eq!((row(&rows, 2).rank, row(&rows, 3).rank, row(&rows, 4).rank), (2, 2, 4));
}

#[test]
fn a_scale_gives_its_points_and_zero_beyond() {
    let lines = [(1, 300), (2, 100), (3, 100), (4, -500)];
    let rows = standings(
        &rule(json!({"points": "places", "scale": [25, 20, 16]})),
        &[event(1, &lines)],
    );
    assert_eq!(row(&rows, 1).points, 2500);
    // Tied 2nd and 3rd: (20 + 16) / 2.
    assert_eq!(row(&rows, 2).points, 1800);
    assert_eq!(row(&rows, 4).points, 0);
}

#[test]
fn total_sums_and_best_of_keeps_the_best_first() {
    let a = event(1, &[(1, 100), (2, -100)]);
    let b = event(2, &[(1, -40), (2, 40)]);
    let c = event(3, &[(1, 70), (2, -70)]);
    let rows = standings(&rule(json!({"points": "total", "best_of": 2})), &[a, b, c]);
    let one = row(&rows, 1);
    assert_eq!(one.points, 17000);
    assert_eq!(one.played, 3);
    let counted: Vec<_> = one.counted().map(|f| (f.tournament, f.points)).collect();
    assert_eq!(counted, vec![(t(1), 10000), (t(3), 7000)]);
    assert_eq!(row(&rows, 2).points, 4000 - 7000);
}

#[test]
fn participation_counts_every_tournament_played() {
    let a = event(1, &[(1, 10), (2, -10)]);
    let b = event(2, &[(2, 10), (3, -10)]);
    let rows = standings(
        &rule(json!({"points": "places", "best_of": 1, "participation": 2.5})),
        &[a, b],
    );
    // Player 2: 1 (2nd of 2) and 2 (1st of 2), best 1 counts: 2 + 2 × 2.5.
    assert_eq!(row(&rows, 2).points, 700);
    assert_eq!(row(&rows, 2).participation, 500);
    assert_eq!(row(&rows, 1).points, 450);
}

#[test]
fn percent_is_the_mean_of_the_counted() {
    let mut a = event(1, &[(1, 10), (2, -10)]);
    let mut b = event(2, &[(1, 10), (2, -10)]);
    for (r, pct) in a.results.iter_mut().zip([61.25, 38.75]) {
        r.percent = Some(pct);
    }
    for (r, pct) in b.results.iter_mut().zip([55.0, 45.0]) {
        r.percent = Some(pct);
    }
    let rows = standings(&rule(json!({"points": "percent"})), &[a, b]);
    assert_eq!(row(&rows, 1).points, 5813);
    assert_eq!(row(&rows, 2).points, 4188);
}

#[test]
fn a_player_without_a_deal_did_not_play_and_pushes_nobody_back() {
    let mut a = event(1, &[(1, 50), (9, 0), (2, -50)]);
    a.results[1].deals = 0;
    let rows = standings(&rule(json!({"points": "places", "participation": 1})), &[a]);
    assert!(rows.iter().all(|r| r.player != p(9)));
    // 2 played: 2 and 1 points, plus 1 each.
    assert_eq!(row(&rows, 1).points, 300);
    assert_eq!(row(&rows, 2).points, 200);
    assert_eq!(row(&rows, 2).figures[0].rank, 2);
    assert_eq!(row(&rows, 2).figures[0].of, 2);
}

#[test]
fn rules_are_refused_with_their_reason() {
    let key = |v: serde_json::Value| Rule::from_json(&v).unwrap_err().key;
    assert_eq!(key(json!({"points": "elo"})), "season-rule-points");
    assert_eq!(key(json!({})), "season-rule-points-missing");
    assert_eq!(key(json!({"points": "total", "best_of": 0})), "season-rule-best-of");
    assert_eq!(
        key(json!({"points": "total", "scale": [3]})),
        "season-rule-scale-places-only"
    );
    assert_eq!(
        key(json!({"points": "places", "scale": [3, -1]})),
        "season-rule-scale-step"
    );
    assert_eq!(
        key(json!({"points": "percent", "participation": 1})),
        "season-rule-participation-percent"
    );
    assert_eq!(key(json!({"points": "total", "bestof": 3})), "season-rule-unknown-key");
    assert_eq!(key(json!([1])), "season-rule-not-object");
    let r = rule(json!({"points": "places", "scale": [25, 20.5], "best_of": 10, "participation": 1}));
    assert_eq!(Rule::from_json(&r.to_json()).unwrap(), r);
}

fn arb_rule() -> impl Strategy<Value = Rule> {
    (
        0..3u8,
        prop::option::of(prop::collection::vec(0i64..3000, 1..6)),
        prop::option::of(1u32..4),
        0i64..300,
    )
        .prop_map(|(k, scale, best_of, participation)| {
            let points = [PointsKind::Total, PointsKind::Places, PointsKind::Percent][k as usize];
            Rule {
                points,
                scale: scale.filter(|_| points == PointsKind::Places),
                best_of,
                participation: if points == PointsKind::Percent {
                    0
                } else {
                    participation
                },
            }
        })
}

fn arb_events() -> impl Strategy<Value = Vec<TournamentResults>> {
    prop::collection::vec(prop::collection::vec((1i32..12, -5i64..5, 0u32..3), 1..10), 1..6).prop_map(|events| {
        events
            .into_iter()
            .enumerate()
            .map(|(i, lines)| {
                let mut seen = std::collections::BTreeSet::new();
                let mut lines: Vec<_> = lines.into_iter().filter(|(pl, ..)| seen.insert(*pl)).collect();
                lines.sort_by_key(|(_, total, _)| -total);
                let mut e = event(
                    i as i32 + 1,
                    &lines
                        .iter()
                        .map(|(pl, total, _)| (*pl, *total * 10))
                        .collect::<Vec<_>>(),
                );
                for (r, (.., deals)) in e.results.iter_mut().zip(&lines) {
                    r.deals = *deals;
                    r.percent = Some(*deals as f64 * 20.0 + 10.0);
                }
                e
            })
            .collect()
    })
}

proptest! {
    #[test]
    fn rows_keep_the_rule(rule in arb_rule(), events in arb_events()) {
        let rows = standings(&rule, &events);
        for (i, r) in rows.iter().enumerate() {
            let counted: Vec<Centi> = r.counted().map(|f| f.points).collect();
            prop_assert!(counted.len() <= rule.best_of.map_or(usize::MAX, |n| n as usize));
            prop_assert!(counted.windows(2).all(|w| w[0] >= w[1]));
            prop_assert_eq!(r.played as usize, r.figures.len());
            // Nothing left out is better than what counts.
            let worst = counted.last().copied().unwrap_or(Centi::MAX);
            prop_assert!(r.figures.iter().filter(|f| !f.counted).all(|f| f.points <= worst));
            let expected = match rule.points {
                PointsKind::Percent => (counted.iter().sum::<Centi>() as f64 / counted.len() as f64).round() as Centi,
                _ => counted.iter().sum::<Centi>() + rule.participation * Centi::from(r.played),
            };
            prop_assert_eq!(r.points, expected);
            if i > 0 {
                let prev = &rows[i - 1];
                prop_assert!(prev.points >= r.points);
                // Equal points always share the rank; a lower score never does.
                prop_assert_eq!(prev.points == r.points, prev.rank == r.rank);
                if prev.rank != r.rank {
                    prop_assert_eq!(r.rank, i as u32 + 1);
                }
            }
        }
        // Only those who played a deal are in.
        let players: std::collections::BTreeSet<_> = events.iter().flat_map(|e| &e.results).filter(|r| r.deals > 0).map(|r| r.player).collect();
        prop_assert_eq!(players.len(), rows.len());
    }
}
