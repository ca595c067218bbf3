//! Planning a whole tournament from round 1.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::designs::{self, Schedule};
use super::engine::{self, Problem, SearchParams, State, W_DUTY, W_SQUARE};
use super::round::Index;
use super::seats::{self, SeatCounts, SEATS};
use super::{table_sizes, PlanOptions, PlayerId, Round, SeatingError};

/// Moves evaluated per search attempt (about 0.1 s): the search budget.
const EVALS_PER_ATTEMPT: u64 = 1_000_000;

/// Plans `rounds` rounds for `players` from round 1.
///
/// Each round seats every player once at tables of the sizes of
/// [`table_sizes`] (`opts.extra_fives`), larger tables first, list order =
/// seat order. Objective as in [`super::seat_round`], over the whole
/// tournament: fixed tables and avoided pairs, then no repeat meeting, then the
/// smallest sum of (times met)², then tables of 5 spread evenly, then seats
/// rotated.
///
/// Method: algebraic constructions when they fit (the affine plane AG(2,4)
/// for 16 players; schedules invariant under a group, i.e. translates of base
/// rounds, found by a small search over base rounds), relabelled at random;
/// otherwise (or when constraints break them) greedy starts improved by a tabu
/// search over the whole schedule, several seeded attempts, the best kept.
/// Every bound is an iteration count: the same input and seed give the same plan.
///
/// # Errors
/// Fewer than 3 players, a duplicate player, or an impossible fixed table.
pub fn plan(players: &[PlayerId], rounds: usize, opts: &PlanOptions, seed: u64) -> Result<Vec<Round>, SeatingError> {
    let index = Index::new(players)?;
    let n = index.len();
    let sizes = table_sizes(n, opts.extra_fives)?;
    let pinned = index.pins(&opts.fixed_table, &sizes)?;
    if rounds == 0 {
        return Ok(Vec::new());
    }
    let mut pb = Problem::fresh(n, sizes.clone(), rounds);
    pb.pinned = pinned;
    pb.avoid = index.avoid(&opts.avoid_pairs);
    let effort = opts.effort.max(1) as usize;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let target = lower_bound(&pb);
    let attempts = 4 * effort;
    let full = SearchParams {
        max_iters: 1_000_000,
        max_evals: EVALS_PER_ATTEMPT,
        polish: 2_000,
        stall: 600,
        target,
    };
    let polish = SearchParams {
        max_evals: EVALS_PER_ATTEMPT / 4,
        polish: 500,
        ..full
    };
    let mut best: Option<State> = None;
    let good = |st: &State| st.repeats(&pb) == 0 && st.hard_violations(&pb) == 0;

    for schedule in constructions(n, rounds, &sizes, &mut rng, effort) {
        let members = relabel(&pb, schedule, &mut rng);
        let st = engine::search(&pb, State::new(&pb, members), &mut rng, polish);
        if best.as_ref().is_none_or(|b| st.cost < b.cost) {
            best = Some(st);
        }
        if best.as_ref().is_some_and(good) {
            break;
        }
    }
    for _ in 0..attempts {
        if best.as_ref().is_some_and(|b| good(b) || b.cost <= target) {
            break;
        }
        let st = State::new(&pb, engine::greedy(&pb, &mut rng));
        let st = engine::search(&pb, st, &mut rng, full);
        if best.as_ref().is_none_or(|b| st.cost < b.cost) {
            best = Some(st);
        }
    }
    let best = best.expect("at least one attempt");
    let mut counts: Vec<SeatCounts> = vec![[0; SEATS]; n];
    Ok(best
        .members
        .iter()
        .map(|round| {
            let mut round = round.clone();
            seats::order_round(&mut round, &mut counts, &mut rng);
            index.to_ids(&round)
        })
        .collect())
}

/// The cost of a schedule with no repeat and perfectly spread duties.
fn lower_bound(pb: &Problem) -> i64 {
    let pairs: usize = pb.sizes.iter().map(|s| s * (s - 1) / 2).sum();
    let duty: usize = pb.sizes.iter().filter(|&&s| s != 4).sum::<usize>() * pb.rounds;
    let (q, r) = ((duty / pb.n) as i64, (duty % pb.n) as i64);
    let n = pb.n as i64;
    W_SQUARE * (pairs * pb.rounds) as i64 + W_DUTY * (r * (q + 1) * (q + 1) + (n - r) * q * q)
}

/// Zero-repeat schedules from constructions that fit `n` and `rounds`.
fn constructions(n: usize, rounds: usize, sizes: &[usize], rng: &mut ChaCha8Rng, effort: usize) -> Vec<Schedule> {
    let mut out = Vec::new();
    if n == 16 && rounds <= 5 {
        let mut s = designs::affine_plane_16();
        s.truncate(rounds);
        out.push(s);
        return out;
    }
    if let Some(s) = designs::known(n, rounds, sizes) {
        out.push(s);
        return out;
    }
    // zero repeats needs everyone to meet new players only, and all pairs
    // together no more than once
    let smallest = sizes.iter().min().copied().unwrap_or(4);
    let pairs: usize = sizes.iter().map(|s| s * (s - 1) / 2).sum::<usize>() * rounds;
    let possible = (smallest - 1) * rounds < n && pairs <= n * (n - 1) / 2;
    if possible && n <= 64 {
        for shape in designs::shapes(n, rounds, sizes) {
            let iters = 1_500 * effort;
            if let Some(mut s) = designs::symmetric_search(&shape, rng, iters) {
                s.truncate(rounds);
                out.push(s);
                break;
            }
        }
    }
    out
}

/// Maps the points of a schedule to random players, then moves tables (or
/// players) so that pinned players sit at their table.
fn relabel(pb: &Problem, schedule: Schedule, rng: &mut ChaCha8Rng) -> Vec<Vec<Vec<usize>>> {
    let mut perm: Vec<usize> = (0..pb.n).collect();
    perm.shuffle(rng);
    schedule
        .into_iter()
        .map(|round| {
            let mut round: Vec<Vec<usize>> = round
                .into_iter()
                .map(|t| t.into_iter().map(|p| perm[p]).collect())
                .collect();
            // tables in size order (the constructions use the sizes' order already)
            round.sort_by_key(|t| std::cmp::Reverse(t.len()));
            fix_pins(pb, &mut round);
            round
        })
        .collect()
}

fn fix_pins(pb: &Problem, round: &mut [Vec<usize>]) {
    let settled = |round: &[Vec<usize>], t: usize| round[t].iter().any(|&x| pb.pinned[x] == Some(t));
    for p in 0..pb.n {
        let Some(k) = pb.pinned[p] else { continue };
        let Some(t) = round.iter().position(|tb| tb.contains(&p)) else {
            continue;
        };
        if t == k {
            continue;
        }
        if round[t].len() == round[k].len() && !settled(round, k) && !settled(round, t) {
            round.swap(t, k);
            continue;
        }
        // swap p with someone at table k who is not held there
        let j = round[k]
            .iter()
            .position(|&x| pb.pinned[x].is_none())
            .or_else(|| round[k].iter().position(|&x| pb.pinned[x] != Some(k)));
        if let Some(j) = j {
            let x = round[k][j];
            let i = round[t].iter().position(|&y| y == p).expect("p at t");
            round[k][j] = p;
            round[t][i] = x;
        }
    }
}
