//! `chelem score`: score deal records given as JSON Lines (FORMATS.md).
//!
//! One output line per non-empty input line, in order. A valid record gets
//! its score object; an invalid one `{"error": "<sentence>"}` (exit status 1);
//! a line that is not JSON `{"error": "line N is not valid JSON: ..."}`
//! (exit status 2, which wins over 1).

use std::io::{BufRead, BufWriter, Write};

use anyhow::Context as _;

use crate::tarot::rules::ScoringRules;
use crate::tarot::wire::{score_json, ErrorOutput};

/// Exit status: every record valid.
pub const EXIT_OK: i32 = 0;
/// Exit status: at least one invalid record.
pub const EXIT_INVALID_RECORD: i32 = 1;
/// Exit status: at least one line is not JSON.
pub const EXIT_NOT_JSON: i32 = 2;

/// Reads records from `input`, writes one answer line each to `output`, and
/// returns the exit status (0, 1 or 2). Blank lines are skipped (no output);
/// line numbers in messages count every line, from 1. I/O errors are errors.
pub fn run<R: BufRead, W: Write>(mut input: R, output: W, rules: &ScoringRules) -> anyhow::Result<i32> {
    let mut out = BufWriter::with_capacity(64 * 1024, output);
    let mut line = Vec::with_capacity(512);
    let mut line_no: u64 = 0;
    let mut status = EXIT_OK;
    loop {
        line.clear();
        let read = input.read_until(b'\n', &mut line).context("reading the records")?;
        if read == 0 {
            break;
        }
        line_no += 1;
        let text = line.trim_ascii();
        if text.is_empty() {
            continue;
        }
        match score_json(text, rules) {
            Ok(Ok(answer)) => serde_json::to_writer(&mut out, &answer)?,
            Ok(Err(e)) => {
                status = status.max(EXIT_INVALID_RECORD);
                serde_json::to_writer(&mut out, &ErrorOutput::from(&e))?;
            }
            Err(e) => {
                status = EXIT_NOT_JSON;
                let error = ErrorOutput {
                    error: format!("line {line_no} is not valid JSON: {e}"),
                };
                serde_json::to_writer(&mut out, &error)?;
            }
        }
        out.write_all(b"\n").context("writing the scores")?;
    }
    out.flush().context("writing the scores")?;
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_str(input: &str) -> (String, i32) {
        let mut out = Vec::new();
        let code = run(input.as_bytes(), &mut out, &ScoringRules::default()).unwrap();
        (String::from_utf8(out).unwrap(), code)
    }

    const GOOD: &str = r#"{"players": 4, "taker": 0, "contract": "garde", "oudlers": 2, "points": 49, "handfuls": [{"seat": 0, "size": "simple"}], "petit_au_bout": "attack"}"#;
    const BAD: &str = r#"{"players": 4, "taker": 0, "contract": "garde", "oudlers": 2, "points": 95}"#;

    #[test]
    fn all_valid_exit_0() {
        let (out, code) = run_str(&format!("{GOOD}\n{GOOD}\n"));
        assert_eq!(code, 0);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2);
        let v: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
        assert_eq!(v["scores"], serde_json::json!([318, -106, -106, -106]));
        assert_eq!(v["won"], true);
        assert_eq!(v["target"], 41);
    }

    #[test]
    fn invalid_record_exit_1_order_kept() {
        let (out, code) = run_str(&format!("{GOOD}\n{BAD}\n{GOOD}"));
        assert_eq!(code, 1);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].starts_with(r#"{"won":true"#));
        assert_eq!(lines[1], r#"{"error":"points must be between 0 and 91"}"#);
        assert!(lines[2].starts_with(r#"{"won":true"#));
    }

    #[test]
    fn not_json_exit_2_wins() {
        let (out, code) = run_str(&format!("{BAD}\n\n{{nope\n{GOOD}\n"));
        assert_eq!(code, 2);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(
            lines[1].starts_with(r#"{"error":"line 3 is not valid JSON: "#),
            "{}",
            lines[1]
        );
        assert!(lines[2].starts_with(r#"{"won":true"#));
    }

    #[test]
    fn blank_lines_and_crlf() {
        let (out, code) = run_str(&format!("\n   \r\n{GOOD}\r\n\n"));
        assert_eq!(code, 0);
        assert_eq!(out.lines().count(), 1);
        let (out, code) = run_str("");
        assert_eq!((out.as_str(), code), ("", 0));
    }

    #[test]
    fn invalid_utf8_is_not_json() {
        let mut out = Vec::new();
        let code = run(&b"\xff\xfe\n"[..], &mut out, &ScoringRules::default()).unwrap();
        assert_eq!(code, 2);
        assert!(String::from_utf8(out)
            .unwrap()
            .starts_with(r#"{"error":"line 1 is not valid JSON"#));
    }
}
