//! Prints the quality of `plan` on the reference instances:
//! `cargo run --release --example seating_quality [-- SEED]`.
//!
//! Columns: repeats (sum over pairs of max(0, met − 1)), the most times a
//! pair met, tables of 5 per player (fewest..most over the tournament, and
//! the worst spread max − min over every prefix of the tournament), first
//! dealer seats (seat 0) per player (fewest..most), planning time.

use std::collections::BTreeMap;
use std::time::Instant;

use chelem::tournament::seating::{plan, PlanOptions, PlayerId, Round, SeatingReport, REFERENCE_INSTANCES};

/// Fewest..most of a per-player count (players with none included).
fn spread(counts: &BTreeMap<PlayerId, u32>, n: usize) -> (u32, u32) {
    let min = if counts.len() < n {
        0
    } else {
        counts.values().min().copied().unwrap_or(0)
    };
    (min, counts.values().max().copied().unwrap_or(0))
}

/// The largest max − min of tables of 5 per player over the prefixes.
fn worst_prefix_spread(schedule: &[Round], n: usize) -> u32 {
    let mut fives: BTreeMap<PlayerId, u32> = BTreeMap::new();
    let mut worst = 0;
    for round in schedule {
        for table in round.iter().filter(|t| t.len() == 5) {
            for &p in table {
                *fives.entry(p).or_default() += 1;
            }
        }
        let (lo, hi) = spread(&fives, n);
        worst = worst.max(hi - lo);
    }
    worst
}

fn main() {
    let seed: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    println!(
        "{:>9} {:>8} {:>8} {:>9} {:>13} {:>9} {:>10}",
        "instance", "repeats", "max met", "5s/player", "5s worst pref", "dealer", "time (ms)"
    );
    for &(n, rounds) in REFERENCE_INSTANCES {
        let players: Vec<PlayerId> = (1..=n as i32).map(PlayerId::new).collect();
        let start = Instant::now();
        let schedule = plan(&players, rounds, &PlanOptions::default(), seed).expect("plan");
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let report = SeatingReport::from_rounds(&schedule);
        let (five_min, five_max) = spread(&report.tables_of_five, n);
        let mut dealers: BTreeMap<PlayerId, u32> = BTreeMap::new();
        for table in schedule.iter().flatten() {
            *dealers.entry(table[0]).or_default() += 1;
        }
        let (deal_min, deal_max) = spread(&dealers, n);
        println!(
            "{:>9} {:>8} {:>8} {:>9} {:>13} {:>9} {:>10.1}",
            format!("{n}x{rounds}"),
            report.repeats,
            report.max_met,
            format!("{five_min}..{five_max}"),
            worst_prefix_spread(&schedule, n),
            format!("{deal_min}..{deal_max}"),
            ms,
        );
    }
}
