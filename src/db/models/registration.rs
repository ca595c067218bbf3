//! Players in a tournament: registration, check-in, late arrival, withdrawal.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::{players, registrations};
use crate::db::{AnyConnection, Tx};
use crate::tournament::ids::{PlayerId, RoundNo, TournamentId};

use super::Player;

/// A registration row.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = registrations)]
pub struct Registration {
    /// Row id.
    pub id: i32,
    /// Tournament.
    pub tournament_id: TournamentId,
    /// Player.
    pub player_id: PlayerId,
    /// Present on the day.
    pub checked_in: bool,
    /// First round the player can be seated in (late arrivals: the next one).
    pub first_round: RoundNo,
    /// Last round played before withdrawing (`None`: still playing).
    pub withdrawn_after: Option<RoundNo>,
    /// When registered.
    pub created_at: NaiveDateTime,
}

impl Registration {
    /// A late arrival's first round (`None`: there from the first).
    pub fn late_from(&self) -> Option<RoundNo> {
        (self.first_round > RoundNo::new(1)).then_some(self.first_round)
    }

    /// Registers a player.
    pub fn create(
        tx: &mut Tx<'_>,
        tournament_id: TournamentId,
        player_id: PlayerId,
        checked_in: bool,
        first_round: RoundNo,
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
            .get_result(tx.conn())
    }

    /// Registers players in a tournament, in statements of at most
    /// [`Player::BATCH`] rows.
    pub fn create_all(
        tx: &mut Tx<'_>,
        tournament_id: TournamentId,
        players: &[PlayerId],
        checked_in: bool,
        first_round: RoundNo,
        now: NaiveDateTime,
    ) -> QueryResult<()> {
        for chunk in players.chunks(Player::BATCH) {
            let rows: Vec<_> = chunk
                .iter()
                .map(|p| {
                    (
                        registrations::tournament_id.eq(tournament_id),
                        registrations::player_id.eq(*p),
                        registrations::checked_in.eq(checked_in),
                        registrations::first_round.eq(first_round),
                        registrations::created_at.eq(now),
                    )
                })
                .collect();
            let insert = diesel::insert_into(registrations::table).values(rows);
            match tx.conn() {
                AnyConnection::Postgresql(c) => insert.execute(c)?,
                AnyConnection::Sqlite(c) => insert.execute(c)?,
            };
        }
        Ok(())
    }

    /// The registration of a player in a tournament.
    pub fn find(
        conn: &mut AnyConnection,
        tournament_id: TournamentId,
        player_id: PlayerId,
    ) -> QueryResult<Option<Registration>> {
        registrations::table
            .filter(registrations::tournament_id.eq(tournament_id))
            .filter(registrations::player_id.eq(player_id))
            .select(Registration::as_select())
            .first(conn)
            .optional()
    }

    /// The tournaments a player is registered in.
    pub fn tournaments_of_player(conn: &mut AnyConnection, player_id: PlayerId) -> QueryResult<Vec<TournamentId>> {
        registrations::table
            .filter(registrations::player_id.eq(player_id))
            .order(registrations::tournament_id)
            .select(registrations::tournament_id)
            .load(conn)
    }

    /// Every registration of a tournament with its player, by name.
    pub fn with_players(
        conn: &mut AnyConnection,
        tournament_id: TournamentId,
    ) -> QueryResult<Vec<(Registration, Player)>> {
        registrations::table
            .inner_join(players::table)
            .filter(registrations::tournament_id.eq(tournament_id))
            .order((players::name.asc(), players::id.asc()))
            .select((Registration::as_select(), Player::as_select()))
            .load(conn)
    }

    /// Marks present (or not), from `first_round` on.
    pub fn set_checked_in(tx: &mut Tx<'_>, id: i32, checked_in: bool, first_round: RoundNo) -> QueryResult<usize> {
        diesel::update(registrations::table.find(id))
            .set((
                registrations::checked_in.eq(checked_in),
                registrations::first_round.eq(first_round),
            ))
            .execute(tx.conn())
    }

    /// Marks present every registration of a tournament neither present
    /// nor withdrawn, from round `next` on (or from its own first round,
    /// when later): the same as [`Self::set_checked_in`] on each, in two
    /// statements. The number of registrations marked.
    pub fn check_in_all(tx: &mut Tx<'_>, tournament_id: TournamentId, next: RoundNo) -> QueryResult<usize> {
        let waiting = || {
            registrations::table
                .filter(registrations::tournament_id.eq(tournament_id))
                .filter(registrations::checked_in.eq(false))
                .filter(registrations::withdrawn_after.is_null())
        };
        // Registered before the round under way was seated: they join from the next one.
        let late = diesel::update(waiting().filter(registrations::first_round.lt(next)))
            .set((registrations::checked_in.eq(true), registrations::first_round.eq(next)))
            .execute(tx.conn())?;
        let on_time = diesel::update(waiting())
            .set(registrations::checked_in.eq(true))
            .execute(tx.conn())?;
        Ok(late + on_time)
    }

    /// Withdraws after round `after` (or cancels a withdrawal with `None`).
    pub fn set_withdrawn(tx: &mut Tx<'_>, id: i32, after: Option<RoundNo>) -> QueryResult<usize> {
        diesel::update(registrations::table.find(id))
            .set(registrations::withdrawn_after.eq(after))
            .execute(tx.conn())
    }

    /// Round `round` of a tournament was undone (its start taken back):
    /// whoever joined from the next round joins from it again, whoever
    /// withdrew during it withdraws before it.
    pub fn round_undone(tx: &mut Tx<'_>, tournament_id: TournamentId, round: RoundNo) -> QueryResult<()> {
        let of = || registrations::table.filter(registrations::tournament_id.eq(tournament_id));
        diesel::update(of().filter(registrations::first_round.eq(round + 1)))
            .set(registrations::first_round.eq(round))
            .execute(tx.conn())?;
        diesel::update(of().filter(registrations::withdrawn_after.eq(round)))
            .set(registrations::withdrawn_after.eq(RoundNo::new(round.get() - 1)))
            .execute(tx.conn())?;
        Ok(())
    }

    /// Whether this registration plays round `round`.
    pub fn plays(&self, round: RoundNo) -> bool {
        self.checked_in && self.first_round <= round && self.withdrawn_after.is_none_or(|w| round <= w)
    }
}
