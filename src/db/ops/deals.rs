//! Entering a table's deals: a [`TableDeal`] (players by id) checked at its
//! table and scored by the rules core only, stored once, corrected with an
//! audit trail.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::db::models::{
    AuditEntry, Deal, DealChanges, NewAuditEntry, NewDeal, Round, RoundTable, Submission, Tournament,
};
use crate::db::{now, AnyConnection, Tx};
use crate::tarot::ScoreOutput;
use crate::tournament::deal::{DealError, ScoredDeal, TableDeal};
use crate::tournament::ids::{PlayerId, RoundNo, TableNo, TournamentId};

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
    fn name(&self, table: TableNo) -> String {
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

/// The refusal of a deal, as a message the pages translate.
pub fn deal_msg(e: &DealError) -> OpError {
    let mut msg = Msg::owned(e.key());
    msg.args.extend(e.args());
    OpError::Invalid(msg)
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
    use diesel::result::{DatabaseErrorKind, Error};
    let once = |tx: &mut Tx<'_>| -> OpResult<EnteredDeal> {
        let mut answers = tx.savepoint(|tx| enter_all(tx, std::slice::from_ref(entry)))?;
        answers.pop().expect("one answer per entry")
    };
    match once(tx) {
        // Two first entries of one slot at once (PostgreSQL): the other one
        // committed first (its row is visible to the next statement, read
        // committed). Once more, the slot is seen filled, so the same deal
        // is a no-op and a different one a correction.
        Err(OpError::Db(Error::DatabaseError(DatabaseErrorKind::UniqueViolation, _))) => once(tx),
        r => r,
    }
}

/// A deal slot as this unit of work knows it: read at its start, then as
/// its entries change it.
struct Slot {
    /// Its row; `None` for a new deal, inserted with the group's writes.
    id: Option<i32>,
    record: TableDeal,
    version: i32,
    confirmed: bool,
    /// Its scores once an entry of this unit rewrote them (not yet stored).
    scores: Option<Vec<(PlayerId, i32)>>,
}

impl Slot {
    fn read(d: &Deal) -> Slot {
        Slot {
            id: Some(d.id),
            record: d.record.clone(),
            version: d.version,
            confirmed: d.confirmed,
            scores: None,
        }
    }

    /// The slot as an answer (no rules output): its scores from this unit
    /// of work, or as stored.
    fn stored(&self, conn: &mut AnyConnection, number: i32) -> OpResult<EnteredDeal> {
        let scores = match (&self.scores, self.id) {
            (Some(s), _) => s.clone(),
            (None, Some(id)) => Deal::scores(conn, id)?,
            // A new deal has the scores of its entry.
            (None, None) => Vec::new(),
        };
        Ok(EnteredDeal {
            number,
            deal: self.record.clone(),
            scores,
            changed: false,
            output: None,
            version: self.version,
            confirmed: self.confirmed,
            replayed: false,
        })
    }
}

/// What entries read before any of them is decided, one query each
/// whatever their number: their tournaments, their rounds (locked: a round
/// cannot close under them), their tables' deals (locked) and seats, and
/// the submissions of their keys.
struct Context {
    tournaments: HashMap<TournamentId, Tournament>,
    rounds: HashMap<i32, Round>,
    slots: HashMap<(i32, i32), Slot>,
    seats: HashMap<i32, Vec<PlayerId>>,
    submissions: HashMap<String, Submission>,
}

impl Context {
    fn read(conn: &mut AnyConnection, entries: &[Entry<'_>]) -> OpResult<Context> {
        let distinct = |ids: Vec<i32>| ids.into_iter().collect::<BTreeSet<i32>>();
        let mut tournaments = HashMap::new();
        let ids: BTreeSet<TournamentId> = entries.iter().map(|e| e.round.tournament_id).collect();
        for id in ids {
            if let Some(t) = Tournament::find(conn, id)? {
                tournaments.insert(id, t);
            }
        }
        // Re-read the rounds inside the transaction, locked so that they
        // cannot close under us: one may have closed since.
        let mut rounds = HashMap::new();
        for id in distinct(entries.iter().map(|e| e.round.id).collect()) {
            if let Some(r) = Round::locked(conn, id, false)? {
                rounds.insert(id, r);
            }
        }
        let tables: Vec<i32> = distinct(entries.iter().map(|e| e.table.id).collect())
            .into_iter()
            .collect();
        let slots = Deal::of_tables_for_update(conn, &tables)?
            .iter()
            .map(|d| ((d.table_id, d.number), Slot::read(d)))
            .collect();
        let mut seats: HashMap<i32, Vec<PlayerId>> = HashMap::new();
        for (table, player, _) in RoundTable::players_of_tables(conn, &tables)? {
            seats.entry(table).or_default().push(player);
        }
        let keys: Vec<&str> = entries.iter().filter_map(|e| e.key).collect();
        let submissions = if keys.is_empty() {
            HashMap::new()
        } else {
            Submission::find_all(conn, &keys)?
                .into_iter()
                .map(|s| (s.key.clone(), s))
                .collect()
        };
        Ok(Context {
            tournaments,
            rounds,
            slots,
            seats,
            submissions,
        })
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

/// A deal corrected by an entry: its audit entry, written with the group's.
struct Correction {
    tournament: TournamentId,
    /// Who corrected it.
    actor: String,
    /// "round r table t deal k".
    subject: String,
    /// The deal before and after, as JSON.
    before: String,
    after: String,
    /// Why (required once the round is closed).
    reason: String,
}

/// What the entries of one unit of work write once all are decided, each
/// kind in one statement.
#[derive(Default)]
struct Writes {
    /// New deals (by slot), with their last content.
    inserted: BTreeMap<(i32, i32), NewDeal>,
    /// Slots written, in order.
    rescored: Vec<(i32, i32)>,
    /// The new content of slots that held a deal before (their last one).
    updated: HashMap<(i32, i32), (i32, DealChanges)>,
    audit: Vec<Correction>,
    submissions: Vec<Submission>,
    /// Deal events by tournament, then the rounds whose standings changed.
    events: BTreeMap<TournamentId, (Vec<Event>, BTreeSet<RoundNo>)>,
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
        out.push(match decide(tx, &mut cx, &mut writes, entry) {
            Err(OpError::Db(e)) => return Err(OpError::Db(e)),
            answer => answer,
        });
    }
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
    let at = now();
    let audit: Vec<NewAuditEntry> = writes
        .audit
        .iter()
        .map(|c| NewAuditEntry {
            tournament_id: Some(c.tournament),
            actor: &c.actor,
            action: "deal.correct",
            subject: &c.subject,
            before_json: Some(&c.before),
            after_json: Some(&c.after),
            reason: &c.reason,
            created_at: at,
        })
        .collect();
    AuditEntry::write_all(tx, &audit)?;
    Submission::insert_all(tx, &writes.submissions)?;
    for (tournament, (mut events, rounds)) in writes.events {
        events.extend(rounds.into_iter().map(|r| Event::Standings { round: Some(r) }));
        publish(tx, tournament, &events)?;
    }
    Ok(out)
}

/// Decides one entry of [`enter_all`] against what the unit of work knows
/// so far, and records what it writes in `writes`.
fn decide(tx: &mut Tx<'_>, cx: &mut Context, writes: &mut Writes, entry: &Entry<'_>) -> OpResult<EnteredDeal> {
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
    let t = cx.tournaments.get(&round.tournament_id).ok_or(OpError::NotFound)?;
    if number < 1 || number > table.deal_count {
        return Err(OpError::Invalid(
            Msg::new("deal-number-range").arg("max", table.deal_count),
        ));
    }
    let round = cx.rounds.get(&round.id).ok_or(OpError::NotFound)?;
    if round.is_closed() && matches!(actor, Actor::Table) {
        return Err(OpError::Conflict(
            Msg::new("deal-round-closed").arg("round", round.number),
        ));
    }
    let slot_key = (table.id, number);
    // A key already used never writes again. Without a version (an API
    // retry) the answer is the slot as stored; with the version the form
    // was opened at, a different content is a change from a stale page
    // (the key's own write made the slot newer) and is refused as such.
    let mut key_used = false;
    if let Some(key) = key {
        if let Some(done) = cx.submissions.get(key) {
            if (done.table_id, done.number) != slot_key {
                return Err(OpError::Invalid(Msg::new("deal-key-reused")));
            }
            key_used = true;
            if let (Some(slot), None) = (cx.slots.get(&slot_key), version) {
                let mut stored = slot.stored(tx, number)?;
                stored.replayed = true;
                return Ok(stored);
            }
        }
    }
    let key = key.filter(|_| !key_used);
    let players = cx.seats.get(&table.id).map(Vec::as_slice).unwrap_or_default();
    let scored = score_at(t, players, number, deal)?;
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
    let submitted = |version| {
        key.map(|key| Submission {
            key: key.to_owned(),
            table_id: table.id,
            number,
            version,
        })
    };
    let existing = cx.slots.get(&slot_key);
    if let Some(slot) = existing {
        if slot.record == scored.deal {
            spend(&mut cx.submissions, writes, submitted(slot.version));
            return Ok(entered(false, slot.version, slot.confirmed));
        }
        if version.is_some_and(|v| v != slot.version) {
            return Err(OpError::Stale {
                msg: Msg::new("deal-stale")
                    .arg("read", version.unwrap_or_default())
                    .arg("current", slot.version),
                current: Box::new(slot.stored(tx, number)?),
            });
        }
    }
    if existing.is_some() && round.is_closed() && reason.trim().is_empty() {
        return Err(OpError::Invalid(Msg::new("deal-correction-reason")));
    }
    let who = actor.name(table.number);
    let next = existing.map_or(1, |s| s.version + 1);
    let changes = DealChanges::new(&scored, &who, now(), next, confirmed);
    let id = match existing {
        Some(slot) => {
            match slot.id {
                Some(id) => {
                    writes.updated.insert(slot_key, (id, changes.clone()));
                }
                // Entered earlier in this group: inserted as it is last.
                None => {
                    if let Some(new) = writes.inserted.get_mut(&slot_key) {
                        new.content = changes.clone();
                    }
                }
            }
            writes.audit.push(Correction {
                tournament: t.id,
                actor: who,
                subject: format!("round {} table {} deal {}", round.number, table.number, number),
                before: slot.record.to_json().to_string(),
                after: changes.record_json.clone(),
                reason: reason.trim().to_owned(),
            });
            slot.id
        }
        None => {
            writes.inserted.insert(
                slot_key,
                NewDeal {
                    table_id: table.id,
                    number,
                    created_at: changes.updated_at,
                    content: changes,
                },
            );
            None
        }
    };
    if !writes.rescored.contains(&slot_key) {
        writes.rescored.push(slot_key);
    }
    cx.slots.insert(
        slot_key,
        Slot {
            id,
            record: scored.deal.clone(),
            version: next,
            confirmed,
            scores: Some(scored.scores.clone()),
        },
    );
    spend(&mut cx.submissions, writes, submitted(next));
    let (events, rounds) = writes.events.entry(t.id).or_default();
    events.push(Event::Deal {
        round: round.number,
        table: table.number,
        deal: number,
    });
    rounds.insert(round.number);
    Ok(entered(true, next, confirmed))
}

/// Records a key as spent by its entry: stored with the group, and seen
/// by the entries after it.
fn spend(seen: &mut HashMap<String, Submission>, writes: &mut Writes, done: Option<Submission>) {
    if let Some(s) = done {
        writes.submissions.push(s.clone());
        seen.insert(s.key.clone(), s);
    }
}

/// Tells the live pages that deal `deal` of a table changed (saved,
/// corrected or confirmed), and so did the standings.
fn publish_deal(
    tx: &mut Tx<'_>,
    tournament: TournamentId,
    round: RoundNo,
    table: TableNo,
    deal: i32,
) -> diesel::QueryResult<()> {
    let events = [
        Event::Deal { round, table, deal },
        Event::Standings { round: Some(round) },
    ];
    publish(tx, tournament, &events)
}

impl EnteredDeal {
    /// A deal slot as stored (read back: no rules output).
    pub fn stored(conn: &mut AnyConnection, d: &Deal) -> OpResult<EnteredDeal> {
        Slot::read(d).stored(conn, d.number)
    }
}

/// Who may confirm a deal: a player of it who is neither its taker nor the
/// called partner (anyone who played, when everyone passed).
pub fn may_confirm(deal: &TableDeal, playing: &[PlayerId], player: PlayerId) -> bool {
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
    tx: &mut Tx<'_>,
    table: &RoundTable,
    round: &Round,
    number: i32,
    player: PlayerId,
    version: Option<i32>,
) -> OpResult<bool> {
    let t = Tournament::find(tx, round.tournament_id)?.ok_or(OpError::NotFound)?;
    let round = Round::locked(tx, round.id, false)?.ok_or(OpError::NotFound)?;
    if round.is_closed() {
        return Err(OpError::Conflict(
            Msg::new("deal-round-closed").arg("round", round.number),
        ));
    }
    let d = Deal::find_for_update(tx, table.id, number)?.ok_or(OpError::NotFound)?;
    if version.is_some_and(|v| v != d.version) {
        return Err(OpError::Stale {
            msg: Msg::new("deal-stale")
                .arg("read", version.unwrap_or_default())
                .arg("current", d.version),
            current: Box::new(EnteredDeal::stored(tx, &d)?),
        });
    }
    let players = RoundTable::players(tx, table.id)?;
    let (playing, _) = crate::tournament::table::deal_players(&players, number, t.table5_mode);
    if !may_confirm(&d.record, &playing, player) {
        return Err(OpError::Invalid(Msg::new("deal-confirm-not-defender")));
    }
    if d.confirmed {
        return Ok(false);
    }
    Deal::confirm(tx, d.id, player)?;
    publish_deal(tx, t.id, round.number, table.number, number)?;
    Ok(true)
}
