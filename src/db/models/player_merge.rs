//! The directory's merges (`player_merges`): two entries found to be one
//! person, with what undoing it exactly needs (see `ops::merge`): the
//! removed entry's row as it was, the rows repointed, the rows that named
//! the kept entry before; who merged and when, who undid it and when.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::player_merges;
use crate::db::{now, AnyConnection, Tx};
use crate::tournament::ids::PlayerId;

/// A merge, as stored.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = player_merges)]
pub struct PlayerMerge {
    /// Row id.
    pub id: i32,
    /// The entry kept.
    pub kept_id: PlayerId,
    /// The entry removed (its row is gone while the merge stands).
    pub removed_id: PlayerId,
    /// The removed entry's name, as it was.
    pub removed_name: String,
    /// Its club.
    pub removed_club: String,
    /// Its licence.
    pub removed_licence: Option<String>,
    /// When it was added to the directory.
    pub removed_created_at: NaiveDateTime,
    /// Whether the kept entry, which had none, took the removed one's licence.
    pub licence_moved: bool,
    /// The rows repointed, `[["table.column", id], …]` (JSON).
    pub repointed: String,
    /// The rows that named the kept entry before, the same way.
    pub kept_rows: String,
    /// Who merged.
    pub actor: String,
    /// When.
    pub created_at: NaiveDateTime,
    /// Who undid it.
    pub undone_by: Option<String>,
    /// When.
    pub undone_at: Option<NaiveDateTime>,
}

/// A merge to record.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = player_merges)]
pub struct NewPlayerMerge {
    /// See [`PlayerMerge`].
    pub kept_id: PlayerId,
    /// See [`PlayerMerge`].
    pub removed_id: PlayerId,
    /// See [`PlayerMerge`].
    pub removed_name: String,
    /// See [`PlayerMerge`].
    pub removed_club: String,
    /// See [`PlayerMerge`].
    pub removed_licence: Option<String>,
    /// See [`PlayerMerge`].
    pub removed_created_at: NaiveDateTime,
    /// See [`PlayerMerge`].
    pub licence_moved: bool,
    /// See [`PlayerMerge`].
    pub repointed: String,
    /// See [`PlayerMerge`].
    pub kept_rows: String,
    /// See [`PlayerMerge`].
    pub actor: String,
    /// See [`PlayerMerge`].
    pub created_at: NaiveDateTime,
}

impl PlayerMerge {
    /// Records a merge; its id.
    pub fn create(tx: &mut Tx<'_>, new: &NewPlayerMerge) -> QueryResult<i32> {
        diesel::insert_into(player_merges::table)
            .values(new)
            .returning(player_merges::id)
            .get_result(tx.conn())
    }

    /// A merge.
    pub fn find(conn: &mut AnyConnection, id: i32) -> QueryResult<Option<PlayerMerge>> {
        player_merges::table
            .find(id)
            .select(PlayerMerge::as_select())
            .first(conn)
            .optional()
    }

    /// The last `limit` merges, newest first.
    pub fn recent(conn: &mut AnyConnection, limit: i64) -> QueryResult<Vec<PlayerMerge>> {
        player_merges::table
            .order(player_merges::id.desc())
            .limit(limit)
            .select(PlayerMerge::as_select())
            .load(conn)
    }

    /// The newest merge not undone: the one that may be undone.
    pub fn last_standing(conn: &mut AnyConnection) -> QueryResult<Option<PlayerMerge>> {
        player_merges::table
            .filter(player_merges::undone_at.is_null())
            .order(player_merges::id.desc())
            .select(PlayerMerge::as_select())
            .first(conn)
            .optional()
    }

    /// Notes that `actor` undid merge `id`, now.
    pub fn mark_undone(tx: &mut Tx<'_>, id: i32, actor: &str) -> QueryResult<usize> {
        diesel::update(player_merges::table.find(id))
            .set((player_merges::undone_by.eq(actor), player_merges::undone_at.eq(now())))
            .execute(tx.conn())
    }
}
