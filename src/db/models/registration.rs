//! Players in a tournament: registration, check-in, late arrival, withdrawal.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::{players, registrations};
use crate::db::AnyConnection;

use super::Player;

/// A registration row.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = registrations)]
pub struct Registration {
    /// Row id.
    pub id: i32,
    /// Tournament.
    pub tournament_id: i32,
    /// Player.
    pub player_id: i32,
    /// Present on the day.
    pub checked_in: bool,
    /// First round the player can be seated in (late arrivals: the next one).
    pub first_round: i32,
    /// Last round played before withdrawing (`None`: still playing).
    pub withdrawn_after: Option<i32>,
    /// When registered.
    pub created_at: NaiveDateTime,
}

impl Registration {
    /// Registers a player.
    pub fn create(
        conn: &mut AnyConnection,
        tournament_id: i32,
        player_id: i32,
        checked_in: bool,
        first_round: i32,
        now: NaiveDateTime,
    ) -> QueryResult<Registration> {
        diesel::insert_into(registrations::table)
            .values((
                registrations::tournament_id.eq(tournament_id),
                registrations::player_id.eq(player_id),
                registrations::checked_in.eq(checked_in),
                registrations::first_round.eq(first_round),
                registrations::created_at.eq(now),
            ))
            .returning(registrations::all_columns)
            .get_result(conn)
    }

    /// The registration of a player in a tournament.
    pub fn find(conn: &mut AnyConnection, tournament_id: i32, player_id: i32) -> QueryResult<Option<Registration>> {
        registrations::table
            .filter(registrations::tournament_id.eq(tournament_id))
            .filter(registrations::player_id.eq(player_id))
            .select(Registration::as_select())
            .first(conn)
            .optional()
    }

    /// The tournaments a player is registered in.
    pub fn tournaments_of_player(conn: &mut AnyConnection, player_id: i32) -> QueryResult<Vec<i32>> {
        registrations::table
            .filter(registrations::player_id.eq(player_id))
            .order(registrations::tournament_id)
            .select(registrations::tournament_id)
            .load(conn)
    }

    /// Every registration of a tournament with its player, by name.
    pub fn with_players(conn: &mut AnyConnection, tournament_id: i32) -> QueryResult<Vec<(Registration, Player)>> {
        registrations::table
            .inner_join(players::table)
            .filter(registrations::tournament_id.eq(tournament_id))
            .order((players::name.asc(), players::id.asc()))
            .select((Registration::as_select(), Player::as_select()))
            .load(conn)
    }

    /// Marks present (or not), from `first_round` on.
    pub fn set_checked_in(conn: &mut AnyConnection, id: i32, checked_in: bool, first_round: i32) -> QueryResult<usize> {
        diesel::update(registrations::table.find(id))
            .set((
                registrations::checked_in.eq(checked_in),
                registrations::first_round.eq(first_round),
            ))
            .execute(conn)
    }

    /// Withdraws after round `after` (or cancels a withdrawal with `None`).
    pub fn set_withdrawn(conn: &mut AnyConnection, id: i32, after: Option<i32>) -> QueryResult<usize> {
        diesel::update(registrations::table.find(id))
            .set(registrations::withdrawn_after.eq(after))
            .execute(conn)
    }

    /// Whether this registration plays round `round`.
    pub fn plays(&self, round: i32) -> bool {
        self.checked_in && self.first_round <= round && self.withdrawn_after.is_none_or(|w| round <= w)
    }
}
