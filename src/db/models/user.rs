//! Organizer accounts.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::users;
use crate::db::{AnyConnection, Tx};

/// An organizer.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = users)]
pub struct User {
    /// Row id.
    pub id: i32,
    /// Login name, unique.
    pub username: String,
    /// Argon2id PHC string.
    pub password_hash: String,
    /// When the account was made.
    pub created_at: NaiveDateTime,
}

/// A new organizer account.
#[derive(Debug, Insertable)]
#[diesel(table_name = users)]
pub struct NewUser<'a> {
    /// Login name.
    pub username: &'a str,
    /// Argon2id PHC string.
    pub password_hash: &'a str,
    /// Creation time.
    pub created_at: NaiveDateTime,
}

impl User {
    /// Inserts a user and returns it.
    pub fn create(tx: &mut Tx<'_>, new: &NewUser) -> QueryResult<User> {
        diesel::insert_into(users::table)
            .values(new)
            .returning((users::id, users::username, users::password_hash, users::created_at))
            .get_result(tx.conn())
    }

    /// The user with this login name.
    pub fn find_by_username(conn: &mut AnyConnection, name: &str) -> QueryResult<Option<User>> {
        users::table
            .filter(users::username.eq(name))
            .select(User::as_select())
            .first(conn)
            .optional()
    }

    /// The user with this id.
    pub fn find(conn: &mut AnyConnection, id: i32) -> QueryResult<Option<User>> {
        users::table.find(id).select(User::as_select()).first(conn).optional()
    }

    /// Whether any organizer account exists.
    pub fn any(conn: &mut AnyConnection) -> QueryResult<bool> {
        users::table
            .select(users::id)
            .first::<i32>(conn)
            .optional()
            .map(|found| found.is_some())
    }

    /// Keeps other transactions from adding an account until this one ends
    /// (PostgreSQL: a lock on the table that inserts wait for, and that two
    /// such transactions cannot both hold; on SQLite a write transaction
    /// holds the database's one write lock already).
    pub fn lock_table(conn: &mut AnyConnection) -> QueryResult<()> {
        if let AnyConnection::Postgresql(pg) = conn {
            diesel::sql_query("LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE").execute(pg)?;
        }
        Ok(())
    }

    /// Replaces the password hash.
    pub fn set_password(tx: &mut Tx<'_>, id: i32, hash: &str) -> QueryResult<usize> {
        diesel::update(users::table.find(id))
            .set(users::password_hash.eq(hash))
            .execute(tx.conn())
    }
}
