//! Seating constraints set by the organizer.

use diesel::prelude::*;

use crate::db::schema::seating_constraints;
use crate::db::{AnyConnection, Tx};
use crate::tournament::ids::{PlayerId, RoomNo, TableNo, TournamentId};
use crate::tournament::table::{Constraint, ConstraintKind};

/// A constraint row: `apart` (two players never at one table), `fixed` (a
/// player always at one table number) or `room` (a player always in one
/// room, whose number `table_number` holds).
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = seating_constraints)]
pub struct SeatingConstraint {
    /// Row id.
    pub id: i32,
    /// Tournament.
    pub tournament_id: TournamentId,
    /// Apart or fixed.
    pub kind: ConstraintKind,
    /// The player.
    pub player_a: PlayerId,
    /// The other player (`apart`).
    pub player_b: Option<PlayerId>,
    /// The table number (`fixed`), the room's number (`room`).
    pub table_number: Option<TableNo>,
}

impl SeatingConstraint {
    /// Adds a constraint.
    pub fn create(tx: &mut Tx<'_>, tournament_id: TournamentId, c: Constraint) -> QueryResult<usize> {
        let (kind, player_a, player_b, table_number) = match c {
            Constraint::Apart(a, b) => (ConstraintKind::Apart, a, Some(b), None),
            Constraint::Fixed(a, t) => (ConstraintKind::Fixed, a, None, Some(t)),
            // The room's number, in the column of the number of a place.
            Constraint::Room(a, r) => (ConstraintKind::Room, a, None, Some(TableNo::new(r.get()))),
        };
        diesel::insert_into(seating_constraints::table)
            .values((
                seating_constraints::tournament_id.eq(tournament_id),
                seating_constraints::kind.eq(kind),
                seating_constraints::player_a.eq(player_a),
                seating_constraints::player_b.eq(player_b),
                seating_constraints::table_number.eq(table_number),
            ))
            .execute(tx.conn())
    }

    /// The constraint a row holds; a row whose kind lacks its column is an error.
    pub fn constraint(&self) -> QueryResult<Constraint> {
        match (self.kind, self.player_b, self.table_number) {
            (ConstraintKind::Apart, Some(b), _) => Ok(Constraint::Apart(self.player_a, b)),
            (ConstraintKind::Fixed, _, Some(t)) => Ok(Constraint::Fixed(self.player_a, t)),
            (ConstraintKind::Room, _, Some(r)) => Ok(Constraint::Room(self.player_a, RoomNo::new(r.get()))),
            _ => Err(diesel::result::Error::DeserializationError(
                format!("seating constraint {} lacks its other player or table", self.id).into(),
            )),
        }
    }

    /// The constraints of a tournament.
    pub fn for_tournament(
        conn: &mut AnyConnection,
        tournament_id: TournamentId,
    ) -> QueryResult<Vec<SeatingConstraint>> {
        seating_constraints::table
            .filter(seating_constraints::tournament_id.eq(tournament_id))
            .order(seating_constraints::id)
            .select(SeatingConstraint::as_select())
            .load(conn)
    }

    /// Removes a constraint of a tournament.
    pub fn delete(tx: &mut Tx<'_>, tournament_id: TournamentId, id: i32) -> QueryResult<usize> {
        diesel::delete(
            seating_constraints::table
                .filter(seating_constraints::tournament_id.eq(tournament_id))
                .filter(seating_constraints::id.eq(id)),
        )
        .execute(tx.conn())
    }
}
