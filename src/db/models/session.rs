//! Browser sessions of logged-in organizers, kept in the database so that
//! logout really ends them and several app instances share them.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::{sessions, users};
use crate::db::{AnyConnection, Tx};

use super::User;

/// A session row; the cookie holds the token, the row its SHA-256.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = sessions)]
pub struct Session {
    /// Row id.
    pub id: i32,
    /// SHA-256 of the cookie token, hex.
    pub token_hash: String,
    /// The organizer.
    pub user_id: i32,
    /// Login time.
    pub created_at: NaiveDateTime,
    /// End of validity.
    pub expires_at: NaiveDateTime,
}

impl Session {
    /// Stores a new session for `user_id`.
    pub fn create(
        tx: &mut Tx<'_>,
        token_hash: &str,
        user_id: i32,
        now: NaiveDateTime,
        expires_at: NaiveDateTime,
    ) -> QueryResult<usize> {
        diesel::insert_into(sessions::table)
            .values((
                sessions::token_hash.eq(token_hash),
                sessions::user_id.eq(user_id),
                sessions::created_at.eq(now),
                sessions::expires_at.eq(expires_at),
            ))
            .execute(tx.conn())
    }

    /// The user of a live session.
    pub fn user_for(conn: &mut AnyConnection, token_hash: &str, now: NaiveDateTime) -> QueryResult<Option<User>> {
        sessions::table
            .inner_join(users::table)
            .filter(sessions::token_hash.eq(token_hash))
            .filter(sessions::expires_at.gt(now))
            .select(User::as_select())
            .first(conn)
            .optional()
    }

    /// Ends a session.
    pub fn delete(tx: &mut Tx<'_>, token_hash: &str) -> QueryResult<usize> {
        diesel::delete(sessions::table.filter(sessions::token_hash.eq(token_hash))).execute(tx.conn())
    }

    /// Ends every session of `user_id` but the one whose token hashes to
    /// `keep` (the session that changed the password, if any).
    pub fn end_all_of(tx: &mut Tx<'_>, user_id: i32, keep: Option<&str>) -> QueryResult<usize> {
        // A token's hash is never empty: without `keep`, no session stays.
        diesel::delete(
            sessions::table
                .filter(sessions::user_id.eq(user_id))
                .filter(sessions::token_hash.ne(keep.unwrap_or(""))),
        )
        .execute(tx.conn())
    }

    /// Removes expired sessions.
    pub fn purge_expired(tx: &mut Tx<'_>, now: NaiveDateTime) -> QueryResult<usize> {
        diesel::delete(sessions::table.filter(sessions::expires_at.le(now))).execute(tx.conn())
    }
}
