//! API bearer tokens for organizers' scripts.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::{api_tokens, users};
use crate::db::AnyConnection;

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
        conn: &mut AnyConnection,
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
            .execute(conn)
    }

    /// The user owning a token, marking it used.
    pub fn user_for(conn: &mut AnyConnection, token_hash: &str, now: NaiveDateTime) -> QueryResult<Option<User>> {
        let found = api_tokens::table
            .inner_join(users::table)
            .filter(api_tokens::token_hash.eq(token_hash))
            .select((api_tokens::id, User::as_select()))
            .first::<(i32, User)>(conn)
            .optional()?;
        if let Some((id, _)) = &found {
            diesel::update(api_tokens::table.find(*id))
                .set(api_tokens::last_used_at.eq(now))
                .execute(conn)?;
        }
        Ok(found.map(|(_, u)| u))
    }

    /// Revokes `user_id`'s tokens (only those labelled `label`, if given):
    /// the rows go, so the tokens no longer authenticate. How many went.
    pub fn revoke(conn: &mut AnyConnection, user_id: i32, label: Option<&str>) -> QueryResult<usize> {
        let mine = api_tokens::table.filter(api_tokens::user_id.eq(user_id));
        match label {
            Some(label) => diesel::delete(mine.filter(api_tokens::label.eq(label))).execute(conn),
            None => diesel::delete(mine).execute(conn),
        }
    }
}
