//! The audit entry of a prize rule set or changed (docs/prizes.md).

use crate::tournament::ids::TournamentId;

use super::{AuditAction, NewAuditEntry};

impl NewAuditEntry {
    /// `actor` set tournament `t`'s prize rule to `after` (its JSON), from
    /// `before` (none: no rule was set).
    pub fn prizes(t: TournamentId, actor: &str, before: Option<String>, after: String) -> NewAuditEntry {
        let e = NewAuditEntry::new(AuditAction::PrizesChanged, t, actor, "prizes".to_owned()).after(after);
        match before {
            Some(b) => e.before(b),
            None => e,
        }
    }
}
