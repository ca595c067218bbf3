//! Database failures that are not the query's fault: the connection was
//! lost under it (PostgreSQL restarted, the backend terminated, the socket
//! broken), or the database refuses every write (a read-only file or
//! server). The web layer answers them 503 with a sentence instead of 500,
//! and retries a unit of work that is safe to run again on a fresh
//! connection.

use diesel::connection::SimpleConnection;
use diesel::result::{DatabaseErrorKind, Error};
use diesel::QueryResult;

use super::AnyConnection;

/// What went wrong with the database itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The connection is gone (or was never made): another connection may work.
    Lost,
    /// The database takes no writes.
    ReadOnly,
}

/// Sentences of the drivers when the connection went away (libpq's, with
/// PostgreSQL's own "terminating connection" of `pg_terminate_backend` and
/// of a shutdown), lowercased.
const LOST: &[&str] = &[
    "server closed the connection",
    "terminating connection",
    "no connection to the server",
    "connection to server",
    "could not receive data",
    "could not send data",
    "broken pipe",
    "connection reset",
    "connection refused",
    "ssl syscall",
    "the database system is shutting down",
    "the database system is starting up",
    "lost synchronization with server",
];

/// SQLite's sentence for a write to a database opened (or mounted) read-only.
const READ_ONLY: &[&str] = &["readonly database", "read-only"];

/// The fault behind `e`, if it is one of the database's and not the query's.
pub fn fault(e: &Error) -> Option<Fault> {
    match e {
        Error::DatabaseError(DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand, _) => {
            Some(Fault::Lost)
        }
        Error::DatabaseError(DatabaseErrorKind::ReadOnlyTransaction, _) => Some(Fault::ReadOnly),
        // A rollback that could not reach the server leaves this behind.
        Error::BrokenTransactionManager => Some(Fault::Lost),
        Error::DatabaseError(_, info) => from_message(info.message()),
        _ => None,
    }
}

/// The fault a driver's message names, if any.
pub fn from_message(message: &str) -> Option<Fault> {
    let m = message.to_lowercase();
    if READ_ONLY.iter().any(|s| m.contains(s)) {
        Some(Fault::ReadOnly)
    } else if LOST.iter().any(|s| m.contains(s)) {
        Some(Fault::Lost)
    } else {
        None
    }
}

/// Whether the database takes writes now, by a write that changes nothing
/// (a `DELETE` matching no row of the migrations' table: a read-only
/// SQLite file or PostgreSQL transaction refuses even that). On SQLite the
/// write lock is waited for briefly only: a database busy with another
/// writer is a database that writes.
pub fn check_writable(conn: &mut AnyConnection) -> QueryResult<()> {
    const PROBE: &str = "DELETE FROM __diesel_schema_migrations WHERE 1 = 0";
    match conn {
        AnyConnection::Postgresql(c) => c.batch_execute(PROBE),
        AnyConnection::Sqlite(c) => {
            c.batch_execute(&format!("PRAGMA busy_timeout = {}", PROBE_LOCK_WAIT.as_millis()))?;
            let probed = match c.batch_execute(PROBE) {
                Err(Error::DatabaseError(_, info)) if info.message().contains("database is locked") => Ok(()),
                other => other,
            };
            c.batch_execute(&format!("PRAGMA busy_timeout = {}", super::BUSY_TIMEOUT.as_millis()))?;
            probed
        }
    }
}

/// How long [`check_writable`] waits for SQLite's write lock.
const PROBE_LOCK_WAIT: std::time::Duration = std::time::Duration::from_millis(200);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_drivers_sentences_are_recognised() {
        assert_eq!(
            from_message("terminating connection due to administrator command"),
            Some(Fault::Lost)
        );
        assert_eq!(
            from_message("server closed the connection unexpectedly\n\tThis probably means…"),
            Some(Fault::Lost)
        );
        assert_eq!(
            from_message("attempt to write a readonly database"),
            Some(Fault::ReadOnly)
        );
        assert_eq!(
            from_message("cannot execute INSERT in a read-only transaction"),
            Some(Fault::ReadOnly)
        );
        assert_eq!(from_message("UNIQUE constraint failed: deals.key"), None);
        assert_eq!(fault(&Error::NotFound), None);
        assert_eq!(fault(&Error::BrokenTransactionManager), Some(Fault::Lost));
    }
}
