use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::*;
use crate::tournament::seating::{seat_round, RoundRequest};

fn p(i: i32) -> PlayerId {
    PlayerId::new(i)
}

fn team(id: i32, players: &[i32]) -> Team {
    Team {
        id: TeamId::new(id),
        name: format!("Équipe {id}"),
        players: players.iter().map(|i| p(*i)).collect(),
    }
}

#[test]
fn a_team_total_adds_its_members_and_ties_share_the_rank() {
    let teams = [team(1, &[1, 2]), team(2, &[3, 4]), team(3, &[5, 6])];
    let totals: BTreeMap<PlayerId, i64> = [(1, 120), (2, -20), (3, 50), (4, 50), (5, -200)]
        .into_iter()
        .map(|(i, t)| (p(i), t))
        .collect();
    let rows = standings(&teams, &totals);
    let got: Vec<(u32, i32, i64)> = rows.iter().map(|r| (r.rank, r.team.get(), r.total)).collect();
    assert_eq!(got, vec![(1, 1, 100), (1, 2, 100), (3, 3, -200)]);
}

#[test]
fn a_team_is_checked_before_it_is_registered() {
    let registered: BTreeSet<PlayerId> = (1..=8).map(p).collect();
    let taken: BTreeSet<PlayerId> = [p(3)].into();
    assert_eq!(check(None, &[p(1), p(2)], &registered, &taken), Err(TeamError::NoTeams));
    assert_eq!(
        check(Some(2), &[p(1)], &registered, &taken),
        Err(TeamError::WrongSize { size: 2, given: 1 })
    );
    assert_eq!(
        check(Some(2), &[p(1), p(1)], &registered, &taken),
        Err(TeamError::Twice(p(1)))
    );
    assert_eq!(
        check(Some(2), &[p(1), p(3)], &registered, &taken),
        Err(TeamError::Taken(p(3)))
    );
    assert_eq!(
        check(Some(2), &[p(1), p(9)], &registered, &taken),
        Err(TeamError::NotRegistered(p(9)))
    );
    assert_eq!(check(Some(2), &[p(1), p(2)], &registered, &taken), Ok(()));
}

#[test]
fn pairs_of_mates_and_mates_found_together() {
    let teams = [team(1, &[1, 2, 3]), team(2, &[4, 5, 6])];
    assert_eq!(apart_pairs(&teams).len(), 6);
    let tables = vec![vec![p(1), p(4), p(7), p(8)], vec![p(2), p(3), p(9), p(10)]];
    assert_eq!(mates_together(&teams, &tables), vec![(TeamId::new(1), 1)]);
}

/// A field of `n` players, teams of `size` over part of it, and rounds
/// where some arrive late and some withdraw: every round seated by the
/// seating with the team-mates' pairs kept apart.
fn season_of_rounds(n: usize, size: usize, rounds: usize, seed: u64) -> Result<(), TestCaseError> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut ids: Vec<i32> = (1..=n as i32).collect();
    ids.shuffle(&mut rng);
    let in_teams = (n * rng.random_range(50..=100) / 100) / size * size;
    let teams: Vec<Team> = ids[..in_teams]
        .chunks(size)
        .enumerate()
        .map(|(k, c)| team(k as i32 + 1, c))
        .collect();
    let pairs = apart_pairs(&teams);
    // Late: up to 3 players come from round 2; withdrawn: up to 3 leave
    // after round 1 or 2 (never below the tables the teams need).
    let late: Vec<i32> = ids.iter().rev().take(rng.random_range(0..=3)).copied().collect();
    let gone: Vec<i32> = ids[in_teams..]
        .iter()
        .filter(|i| !late.contains(i))
        .take(rng.random_range(0..=3))
        .copied()
        .collect();
    let mut history = Vec::new();
    for r in 1..=rounds {
        let players: Vec<PlayerId> = ids
            .iter()
            .filter(|i| r > 1 || !late.contains(i))
            .filter(|i| r < 3 || !gone.contains(i))
            .map(|i| p(*i))
            .collect();
        if players.len() / 4 < size {
            continue;
        }
        let req = RoundRequest {
            players,
            history: history.clone(),
            avoid_pairs: pairs.clone(),
            ..RoundRequest::default()
        };
        let tables = seat_round(&req, seed + r as u64).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let together = mates_together(&teams, &tables);
        prop_assert!(
            together.is_empty(),
            "round {r}: mates together {together:?} in {tables:?}"
        );
        history.push(tables);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn team_mates_never_meet_at_a_table(n in 8usize..=40, size in 2usize..=4, seed in any::<u64>()) {
        // A team of `size` needs `size` tables: at least 4 players a table.
        prop_assume!(n / 4 > size);
        season_of_rounds(n, size, 4, seed)?;
    }
}
