//! `chelem duel`: one bot's strength against another, measured in duplicate.
//!
//! Each seeded deal is played once with every seat played by B (the
//! baseline), then once for each seat `i` with A at seat `i` and B at the
//! others. The deal's statistic is the mean over `i` of A's score at seat
//! `i` minus B's score at seat `i` in the baseline: the cards cancel out.
//! Every play of one deal uses the same cards (same seed), and every RNG is
//! seeded from (seed, table size, deal index, seat), so a run is reproducible
//! whatever the number of threads (with playout budgets, not time budgets).
//! A's decisions are timed (wall clock, outside the bots): the table gives
//! the mean and the longest time per decision.

use std::fmt::Write as _;
use std::time::Instant;

use anyhow::{bail, Context};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::bots::{play_out, Bot, Budget};
use crate::tarot::{Game, Seat};

/// The time A took for its decisions.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Timing {
    /// Decisions made.
    pub decisions: u64,
    /// Their total time (seconds).
    pub secs: f64,
    /// The longest one (seconds).
    pub max_secs: f64,
}

impl Timing {
    /// Both timings together.
    pub fn merge(self, other: Timing) -> Timing {
        Timing {
            decisions: self.decisions + other.decisions,
            secs: self.secs + other.secs,
            max_secs: self.max_secs.max(other.max_secs),
        }
    }

    /// Mean time per decision in milliseconds.
    pub fn mean_ms(&self) -> f64 {
        if self.decisions == 0 {
            return 0.0;
        }
        1000.0 * self.secs / self.decisions as f64
    }
}

/// [`play_out`], timing the decisions of the seat `timed`.
fn play_out_timed(game: &mut Game, bots: &[Bot], timed: Seat, rng: &mut ChaCha8Rng) -> Timing {
    let mut t = Timing::default();
    while let Some(seat) = game.to_act() {
        let bot = bots[seat.index()];
        let start = Instant::now();
        let action = bot.act(game, seat, rng);
        if seat == timed {
            let secs = start.elapsed().as_secs_f64();
            t = t.merge(Timing {
                decisions: 1,
                secs,
                max_secs: secs,
            });
        }
        if let Err(e) = game.apply(seat, action) {
            panic!("bot {bot:?} at seat {seat} chose {action:?}: {e}");
        }
    }
    t
}

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
    duel_deal_timed(players, index, seed, a, b).0
}

/// [`duel_deal`] and the time A took for its decisions.
pub fn duel_deal_timed(players: u8, index: u32, seed: u64, a: Bot, b: Bot) -> (f64, Timing) {
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
    let mut timing = Timing::default();
    for i in 0..players {
        let mut g = fresh();
        let mut bots = bots_b.clone();
        bots[usize::from(i)] = a;
        timing = timing.merge(play_out_timed(
            &mut g,
            &bots,
            Seat(i),
            &mut ChaCha8Rng::seed_from_u64(play_seed(seed, players, index, i)),
        ));
        let s = g.scores().expect("the deal is over");
        total += s[usize::from(i)] - base_scores[usize::from(i)];
    }
    (total as f64 / n as f64, timing)
}

/// The statistic of deals `0..deals`, in deal order, computed on `threads` threads.
pub fn duel_stats(players: u8, deals: u32, seed: u64, a: Bot, b: Bot, threads: usize) -> Vec<f64> {
    duel_stats_timed(players, deals, seed, a, b, threads).0
}

/// [`duel_stats`] and the time A took for its decisions.
pub fn duel_stats_timed(players: u8, deals: u32, seed: u64, a: Bot, b: Bot, threads: usize) -> (Vec<f64>, Timing) {
    let threads = threads.max(1);
    let mut out = vec![0.0; deals as usize];
    let mut timing = Timing::default();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t as u32..deals)
                        .step_by(threads)
                        .map(|i| (i, duel_deal_timed(players, i, seed, a, b)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (i, (d, t)) in h.join().expect("a duel thread panicked") {
                out[i as usize] = d;
                timing = timing.merge(t);
            }
        }
    });
    (out, timing)
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

/// A bot by name: `quick`, `random`, `strong` (the search player) or
/// `sampler` (the former strong player), the last two with `playouts`
/// search iterations per decision when given, else `budget_ms` per decision.
pub fn parse_bot(name: &str, playouts: Option<u32>, budget_ms: u64) -> anyhow::Result<Bot> {
    let budget = match playouts {
        Some(p) => Budget::Playouts(p),
        None => Budget::Time(std::time::Duration::from_millis(budget_ms)),
    };
    Ok(match name {
        "quick" => Bot::Quick,
        "random" => Bot::Random,
        "strong" => Bot::Strong(budget),
        "sampler" => Bot::Sampler(budget),
        other => bail!("unknown bot {other:?}: quick, random, strong or sampler"),
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
        Some(p) => format!(", strong/sampler: {p} playouts per decision"),
        None if [&opts.a, &opts.b].iter().any(|n| *n == "strong" || *n == "sampler") => {
            format!(", strong/sampler: {} ms per decision", opts.budget_ms)
        }
        None => String::new(),
    };
    writeln!(
        out,
        "Duplicate duel: A = {}, B = {} (seed {}{budget})\n",
        opts.a, opts.b, opts.seed
    )?;
    writeln!(
        out,
        "| players | deals | A − B per deal | 95% CI | sd | time (s) | A ms per decision (max) |"
    )?;
    writeln!(out, "|---|---|---|---|---|---|---|")?;
    for &players in &opts.players {
        let start = Instant::now();
        let (stats, timing) = duel_stats_timed(players, opts.deals, opts.seed, a, b, opts.threads);
        let secs = start.elapsed().as_secs_f64();
        let s = Summary::of(&stats);
        writeln!(
            out,
            "| {players} | {} | {:+.1} | [{:+.1}, {:+.1}] | {:.1} | {secs:.1} | {:.2} ({:.0}) |",
            s.n,
            s.mean,
            s.mean - s.half_width,
            s.mean + s.half_width,
            s.sd,
            timing.mean_ms(),
            1000.0 * timing.max_secs
        )?;
    }
    Ok(out)
}
