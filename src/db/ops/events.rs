//! Live events: every committed change the public pages show is stored as
//! an [`Event`] (table `events`) by [`publish`], inside the transaction that
//! makes the change, so it exists exactly when the change does.
//!
//! On PostgreSQL, [`publish`] also sends `NOTIFY chelem_events` (delivered
//! at commit only), which wakes the hub of every app instance sharing the
//! database (`web::live`). In this process, [`crate::db::write`] records the
//! tournaments whose events committed; the web layer takes them with
//! [`take_committed`] right after its unit of work, to drop their cached
//! standings at once and wake its hub without waiting for the notification.

use std::cell::RefCell;
use std::collections::BTreeSet;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};

use crate::db::models::StoredEvent;
use crate::db::{now, AnyConnection};

use super::OpResult;

/// The PostgreSQL notification channel of the live events; the payload is
/// the tournament id.
pub const CHANNEL: &str = "chelem_events";

/// The advisory lock every publisher takes on PostgreSQL (until its commit),
/// so events commit in the order of their ids: a reader that has seen id `n`
/// has seen every id below it. The key spells "chelem".
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

/// Stores `event` of a tournament; its id (the SSE `id`). Call it inside the
/// write transaction of the change ([`crate::db::write`]): the event commits
/// or rolls back with it.
pub fn publish(conn: &mut AnyConnection, tournament_id: i32, event: Event) -> OpResult<i64> {
    if let AnyConnection::Postgresql(pg) = conn {
        diesel::sql_query("SELECT pg_advisory_xact_lock($1)")
            .bind::<BigInt, _>(PUBLISH_LOCK)
            .execute(pg)?;
    }
    let id = StoredEvent::insert(conn, tournament_id, event.kind(), &event.data(), now())?;
    if let AnyConnection::Postgresql(pg) = conn {
        diesel::sql_query("SELECT pg_notify($1, $2)")
            .bind::<Text, _>(CHANNEL)
            .bind::<Text, _>(tournament_id.to_string())
            .execute(pg)?;
    }
    let in_transaction = crate::db::in_transaction(conn)?;
    TRACK.with(|t| {
        let mut t = t.borrow_mut();
        if in_transaction {
            t.pending.insert(tournament_id);
        } else {
            t.committed.insert(tournament_id);
        }
    });
    Ok(id)
}

/// The last seated round of a tournament, for a [`Event::Standings`] that is
/// not a round's own.
pub fn last_round(conn: &mut AnyConnection, tournament_id: i32) -> OpResult<Option<i32>> {
    let n = super::players::last_round(conn, tournament_id)?;
    Ok((n > 0).then_some(n))
}

/// Publishes [`Event::Standings`] for the last seated round.
pub fn publish_standings(conn: &mut AnyConnection, tournament_id: i32) -> OpResult<i64> {
    let round = last_round(conn, tournament_id)?;
    publish(conn, tournament_id, Event::Standings { round })
}

/// Tournaments with events in the open transaction and in committed ones not
/// yet taken, on this thread.
#[derive(Default)]
struct Track {
    pending: BTreeSet<i32>,
    committed: BTreeSet<i32>,
}

thread_local! {
    static TRACK: RefCell<Track> = RefCell::new(Track::default());
}

/// Called by [`crate::db::write`] when the outermost transaction ends: the
/// pending tournaments are committed, or forgotten on a rollback.
pub(crate) fn transaction_ended(committed: bool) {
    TRACK.with(|t| {
        let mut t = t.borrow_mut();
        let pending = std::mem::take(&mut t.pending);
        if committed {
            t.committed.extend(pending);
        }
    });
}

/// The tournaments whose events committed on this thread since the last call
/// (the web layer drops their cached standings and wakes its hub).
pub fn take_committed() -> BTreeSet<i32> {
    TRACK.with(|t| std::mem::take(&mut t.borrow_mut().committed))
}
