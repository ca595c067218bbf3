//! Starting a round (seating every present player) and closing it.

use std::collections::BTreeSet;

use diesel::prelude::*;
use serde::Serialize;

use crate::db::models::{AuditEntry, Deal, NewAuditEntry, Registration, Round, RoundTable, Tournament};
use crate::db::{now, AnyConnection, Tx};
use crate::secrets::new_token;
use crate::tournament::clock::{rfc3339, RoundLength};
use crate::tournament::duplicate::{self, DealNo, Format};
use crate::tournament::ids::{PlayerId, RoundNo, TableNo, TournamentId};
use crate::tournament::seating;

use super::events::{publish, Event, RoundState};
use super::round_seating::{history, seat};
use super::{tournaments, Msg, OpError, OpResult};

/// A seated table, as the API and pages show it.
#[derive(Debug, Clone, Serialize)]
pub struct SeatedTable {
    /// Table number.
    pub table: TableNo,
    /// Tablet token.
    pub token: String,
    /// Players in seat order.
    pub players: Vec<PlayerId>,
    /// A duplicate round: the tournament's numbers of the table's deals
    /// (its deal `k` is `deals[k-1]`); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deals: Option<Vec<DealNo>>,
}

/// The numbers of the deals a table of round `round` plays, in a duplicate
/// tournament.
pub fn duplicate_deals(t: &Tournament, round: RoundNo) -> Option<Vec<DealNo>> {
    (t.format == Format::Duplicate).then(|| duplicate::deals_of_round(round, t.deals_table4.max(0) as u32))
}

/// A seated round.
#[derive(Debug, Clone, Serialize)]
pub struct SeatedRound {
    /// Round number.
    pub round: RoundNo,
    /// When a timed round's bell rings (RFC 3339, UTC); absent when not timed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ends_at: Option<String>,
    /// Its tables.
    pub tables: Vec<SeatedTable>,
}

/// How long the round being started lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Timing {
    /// As the tournament's setting says.
    #[default]
    Setting,
    /// Not timed, whatever the setting.
    Untimed,
    /// This long.
    For(RoundLength),
}

/// The players who play round `number`, sorted by id.
pub fn active_players(
    conn: &mut AnyConnection,
    tournament_id: TournamentId,
    number: RoundNo,
) -> QueryResult<Vec<PlayerId>> {
    let mut ids: Vec<PlayerId> = Registration::with_players(conn, tournament_id)?
        .into_iter()
        .filter(|(r, _)| r.plays(number))
        .map(|(r, _)| r.player_id)
        .collect();
    ids.sort_unstable();
    Ok(ids)
}

/// The deals a table of `size` players plays in tournament `t`.
pub(super) fn deals_for(t: &Tournament, size: usize) -> i32 {
    if t.format == Format::Duplicate {
        return t.deals_table4;
    }
    match size {
        3 => t.deals_table3,
        5 => t.deals_table5,
        _ => t.deals_table4,
    }
}

/// Seats the next round of a tournament. `expected` (the round number the
/// organizer saw as next) makes a double tap harmless: if that round already
/// exists it is returned as it is. The previous round must be closed first,
/// unless `close_previous` (the organizer forces its close, missing deals and
/// all). The round is timed as the tournament's setting says.
pub fn start_next(
    tx: &mut Tx<'_>,
    tournament_id: TournamentId,
    expected: Option<RoundNo>,
    close_previous: bool,
    actor: &str,
) -> OpResult<SeatedRound> {
    start_timed(tx, tournament_id, expected, close_previous, Timing::Setting, actor)
}

/// [`start_next`], the round lasting as `timing` says: the round to start
/// (or the one a double tap already started), its tables, the round and
/// its tables stored, what the audit log and the live pages are told.
pub fn start_timed(
    tx: &mut Tx<'_>,
    tournament_id: TournamentId,
    expected: Option<RoundNo>,
    close_previous: bool,
    timing: Timing,
    actor: &str,
) -> OpResult<SeatedRound> {
    Tournament::lock(tx, tournament_id)?;
    let t = tournaments::get(tx, tournament_id)?;
    let number = match round_to_start(tx, &t, expected, close_previous, actor)? {
        ToStart::Started(n) => return seated_round(tx, tournament_id, n),
        ToStart::Next(n) => n,
    };
    let Tables { tables, left_out, bots } = tables_of(tx, &t, number)?;
    let length = match timing {
        Timing::Setting => t.round_length,
        Timing::Untimed => None,
        Timing::For(l) => Some(l),
    };
    let started_at = now();
    let ends_at = length.map(|l| l.end_from(started_at));
    let round = Round::create(tx, tournament_id, number, started_at, ends_at).map_err(|e| match e {
        diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _) => {
            OpError::Conflict(Msg::new("round-started-twice"))
        }
        e => OpError::Db(e),
    })?;
    for (i, players) in tables.iter().enumerate() {
        let token = new_token("")[..32].to_owned();
        let number = TableNo::new(i as i32 + 1);
        let table = RoundTable::create(tx, round.id, number, &token, deals_for(&t, players.len()), players)?;
        // A table with bots can only be played on the devices.
        if players.iter().any(|p| bots.contains(p)) {
            super::games::make_digital(tx, &table, actor)?;
        }
    }
    record_start(tx, tournament_id, number, (&tables, &left_out), ends_at, actor)?;
    seated_round(tx, tournament_id, number)
}

/// Which round [`start_timed`] starts.
enum ToStart {
    /// This one, after the last (closed now if the organizer forced it).
    Next(RoundNo),
    /// None: the organizer's `expected` round is already there (a double tap).
    Started(RoundNo),
}

/// The round to start after the tournament's last: the previous one must
/// be closed (or `close_previous`: closed now, missing deals and all), and
/// the rounds planned not all played.
fn round_to_start(
    tx: &mut Tx<'_>,
    t: &Tournament,
    expected: Option<RoundNo>,
    close_previous: bool,
    actor: &str,
) -> OpResult<ToStart> {
    let rounds = Round::for_tournament(tx, t.id)?;
    let number = rounds.last().map(|r| r.number).unwrap_or_default() + 1;
    if let Some(e) = expected.filter(|e| *e < number) {
        return Ok(ToStart::Started(e));
    }
    if let Some(previous) = rounds.last().filter(|r| !r.is_closed()) {
        if !close_previous {
            return Err(OpError::Conflict(
                Msg::new("round-previous-open").arg("round", previous.number),
            ));
        }
        close(tx, t.id, previous.number, true, actor)?;
    }
    if number.get() > t.rounds_planned {
        return Err(OpError::Conflict(
            Msg::new("round-all-played").arg("rounds", t.rounds_planned),
        ));
    }
    Ok(ToStart::Next(number))
}

/// A new round's tables (player ids in seat order), the players the rooms
/// could not keep, and the duplicate round's robots.
struct Tables {
    tables: seating::Round,
    left_out: Vec<PlayerId>,
    bots: BTreeSet<PlayerId>,
}

/// The tables of round `number`: its players seated (a duplicate round in
/// tables of 4, those left over apart at a table with robots).
fn tables_of(tx: &mut Tx<'_>, t: &Tournament, number: RoundNo) -> OpResult<Tables> {
    let mut active = active_players(tx, t.id, number)?;
    // A duplicate round: tables of 4 only, the players left over apart.
    let (with_bots, bots) = match t.format {
        Format::Duplicate => {
            let past = history(tx, t.id)?;
            super::duplicate::set_apart(tx, t, number, &mut active, &past)?
        }
        Format::Libres => (Vec::new(), BTreeSet::new()),
    };
    if active.len() < 3 {
        return Err(OpError::Conflict(
            Msg::new("round-too-few-players").arg("count", active.len()),
        ));
    }
    let (mut tables, left_out) = seat(tx, t, number, &active)?;
    if !with_bots.is_empty() {
        tables.push(with_bots);
    }
    Ok(Tables { tables, left_out, bots })
}

/// What a started round tells: the audit log its tables (and the players
/// the rooms could not keep), the live pages that it started (and when its
/// bell rings).
fn record_start(
    tx: &mut Tx<'_>,
    tournament_id: TournamentId,
    number: RoundNo,
    (tables, left_out): (&seating::Round, &[PlayerId]),
    ends_at: Option<chrono::NaiveDateTime>,
    actor: &str,
) -> OpResult<()> {
    AuditEntry::write(tx, &NewAuditEntry::round_started(tournament_id, actor, number, tables))?;
    if !left_out.is_empty() {
        // Said on the audit log: players the rooms could not keep.
        AuditEntry::write(
            tx,
            &NewAuditEntry::rooms_left_out(tournament_id, actor, number, left_out),
        )?;
    }
    let started = Event::Round {
        round: number,
        state: RoundState::Started,
    };
    publish(tx, tournament_id, &[started])?;
    if let Some(ends_at) = ends_at {
        publish(tx, tournament_id, &[Event::Clock { round: number, ends_at }])?;
    }
    Ok(())
}

/// Round `number` as seated.
pub fn seated_round(conn: &mut AnyConnection, tournament_id: TournamentId, number: RoundNo) -> OpResult<SeatedRound> {
    let round = Round::find(conn, tournament_id, number)?.ok_or(OpError::NotFound)?;
    let deals = duplicate_deals(&tournaments::get(conn, tournament_id)?, number);
    let tables = RoundTable::with_players_of_round(conn, round.id)?
        .into_iter()
        .map(|(table, players)| SeatedTable {
            table: table.number,
            players: players.into_iter().map(|(id, _)| id).collect(),
            token: table.token,
            deals: deals.clone(),
        })
        .collect();
    Ok(SeatedRound {
        round: number,
        ends_at: round.ends_at.map(rfc3339),
        tables,
    })
}

/// Tables of a round whose deals are not all entered: (table number, missing deal numbers).
pub fn missing_deals(conn: &mut AnyConnection, round_id: i32) -> QueryResult<Vec<(TableNo, Vec<i32>)>> {
    let tables = RoundTable::for_round(conn, round_id)?;
    let entered = Deal::entered_in_round(conn, round_id)?;
    Ok(missing_of(&tables, &entered))
}

/// The missing deals of `tables`, given the (table id, number) entered.
pub fn missing_of(tables: &[RoundTable], entered: &[(i32, i32)]) -> Vec<(TableNo, Vec<i32>)> {
    let entered: BTreeSet<(i32, i32)> = entered.iter().copied().collect();
    tables
        .iter()
        .filter_map(|table| {
            let missing: Vec<i32> = (1..=table.deal_count)
                .filter(|k| !entered.contains(&(table.id, *k)))
                .collect();
            (!missing.is_empty()).then_some((table.number, missing))
        })
        .collect()
}

/// Closes a round: its deals become final (organizer corrections aside).
/// Refused while deals are missing, unless `force`. Closing a closed round
/// changes nothing.
pub fn close(tx: &mut Tx<'_>, tournament_id: TournamentId, number: RoundNo, force: bool, actor: &str) -> OpResult<()> {
    let round = Round::find(tx, tournament_id, number)?.ok_or(OpError::NotFound)?;
    // Read again under the lock: another close may have committed meanwhile.
    let round = Round::locked(tx, round.id, true)?.ok_or(OpError::NotFound)?;
    if round.is_closed() {
        return Ok(());
    }
    let missing = missing_deals(tx, round.id)?;
    if !missing.is_empty() && !force {
        let list = missing
            .iter()
            .map(|(t, _)| t.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        return Err(OpError::Conflict(Msg::new("round-deals-missing").arg("tables", list)));
    }
    Round::close(tx, round.id, now())?;
    let entry = if missing.is_empty() {
        NewAuditEntry::round_closed(tournament_id, actor, number)
    } else {
        NewAuditEntry::round_force_closed(tournament_id, actor, number, &missing)
    };
    AuditEntry::write(tx, &entry)?;
    let closed = Event::Round {
        round: number,
        state: RoundState::Closed,
    };
    publish(tx, tournament_id, &[closed])?;
    Ok(())
}
