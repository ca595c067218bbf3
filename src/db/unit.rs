//! The unit of work: one value, [`Tx`], owns the connection of a write
//! transaction, the live events published in it and the games it changed;
//! one door, [`run`] (the web layer's `AppState::write`, the command line's
//! [`write`]), opens it, commits it, and hands what it committed on.
//!
//! ```text
//! door ─ BEGIN ─▶ f(&mut Tx) ─▶ publish(tx, …) pushes onto tx.events
//!                            ─▶ a game's writer pushes its id onto tx.games
//!      ◀─ Ok ──── COMMIT (NOTIFY first when no hub relays) ─▶ Committed
//!      ◀─ Err ─── ROLLBACK: the events and games are gone with the rows
//! ```
//!
//! Nothing is kept per thread and nothing is left for a caller to drain or
//! to remember: an operation that writes takes a `&mut Tx`, which only a
//! door makes (a read door hands out a bare connection, on which no writer
//! compiles), and a door that commits returns what it committed with the
//! value: the web layer's door tells the live hub and wakes the games.

use std::ops::{Deref, DerefMut};

use diesel::prelude::*;

use super::relay::{notify, Committed};
use super::AnyConnection;
use crate::tournament::ids::{GameId, TournamentId};

/// How the other app instances (and this one's hub) learn of the events a
/// unit of work committed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relay {
    /// This process has no hub (the command line, a test writing directly):
    /// the door sends `NOTIFY chelem_events` in the transaction on
    /// PostgreSQL (delivered at commit); the hubs of the servers on a SQLite
    /// file see the events at their next read.
    Notify,
    /// This process's hub is handed the committed events and relays them
    /// to the other instances once it has read them: a `NOTIFY` in the
    /// transaction would hold PostgreSQL's one notification-queue lock
    /// until the end of the commit, serialising every writer's disk flush.
    /// Only the web layer's door uses it (it holds a hub).
    Hub,
}

/// A write transaction in progress: its connection (the operations read and
/// write through it, `&mut *tx` or by deref), the live events published
/// and the games changed so far.
pub struct Tx<'c> {
    conn: &'c mut AnyConnection,
    done: Committed,
}

impl Deref for Tx<'_> {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        self.conn
    }
}

impl DerefMut for Tx<'_> {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        self.conn
    }
}

impl Tx<'_> {
    /// The connection, for a query that wants it by name.
    pub fn conn(&mut self) -> &mut AnyConnection {
        self.conn
    }

    /// Records events stored in this transaction (their ids, for one
    /// tournament): they go to the hub once the door has committed.
    pub(crate) fn record(&mut self, tournament_id: TournamentId, ids: impl IntoIterator<Item = i64>) {
        self.done.events.entry(tournament_id).or_default().extend(ids);
    }

    /// Records that game `id` changed in this transaction (its seats, a
    /// deal, an action, its pace): once the door has committed, its pages
    /// look again and its bots play if it is their turn. The game's
    /// writers ([`super::models::GameRow`] and its rows) call it: no
    /// operation has to.
    pub(crate) fn game_changed(&mut self, id: GameId) {
        self.done.games.insert(id);
    }

    /// Runs `f` in a savepoint: when it fails, what it wrote and the events
    /// it published are undone and the transaction goes on (a PostgreSQL
    /// statement that failed, a unique key taken meanwhile, no longer
    /// aborts the whole unit).
    pub fn savepoint<T, E>(&mut self, f: impl FnOnce(&mut Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<diesel::result::Error>,
    {
        let mut inner_done = Committed::default();
        let out = self.conn.transaction(|conn| {
            let mut inner = Tx {
                conn,
                done: Committed::default(),
            };
            let out = f(&mut inner);
            inner_done = inner.done;
            out
        });
        if out.is_ok() {
            for (t, ids) in inner_done.events {
                self.record(t, ids);
            }
            self.done.games.extend(inner_done.games);
        }
        out
    }
}

/// The door: runs `f` in one write transaction on `conn` and commits it;
/// returns its value and what it committed (the events it published, by
/// tournament, and the games it changed), or its error after a rollback
/// (nothing of it stored, no event, no game woken).
///
/// On SQLite the write lock is taken up front (`BEGIN IMMEDIATE`): a deferred
/// transaction that reads then writes cannot wait for another writer (SQLite
/// answers "database is locked" at once to avoid a deadlock), while an
/// immediate one waits in the busy timeout, so concurrent tables are served
/// one after the other instead of failing. On PostgreSQL it is an ordinary
/// transaction; the operations lock the rows they must serialize on (see
/// [`super::models::Round::locked`]).
pub fn run<T, E, F>(conn: &mut AnyConnection, relay: Relay, f: F) -> Result<(T, Committed), E>
where
    F: FnOnce(&mut Tx<'_>) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    // Inside another unit (a savepoint then) only by mistake: every door
    // runs on a connection of its own.
    let nested = super::in_transaction(conn)?;
    match conn {
        AnyConnection::Sqlite(c) if !nested => AnsiTransactionManager::begin_transaction_sql(c, "BEGIN IMMEDIATE")?,
        AnyConnection::Sqlite(c) => AnsiTransactionManager::begin_transaction(c)?,
        AnyConnection::Postgresql(c) => AnsiTransactionManager::begin_transaction(c)?,
    }
    let mut tx = Tx {
        conn,
        done: Committed::default(),
    };
    let mut result = f(&mut tx);
    let Tx { conn, done } = tx;
    if result.is_ok() && relay == Relay::Notify {
        for tournament in done.events.keys() {
            if let Err(e) = notify(conn, *tournament) {
                result = Err(e.into());
                break;
            }
        }
    }
    let ended = match (&result, &mut *conn) {
        (Ok(_), AnyConnection::Sqlite(c)) => AnsiTransactionManager::commit_transaction(c),
        (Ok(_), AnyConnection::Postgresql(c)) => AnsiTransactionManager::commit_transaction(c),
        (Err(_), AnyConnection::Sqlite(c)) => AnsiTransactionManager::rollback_transaction(c),
        (Err(_), AnyConnection::Postgresql(c)) => AnsiTransactionManager::rollback_transaction(c),
    };
    let value = result?;
    ended?;
    Ok((value, done))
}

/// The door of a process without a live-events hub (the command line, the
/// tests that write directly): [`run`] with [`Relay::Notify`]; the events
/// reach every server through the database (a game changed here is picked
/// up by a server's bots when it next starts or is woken).
pub fn write<T, E, F>(conn: &mut AnyConnection, f: F) -> Result<T, E>
where
    F: FnOnce(&mut Tx<'_>) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    run(conn, Relay::Notify, f).map(|(value, _)| value)
}
