//! The solver's figures in-process (docs/solver.md, "How fast"): every deal
//! with a taker of a `chelem simulate --log` file, cut before a trick,
//! solved with `solve_with` (the call `chelem solve` makes, with the
//! default `Config` unless changed), one table kept from one position to
//! the next. Each position's time and nodes go to stderr as it is solved.
//!
//! ```sh
//! cargo run --release -p chelem-core --example solver_figures -- p4.jsonl 13 [deals] [table-mb] [changes]
//! ```
//!
//! `changes`: the speed-ups turned on or off against the default
//! (`Config`), comma-separated: `order`, `noorder`, `mtdf`, `nomtdf`,
//! `history`, `nohistory`, `notable`, `noeq`, `nobounds`.

use std::time::Instant;

use chelem_core::solver::{position_from_log, solve_with, Config, Table};

fn quantile(v: &[f64], p: f64) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    v[((v.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let log = std::fs::read_to_string(&args[1]).expect("a log file");
    let trick: usize = args[2].parse().expect("a trick number");
    let deals: usize = args
        .get(3)
        .map_or(usize::MAX, |s| s.parse().expect("a number of deals"));
    let mb: usize = args.get(4).map_or(64, |s| s.parse().expect("megabytes"));
    let mut config = Config::default();
    for change in args.get(5).map_or("", |s| s.as_str()).split(',') {
        match change {
            "order" => config.ordering = true,
            "noorder" => config.ordering = false,
            "mtdf" => config.mtdf = true,
            "nomtdf" => config.mtdf = false,
            "notable" => config.table = false,
            "noeq" => config.equivalence = false,
            "nobounds" => config.bounds = false,
            "history" => config.history = true,
            "nohistory" => config.history = false,
            "" => {}
            other => panic!("unknown change {other}"),
        }
    }
    let mut table = Table::with_megabytes(mb);
    let (mut ms, mut nodes) = (Vec::new(), Vec::new());
    for line in log.lines() {
        let mut d: serde_json::Value = serde_json::from_str(line).expect("JSON");
        if d["taker"].is_null() {
            continue;
        }
        d["tricks"].as_array_mut().expect("tricks").truncate(trick - 1);
        let pos = position_from_log(&d.to_string()).expect("JSON").expect("a position");
        let t = Instant::now();
        let sol = solve_with(&pos, &mut table, config);
        ms.push(t.elapsed().as_secs_f64() * 1000.0);
        nodes.push(sol.nodes as f64);
        // Each position on stderr, for the runs cut short.
        eprintln!("{} {:.2} ms {} nodes", ms.len(), ms[ms.len() - 1], sol.nodes);
        if ms.len() == deals {
            break;
        }
    }
    let total: f64 = ms.iter().sum();
    println!(
        "{} trick {trick}: {} positions, ms median {:.2} p95 {:.1} max {:.1} total {:.0}; nodes median {} p95 {}",
        args[1],
        ms.len(),
        quantile(&ms, 0.5),
        quantile(&ms, 0.95),
        quantile(&ms, 1.0),
        total,
        quantile(&nodes, 0.5),
        quantile(&nodes, 0.95)
    );
}
