//! How a deal travels from a tap to the database and the screens.
//!
//! 1. **The tap.** A table's form (`web::deal::entry`), its JSON API
//!    (`PUT /api/tables/{token}/deals/{k}`, `web::api`), or a deal played on
//!    the devices reaching its end (`db::ops::games`, a seat's last card or
//!    a bot's) becomes a [`TableDeal`] with players by id, or a refusal.
//! 2. **The unit of work.** Every one of them is decided by
//!    [`deals`] inside a [`crate::db::Tx`]: the tournament's rules core
//!    scores it at its table, the slot's version and the form's
//!    idempotency key decide whether it is new, a correction (audited), a
//!    replay or a change from a stale page, and the rows and the live
//!    events ([`crate::db::ops::events::publish`]) are written in that one
//!    transaction. A form enters one deal ([`deals::enter_typed`]: scored
//!    before anything else, its refusal kept for its page, see
//!    `web::deal::entry`), so does a bot ([`deals::enter`]); the
//!    API's entries wait here, in the [`DealWriter`]'s queue, and are
//!    written together (group commit): a writer writes every entry waiting
//!    then in one transaction, then those that came meanwhile, on the same
//!    connection until none waits. With 100 tablets saving at once that is
//!    what bounds the answer's time. Each entry is decided exactly as if it
//!    were alone, in the order the entries arrived: two writers of one slot
//!    still get one 200 and one 409. When the shared transaction fails on
//!    the database (a first entry of a slot racing another writer's, say),
//!    the failure is logged, nothing of it is stored and each entry is
//!    written again alone.
//! 3. **The door.** The hub's door ([`crate::web::live::Hub::write`], which
//!    `AppState::write` and this writer use) commits the unit and hands its
//!    events to the hub: the tournament's cached standings are dropped
//!    before the tablet is answered (a tablet that saved then reads sees its
//!    deal), and the hub reads the events at once and broadcasts them to
//!    the event streams (standings, projector, round page, table sheets) and
//!    to the other instances (`NOTIFY`, PostgreSQL).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use futures_util::future::{select, Either};
use tokio::sync::{oneshot, OwnedSemaphorePermit, Semaphore};

use crate::db::fault::{fault, Fault};
use crate::db::models::RoundTable;
use crate::db::ops::deals::{self, Actor, EnteredDeal, Entry};
use crate::db::ops::{OpError, OpResult};
use crate::db::{Backend, DbConn};
use crate::tournament::deal::{DealError, TableDeal};
use crate::web::access_log::record_table;
use crate::web::error::AppError;
use crate::web::live::Hub;
use crate::web::AppState;

/// How many groups of entries are written at once on PostgreSQL: one while
/// the other waits for its commit, so the database is never idle between
/// groups. More writers make smaller groups, each with its fixed cost
/// (round trips, a commit): on the 2-core machine of docs/load.md, three
/// wrote 3,446 entries a second in groups of 18 on average, two 3,992 in
/// groups of 25.
pub const WRITERS: usize = 2;

/// The same on SQLite: one. It has one write lock; a second writer would
/// only wait for it, in SQLite's busy handler, which sleeps 1, 2, 5, 10…
/// up to 100 ms between tries.
pub const WRITERS_SQLITE: usize = 1;

/// At most this many entries in one transaction.
pub const MAX_GROUP: usize = 128;

/// A table's deal entry, as the API received it.
#[derive(Debug)]
pub struct DealRequest {
    /// The table's token.
    pub token: String,
    /// Deal number at the table.
    pub number: i32,
    /// The deal, or why it could not be read (answered once the table is known).
    pub deal: Result<TableDeal, DealError>,
    /// The version the writer read (FORMATS.md "Versions").
    pub version: Option<i32>,
    /// The request's idempotency key.
    pub key: Option<String>,
    /// The request's span: told which tournament, round and table the token
    /// led to.
    pub span: tracing::Span,
}

/// What a PUT is answered: the entry's outcome, or why it could not be tried.
pub type Answer = Result<OpResult<EnteredDeal>, AppError>;

struct Waiting {
    request: DealRequest,
    reply: oneshot::Sender<Answer>,
    /// Written once already, on a connection that was lost under it.
    retried: bool,
}

/// The group writer of the tablets' API entries: the entries waiting to
/// be written, and the writers' turns.
#[derive(Clone)]
pub struct DealWriter {
    waiting: Arc<Mutex<Vec<Waiting>>>,
    writers: Arc<Semaphore>,
}

impl DealWriter {
    /// The writer of a server on `backend`.
    pub fn new(backend: Backend) -> Self {
        let writers = match backend {
            Backend::Postgres => WRITERS,
            Backend::Sqlite => WRITERS_SQLITE,
        };
        DealWriter {
            waiting: Arc::default(),
            writers: Arc::new(Semaphore::new(writers)),
        }
    }

    /// The oldest waiting entries, at most [`MAX_GROUP`].
    fn take(&self) -> Vec<Waiting> {
        let mut waiting = self.waiting.lock().unwrap_or_else(|e| e.into_inner());
        let n = waiting.len().min(MAX_GROUP);
        waiting.drain(..n).collect()
    }

    /// Puts entries back at the head of the queue, to be written first by
    /// the next writer (on another connection).
    fn put_back(&self, entries: Vec<Waiting>) {
        let mut waiting = self.waiting.lock().unwrap_or_else(|e| e.into_inner());
        waiting.splice(0..0, entries);
    }

    /// Enters a table's deal with whatever other entries are waiting: the
    /// request joins the queue, then either its answer comes (a writer
    /// wrote it) or it gets a writer's turn and starts one (`write_waiting`),
    /// and waits for its answer like the others.
    pub async fn enter(&self, state: &AppState, request: DealRequest) -> Answer {
        let (reply, mut answer) = oneshot::channel();
        let queue = self;
        queue.waiting.lock().unwrap_or_else(|e| e.into_inner()).push(Waiting {
            request,
            reply,
            retried: false,
        });
        loop {
            let turn = Box::pin(queue.writers.clone().acquire_owned());
            match select(answer, turn).await {
                // Dropped unanswered: the writer could not get a connection.
                Either::Left((done, _)) => return done.unwrap_or(Err(AppError::Unavailable)),
                Either::Right((turn, still)) => {
                    answer = still;
                    let turn = turn.map_err(|e| AppError::Internal(anyhow::anyhow!("deal writers closed: {e}")))?;
                    self.start_writer(state, turn);
                }
            }
        }
    }

    /// Starts a writer holding `turn`, on its own: it takes a connection
    /// once one is free ([`AppState::with_conn`]) and writes what waits.
    fn start_writer(&self, state: &AppState, turn: OwnedSemaphorePermit) {
        let (state, queue, hub) = (state.clone(), self.clone(), state.hub.clone());
        actix_web::rt::spawn(async move {
            let written = state
                .with_conn(move |conn| {
                    write_waiting(conn, &queue, &hub);
                    drop(turn);
                })
                .await;
            match written {
                Ok(()) => {}
                // No connection (logged by the pool): dropped unanswered, answered 503.
                Err(AppError::Unavailable) => drop(state.deal_writer.take()),
                Err(e) => tracing::error!(error = %e, "a deal writer failed"),
            }
        });
    }
}

/// A writer's turn: writes group after group on one connection while
/// entries wait (no new checkout and hand-over between them), then ends.
/// An entry queued just as it ends has its request waiting for a turn.
/// When the connection is lost under a group, the turn ends there: the
/// entries go back to the queue once, for a writer with a fresh connection
/// (an entry is idempotent by its key and decided by its version: written
/// again, it is stored once), and are answered 503 if that one loses it too.
fn write_waiting(conn: &mut DbConn, queue: &DealWriter, hub: &Hub) {
    loop {
        let group = queue.take();
        if group.is_empty() {
            return;
        }
        let lost = write_group(conn, hub, group);
        if !lost.is_empty() {
            tracing::warn!(
                entries = lost.len(),
                "a group of deal entries lost its connection: written again"
            );
            queue.put_back(lost);
            return;
        }
    }
}

/// Writes a group of entries and answers each, once the standings of what
/// it changed are dropped (an answered tablet that reads them sees its deal);
/// returns those to write again, unanswered (their connection was lost
/// under them, for the first time).
fn write_group(conn: &mut DbConn, hub: &Hub, group: Vec<Waiting>) -> Vec<Waiting> {
    let (requests, rest): (Vec<DealRequest>, Vec<_>) =
        group.into_iter().map(|w| (w.request, (w.reply, w.retried))).unzip();
    let answers = answers(conn, hub, &requests);
    let mut again = Vec::new();
    for ((request, (reply, retried)), answer) in requests.into_iter().zip(rest).zip(answers) {
        if !retried && connection_lost(&answer) {
            again.push(Waiting {
                request,
                reply,
                retried: true,
            });
        } else {
            // A client gone meanwhile: its entry is stored all the same.
            let _ = reply.send(answer);
        }
    }
    again
}

/// Whether an answer is the loss of the connection under it.
fn connection_lost(answer: &Answer) -> bool {
    match answer {
        Err(AppError::ConnectionLost) => true,
        Ok(Err(OpError::Db(e))) => fault(e) == Some(Fault::Lost),
        _ => false,
    }
}

/// The answers to `requests`, in order.
fn answers(conn: &mut DbConn, hub: &Hub, requests: &[DealRequest]) -> Vec<Answer> {
    let tokens: Vec<&str> = requests.iter().map(|r| r.token.as_str()).collect();
    let tables = match RoundTable::by_tokens(conn, &tokens) {
        Ok(t) => t,
        Err(e) => {
            tracing::error!(error = %e, "reading the tables of deal entries");
            let kind = fault(&e);
            return requests
                .iter()
                .map(|_| {
                    Err(match kind {
                        Some(Fault::Lost) => AppError::ConnectionLost,
                        Some(Fault::ReadOnly) => AppError::ReadOnly,
                        None => AppError::Internal(anyhow::anyhow!("database error: {e}")),
                    })
                })
                .collect();
        }
    };
    let by_token: HashMap<&str, _> = tables.iter().map(|(t, r)| (t.token.as_str(), (t, r))).collect();
    let mut out: Vec<Option<Answer>> = Vec::with_capacity(requests.len());
    let mut entries = Vec::new();
    let mut slots = Vec::new();
    for r in requests {
        let found = by_token.get(r.token.as_str());
        if let Some((table, round)) = found {
            record_table(&r.span, round.tournament_id, round.number, table.number);
        }
        match (found, &r.deal) {
            (None, _) => out.push(Some(Err(AppError::NotFound))),
            (Some(_), Err(e)) => out.push(Some(Ok(Err(deals::deal_msg(e))))),
            (Some((table, round)), Ok(deal)) => {
                slots.push(out.len());
                out.push(None);
                entries.push(Entry {
                    table,
                    round,
                    number: r.number,
                    deal,
                    actor: &Actor::Table,
                    reason: "",
                    version: r.version,
                    key: r.key.as_deref(),
                });
            }
        }
    }
    let written = match hub.write(conn, |tx| deals::enter_all(tx, &entries)) {
        Ok(w) => w,
        // The connection is gone: each entry would fail alone just the same.
        Err(OpError::Db(e)) if fault(&e) == Some(Fault::Lost) => {
            tracing::warn!(error = %e, entries = entries.len(), "a group of deal entries lost its connection");
            for i in slots {
                out[i] = Some(Err(AppError::ConnectionLost));
            }
            return out.into_iter().map(|a| a.expect("every request answered")).collect();
        }
        // Nothing of the group is stored: each entry alone, as a single PUT would be.
        Err(e) => {
            tracing::warn!(error = %e, entries = entries.len(), "a group of deal entries failed: each is written alone");
            entries
                .iter()
                .map(|e| hub.write(conn, |tx| deals::enter(tx, e)))
                .collect()
        }
    };
    for (i, w) in slots.into_iter().zip(written) {
        out[i] = Some(Ok(w));
    }
    out.into_iter().map(|a| a.expect("every request answered")).collect()
}
