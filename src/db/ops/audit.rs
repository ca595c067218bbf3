//! The audit log as the organizer reads it back.

use crate::db::models::{AuditEntry, UnknownAuditAction};
use crate::db::AnyConnection;
use crate::tournament::ids::TournamentId;

use super::{Msg, OpError, OpResult};

/// The entries of a tournament, newest first. A stored action this build
/// does not know (an entry written by a newer version of Chelem, or by
/// hand) is refused with a sentence naming it: the log is not told with
/// an entry left out or told as another.
pub fn log(conn: &mut AnyConnection, tournament_id: TournamentId) -> OpResult<Vec<AuditEntry>> {
    AuditEntry::for_tournament(conn, tournament_id).map_err(|e| match UnknownAuditAction::in_error(&e) {
        Some(unknown) => OpError::Conflict(Msg::new("audit-unknown-action").name("action", &unknown.0)),
        None => OpError::Db(e),
    })
}
