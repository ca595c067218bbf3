//! What a typist may still type at a table now: the one rule the entry
//! path applies ([`super::decide`]) and the pages ask before they offer a
//! slot (the sheet's links and its next-deal button, the form, its
//! preview). Three refusals: a closed round, to a table
//! ([`closed_refusal`]); the slots the devices play ([`Played::refusal`]);
//! a timed round's bell ([`bell_refusal`]): after it a table enters the
//! deal in progress at the bell and corrects the deals entered, nothing
//! later; an organizer is never refused by it.

use chrono::NaiveDateTime;

use crate::db::models::{Deal, Round, RoundTable};
use crate::db::{now, AnyConnection};
use crate::tournament::clock::{bell, in_progress_at, may_deal, BellVerdict, EnteredSlot};
use crate::tournament::ids::TableNo;

use super::{Actor, Played};
use crate::db::ops::{Msg, OpResult};

/// Why `actor` may not write a deal of `round` at all: a table (its link,
/// its devices) writes none once the round is closed; an organizer does.
pub(super) fn closed_refusal(round: &Round, actor: &Actor) -> Option<Msg> {
    (round.is_closed() && matches!(actor, Actor::Table | Actor::Devices))
        .then(|| Msg::new("deal-round-closed").arg("round", round.number))
}

/// Why `actor` may not write deal `number` of a table of `round` at `at`
/// because of the round's bell (`entered`: the table's slots, with when
/// each was first entered); `None` when it may.
pub(super) fn bell_refusal(
    round: &Round,
    actor: &Actor,
    number: i32,
    entered: &[EnteredSlot],
    at: NaiveDateTime,
) -> Option<Msg> {
    if matches!(actor, Actor::Organizer(_)) {
        return None;
    }
    match bell(round.ends_at, at, number, entered) {
        BellVerdict::TooLate { in_progress } => Some(
            Msg::new("deal-after-bell")
                .arg("round", round.number)
                .arg("deal", number)
                .arg("in_progress", in_progress),
        ),
        BellVerdict::Open | BellVerdict::Allowed => None,
    }
}

/// A table after its round's bell ([`Typable::after_bell`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AfterBell {
    /// The deal in progress at the bell: the last one the table may enter.
    pub in_progress: i32,
    /// It may still be entered (it is not yet, and not on the devices).
    pub may_enter: bool,
}

/// What one typist may type at one table now, read once for a page.
#[derive(Debug, Clone)]
pub struct Typable {
    table: TableNo,
    deal_count: i32,
    actor: Actor,
    round: Round,
    played: Option<Played>,
    /// The table's slots, read only once a table's bell has rung.
    entered: Vec<EnteredSlot>,
    at: NaiveDateTime,
}

impl Typable {
    /// Reads what `actor` may type at `table` (of `round`) now.
    pub fn read(conn: &mut AnyConnection, table: &RoundTable, round: &Round, actor: &Actor) -> OpResult<Typable> {
        let at = now();
        let played = Played::of_tables(conn, &[table.id])?.remove(&table.id);
        // Which slots were filled matters only to a table after its bell.
        let rung = !matches!(actor, Actor::Organizer(_)) && !may_deal(round.ends_at, at);
        let entered = if rung {
            Deal::for_table(conn, table.id)?
                .iter()
                .map(|d| EnteredSlot {
                    number: d.number,
                    created_at: d.created_at,
                })
                .collect()
        } else {
            Vec::new()
        };
        Ok(Typable {
            table: table.number,
            deal_count: table.deal_count,
            actor: actor.clone(),
            round: round.clone(),
            played,
            entered,
            at,
        })
    }

    /// Why deal `number` may not be typed now (`None`: it may), as the
    /// entry path would refuse it.
    pub fn refusal(&self, number: i32) -> Option<Msg> {
        closed_refusal(&self.round, &self.actor)
            .or_else(|| {
                self.played
                    .as_ref()
                    .and_then(|p| p.refusal(self.table, number, &self.actor))
            })
            .or_else(|| bell_refusal(&self.round, &self.actor, number, &self.entered, self.at))
    }

    /// Once the bell of its open round has rung, for a table: the deal it
    /// had in progress then, and whether it may still enter it (not
    /// entered yet, not the devices'). `None` before the bell, for an
    /// untimed or closed round, and for an organizer.
    pub fn after_bell(&self) -> Option<AfterBell> {
        let end = self.round.ends_at.filter(|_| !self.round.is_closed())?;
        let rung = !matches!(self.actor, Actor::Organizer(_)) && !may_deal(Some(end), self.at);
        if !rung {
            return None;
        }
        let k = in_progress_at(end, &self.entered);
        let may_enter =
            k <= self.deal_count && !self.entered.iter().any(|s| s.number == k) && self.refusal(k).is_none();
        Some(AfterBell {
            in_progress: k,
            may_enter,
        })
    }

    /// The table's game, when it plays on the devices.
    pub fn played(&self) -> Option<Played> {
        self.played
    }
}
