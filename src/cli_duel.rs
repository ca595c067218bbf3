//! `chelem duel`: one bot's strength against another, measured in duplicate.
//!
//! Each seeded deal is played once with every seat played by B (the
//! baseline), then once for each seat `i` with A at seat `i` and B at the
//! others. The deal's statistic is the mean over `i` of A's score at seat
//! `i` minus B's score at seat `i` in the baseline: the cards cancel out.
//! Every play of one deal uses the same cards (same seed), and every RNG is
//! seeded from (seed, table size, deal index, seat), so a run is reproducible
//! whatever the number of threads (with playout budgets, not time budgets).

use std::fmt::Write as _;
use std::time::Instant;

use anyhow::{bail, Context};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::bots::{play_out, Bot, Budget};
use crate::tarot::{Game, Seat};

/// SplitMix64 step: mixes the parts of a seed.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of deal `index` at a table of `players`.
pub fn deal_seed(seed: u64, players: u8, index: u32) -> u64 {
    mix(mix(mix(seed) ^ u64::from(players)) ^ u64::from(index))
}

/// The seed of the bots' RNG when A sits at `seat` (`players`: the baseline).
pub fn play_seed(seed: u64, players: u8, index: u32, seat: u8) -> u64 {
    mix(deal_seed(seed, players, index) ^ (0x5EA7_0000 + u64::from(seat)))
}

/// The duplicate statistic of one deal: mean over the seats of A's score
/// there minus B's score there when B plays every seat.
pub fn duel_deal(players: u8, index: u32, seed: u64, a: Bot, b: Bot) -> f64 {
    let n = usize::from(players);
    let dealer = Seat((index % u32::from(players)) as u8);
    let fresh = || Game::new(players, dealer, deal_seed(seed, players, index));
    let mut base = fresh();
    let bots_b = vec![b; n];
    play_out(
        &mut base,
        &bots_b,
        &mut ChaCha8Rng::seed_from_u64(play_seed(seed, players, index, players)),
    );
    let base_scores = base.scores().expect("the deal is over");
    let mut total = 0i64;
    for i in 0..players {
        let mut g = fresh();
        let mut bots = bots_b.clone();
        bots[usize::from(i)] = a;
        play_out(
            &mut g,
            &bots,
            &mut ChaCha8Rng::seed_from_u64(play_seed(seed, players, index, i)),
        );
        let s = g.scores().expect("the deal is over");
        total += s[usize::from(i)] - base_scores[usize::from(i)];
    }
    total as f64 / n as f64
}

/// The statistic of deals `0..deals`, in deal order, computed on `threads` threads.
pub fn duel_stats(players: u8, deals: u32, seed: u64, a: Bot, b: Bot, threads: usize) -> Vec<f64> {
    let threads = threads.max(1);
    let mut out = vec![0.0; deals as usize];
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t as u32..deals)
                        .step_by(threads)
                        .map(|i| (i, duel_deal(players, i, seed, a, b)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (i, d) in h.join().expect("a duel thread panicked") {
                out[i as usize] = d;
            }
        }
    });
    out
}

/// Mean, standard deviation and 95% confidence half-width (1.96·sd/√n).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Summary {
    /// Deals.
    pub n: usize,
    /// Mean per deal.
    pub mean: f64,
    /// Sample standard deviation.
    pub sd: f64,
    /// Half-width of the 95% confidence interval.
    pub half_width: f64,
}

impl Summary {
    /// The summary of per-deal statistics.
    pub fn of(xs: &[f64]) -> Summary {
        let n = xs.len();
        if n == 0 {
            return Summary {
                n,
                mean: 0.0,
                sd: 0.0,
                half_width: 0.0,
            };
        }
        let mean = xs.iter().sum::<f64>() / n as f64;
        let var = if n > 1 {
            xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1) as f64
        } else {
            0.0
        };
        let sd = var.sqrt();
        Summary {
            n,
            mean,
            sd,
            half_width: 1.96 * sd / (n as f64).sqrt(),
        }
    }
}

/// A bot by name: `quick`, `random` or `strong` (with `playouts` when
/// given, else `budget_ms` per decision).
pub fn parse_bot(name: &str, playouts: Option<u32>, budget_ms: u64) -> anyhow::Result<Bot> {
    Ok(match name {
        "quick" => Bot::Quick,
        "random" => Bot::Random,
        "strong" => Bot::Strong(match playouts {
            Some(p) => Budget::Playouts(p),
            None => Budget::Time(std::time::Duration::from_millis(budget_ms)),
        }),
        other => bail!("unknown bot {other:?}: quick, random or strong"),
    })
}

/// The options of `chelem duel`.
#[derive(Debug, Clone)]
pub struct DuelOptions {
    /// Table sizes.
    pub players: Vec<u8>,
    /// Deals per table size.
    pub deals: u32,
    /// The bot measured.
    pub a: String,
    /// The baseline.
    pub b: String,
    /// Seed of the deals.
    pub seed: u64,
    /// Strong bot: playouts per decision (reproducible).
    pub playouts: Option<u32>,
    /// Strong bot: milliseconds per decision when no playouts are given.
    pub budget_ms: u64,
    /// Threads.
    pub threads: usize,
}

/// Runs the duel and returns the table (Markdown).
pub fn run(opts: &DuelOptions) -> anyhow::Result<String> {
    let a = parse_bot(&opts.a, opts.playouts, opts.budget_ms).context("--a")?;
    let b = parse_bot(&opts.b, opts.playouts, opts.budget_ms).context("--b")?;
    if opts.players.is_empty() || opts.players.iter().any(|p| !(3..=6).contains(p)) {
        bail!("--players takes table sizes among 3, 4, 5, 6");
    }
    if opts.deals < 2 {
        bail!("--deals must be at least 2");
    }
    let mut out = String::new();
    let budget = match opts.playouts {
        Some(p) => format!(", strong: {p} playouts per decision"),
        None if opts.a == "strong" || opts.b == "strong" => format!(", strong: {} ms per decision", opts.budget_ms),
        None => String::new(),
    };
    writeln!(
        out,
        "Duplicate duel: A = {}, B = {} (seed {}{budget})\n",
        opts.a, opts.b, opts.seed
    )?;
    writeln!(out, "| players | deals | A − B per deal | 95% CI | sd | time (s) |")?;
    writeln!(out, "|---|---|---|---|---|---|")?;
    for &players in &opts.players {
        let start = Instant::now();
        let stats = duel_stats(players, opts.deals, opts.seed, a, b, opts.threads);
        let secs = start.elapsed().as_secs_f64();
        let s = Summary::of(&stats);
        writeln!(
            out,
            "| {players} | {} | {:+.1} | [{:+.1}, {:+.1}] | {:.1} | {secs:.1} |",
            s.n,
            s.mean,
            s.mean - s.half_width,
            s.mean + s.half_width,
            s.sd
        )?;
    }
    Ok(out)
}
