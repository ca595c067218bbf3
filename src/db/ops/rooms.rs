//! The organizer's changes to a tournament's rooms, each checked and kept
//! in the audit log.

use crate::db::models::{room, AuditEntry, NewAuditEntry, SeatingConstraint};
use crate::db::Tx;
use crate::tournament::ids::{RoomNo, TournamentId};
use crate::tournament::rooms::Numbering;
use crate::tournament::table::Constraint;

use super::text_input::clean_name;
use super::{tournaments, Msg, OpError, OpResult};

/// The most tables a room may say it holds.
pub const MAX_TABLES: i32 = 2000;

/// A room as typed: its name and how many tables it holds, or why not.
pub fn parse(name: &str, tables: &str) -> Result<(String, i32), Msg> {
    let name = clean_name("room-name", name)?;
    if name.is_empty() {
        return Err(Msg::new("room-name-required"));
    }
    if name.chars().count() > 60 {
        return Err(Msg::new("room-name-long").arg("max", 60));
    }
    let tables = tables
        .trim()
        .parse::<i32>()
        .ok()
        .filter(|n| (1..=MAX_TABLES).contains(n))
        .ok_or_else(|| Msg::new("room-tables-range").arg("max", MAX_TABLES))?;
    Ok((name, tables))
}

/// Kept in the audit log; the screens told (a room's projector shows the
/// rooms as they are now).
fn audit(tx: &mut Tx<'_>, id: TournamentId, entry: NewAuditEntry) -> OpResult<()> {
    super::events::publish_standings(tx, id)?;
    AuditEntry::write(tx, &entry)?;
    Ok(())
}

/// Two rooms of one name are refused with a sentence.
fn same_name(e: diesel::result::Error, name: &str) -> OpError {
    match e {
        diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _) => {
            OpError::Invalid(Msg::new("room-name-taken").name("name", name))
        }
        e => OpError::Db(e),
    }
}

/// Adds a room after the others.
pub fn add(tx: &mut Tx<'_>, id: TournamentId, name: &str, tables: &str, actor: &str) -> OpResult<RoomNo> {
    tournaments::get(tx, id)?;
    let (name, tables) = parse(name, tables).map_err(OpError::Invalid)?;
    let number = room::add(tx, id, &name, tables).map_err(|e| same_name(e, &name))?;
    audit(tx, id, NewAuditEntry::room_added(id, actor, number, &name, tables))?;
    Ok(number)
}

/// Renames or resizes a room.
pub fn change(
    tx: &mut Tx<'_>,
    id: TournamentId,
    number: RoomNo,
    name: &str,
    tables: &str,
    actor: &str,
) -> OpResult<()> {
    let (name, tables) = parse(name, tables).map_err(OpError::Invalid)?;
    if room::update(tx, id, number, &name, tables).map_err(|e| same_name(e, &name))? == 0 {
        return Err(OpError::NotFound);
    }
    audit(tx, id, NewAuditEntry::room_changed(id, actor, number, &name, tables))
}

/// Removes a room no player is kept in.
pub fn remove(tx: &mut Tx<'_>, id: TournamentId, number: RoomNo, actor: &str) -> OpResult<()> {
    let kept = SeatingConstraint::for_tournament(tx, id)?
        .iter()
        .filter(|c| matches!(c.constraint(), Ok(Constraint::Room(_, r)) if r == number))
        .count();
    if kept > 0 {
        return Err(OpError::Conflict(Msg::new("room-has-players").arg("count", kept)));
    }
    if room::remove(tx, id, number)? == 0 {
        return Err(OpError::NotFound);
    }
    audit(tx, id, NewAuditEntry::room_removed(id, actor, number))
}

/// Sets how tables are numbered across the rooms.
pub fn set_numbering(tx: &mut Tx<'_>, id: TournamentId, n: Numbering, actor: &str) -> OpResult<()> {
    tournaments::get(tx, id)?;
    room::set_numbering(tx, id, n)?;
    audit(tx, id, NewAuditEntry::numbering_changed(id, actor, n))
}
