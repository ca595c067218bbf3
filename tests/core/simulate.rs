//! `chelem simulate` through the real binary: the summary, and logs whose
//! every line passes the deal-log checker of tests/core/play and replays.

use crate::play::checker;

use chelem::tarot::play::GameLog;
use chelem::tarot::Game;

/// `chelem simulate` through the real binary: the summary, and a log whose
/// every line passes the checker and replays.
#[test]
fn simulate_binary_writes_a_checkable_log() {
    let dir = tempfile::tempdir().unwrap();
    for players in ["3", "4", "5", "6"] {
        let log = dir.path().join(format!("deals-{players}.jsonl"));
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_chelem"))
            .args([
                "simulate",
                "--players",
                players,
                "--deals",
                "300",
                "--seed",
                "5",
                "--log",
            ])
            .arg(&log)
            .env_remove("DATABASE_URL")
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).unwrap();
        for needle in [
            "deals played: 300",
            "deals per second: ",
            "contracts: ",
            "attack success rate: ",
        ] {
            assert!(text.contains(needle), "{needle} missing in\n{text}");
        }
        let lines: Vec<String> = std::fs::read_to_string(&log)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect();
        assert_eq!(lines.len(), 300);
        for (i, line) in lines.iter().enumerate() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            checker::check(&v).unwrap_or_else(|e| panic!("line {i}: {e}"));
            assert_eq!(v["seed"], 5 + i as u64);
            let parsed: GameLog = serde_json::from_value(v).unwrap();
            let g = Game::replay(parsed.players, parsed.dealer, parsed.seed, &parsed.actions()).unwrap();
            assert_eq!(g.log(), parsed);
        }
    }
    for players in ["2", "7", "six"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_chelem"))
            .args(["simulate", "--players", players, "--deals", "1"])
            .output()
            .unwrap();
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--players must be 3, 4, 5 or 6"), "{err}");
    }
}

/// `chelem simulate --bot strong --playouts N` is reproducible: the same run
/// twice writes the same log, every deal of which passes the checker.
#[test]
fn simulate_with_the_strong_bot_is_reproducible_in_playouts() {
    let dir = tempfile::tempdir().unwrap();
    let run = |name: &str| {
        let log = dir.path().join(name);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_chelem"))
            .args(["simulate", "--players", "4", "--deals", "6", "--seed", "11"])
            .args(["--bot", "strong", "--playouts", "24", "--log"])
            .arg(&log)
            .env_remove("DATABASE_URL")
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        std::fs::read_to_string(&log).unwrap()
    };
    let (a, b) = (run("a.jsonl"), run("b.jsonl"));
    assert_eq!(a, b);
    assert_eq!(a.lines().count(), 6);
    for (i, line) in a.lines().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        checker::check(&v).unwrap_or_else(|e| panic!("line {i}: {e}"));
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chelem"))
        .args(["simulate", "--players", "4", "--deals", "1", "--bot", "nobody"])
        .output()
        .unwrap();
    assert!(!out.status.success());
}
