//! Starting a round (seating every present player) and closing it.

use std::collections::{BTreeSet, HashMap};

use diesel::prelude::*;
use serde::Serialize;

use crate::db::models::{AuditEntry, Award, Deal, NewAuditEntry, Registration, Round, RoundTable, Tournament};
use crate::db::{now, AnyConnection, Tx};
use crate::secrets::new_token;
use crate::tournament::clock::{rfc3339, RoundLength};
use crate::tournament::duplicate::{self, DealNo, Format};
use crate::tournament::ids::{PlayerId, RoundNo, TableNo, TournamentId};
use crate::tournament::seating::{self, SeatingError};

use super::events::{publish, Event, RoundState};
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
    /// The games dealt as the round started (the table bots fill in a
    /// duplicate round), whose bots the caller sets going.
    #[serde(skip)]
    pub games: Vec<i32>,
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

pub(super) fn seating_error(e: SeatingError) -> OpError {
    OpError::Conflict(Msg::new("round-seating-impossible").arg("reason", e))
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

/// Every seated round of a tournament: tables of player ids in seat order.
pub fn history(conn: &mut AnyConnection, tournament_id: TournamentId) -> QueryResult<Vec<seating::Round>> {
    // (round number, [(table id, players)]).
    type Tables = Vec<(i32, Vec<PlayerId>)>;
    let mut rounds: Vec<(RoundNo, Tables)> = Vec::new();
    for (round, table_id, player) in RoundTable::seats_of_tournament(conn, tournament_id)? {
        if rounds.last().is_none_or(|(r, _)| *r != round) {
            rounds.push((round, Vec::new()));
        }
        let tables = &mut rounds.last_mut().expect("pushed above").1;
        match tables.last_mut() {
            Some((t, ps)) if *t == table_id => ps.push(player),
            _ => tables.push((table_id, vec![player])),
        }
    }
    Ok(rounds
        .into_iter()
        .map(|(_, tables)| tables.into_iter().map(|(_, ps)| ps).collect())
        .collect())
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

/// Current totals of the players, for Swiss seating.
pub(super) fn totals(conn: &mut AnyConnection, tournament_id: TournamentId) -> QueryResult<HashMap<PlayerId, i64>> {
    let mut out = HashMap::new();
    for line in Deal::score_lines(conn, tournament_id)? {
        *out.entry(line.player_id).or_insert(0i64) += i64::from(line.score);
    }
    for (_, _, player, points) in Award::lines(conn, tournament_id)? {
        *out.entry(player).or_insert(0i64) += i64::from(points);
    }
    Ok(out)
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

/// [`start_next`], the round lasting as `timing` says.
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
    let rounds = Round::for_tournament(tx, tournament_id)?;
    let number = rounds.last().map(|r| r.number).unwrap_or_default() + 1;
    if let Some(e) = expected.filter(|e| *e < number) {
        return seated_round(tx, tournament_id, e);
    }
    if let Some(previous) = rounds.last().filter(|r| !r.is_closed()) {
        if !close_previous {
            return Err(OpError::Conflict(
                Msg::new("round-previous-open").arg("round", previous.number),
            ));
        }
        close(tx, tournament_id, previous.number, true, actor)?;
    }
    if number.get() > t.rounds_planned {
        return Err(OpError::Conflict(
            Msg::new("round-all-played").arg("rounds", t.rounds_planned),
        ));
    }
    let mut active = active_players(tx, tournament_id, number)?;
    // A duplicate round: tables of 4 only, the players left over apart.
    let (with_bots, bot_ids) = match t.format {
        Format::Duplicate => {
            let past = history(tx, tournament_id)?;
            super::duplicate::set_apart(tx, &t, number, &mut active, &past)?
        }
        Format::Libres => (Vec::new(), BTreeSet::new()),
    };
    if active.len() < 3 {
        return Err(OpError::Conflict(
            Msg::new("round-too-few-players").arg("count", active.len()),
        ));
    }
    let (mut tables, left_out) = super::round_seating::seat(tx, &t, number, &active)?;
    if !with_bots.is_empty() {
        tables.push(with_bots);
    }
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
    let mut games = Vec::new();
    for (i, players) in tables.iter().enumerate() {
        let token = new_token("")[..32].to_owned();
        let number = TableNo(i as i32 + 1);
        let table = RoundTable::create(tx, round.id, number, &token, deals_for(&t, players.len()), players)?;
        // A table with bots can only be played on the devices.
        if players.iter().any(|p| bot_ids.contains(p)) {
            games.push(super::games::make_digital(tx, &table, actor)?);
        }
    }
    AuditEntry::write(tx, &NewAuditEntry::round_started(tournament_id, actor, number, &tables))?;
    if !left_out.is_empty() {
        // Said on the audit log: players the rooms could not keep.
        AuditEntry::write(
            tx,
            &NewAuditEntry::rooms_left_out(tournament_id, actor, number, &left_out),
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
    Ok(SeatedRound {
        games,
        ..seated_round(tx, tournament_id, number)?
    })
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
        games: Vec::new(),
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
