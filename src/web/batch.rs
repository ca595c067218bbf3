//! The tablets' deal entries through the API, gathered into one write
//! (group commit): a PUT waits in [`DealQueue`]; whoever gets one of its
//! [`WRITERS`] turns starts a writer, which writes every entry waiting then
//! in one transaction ([`deals::enter_all`]: one commit and one statement
//! of each kind for all of them, instead of a transaction and about fifteen
//! round trips each), then the entries that came meanwhile, and so on on the
//! same connection until none waits. With 100 tablets saving at once that
//! is what bounds the answer's time.
//!
//! Each entry is decided exactly as if it were alone, in the order the
//! entries arrived: two writers of one slot still get one 200 and one 409.
//! When the shared transaction fails on the database (a first entry of a
//! slot racing another writer's, say), nothing of it is stored and each
//! entry is written again alone.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use futures_util::future::{select, Either};
use tokio::sync::{oneshot, OwnedSemaphorePermit, Semaphore};

use super::error::AppError;
use super::live::Hub;
use super::AppState;
use crate::db::models::RoundTable;
use crate::db::ops::deals::{self, Actor, EnteredDeal, Entry};
use crate::db::ops::OpResult;
use crate::db::{Backend, DbConn};
use crate::tournament::deal::{DealError, TableDeal};

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
}

/// What a PUT is answered: the entry's outcome, or why it could not be tried.
pub type Answer = Result<OpResult<EnteredDeal>, AppError>;

struct Waiting {
    request: DealRequest,
    reply: oneshot::Sender<Answer>,
}

/// The entries waiting to be written, and the writers' turns.
#[derive(Clone)]
pub struct DealQueue {
    waiting: Arc<Mutex<Vec<Waiting>>>,
    writers: Arc<Semaphore>,
}

impl DealQueue {
    /// The queue of a server on `backend`.
    pub fn new(backend: Backend) -> Self {
        let writers = match backend {
            Backend::Postgres => WRITERS,
            Backend::Sqlite => WRITERS_SQLITE,
        };
        DealQueue {
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
}

impl AppState {
    /// Enters a table's deal with whatever other entries are waiting: the
    /// request joins the queue, then either its answer comes (a writer
    /// wrote it) or it gets a writer's turn and starts one ([`write_waiting`]),
    /// and waits for its answer like the others.
    pub async fn enter_deal(&self, request: DealRequest) -> Answer {
        let (reply, mut answer) = oneshot::channel();
        let queue = &self.deals;
        queue
            .waiting
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(Waiting { request, reply });
        loop {
            let turn = Box::pin(queue.writers.clone().acquire_owned());
            match select(answer, turn).await {
                // Dropped unanswered: the writer could not get a connection.
                Either::Left((done, _)) => return done.unwrap_or(Err(AppError::Unavailable)),
                Either::Right((turn, still)) => {
                    answer = still;
                    let turn = turn.map_err(|e| AppError::Internal(anyhow::anyhow!("deal writers closed: {e}")))?;
                    self.start_writer(turn);
                }
            }
        }
    }

    /// Starts a writer holding `turn`, on its own: it takes a connection
    /// once one is free ([`AppState::with_conn`]) and writes what waits.
    fn start_writer(&self, turn: OwnedSemaphorePermit) {
        let state = self.clone();
        actix_web::rt::spawn(async move {
            let (queue, hub) = (state.deals.clone(), state.hub.clone());
            let written = state
                .with_conn(move |conn| {
                    write_waiting(conn, &queue, &hub);
                    drop(turn);
                })
                .await;
            match written {
                Ok(()) => {}
                // No connection (logged by the pool): dropped unanswered, answered 503.
                Err(AppError::Unavailable) => drop(state.deals.take()),
                Err(e) => tracing::error!(error = %e, "a deal writer failed"),
            }
        });
    }
}

/// A writer's turn: writes group after group on one connection while
/// entries wait (no new checkout and hand-over between them), then ends.
/// An entry queued just as it ends has its request waiting for a turn.
fn write_waiting(conn: &mut DbConn, queue: &DealQueue, hub: &Hub) {
    loop {
        let group = queue.take();
        if group.is_empty() {
            return;
        }
        write_group(conn, hub, group);
    }
}

/// Writes a group of entries and answers each, once the standings of what
/// it changed are dropped (an answered tablet that reads them sees its deal).
fn write_group(conn: &mut DbConn, hub: &Hub, group: Vec<Waiting>) {
    let (requests, replies): (Vec<DealRequest>, Vec<oneshot::Sender<Answer>>) =
        group.into_iter().map(|w| (w.request, w.reply)).unzip();
    let answers = answers(conn, &requests);
    hub.committed(&crate::db::ops::events::take_committed());
    for (reply, answer) in replies.into_iter().zip(answers) {
        // A client gone meanwhile: its entry is stored all the same.
        let _ = reply.send(answer);
    }
}

/// The answers to `requests`, in order.
fn answers(conn: &mut DbConn, requests: &[DealRequest]) -> Vec<Answer> {
    let tokens: Vec<&str> = requests.iter().map(|r| r.token.as_str()).collect();
    let tables = match RoundTable::by_tokens(conn, &tokens) {
        Ok(t) => t,
        Err(e) => {
            tracing::error!(error = %e, "reading the tables of deal entries");
            return requests
                .iter()
                .map(|_| Err(AppError::Internal(anyhow::anyhow!("database error: {e}"))))
                .collect();
        }
    };
    let by_token: HashMap<&str, _> = tables.iter().map(|(t, r)| (t.token.as_str(), (t, r))).collect();
    let mut out: Vec<Option<Answer>> = Vec::with_capacity(requests.len());
    let mut entries = Vec::new();
    let mut slots = Vec::new();
    for r in requests {
        match (by_token.get(r.token.as_str()), &r.deal) {
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
    let written = match deals::enter_all(conn, &entries) {
        Ok(w) => w,
        // Nothing of the group is stored: each entry alone, as a single PUT would be.
        Err(_) => entries.iter().map(|e| deals::enter(conn, e)).collect(),
    };
    for (i, w) in slots.into_iter().zip(written) {
        out[i] = Some(Ok(w));
    }
    out.into_iter().map(|a| a.expect("every request answered")).collect()
}
