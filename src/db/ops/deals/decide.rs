//! The decision of one entry of a group ([`super::enter_all`]), against
//! what the unit of work knows so far, in named steps: the checks of the
//! entry, its key (a replay), the slot's version (a stale page), then what
//! it writes (the deal, the audit entry of a correction, the events),
//! recorded in the group's [`Writes`].

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::db::models::{DealChanges, NewAuditEntry, NewDeal, Round, Submission, Tournament};
use crate::db::{now, Tx};
use crate::tournament::clock::EnteredSlot;
use crate::tournament::deal::{ScoredDeal, TableDeal};
use crate::tournament::ids::{RoundNo, TableNo, TournamentId};

use super::context::{Context, Slot};
use super::played::typed_kept;
use super::typable::{bell_refusal, closed_refusal};
use super::{deal_msg, Actor, EnteredDeal, Entry};
use crate::db::ops::events::Event;
use crate::db::ops::{Msg, OpError, OpResult};

/// What the entries of one unit of work write once all are decided, each
/// kind in one statement.
#[derive(Default)]
pub(super) struct Writes {
    /// New deals (by slot), with their last content.
    pub(super) inserted: BTreeMap<(i32, i32), NewDeal>,
    /// Slots written, in order.
    pub(super) rescored: Vec<(i32, i32)>,
    /// The new content of slots that held a deal before (their last one).
    pub(super) updated: HashMap<(i32, i32), (i32, DealChanges)>,
    /// The audit entries of the deals corrected, written with the group's.
    pub(super) audit: Vec<NewAuditEntry>,
    pub(super) submissions: Vec<Submission>,
    /// Deal events by tournament, then the rounds whose standings changed.
    pub(super) events: BTreeMap<TournamentId, (Vec<Event>, BTreeSet<RoundNo>)>,
}

/// Decides one entry of [`super::enter_all`] against what the unit of work
/// knows so far, and records what it writes in `writes`. `scored`: the
/// entry's deal as this unit of work already scored it (a typed form's is
/// scored before anything else, [`super::enter_typed`]); otherwise it is
/// scored here, once the entry is admitted.
pub(super) fn decide(
    tx: &mut Tx<'_>,
    cx: &mut Context,
    writes: &mut Writes,
    entry: &Entry<'_>,
    scored: Option<&ScoredDeal>,
) -> OpResult<EnteredDeal> {
    let (t, round) = checked(&cx.tournaments, &cx.rounds, entry)?;
    check_bell(&cx.slots, round, entry)?;
    check_played(cx, entry)?;
    let mut scored_here = None;
    let key = match check_key(tx, cx, entry, scored, &mut scored_here)? {
        Key::Replay(stored) => return Ok(*stored),
        Key::Spend(key) => key,
    };
    let Entry {
        table,
        number,
        actor,
        reason,
        version,
        ..
    } = *entry;
    let slot_key = (table.id, number);
    let scored = scored_once(cx, entry, scored, &mut scored_here)?;
    // A deal entered at the table waits for a defender's confirmation
    // when the tournament asks for one; an organizer's entry counts.
    let confirmed = !(t.confirm_deals && matches!(actor, Actor::Table | Actor::Devices));
    let entered = |changed, version, confirmed| EnteredDeal {
        number,
        deal: scored.deal.clone(),
        scores: scored.scores.clone(),
        changed,
        output: scored.output.clone(),
        version,
        confirmed,
        replayed: false,
    };
    let submitted = |version| {
        key.map(|key| Submission {
            key: key.to_owned(),
            table_id: table.id,
            number,
            version,
            record_json: Some(scored.deal.to_json().to_string()),
        })
    };
    let existing = cx.slots.get(&slot_key);
    check_existing(existing, entry)?;
    if let Some(slot) = existing {
        if slot.record == scored.deal {
            spend(&mut cx.submissions, writes, submitted(slot.version));
            return Ok(entered(false, slot.version, slot.confirmed));
        }
        check_version(tx, slot, number, version)?;
    }
    if existing.is_some() && round.is_closed() && reason.trim().is_empty() {
        return Err(OpError::Invalid(Msg::new("deal-correction-reason")));
    }
    let who = actor.name(table.number);
    let next = existing.map_or(1, |s| s.version + 1);
    let changes = DealChanges::new(scored, &who, now(), next, confirmed);
    let id = match existing {
        Some(slot) => {
            let correction = correction(t, round, entry, who, slot, &changes);
            writes.rewrite(slot_key, slot, changes, correction);
            slot.id
        }
        None => {
            writes.insert(slot_key, changes);
            None
        }
    };
    let created_at = existing.and_then(|s| s.created_at);
    cx.slots.insert(
        slot_key,
        Slot {
            id,
            record: scored.deal.clone(),
            version: next,
            confirmed,
            scores: Some(scored.scores.clone()),
            created_at,
            voided: false,
        },
    );
    spend(&mut cx.submissions, writes, submitted(next));
    writes.deal_changed(t.id, round.number, table.number, number);
    Ok(entered(true, next, confirmed))
}

/// A slot is typed or played, never both: refused when the table's game
/// holds it (or will).
fn check_played(cx: &Context, entry: &Entry<'_>) -> OpResult<()> {
    match cx
        .played
        .get(&entry.table.id)
        .and_then(|p| p.refusal(entry.table.number, entry.number, entry.actor))
    {
        Some(msg) => Err(OpError::Conflict(msg)),
        None => Ok(()),
    }
}

/// What a slot already holding a deal refuses: the devices' result over a
/// typed deal (kept), anything over a voided one.
fn check_existing(existing: Option<&Slot>, entry: &Entry<'_>) -> OpResult<()> {
    let (table, number) = (entry.table.number, entry.number);
    if existing.is_some() && matches!(entry.actor, Actor::Devices) {
        return Err(typed_kept(table, number));
    }
    if existing.is_some_and(|s| s.voided) {
        return Err(OpError::Conflict(
            Msg::new("deal-voided").arg("table", table).arg("deal", number),
        ));
    }
    Ok(())
}

/// The entry's tournament and its round as re-read in this unit of work,
/// once its deal number is in range and the round still takes it (a table
/// cannot write a closed round).
fn checked<'c>(
    tournaments: &'c HashMap<TournamentId, Tournament>,
    rounds: &'c HashMap<i32, Round>,
    entry: &Entry<'_>,
) -> OpResult<(&'c Tournament, &'c Round)> {
    let Entry {
        table,
        round,
        number,
        actor,
        ..
    } = *entry;
    let t = tournaments.get(&round.tournament_id).ok_or(OpError::NotFound)?;
    if number < 1 || number > table.deal_count {
        return Err(OpError::Invalid(
            Msg::new("deal-number-range").arg("max", table.deal_count),
        ));
    }
    let round = rounds.get(&round.id).ok_or(OpError::NotFound)?;
    match closed_refusal(round, actor) {
        Some(msg) => Err(OpError::Conflict(msg)),
        None => Ok((t, round)),
    }
}

/// Refuses a table's entry of a later deal than the one in progress at its
/// timed round's bell ([`bell_refusal`], the rule the pages ask too).
fn check_bell(slots: &HashMap<(i32, i32), Slot>, round: &Round, entry: &Entry<'_>) -> OpResult<()> {
    if matches!(entry.actor, Actor::Organizer(_)) || round.ends_at.is_none() {
        return Ok(());
    }
    let at = now();
    let entered: Vec<EnteredSlot> = slots
        .iter()
        .filter(|((table, _), _)| *table == entry.table.id)
        .map(|((_, number), slot)| EnteredSlot {
            number: *number,
            created_at: slot.created_at.unwrap_or(at),
        })
        .collect();
    match bell_refusal(round, entry.actor, entry.number, &entered, at) {
        Some(msg) => Err(OpError::Conflict(msg)),
        None => Ok(()),
    }
}

/// What an entry's idempotency key leaves to do.
enum Key<'a> {
    /// Go on; the key to spend with the entry's write (`None`: no key, or
    /// one already spent, which never writes again).
    Spend(Option<&'a str>),
    /// A retry: the slot as stored answers, nothing is written.
    Replay(Box<EnteredDeal>),
}

/// Checks the entry's key against the keys already spent. A key already
/// used never writes again. Without a version (an API retry) the answer is
/// the slot as stored, when the entry's deal is the one the key wrote: the
/// same key with another deal is an edit that would be lost, refused as a
/// stale change is (409, with the slot as stored). With the version the
/// form was opened at, a different content is a change from a stale page
/// (the key's own write made the slot newer), refused as such later on.
fn check_key<'a>(
    tx: &mut Tx<'_>,
    cx: &Context,
    entry: &Entry<'a>,
    scored: Option<&ScoredDeal>,
    scored_here: &mut Option<ScoredDeal>,
) -> OpResult<Key<'a>> {
    let Entry {
        table,
        number,
        version,
        key,
        ..
    } = *entry;
    let slot_key = (table.id, number);
    let Some(done) = key.and_then(|k| cx.submissions.get(k)) else {
        return Ok(Key::Spend(key));
    };
    if (done.table_id, done.number) != slot_key {
        return Err(OpError::Invalid(Msg::new("deal-key-reused")));
    }
    if let (Some(slot), None) = (cx.slots.get(&slot_key), version) {
        let yours = &scored_once(cx, entry, scored, scored_here)?.deal;
        let mut stored = slot.stored(tx, number)?;
        if key_deal(done, slot).is_some_and(|written| written != *yours) {
            return Err(OpError::Stale {
                msg: Msg::new("deal-key-other-content").arg("deal", number),
                current: Box::new(stored),
            });
        }
        stored.replayed = true;
        return Ok(Key::Replay(Box::new(stored)));
    }
    Ok(Key::Spend(None))
}

/// The deal a spent key wrote (or found already there): as the key
/// recorded it, or, for a key spent before deals were recorded with their
/// keys, the slot's while it is still at the key's version; `None` when
/// that cannot be known.
fn key_deal(done: &Submission, slot: &Slot) -> Option<TableDeal> {
    match &done.record_json {
        Some(json) => serde_json::from_str(json)
            .ok()
            .and_then(|v| TableDeal::from_json(&v).ok()),
        None => (slot.version == done.version).then(|| slot.record.clone()),
    }
}

/// The entry's deal scored at its table: as given (a typed form's, scored
/// before anything else), as scored earlier in this decision, or now.
fn scored_once<'s>(
    cx: &Context,
    entry: &Entry<'_>,
    given: Option<&'s ScoredDeal>,
    here: &'s mut Option<ScoredDeal>,
) -> OpResult<&'s ScoredDeal> {
    if let Some(s) = given {
        return Ok(s);
    }
    if here.is_none() {
        *here = Some(cx.score(entry).ok_or(OpError::NotFound)?.map_err(|e| deal_msg(&e))?);
    }
    here.as_ref().ok_or(OpError::NotFound)
}

/// Refuses a change made from a copy older than the slot (`version`, the
/// one the writer read), with the slot as it is stored now.
fn check_version(tx: &mut Tx<'_>, slot: &Slot, number: i32, version: Option<i32>) -> OpResult<()> {
    if version.is_some_and(|v| v != slot.version) {
        return Err(OpError::Stale {
            msg: Msg::new("deal-stale")
                .arg("read", version.unwrap_or_default())
                .arg("current", slot.version),
            current: Box::new(slot.stored(tx, number)?),
        });
    }
    Ok(())
}

/// The audit entry of an entry that changes a stored deal: `who` made it
/// from `slot` as it was to `changes`.
fn correction(
    t: &Tournament,
    round: &Round,
    entry: &Entry<'_>,
    who: String,
    slot: &Slot,
    changes: &DealChanges,
) -> NewAuditEntry {
    NewAuditEntry::deal_corrected(
        t.id,
        &who,
        (round.number, entry.table.number, entry.number),
        slot.record.to_json().to_string(),
        changes.record_json.clone(),
        entry.reason.trim(),
    )
}

impl Writes {
    /// A slot that held a deal gets new content: updated in place, or, when
    /// an entry earlier in this group made it, inserted as it is last; the
    /// correction goes to the audit log.
    fn rewrite(&mut self, slot_key: (i32, i32), slot: &Slot, changes: DealChanges, correction: NewAuditEntry) {
        match slot.id {
            Some(id) => {
                self.updated.insert(slot_key, (id, changes));
            }
            // Entered earlier in this group: inserted as it is last.
            None => {
                if let Some(new) = self.inserted.get_mut(&slot_key) {
                    new.content = changes;
                }
            }
        }
        self.audit.push(correction);
        self.rescore(slot_key);
    }

    /// A new deal in an empty slot.
    fn insert(&mut self, slot_key: (i32, i32), changes: DealChanges) {
        let (table_id, number) = slot_key;
        self.inserted.insert(
            slot_key,
            NewDeal {
                table_id,
                number,
                created_at: changes.updated_at,
                content: changes,
            },
        );
        self.rescore(slot_key);
    }

    /// A slot whose scores are written again (once per group).
    fn rescore(&mut self, slot_key: (i32, i32)) {
        if !self.rescored.contains(&slot_key) {
            self.rescored.push(slot_key);
        }
    }

    /// The events of a deal written: the deal, and the standings of its round.
    fn deal_changed(&mut self, tournament: TournamentId, round: RoundNo, table: TableNo, deal: i32) {
        let (events, rounds) = self.events.entry(tournament).or_default();
        events.push(Event::Deal { round, table, deal });
        rounds.insert(round);
    }
}

/// Records a key as spent by its entry: stored with the group, and seen
/// by the entries after it.
fn spend(seen: &mut HashMap<String, Submission>, writes: &mut Writes, done: Option<Submission>) {
    if let Some(s) = done {
        writes.submissions.push(s.clone());
        seen.insert(s.key.clone(), s);
    }
}
