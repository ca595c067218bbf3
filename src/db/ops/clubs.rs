//! Clubs on one server (FORMATS.md, "Clubs"): a club owns its tournaments
//! and seasons; an organizer account belongs to one or more clubs; a server
//! administrator creates clubs and may act for any of them.
//!
//! What a club owns is written beside the tournament or the season
//! (`tournament_clubs`, `season_clubs`); a tournament or a season without
//! such a row (made by a path that names no club: an import, a casual game)
//! belongs to the default club, the first one.

use diesel::prelude::*;

use crate::db::schema::{
    club_organizers, clubs, season_clubs, season_shares, tournament_clubs, tournament_shares, tournaments, users,
};
use crate::db::{now, AnyConnection, Tx};
use crate::tournament::ids::TournamentId;

use super::{Msg, OpError, OpResult};

/// A club's id.
pub type ClubId = i32;

/// A club, as `GET /api/clubs` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, serde::Serialize)]
pub struct Club {
    /// Row id.
    pub id: ClubId,
    /// Its name.
    pub name: String,
    /// Its town ("" when not given).
    pub town: String,
}

/// The clubs an account acts for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Membership {
    /// A server administrator: acts for every club.
    pub admin: bool,
    /// The clubs they are an organizer of, in id order.
    pub clubs: Vec<ClubId>,
}

impl Membership {
    /// Whether they may change what `club` owns.
    pub fn acts_for(&self, club: ClubId) -> bool {
        self.admin || self.clubs.contains(&club)
    }
}

/// The longest name or town a club may have, in characters.
pub const MAX_NAME: usize = 100;

/// A club's name (required) and town, trimmed, or why they are refused.
fn checked<'a>(name: &'a str, town: &'a str) -> OpResult<(&'a str, &'a str)> {
    let (name, town) = (name.trim(), town.trim());
    if name.is_empty() {
        return Err(OpError::Invalid(Msg::new("club-name-required")));
    }
    let bad = |s: &str| s.chars().count() > MAX_NAME || s.chars().any(char::is_control);
    if bad(name) || bad(town) {
        return Err(OpError::Invalid(Msg::new("club-name-too-long").arg("max", MAX_NAME)));
    }
    Ok((name, town))
}

/// Renames club `id` (its name and town, as [`create`] takes them): 404
/// when there is no such club.
pub fn rename(tx: &mut Tx<'_>, id: ClubId, name: &str, town: &str) -> OpResult<()> {
    let (name, town) = checked(name, town)?;
    let n = diesel::update(clubs::table.find(id))
        .set((clubs::name.eq(name), clubs::town.eq(town)))
        .execute(tx.conn())?;
    if n == 0 {
        return Err(OpError::NotFound);
    }
    Ok(())
}

/// Every club's organizers: (club, user id, login name), by club and name.
pub fn organizers(conn: &mut AnyConnection) -> QueryResult<Vec<(ClubId, i32, String)>> {
    club_organizers::table
        .inner_join(users::table)
        .order((club_organizers::club_id, users::username))
        .select((club_organizers::club_id, users::id, users::username))
        .load(conn)
}

/// Makes the account `username` an organizer of club `club` too: 422 when
/// there is no such account or club.
pub fn join(tx: &mut Tx<'_>, club: ClubId, username: &str) -> OpResult<()> {
    let username = username.trim();
    let user = users::table
        .filter(users::username.eq(username))
        .select(users::id)
        .first::<i32>(tx.conn())
        .optional()?
        .ok_or_else(|| OpError::Invalid(Msg::new("club-account-unknown").arg("name", username)))?;
    if !exists(tx.conn(), club)? {
        return Err(OpError::Invalid(Msg::new("club-unknown").arg("club", club)));
    }
    Ok(add_organizer(tx, club, user)?)
}

/// Takes account `user` out of club `club`'s organizers: 404 when it was
/// not one.
pub fn leave(tx: &mut Tx<'_>, club: ClubId, user: i32) -> OpResult<()> {
    let n = diesel::delete(club_organizers::table.find((club, user))).execute(tx.conn())?;
    if n == 0 {
        return Err(OpError::NotFound);
    }
    Ok(())
}

/// Creates a club: its name (required) and town, trimmed.
pub fn create(tx: &mut Tx<'_>, name: &str, town: &str) -> OpResult<ClubId> {
    let (name, town) = checked(name, town)?;
    Ok(diesel::insert_into(clubs::table)
        .values((clubs::name.eq(name), clubs::town.eq(town), clubs::created_at.eq(now())))
        .returning(clubs::id)
        .get_result(tx.conn())?)
}

/// Every club, in id order.
pub fn list(conn: &mut AnyConnection) -> QueryResult<Vec<Club>> {
    clubs::table
        .order(clubs::id)
        .select((clubs::id, clubs::name, clubs::town))
        .load(conn)
}

/// Whether club `id` exists.
pub fn exists(conn: &mut AnyConnection, id: ClubId) -> QueryResult<bool> {
    Ok(clubs::table
        .find(id)
        .select(clubs::id)
        .first::<i32>(conn)
        .optional()?
        .is_some())
}

/// The default club: the first one (`None` on a server without any).
pub fn default_club(conn: &mut AnyConnection) -> QueryResult<Option<ClubId>> {
    clubs::table.select(clubs::id).order(clubs::id).first(conn).optional()
}

/// Makes `user` an organizer of `club` (again: nothing changes).
pub fn add_organizer(tx: &mut Tx<'_>, club: ClubId, user: i32) -> QueryResult<()> {
    let conn = tx.conn();
    let already = club_organizers::table
        .find((club, user))
        .select(club_organizers::club_id)
        .first::<i32>(conn)
        .optional()?;
    if already.is_none() {
        diesel::insert_into(club_organizers::table)
            .values((club_organizers::club_id.eq(club), club_organizers::user_id.eq(user)))
            .execute(conn)?;
    }
    Ok(())
}

/// Makes `user` a server administrator.
pub fn make_admin(tx: &mut Tx<'_>, user: i32) -> QueryResult<()> {
    diesel::update(users::table.find(user))
        .set(users::admin.eq(true))
        .execute(tx.conn())
        .map(|_| ())
}

/// The clubs `user` acts for.
pub fn membership(conn: &mut AnyConnection, user: i32) -> QueryResult<Membership> {
    let admin = users::table
        .find(user)
        .select(users::admin)
        .first::<bool>(conn)
        .optional()?
        .unwrap_or(false);
    let clubs = club_organizers::table
        .filter(club_organizers::user_id.eq(user))
        .select(club_organizers::club_id)
        .order(club_organizers::club_id)
        .load(conn)?;
    Ok(Membership { admin, clubs })
}

/// The club that owns tournament `t` (`None`: no such tournament).
pub fn tournament_club(conn: &mut AnyConnection, t: TournamentId) -> QueryResult<Option<ClubId>> {
    let row = tournament_clubs::table
        .find(t)
        .select(tournament_clubs::club_id)
        .first::<i32>(conn)
        .optional()?;
    if row.is_some() {
        return Ok(row);
    }
    let there = tournaments::table
        .find(t)
        .select(tournaments::id)
        .first::<TournamentId>(conn)
        .optional()?;
    match there {
        Some(_) => default_club(conn),
        None => Ok(None),
    }
}

/// The club that owns season `s` (`None`: no such season).
pub fn season_club(conn: &mut AnyConnection, s: i32) -> QueryResult<Option<ClubId>> {
    use crate::db::schema::seasons;
    let row = season_clubs::table
        .find(s)
        .select(season_clubs::club_id)
        .first::<i32>(conn)
        .optional()?;
    if row.is_some() {
        return Ok(row);
    }
    let there = seasons::table
        .find(s)
        .select(seasons::id)
        .first::<i32>(conn)
        .optional()?;
    match there {
        Some(_) => default_club(conn),
        None => Ok(None),
    }
}

/// Writes that `club` owns tournament `t`.
pub fn own_tournament(tx: &mut Tx<'_>, t: TournamentId, club: ClubId) -> QueryResult<()> {
    diesel::delete(tournament_clubs::table.find(t)).execute(tx.conn())?;
    diesel::insert_into(tournament_clubs::table)
        .values((
            tournament_clubs::tournament_id.eq(t),
            tournament_clubs::club_id.eq(club),
        ))
        .execute(tx.conn())
        .map(|_| ())
}

/// Writes that `club` owns season `s`.
pub fn own_season(tx: &mut Tx<'_>, s: i32, club: ClubId) -> QueryResult<()> {
    diesel::delete(season_clubs::table.find(s)).execute(tx.conn())?;
    diesel::insert_into(season_clubs::table)
        .values((season_clubs::season_id.eq(s), season_clubs::club_id.eq(club)))
        .execute(tx.conn())
        .map(|_| ())
}

/// The tournaments the clubs of `who` own or are shared with (a circuit:
/// [`super::shares`]), of those listed (an administrator's: all of them).
pub fn tournaments_of(
    conn: &mut AnyConnection,
    who: &Membership,
    ids: &[TournamentId],
) -> QueryResult<Vec<TournamentId>> {
    if who.admin {
        return Ok(ids.to_vec());
    }
    let owners = tournament_owners(conn, ids)?;
    let shared = tournaments_shared_with(conn, who, ids)?;
    Ok(owners
        .into_iter()
        .filter(|(t, owner)| owner.is_some_and(|c| who.acts_for(c)) || shared.contains(t))
        .map(|(t, _)| t)
        .collect())
}

/// The club that owns each of the tournaments `ids`, in their order (the
/// default club where no row says: `None` only on a server without clubs).
pub fn tournament_owners(
    conn: &mut AnyConnection,
    ids: &[TournamentId],
) -> QueryResult<Vec<(TournamentId, Option<ClubId>)>> {
    let owned: std::collections::HashMap<TournamentId, ClubId> = tournament_clubs::table
        .filter(tournament_clubs::tournament_id.eq_any(ids))
        .select((tournament_clubs::tournament_id, tournament_clubs::club_id))
        .load(conn)?
        .into_iter()
        .collect();
    let default = default_club(conn)?;
    Ok(ids.iter().map(|t| (*t, owned.get(t).copied().or(default))).collect())
}

/// The club that owns each of the seasons `ids`, in their order (as
/// [`tournament_owners`]).
pub fn season_owners(conn: &mut AnyConnection, ids: &[i32]) -> QueryResult<Vec<(i32, Option<ClubId>)>> {
    let owned: std::collections::HashMap<i32, ClubId> = season_clubs::table
        .filter(season_clubs::season_id.eq_any(ids))
        .select((season_clubs::season_id, season_clubs::club_id))
        .load(conn)?
        .into_iter()
        .collect();
    let default = default_club(conn)?;
    Ok(ids.iter().map(|s| (*s, owned.get(s).copied().or(default))).collect())
}

/// Of `list`, the tournaments the clubs of `who` own or are shared with.
pub fn keep_tournaments(
    conn: &mut AnyConnection,
    who: &Membership,
    list: Vec<crate::db::models::Tournament>,
) -> QueryResult<Vec<crate::db::models::Tournament>> {
    let ids: Vec<TournamentId> = list.iter().map(|t| t.id).collect();
    let kept = tournaments_of(conn, who, &ids)?;
    Ok(list.into_iter().filter(|t| kept.contains(&t.id)).collect())
}

/// The seasons the clubs of `who` own or are shared with, of those listed.
pub fn seasons_of(conn: &mut AnyConnection, who: &Membership, ids: &[i32]) -> QueryResult<Vec<i32>> {
    if who.admin {
        return Ok(ids.to_vec());
    }
    let owners = season_owners(conn, ids)?;
    let shared = seasons_shared_with(conn, who, ids)?;
    Ok(owners
        .into_iter()
        .filter(|(s, owner)| owner.is_some_and(|c| who.acts_for(c)) || shared.contains(s))
        .map(|(s, _)| s)
        .collect())
}

/// Of the tournaments `ids`, those shared (a circuit: [`super::shares`]) with a club of `who`.
pub fn tournaments_shared_with(
    conn: &mut AnyConnection,
    who: &Membership,
    ids: &[TournamentId],
) -> QueryResult<Vec<TournamentId>> {
    tournament_shares::table
        .filter(tournament_shares::tournament_id.eq_any(ids))
        .filter(tournament_shares::club_id.eq_any(&who.clubs))
        .select(tournament_shares::tournament_id)
        .distinct()
        .load(conn)
}

/// Of the seasons `ids`, those shared with a club of `who`.
pub fn seasons_shared_with(conn: &mut AnyConnection, who: &Membership, ids: &[i32]) -> QueryResult<Vec<i32>> {
    season_shares::table
        .filter(season_shares::season_id.eq_any(ids))
        .filter(season_shares::club_id.eq_any(&who.clubs))
        .select(season_shares::season_id)
        .distinct()
        .load(conn)
}

/// Why no club could be chosen for a new tournament or season.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoClub {
    /// The club named does not exist (422).
    Unknown(ClubId),
    /// The club named is not theirs (403).
    NotTheirs(ClubId),
    /// They have several clubs and named none (422).
    Ambiguous,
    /// They have no club at all (403).
    None,
}

/// The club a new tournament or season of `who` belongs to: the one asked
/// for, if theirs; else their only club (an administrator without a club:
/// the server's only club).
pub fn choose(
    conn: &mut AnyConnection,
    who: &Membership,
    asked: Option<ClubId>,
) -> QueryResult<Result<ClubId, NoClub>> {
    if let Some(c) = asked {
        if !exists(conn, c)? {
            return Ok(Err(NoClub::Unknown(c)));
        }
        return Ok(if who.acts_for(c) {
            Ok(c)
        } else {
            Err(NoClub::NotTheirs(c))
        });
    }
    let candidates = if who.clubs.is_empty() && who.admin {
        list(conn)?.into_iter().map(|c| c.id).collect()
    } else {
        who.clubs.clone()
    };
    Ok(match candidates.as_slice() {
        [one] => Ok(*one),
        [] => Err(NoClub::None),
        _ => Err(NoClub::Ambiguous),
    })
}
