//! `chelem solve` through the real binary, on `chelem simulate --log`
//! deals cut short (FORMATS.md, "`chelem solve`").

use std::process::Output;

use chelem::solver::position_from_log;
use chelem::tarot::{Action, Card, Seat};
use serde_json::Value;

/// `chelem` as `cli::` runs it, from the package's folder.
fn chelem(args: &[&str], stdin: &str) -> Output {
    super::cli::chelem(args, stdin, std::path::Path::new(env!("CARGO_MANIFEST_DIR")))
}

/// Deals of `players` played by the bots, as log lines with a taker.
fn logged(players: &str, deals: &str) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("deals.jsonl");
    let log_path = log.to_str().unwrap();
    let args = [
        "simulate",
        "--players",
        players,
        "--deals",
        deals,
        "--seed",
        "3",
        "--log",
        log_path,
    ];
    let out = chelem(&args, "");
    assert!(out.status.success());
    std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| !v["taker"].is_null())
        .collect()
}

/// The log cut to its first `tricks` tricks and `cards` cards of the next.
fn cut(v: &Value, tricks: usize, cards: usize) -> Value {
    let mut v = v.clone();
    let all = v["tricks"].as_array().unwrap().clone();
    let mut kept: Vec<Value> = all[..tricks].to_vec();
    if cards > 0 {
        let mut t = all[tricks].clone();
        t["cards"].as_array_mut().unwrap().truncate(cards);
        t.as_object_mut().unwrap().remove("winner");
        kept.push(t);
    }
    v["tricks"] = Value::Array(kept);
    v
}

fn answers(input: &[Value]) -> (Vec<Value>, Option<i32>) {
    let text: String = input.iter().map(|v| format!("{v}\n")).collect();
    let out = chelem(&["solve"], &text);
    let lines = String::from_utf8(out.stdout).unwrap();
    let parsed = lines.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    (parsed, out.status.code())
}

/// From the last trick the play is forced: the par is the logged score.
/// From two and three tricks before the end (the last one cut in the
/// middle), the line replays by the rules from the position to the end,
/// where the engine scores it as the par says; par and line keep the shape
/// of FORMATS.md.
#[test]
fn solve_answers_par_and_a_line_that_replays() {
    for players in ["3", "4", "5", "6"] {
        let deals = logged(players, "12");
        let total = deals[0]["tricks"].as_array().unwrap().len();
        let mut input = Vec::new();
        for d in &deals {
            input.push(cut(d, total - 1, 0));
            input.push(cut(d, total - 3, 2));
        }
        let (out, code) = answers(&input);
        assert_eq!(code, Some(0), "{out:?}");
        assert_eq!(out.len(), input.len());
        for (k, (pos, a)) in input.iter().zip(&out).enumerate() {
            let scores: Vec<i64> = serde_json::from_value(a["par"]["scores"].clone()).unwrap();
            assert_eq!(scores.iter().sum::<i64>(), 0);
            if k % 2 == 0 {
                assert_eq!(a["par"]["scores"], pos["scores"], "forced last trick");
            }
            assert!(a["par"]["points"].is_number() && a["par"]["oudlers"].is_u64());
            assert!(a["nodes"].as_u64().unwrap() > 0 && a["ms"].is_u64());
            let p = position_from_log(&pos.to_string()).unwrap().unwrap();
            let mut g = *p.game();
            for step in a["line"].as_array().unwrap() {
                let seat = Seat(step["seat"].as_u64().unwrap() as u8);
                let card: Card = step["card"].as_str().unwrap().parse().unwrap();
                g.apply(seat, Action::Card(card)).unwrap();
            }
            assert_eq!(g.scores().unwrap(), scores, "{a}");
        }
    }
}

/// An impossible position answers a sentence and exit status 1; the other
/// lines are still solved; a line that is not JSON makes it 2.
#[test]
fn solve_refuses_impossible_positions_with_a_sentence() {
    let deals = logged("4", "6");
    let good = cut(&deals[0], 16, 0);
    let mut twice = cut(&deals[0], 2, 0);
    let first = twice["tricks"][0]["cards"][0]["card"].clone();
    twice["tricks"][1]["cards"][0]["card"] = first.clone();
    let mut turn = cut(&deals[0], 1, 0);
    turn["tricks"][0]["cards"].as_array_mut().unwrap().swap(0, 1);
    // The next trick's first card logged as a fifth card of the first.
    let mut extra = cut(&deals[0], 2, 0);
    let next = extra["tricks"][1]["cards"][0].clone();
    extra["tricks"][0]["cards"].as_array_mut().unwrap().push(next);
    extra["tricks"].as_array_mut().unwrap().truncate(1);
    let (out, code) = answers(&[good.clone(), twice, turn, extra, good]);
    assert_eq!(code, Some(1));
    assert_eq!(out.len(), 5);
    assert!(out[0]["par"].is_object() && out[4]["par"].is_object());
    assert_eq!(out[3]["error"], "trick 1 has more cards than players");
    for bad in &out[1..3] {
        let e = bad["error"].as_str().unwrap();
        assert!(e.starts_with("trick "), "{e}");
    }
    assert!(out[2]["error"].as_str().unwrap().contains("turn"), "{}", out[2]);
    let out = chelem(&["solve"], &format!("{}\nnot json\n", cut(&deals[0], 17, 0)));
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().nth(1).unwrap().contains("line 2 is not valid JSON"));
}
