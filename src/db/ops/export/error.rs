//! Why a document cannot be imported, or a tournament exported.

use crate::tournament::ids::{PlayerId, TournamentId};

use super::VERSION;

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
    /// The database refused it.
    #[error("database error: {0}")]
    Db(#[from] diesel::result::Error),
}

pub(super) fn invalid(what: impl Into<String>, detail: impl ToString) -> ImportError {
    ImportError::Invalid {
        what: what.into(),
        detail: detail.to_string(),
    }
}

/// Why a tournament cannot be exported.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// No such tournament.
    #[error("no tournament {0}")]
    NotFound(TournamentId),
    /// A stored value names a player the database does not have.
    #[error("{0}")]
    Stored(String),
    /// The database failed.
    #[error("database error: {0}")]
    Db(#[from] diesel::result::Error),
}
