//! Moving a timed round's bell (the organizer: a round that started late,
//! a table that needs a few more minutes for everyone).

use chrono::NaiveDateTime;

use crate::db::models::{AuditEntry, NewAuditEntry, Round};
use crate::db::Tx;
use crate::tournament::clock::moved_end;
use crate::tournament::ids::{RoundNo, TournamentId};

use super::events::{publish, Event};
use super::{Msg, OpError, OpResult};

/// Moves the bell of round `number` by `minutes` (negative: earlier), kept
/// in the audit log, sent to every screen (`event: clock`); returns the new
/// end. Refused for a round that is closed or not timed.
pub fn move_end(
    tx: &mut Tx<'_>,
    tournament_id: TournamentId,
    number: RoundNo,
    minutes: f64,
    actor: &str,
) -> OpResult<NaiveDateTime> {
    let round = Round::find(tx, tournament_id, number)?.ok_or(OpError::NotFound)?;
    let round = Round::locked(tx, round.id, true)?.ok_or(OpError::NotFound)?;
    if round.is_closed() {
        return Err(OpError::Conflict(Msg::new("clock-round-closed").arg("round", number)));
    }
    let Some(before) = round.ends_at else {
        return Err(OpError::Conflict(Msg::new("clock-untimed").arg("round", number)));
    };
    let after = moved_end(before, minutes).ok_or_else(|| OpError::Invalid(Msg::new("clock-bad-minutes")))?;
    Round::set_end(tx, round.id, after)?;
    AuditEntry::write(
        tx,
        &NewAuditEntry::clock_moved(tournament_id, actor, number, before, after),
    )?;
    publish(
        tx,
        tournament_id,
        &[Event::Clock {
            round: number,
            ends_at: after,
        }],
    )?;
    Ok(after)
}
