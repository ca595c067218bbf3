//! Points the organizer awarded at a table beside its deals (a table that
//! could not finish its deal at the bell, a disturbance): one award, with
//! its reason, gives each player of the table some points, summing to zero.

use std::collections::BTreeMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::{award_points, awards, round_tables, rounds};
use crate::db::{AnyConnection, Tx};
use crate::tournament::ids::{PlayerId, RoundNo, TournamentId};

/// An award at a table, with its points by player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Award {
    /// Row id.
    pub id: i32,
    /// Table.
    pub table_id: i32,
    /// Why (shown on the score sheet, kept in the audit log).
    pub reason: String,
    /// The organizer who gave it.
    pub actor: String,
    /// When.
    pub created_at: NaiveDateTime,
    /// (player, points), in the order given.
    pub points: Vec<(PlayerId, i32)>,
}

/// One player's points of an award: (round number, table id, player, points).
pub type AwardLine = (RoundNo, i32, PlayerId, i32);

impl Award {
    /// Stores an award; returns its id.
    pub fn insert(
        tx: &mut Tx<'_>,
        table_id: i32,
        points: &[(PlayerId, i32)],
        reason: &str,
        actor: &str,
        created_at: NaiveDateTime,
    ) -> QueryResult<i32> {
        let id = diesel::insert_into(awards::table)
            .values((
                awards::table_id.eq(table_id),
                awards::reason.eq(reason),
                awards::actor.eq(actor),
                awards::created_at.eq(created_at),
            ))
            .returning(awards::id)
            .get_result(tx.conn())?;
        for (player, p) in points {
            diesel::insert_into(award_points::table)
                .values((
                    award_points::award_id.eq(id),
                    award_points::player_id.eq(*player),
                    award_points::points.eq(*p),
                ))
                .execute(tx.conn())?;
        }
        Ok(id)
    }

    /// Removes an award (its points go with it).
    pub fn delete(tx: &mut Tx<'_>, id: i32) -> QueryResult<usize> {
        diesel::delete(award_points::table.filter(award_points::award_id.eq(id))).execute(tx.conn())?;
        diesel::delete(awards::table.find(id)).execute(tx.conn())
    }

    /// The awards of some tables, oldest first, each with its points.
    pub fn for_tables(conn: &mut AnyConnection, table_ids: &[i32]) -> QueryResult<Vec<Award>> {
        let heads: Vec<(i32, i32, String, String, NaiveDateTime)> = awards::table
            .filter(awards::table_id.eq_any(table_ids))
            .order(awards::id)
            .select((
                awards::id,
                awards::table_id,
                awards::reason,
                awards::actor,
                awards::created_at,
            ))
            .load(conn)?;
        let ids: Vec<i32> = heads.iter().map(|h| h.0).collect();
        let mut points: BTreeMap<i32, Vec<(PlayerId, i32)>> = BTreeMap::new();
        let rows: Vec<(i32, PlayerId, i32)> = award_points::table
            .filter(award_points::award_id.eq_any(&ids))
            .order(award_points::id)
            .select((award_points::award_id, award_points::player_id, award_points::points))
            .load(conn)?;
        for (award, player, p) in rows {
            points.entry(award).or_default().push((player, p));
        }
        Ok(heads
            .into_iter()
            .map(|(id, table_id, reason, actor, created_at)| Award {
                id,
                table_id,
                reason,
                actor,
                created_at,
                points: points.remove(&id).unwrap_or_default(),
            })
            .collect())
    }

    /// Every award point of a tournament, in no given order: what the
    /// standings and the Swiss totals add to the deals' scores.
    pub fn lines(conn: &mut AnyConnection, tournament_id: TournamentId) -> QueryResult<Vec<AwardLine>> {
        award_points::table
            .inner_join(awards::table.inner_join(round_tables::table.inner_join(rounds::table)))
            .filter(rounds::tournament_id.eq(tournament_id))
            .select((
                rounds::number,
                awards::table_id,
                award_points::player_id,
                award_points::points,
            ))
            .load(conn)
    }
}
