//! Live events: every committed change the public pages show is stored as
//! an [`Event`] (table `events`) by [`publish`], inside the transaction that
//! makes the change, so it exists exactly when the change does.
//!
//! [`publish`] records the events' ids on the unit of work ([`Tx`]); the
//! door that commits it hands them on ([`crate::db::unit`]): in a server to
//! its hub, which drops their tournaments' cached standings at once and
//! tells the other instances (`NOTIFY chelem_events` on PostgreSQL, once it
//! has read them); in a process without a hub, the door itself sends the
//! `NOTIFY` in the transaction (delivered at commit).

use chrono::NaiveDateTime;

use diesel::prelude::*;
use diesel::sql_types::BigInt;

use crate::db::models::StoredEvent;
use crate::db::{now, AnyConnection, Tx};
use crate::tournament::clock::{rfc3339, rfc3339_ms};
use crate::tournament::ids::{RoundNo, TableNo, TournamentId};

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
    /// Its start undone: the round is gone, to be started again.
    Undone,
    /// Players moved or swapped between its tables.
    Reseated,
}

impl RoundState {
    /// As FORMATS.md writes it.
    pub fn name(self) -> &'static str {
        match self {
            RoundState::Started => "started",
            RoundState::Closed => "closed",
            RoundState::Undone => "undone",
            RoundState::Reseated => "reseated",
        }
    }
}

/// A change the public pages show (FORMATS.md, "Live updates").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A deal saved, corrected or confirmed.
    Deal {
        /// Round number.
        round: RoundNo,
        /// Table number.
        table: TableNo,
        /// Deal number at the table.
        deal: i32,
    },
    /// A round started, closed, undone or reseated.
    Round {
        /// Round number.
        round: RoundNo,
        /// What happened to it.
        state: RoundState,
    },
    /// A timed round started or its end moved (the stream stamps `now` as
    /// it sends the event: [`stamp_now`]).
    Clock {
        /// Round number.
        round: RoundNo,
        /// When its bell rings (UTC).
        ends_at: NaiveDateTime,
    },
    /// The standings changed: `round` is the round concerned (the last
    /// seated one for a change that is not a round's, `None` before round 1).
    Standings {
        /// Round number.
        round: Option<RoundNo>,
    },
}

impl Event {
    /// The SSE event name.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Deal { .. } => "deal",
            Event::Round { .. } => "round",
            Event::Standings { .. } => "standings",
            Event::Clock { .. } => "clock",
        }
    }

    /// The SSE data: one line of JSON.
    pub fn data(&self) -> String {
        let v = match *self {
            Event::Deal { round, table, deal } => serde_json::json!({"round": round, "table": table, "deal": deal}),
            Event::Round { round, state } => serde_json::json!({"round": round, "state": state.name()}),
            Event::Standings { round } => serde_json::json!({ "round": round }),
            Event::Clock { round, ends_at } => {
                serde_json::json!({"round": round, "ends_at": rfc3339(ends_at), "now": rfc3339_ms(now())})
            }
        };
        v.to_string()
    }
}

/// The data of a stored `clock` event with `"now"` set to `at` (the
/// server's time as the event leaves, so a client replaying it later counts
/// from the right time); any other event's data as it is.
pub fn stamp_now(kind: &str, data: &str, at: NaiveDateTime) -> String {
    if kind != "clock" {
        return data.to_owned();
    }
    match serde_json::from_str::<serde_json::Value>(data) {
        Ok(mut v) if v.is_object() => {
            v["now"] = serde_json::Value::String(rfc3339_ms(at));
            v.to_string()
        }
        _ => data.to_owned(),
    }
}

/// Stores `events` of a tournament, in this order, in one statement, in
/// the unit of work of the change: the events commit or roll back with it,
/// and reach the live pages when its door commits.
pub fn publish(tx: &mut Tx<'_>, tournament_id: TournamentId, events: &[Event]) -> diesel::QueryResult<()> {
    if let AnyConnection::Postgresql(pg) = &mut **tx {
        diesel::sql_query("SELECT pg_advisory_xact_lock_shared($1)")
            .bind::<BigInt, _>(PUBLISH_LOCK)
            .execute(pg)?;
    }
    let rows: Vec<(&str, String)> = events.iter().map(|e| (e.kind(), e.data())).collect();
    let ids = StoredEvent::insert_all(tx, tournament_id, &rows, now())?;
    tx.record(tournament_id, ids);
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
pub fn last_round(conn: &mut AnyConnection, tournament_id: TournamentId) -> diesel::QueryResult<Option<RoundNo>> {
    let n = crate::db::models::Round::last_number(conn, tournament_id)?;
    Ok((n > RoundNo::NONE).then_some(n))
}

/// Publishes [`Event::Standings`] for the last seated round.
pub fn publish_standings(tx: &mut Tx<'_>, tournament_id: TournamentId) -> diesel::QueryResult<()> {
    let round = last_round(tx, tournament_id)?;
    publish(tx, tournament_id, &[Event::Standings { round }])
}
