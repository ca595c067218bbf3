//! Forms already submitted, by their idempotency key: a double tap, a reload
//! after submit or a retry after a dropped connection records a deal once.

use diesel::prelude::*;

use crate::db::schema::submissions;
use crate::db::{now, AnyConnection};

/// A form submission that was stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = submissions)]
pub struct Submission {
    /// The form's key.
    pub key: String,
    /// The table it wrote to.
    pub table_id: i32,
    /// The deal number.
    pub number: i32,
    /// The slot's version it left.
    pub version: i32,
}

impl Submission {
    /// The submission of this key, if any.
    pub fn find(conn: &mut AnyConnection, key: &str) -> QueryResult<Option<Submission>> {
        submissions::table
            .find(key)
            .select(Submission::as_select())
            .first(conn)
            .optional()
    }

    /// Records a submission (inside the write that stored its deal).
    pub fn insert(conn: &mut AnyConnection, key: &str, table_id: i32, number: i32, version: i32) -> QueryResult<usize> {
        diesel::insert_into(submissions::table)
            .values((
                submissions::key.eq(key),
                submissions::table_id.eq(table_id),
                submissions::number.eq(number),
                submissions::version.eq(version),
                submissions::created_at.eq(now()),
            ))
            .execute(conn)
    }
}
