//! A duplicate tournament played by bots only, through the server's API
//! (docs/bots.md, "Measured in a duplicate tournament"): half the players
//! are played by bot A, half by bot B; every table of every round goes on
//! the devices with each seat given to its player's bot, at the instant
//! pace; the rounds are played out, then every deal's traveller says how A
//! and B did with the same cards at the same seat. Prints A's mean
//! percentage and B's, and A − B in points per deal at the same seat of the
//! same deal (where both held it), with its 95 % interval: the figure
//! `chelem duel` gives by its own means.
//!   bots_duplicate --base http://127.0.0.1:PORT --token TOKEN
//!                  [--players 16] [--rounds 6] [--deals 6] [--a strong] [--b quick]
//! Run by `scripts/bots-duplicate.sh`, which starts the server.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

struct Api {
    agent: ureq::Agent,
    base: String,
    token: String,
}

impl Api {
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let url = format!("{}{path}", self.base);
        let auth = format!("Bearer {}", self.token);
        let result = match method {
            "GET" => self.agent.get(&url).header("Authorization", &auth).call(),
            _ => {
                let req = self.agent.post(&url).header("Authorization", &auth);
                match body {
                    Some(b) => req.header("Content-Type", "application/json").send(b.to_string()),
                    None => req.send_empty(),
                }
            }
        };
        match result {
            Ok(mut resp) => {
                let status = resp.status().as_u16();
                let text = resp.body_mut().read_to_string().unwrap_or_default();
                (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
            }
            Err(e) => panic!("{method} {path}: {e}"),
        }
    }

    /// A call that must answer `want`.
    fn ok(&self, method: &str, path: &str, body: Option<Value>, want: u16) -> Value {
        let (status, v) = self.call(method, path, body);
        assert_eq!(status, want, "{method} {path}: {v}");
        v
    }
}

fn arg(args: &[String], name: &str, default: &str) -> String {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
        .unwrap_or_else(|| default.to_owned())
}

/// Mean and half-width of the 95 % interval.
fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * var.sqrt() / n.sqrt())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let api = Api {
        agent: ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(60)))
            .build()
            .into(),
        base: arg(&args, "--base", "http://127.0.0.1:8080"),
        token: arg(&args, "--token", ""),
    };
    let players: usize = arg(&args, "--players", "16").parse().expect("--players");
    let rounds: i64 = arg(&args, "--rounds", "6").parse().expect("--rounds");
    let deals: i64 = arg(&args, "--deals", "6").parse().expect("--deals");
    let (a, b) = (arg(&args, "--a", "strong"), arg(&args, "--b", "quick"));
    assert!(
        players.is_multiple_of(8),
        "--players: a multiple of 8 (tables of 4, half of them each bot's)"
    );
    let started = Instant::now();
    let t = api.ok(
        "POST",
        "/api/tournaments",
        Some(json!({"name": format!("{a} contre {b} en duplicate"), "rounds": rounds,
                    "format": "duplicate", "deals_per_round": deals})),
        201,
    );
    let id = t["id"].as_i64().unwrap();
    // Player id → the bot that plays them.
    let mut bot_of: BTreeMap<i64, String> = BTreeMap::new();
    for i in 0..players {
        let kind = if i % 2 == 0 { &a } else { &b };
        let p = api.ok(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            Some(json!({"name": format!("{kind} {:02}", i / 2 + 1), "club": "Robots"})),
            201,
        );
        bot_of.insert(p["id"].as_i64().unwrap(), kind.clone());
    }
    for r in 1..=rounds {
        let round = api.ok(
            "POST",
            &format!("/api/tournaments/{id}/rounds"),
            Some(json!({"close_previous": true})),
            201,
        );
        for table in round["tables"].as_array().unwrap() {
            let n = table["table"].as_i64().unwrap();
            let g = api.ok(
                "POST",
                &format!("/api/tournaments/{id}/rounds/{r}/tables/{n}/digital"),
                None,
                201,
            );
            let game = g["game"].as_i64().unwrap();
            api.ok(
                "POST",
                &format!("/api/games/{game}/pace"),
                Some(json!({"pace": "instant"})),
                204,
            );
            for seat in g["seats"].as_array().unwrap() {
                let player = seat["player"].as_i64().unwrap();
                api.ok(
                    "POST",
                    &format!("/api/games/{game}/seats/{}", seat["seat"]),
                    Some(json!({"bot": bot_of[&player]})),
                    204,
                );
            }
        }
        // Until every table has entered its deals.
        let tables = round["tables"].as_array().unwrap().len();
        let deadline = Instant::now() + Duration::from_secs(1800);
        loop {
            let doc = api.ok("GET", &format!("/api/tournaments/{id}/rounds/{r}"), None, 200);
            let entered: usize = doc["tables"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t["entries"].as_array().map_or(0, Vec::len))
                .sum();
            if entered >= tables * deals as usize {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "round {r}: {entered} deals entered after 30 minutes"
            );
            std::thread::sleep(Duration::from_millis(500));
        }
        eprintln!("round {r} played ({:.0} s)", started.elapsed().as_secs_f64());
    }
    // Every deal, every seat: A's results against B's with the same cards.
    let (mut diffs, mut pct_a, mut pct_b) = (Vec::new(), Vec::new(), Vec::new());
    for d in 1..=rounds * deals {
        let doc = api.ok("GET", &format!("/api/tournaments/{id}/deals/{d}"), None, 200);
        for seat in 0..4 {
            let (mut sa, mut sb) = (Vec::new(), Vec::new());
            for result in doc["results"].as_array().unwrap() {
                let player = result["players"][seat].as_i64().unwrap();
                let score = result["scores"][seat].as_f64().unwrap();
                let percent = result["percent"][seat].as_f64().unwrap();
                if bot_of[&player] == a {
                    sa.push(score);
                    pct_a.push(percent);
                } else {
                    sb.push(score);
                    pct_b.push(percent);
                }
            }
            if !sa.is_empty() && !sb.is_empty() {
                let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
                diffs.push(mean(&sa) - mean(&sb));
            }
        }
    }
    let standings = api.ok("GET", &format!("/api/tournaments/{id}/standings"), None, 200);
    let first = &standings[0];
    let (diff, half) = mean_ci(&diffs);
    let (pa, pb) = (mean_ci(&pct_a).0, mean_ci(&pct_b).0);
    println!(
        "{a} vs {b}: {players} players, {rounds} rounds of {deals} deals ({} deals at {} tables)",
        rounds * deals,
        players / 4
    );
    println!("  mean percentage: {a} {pa:.2} %, {b} {pb:.2} % (matchpoints, every result)");
    println!(
        "  {a} - {b} per deal at the same seat: {diff:+.1} [{:+.1}, {:+.1}] over {} deal-seats",
        diff - half,
        diff + half,
        diffs.len()
    );
    println!(
        "  first in the standings: {} ({} %); {:.0} s",
        first["name"].as_str().unwrap_or("?"),
        first["percent"],
        started.elapsed().as_secs_f64()
    );
}
