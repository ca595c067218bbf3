//! Login attempts, kept to throttle password guessing per account and per address.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::login_attempts;
use crate::db::AnyConnection;

/// Queries over `login_attempts`.
pub struct LoginAttempt;

impl LoginAttempt {
    /// Records one attempt.
    pub fn record(
        conn: &mut AnyConnection,
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
            .execute(conn)
    }

    /// Failed attempts of this account from this address since `since`:
    /// how many, and when the last one was.
    pub fn failures_for_pair(
        conn: &mut AnyConnection,
        username: &str,
        address: &str,
        since: NaiveDateTime,
    ) -> QueryResult<(i64, Option<NaiveDateTime>)> {
        let failed = login_attempts::table
            .filter(login_attempts::username.eq(username))
            .filter(login_attempts::address.eq(address))
            .filter(login_attempts::success.eq(false))
            .filter(login_attempts::attempted_at.gt(since));
        let count = failed.count().get_result(conn)?;
        let last = failed
            .select(diesel::dsl::max(login_attempts::attempted_at))
            .first::<Option<NaiveDateTime>>(conn)?;
        Ok((count, last))
    }

    /// Forgets the failures of an account from an address after it logged in from there.
    pub fn clear_pair(conn: &mut AnyConnection, username: &str, address: &str) -> QueryResult<usize> {
        diesel::delete(
            login_attempts::table
                .filter(login_attempts::username.eq(username))
                .filter(login_attempts::address.eq(address)),
        )
        .execute(conn)
    }

    /// Drops attempts older than `before`.
    pub fn purge(conn: &mut AnyConnection, before: NaiveDateTime) -> QueryResult<usize> {
        diesel::delete(login_attempts::table.filter(login_attempts::attempted_at.le(before))).execute(conn)
    }
}
