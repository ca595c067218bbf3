//! The stored live events (table `events`): what the Server-Sent Events
//! stream sends, kept so a client that reconnects gets what it missed.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::events;
use crate::db::{AnyConnection, Tx};
use crate::tournament::ids::TournamentId;

/// An event as stored: its id is the SSE `id`, growing in commit order.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = events)]
pub struct StoredEvent {
    /// Row id: the SSE `id`.
    pub id: i64,
    /// The tournament it belongs to.
    pub tournament_id: TournamentId,
    /// The SSE event name (`deal`, `round`, `standings`).
    pub kind: String,
    /// The SSE data, JSON.
    pub data: String,
}

impl StoredEvent {
    /// Stores events of a tournament (kind, data), in this order, in one
    /// statement; their ids.
    pub fn insert_all(
        tx: &mut Tx<'_>,
        tournament_id: TournamentId,
        events: &[(&str, String)],
        now: NaiveDateTime,
    ) -> QueryResult<Vec<i64>> {
        let rows: Vec<_> = events
            .iter()
            .map(|(kind, data)| {
                (
                    events::tournament_id.eq(tournament_id),
                    events::kind.eq(*kind),
                    events::data.eq(data.as_str()),
                    events::created_at.eq(now),
                )
            })
            .collect();
        // The two-backend connection has no batch insert, each backend does.
        let insert = diesel::insert_into(events::table).values(&rows).returning(events::id);
        match tx.conn() {
            AnyConnection::Postgresql(c) => insert.get_results(c),
            AnyConnection::Sqlite(c) => insert.get_results(c),
        }
    }

    /// The events of every tournament after id `after`, oldest first, at most `limit`.
    pub fn since(conn: &mut AnyConnection, after: i64, limit: i64) -> QueryResult<Vec<StoredEvent>> {
        events::table
            .filter(events::id.gt(after))
            .order(events::id)
            .limit(limit)
            .select(StoredEvent::as_select())
            .load(conn)
    }

    /// The events of one tournament after id `after`, oldest first, at most `limit`.
    pub fn of_tournament_since(
        conn: &mut AnyConnection,
        tournament_id: TournamentId,
        after: i64,
        limit: i64,
    ) -> QueryResult<Vec<StoredEvent>> {
        events::table
            .filter(events::tournament_id.eq(tournament_id))
            .filter(events::id.gt(after))
            .order(events::id)
            .limit(limit)
            .select(StoredEvent::as_select())
            .load(conn)
    }

    /// The id of the last event stored (0 when there is none).
    pub fn last_id(conn: &mut AnyConnection) -> QueryResult<i64> {
        use diesel::dsl::max;
        Ok(events::table
            .select(max(events::id))
            .first::<Option<i64>>(conn)?
            .unwrap_or(0))
    }
}
