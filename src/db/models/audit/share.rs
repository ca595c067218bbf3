//! The audit entries of a circuit: a tournament or a season shared with a
//! club, and no longer ([`crate::db::ops::shares`]).

use crate::tournament::ids::TournamentId;

use super::{AuditAction, NewAuditEntry};

impl NewAuditEntry {
    /// `actor` shared (`ClubShared`) or stopped sharing (`ClubUnshared`)
    /// `tournament` (`None`: the season `subject` names) with the club `id`
    /// named `name`: `{"club": id, "name": …}` after or before.
    pub fn club_share(
        action: AuditAction,
        tournament: Option<TournamentId>,
        actor: &str,
        subject: String,
        id: i32,
        name: &str,
    ) -> NewAuditEntry {
        let what = serde_json::json!({ "club": id, "name": name }).to_string();
        let e = NewAuditEntry {
            tournament_id: tournament,
            ..NewAuditEntry::new(action, TournamentId::new(1), actor, subject)
        };
        match action {
            AuditAction::ClubUnshared => e.before(what),
            _ => e.after(what),
        }
    }
}
