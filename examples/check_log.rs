//! Checks a `chelem simulate --log` file against the FFT rules with the
//! independent checker of the tests (`tests/core/play/checker.rs`), which shares
//! no code with the engine.
//!
//! `cargo run --release --example check_log -- deals.jsonl`

#[path = "../tests/core/play/checker.rs"]
mod checker;

use std::io::BufRead;

fn main() {
    let path = std::env::args().nth(1).expect("usage: check_log FILE.jsonl");
    let file = std::fs::File::open(&path).expect("open the log");
    let (mut deals, mut void, mut bad) = (0u64, 0u64, 0u64);
    for (i, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.expect("read a line");
        if line.trim().is_empty() {
            continue;
        }
        deals += 1;
        let result = serde_json::from_str(&line)
            .map_err(|e| format!("not JSON: {e}"))
            .and_then(|v| checker::check(&v));
        match result {
            Ok(c) => void += u64::from(c.void),
            Err(e) => {
                bad += 1;
                if bad <= 10 {
                    eprintln!("line {}: {e}", i + 1);
                }
            }
        }
    }
    println!("{path}: {deals} deals checked, {void} void, {bad} refused");
    if bad > 0 || deals == 0 {
        std::process::exit(1);
    }
}
