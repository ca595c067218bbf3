//! Entering a table's deals: a [`TableDeal`] (players by id) checked at its
//! table and scored by the rules core only, stored once, corrected with an
//! audit trail.
//!
//! Here the entry and its answer, and the group of entries written in one
//! unit of work ([`enter_all`]); what a group reads first is in `context`,
//! the decision of each entry in `decide`, a defender's confirmation in
//! `confirm`, the slots a table plays on the devices in `played`, what a
//! typist may still type (the devices' slots, the bell) in `typable`.

mod confirm;
mod context;
mod decide;
mod played;
mod typable;

use crate::db::models::{
    AuditEntry, Deal, DealChanges, NewAuditEntry, NewDeal, Round, RoundTable, Submission, Tournament,
};
use crate::db::{now, AnyConnection, Tx};
use crate::tarot::ScoreOutput;
use crate::tournament::deal::{DealError, ScoredDeal, TableDeal};
use crate::tournament::ids::{PlayerId, TableNo};

use super::events::{publish, Event};
use super::{Msg, OpError, OpResult};
use context::{Context, Slot};
use decide::{decide, Writes};

pub use confirm::{confirm, may_confirm};
pub use played::{Played, TYPED_KEPT};
pub use typable::{AfterBell, Typable};

/// Who is entering a deal.
#[derive(Debug, Clone)]
pub enum Actor {
    /// The table's tablet (by its token): only while the round is open.
    Table,
    /// An organizer: also after the round is closed (a correction).
    Organizer(String),
    /// The devices of a digital table: a deal played there, at its end.
    /// It fills an empty slot of the game only, never a typed one.
    Devices,
}

impl Actor {
    fn name(&self, table: TableNo) -> String {
        match self {
            Actor::Table | Actor::Devices => format!("table {table}"),
            Actor::Organizer(n) => n.clone(),
        }
    }
}

/// A deal as stored: what was entered and the scores it gave.
#[derive(Debug, Clone)]
pub struct EnteredDeal {
    /// Deal number at the table.
    pub number: i32,
    /// The deal, canonical form.
    pub deal: TableDeal,
    /// Scores by player id, in seat order of the table.
    pub scores: Vec<(PlayerId, i32)>,
    /// Whether anything changed (false for a repeated entry).
    pub changed: bool,
    /// The rules core's answer (None for a passed deal, or a deal read back).
    pub output: Option<ScoreOutput>,
    /// The slot's version: 1 when first entered, one more at each change.
    pub version: i32,
    /// Whether it counts in the standings (not waiting for a defender's confirmation).
    pub confirmed: bool,
    /// The form was already submitted (same idempotency key): this is the
    /// slot as stored, nothing was written again.
    pub replayed: bool,
}

impl EnteredDeal {
    /// Everyone passed.
    pub fn passed(&self) -> bool {
        self.deal == TableDeal::Passed
    }
}

impl EnteredDeal {
    /// A deal slot as stored (read back: no rules output).
    pub fn stored(conn: &mut AnyConnection, d: &Deal) -> OpResult<EnteredDeal> {
        Slot::read(d).stored(conn, d.number)
    }
}

/// The refusal of a deal, as a message the pages translate.
pub fn deal_msg(e: &DealError) -> OpError {
    OpError::Invalid(deal_refusal(e))
}

/// Why a deal is refused, as the message [`deal_msg`] carries.
pub fn deal_refusal(e: &DealError) -> Msg {
    let mut msg = Msg::owned(e.key());
    msg.args.extend(e.args());
    msg
}

/// Scores a deal at its table without storing it: deal `number` of a table
/// whose players are `table_players`, under the tournament's rules.
pub fn score_at(t: &Tournament, table_players: &[PlayerId], number: i32, deal: &TableDeal) -> OpResult<ScoredDeal> {
    deal.score_at(table_players, number, t.table5_mode, &t.rules)
        .map_err(|e| deal_msg(&e))
}

/// One entry of a deal: which slot, what, by whom and why.
#[derive(Debug, Clone, Copy)]
pub struct Entry<'a> {
    /// The table.
    pub table: &'a RoundTable,
    /// Its round (re-read inside the transaction).
    pub round: &'a Round,
    /// Deal number at the table (1-based).
    pub number: i32,
    /// The deal.
    pub deal: &'a TableDeal,
    /// Who enters it.
    pub actor: &'a Actor,
    /// Why it is corrected (required from an organizer once the round is closed).
    pub reason: &'a str,
    /// The version the writer last read (FORMATS.md "Versions"): a change
    /// from an older one is refused. `None` corrects unconditionally.
    pub version: Option<i32>,
    /// The form's idempotency key: the same key again answers what the
    /// first submission stored, and writes nothing.
    pub key: Option<&'a str>,
}

/// Enters deal `number` of a table. The same deal twice changes nothing; a
/// different one replaces it (audit log). A table cannot write a closed round.
pub fn enter(tx: &mut Tx<'_>, entry: &Entry<'_>) -> OpResult<EnteredDeal> {
    retried(tx, |tx| {
        let mut answers = tx.savepoint(|tx| enter_all(tx, std::slice::from_ref(entry)))?;
        answers.pop().expect("one answer per entry")
    })
}

/// What a typed entry (a table's or an organizer's form) came to: what a
/// page needs to say it, once the unit of work has ended.
#[derive(Debug)]
pub enum Typed {
    /// Entered, or the same deal again (nothing written).
    Entered(Box<EnteredDeal>),
    /// The rules refuse the deal at its table: nothing written, and the
    /// refusal knows its field.
    Refused(DealError),
    /// The slot changed since the form was opened: nothing written.
    Stale {
        /// The deal as stored now.
        current: Box<EnteredDeal>,
        /// Who stored it.
        by: String,
        /// The entry's deal, scored at its table.
        yours: Box<ScoredDeal>,
    },
}

/// Enters one typed deal as [`enter`] does, but its deal is scored first,
/// before the round, the slot or the key are looked at (a form's own
/// refusal comes before the state of things), and once: the refusal keeps
/// its field, a stale change keeps its score to be shown beside the stored
/// deal. Every other refusal is the error, as [`enter`]'s.
pub fn enter_typed(tx: &mut Tx<'_>, entry: &Entry<'_>) -> OpResult<Typed> {
    retried(tx, |tx| tx.savepoint(|tx| typed_once(tx, entry)))
}

/// [`enter_typed`]'s one try.
fn typed_once(tx: &mut Tx<'_>, entry: &Entry<'_>) -> OpResult<Typed> {
    by_index(tx)?;
    let mut cx = Context::read(tx, std::slice::from_ref(entry))?;
    // No tournament: `decide` refuses the entry for that.
    let scored = match cx.score(entry).transpose() {
        Ok(scored) => scored,
        Err(e) => return Ok(Typed::Refused(e)),
    };
    let mut writes = Writes::default();
    let answer = decide(tx, &mut cx, &mut writes, entry, scored.as_ref());
    store(tx, &mut cx, writes)?;
    match (answer, scored) {
        (Ok(entered), _) => Ok(Typed::Entered(Box::new(entered))),
        (Err(OpError::Stale { current, .. }), Some(yours)) => {
            let by = Deal::find(tx, entry.table.id, entry.number)?.map(|d| d.entered_by);
            Ok(Typed::Stale {
                current,
                by: by.unwrap_or_default(),
                yours: Box::new(yours),
            })
        }
        (Err(e), _) => Err(e),
    }
}

/// Runs `once`, and once more when it failed on two first entries of one
/// slot at once (PostgreSQL): the other one committed first (its row is
/// visible to the next statement, read committed). Once more, the slot is
/// seen filled, so the same deal is a no-op and a different one a
/// correction. `once` runs in a savepoint: nothing of a failed try stays.
fn retried<T>(tx: &mut Tx<'_>, once: impl Fn(&mut Tx<'_>) -> OpResult<T>) -> OpResult<T> {
    use diesel::result::{DatabaseErrorKind, Error};
    match once(tx) {
        Err(OpError::Db(Error::DatabaseError(DatabaseErrorKind::UniqueViolation, _))) => once(tx),
        r => r,
    }
}

/// Tells PostgreSQL to use the indexes for the rest of the transaction
/// (`enable_seqscan` off): every statement of a group reads or writes rows
/// by lists of keys. Without statistics on a table (a fresh database, before
/// autovacuum's first analyze) it reckons a list of keys matches a large
/// share of the rows and reads the whole table: with 100 tables saving, the
/// keys of the submissions, read whole by every group, grew to most of a
/// group's time within a minute.
fn by_index(conn: &mut AnyConnection) -> OpResult<()> {
    use diesel::connection::SimpleConnection;
    if let AnyConnection::Postgresql(pg) = conn {
        pg.batch_execute("SET LOCAL enable_seqscan = off")?;
    }
    Ok(())
}

/// Enters several deals in one transaction (the web layer gathers the
/// tablets' concurrent entries: one commit, and one statement of each kind,
/// for all of them). Each entry is decided in turn exactly as if it were
/// alone, after the ones before it: its answer, or the refusal it alone
/// gets, in the same order. The error is the database's (nothing of any
/// entry is stored then).
pub fn enter_all(tx: &mut Tx<'_>, entries: &[Entry<'_>]) -> OpResult<Vec<OpResult<EnteredDeal>>> {
    by_index(tx)?;
    let mut cx = Context::read(tx, entries)?;
    let mut out = Vec::with_capacity(entries.len());
    let mut writes = Writes::default();
    for entry in entries {
        out.push(match decide(tx, &mut cx, &mut writes, entry, None) {
            Err(OpError::Db(e)) => return Err(OpError::Db(e)),
            answer => answer,
        });
    }
    store(tx, &mut cx, writes)?;
    Ok(out)
}

/// Writes what the entries of a unit of work decided, each kind in one
/// statement: the new deals, the changed ones and their scores, the
/// corrections' audit entries, the keys spent, the events.
fn store(tx: &mut Tx<'_>, cx: &mut Context, mut writes: Writes) -> OpResult<()> {
    let new: Vec<NewDeal> = std::mem::take(&mut writes.inserted).into_values().collect();
    for (table, number, id) in Deal::insert_rows(tx, &new)? {
        if let Some(slot) = cx.slots.get_mut(&(table, number)) {
            slot.id = Some(id);
        }
    }
    let updated: Vec<(i32, &DealChanges)> = writes
        .rescored
        .iter()
        .filter_map(|key| writes.updated.get(key).map(|(id, c)| (*id, c)))
        .collect();
    Deal::update_rows(tx, &updated)?;
    let rescored: Vec<(i32, &[(PlayerId, i32)])> = writes
        .rescored
        .iter()
        .filter_map(|key| {
            let slot = &cx.slots[key];
            Some((slot.id?, slot.scores.as_deref()?))
        })
        .collect();
    Deal::replace_scores(tx, &rescored)?;
    // The group's corrections, as of one time.
    let at = now();
    let audit: Vec<NewAuditEntry> = std::mem::take(&mut writes.audit)
        .into_iter()
        .map(|c| c.at(at))
        .collect();
    AuditEntry::write_all(tx, &audit)?;
    Submission::insert_all(tx, &writes.submissions)?;
    for (tournament, (mut events, rounds)) in writes.events {
        events.extend(rounds.into_iter().map(|r| Event::Standings { round: Some(r) }));
        publish(tx, tournament, &events)?;
    }
    Ok(())
}
