//! Forms already submitted, by their idempotency key: a double tap, a reload
//! after submit or a retry after a dropped connection records a deal once.

use diesel::prelude::*;

use crate::db::schema::submissions;
use crate::db::{now, AnyConnection, Tx};

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
    /// The deal it left there, as its canonical JSON (`None` for the keys
    /// spent before this was kept).
    pub record_json: Option<String>,
}

impl Submission {
    /// The submissions of these keys.
    pub fn find_all(conn: &mut AnyConnection, keys: &[&str]) -> QueryResult<Vec<Submission>> {
        submissions::table
            .filter(submissions::key.eq_any(keys))
            .select(Submission::as_select())
            .load(conn)
    }

    /// Records submissions (inside the write that stored their deals), in one statement.
    pub fn insert_all(tx: &mut Tx<'_>, done: &[Submission]) -> QueryResult<usize> {
        if done.is_empty() {
            return Ok(0);
        }
        let at = now();
        let rows: Vec<_> = done
            .iter()
            .map(|s| {
                (
                    submissions::key.eq(&s.key),
                    submissions::table_id.eq(s.table_id),
                    submissions::number.eq(s.number),
                    submissions::version.eq(s.version),
                    submissions::created_at.eq(at),
                    submissions::record_json.eq(s.record_json.as_deref()),
                )
            })
            .collect();
        // The two-backend connection has no batch insert, each backend does.
        let insert = diesel::insert_into(submissions::table).values(&rows);
        match tx.conn() {
            AnyConnection::Postgresql(c) => insert.execute(c),
            AnyConnection::Sqlite(c) => insert.execute(c),
        }
    }
}
