//! Helpers shared by the integration tests.

use chelem::tarot::{score_value, RecordError, ScoreOutput, ScoringRules};
use serde_json::{json, Value};

/// Scores a JSON record under FFT rules.
pub fn fft(v: Value) -> Result<ScoreOutput, RecordError> {
    score_value(&v, &ScoringRules::default())
}

/// Scores a JSON record under the given rules.
pub fn with(v: Value, rules: ScoringRules) -> Result<ScoreOutput, RecordError> {
    score_value(&v, &rules)
}

/// The scores of a valid record (panics with the error otherwise).
pub fn scores(v: Value) -> Vec<i64> {
    match fft(v.clone()) {
        Ok(out) => out.scores,
        Err(e) => panic!("{v} refused: {e}"),
    }
}

/// The error message of an invalid record (panics if it is accepted).
pub fn error(v: Value) -> String {
    error_with(v, ScoringRules::default())
}

/// The error message under the given rules.
pub fn error_with(v: Value, rules: ScoringRules) -> String {
    match with(v.clone(), rules) {
        Ok(out) => panic!("{v} accepted: {out:?}"),
        Err(e) => e.to_string(),
    }
}

/// A 4-player record: taker 0, the given contract, oudlers and points.
pub fn four(contract: &str, oudlers: u8, points: f64) -> Value {
    json!({"players": 4, "taker": 0, "contract": contract, "oudlers": oudlers, "points": points})
}

/// Adds/replaces a field of a JSON object.
pub fn set(mut v: Value, key: &str, value: Value) -> Value {
    v[key] = value;
    v
}
