//! Prints the quality of `plan` on the reference instances:
//! `cargo run --release --example seating_quality [-- SEED]`.

use std::time::Instant;

use chelem::tournament::seating::{plan, PlanOptions, PlayerId, SeatingReport};

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

fn main() {
    let seed: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    println!(
        "{:>9} {:>8} {:>8} {:>10}",
        "instance", "repeats", "max met", "time (ms)"
    );
    for &(n, rounds) in INSTANCES {
        let players: Vec<PlayerId> = (1..=n as PlayerId).collect();
        let start = Instant::now();
        let schedule = plan(&players, rounds, &PlanOptions::default(), seed).expect("plan");
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let report = SeatingReport::from_rounds(&schedule);
        let five_min = report.tables_of_five.values().min().copied().unwrap_or(0);
        let five_max = report.tables_of_five.values().max().copied().unwrap_or(0);
        println!(
            "{:>9} {:>8} {:>8} {:>10.1}   (tables of 5 per player: {}..{})",
            format!("{n}x{rounds}"),
            report.repeats,
            report.max_met,
            ms,
            five_min,
            five_max
        );
    }
}
