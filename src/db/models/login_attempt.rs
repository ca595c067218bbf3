//! Login attempts, kept to throttle password guessing per account. Each is
//! stored under its throttle key (the `address` column): the client's
//! address, or `device …` for a browser that showed a known-device cookie.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::login_attempts;
use crate::db::{AnyConnection, Tx};

/// Queries over `login_attempts`.
pub struct LoginAttempt;

impl LoginAttempt {
    /// Records one attempt.
    pub fn record(
        tx: &mut Tx<'_>,
        username: &str,
        address: &str,
        success: bool,
        now: NaiveDateTime,
    ) -> QueryResult<usize> {
        diesel::insert_into(login_attempts::table)
            .values((
                login_attempts::username.eq(username),
                login_attempts::address.eq(address),
                login_attempts::success.eq(success),
                login_attempts::attempted_at.eq(now),
            ))
            .execute(tx.conn())
    }

    /// Failed attempts of this account since `since`, under the throttle
    /// key `key` alone or (`None`) from anywhere: how many, and when the
    /// last one was.
    pub fn failures(
        conn: &mut AnyConnection,
        username: &str,
        key: Option<&str>,
        since: NaiveDateTime,
    ) -> QueryResult<(i64, Option<NaiveDateTime>)> {
        let failed = || {
            let mut q = login_attempts::table
                .filter(login_attempts::username.eq(username))
                .filter(login_attempts::success.eq(false))
                .filter(login_attempts::attempted_at.gt(since))
                .into_boxed();
            if let Some(key) = key {
                q = q.filter(login_attempts::address.eq(key));
            }
            q
        };
        let count = failed().count().get_result(conn)?;
        let last = failed()
            .select(diesel::dsl::max(login_attempts::attempted_at))
            .first::<Option<NaiveDateTime>>(conn)?;
        Ok((count, last))
    }

    /// Forgets the attempts of an account under a throttle key after it logged in with it.
    pub fn clear_pair(tx: &mut Tx<'_>, username: &str, address: &str) -> QueryResult<usize> {
        diesel::delete(
            login_attempts::table
                .filter(login_attempts::username.eq(username))
                .filter(login_attempts::address.eq(address)),
        )
        .execute(tx.conn())
    }

    /// Drops attempts older than `before`.
    pub fn purge(tx: &mut Tx<'_>, before: NaiveDateTime) -> QueryResult<usize> {
        diesel::delete(login_attempts::table.filter(login_attempts::attempted_at.le(before))).execute(tx.conn())
    }
}
