//! The rating's rebuild: a season of 40 tournaments among 300 players,
//! rated from scratch as after any deal entered or corrected
//! (docs/rating.md). Each evening about 180 of the players come, seated at
//! random at tables of 4 (and 5), 5 rounds of 6 deals: 1,350 deals an
//! evening, 54,000 in the season. The scores are drawn zero-sum around the
//! players' hidden strengths (the fit's cost does not depend on the cards).

use std::hint::black_box;

use chelem::rating::{rate, FreeDeal, Model, TournamentDeals};
use chelem::tournament::ids::{PlayerId, TournamentId};
use criterion::{criterion_group, criterion_main, Criterion};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const PLAYERS: usize = 300;
const TOURNAMENTS: usize = 40;

fn table_deal(rng: &mut ChaCha8Rng, table: &[usize], strength: &[f64]) -> FreeDeal {
    let n = table.len();
    let taker = rng.random_range(0..n);
    let edge = strength[table[taker]] - table.iter().map(|&p| strength[p]).sum::<f64>() / n as f64;
    let unit = (rng.random_range(-90.0..90.0) + edge).round() as i64;
    let scores = table
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let s = if i == taker { unit * (n as i64 - 1) } else { -unit };
            (PlayerId::new(p as i32 + 1), s)
        })
        .collect();
    FreeDeal { scores }
}

fn season() -> Vec<TournamentDeals> {
    let mut rng = ChaCha8Rng::seed_from_u64(46);
    let strength: Vec<f64> = (0..PLAYERS).map(|_| rng.random_range(-40.0..40.0)).collect();
    let start = chrono::NaiveDate::from_ymd_opt(2026, 9, 1).unwrap();
    (0..TOURNAMENTS)
        .map(|t| {
            let mut here: Vec<usize> = (0..PLAYERS).filter(|_| rng.random_bool(0.6)).collect();
            let mut free = Vec::new();
            for _round in 0..5 {
                here.shuffle(&mut rng);
                let fives = here.len() % 4;
                let mut rest = &here[..];
                for k in 0.. {
                    if rest.is_empty() {
                        break;
                    }
                    let size = if k < fives { 5 } else { 4 };
                    let (table, tail) = rest.split_at(size.min(rest.len()));
                    rest = tail;
                    free.extend((0..6).map(|_| table_deal(&mut rng, table, &strength)));
                }
            }
            TournamentDeals {
                date: start + chrono::Days::new(7 * t as u64),
                id: TournamentId::new(t as i32 + 1),
                free,
                duplicate: Vec::new(),
            }
        })
        .collect()
}

fn bench_rating(c: &mut Criterion) {
    let s = season();
    let model = Model::default();
    c.bench_function("rate a season: 40 tournaments, 300 players, 54k deals", |b| {
        b.iter(|| rate(black_box(&s), &model).unwrap())
    });
}

criterion_group!(benches, bench_rating);
criterion_main!(benches);
