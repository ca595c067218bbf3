//! The open-hand solver (`chelem::solver`): deals played by the quick bots
//! (as `chelem simulate` plays them), cut at a trick and solved to the end,
//! at 4 players and at 5 (the partner known to the solver); then each
//! speed-up turned off alone, on the same positions (docs/solver.md).
//! Each iteration solves every position with a fresh table (allocated
//! outside the timing).

use std::hint::black_box;

use chelem::bots::{play_out, Bot};
use chelem::solver::{position_from_log, solve_with, Config, Position, Table};
use chelem::tarot::{Game, Seat};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// `count` positions of `players`: deals with a taker, cut before trick
/// `trick` (1-based: trick 1 is the whole play).
fn positions(players: u8, trick: usize, count: usize) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut out = Vec::new();
    for seed in 1.. {
        let mut g = Game::new(players, Seat((seed % u64::from(players)) as u8), seed);
        play_out(&mut g, &[Bot::Quick; 6], &mut rng);
        if g.taker().is_none() {
            continue;
        }
        let mut log = serde_json::to_value(g.log()).unwrap();
        log["tricks"].as_array_mut().unwrap().truncate(trick - 1);
        out.push(position_from_log(&log.to_string()).unwrap().unwrap());
        if out.len() == count {
            break;
        }
    }
    out
}

fn run(c: &mut Criterion, name: &str, positions: &[Position], config: Config) {
    c.bench_function(name, |b| {
        b.iter_batched(
            || Table::with_bits(20),
            |mut table| {
                for p in positions {
                    black_box(solve_with(p, &mut table, config).nodes);
                }
            },
            BatchSize::PerIteration,
        )
    });
}

fn by_trick(c: &mut Criterion) {
    for (players, trick) in [(4u8, 14usize), (4, 13), (5, 12), (5, 11)] {
        let ps = positions(players, trick, 10);
        run(c, &format!("solve_{players}p_trick{trick}_x10"), &ps, Config::default());
    }
}

fn speedups(c: &mut Criterion) {
    let ps = positions(4, 14, 10);
    let all = Config::default();
    for (name, config) in [
        ("no_table", Config { table: false, ..all }),
        (
            "no_equivalence",
            Config {
                equivalence: false,
                ..all
            },
        ),
        ("with_ordering", Config { ordering: true, ..all }),
        ("no_bounds", Config { bounds: false, ..all }),
        ("full_window", Config { mtdf: false, ..all }),
        ("with_history", Config { history: true, ..all }),
    ] {
        run(c, &format!("solve_4p_trick14_x10_{name}"), &ps, config);
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = by_trick, speedups
}
criterion_main!(benches);
