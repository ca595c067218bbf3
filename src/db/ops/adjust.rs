//! The organizer's adjustments of a table's scores, each with its reason and
//! kept in the audit log: voiding a deal (kept as entered, counting for
//! nobody, restorable), and awarding points beside the deals (a table that
//! could not finish at the bell: each player of the table gets some points,
//! summing to zero, so that the standings still add up). An adjusted score
//! that is a possible deal is a correction of the deal (`deals`).

use std::collections::HashSet;

use diesel::prelude::*;

use crate::db::models::{AuditEntry, Award, Deal, NewAuditEntry, Round, RoundTable};
use crate::db::schema::deals;
use crate::db::{now, Tx};
use crate::tournament::ids::{PlayerId, RoundNo, TableNo, TournamentId};

use super::events::{publish, Event};
use super::{Msg, OpError, OpResult};

/// Where an adjustment applies: a table of a round of a tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AtTable {
    /// The tournament.
    pub tournament: TournamentId,
    /// Round number.
    pub round: RoundNo,
    /// Table number.
    pub table: TableNo,
}

impl AtTable {
    /// The table and its round, the round locked against its undoing.
    fn find(self, tx: &mut Tx<'_>) -> OpResult<(RoundTable, Round)> {
        let (table, round) =
            RoundTable::by_number(tx, self.tournament, self.round, self.table)?.ok_or(OpError::NotFound)?;
        let round = Round::locked(tx, round.id, false)?.ok_or(OpError::NotFound)?;
        Ok((table, round))
    }
}

/// The reason an adjustment needs, trimmed; refused when empty.
fn reason_of(reason: &str) -> OpResult<&str> {
    match reason.trim() {
        "" => Err(OpError::Invalid(Msg::new("adjust-reason-missing"))),
        r => Ok(r),
    }
}

/// Voids deal `k` of a table (`void = true`) or restores it: a voided deal
/// stays on the sheet, struck, and counts for nobody (not in the totals,
/// the deals played or the taker's wins); restored, it counts again as
/// entered. Refused without a reason, for a slot with no deal, and for a
/// deal already in the state asked.
pub fn set_void(tx: &mut Tx<'_>, at: AtTable, k: i32, void: bool, reason: &str, actor: &str) -> OpResult<()> {
    let reason = reason_of(reason)?;
    let (table, _) = at.find(tx)?;
    let deal = Deal::find_for_update(tx, table.id, k)?
        .ok_or_else(|| OpError::Conflict(Msg::new("adjust-no-deal").arg("deal", k)))?;
    if deal.void_reason.is_some() == void {
        let key = if void { "adjust-already-void" } else { "adjust-not-void" };
        return Err(OpError::Conflict(Msg::new(key).arg("deal", k)));
    }
    Deal::set_void(tx, deal.id, void.then_some(reason))?;
    // A page holding the deal as it was cannot change it unseen.
    diesel::update(deals::table.find(deal.id))
        .set((deals::version.eq(deal.version + 1), deals::updated_at.eq(now())))
        .execute(&mut **tx)?;
    let slot = (at.round, at.table, k);
    let entry = if void {
        NewAuditEntry::deal_voided(at.tournament, actor, slot, reason)
    } else {
        NewAuditEntry::deal_restored(at.tournament, actor, slot, reason)
    };
    AuditEntry::write(tx, &entry)?;
    let events = [
        Event::Deal {
            round: at.round,
            table: at.table,
            deal: k,
        },
        Event::Standings { round: Some(at.round) },
    ];
    publish(tx, at.tournament, &events)?;
    Ok(())
}

/// The largest number of points an award may give one player: more than
/// any deal scores (a slam at a table of 3 is under 3,000).
pub const AWARD_LIMIT: i32 = 10_000;

/// Awards points at a table: `points` gives players of the table their
/// points (the others none). Refused without a reason, when a player is
/// not at the table or named twice, when every award is zero, when one is
/// beyond [`AWARD_LIMIT`], and when they do not sum to zero (the sum is
/// said). Returns the award's id.
pub fn award(tx: &mut Tx<'_>, at: AtTable, points: &[(PlayerId, i32)], reason: &str, actor: &str) -> OpResult<i32> {
    let reason = reason_of(reason)?;
    let (table, _) = at.find(tx)?;
    let seated: HashSet<PlayerId> = RoundTable::players(tx, table.id)?.into_iter().collect();
    let mut seen = HashSet::new();
    for (player, p) in points {
        if !seated.contains(player) || !seen.insert(*player) {
            return Err(OpError::Invalid(Msg::new("award-not-at-table")));
        }
        if p.abs() > AWARD_LIMIT {
            return Err(OpError::Invalid(Msg::new("award-too-large").arg("limit", AWARD_LIMIT)));
        }
    }
    let points: Vec<(PlayerId, i32)> = points.iter().copied().filter(|(_, p)| *p != 0).collect();
    if points.is_empty() {
        return Err(OpError::Invalid(Msg::new("award-empty")));
    }
    let sum: i32 = points.iter().map(|(_, p)| p).sum();
    if sum != 0 {
        return Err(OpError::Invalid(Msg::new("award-not-zero").arg("sum", sum)));
    }
    let id = Award::insert(tx, table.id, &points, reason, actor, now())?;
    AuditEntry::write(
        tx,
        &NewAuditEntry::points_awarded(at.tournament, actor, (at.round, at.table), &points, reason),
    )?;
    publish(tx, at.tournament, &[Event::Standings { round: Some(at.round) }])?;
    Ok(id)
}

/// Withdraws award `id` of a table (given by mistake), with a reason.
pub fn withdraw_award(tx: &mut Tx<'_>, at: AtTable, id: i32, reason: &str, actor: &str) -> OpResult<()> {
    let reason = reason_of(reason)?;
    let (table, _) = at.find(tx)?;
    let award = Award::for_tables(tx, &[table.id])?
        .into_iter()
        .find(|a| a.id == id)
        .ok_or(OpError::NotFound)?;
    Award::delete(tx, award.id)?;
    AuditEntry::write(
        tx,
        &NewAuditEntry::award_withdrawn(at.tournament, actor, (at.round, at.table), &award.points, reason),
    )?;
    publish(tx, at.tournament, &[Event::Standings { round: Some(at.round) }])?;
    Ok(())
}
