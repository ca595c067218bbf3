//! How the app instances sharing a database learn of each other's writes:
//! what a unit of work committed ([`Committed`]: the live events' ids by
//! tournament, the games it changed) and the PostgreSQL channel that tells
//! the other instances ([`CHANNEL`], [`notify`]). The door
//! ([`super::unit::run`]) gathers them; the live hub and the games hear of
//! them.

use std::collections::{BTreeMap, BTreeSet};

use diesel::prelude::*;
use diesel::sql_types::Text;

use super::AnyConnection;
use crate::tournament::ids::{GameId, TournamentId};

/// The PostgreSQL notification channel of the live events; the payload is
/// the tournament id.
pub const CHANNEL: &str = "chelem_events";

/// Events committed: their ids, by tournament.
pub type Events = BTreeMap<TournamentId, Vec<i64>>;

/// What a unit of work committed, for those who show it.
#[derive(Debug, Default)]
pub struct Committed {
    /// The live events stored, by tournament.
    pub events: Events,
    /// The games whose seats, deals or actions changed: their pages and
    /// their bots look again.
    pub games: BTreeSet<GameId>,
}

/// `NOTIFY chelem_events` with a tournament id (PostgreSQL; delivered at
/// commit, or at once outside a transaction).
pub fn notify(conn: &mut AnyConnection, tournament_id: TournamentId) -> QueryResult<()> {
    if let AnyConnection::Postgresql(pg) = conn {
        diesel::sql_query("SELECT pg_notify($1, $2)")
            .bind::<Text, _>(CHANNEL)
            .bind::<Text, _>(tournament_id.to_string())
            .execute(pg)?;
    }
    Ok(())
}
