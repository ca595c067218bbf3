//! The solver against a brute-force minimax built on the engine alone
//! (every legal card tried, `Game::scores` read at the end), on random
//! endings of up to 4 tricks at 3, 4, 5 and 6 players, the excuse and the
//! petit kept in play more often than chance would; and the value kept
//! along the solver's own best line.

use std::cell::RefCell;

use proptest::prelude::*;
use proptest::test_runner::{Config as RunnerConfig, TestRunner};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{solve, solve_with, Config, Position, Table};
use crate::tarot::play::discardable_plain;
use crate::tarot::{Action, Call, Card, CardSet, Contract, Game, Phase, Seat};

/// A random deal set up for play: a taker (random contract), a call at 5
/// and 6 players, an écart, sometimes a chelem announced and handfuls.
fn random_deal(players: u8, rng: &mut ChaCha8Rng) -> Game {
    let mut g = Game::new(players, Seat(rng.random_range(0..players)), rng.random());
    let taker = g.to_act().expect("a seat bids");
    let contract = Contract::ALL[rng.random_range(0..4)];
    g.apply(taker, Action::Bid(Some(contract))).unwrap();
    while g.phase() == Phase::Bidding {
        g.apply(g.to_act().unwrap(), Action::Bid(None)).unwrap();
    }
    if g.phase() == Phase::Calling {
        let calls = g.legal_calls();
        let pick = |rng: &mut ChaCha8Rng, from: CardSet| from.nth(rng.random_range(0..from.len())).unwrap();
        let call = if players == 6 {
            // A card of each of the two ranks: try until the engine takes it.
            loop {
                let (a, b) = (pick(rng, calls), pick(rng, calls));
                let mut t = g;
                if t.apply(taker, Action::Call(Call::Two(a, b))).is_ok() {
                    break Call::Two(a, b);
                }
            }
        } else {
            Call::One(pick(rng, calls))
        };
        g.apply(taker, Action::Call(call)).unwrap();
    }
    if g.phase() == Phase::Discard {
        // Plain cards first; trumps only when too few plain cards may go.
        let need = g.dog().len() as usize;
        let plain = discardable_plain(g.hand(taker));
        let mut from = plain.to_vec();
        shuffle(&mut from, rng);
        if from.len() < need {
            let mut trumps = g.discardable().minus(plain).to_vec();
            shuffle(&mut trumps, rng);
            from.extend(trumps);
        }
        g.apply(taker, Action::Discard(from[..need].iter().copied().collect()))
            .unwrap();
    }
    g.apply(taker, Action::Chelem(rng.random_bool(0.1))).unwrap();
    g
}

fn shuffle(v: &mut [Card], rng: &mut ChaCha8Rng) {
    for i in (1..v.len()).rev() {
        v.swap(i, rng.random_range(0..=i));
    }
}

/// Plays random legal cards (the petit and the excuse kept back when
/// another card will do) until `left` tricks remain, then `extra` cards of
/// the next trick; a seat shows its smallest handful half the time.
fn random_ending(players: u8, left: u8, extra: u8, rng: &mut ChaCha8Rng) -> Game {
    let mut g = random_deal(players, rng);
    let stop = g.tricks_total() - left;
    while g.tricks_done() < stop || (g.tricks_done() == stop && (g.trick().len() as u8) < extra) {
        let seat = g.to_act().unwrap();
        if let Some(h) = g.smallest_handful(seat) {
            if rng.random_bool(0.5) {
                g.apply(seat, Action::Handful(h)).unwrap();
            }
        }
        let legal = g.legal_cards();
        let keep = legal.minus(CardSet::one(Card::PETIT).or(CardSet::EXCUSE));
        let from = if keep.is_empty() || rng.random_bool(0.1) {
            legal
        } else {
            keep
        };
        let c = from.nth(rng.random_range(0..from.len())).unwrap();
        g.apply(seat, Action::Card(c)).unwrap();
    }
    g
}

/// The taker's score under best play, by trying every legal card: plain
/// minimax, or (`prune`) the textbook alpha-beta over the cards in index
/// order, which returns the same value in the window (−∞, +∞) with fewer
/// leaves (the 5- and 6-player endings of 4 tricks).
fn brute(g: &Game, taker: Seat, prune: bool, mut alpha: i64, mut beta: i64) -> i64 {
    let Some(seat) = g.to_act() else {
        return g.scores().unwrap()[taker.index()];
    };
    let max = g.is_attack(seat);
    let mut best = if max { i64::MIN } else { i64::MAX };
    for c in g.legal_cards() {
        let mut next = *g;
        next.apply(seat, Action::Card(c)).unwrap();
        let v = brute(&next, taker, prune, alpha, beta);
        if max {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if prune && alpha >= beta {
            break;
        }
    }
    best
}

/// Each speed-up on and off (the default: table, equivalence, bounds).
const VARIANTS: [Config; 4] = [
    Config {
        table: true,
        equivalence: true,
        ordering: true,
        history: false,
        mtdf: true,
        bounds: false,
    },
    Config {
        table: false,
        equivalence: true,
        ordering: true,
        history: false,
        mtdf: false,
        bounds: true,
    },
    Config {
        table: true,
        equivalence: false,
        ordering: false,
        history: true,
        mtdf: false,
        bounds: false,
    },
    Config {
        table: true,
        equivalence: true,
        ordering: false,
        history: true,
        mtdf: true,
        bounds: true,
    },
];

/// `cases` random endings of up to 4 tricks; plain minimax up to
/// `plain_left` tricks left, the pruned one beyond.
fn check_against_brute(players: u8, cases: u32, plain_left: u8) {
    // One table for every case: positions of different deals must not mix.
    let table = RefCell::new(Table::with_bits(16));
    let mut runner = TestRunner::new(RunnerConfig {
        cases,
        failure_persistence: None,
        ..RunnerConfig::default()
    });
    let strategy = (any::<u64>(), 1u8..=4, 0u8..6);
    runner
        .run(&strategy, |(seed, left, extra)| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let g = random_ending(players, left, extra % players, &mut rng);
            let taker = g.taker().unwrap();
            let pos = Position::from_game(&g).unwrap();
            let expected = brute(&g, taker, left > plain_left, i64::MIN, i64::MAX);
            let sol = solve(&pos, &mut table.borrow_mut());
            prop_assert_eq!(sol.taker_score(&pos), expected, "{:?}", g.log());
            let variant = VARIANTS[(seed % 4) as usize];
            let other = solve_with(&pos, &mut table.borrow_mut(), variant);
            prop_assert_eq!(other.taker_score(&pos), expected, "{:?}", variant);
            // The line is legal, ends the deal, and gives that score.
            let mut end = g;
            for &(seat, card) in &sol.line {
                end.apply(seat, Action::Card(card)).unwrap();
            }
            prop_assert_eq!(end.scores().unwrap(), sol.scores.clone());
            Ok(())
        })
        .unwrap();
}

#[test]
fn equals_brute_force_at_three_players() {
    check_against_brute(3, 700, 4);
}

#[test]
fn equals_brute_force_at_four_players() {
    check_against_brute(4, 700, 4);
}

#[test]
fn equals_brute_force_at_five_players() {
    check_against_brute(5, 600, 3);
}

#[test]
fn equals_brute_force_at_six_players() {
    check_against_brute(6, 500, 3);
}

/// Solve, play the line's first card, solve again: the same value, down
/// to the end of the deal, from 8 tricks left.
#[test]
fn the_value_stays_along_its_own_best_line() {
    let mut table = Table::with_bits(18);
    for (k, players) in [3u8, 4, 5, 6, 4, 5].into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(100 + k as u64);
        let g = random_ending(players, 6, 1, &mut rng);
        let mut pos = Position::from_game(&g).unwrap();
        let first = solve(&pos, &mut table);
        let v = first.taker_score(&pos);
        for &(_, card) in &first.line {
            pos = pos.play(card).unwrap();
            let again = solve(&pos, &mut table);
            assert_eq!(again.taker_score(&pos), v, "players {players}, after {card}");
            assert_eq!(again.scores, first.scores);
        }
        assert_eq!(pos.game().phase(), Phase::Done);
    }
}

/// Runs of equivalent cards: one card each, broken by a card still out.
#[test]
fn equivalent_cards_are_searched_once() {
    let c = |s: &str| s.parse::<Card>().unwrap();
    let set = |v: &[&str]| v.iter().map(|s| c(s)).collect::<CardSet>();
    let hand = set(&["2S", "3S", "5S", "JS", "NS", "2T", "3T", "4T", "21T", "1T"]);
    // 4S is in a done trick: 2S 3S 5S are one run; JS and NS differ in points.
    let reps = super::order::representatives(hand, hand, set(&["4S"]), true);
    let names: Vec<String> = reps.iter().map(|c| c.to_string()).collect();
    assert_eq!(names, ["2S", "JS", "NS", "1T", "2T", "21T"]);
    // With 4S still out, 5S is apart.
    let reps = super::order::representatives(hand, hand, CardSet::EMPTY, true);
    assert_eq!(reps.len(), 7);
}

/// The search's own rules (`state.rs`) against the engine's, on random
/// complete deals at 3 to 6 players: the same legal cards at every turn,
/// the same leader of every trick, and the same end (points, oudlers,
/// petit au bout, chelem) as `Game::outcome`.
#[test]
fn the_search_state_plays_and_ends_as_the_engine() {
    use super::state::{Rules, State};
    for players in 3u8..=6 {
        for seed in 0..400u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed * 10 + u64::from(players));
            let mut g = random_deal(players, &mut rng);
            let rules = Rules::new(&g);
            let mut st = State::of(&g);
            while let Some(seat) = g.to_act() {
                assert_eq!(st.to_act, seat.0);
                assert_eq!(st.leader, g.trick_leader().0);
                let legal = g.legal_cards();
                assert_eq!(st.legal(&rules), legal, "seed {seed}: {:?}", g.log());
                let keep = legal.minus(CardSet::one(Card::PETIT).or(CardSet::EXCUSE));
                let from = if keep.is_empty() || rng.random_bool(0.2) {
                    legal
                } else {
                    keep
                };
                let c = from.nth(rng.random_range(0..from.len())).unwrap();
                g.apply(seat, Action::Card(c)).unwrap();
                st = st.play(&rules, c);
            }
            let o = g.outcome().unwrap();
            let end = (o.points.0, o.oudlers, o.petit_au_bout, o.chelem_made_by);
            assert_eq!(st.end, Some(end), "players {players}, seed {seed}: {:?}", g.log());
        }
    }
}
