//! Times `plan` on the reference instances: `cargo bench -p chelem-bench --bench seating`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

use chelem::tournament::seating::{plan, PlanOptions, PlayerId, REFERENCE_INSTANCES};

fn bench_plan(c: &mut Criterion) {
    let mut group = c.benchmark_group("plan");
    group.sample_size(10);
    for &(n, rounds) in REFERENCE_INSTANCES {
        let players: Vec<PlayerId> = (1..=n as i32).map(PlayerId::new).collect();
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
