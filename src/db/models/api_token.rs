//! API bearer tokens for organizers' scripts.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::{api_tokens, users};
use crate::db::{AnyConnection, Tx};

use super::User;

/// A token row; only the SHA-256 of the token is stored.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = api_tokens)]
pub struct ApiToken {
    /// Row id.
    pub id: i32,
    /// Owner.
    pub user_id: i32,
    /// SHA-256 of the token, hex.
    pub token_hash: String,
    /// Free label.
    pub label: String,
    /// Creation time.
    pub created_at: NaiveDateTime,
    /// Last use.
    pub last_used_at: Option<NaiveDateTime>,
}

impl ApiToken {
    /// Stores a token hash for `user_id`.
    pub fn create(
        tx: &mut Tx<'_>,
        user_id: i32,
        token_hash: &str,
        label: &str,
        now: NaiveDateTime,
    ) -> QueryResult<usize> {
        diesel::insert_into(api_tokens::table)
            .values((
                api_tokens::user_id.eq(user_id),
                api_tokens::token_hash.eq(token_hash),
                api_tokens::label.eq(label),
                api_tokens::created_at.eq(now),
            ))
            .execute(tx.conn())
    }

    /// How stale a token's recorded last use may get before a use records
    /// it again: a script calling the API many times a second writes once
    /// a minute, not at each call.
    pub const USE_GRAIN: chrono::TimeDelta = chrono::TimeDelta::minutes(1);

    /// The token with this hash and the user owning it (a read: nothing is
    /// written, so a read-only database still knows its organizers).
    pub fn find_with_user(conn: &mut AnyConnection, token_hash: &str) -> QueryResult<Option<(ApiToken, User)>> {
        api_tokens::table
            .inner_join(users::table)
            .filter(api_tokens::token_hash.eq(token_hash))
            .select((ApiToken::as_select(), User::as_select()))
            .first(conn)
            .optional()
    }

    /// Whether a use at `now` should be recorded ([`ApiToken::USE_GRAIN`]).
    pub fn use_is_news(&self, now: NaiveDateTime) -> bool {
        self.last_used_at.is_none_or(|t| now - t >= ApiToken::USE_GRAIN)
    }

    /// Records that the token was used at `now`.
    pub fn mark_used(tx: &mut Tx<'_>, id: i32, now: NaiveDateTime) -> QueryResult<usize> {
        diesel::update(api_tokens::table.find(id))
            .set(api_tokens::last_used_at.eq(now))
            .execute(tx.conn())
    }

    /// Revokes `user_id`'s tokens (only those labelled `label`, if given):
    /// the rows go, so the tokens no longer authenticate. How many went.
    pub fn revoke(tx: &mut Tx<'_>, user_id: i32, label: Option<&str>) -> QueryResult<usize> {
        let mine = api_tokens::table.filter(api_tokens::user_id.eq(user_id));
        match label {
            Some(label) => diesel::delete(mine.filter(api_tokens::label.eq(label))).execute(tx.conn()),
            None => diesel::delete(mine).execute(tx.conn()),
        }
    }
}
