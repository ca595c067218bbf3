//! Tournaments and their settings.

use std::ops::Deref;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::TournamentSettings;
use crate::db::schema::tournaments;
use crate::db::{AnyConnection, Tx};
use crate::tournament::ids::TournamentId;
use crate::tournament::table::StoredPlan;

/// A tournament row: its settings (by deref: `t.rounds_planned`) and what
/// the server keeps beside them.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = tournaments)]
pub struct Tournament {
    /// Row id.
    pub id: TournamentId,
    /// Its settings.
    #[diesel(embed)]
    pub settings: TournamentSettings,
    /// The seating planned at round 1 (stored as JSON), followed while nothing changes.
    #[diesel(column_name = plan_json)]
    pub plan: Option<StoredPlan>,
    /// Who made it.
    pub created_by: Option<i32>,
    /// When.
    pub created_at: NaiveDateTime,
    /// Duplicate: the secret the deals are dealt from.
    pub deal_secret: i64,
}

impl Deref for Tournament {
    type Target = TournamentSettings;

    fn deref(&self) -> &TournamentSettings {
        &self.settings
    }
}

/// A tournament to create.
#[derive(Debug, Clone)]
pub struct NewTournament {
    /// Its settings.
    pub settings: TournamentSettings,
    /// Creator.
    pub created_by: Option<i32>,
    /// Creation time.
    pub created_at: NaiveDateTime,
    /// Duplicate: the secret the deals are dealt from (0: none).
    pub deal_secret: i64,
}

impl Tournament {
    /// Inserts a tournament.
    pub fn create(tx: &mut Tx<'_>, new: &NewTournament) -> QueryResult<Tournament> {
        let id: TournamentId = diesel::insert_into(tournaments::table)
            .values((
                new.settings.clone(),
                tournaments::created_by.eq(new.created_by),
                tournaments::created_at.eq(new.created_at),
                tournaments::deal_secret.eq(new.deal_secret),
            ))
            .returning(tournaments::id)
            .get_result(tx.conn())?;
        tournaments::table
            .find(id)
            .select(Tournament::as_select())
            .first(tx.conn())
    }

    /// Locks the tournament's row until the transaction ends (PostgreSQL
    /// `FOR UPDATE`), so two organizers starting the next round at once are
    /// served one after the other. SQLite: see [`crate::db::unit::run`].
    pub fn lock(conn: &mut AnyConnection, id: TournamentId) -> QueryResult<()> {
        if let AnyConnection::Postgresql(pg) = conn {
            tournaments::table
                .find(id)
                .select(tournaments::id)
                .for_update()
                .first::<TournamentId>(pg)
                .optional()?;
        }
        Ok(())
    }

    /// The tournament with this id.
    pub fn find(conn: &mut AnyConnection, id: TournamentId) -> QueryResult<Option<Tournament>> {
        tournaments::table
            .find(id)
            .select(Tournament::as_select())
            .first(conn)
            .optional()
    }

    /// Every tournament, newest first.
    pub fn list(conn: &mut AnyConnection) -> QueryResult<Vec<Tournament>> {
        tournaments::table
            .order(tournaments::id.desc())
            .select(Tournament::as_select())
            .load(conn)
    }

    /// Stores the seating plan.
    pub fn set_plan(tx: &mut Tx<'_>, id: TournamentId, plan: &StoredPlan) -> QueryResult<usize> {
        let json = serde_json::to_string(plan).expect("numbers and strings serialize");
        diesel::update(tournaments::table.find(id))
            .set(tournaments::plan_json.eq(json))
            .execute(tx.conn())
    }
}
