//! Live events: every committed change the public pages show is stored as
//! an [`Event`] (table `events`) by [`publish`], inside the transaction that
//! makes the change, so it exists exactly when the change does.
//!
//! On PostgreSQL, `NOTIFY chelem_events` wakes the hub of every app instance
//! sharing the database (`web::live`): sent by the hub of the writer's
//! process once it has read the events ([`hub_relays`]), or by [`publish`]
//! itself (delivered at commit) in a process without a hub. In this process, [`crate::db::write`] records the
//! events that committed (their ids, by tournament); the web layer takes them with
//! [`take_committed`] right after its unit of work, to drop their cached
//! standings at once and wake its hub without waiting for the notification.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};

use crate::db::models::StoredEvent;
use crate::db::{now, AnyConnection};

use super::OpResult;

/// The PostgreSQL notification channel of the live events; the payload is
/// the tournament id.
pub const CHANNEL: &str = "chelem_events";

/// The advisory lock that keeps the events' ids in commit order on
/// PostgreSQL, where an event's id is given before its transaction commits
/// (two publishers may commit ids 8 and 7 in that order). Every publisher
/// holds it *shared* from before its event gets an id until its commit:
/// publishers do not wait for each other, and their commits share the disk
/// flushes. A reader takes it *exclusive* for the moment of one query
/// ([`read_settled`]): every event that has an id then has committed or
/// rolled back, and none gets one meanwhile, so a reader that has seen id
/// `n` has seen every id below it. The key spells "chelem".
const PUBLISH_LOCK: i64 = 0x6368_656c_656d;

/// How a round changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundState {
    /// Seated.
    Started,
    /// Closed.
    Closed,
}

impl RoundState {
    /// As FORMATS.md writes it.
    pub fn name(self) -> &'static str {
        match self {
            RoundState::Started => "started",
            RoundState::Closed => "closed",
        }
    }
}

/// A change the public pages show (FORMATS.md, "Live updates").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A deal saved, corrected or confirmed.
    Deal {
        /// Round number.
        round: i32,
        /// Table number.
        table: i32,
        /// Deal number at the table.
        deal: i32,
    },
    /// A round started or closed.
    Round {
        /// Round number.
        round: i32,
        /// What happened to it.
        state: RoundState,
    },
    /// The standings changed: `round` is the round concerned (the last
    /// seated one for a change that is not a round's, `None` before round 1).
    Standings {
        /// Round number.
        round: Option<i32>,
    },
}

impl Event {
    /// The SSE event name.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Deal { .. } => "deal",
            Event::Round { .. } => "round",
            Event::Standings { .. } => "standings",
        }
    }

    /// The SSE data: one line of JSON.
    pub fn data(&self) -> String {
        let v = match *self {
            Event::Deal { round, table, deal } => serde_json::json!({"round": round, "table": table, "deal": deal}),
            Event::Round { round, state } => serde_json::json!({"round": round, "state": state.name()}),
            Event::Standings { round } => serde_json::json!({ "round": round }),
        };
        v.to_string()
    }
}

/// Stores `events` of a tournament, in this order, in one statement. Call it
/// inside the write transaction of the change ([`crate::db::write`]): the
/// events commit or roll back with it.
pub fn publish(conn: &mut AnyConnection, tournament_id: i32, events: &[Event]) -> OpResult<()> {
    let in_transaction = crate::db::in_transaction(conn)?;
    if !in_transaction {
        // The lock below lasts as long as the transaction: give it one.
        return crate::db::write(conn, |conn| publish(conn, tournament_id, events));
    }
    if let AnyConnection::Postgresql(pg) = conn {
        diesel::sql_query("SELECT pg_advisory_xact_lock_shared($1)")
            .bind::<BigInt, _>(PUBLISH_LOCK)
            .execute(pg)?;
    }
    let rows: Vec<(&str, String)> = events.iter().map(|e| (e.kind(), e.data())).collect();
    let ids = StoredEvent::insert_all(conn, tournament_id, &rows, now())?;
    if !HUB_RELAYS.load(Ordering::Relaxed) {
        notify(conn, tournament_id)?;
    }
    TRACK.with(|t| t.borrow_mut().pending.entry(tournament_id).or_default().extend(ids));
    Ok(())
}

/// Whether a live-events hub in this process tells the other instances of
/// the events committed here ([`hub_relays`]).
static HUB_RELAYS: AtomicBool = AtomicBool::new(false);

/// Called by the live-events hub of a server: from now on the writers of
/// this process do not `NOTIFY` in their transactions; the hub does, once it
/// has read their events (a moment after their commits). A `NOTIFY` in a
/// transaction takes PostgreSQL's one notification-queue lock until the end
/// of its commit, so every writer would wait for the previous one's disk
/// flush; the hub's, outside the writers' transactions, does not. A process
/// without a hub (the command line) notifies in its transactions.
pub fn hub_relays() {
    HUB_RELAYS.store(true, Ordering::Relaxed);
}

/// `NOTIFY chelem_events` with a tournament id (PostgreSQL; delivered at
/// commit, or at once outside a transaction).
pub fn notify(conn: &mut AnyConnection, tournament_id: i32) -> diesel::QueryResult<()> {
    if let AnyConnection::Postgresql(pg) = conn {
        diesel::sql_query("SELECT pg_notify($1, $2)")
            .bind::<Text, _>(CHANNEL)
            .bind::<Text, _>(tournament_id.to_string())
            .execute(pg)?;
    }
    Ok(())
}

/// Runs `read`, a query of the stored events, when no event can commit
/// below the ids it sees: on PostgreSQL in a transaction of its own, after
/// taking [`PUBLISH_LOCK`] exclusive (every publisher that holds it shared
/// has committed or rolled back; new ones wait for this query); on SQLite as
/// is (writers take turns, so ids commit in order). Every reader that
/// resumes from an id it saw (the hub, a stream's start and replay) reads
/// through this.
pub fn read_settled<T>(
    conn: &mut AnyConnection,
    read: impl FnOnce(&mut AnyConnection) -> diesel::QueryResult<T>,
) -> diesel::QueryResult<T> {
    if !matches!(conn, AnyConnection::Postgresql(_)) {
        return read(conn);
    }
    conn.transaction(|conn| {
        if let AnyConnection::Postgresql(pg) = conn {
            diesel::sql_query("SELECT pg_advisory_xact_lock($1)")
                .bind::<BigInt, _>(PUBLISH_LOCK)
                .execute(pg)?;
        }
        // Read committed: this statement's snapshot is taken after the lock.
        read(conn)
    })
}

/// The last seated round of a tournament, for a [`Event::Standings`] that is
/// not a round's own.
pub fn last_round(conn: &mut AnyConnection, tournament_id: i32) -> OpResult<Option<i32>> {
    let n = super::players::last_round(conn, tournament_id)?;
    Ok((n > 0).then_some(n))
}

/// Publishes [`Event::Standings`] for the last seated round.
pub fn publish_standings(conn: &mut AnyConnection, tournament_id: i32) -> OpResult<()> {
    let round = last_round(conn, tournament_id)?;
    publish(conn, tournament_id, &[Event::Standings { round }])
}

/// The events of the open transaction, and those committed but not yet
/// taken, on this thread.
#[derive(Default)]
struct Track {
    pending: Committed,
    committed: Committed,
}

/// Events committed in this process: their ids, by tournament.
pub type Committed = BTreeMap<i32, Vec<i64>>;

thread_local! {
    static TRACK: RefCell<Track> = RefCell::new(Track::default());
}

/// Called by [`crate::db::write`] when the outermost transaction ends: the
/// pending events are committed, or forgotten on a rollback.
pub(crate) fn transaction_ended(committed: bool) {
    TRACK.with(|t| {
        let mut t = t.borrow_mut();
        let pending = std::mem::take(&mut t.pending);
        if committed {
            for (tournament, ids) in pending {
                t.committed.entry(tournament).or_default().extend(ids);
            }
        }
    });
}

/// The events committed on this thread since the last call, by tournament
/// (the web layer drops their cached standings and wakes its hub).
pub fn take_committed() -> Committed {
    TRACK.with(|t| std::mem::take(&mut t.borrow_mut().committed))
}
