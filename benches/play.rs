//! Deal throughput: complete deals (deal, bids, écart, every trick, score)
//! played by the quick bots at 3, 4 and 5 players, and by the random legal
//! player at 4; plus the game-log line of a deal.

use std::hint::black_box;

use chelem::bots::{play_out, Bot};
use chelem::tarot::Game;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const DEALS: u64 = 1000;

fn deals(c: &mut Criterion) {
    let mut group = c.benchmark_group("deals");
    group.throughput(Throughput::Elements(DEALS));
    for (name, bot, players) in [
        ("quick_3", Bot::Quick, 3u8),
        ("quick_4", Bot::Quick, 4),
        ("quick_5", Bot::Quick, 5),
        ("random_4", Bot::Random, 4),
    ] {
        let bots = [bot; 5];
        let mut base = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut rng = ChaCha8Rng::seed_from_u64(base);
                for i in 0..DEALS {
                    let mut g = Game::new(players, (i % u64::from(players)) as u8, base + i);
                    play_out(&mut g, &bots, &mut rng);
                    black_box(g.scores());
                }
                base += DEALS;
            })
        });
    }
    group.finish();
}

fn log_line(c: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let games: Vec<Game> = (0..DEALS)
        .map(|i| {
            let mut g = Game::new(4, (i % 4) as u8, i);
            play_out(&mut g, &[Bot::Quick; 4], &mut rng);
            g
        })
        .collect();
    let mut group = c.benchmark_group("log");
    group.throughput(Throughput::Elements(DEALS));
    let mut buf = Vec::with_capacity(1 << 22);
    group.bench_function("write_log_4", |b| {
        b.iter(|| {
            buf.clear();
            for g in &games {
                g.write_log(&mut buf).unwrap();
            }
            black_box(buf.len());
        })
    });
    group.finish();
}

criterion_group!(benches, deals, log_line);
criterion_main!(benches);
