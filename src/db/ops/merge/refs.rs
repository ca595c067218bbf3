//! Every column that names a directory entry, and what a merge does with
//! them: which rows name an entry, every such row repointed at once, and
//! given rows pointed back.

use std::collections::BTreeMap;

use diesel::prelude::*;

use crate::db::models::Player;
use crate::db::schema::{
    award_points, deal_scores, deals, game_seats, past_results, registrations, seating_constraints, seats, team_members,
};
use crate::db::{AnyConnection, Tx};
use crate::tournament::ids::PlayerId;

/// A row naming an entry: its column (`"table.column"`) and its id.
pub type RowRef = (String, i32);

/// The columns that name a directory entry (every `player_id`,
/// `player_a`, `player_b`, `taker_id` and `confirmed_by` of the schema).
/// The audit log's and the live events' JSON keep the ids they were
/// written with: they tell what happened then.
pub const COLUMNS: [&str; 11] = [
    "registrations.player_id",
    "seating_constraints.player_a",
    "seating_constraints.player_b",
    "seats.player_id",
    "deals.taker_id",
    "deals.confirmed_by",
    "deal_scores.player_id",
    "award_points.player_id",
    "game_seats.player_id",
    "past_results.player_id",
    "team_members.player_id",
];

/// Runs `$m!(table, column)` for the column named `$name`.
macro_rules! on_column {
    ($name:expr, $m:ident) => {
        match $name {
            "registrations.player_id" => $m!(registrations, player_id),
            "seating_constraints.player_a" => $m!(seating_constraints, player_a),
            "seating_constraints.player_b" => $m!(seating_constraints, player_b),
            "seats.player_id" => $m!(seats, player_id),
            "deals.taker_id" => $m!(deals, taker_id),
            "deals.confirmed_by" => $m!(deals, confirmed_by),
            "deal_scores.player_id" => $m!(deal_scores, player_id),
            "award_points.player_id" => $m!(award_points, player_id),
            "game_seats.player_id" => $m!(game_seats, player_id),
            "past_results.player_id" => $m!(past_results, player_id),
            "team_members.player_id" => $m!(team_members, player_id),
            other => unreachable!("not a column naming a player: {other}"),
        }
    };
}

/// Every row naming `p`, by column then id.
pub fn rows_naming(conn: &mut AnyConnection, p: PlayerId) -> QueryResult<Vec<RowRef>> {
    let mut rows = Vec::new();
    for column in COLUMNS {
        macro_rules! ids {
            ($t:ident, $c:ident) => {
                $t::table
                    .filter($t::$c.eq(p))
                    .order($t::id)
                    .select($t::id)
                    .load::<i32>(conn)?
            };
        }
        let ids: Vec<i32> = on_column!(column, ids);
        rows.extend(ids.into_iter().map(|id| (column.to_owned(), id)));
    }
    Ok(rows)
}

/// Every row naming `from` names `to` instead.
pub fn repoint_all(tx: &mut Tx<'_>, from: PlayerId, to: PlayerId) -> QueryResult<()> {
    for column in COLUMNS {
        macro_rules! repoint {
            ($t:ident, $c:ident) => {
                diesel::update($t::table.filter($t::$c.eq(from)))
                    .set($t::$c.eq(to))
                    .execute(tx.conn())?
            };
        }
        on_column!(column, repoint);
    }
    Ok(())
}

/// These rows name `to` (in statements of at most [`Player::BATCH`] ids).
pub fn point_rows(tx: &mut Tx<'_>, rows: &[RowRef], to: PlayerId) -> QueryResult<()> {
    let mut by_column: BTreeMap<&str, Vec<i32>> = BTreeMap::new();
    for (column, id) in rows {
        by_column.entry(column.as_str()).or_default().push(*id);
    }
    for (column, ids) in by_column {
        for chunk in ids.chunks(Player::BATCH) {
            macro_rules! point {
                ($t:ident, $c:ident) => {
                    diesel::update($t::table.filter($t::id.eq_any(chunk)))
                        .set($t::$c.eq(to))
                        .execute(tx.conn())?
                };
            }
            on_column!(column, point);
        }
    }
    Ok(())
}

/// Whether `column` is one of [`COLUMNS`] (a stored merge read back).
pub fn known(column: &str) -> bool {
    COLUMNS.contains(&column)
}
