//! The audit log: who changed what, when, before and after, and why.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::audit_log;
use crate::db::AnyConnection;
use crate::tournament::ids::TournamentId;

use super::audit_action::AuditAction;

/// An audit entry.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = audit_log)]
pub struct AuditEntry {
    /// Row id.
    pub id: i32,
    /// Tournament concerned.
    pub tournament_id: Option<TournamentId>,
    /// Who (organizer name or `table N`).
    pub actor: String,
    /// What (stored as `deal.correct`, `round.close`, …).
    pub action: AuditAction,
    /// On what (`round 2 table 3 deal 1`).
    pub subject: String,
    /// Before (JSON).
    pub before_json: Option<String>,
    /// After (JSON).
    pub after_json: Option<String>,
    /// Why.
    pub reason: String,
    /// When.
    pub created_at: NaiveDateTime,
}

/// An entry to write.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = audit_log)]
pub struct NewAuditEntry<'a> {
    /// Tournament concerned.
    pub tournament_id: Option<TournamentId>,
    /// Who.
    pub actor: &'a str,
    /// What.
    pub action: &'a str,
    /// On what.
    pub subject: &'a str,
    /// Before.
    pub before_json: Option<&'a str>,
    /// After.
    pub after_json: Option<&'a str>,
    /// Why.
    pub reason: &'a str,
    /// When.
    pub created_at: NaiveDateTime,
}

impl AuditEntry {
    /// Writes an entry.
    pub fn write(conn: &mut AnyConnection, entry: &NewAuditEntry) -> QueryResult<usize> {
        diesel::insert_into(audit_log::table).values(entry).execute(conn)
    }

    /// Writes entries, in this order, in one statement.
    pub fn write_all(conn: &mut AnyConnection, entries: &[NewAuditEntry]) -> QueryResult<usize> {
        if entries.is_empty() {
            return Ok(0);
        }
        // The two-backend connection has no batch insert, each backend does.
        let insert = diesel::insert_into(audit_log::table).values(entries);
        match conn {
            AnyConnection::Postgresql(c) => insert.execute(c),
            AnyConnection::Sqlite(c) => insert.execute(c),
        }
    }

    /// The entries of a tournament, newest first. A stored action this
    /// build does not know fails the query, naming it
    /// ([`super::UnknownAuditAction::in_error`]).
    pub fn for_tournament(conn: &mut AnyConnection, tournament_id: TournamentId) -> QueryResult<Vec<AuditEntry>> {
        audit_log::table
            .filter(audit_log::tournament_id.eq(tournament_id))
            .order(audit_log::id.desc())
            .select(AuditEntry::as_select())
            .load(conn)
    }
}
