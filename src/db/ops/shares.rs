//! A circuit (FORMATS.md, "Clubs"): the club that owns a tournament or a
//! season shares it with other clubs. Their organizers may read it (its
//! organizer's pages and files) and enter its tables' deals; its settings,
//! players, rounds and shares stay its owners' (the check is
//! [`crate::web::clubs::club_guard`]). A shared tournament may be put in a
//! season of the club it is shared with: the circuit's season ranks the
//! players of every club's evenings.

use diesel::prelude::*;

use crate::db::models::{AuditAction, AuditEntry, NewAuditEntry};
use crate::db::schema::{clubs, season_shares, tournament_shares};
use crate::db::{AnyConnection, Tx};
use crate::tournament::ids::TournamentId;

use super::clubs::{exists, season_club, tournament_club, ClubId};
use super::{Msg, OpError, OpResult};

/// What a club owns and may share.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shared {
    /// A tournament.
    Tournament(TournamentId),
    /// A season.
    Season(i32),
}

impl Shared {
    /// The club that owns it (`None`: no such tournament or season).
    pub fn owner(self, conn: &mut AnyConnection) -> QueryResult<Option<ClubId>> {
        match self {
            Shared::Tournament(t) => tournament_club(conn, t),
            Shared::Season(s) => season_club(conn, s),
        }
    }
}

/// The clubs `what` is shared with, in id order, with their names.
pub fn clubs_of(conn: &mut AnyConnection, what: Shared) -> QueryResult<Vec<super::clubs::Club>> {
    let ids = shared_with(conn, what)?;
    clubs::table
        .filter(clubs::id.eq_any(ids))
        .order(clubs::id)
        .select((clubs::id, clubs::name, clubs::town))
        .load(conn)
}

/// The ids of the clubs `what` is shared with, in id order.
pub fn shared_with(conn: &mut AnyConnection, what: Shared) -> QueryResult<Vec<ClubId>> {
    match what {
        Shared::Tournament(t) => tournament_shares::table
            .filter(tournament_shares::tournament_id.eq(t))
            .select(tournament_shares::club_id)
            .order(tournament_shares::club_id)
            .load(conn),
        Shared::Season(s) => season_shares::table
            .filter(season_shares::season_id.eq(s))
            .select(season_shares::club_id)
            .order(season_shares::club_id)
            .load(conn),
    }
}

/// Writes in the audit log that `actor` shared `what` with `club`, or
/// stopped (`action`).
fn audit(tx: &mut Tx<'_>, action: AuditAction, what: Shared, club: ClubId, actor: &str) -> OpResult<()> {
    let name: String = clubs::table.find(club).select(clubs::name).first(tx.conn())?;
    let (tournament, subject) = match what {
        Shared::Tournament(t) => (Some(t), format!("club {club}")),
        Shared::Season(s) => (None, format!("season {s} club {club}")),
    };
    let entry = NewAuditEntry::club_share(action, tournament, actor, subject, club, &name);
    AuditEntry::write(tx, &entry)?;
    Ok(())
}

/// Shares `what` with `club` (`actor` in the audit log): 404 when there is
/// no such tournament or season, 422 when the club does not exist or owns
/// it. Sharing again changes nothing (whether it was new is answered).
pub fn share(tx: &mut Tx<'_>, what: Shared, club: ClubId, actor: &str) -> OpResult<bool> {
    let owner = what.owner(tx.conn())?.ok_or(OpError::NotFound)?;
    if !exists(tx.conn(), club)? {
        return Err(OpError::Invalid(Msg::new("club-unknown").arg("club", club)));
    }
    if owner == club {
        return Err(OpError::Invalid(Msg::new("share-owner")));
    }
    if shared_with(tx.conn(), what)?.contains(&club) {
        return Ok(false);
    }
    match what {
        Shared::Tournament(t) => diesel::insert_into(tournament_shares::table)
            .values((
                tournament_shares::tournament_id.eq(t),
                tournament_shares::club_id.eq(club),
            ))
            .execute(tx.conn())?,
        Shared::Season(s) => diesel::insert_into(season_shares::table)
            .values((season_shares::season_id.eq(s), season_shares::club_id.eq(club)))
            .execute(tx.conn())?,
    };
    audit(tx, AuditAction::ClubShared, what, club, actor)?;
    Ok(true)
}

/// Stops sharing `what` with `club` (`actor` in the audit log): 404 when
/// it was not shared with it.
pub fn unshare(tx: &mut Tx<'_>, what: Shared, club: ClubId, actor: &str) -> OpResult<()> {
    let gone = match what {
        Shared::Tournament(t) => diesel::delete(
            tournament_shares::table
                .filter(tournament_shares::tournament_id.eq(t))
                .filter(tournament_shares::club_id.eq(club)),
        )
        .execute(tx.conn())?,
        Shared::Season(s) => diesel::delete(
            season_shares::table
                .filter(season_shares::season_id.eq(s))
                .filter(season_shares::club_id.eq(club)),
        )
        .execute(tx.conn())?,
    };
    if gone == 0 {
        return Err(OpError::NotFound);
    }
    audit(tx, AuditAction::ClubUnshared, what, club, actor)
}
