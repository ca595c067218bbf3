//! Entering a table's deals: a [`TableDeal`] (players by id) checked at its
//! table and scored by the rules core only, stored once, corrected with an
//! audit trail.

use crate::db::models::{
    AuditEntry, Deal, DealChanges, NewAuditEntry, NewDeal, Round, RoundTable, Submission, Tournament,
};
use crate::db::{now, AnyConnection};
use crate::tarot::ScoreOutput;
use crate::tournament::deal::{DealError, ScoredDeal, TableDeal};

use super::events::{publish, Event};
use super::{Msg, OpError, OpResult};

/// Who is entering a deal.
#[derive(Debug, Clone)]
pub enum Actor {
    /// The table's tablet (by its token): only while the round is open.
    Table,
    /// An organizer: also after the round is closed (a correction).
    Organizer(String),
}

impl Actor {
    fn name(&self, table: i32) -> String {
        match self {
            Actor::Table => format!("table {table}"),
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
    pub scores: Vec<(i32, i32)>,
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

/// The refusal of a deal, as a message the pages translate.
pub fn deal_msg(e: &DealError) -> OpError {
    let mut msg = Msg::owned(e.key());
    msg.args.extend(e.args());
    OpError::Invalid(msg)
}

/// Scores a deal at its table without storing it: deal `number` of a table
/// whose players are `table_players`, under the tournament's rules.
pub fn score_at(t: &Tournament, table_players: &[i32], number: i32, deal: &TableDeal) -> OpResult<ScoredDeal> {
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
pub fn enter(conn: &mut AnyConnection, entry: &Entry<'_>) -> OpResult<EnteredDeal> {
    use diesel::result::{DatabaseErrorKind, Error};
    match enter_once(conn, entry) {
        // Two first entries of one slot at once (PostgreSQL): the other one
        // committed first. Once more, the slot is seen filled, so the same
        // deal is a no-op and a different one a correction.
        Err(OpError::Db(Error::DatabaseError(DatabaseErrorKind::UniqueViolation, _))) => enter_once(conn, entry),
        r => r,
    }
}

fn enter_once(conn: &mut AnyConnection, entry: &Entry<'_>) -> OpResult<EnteredDeal> {
    let Entry {
        table,
        round,
        number,
        deal,
        actor,
        reason,
        version,
        key,
    } = *entry;
    crate::db::write(conn, |conn| {
        let t = Tournament::find(conn, round.tournament_id)?.ok_or(OpError::NotFound)?;
        if number < 1 || number > table.deal_count {
            return Err(OpError::Invalid(
                Msg::new("deal-number-range").arg("max", table.deal_count),
            ));
        }
        // Re-read the round inside the transaction, locked so that it cannot
        // close under us: it may have closed since.
        let round = Round::locked(conn, round.id, false)?.ok_or(OpError::NotFound)?;
        if round.is_closed() && matches!(actor, Actor::Table) {
            return Err(OpError::Conflict(
                Msg::new("deal-round-closed").arg("round", round.number),
            ));
        }
        let existing = Deal::find_for_update(conn, table.id, number)?;
        // A key already used never writes again. Without a version (an API
        // retry) the answer is the slot as stored; with the version the form
        // was opened at, a different content is a change from a stale page
        // (the key's own write made the slot newer) and is refused as such.
        let mut key_used = false;
        if let Some(key) = key {
            if let Some(done) = Submission::find(conn, key)? {
                if (done.table_id, done.number) != (table.id, number) {
                    return Err(OpError::Invalid(Msg::new("deal-key-reused")));
                }
                key_used = true;
                if let (Some(d), None) = (&existing, version) {
                    let mut stored = EnteredDeal::stored(conn, d)?;
                    stored.replayed = true;
                    return Ok(stored);
                }
            }
        }
        let key = key.filter(|_| !key_used);
        let players = RoundTable::players(conn, table.id)?;
        let scored = score_at(&t, &players, number, deal)?;
        // A deal entered at the table waits for a defender's confirmation
        // when the tournament asks for one; an organizer's entry counts.
        let confirmed = !(t.confirm_deals && matches!(actor, Actor::Table));
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
        if let Some(d) = &existing {
            if d.record == scored.deal {
                if let Some(key) = key {
                    Submission::insert(conn, key, table.id, number, d.version)?;
                }
                return Ok(entered(false, d.version, d.confirmed));
            }
            if version.is_some_and(|v| v != d.version) {
                return Err(OpError::Stale {
                    msg: Msg::new("deal-stale")
                        .arg("read", version.unwrap_or_default())
                        .arg("current", d.version),
                    current: Box::new(EnteredDeal::stored(conn, d)?),
                });
            }
        }
        if existing.is_some() && round.is_closed() && reason.trim().is_empty() {
            return Err(OpError::Invalid(Msg::new("deal-correction-reason")));
        }
        let who = actor.name(table.number);
        let next = existing.as_ref().map_or(1, |d| d.version + 1);
        let changes = DealChanges::new(&scored, &who, now(), next, confirmed);
        match &existing {
            Some(d) => Deal::update(conn, d.id, &changes, &scored.scores)?,
            None => {
                let new = NewDeal {
                    table_id: table.id,
                    number,
                    created_at: changes.updated_at,
                    content: changes.clone(),
                };
                Deal::insert(conn, &new, &scored.scores)?;
            }
        }
        if let Some(before) = &existing {
            AuditEntry::write(
                conn,
                &NewAuditEntry {
                    tournament_id: Some(t.id),
                    actor: &who,
                    action: "deal.correct",
                    subject: &format!("round {} table {} deal {}", round.number, table.number, number),
                    before_json: Some(&before.record.to_json().to_string()),
                    after_json: Some(&changes.record_json),
                    reason: reason.trim(),
                    created_at: now(),
                },
            )?;
        }
        if let Some(key) = key {
            Submission::insert(conn, key, table.id, number, next)?;
        }
        publish_deal(conn, t.id, round.number, table.number, number)?;
        Ok(entered(true, next, confirmed))
    })
}

/// Tells the live pages that deal `deal` of a table changed (saved,
/// corrected or confirmed), and so did the standings.
fn publish_deal(conn: &mut AnyConnection, tournament: i32, round: i32, table: i32, deal: i32) -> OpResult<()> {
    let events = [
        Event::Deal { round, table, deal },
        Event::Standings { round: Some(round) },
    ];
    publish(conn, tournament, &events)
}

impl EnteredDeal {
    /// A deal slot as stored (read back: no rules output).
    pub fn stored(conn: &mut AnyConnection, d: &Deal) -> OpResult<EnteredDeal> {
        Ok(EnteredDeal {
            number: d.number,
            deal: d.record.clone(),
            scores: Deal::scores(conn, d.id)?,
            changed: false,
            output: None,
            version: d.version,
            confirmed: d.confirmed,
            replayed: false,
        })
    }
}

/// Who may confirm a deal: a player of it who is neither its taker nor the
/// called partner (anyone who played, when everyone passed).
pub fn may_confirm(deal: &TableDeal, playing: &[i32], player: i32) -> bool {
    playing.contains(&player)
        && deal
            .played()
            .is_none_or(|d| d.taker != player && d.partner != Some(player))
}

/// A defender confirms deal `number` of a table at the version they saw:
/// from then on it counts in the standings. Whether it changed anything:
/// confirming twice does not. A deal changed since is refused as stale, a
/// closed round as closed.
pub fn confirm(
    conn: &mut AnyConnection,
    table: &RoundTable,
    round: &Round,
    number: i32,
    player: i32,
    version: Option<i32>,
) -> OpResult<bool> {
    crate::db::write(conn, |conn| {
        let t = Tournament::find(conn, round.tournament_id)?.ok_or(OpError::NotFound)?;
        let round = Round::locked(conn, round.id, false)?.ok_or(OpError::NotFound)?;
        if round.is_closed() {
            return Err(OpError::Conflict(
                Msg::new("deal-round-closed").arg("round", round.number),
            ));
        }
        let d = Deal::find_for_update(conn, table.id, number)?.ok_or(OpError::NotFound)?;
        if version.is_some_and(|v| v != d.version) {
            return Err(OpError::Stale {
                msg: Msg::new("deal-stale")
                    .arg("read", version.unwrap_or_default())
                    .arg("current", d.version),
                current: Box::new(EnteredDeal::stored(conn, &d)?),
            });
        }
        let players = RoundTable::players(conn, table.id)?;
        let (playing, _) = crate::tournament::table::deal_players(&players, number, t.table5_mode);
        if !may_confirm(&d.record, &playing, player) {
            return Err(OpError::Invalid(Msg::new("deal-confirm-not-defender")));
        }
        if d.confirmed {
            return Ok(false);
        }
        Deal::confirm(conn, d.id, player)?;
        publish_deal(conn, t.id, round.number, table.number, number)?;
        Ok(true)
    })
}
