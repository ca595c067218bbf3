//! A duplicate tournament's results (FORMATS.md, "Duplicate tournaments"):
//! each deal's results at every table of its round, compared seat by seat
//! ([`crate::tournament::duplicate`]), the standings made of them, and who
//! sits a round out when the players are not a multiple of 4.

use std::collections::{BTreeMap, BTreeSet};

use crate::db::models::{Deal, Player, Registration, Round, RoundTable, Tournament};
use crate::db::{AnyConnection, Tx};
use crate::tournament::deal::TableDeal;
use crate::tournament::duplicate::{self, Compared, DealNo, Line, Prepared, SEATS};
use crate::tournament::ids::{PlayerId, RoundNo, TableNo, TournamentId};

use crate::tournament::standings::Standings;

use super::{Msg, OpError, OpResult};

/// One table's result on a deal.
#[derive(Debug, Clone)]
pub struct TableResult {
    /// The table.
    pub table: TableNo,
    /// The stored deal's row id (what the queries of results leave out
    /// while the deal is hidden: [`super::visible`]).
    pub deal_id: i32,
    /// Its players, by seat.
    pub players: [PlayerId; SEATS],
    /// Their names, by seat.
    pub names: [String; SEATS],
    /// Which seats a bot filled (compared, never ranked).
    pub bots: [bool; SEATS],
    /// The deal as stored.
    pub record: TableDeal,
    /// Whether every player passed.
    pub passed: bool,
    /// Each seat's score.
    pub scores: [i64; SEATS],
    /// Each seat's result compared with the other tables'.
    pub compared: [Compared; SEATS],
}

/// A deal of a duplicate tournament: its cards and every table's result.
#[derive(Debug, Clone)]
pub struct DealResults {
    /// The round that plays it.
    pub round: RoundNo,
    /// Its cards.
    pub prepared: Prepared,
    /// The tables that entered it (a voided entry is left out), by table.
    pub results: Vec<TableResult>,
    /// Tables of its round, entered or not.
    pub tables: usize,
}

impl DealResults {
    /// Whether every table of its round has entered it: then its cards and
    /// results may be shown to anyone (the one rule of every output:
    /// [`super::visible`]).
    pub fn complete(&self) -> bool {
        self.tables > 0 && self.results.len() == self.tables
    }
}

/// A table's entry of a deal: the table, its players and their scores by
/// seat, the stored deal.
type Entered = (TableNo, [(PlayerId, String); SEATS], Deal, [i64; SEATS]);

/// The deals of one round, by number, with their results.
fn round_results(
    conn: &mut AnyConnection,
    t: &Tournament,
    round: &Round,
    bots: &BTreeSet<PlayerId>,
) -> OpResult<Vec<DealResults>> {
    let per_round = u32::try_from(t.deals_table4).unwrap_or(0);
    let tables = RoundTable::with_players_of_round(conn, round.id)?;
    let deals = Deal::with_scores_in_round(conn, round.id)?;
    let mut by_k: BTreeMap<i32, Vec<Entered>> = BTreeMap::new();
    for (deal, scores) in deals {
        if !deal.confirmed || deal.void_reason.is_some() {
            continue;
        }
        let Some((table, players)) = tables.iter().find(|(t, _)| t.id == deal.table_id) else {
            continue;
        };
        let Ok(players): Result<[(PlayerId, String); SEATS], _> = players.clone().try_into() else {
            continue;
        };
        let by_seat = players
            .clone()
            .map(|(p, _)| scores.iter().find(|(q, _)| *q == p).map_or(0, |(_, s)| i64::from(*s)));
        by_k.entry(deal.number)
            .or_default()
            .push((table.number, players, deal, by_seat));
    }
    Ok((1..=per_round)
        .map(|k| {
            let number = duplicate::deal_at(round.number, per_round, k);
            let entered = by_k.remove(&(k as i32)).unwrap_or_default();
            let scores: Vec<[i64; SEATS]> = entered.iter().map(|(.., s)| *s).collect();
            let compared = duplicate::compare_deal(&scores);
            let results = entered
                .into_iter()
                .zip(compared)
                .map(|((table, players, deal, scores), compared)| TableResult {
                    table,
                    deal_id: deal.id,
                    names: players.clone().map(|(_, n)| n),
                    bots: players.clone().map(|(p, _)| bots.contains(&p)),
                    players: players.map(|(p, _)| p),
                    passed: deal.passed,
                    record: deal.record,
                    scores,
                    compared,
                })
                .collect();
            DealResults {
                round: round.number,
                prepared: duplicate::prepare(t.deal_secret, number),
                results,
                tables: tables.len(),
            }
        })
        .collect())
}

/// Deal `deal` of tournament `t`, with every table's result; NotFound when
/// the tournament is not duplicate, or its round is not seated yet.
pub fn deal(conn: &mut AnyConnection, t: &Tournament, deal: DealNo) -> OpResult<DealResults> {
    let per_round = u32::try_from(t.deals_table4).unwrap_or(0);
    if t.format != duplicate::Format::Duplicate || deal.0 == 0 || per_round == 0 {
        return Err(OpError::NotFound);
    }
    let number = duplicate::round_of(deal, per_round);
    let round = Round::find(conn, t.id, number)?.ok_or(OpError::NotFound)?;
    let k = (deal.0 - 1) % per_round;
    let bots = bots_of(conn, t)?;
    round_results(conn, t, &round, &bots)?
        .into_iter()
        .nth(k as usize)
        .ok_or(OpError::NotFound)
}

/// Every deal of the rounds seated so far, in order, with their results.
pub fn all_deals(conn: &mut AnyConnection, t: &Tournament) -> OpResult<Vec<DealResults>> {
    if t.format != duplicate::Format::Duplicate {
        return Err(OpError::NotFound);
    }
    let bots = bots_of(conn, t)?;
    let mut out = Vec::new();
    for round in Round::for_tournament(conn, t.id)? {
        out.extend(round_results(conn, t, &round, &bots)?);
    }
    Ok(out)
}

/// The bots that may fill tournament `t`'s seats (none unless it says so).
fn bots_of(conn: &mut AnyConnection, t: &Tournament) -> OpResult<BTreeSet<PlayerId>> {
    if !t.fill_with_bots {
        return Ok(BTreeSet::new());
    }
    Ok(Player::bot_players(conn)?.into_iter().map(|p| p.id).collect())
}

/// A line of a duplicate tournament's standings.
#[derive(Debug, Clone, serde::Serialize)]
pub struct StandingRow {
    /// Place, ties sharing it.
    pub rank: u32,
    /// The player.
    pub player: PlayerId,
    /// Their name.
    pub name: String,
    /// Datum: the total datum; matchpoints: the sum of the scores at the
    /// tables.
    pub total: f64,
    /// Matchpoints: the average percentage over the deals played.
    pub percent: f64,
    /// Deals played (compared).
    pub deals: u32,
}

/// The standings of duplicate tournament `t` from its deals read already:
/// those its audience may see ([`super::visible::Visible::duplicate_deals`]).
pub fn standings_of(conn: &mut AnyConnection, t: &Tournament, all: &[DealResults]) -> OpResult<Vec<StandingRow>> {
    let mut results: BTreeMap<PlayerId, Vec<Compared>> = BTreeMap::new();
    let mut names: BTreeMap<PlayerId, String> = BTreeMap::new();
    let mut scores: BTreeMap<PlayerId, i64> = BTreeMap::new();
    let mut registered = BTreeSet::new();
    for (r, p) in Registration::with_players(conn, t.id)? {
        registered.insert(r.player_id);
        if r.checked_in || r.withdrawn_after.is_some() {
            results.entry(r.player_id).or_default();
            names.insert(r.player_id, p.name);
        }
    }
    for result in all.iter().flat_map(|d| &d.results) {
        // A bot filling a seat is compared, not ranked.
        for (s, player) in result
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| registered.contains(p))
        {
            results.entry(*player).or_default().push(result.compared[s]);
            *scores.entry(*player).or_default() += result.scores[s];
        }
    }
    let lines: Vec<Line> = duplicate::standings(t.comparison, &results);
    Ok(lines
        .into_iter()
        .map(|l| StandingRow {
            rank: l.rank,
            player: l.player,
            name: names.get(&l.player).cloned().unwrap_or_default(),
            total: match t.comparison {
                duplicate::Comparison::Datum => l.total.as_f64(),
                duplicate::Comparison::Matchpoints => scores.get(&l.player).copied().unwrap_or(0) as f64,
            },
            percent: l.percent.as_f64(),
            deals: l.deals,
        })
        .collect())
}

/// Sets apart the players of duplicate tournament `t`'s round `number`
/// left over from its tables of 4: they sit the round out, in turn, or play
/// at a table the bots fill, as the tournament says (`past`: the rounds
/// seated so far). Takes them out of `active`; the table of the bots (its people first, then bots: empty
/// when none is needed) and the ids of the bots.
pub fn set_apart(
    tx: &mut Tx<'_>,
    t: &Tournament,
    number: RoundNo,
    active: &mut Vec<PlayerId>,
    past: &[crate::tournament::seating::Round],
) -> OpResult<(Vec<PlayerId>, BTreeSet<PlayerId>)> {
    let bots = if t.fill_with_bots {
        Player::bots(tx)?
    } else {
        Vec::new()
    };
    let bot_ids: BTreeSet<PlayerId> = bots.iter().map(|b| b.id).collect();
    let out = left_over(tx, t.id, number, active, past, &bot_ids)?;
    active.retain(|p| !out.contains(p));
    if active.len() < 4 {
        return Err(OpError::Conflict(
            Msg::new("round-too-few-duplicate").arg("count", active.len()),
        ));
    }
    let mut with_bots = Vec::new();
    if t.fill_with_bots && !out.is_empty() {
        with_bots = out;
        let missing = 4 - with_bots.len();
        with_bots.extend(bots.iter().take(missing).map(|b| b.id));
    }
    Ok((with_bots, bot_ids))
}

/// Who is left over in round `number` among the `active` players of
/// duplicate tournament `t` (tables of 4 only): those who have been left
/// over least so far. They sit the round out, or play at the table the
/// bots fill (`bots`: the bots' ids), as the tournament says; either way
/// nobody twice before everyone once.
pub fn left_over(
    conn: &mut AnyConnection,
    id: TournamentId,
    number: RoundNo,
    active: &[PlayerId],
    history: &[crate::tournament::seating::Round],
    bots: &BTreeSet<PlayerId>,
) -> OpResult<Vec<PlayerId>> {
    let registrations = Registration::with_players(conn, id)?;
    let mut times: BTreeMap<PlayerId, u32> = BTreeMap::new();
    for (i, tables) in history.iter().enumerate() {
        let round = RoundNo::new(i as i32 + 1);
        if round >= number {
            break;
        }
        let seated: BTreeSet<PlayerId> = tables
            .iter()
            .filter(|t| !t.iter().any(|p| bots.contains(p)))
            .flatten()
            .copied()
            .collect();
        for (r, _) in &registrations {
            if r.plays(round) && !seated.contains(&r.player_id) {
                *times.entry(r.player_id).or_default() += 1;
            }
        }
    }
    Ok(duplicate::sitting_out(active, &times))
}

/// The standings' lines in the order and places of a duplicate
/// tournament's `rows` (line `i` is row `i`'s player), so that every view
/// of them (pages, projector, "find my name") ranks as the comparison does.
pub fn in_duplicate_order(standings: &mut Standings, rows: &[StandingRow]) {
    let mut lines: std::collections::HashMap<_, _> = std::mem::take(&mut standings.lines)
        .into_iter()
        .map(|l| (l.player, l))
        .collect();
    for row in rows {
        if let Some(mut line) = lines.remove(&row.player) {
            line.rank = row.rank;
            standings.lines.push(line);
        }
    }
    // Anyone the comparison does not know of (none, as the rows are made).
    let mut rest: Vec<_> = lines.into_values().collect();
    rest.sort_by(|a, b| a.name.cmp(&b.name));
    standings.lines.extend(rest);
}
