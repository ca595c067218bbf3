//! Rounds, their tables and seats.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::{players, round_tables, rounds, seats};
use crate::db::{AnyConnection, Tx};
use crate::tournament::ids::{PlayerId, RoundNo, TableNo, TournamentId};
use crate::tournament::table::RoundStatus;

/// A round of a tournament.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = rounds)]
pub struct Round {
    /// Row id.
    pub id: i32,
    /// Tournament.
    pub tournament_id: TournamentId,
    /// 1-based number.
    pub number: RoundNo,
    /// Open or closed.
    pub status: RoundStatus,
    /// When seated.
    pub created_at: NaiveDateTime,
    /// When closed.
    pub closed_at: Option<NaiveDateTime>,
    /// When a timed round's bell rings (UTC); `None`: not timed.
    pub ends_at: Option<NaiveDateTime>,
}

/// A table of a round.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = round_tables)]
pub struct RoundTable {
    /// Row id.
    pub id: i32,
    /// Round.
    pub round_id: i32,
    /// 1-based table number.
    pub number: TableNo,
    /// Secret token of the table's tablet.
    pub token: String,
    /// Deals to play at this table.
    pub deal_count: i32,
}

/// A table with its players (id, name) in seat order.
pub type TableWithPlayers = (RoundTable, Vec<(PlayerId, String)>);

/// A seat at a table.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = seats)]
pub struct Seat {
    /// Row id.
    pub id: i32,
    /// Table.
    pub table_id: i32,
    /// Seat number, 0-based, in playing order.
    pub seat: i32,
    /// Player.
    pub player_id: PlayerId,
}

impl Round {
    /// Inserts round `number`.
    pub fn create(
        tx: &mut Tx<'_>,
        tournament_id: TournamentId,
        number: RoundNo,
        now: NaiveDateTime,
        ends_at: Option<NaiveDateTime>,
    ) -> QueryResult<Round> {
        diesel::insert_into(rounds::table)
            .values((
                rounds::tournament_id.eq(tournament_id),
                rounds::number.eq(number),
                rounds::status.eq(RoundStatus::Open),
                rounds::created_at.eq(now),
                rounds::ends_at.eq(ends_at),
            ))
            .returning(rounds::all_columns)
            .get_result(tx.conn())
    }

    /// The number of a tournament's last round seated (0 before the first).
    pub fn last_number(conn: &mut AnyConnection, tournament_id: TournamentId) -> QueryResult<RoundNo> {
        rounds::table
            .filter(rounds::tournament_id.eq(tournament_id))
            .select(diesel::dsl::max(rounds::number))
            .first::<Option<RoundNo>>(conn)
            .map(|n| n.unwrap_or(RoundNo::NONE))
    }

    /// The rounds of a tournament, in order.
    pub fn for_tournament(conn: &mut AnyConnection, tournament_id: TournamentId) -> QueryResult<Vec<Round>> {
        rounds::table
            .filter(rounds::tournament_id.eq(tournament_id))
            .order(rounds::number)
            .select(Round::as_select())
            .load(conn)
    }

    /// The status of every round of some tournaments: (tournament id, status).
    pub fn statuses(
        conn: &mut AnyConnection,
        tournament_ids: &[TournamentId],
    ) -> QueryResult<Vec<(TournamentId, RoundStatus)>> {
        rounds::table
            .filter(rounds::tournament_id.eq_any(tournament_ids))
            .order((rounds::tournament_id, rounds::number))
            .select((rounds::tournament_id, rounds::status))
            .load(conn)
    }

    /// Round `number` of a tournament.
    pub fn find(conn: &mut AnyConnection, tournament_id: TournamentId, number: RoundNo) -> QueryResult<Option<Round>> {
        rounds::table
            .filter(rounds::tournament_id.eq(tournament_id))
            .filter(rounds::number.eq(number))
            .select(Round::as_select())
            .first(conn)
            .optional()
    }

    /// Whether the round is closed.
    pub fn is_closed(&self) -> bool {
        self.status == RoundStatus::Closed
    }

    /// Whether a tournament of `planned` rounds whose rounds are `all` is
    /// over: every planned round seated and closed (its standings final).
    pub fn all_played(all: &[Round], planned: i32) -> bool {
        all.len() as i32 >= planned && all.iter().all(Round::is_closed)
    }

    /// Round `id` as committed now, its row locked until the transaction
    /// ends: `exclusive` for closing it, shared for entering a deal. On
    /// PostgreSQL a close waits for the entries under way and an entry that
    /// comes after the close reads it closed (a locking read returns the row
    /// as the transaction it waited for left it). SQLite needs no lock: a
    /// write transaction ([`crate::db::unit::run`]) holds the whole database.
    pub fn locked(conn: &mut AnyConnection, id: i32, exclusive: bool) -> QueryResult<Option<Round>> {
        let q = rounds::table.find(id);
        match conn {
            AnyConnection::Postgresql(pg) if exclusive => {
                q.select(Round::as_select()).for_update().first(pg).optional()
            }
            AnyConnection::Postgresql(pg) => q.select(Round::as_select()).for_share().first(pg).optional(),
            AnyConnection::Sqlite(c) => q.select(Round::as_select()).first(c).optional(),
        }
    }

    /// Deletes the round: its tables, seats, deals, idempotency keys and
    /// digital games go with it (the foreign keys cascade).
    pub fn delete(tx: &mut Tx<'_>, id: i32) -> QueryResult<usize> {
        diesel::delete(rounds::table.find(id)).execute(tx.conn())
    }

    /// Moves a timed round's bell.
    pub fn set_end(tx: &mut Tx<'_>, id: i32, ends_at: NaiveDateTime) -> QueryResult<usize> {
        diesel::update(rounds::table.find(id))
            .set(rounds::ends_at.eq(ends_at))
            .execute(tx.conn())
    }

    /// Closes the round.
    pub fn close(tx: &mut Tx<'_>, id: i32, now: NaiveDateTime) -> QueryResult<usize> {
        diesel::update(rounds::table.find(id))
            .set((rounds::status.eq(RoundStatus::Closed), rounds::closed_at.eq(now)))
            .execute(tx.conn())
    }
}

impl RoundTable {
    /// Inserts a table with its seats (player ids in seat order).
    pub fn create(
        tx: &mut Tx<'_>,
        round_id: i32,
        number: TableNo,
        token: &str,
        deal_count: i32,
        players: &[PlayerId],
    ) -> QueryResult<RoundTable> {
        let table: RoundTable = diesel::insert_into(round_tables::table)
            .values((
                round_tables::round_id.eq(round_id),
                round_tables::number.eq(number),
                round_tables::token.eq(token),
                round_tables::deal_count.eq(deal_count),
            ))
            .returning(round_tables::all_columns)
            .get_result(tx.conn())?;
        let rows: Vec<_> = players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                (
                    seats::table_id.eq(table.id),
                    seats::seat.eq(i as i32),
                    seats::player_id.eq(*p),
                )
            })
            .collect();
        for row in rows {
            diesel::insert_into(seats::table).values(row).execute(tx.conn())?;
        }
        Ok(table)
    }

    /// Seats `players` at table `table_id`, in this order, in place of
    /// whoever sat there, and sets its number of deals.
    pub fn reseat(tx: &mut Tx<'_>, table_id: i32, players: &[PlayerId], deal_count: i32) -> QueryResult<()> {
        diesel::delete(seats::table.filter(seats::table_id.eq(table_id))).execute(tx.conn())?;
        for (i, p) in players.iter().enumerate() {
            diesel::insert_into(seats::table)
                .values((
                    seats::table_id.eq(table_id),
                    seats::seat.eq(i as i32),
                    seats::player_id.eq(*p),
                ))
                .execute(tx.conn())?;
        }
        diesel::update(round_tables::table.find(table_id))
            .set(round_tables::deal_count.eq(deal_count))
            .execute(tx.conn())?;
        Ok(())
    }

    /// The tables of a round, by number.
    pub fn for_round(conn: &mut AnyConnection, round_id: i32) -> QueryResult<Vec<RoundTable>> {
        round_tables::table
            .filter(round_tables::round_id.eq(round_id))
            .order(round_tables::number)
            .select(RoundTable::as_select())
            .load(conn)
    }

    /// The table with this token, with its round.
    pub fn by_token(conn: &mut AnyConnection, token: &str) -> QueryResult<Option<(RoundTable, Round)>> {
        round_tables::table
            .inner_join(rounds::table)
            .filter(round_tables::token.eq(token))
            .select((RoundTable::as_select(), Round::as_select()))
            .first(conn)
            .optional()
    }

    /// The tables with these tokens, with their rounds (in no given order).
    pub fn by_tokens(conn: &mut AnyConnection, tokens: &[&str]) -> QueryResult<Vec<(RoundTable, Round)>> {
        round_tables::table
            .inner_join(rounds::table)
            .filter(round_tables::token.eq_any(tokens))
            .select((RoundTable::as_select(), Round::as_select()))
            .load(conn)
    }

    /// Table `number` of round `round` of a tournament, with its round.
    pub fn by_number(
        conn: &mut AnyConnection,
        tournament_id: TournamentId,
        round: RoundNo,
        number: TableNo,
    ) -> QueryResult<Option<(RoundTable, Round)>> {
        round_tables::table
            .inner_join(rounds::table)
            .filter(rounds::tournament_id.eq(tournament_id))
            .filter(rounds::number.eq(round))
            .filter(round_tables::number.eq(number))
            .select((RoundTable::as_select(), Round::as_select()))
            .first(conn)
            .optional()
    }

    /// Player ids of a table in seat order.
    pub fn players(conn: &mut AnyConnection, table_id: i32) -> QueryResult<Vec<PlayerId>> {
        seats::table
            .filter(seats::table_id.eq(table_id))
            .order(seats::seat)
            .select(seats::player_id)
            .load(conn)
    }

    /// Every table of a round with its players (id, name) in seat order: one query.
    pub fn with_players_of_round(conn: &mut AnyConnection, round_id: i32) -> QueryResult<Vec<TableWithPlayers>> {
        let rows: Vec<(RoundTable, PlayerId, String)> = round_tables::table
            .inner_join(seats::table.inner_join(players::table))
            .filter(round_tables::round_id.eq(round_id))
            .order((round_tables::number, seats::seat))
            .select((RoundTable::as_select(), players::id, players::name))
            .load(conn)?;
        let mut out: Vec<TableWithPlayers> = Vec::new();
        for (table, id, name) in rows {
            match out.last_mut() {
                Some((t, ps)) if t.id == table.id => ps.push((id, name)),
                _ => out.push((table, vec![(id, name)])),
            }
        }
        Ok(out)
    }

    /// The tables a player sat at in a tournament: (round number, table), in order.
    pub fn of_player(
        conn: &mut AnyConnection,
        tournament_id: TournamentId,
        player_id: PlayerId,
    ) -> QueryResult<Vec<(RoundNo, RoundTable)>> {
        round_tables::table
            .inner_join(rounds::table)
            .inner_join(seats::table)
            .filter(rounds::tournament_id.eq(tournament_id))
            .filter(seats::player_id.eq(player_id))
            .order((rounds::number, round_tables::number))
            .select((rounds::number, RoundTable::as_select()))
            .load(conn)
    }

    /// The players of some tables: (table id, player id, name), by table and seat.
    pub fn players_of_tables(conn: &mut AnyConnection, table_ids: &[i32]) -> QueryResult<Vec<(i32, PlayerId, String)>> {
        seats::table
            .inner_join(players::table)
            .filter(seats::table_id.eq_any(table_ids))
            .order((seats::table_id, seats::seat))
            .select((seats::table_id, players::id, players::name))
            .load(conn)
    }

    /// Every table of a tournament with its round: (round number, table), in order.
    pub fn of_tournament(
        conn: &mut AnyConnection,
        tournament_id: TournamentId,
    ) -> QueryResult<Vec<(RoundNo, RoundTable)>> {
        round_tables::table
            .inner_join(rounds::table)
            .filter(rounds::tournament_id.eq(tournament_id))
            .order((rounds::number, round_tables::number))
            .select((rounds::number, RoundTable::as_select()))
            .load(conn)
    }

    /// Seats of every table of a tournament: (round number, table id, player
    /// id), by round, table and seat.
    pub fn seats_of_tournament(
        conn: &mut AnyConnection,
        tournament_id: TournamentId,
    ) -> QueryResult<Vec<(RoundNo, i32, PlayerId)>> {
        seats::table
            .inner_join(round_tables::table.inner_join(rounds::table))
            .filter(rounds::tournament_id.eq(tournament_id))
            .order((rounds::number, round_tables::number, seats::seat))
            .select((rounds::number, seats::table_id, seats::player_id))
            .load(conn)
    }
}
