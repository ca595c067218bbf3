//! `chelem simulate`: deals played in full by the built-in bots (FORMATS.md).
//!
//! Deal `i` (from 0) is dealt by seat `i % players` from seed `seed + i`;
//! every seat is played by the quick bot. With a log, each deal is written
//! as one game-log JSON line.

use std::io::Write;
use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::bots::{play_out, Bot};
use crate::tarot::{Contract, Game, Seat};

/// What a run of `chelem simulate` did.
#[derive(Debug, Clone, PartialEq)]
pub struct SimulateSummary {
    /// Table size.
    pub players: u8,
    /// Deals played.
    pub deals: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Deals where every seat passed.
    pub void: u64,
    /// Deals by contract: petite, garde, garde sans, garde contre.
    pub contracts: [u64; 4],
    /// Deals the attack made.
    pub attack_won: u64,
}

impl SimulateSummary {
    /// Deals per second.
    pub fn deals_per_second(&self) -> f64 {
        if self.seconds > 0.0 {
            self.deals as f64 / self.seconds
        } else {
            0.0
        }
    }

    /// The summary as printed on standard output.
    pub fn text(&self) -> String {
        let played: u64 = self.contracts.iter().sum();
        let rate = if played > 0 {
            100.0 * self.attack_won as f64 / played as f64
        } else {
            0.0
        };
        let c = self.contracts;
        format!(
            "deals played: {}\nplayers: {}\nseconds: {:.3}\ndeals per second: {:.0}\n\
             contracts: all pass {}, petite {}, garde {}, garde_sans {}, garde_contre {}\n\
             attack success rate: {:.1}% ({} of {})\n",
            self.deals,
            self.players,
            self.seconds,
            self.deals_per_second(),
            self.void,
            c[0],
            c[1],
            c[2],
            c[3],
            rate,
            self.attack_won,
            played
        )
    }
}

/// Plays `deals` deals at `players` (3, 4, 5 or 6) with `bot` at every seat,
/// writing each deal's game-log line to `log` if given.
pub fn simulate(
    players: u8,
    deals: u64,
    seed: u64,
    bot: Bot,
    mut log: Option<&mut dyn Write>,
) -> anyhow::Result<SimulateSummary> {
    anyhow::ensure!((3..=6).contains(&players), "--players must be 3, 4, 5 or 6");
    let bots = [bot; 6];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut line = Vec::with_capacity(8192);
    let start = Instant::now();
    let mut summary = SimulateSummary {
        players,
        deals,
        seconds: 0.0,
        void: 0,
        contracts: [0; 4],
        attack_won: 0,
    };
    for i in 0..deals {
        let dealer = Seat((i % u64::from(players)) as u8);
        let mut game = Game::new(players, dealer, seed.wrapping_add(i));
        play_out(&mut game, &bots, &mut rng);
        match game.contract() {
            None => summary.void += 1,
            Some(c) => {
                let k = Contract::ALL.iter().position(|x| *x == c).unwrap_or(0);
                summary.contracts[k] += 1;
                if game.record().is_some_and(|r| r.won()) {
                    summary.attack_won += 1;
                }
            }
        }
        if let Some(w) = log.as_deref_mut() {
            line.clear();
            game.write_log(&mut line)?;
            line.push(b'\n');
            w.write_all(&line)?;
        }
    }
    if let Some(w) = log {
        w.flush()?;
    }
    summary.seconds = start.elapsed().as_secs_f64();
    Ok(summary)
}
