//! The queries of a tournament's standings over several tournaments at
//! once, each row with its tournament: what a season reads, in as many
//! queries for 40 tournaments as for one (no query per tournament, none
//! per player). They mirror [`super::Deal::score_sums`],
//! [`super::Deal::counted_numbers`], [`super::Deal::taker_wins`],
//! [`super::Award::lines`] and [`super::Registration::with_players`], for
//! tournaments that hide no deal (not duplicate: see `db::ops::visible`).

use diesel::prelude::*;

use crate::db::schema::{
    award_points, awards, deal_scores, deals, players, registrations, round_tables, rounds, seats,
};
use crate::db::AnyConnection;
use crate::tournament::ids::{PlayerId, RoundNo, TournamentId};

use super::deal::{counts, ScoreSum};
use super::{AwardLine, Player, Registration};

// A tournament's id beside the columns the score sums are grouped by
// (those of `deal.rs`, already allowed together).
diesel::allow_columns_to_appear_in_same_group_by_clause!(rounds::tournament_id, round_tables::id);
diesel::allow_columns_to_appear_in_same_group_by_clause!(rounds::tournament_id, deal_scores::player_id);
diesel::allow_columns_to_appear_in_same_group_by_clause!(rounds::tournament_id, seats::seat);

/// [`super::Deal::score_sums`] of every tournament of `ids`, by tournament.
pub fn score_sums(conn: &mut AnyConnection, ids: &[TournamentId]) -> QueryResult<Vec<(TournamentId, ScoreSum)>> {
    use diesel::dsl::sum;
    type Row = (TournamentId, RoundNo, i32, PlayerId, Option<i32>, Option<i64>);
    let rows: Vec<Row> = deal_scores::table
        .inner_join(deals::table.inner_join(round_tables::table.inner_join(rounds::table)))
        .left_join(
            seats::table.on(seats::table_id
                .eq(deals::table_id)
                .and(seats::player_id.eq(deal_scores::player_id))),
        )
        .filter(rounds::tournament_id.eq_any(ids))
        .filter(counts())
        .group_by((
            rounds::tournament_id,
            rounds::number,
            round_tables::id,
            deal_scores::player_id,
            seats::seat,
        ))
        .select((
            rounds::tournament_id,
            rounds::number,
            round_tables::id,
            deal_scores::player_id,
            seats::seat.nullable(),
            sum(deal_scores::score),
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(t, round, table, player, seat, total)| (t, (round, table, player, seat, total.unwrap_or(0))))
        .collect())
}

/// [`super::Deal::counted_numbers`] of every tournament of `ids`.
pub fn counted_numbers(conn: &mut AnyConnection, ids: &[TournamentId]) -> QueryResult<Vec<(TournamentId, i32, i32)>> {
    deals::table
        .inner_join(round_tables::table.inner_join(rounds::table))
        .filter(rounds::tournament_id.eq_any(ids))
        .filter(counts())
        .select((rounds::tournament_id, deals::table_id, deals::number))
        .load(conn)
}

/// [`super::Deal::taker_wins`] of every tournament of `ids`.
pub fn taker_wins(
    conn: &mut AnyConnection,
    ids: &[TournamentId],
) -> QueryResult<Vec<(TournamentId, RoundNo, PlayerId)>> {
    deals::table
        .inner_join(round_tables::table.inner_join(rounds::table))
        .filter(rounds::tournament_id.eq_any(ids))
        .filter(counts())
        .filter(deals::attack_won.eq(true))
        .filter(deals::taker_id.is_not_null())
        .select((rounds::tournament_id, rounds::number, deals::taker_id.assume_not_null()))
        .load(conn)
}

/// [`super::Award::lines`] of every tournament of `ids`.
pub fn award_lines(conn: &mut AnyConnection, ids: &[TournamentId]) -> QueryResult<Vec<(TournamentId, AwardLine)>> {
    let rows: Vec<(TournamentId, RoundNo, i32, PlayerId, i32)> = award_points::table
        .inner_join(awards::table.inner_join(round_tables::table.inner_join(rounds::table)))
        .filter(rounds::tournament_id.eq_any(ids))
        .select((
            rounds::tournament_id,
            rounds::number,
            awards::table_id,
            award_points::player_id,
            award_points::points,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(t, r, table, p, points)| (t, (r, table, p, points)))
        .collect())
}

/// [`super::Registration::with_players`] of every tournament of `ids`, by
/// name within each.
pub fn registrations(conn: &mut AnyConnection, ids: &[TournamentId]) -> QueryResult<Vec<(Registration, Player)>> {
    registrations::table
        .inner_join(players::table)
        .filter(registrations::tournament_id.eq_any(ids))
        .order((players::name.asc(), players::id.asc()))
        .select((Registration::as_select(), Player::as_select()))
        .load(conn)
}

/// How many players sit at each of `tables` (ids): the size of a table
/// whose only entries are awards.
pub fn table_sizes(conn: &mut AnyConnection, tables: &[i32]) -> QueryResult<Vec<(i32, i64)>> {
    seats::table
        .filter(seats::table_id.eq_any(tables))
        .group_by(seats::table_id)
        .select((seats::table_id, diesel::dsl::count_star()))
        .load(conn)
}

/// The tournaments of `ids`, by date then id.
pub fn tournaments(conn: &mut AnyConnection, ids: &[TournamentId]) -> QueryResult<Vec<super::Tournament>> {
    use crate::db::schema::tournaments;
    tournaments::table
        .filter(tournaments::id.eq_any(ids))
        .order((tournaments::event_date, tournaments::id))
        .select(super::Tournament::as_select())
        .load(conn)
}
