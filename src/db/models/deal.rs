//! Entered deals and their per-player scores.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::{deal_scores, deals, round_tables, rounds};
use crate::db::AnyConnection;

/// A deal of a table, as entered.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = deals)]
pub struct Deal {
    /// Row id.
    pub id: i32,
    /// Table.
    pub table_id: i32,
    /// 1-based deal number at the table.
    pub number: i32,
    /// Every player passed.
    pub passed: bool,
    /// The record as entered (player ids), canonical JSON.
    pub record_json: String,
    /// The taker (None when everyone passed).
    pub taker_id: Option<i32>,
    /// Whether the attack made its contract (None when everyone passed).
    pub attack_won: Option<bool>,
    /// Who entered it (`table`, or an organizer's name).
    pub entered_by: String,
    /// First entry.
    pub created_at: NaiveDateTime,
    /// Last change.
    pub updated_at: NaiveDateTime,
}

/// One player's score in one deal of a tournament, with where it was played.
#[derive(Debug, Clone, Queryable)]
pub struct ScoreLine {
    /// Round number.
    pub round: i32,
    /// Table number.
    pub table: i32,
    /// Table id.
    pub table_id: i32,
    /// Deal number.
    pub deal: i32,
    /// Player.
    pub player_id: i32,
    /// Score.
    pub score: i32,
}

impl Deal {
    /// The deals of a table, by number.
    pub fn for_table(conn: &mut AnyConnection, table_id: i32) -> QueryResult<Vec<Deal>> {
        deals::table
            .filter(deals::table_id.eq(table_id))
            .order(deals::number)
            .select(Deal::as_select())
            .load(conn)
    }

    /// Deal `number` of a table.
    pub fn find(conn: &mut AnyConnection, table_id: i32, number: i32) -> QueryResult<Option<Deal>> {
        deals::table
            .filter(deals::table_id.eq(table_id))
            .filter(deals::number.eq(number))
            .select(Deal::as_select())
            .first(conn)
            .optional()
    }

    /// Stores a deal slot (insert or replace) and its scores by player.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        conn: &mut AnyConnection,
        existing: Option<&Deal>,
        table_id: i32,
        number: i32,
        passed: bool,
        record_json: &str,
        outcome: Option<(i32, bool)>,
        entered_by: &str,
        scores: &[(i32, i32)],
        now: NaiveDateTime,
    ) -> QueryResult<i32> {
        let (taker, won) = (outcome.map(|o| o.0), outcome.map(|o| o.1));
        let id = match existing {
            Some(d) => {
                diesel::update(deals::table.find(d.id))
                    .set((
                        deals::passed.eq(passed),
                        deals::record_json.eq(record_json),
                        deals::taker_id.eq(taker),
                        deals::attack_won.eq(won),
                        deals::entered_by.eq(entered_by),
                        deals::updated_at.eq(now),
                    ))
                    .execute(conn)?;
                diesel::delete(deal_scores::table.filter(deal_scores::deal_id.eq(d.id))).execute(conn)?;
                d.id
            }
            None => diesel::insert_into(deals::table)
                .values((
                    deals::table_id.eq(table_id),
                    deals::number.eq(number),
                    deals::passed.eq(passed),
                    deals::record_json.eq(record_json),
                    deals::taker_id.eq(taker),
                    deals::attack_won.eq(won),
                    deals::entered_by.eq(entered_by),
                    deals::created_at.eq(now),
                    deals::updated_at.eq(now),
                ))
                .returning(deals::id)
                .get_result(conn)?,
        };
        for (player, score) in scores {
            diesel::insert_into(deal_scores::table)
                .values((
                    deal_scores::deal_id.eq(id),
                    deal_scores::player_id.eq(*player),
                    deal_scores::score.eq(*score),
                ))
                .execute(conn)?;
        }
        Ok(id)
    }

    /// Scores of a deal: (player id, score).
    pub fn scores(conn: &mut AnyConnection, deal_id: i32) -> QueryResult<Vec<(i32, i32)>> {
        deal_scores::table
            .filter(deal_scores::deal_id.eq(deal_id))
            .order(deal_scores::id)
            .select((deal_scores::player_id, deal_scores::score))
            .load(conn)
    }

    /// Every score of a tournament, with its round, table and deal.
    pub fn score_lines(conn: &mut AnyConnection, tournament_id: i32) -> QueryResult<Vec<ScoreLine>> {
        deal_scores::table
            .inner_join(deals::table.inner_join(round_tables::table.inner_join(rounds::table)))
            .filter(rounds::tournament_id.eq(tournament_id))
            .order((rounds::number, round_tables::number, deals::number, deal_scores::id))
            .select((
                rounds::number,
                round_tables::number,
                round_tables::id,
                deals::number,
                deal_scores::player_id,
                deal_scores::score,
            ))
            .load(conn)
    }

    /// Every deal of a tournament with its round number and table id.
    pub fn for_tournament(conn: &mut AnyConnection, tournament_id: i32) -> QueryResult<Vec<(i32, Deal)>> {
        deals::table
            .inner_join(round_tables::table.inner_join(rounds::table))
            .filter(rounds::tournament_id.eq(tournament_id))
            .order((rounds::number, round_tables::number, deals::number))
            .select((rounds::number, Deal::as_select()))
            .load(conn)
    }
}
