//! The player directory, shared by every tournament.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::bots::BotKind;
use crate::db::schema::players;
use crate::db::{AnyConnection, Tx};
use crate::tournament::ids::PlayerId;

/// A player of the directory.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, serde::Serialize)]
#[diesel(table_name = players)]
pub struct Player {
    /// Row id.
    pub id: PlayerId,
    /// Full name.
    pub name: String,
    /// Club, may be empty.
    pub club: String,
    /// FFT licence number, unique when given.
    pub licence: Option<String>,
    /// When added.
    #[serde(skip)]
    pub created_at: NaiveDateTime,
    /// The bot that plays this "player" (a duplicate round's empty seat),
    /// none for a person. Bots are never in the directory.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot: Option<BotKind>,
}

/// A player to add.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = players)]
pub struct NewPlayer {
    /// Full name.
    pub name: String,
    /// Club.
    pub club: String,
    /// Licence number.
    pub licence: Option<String>,
    /// Creation time.
    pub created_at: NaiveDateTime,
}

impl Player {
    /// Inserts a player.
    pub fn create(tx: &mut Tx<'_>, new: &NewPlayer) -> QueryResult<Player> {
        diesel::insert_into(players::table)
            .values(new)
            .returning(players::all_columns)
            .get_result(tx.conn())
    }

    /// Inserts players, in statements of at most [`Player::BATCH`] rows: for
    /// each, its id with its name, club and licence (the order of a
    /// multi-row insert's answer is not promised; the caller matches them).
    pub fn create_all(tx: &mut Tx<'_>, new: &[NewPlayer]) -> QueryResult<Vec<Player>> {
        let mut created = Vec::with_capacity(new.len());
        for chunk in new.chunks(Player::BATCH) {
            // The two-backend connection has no batch insert, each backend does.
            let insert = diesel::insert_into(players::table)
                .values(chunk)
                .returning(players::all_columns);
            created.extend(match tx.conn() {
                AnyConnection::Postgresql(c) => insert.get_results::<Player>(c)?,
                AnyConnection::Sqlite(c) => insert.get_results::<Player>(c)?,
            });
        }
        Ok(created)
    }

    /// Rows of one insert or values of one `IN` list: well under SQLite's
    /// and PostgreSQL's limits on a statement's parameters.
    pub const BATCH: usize = 1_000;

    /// The players holding these licences.
    pub fn by_licences(conn: &mut AnyConnection, licences: &[&str]) -> QueryResult<Vec<Player>> {
        let mut found = Vec::new();
        for chunk in licences.chunks(Player::BATCH) {
            found.extend(
                players::table
                    .filter(players::licence.eq_any(chunk))
                    .select(Player::as_select())
                    .load(conn)?,
            );
        }
        Ok(found)
    }

    /// The directory's people (no bot) whose name is one of `names`, in
    /// the case given or lower-cased (the callers compare names and clubs
    /// without regard to ASCII case), oldest first.
    pub fn by_names(conn: &mut AnyConnection, names: &[String]) -> QueryResult<Vec<Player>> {
        let mut found = Vec::new();
        for chunk in names.chunks(Player::BATCH) {
            let lowered: Vec<String> = chunk.iter().map(|n| n.to_ascii_lowercase()).collect();
            found.extend(
                players::table
                    .filter(lower(players::name).eq_any(lowered))
                    .filter(players::bot.is_null())
                    .order(players::id.asc())
                    .select(Player::as_select())
                    .load(conn)?,
            );
        }
        Ok(found)
    }

    /// The player with this id.
    pub fn find(conn: &mut AnyConnection, id: PlayerId) -> QueryResult<Option<Player>> {
        players::table
            .find(id)
            .select(Player::as_select())
            .first(conn)
            .optional()
    }

    /// The player holding this licence.
    pub fn find_by_licence(conn: &mut AnyConnection, licence: &str) -> QueryResult<Option<Player>> {
        players::table
            .filter(players::licence.eq(licence))
            .select(Player::as_select())
            .first(conn)
            .optional()
    }

    /// The names of the players with these ids.
    pub fn names(
        conn: &mut AnyConnection,
        ids: &[PlayerId],
    ) -> QueryResult<std::collections::HashMap<PlayerId, String>> {
        Ok(Player::by_ids(conn, ids)?.into_iter().map(|p| (p.id, p.name)).collect())
    }

    /// The players with these ids.
    pub fn by_ids(conn: &mut AnyConnection, ids: &[PlayerId]) -> QueryResult<Vec<Player>> {
        players::table
            .filter(players::id.eq_any(ids))
            .select(Player::as_select())
            .load(conn)
    }
}

impl Player {
    /// The most bots a round needs: a table of 4 with one person.
    pub const BOTS: usize = 3;

    /// The bots that fill a duplicate round's empty seats, "Robot 1" to
    /// "Robot 3", made the first time they are needed (at most once each,
    /// whoever asks at the same moment: the unique index on their names).
    pub fn bots(conn: &mut AnyConnection) -> QueryResult<Vec<Player>> {
        let found = Player::bot_players(conn)?;
        if found.len() >= Player::BOTS {
            return Ok(found);
        }
        let rows = (1..=Player::BOTS)
            .map(|i| format!("('Robot {i}', '', CURRENT_TIMESTAMP, '{}')", BotKind::DEFAULT.name()))
            .collect::<Vec<_>>()
            .join(", ");
        diesel::sql_query(format!(
            "INSERT INTO players (name, club, created_at, bot) VALUES {rows} ON CONFLICT DO NOTHING"
        ))
        .execute(conn)?;
        Player::bot_players(conn)
    }

    /// The bots made so far, by name.
    pub fn bot_players(conn: &mut AnyConnection) -> QueryResult<Vec<Player>> {
        players::table
            .filter(players::bot.is_not_null())
            .order((players::name.asc(), players::id.asc()))
            .select(Player::as_select())
            .load(conn)
    }
}

diesel::define_sql_function! {
    /// SQL `lower()`, the same on both backends (PostgreSQL's LIKE is case-sensitive).
    fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

impl Player {
    /// The directory, by name, optionally filtered by a piece of the name, club or licence.
    pub fn search(conn: &mut AnyConnection, q: &str, limit: i64) -> QueryResult<Vec<Player>> {
        let mut query = players::table.filter(players::bot.is_null()).into_boxed();
        let q = q.trim();
        if !q.is_empty() {
            let pattern = format!("%{}%", q.replace(['%', '_'], "").to_lowercase());
            query = query.filter(
                lower(players::name)
                    .like(pattern.clone())
                    .or(lower(players::club).like(pattern.clone()))
                    .or(players::licence.like(pattern)),
            );
        }
        query
            .order((players::name.asc(), players::id.asc()))
            .limit(limit)
            .select(Player::as_select())
            .load(conn)
    }

    /// Changes a player's name, club and licence.
    pub fn update(tx: &mut Tx<'_>, id: PlayerId, name: &str, club: &str, licence: Option<&str>) -> QueryResult<usize> {
        diesel::update(players::table.find(id))
            .set((
                players::name.eq(name),
                players::club.eq(club),
                players::licence.eq(licence),
            ))
            .execute(tx.conn())
    }
}
