//! Scoring throughput: records scored per second through the library, and
//! JSON line → output line through `cli_score::run` on an in-memory buffer.

use std::hint::black_box;

use chelem::cli_score;
use chelem::tarot::{
    possible_points, score, Camp, Chelem, Contract, DealRecord, Handful, HandfulSize, RecordInput, ScoringRules, Seat,
};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Valid records, drawn at random (points inside the possible range).
fn records(count: usize) -> Vec<DealRecord> {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let rules = ScoringRules::default();
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let players = rng.random_range(3..=5u8);
        let taker = rng.random_range(0..players);
        let partner = (players == 5 && rng.random_bool(0.8)).then(|| rng.random_range(0..5u8));
        let contract = Contract::ALL[rng.random_range(0..4)];
        let oudlers = rng.random_range(0..=3u8);
        let pab = [None, None, None, Some(Camp::Attack), Some(Camp::Defence)][rng.random_range(0..5)];
        let made_by = if rng.random_bool(0.02) {
            Some(Camp::Attack)
        } else {
            None
        };
        let with_partner = partner.is_some_and(|p| p != taker);
        let Some((lo, hi)) = possible_points(players, with_partner, contract, oudlers, pab, made_by) else {
            continue;
        };
        let points = chelem::tarot::HalfPoints(rng.random_range(lo.get()..=hi.get()));
        let handfuls = if rng.random_bool(0.1) {
            vec![Handful {
                seat: Seat(rng.random_range(0..players)),
                size: HandfulSize::Simple,
            }]
        } else {
            vec![]
        };
        let input = RecordInput {
            players,
            taker,
            partners: partner.into_iter().collect(),
            contract,
            oudlers,
            points,
            handfuls,
            petit_au_bout: pab,
            chelem: Chelem {
                announced: made_by.is_some() && rng.random_bool(0.5),
                made_by,
            },
            miseres: vec![],
        };
        if let Ok(r) = DealRecord::new(input, &rules) {
            out.push(r);
        }
    }
    out
}

fn to_json(r: &DealRecord) -> String {
    let mut v = serde_json::json!({
        "players": r.players(), "taker": r.taker(), "contract": r.contract(),
        "oudlers": r.oudlers(), "points": r.points(),
        "handfuls": r.handfuls(), "petit_au_bout": r.petit_au_bout(),
        "chelem": r.chelem(),
    });
    if let Some(p) = r.partner() {
        v["partner"] = serde_json::json!(p);
    }
    v.to_string()
}

fn bench(c: &mut Criterion) {
    let recs = records(10_000);
    let mut g = c.benchmark_group("library");
    g.throughput(Throughput::Elements(recs.len() as u64));
    g.bench_function("score 10k records", |b| {
        b.iter(|| {
            let mut total = 0i64;
            for r in &recs {
                total += score(black_box(r)).per_defender;
            }
            total
        })
    });
    g.finish();

    let lines: Vec<String> = recs.iter().map(to_json).collect();
    let mut input = String::new();
    for i in 0..100_000 {
        input.push_str(&lines[i % lines.len()]);
        input.push('\n');
    }
    let mut g = c.benchmark_group("cli");
    g.throughput(Throughput::Elements(100_000));
    g.sample_size(10);
    g.bench_function("run 100k lines", |b| {
        let mut out = Vec::with_capacity(40 << 20);
        b.iter(|| {
            out.clear();
            cli_score::run(input.as_bytes(), &mut out, &ScoringRules::default()).unwrap()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
