//! Times `plan` on the reference instances: `cargo bench --bench seating`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

use chelem::tournament::seating::{plan, PlanOptions, PlayerId};

const INSTANCES: &[(usize, usize)] = &[
    (16, 5),
    (20, 5),
    (22, 5),
    (26, 5),
    (37, 5),
    (40, 5),
    (45, 7),
    (100, 10),
    (400, 10),
    (12, 4),
    (18, 4),
    (24, 7),
    (28, 9),
    (32, 10),
];

fn bench_plan(c: &mut Criterion) {
    let mut group = c.benchmark_group("plan");
    group.sample_size(10);
    for &(n, rounds) in INSTANCES {
        let players: Vec<PlayerId> = (1..=n as PlayerId).collect();
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{n}x{rounds}")),
            &players,
            |b, players| b.iter(|| plan(players, rounds, &PlanOptions::default(), 1).expect("plan")),
        );
    }
    group.finish();
}

criterion_group!(benches, bench_plan);
criterion_main!(benches);
