//! `chelem solve`: the open-hand analysis of positions given as
//! `chelem simulate --log` lines (FORMATS.md, "`chelem solve`").
//!
//! One output line per non-empty input line, in order: the outcome of best
//! play (`par`), one best line, the nodes searched and the milliseconds; an
//! impossible position, or JSON that is not a game-log line,
//! `{"error": "<sentence>"}` (exit status 1); a line that is not JSON `{"error": "line N is not valid JSON: ..."}` (exit
//! status 2, which wins over 1), as `chelem score` does.

use std::io::{BufRead, BufWriter, Write};
use std::time::Instant;

use anyhow::Context as _;
use serde::Serialize;

use crate::solver::{position_from_log, solve, Solution, Table};
use crate::tarot::{Camp, Card, ErrorOutput, Seat};

/// Exit status: every position solved.
pub const EXIT_OK: i32 = 0;
/// Exit status: at least one impossible position.
pub const EXIT_IMPOSSIBLE: i32 = 1;
/// Exit status: at least one line is not JSON.
pub const EXIT_NOT_JSON: i32 = 2;

/// The outcome of best play.
#[derive(Debug, Serialize)]
struct Par {
    points: f64,
    oudlers: u8,
    petit_au_bout: Option<Camp>,
    scores: Vec<i64>,
}

/// A card of the line.
#[derive(Debug, Serialize)]
struct LineCard {
    seat: Seat,
    card: Card,
}

/// One answer line.
#[derive(Debug, Serialize)]
struct Answer {
    par: Par,
    line: Vec<LineCard>,
    nodes: u64,
    ms: u64,
}

impl Answer {
    fn new(s: Solution, ms: u64) -> Answer {
        Answer {
            par: Par {
                points: s.points.as_points(),
                oudlers: s.oudlers,
                petit_au_bout: s.petit_au_bout,
                scores: s.scores,
            },
            line: s.line.into_iter().map(|(seat, card)| LineCard { seat, card }).collect(),
            nodes: s.nodes,
            ms,
        }
    }
}

/// Reads positions from `input`, writes one answer line each to `output`
/// with a transposition table of about `table_mb` megabytes (allocated
/// once, kept from one position to the next), and returns the exit status.
pub fn run<R: BufRead, W: Write>(mut input: R, output: W, table_mb: usize) -> anyhow::Result<i32> {
    let mut out = BufWriter::new(output);
    let mut table = Table::with_megabytes(table_mb);
    let mut line = String::new();
    let mut line_no: u64 = 0;
    let mut status = EXIT_OK;
    loop {
        line.clear();
        if input.read_line(&mut line).context("reading the positions")? == 0 {
            break;
        }
        line_no += 1;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let start = Instant::now();
        match position_from_log(text) {
            Ok(Ok(pos)) => {
                let s = solve(&pos, &mut table);
                let ms = start.elapsed().as_millis() as u64;
                serde_json::to_writer(&mut out, &Answer::new(s, ms))?;
            }
            Ok(Err(e)) => {
                status = status.max(EXIT_IMPOSSIBLE);
                serde_json::to_writer(&mut out, &ErrorOutput { error: e.to_string() })?;
            }
            Err(e) if e.is_data() => {
                status = status.max(EXIT_IMPOSSIBLE);
                let error = format!("line {line_no} is not a game-log line: {e}");
                serde_json::to_writer(&mut out, &ErrorOutput { error })?;
            }
            Err(e) => {
                status = EXIT_NOT_JSON;
                let error = format!("line {line_no} is not valid JSON: {e}");
                serde_json::to_writer(&mut out, &ErrorOutput { error })?;
            }
        }
        out.write_all(b"\n").context("writing the answers")?;
        // One answer at a time: a script reading the pipe sees each at once.
        out.flush().context("writing the answers")?;
    }
    Ok(status)
}
