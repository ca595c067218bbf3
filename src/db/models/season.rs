//! Seasons and the tournaments they hold (FORMATS.md, "Seasons").

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::{season_tournaments, seasons, tournaments};
use crate::db::{AnyConnection, Tx};
use crate::tournament::ids::{SeasonId, TournamentId};
use crate::tournament::season::{Centi, PointsKind, Rule};

/// A season's row as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = seasons)]
struct SeasonRow {
    id: SeasonId,
    name: String,
    starts: String,
    ends: String,
    points: PointsKind,
    scale: Option<String>,
    best_of: Option<i32>,
    participation: i32,
    created_at: NaiveDateTime,
}

/// A season.
#[derive(Debug, Clone)]
pub struct Season {
    /// Row id.
    pub id: SeasonId,
    /// Its name.
    pub name: String,
    /// First day (`YYYY-MM-DD`).
    pub starts: String,
    /// Last day (`YYYY-MM-DD`).
    pub ends: String,
    /// How tournaments count.
    pub rule: Rule,
    /// When it was made.
    pub created_at: NaiveDateTime,
}

/// A season to create.
#[derive(Debug, Clone)]
pub struct NewSeason {
    /// Its name.
    pub name: String,
    /// First day.
    pub starts: String,
    /// Last day.
    pub ends: String,
    /// Its rule.
    pub rule: Rule,
}

/// A stored value that does not read: the query fails, loudly.
fn unreadable(what: String) -> diesel::result::Error {
    diesel::result::Error::DeserializationError(what.into())
}

impl TryFrom<SeasonRow> for Season {
    type Error = diesel::result::Error;

    fn try_from(r: SeasonRow) -> QueryResult<Season> {
        let scale = match r.scale {
            None => None,
            Some(s) => Some(
                serde_json::from_str::<Vec<Centi>>(&s)
                    .map_err(|e| unreadable(format!("stored season scale {s:?} does not parse: {e}")))?,
            ),
        };
        let best_of = match r.best_of {
            None => None,
            Some(n) => Some(u32::try_from(n).map_err(|_| unreadable(format!("stored best_of {n}")))?),
        };
        Ok(Season {
            id: r.id,
            name: r.name,
            starts: r.starts,
            ends: r.ends,
            rule: Rule {
                points: r.points,
                scale,
                best_of,
                participation: Centi::from(r.participation),
            },
            created_at: r.created_at,
        })
    }
}

impl Season {
    /// Inserts a season; its id.
    pub fn create(tx: &mut Tx<'_>, new: &NewSeason, created_by: Option<i32>) -> QueryResult<SeasonId> {
        let scale = new
            .rule
            .scale
            .as_ref()
            .map(|s| serde_json::to_string(s).expect("integers serialize"));
        diesel::insert_into(seasons::table)
            .values((
                seasons::name.eq(&new.name),
                seasons::starts.eq(&new.starts),
                seasons::ends.eq(&new.ends),
                seasons::points.eq(new.rule.points),
                seasons::scale.eq(scale),
                seasons::best_of.eq(new.rule.best_of.map(|n| n as i32)),
                seasons::participation.eq(i32::try_from(new.rule.participation).unwrap_or(i32::MAX)),
                seasons::created_by.eq(created_by),
                seasons::created_at.eq(crate::db::now()),
            ))
            .returning(seasons::id)
            .get_result(tx.conn())
    }

    /// The season of an id.
    pub fn find(conn: &mut AnyConnection, id: SeasonId) -> QueryResult<Option<Season>> {
        seasons::table
            .find(id)
            .select(SeasonRow::as_select())
            .first(conn)
            .optional()?
            .map(Season::try_from)
            .transpose()
    }

    /// Every season, the latest first.
    pub fn list(conn: &mut AnyConnection) -> QueryResult<Vec<Season>> {
        seasons::table
            .order((seasons::starts.desc(), seasons::id.desc()))
            .select(SeasonRow::as_select())
            .load(conn)?
            .into_iter()
            .map(Season::try_from)
            .collect()
    }

    /// The tournaments a season holds, by id.
    pub fn tournaments(conn: &mut AnyConnection, id: SeasonId) -> QueryResult<Vec<TournamentId>> {
        season_tournaments::table
            .filter(season_tournaments::season_id.eq(id))
            .order(season_tournaments::tournament_id)
            .select(season_tournaments::tournament_id)
            .load(conn)
    }

    /// The seasons a tournament belongs to.
    pub fn of_tournament(conn: &mut AnyConnection, tournament: TournamentId) -> QueryResult<Vec<SeasonId>> {
        season_tournaments::table
            .filter(season_tournaments::tournament_id.eq(tournament))
            .order(season_tournaments::season_id)
            .select(season_tournaments::season_id)
            .load(conn)
    }

    /// Attaches a tournament; whether it was not attached already.
    pub fn attach(tx: &mut Tx<'_>, id: SeasonId, tournament: TournamentId) -> QueryResult<bool> {
        let there: i64 = season_tournaments::table
            .filter(season_tournaments::season_id.eq(id))
            .filter(season_tournaments::tournament_id.eq(tournament))
            .count()
            .get_result(tx.conn())?;
        if there > 0 {
            return Ok(false);
        }
        diesel::insert_into(season_tournaments::table)
            .values((
                season_tournaments::season_id.eq(id),
                season_tournaments::tournament_id.eq(tournament),
            ))
            .execute(tx.conn())?;
        Ok(true)
    }

    /// Detaches a tournament; whether it was attached.
    pub fn detach(tx: &mut Tx<'_>, id: SeasonId, tournament: TournamentId) -> QueryResult<bool> {
        let n = diesel::delete(
            season_tournaments::table
                .filter(season_tournaments::season_id.eq(id))
                .filter(season_tournaments::tournament_id.eq(tournament)),
        )
        .execute(tx.conn())?;
        Ok(n > 0)
    }

    /// Whether a tournament exists.
    pub fn tournament_exists(conn: &mut AnyConnection, tournament: TournamentId) -> QueryResult<bool> {
        let n: i64 = tournaments::table
            .filter(tournaments::id.eq(tournament))
            .count()
            .get_result(conn)?;
        Ok(n > 0)
    }
}
