//! The `chelem seat` document.

use serde_json::{json, Value};

use super::{plan, PlanOptions, PlayerId, SeatingError, SeatingReport};

/// The `chelem seat --players N --rounds R --seed S` document (FORMATS.md):
/// `{"players": N, "rounds": [{"tables": [[1, 7, 12, 20], …]}, …], "report": {…}}`.
///
/// Players are numbered `1..=N`; the list order at a table is the seat order.
/// `report` (an addition) is the [`SeatingReport`] of the rounds.
///
/// # Errors
/// Fewer than 3 players.
pub fn seat_document(players: usize, rounds: usize, seed: u64) -> Result<Value, SeatingError> {
    let ids: Vec<PlayerId> = (1..=players as i32).map(PlayerId::new).collect();
    let schedule = plan(&ids, rounds, &PlanOptions::default(), seed)?;
    let report = SeatingReport::from_rounds(&schedule);
    Ok(json!({
        "players": players,
        "rounds": schedule.iter().map(|r| json!({"tables": r})).collect::<Vec<_>>(),
        "report": report,
    }))
}
