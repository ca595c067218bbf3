//! The rooms of a tournament (see [`crate::tournament::rooms`]).

use diesel::prelude::*;

use crate::db::schema::{rooms, tournaments};
use crate::db::{AnyConnection, Tx};
use crate::tournament::ids::{RoomNo, TournamentId};
use crate::tournament::rooms::{Layout, Numbering, Room};

/// A room row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = rooms)]
pub struct RoomRow {
    /// Row id.
    pub id: i32,
    /// Tournament.
    pub tournament_id: TournamentId,
    /// Its number (the rooms' order; never reused while it exists).
    pub number: RoomNo,
    /// Its name.
    pub name: String,
    /// How many tables it holds.
    pub tables: i32,
}

/// The rooms of a tournament.
pub fn list(conn: &mut AnyConnection, tournament_id: TournamentId) -> QueryResult<Vec<Room>> {
    Ok(rooms::table
        .filter(rooms::tournament_id.eq(tournament_id))
        .order(rooms::number)
        .select(RoomRow::as_select())
        .load(conn)?
        .into_iter()
        .map(|r| Room {
            number: r.number,
            name: r.name,
            tables: r.tables,
        })
        .collect())
}

/// The rooms of a tournament and how its tables are numbered.
pub fn layout(conn: &mut AnyConnection, tournament_id: TournamentId) -> QueryResult<Layout> {
    let rooms = list(conn, tournament_id)?;
    if rooms.is_empty() {
        return Ok(Layout::default());
    }
    let numbering = tournaments::table
        .find(tournament_id)
        .select(tournaments::room_numbering)
        .first::<Numbering>(conn)?;
    Ok(Layout { rooms, numbering })
}

/// Adds a room after the others; its number.
pub fn add(tx: &mut Tx<'_>, tournament_id: TournamentId, name: &str, tables: i32) -> QueryResult<RoomNo> {
    let last: Option<RoomNo> = rooms::table
        .filter(rooms::tournament_id.eq(tournament_id))
        .select(diesel::dsl::max(rooms::number))
        .first(tx.conn())?;
    let number = RoomNo::new(last.map_or(1, |n| n.get() + 1));
    insert(tx, tournament_id, number, name, tables)?;
    Ok(number)
}

/// Inserts a room under its number (an import).
pub fn insert(
    tx: &mut Tx<'_>,
    tournament_id: TournamentId,
    number: RoomNo,
    name: &str,
    tables: i32,
) -> QueryResult<usize> {
    diesel::insert_into(rooms::table)
        .values((
            rooms::tournament_id.eq(tournament_id),
            rooms::number.eq(number),
            rooms::name.eq(name),
            rooms::tables.eq(tables),
        ))
        .execute(tx.conn())
}

/// Changes a room's name and size; the rows changed (0: no such room).
pub fn update(
    tx: &mut Tx<'_>,
    tournament_id: TournamentId,
    number: RoomNo,
    name: &str,
    tables: i32,
) -> QueryResult<usize> {
    diesel::update(
        rooms::table
            .filter(rooms::tournament_id.eq(tournament_id))
            .filter(rooms::number.eq(number)),
    )
    .set((rooms::name.eq(name), rooms::tables.eq(tables)))
    .execute(tx.conn())
}

/// Removes a room; the rows removed.
pub fn remove(tx: &mut Tx<'_>, tournament_id: TournamentId, number: RoomNo) -> QueryResult<usize> {
    diesel::delete(
        rooms::table
            .filter(rooms::tournament_id.eq(tournament_id))
            .filter(rooms::number.eq(number)),
    )
    .execute(tx.conn())
}

/// Sets how the tables are numbered across rooms.
pub fn set_numbering(tx: &mut Tx<'_>, tournament_id: TournamentId, numbering: Numbering) -> QueryResult<usize> {
    diesel::update(tournaments::table.find(tournament_id))
        .set(tournaments::room_numbering.eq(numbering))
        .execute(tx.conn())
}
