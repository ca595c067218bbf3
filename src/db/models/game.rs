//! Games played on the devices: the game (a digital table or a casual game),
//! its seats, its deals (seed and seat map) and every action of a deal.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::bots::{BotKind, Pace};
use crate::db::schema::{game_actions, game_deals, game_seats, games};
use crate::db::{AnyConnection, Tx};
use crate::tournament::ids::{GameId, PlayerId, TournamentId};

/// A game: a tournament table played on the devices, or a casual game.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = games)]
pub struct GameRow {
    /// Row id (the game's number in the API).
    pub id: GameId,
    /// The tournament, for a digital table.
    pub tournament_id: Option<TournamentId>,
    /// The round's table it plays, for a digital table.
    pub table_id: Option<i32>,
    /// Seats at the table (3, 4 or 5).
    pub players: i32,
    /// The number of its last deal (a digital table's deal count; its
    /// first deal may come later than 1, see [`GameDeal::number`]).
    pub deal_count: i32,
    /// The first deal's seed when chosen (the next deals take the following ones).
    pub seed: Option<i64>,
    /// Who set it up.
    pub created_by: String,
    /// When.
    pub created_at: NaiveDateTime,
    /// How fast its bots play.
    pub pace: Pace,
}

/// A seat of a game.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = game_seats)]
pub struct GameSeat {
    /// Row id.
    pub id: i32,
    /// The game.
    pub game_id: GameId,
    /// Seat at the table, from 0.
    pub seat: i32,
    /// The name shown.
    pub name: String,
    /// The tournament player sitting there.
    pub player_id: Option<PlayerId>,
    /// The seat's secret link (none for a seat given to a bot from the start).
    pub token: Option<String>,
    /// The bot playing it now (`quick` or `strong`), if any.
    pub bot: Option<BotKind>,
}

/// A deal of a game.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = game_deals)]
pub struct GameDeal {
    /// Row id.
    pub id: i32,
    /// The game.
    pub game_id: GameId,
    /// 1-based number: the table's deal slot for a digital table (its
    /// first deal is the table's first empty slot when it switched).
    pub number: i32,
    /// The dealer, as a seat of the deal.
    pub dealer: i32,
    /// JSON list: the table seat of each seat of the deal.
    pub seat_map: String,
    /// The shuffle's 64 bits.
    pub seed: i64,
    /// Actions so far.
    pub actions: i32,
    /// JSON list of scores by table seat (null for a seat sitting out), once over.
    pub scores: Option<String>,
    /// The game-log line, once over.
    pub log: Option<String>,
    /// When dealt.
    pub created_at: NaiveDateTime,
    /// When over.
    pub finished_at: Option<NaiveDateTime>,
}

/// An action of a deal.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = game_actions)]
pub struct GameActionRow {
    /// Row id.
    pub id: i32,
    /// The deal.
    pub deal_id: i32,
    /// Its place, from 0.
    pub idx: i32,
    /// Who acted (a seat of the deal).
    pub seat: i32,
    /// The action as JSON (FORMATS.md "Digital play: seats").
    pub action: String,
    /// When.
    pub created_at: NaiveDateTime,
}

/// A new seat.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = game_seats)]
pub struct NewGameSeat {
    /// The game.
    pub game_id: GameId,
    /// Seat.
    pub seat: i32,
    /// Name.
    pub name: String,
    /// Player.
    pub player_id: Option<PlayerId>,
    /// Secret link.
    pub token: Option<String>,
    /// Bot.
    pub bot: Option<BotKind>,
}

impl GameRow {
    /// Inserts a game; its row.
    #[allow(clippy::too_many_arguments)]
    pub fn insert(
        tx: &mut Tx<'_>,
        tournament_id: Option<TournamentId>,
        table_id: Option<i32>,
        players: i32,
        deal_count: i32,
        seed: Option<i64>,
        created_by: &str,
        now: NaiveDateTime,
        pace: Pace,
    ) -> QueryResult<GameRow> {
        let row = diesel::insert_into(games::table)
            .values((
                games::tournament_id.eq(tournament_id),
                games::table_id.eq(table_id),
                games::players.eq(players),
                games::deal_count.eq(deal_count),
                games::seed.eq(seed),
                games::created_by.eq(created_by),
                games::created_at.eq(now),
                games::pace.eq(pace),
            ))
            .returning(games::all_columns)
            .get_result::<GameRow>(tx.conn())?;
        tx.game_changed(row.id);
        Ok(row)
    }

    /// Game `id`.
    pub fn find(conn: &mut AnyConnection, id: GameId) -> QueryResult<Option<GameRow>> {
        games::table
            .find(id)
            .select(GameRow::as_select())
            .first(conn)
            .optional()
    }

    /// The game playing a round's table.
    pub fn for_table(conn: &mut AnyConnection, table_id: i32) -> QueryResult<Option<GameRow>> {
        games::table
            .filter(games::table_id.eq(table_id))
            .select(GameRow::as_select())
            .first(conn)
            .optional()
    }

    /// Games of these tables.
    pub fn for_tables(conn: &mut AnyConnection, table_ids: &[i32]) -> QueryResult<Vec<GameRow>> {
        games::table
            .filter(games::table_id.eq_any(table_ids))
            .select(GameRow::as_select())
            .load(conn)
    }

    /// Casual games, newest first.
    pub fn casual(conn: &mut AnyConnection) -> QueryResult<Vec<GameRow>> {
        games::table
            .filter(games::table_id.is_null())
            .order(games::id.desc())
            .select(GameRow::as_select())
            .load(conn)
    }

    /// Games of a tournament.
    pub fn of_tournament(conn: &mut AnyConnection, tournament_id: TournamentId) -> QueryResult<Vec<GameRow>> {
        games::table
            .filter(games::tournament_id.eq(tournament_id))
            .order(games::id)
            .select(GameRow::as_select())
            .load(conn)
    }

    /// Sets how fast the game's bots play.
    pub fn set_pace(tx: &mut Tx<'_>, id: GameId, pace: Pace) -> QueryResult<usize> {
        tx.game_changed(id);
        diesel::update(games::table.find(id))
            .set(games::pace.eq(pace))
            .execute(tx.conn())
    }

    /// Locks the game's row until the end of the transaction (PostgreSQL;
    /// SQLite's write transactions already take turns): actions of one game
    /// are written one at a time.
    pub fn lock(conn: &mut AnyConnection, id: GameId) -> QueryResult<()> {
        if let AnyConnection::Postgresql(pg) = conn {
            games::table
                .find(id)
                .select(games::id)
                .for_update()
                .first::<GameId>(pg)?;
        }
        Ok(())
    }
}

impl GameSeat {
    /// Inserts seats.
    pub fn insert_all(tx: &mut Tx<'_>, seats: &[NewGameSeat]) -> QueryResult<usize> {
        // One by one: a batch insert is not portable across the backends.
        let mut n = 0;
        for s in seats {
            tx.game_changed(s.game_id);
            n += diesel::insert_into(game_seats::table).values(s).execute(tx.conn())?;
        }
        Ok(n)
    }

    /// The seats of a game, in order.
    pub fn of_game(conn: &mut AnyConnection, game_id: GameId) -> QueryResult<Vec<GameSeat>> {
        game_seats::table
            .filter(game_seats::game_id.eq(game_id))
            .order(game_seats::seat)
            .select(GameSeat::as_select())
            .load(conn)
    }

    /// The seats of these games, by game and seat.
    pub fn of_games(conn: &mut AnyConnection, game_ids: &[GameId]) -> QueryResult<Vec<GameSeat>> {
        game_seats::table
            .filter(game_seats::game_id.eq_any(game_ids))
            .order((game_seats::game_id, game_seats::seat))
            .select(GameSeat::as_select())
            .load(conn)
    }

    /// The seat of a secret link.
    pub fn by_token(conn: &mut AnyConnection, token: &str) -> QueryResult<Option<GameSeat>> {
        game_seats::table
            .filter(game_seats::token.eq(token))
            .select(GameSeat::as_select())
            .first(conn)
            .optional()
    }

    /// Puts a bot in this seat (`None`: its player takes it back).
    pub fn set_bot(&self, tx: &mut Tx<'_>, bot: Option<BotKind>) -> QueryResult<usize> {
        tx.game_changed(self.game_id);
        diesel::update(game_seats::table.find(self.id))
            .set(game_seats::bot.eq(bot))
            .execute(tx.conn())
    }

    /// Gives this seat a (new) secret link.
    pub fn set_token(&self, tx: &mut Tx<'_>, token: &str) -> QueryResult<usize> {
        tx.game_changed(self.game_id);
        diesel::update(game_seats::table.find(self.id))
            .set(game_seats::token.eq(token))
            .execute(tx.conn())
    }
}

impl GameDeal {
    /// The games among `game_ids` where someone has acted (a bid, a card…).
    pub fn acted(conn: &mut AnyConnection, game_ids: &[GameId]) -> QueryResult<Vec<GameId>> {
        game_deals::table
            .filter(game_deals::game_id.eq_any(game_ids))
            .filter(game_deals::actions.gt(0))
            .select(game_deals::game_id)
            .distinct()
            .load(conn)
    }

    /// Deals deal `number` of a game.
    pub fn insert(
        tx: &mut Tx<'_>,
        game_id: GameId,
        number: i32,
        dealer: i32,
        seat_map: &str,
        seed: i64,
        now: NaiveDateTime,
    ) -> QueryResult<GameDeal> {
        tx.game_changed(game_id);
        diesel::insert_into(game_deals::table)
            .values((
                game_deals::game_id.eq(game_id),
                game_deals::number.eq(number),
                game_deals::dealer.eq(dealer),
                game_deals::seat_map.eq(seat_map),
                game_deals::seed.eq(seed),
                game_deals::actions.eq(0),
                game_deals::created_at.eq(now),
            ))
            .returning(game_deals::all_columns)
            .get_result(tx.conn())
    }

    /// The deals of a game, in order.
    pub fn of_game(conn: &mut AnyConnection, game_id: GameId) -> QueryResult<Vec<GameDeal>> {
        game_deals::table
            .filter(game_deals::game_id.eq(game_id))
            .order(game_deals::number)
            .select(GameDeal::as_select())
            .load(conn)
    }

    /// The game's last deal.
    pub fn current(conn: &mut AnyConnection, game_id: GameId) -> QueryResult<Option<GameDeal>> {
        game_deals::table
            .filter(game_deals::game_id.eq(game_id))
            .order(game_deals::number.desc())
            .select(GameDeal::as_select())
            .first(conn)
            .optional()
    }

    /// The deals of these games, by game and number: (game, number, over).
    pub fn progress_of_games(conn: &mut AnyConnection, game_ids: &[GameId]) -> QueryResult<Vec<(GameId, i32, bool)>> {
        let rows: Vec<(GameId, i32, Option<NaiveDateTime>)> = game_deals::table
            .filter(game_deals::game_id.eq_any(game_ids))
            .order((game_deals::game_id, game_deals::number))
            .select((game_deals::game_id, game_deals::number, game_deals::finished_at))
            .load(conn)?;
        Ok(rows.into_iter().map(|(g, n, at)| (g, n, at.is_some())).collect())
    }

    /// Deals not over yet, of every game.
    pub fn unfinished(conn: &mut AnyConnection) -> QueryResult<Vec<GameDeal>> {
        game_deals::table
            .filter(game_deals::finished_at.is_null())
            .select(GameDeal::as_select())
            .load(conn)
    }

    /// Counts this deal's actions: `actions` so far.
    pub fn set_actions(&self, tx: &mut Tx<'_>, actions: i32) -> QueryResult<usize> {
        tx.game_changed(self.game_id);
        diesel::update(game_deals::table.find(self.id))
            .set(game_deals::actions.eq(actions))
            .execute(tx.conn())
    }

    /// Marks this deal over, with its scores and log.
    pub fn finish(&self, tx: &mut Tx<'_>, scores: &str, log: &str, now: NaiveDateTime) -> QueryResult<usize> {
        tx.game_changed(self.game_id);
        diesel::update(game_deals::table.find(self.id))
            .set((
                game_deals::scores.eq(scores),
                game_deals::log.eq(log),
                game_deals::finished_at.eq(now),
            ))
            .execute(tx.conn())
    }
}

impl GameActionRow {
    /// Stores action `idx` of `deal`.
    pub fn insert(
        tx: &mut Tx<'_>,
        deal: &GameDeal,
        idx: i32,
        seat: i32,
        action: &str,
        now: NaiveDateTime,
    ) -> QueryResult<usize> {
        tx.game_changed(deal.game_id);
        diesel::insert_into(game_actions::table)
            .values((
                game_actions::deal_id.eq(deal.id),
                game_actions::idx.eq(idx),
                game_actions::seat.eq(seat),
                game_actions::action.eq(action),
                game_actions::created_at.eq(now),
            ))
            .execute(tx.conn())
    }

    /// The actions of a deal, in order.
    pub fn of_deal(conn: &mut AnyConnection, deal_id: i32) -> QueryResult<Vec<GameActionRow>> {
        game_actions::table
            .filter(game_actions::deal_id.eq(deal_id))
            .order(game_actions::idx)
            .select(GameActionRow::as_select())
            .load(conn)
    }
}
