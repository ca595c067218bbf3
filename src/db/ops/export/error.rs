//! Why a document cannot be imported, or a tournament exported.

use diesel::result::{DatabaseErrorKind, Error as DbError};

use crate::db::models::AuditAction;
use crate::db::ops::Msg;
use crate::tournament::ids::{PlayerId, TournamentId};

use super::{AuditDoc, VERSION};

/// Why a document cannot be imported. Nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// Not JSON, or not the document's shape.
    #[error("the document does not read as a tournament export: {0}")]
    Json(#[from] serde_json::Error),
    /// Another kind of document, or a version this build does not read.
    #[error("this is not a Chelem tournament export of version {VERSION} (format {format:?}, version {version})")]
    Format {
        /// `format` found.
        format: String,
        /// `version` found.
        version: u32,
    },
    /// A player number used twice in `players`.
    #[error("player ref {0} appears twice in \"players\"")]
    DuplicatePlayer(PlayerId),
    /// A player field naming no player of `players`.
    #[error("player ref {0} is not in \"players\"")]
    UnknownPlayer(PlayerId),
    /// A value that does not parse.
    #[error("{what}: {detail}")]
    Invalid {
        /// Where.
        what: String,
        /// What is wrong.
        detail: String,
    },
    /// What live entry would refuse, at `place` (`round 2, table 3, deal
    /// 4`): `reason` says why (`web::message` renders it in a language).
    #[error("{place}: refused ({})", reason.key)]
    Refused {
        /// Where in the document.
        place: String,
        /// Why.
        reason: Msg,
    },
    /// The database refused it or failed: said in a sentence, never in the
    /// database's own words (the checks before leave nothing the database
    /// should refuse).
    #[error("{}", db_sentence(.0))]
    Db(#[from] diesel::result::Error),
}

/// What a database failure during an import means for the person importing.
fn db_sentence(e: &DbError) -> &'static str {
    match e {
        DbError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => {
            "the database already holds a value of this document that must be unique (a licence, a link): nothing was imported"
        }
        DbError::DatabaseError(DatabaseErrorKind::ForeignKeyViolation | DatabaseErrorKind::NotNullViolation, _) => {
            "the document names something it does not hold: nothing was imported"
        }
        DbError::DatabaseError(DatabaseErrorKind::ClosedConnection, _) | DbError::BrokenTransactionManager => {
            "the connection to the database was lost: nothing was imported, try again"
        }
        _ => "the database could not store the tournament: nothing was imported",
    }
}

pub(super) fn invalid(what: impl Into<String>, detail: impl ToString) -> ImportError {
    ImportError::Invalid {
        what: what.into(),
        detail: detail.to_string(),
    }
}

impl AuditDoc {
    /// The entry's action; refused, naming it, when this build does not
    /// know it (`i`: the entry's place in the log, from 0).
    pub fn action(&self, i: usize) -> Result<AuditAction, ImportError> {
        AuditAction::from_name(&self.action).ok_or_else(|| ImportError::Refused {
            place: format!("audit entry {}", i + 1),
            reason: Msg::new("import-audit-action").name("action", &self.action),
        })
    }
}

/// Why a tournament cannot be exported.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// No such tournament.
    #[error("no tournament {0}")]
    NotFound(TournamentId),
    /// A stored value the document cannot hold: one that names a player
    /// the database does not have, an audit action this build does not know.
    #[error("{0}")]
    Stored(String),
    /// The database failed.
    #[error("database error: {0}")]
    Db(#[from] diesel::result::Error),
}
