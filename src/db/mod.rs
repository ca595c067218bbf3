//! Storage: one diesel connection type over PostgreSQL and SQLite, its pool,
//! the embedded migrations, and the models with their queries.

pub mod circuit;
pub mod fault;
pub mod models;
pub mod ops;
mod read_only;
pub mod relay;
pub mod schema;
pub mod schema_across;
pub mod unit;

pub use unit::{write, Relay, Tx};

use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::r2d2::{self, ManageConnection};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};

/// The migrations of each backend, embedded in the binary.
pub const PG_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/postgres");
/// See [`PG_MIGRATIONS`].
pub const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/sqlite");

/// A connection to either backend; every query in the project goes through it.
#[derive(diesel::MultiConnection)]
pub enum AnyConnection {
    /// PostgreSQL, the production store.
    Postgresql(diesel::PgConnection),
    /// SQLite, the embedded default.
    Sqlite(diesel::SqliteConnection),
}

/// The pool every request borrows from.
pub type DbPool = r2d2::Pool<Manager>;
/// A connection borrowed from [`DbPool`].
pub type DbConn = r2d2::PooledConnection<Manager>;

/// Which database a URL points at. Decided from the URL scheme only: never by
/// trying to connect (SQLite accepts any string as a path).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// `postgres://` or `postgresql://`
    Postgres,
    /// `sqlite://path`, `file:path` or a plain path
    Sqlite,
}

impl Backend {
    /// Picks the backend from the URL scheme.
    pub fn from_url(url: &str) -> Result<Backend, DbUrlError> {
        let url = url.trim();
        if url.is_empty() {
            return Err(DbUrlError::Empty);
        }
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            url::Url::parse(url).map_err(|e| DbUrlError::Invalid(url.to_owned(), e.to_string()))?;
            return Ok(Backend::Postgres);
        }
        if let Some((scheme, _)) = url.split_once("://") {
            if scheme != "sqlite" && scheme != "file" {
                return Err(DbUrlError::UnknownScheme(scheme.to_owned()));
            }
        }
        Ok(Backend::Sqlite)
    }

    /// A short name for logs and `/healthz`.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Postgres => "postgresql",
            Backend::Sqlite => "sqlite",
        }
    }
}

/// A database URL that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum DbUrlError {
    /// Nothing given.
    #[error("the database URL is empty")]
    Empty,
    /// A scheme we do not speak.
    #[error("unsupported database URL scheme \"{0}\": use postgres://… or a SQLite file path")]
    UnknownScheme(String),
    /// A PostgreSQL URL that does not parse.
    #[error("invalid database URL \"{0}\": {1}")]
    Invalid(String, String),
}

/// The r2d2 manager: connects to the backend chosen from the URL and sets up
/// SQLite (WAL, foreign keys, busy timeout) on every new connection.
#[derive(Debug, Clone)]
pub struct Manager {
    backend: Backend,
    url: String,
}

impl Manager {
    /// A manager for `url`, whose backend is read from its scheme.
    pub fn new(url: &str) -> Result<Manager, DbUrlError> {
        let backend = Backend::from_url(url)?;
        let url = match backend {
            Backend::Postgres => url.trim().to_owned(),
            Backend::Sqlite => {
                let u = url.trim();
                u.strip_prefix("sqlite://").unwrap_or(u).to_owned()
            }
        };
        Ok(Manager { backend, url })
    }

    /// The backend this manager connects to.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Opens one connection, outside any pool.
    pub fn connect(&self) -> ConnectionResult<AnyConnection> {
        match self.backend {
            Backend::Postgres => diesel::PgConnection::establish(&self.url).map(AnyConnection::Postgresql),
            // Writers wait for each other (every write unit of work takes
            // the lock up front, see [`write`]) for up to BUSY_TIMEOUT.
            Backend::Sqlite => open_sqlite(
                &self.url,
                &format!(
                    "PRAGMA busy_timeout = {}; PRAGMA journal_mode = WAL; \
                     PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;",
                    BUSY_TIMEOUT.as_millis()
                ),
            )
            .or_else(|e| match read_only::immutable_url(&self.url, &e.to_string()) {
                // A file it cannot write (a read-only folder): read as it is.
                Some(url) => open_sqlite(&url, "PRAGMA foreign_keys = ON; SELECT 1 FROM sqlite_master;").map_err(|_| e),
                None => Err(e),
            })
            .map(AnyConnection::Sqlite),
        }
    }
}

/// A SQLite connection to `url`, set up by the statements `setup`.
fn open_sqlite(url: &str, setup: &str) -> ConnectionResult<diesel::SqliteConnection> {
    let mut conn = diesel::SqliteConnection::establish(url)?;
    conn.batch_execute(setup)
        .map_err(|e| ConnectionError::BadConnection(e.to_string()))?;
    Ok(conn)
}

impl ManageConnection for Manager {
    type Connection = AnyConnection;
    type Error = r2d2::Error;

    fn connect(&self) -> Result<AnyConnection, r2d2::Error> {
        Manager::connect(self).map_err(r2d2::Error::ConnectionError)
    }

    fn is_valid(&self, conn: &mut AnyConnection) -> Result<(), r2d2::Error> {
        conn.batch_execute("SELECT 1").map_err(r2d2::Error::QueryError)
    }

    /// A connection whose transaction could not be ended (its server went
    /// away mid-way) is not put back; one that merely lost its server is
    /// found out at its next checkout (r2d2 tests each with [`Manager::is_valid`]).
    fn has_broken(&self, conn: &mut AnyConnection) -> bool {
        std::thread::panicking() || diesel::r2d2::R2D2Connection::is_broken(conn)
    }
}

/// How long a SQLite writer waits for the write lock before giving up. A room
/// of 100 tables writing at once queues about 100 short transactions (a few
/// milliseconds each): far below this.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

/// The pool's own wait for a connection (the bots' runner, the start;
/// requests wait at most [`circuit::FAIL_FAST`] for theirs). Its half is
/// also the longest pause between two tries to reconnect to a database
/// that went away (r2d2's backoff): a few seconds after it is back, the
/// pool has connections again.
pub const POOL_TIMEOUT: Duration = Duration::from_secs(6);

/// Whether a transaction is open on the connection.
pub fn in_transaction(conn: &mut AnyConnection) -> diesel::QueryResult<bool> {
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    let depth = match conn {
        AnyConnection::Postgresql(c) => {
            AnsiTransactionManager::transaction_manager_status_mut(c).transaction_depth()?
        }
        AnyConnection::Sqlite(c) => AnsiTransactionManager::transaction_manager_status_mut(c).transaction_depth()?,
    };
    Ok(depth.is_some())
}

/// Builds a pool of at most `max_size` connections and checks that the
/// database answers.
pub fn build_pool(url: &str, max_size: u32) -> anyhow::Result<(DbPool, Backend)> {
    use anyhow::Context;
    let manager = Manager::new(url)?;
    let backend = manager.backend();
    // Try one connection first, so an unreachable database gives its own message.
    manager
        .connect()
        .with_context(|| format!("cannot connect to the {} database", backend.name()))?;
    let pool = r2d2::Pool::builder()
        .max_size(max_size)
        .connection_timeout(POOL_TIMEOUT)
        .build(manager)
        .context("cannot build the database pool")?;
    Ok((pool, backend))
}

/// Runs the pending migrations of the connection's backend; returns how many ran.
pub fn run_migrations(conn: &mut AnyConnection) -> anyhow::Result<usize> {
    let ran = match conn {
        AnyConnection::Postgresql(c) => c.run_pending_migrations(PG_MIGRATIONS).map(|v| v.len()),
        AnyConnection::Sqlite(c) => c.run_pending_migrations(SQLITE_MIGRATIONS).map(|v| v.len()),
    };
    ran.map_err(|e| anyhow::anyhow!("migrations failed: {e}"))
}

/// Copies a SQLite database into a new file with `VACUUM INTO`: one read
/// transaction, so the copy is the database as it was at one moment, taken
/// while the server goes on writing (WAL: readers do not stop writers). The
/// copy is checked (`PRAGMA quick_check`) before this returns. PostgreSQL is
/// backed up with `pg_dump`.
pub fn backup_into(conn: &mut AnyConnection, file: &std::path::Path) -> anyhow::Result<()> {
    use anyhow::{bail, Context};
    use diesel::sql_types::Text;
    let AnyConnection::Sqlite(sqlite) = conn else {
        bail!("chelem backup copies a SQLite database; back PostgreSQL up with pg_dump (see the README)");
    };
    if file.exists() {
        bail!("{} already exists: name a new file", file.display());
    }
    let path = file
        .to_str()
        .with_context(|| format!("{} is not a UTF-8 path", file.display()))?;
    diesel::sql_query("VACUUM INTO ?")
        .bind::<Text, _>(path)
        .execute(sqlite)
        .with_context(|| format!("cannot write the backup to {}", file.display()))?;
    #[derive(QueryableByName)]
    struct Check {
        #[diesel(sql_type = Text)]
        quick_check: String,
    }
    let mut copy = diesel::SqliteConnection::establish(path).context("cannot open the backup")?;
    let check: Vec<Check> = diesel::sql_query("PRAGMA quick_check").load(&mut copy)?;
    match check.first() {
        Some(c) if c.quick_check == "ok" => Ok(()),
        other => bail!(
            "the backup {} fails its check: {:?}",
            file.display(),
            other.map(|c| c.quick_check.as_str())
        ),
    }
}

/// Now, in UTC, without sub-second noise (both backends store it the same).
pub fn now() -> chrono::NaiveDateTime {
    use chrono::Timelike;
    let t = chrono::Utc::now().naive_utc();
    t.with_nanosecond(t.nanosecond() / 1000 * 1000).unwrap_or(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backend_is_picked_from_the_scheme() {
        assert_eq!(Backend::from_url("postgres://u@h/db").unwrap(), Backend::Postgres);
        assert_eq!(Backend::from_url("postgresql://u@h/db").unwrap(), Backend::Postgres);
        assert_eq!(Backend::from_url("chelem.db").unwrap(), Backend::Sqlite);
        assert_eq!(Backend::from_url("sqlite://x.db").unwrap(), Backend::Sqlite);
        assert!(matches!(
            Backend::from_url("mysql://x"),
            Err(DbUrlError::UnknownScheme(_))
        ));
        assert!(matches!(Backend::from_url("  "), Err(DbUrlError::Empty)));
    }
}
