//! Deal throughput: complete deals (deal, bids, écart, every trick, score)
//! played by the quick bots at 3, 4 and 5 players, and by the random legal
//! player at 4; the game-log line of a deal; and the strong bot's time per
//! card decision with 100 playouts.

use std::hint::black_box;

use chelem::bots::{play_out, sampler_action, Bot, Budget};
use chelem::tarot::{Game, Phase, Seat};
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
                    let mut g = Game::new(players, Seat((i % u64::from(players)) as u8), base + i);
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
            let mut g = Game::new(4, Seat((i % 4) as u8), i);
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

/// Mid-game positions (quick bots at every seat until `stop` cards are played).
fn positions(players: u8) -> Vec<(Game, Seat)> {
    (0..20u64)
        .filter_map(|seed| {
            let mut g = Game::new(players, Seat((seed % u64::from(players)) as u8), seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let stop = (seed as usize * 7) % 40;
            let mut played = 0;
            while let Some(s) = g.to_act() {
                if g.phase() == Phase::Play {
                    if played >= stop {
                        return Some((g, s));
                    }
                    played += 1;
                }
                let a = Bot::Quick.act(&g, s, &mut rng);
                g.apply(s, a).expect("a legal action");
            }
            None
        })
        .collect()
}

fn strong_decision(c: &mut Criterion) {
    let mut group = c.benchmark_group("strong");
    group.sample_size(10);
    for players in [3u8, 4, 5] {
        let at = positions(players);
        group.throughput(Throughput::Elements(at.len() as u64));
        group.bench_function(format!("decision_100_playouts_{players}"), |b| {
            b.iter(|| {
                for (i, (g, seat)) in at.iter().enumerate() {
                    let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
                    black_box(sampler_action(g, *seat, Budget::Playouts(100), &mut rng));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, deals, log_line, strong_decision);
criterion_main!(benches);
