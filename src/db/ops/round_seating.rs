//! Who sits where in a new round: the plan made at round 1 or a seating of
//! the round alone, then the rooms; and what the seating reads (the rounds
//! seated so far, the totals for Swiss rounds).

use std::collections::{BTreeSet, HashMap};

use diesel::prelude::*;

use crate::db::models::{room, Award, Deal, RoundTable, SeatingConstraint, Teams, Tournament};
use crate::db::{AnyConnection, Tx};
use crate::tournament::duplicate::Format;
use crate::tournament::ids::{PlayerId, RoundNo, TournamentId};
use crate::tournament::rooms::keep_in_rooms;
use crate::tournament::seating::{self, PlanOptions, RoundRequest, SeatingError};
use crate::tournament::table::{constraint_lists, kept_in_rooms, Constraint, ConstraintLists, StoredPlan};

use super::{Msg, OpError, OpResult};

/// The tables of round `number` for the `active` players: the plan made at
/// round 1 while nothing changed (made now at round 1), else a seating of
/// this round alone (by totals from the Swiss round on); then whole tables
/// trade places so that the players kept in a room sit in it (those it
/// could not keep are returned beside the tables).
pub(super) fn seat(
    tx: &mut Tx<'_>,
    t: &Tournament,
    number: RoundNo,
    active: &[PlayerId],
) -> OpResult<(seating::Round, Vec<PlayerId>)> {
    let active_set: BTreeSet<PlayerId> = active.iter().copied().collect();
    let constraints = SeatingConstraint::for_tournament(tx, t.id)?
        .iter()
        .map(SeatingConstraint::constraint)
        .collect::<QueryResult<Vec<Constraint>>>()?;
    let mut lists = constraint_lists(&constraints, &active_set);
    // A team event: team-mates never at one table.
    let mates = crate::tournament::teams::apart_pairs(&Teams::of(tx, t.id)?);
    lists.0.extend(
        mates
            .into_iter()
            .filter(|(a, b)| active_set.contains(a) && active_set.contains(b)),
    );
    let fixed: BTreeSet<PlayerId> = lists.1.iter().map(|(p, _)| *p).collect();
    let mut tables = seat_alone(tx, t, number, active, lists)?;
    let kept = kept_in_rooms(&constraints, &active_set);
    if kept.is_empty() {
        return Ok((tables, Vec::new()));
    }
    let layout = room::layout(tx, t.id)?;
    let left_out = keep_in_rooms(&layout, &mut tables, &kept, &fixed);
    Ok((tables, left_out))
}

/// The tables of round `number` before the rooms (see [`seat`]).
fn seat_alone(
    tx: &mut Tx<'_>,
    t: &Tournament,
    number: RoundNo,
    active: &[PlayerId],
    lists: ConstraintLists,
) -> OpResult<seating::Round> {
    let fingerprint = StoredPlan::fingerprint(&lists, t.extra_fives);
    let (avoid, fixed) = lists;
    let past = history(tx, t.id)?;
    let seed = t.seed as u64;
    let swiss_now = t.swiss_from_round.is_some_and(|s| number >= s);
    // A duplicate round seats whoever does not sit out, in tables of 4 (no
    // plan: who sits out changes from round to round).
    let duplicate = t.format == Format::Duplicate;
    let extra_fives = if duplicate { 0 } else { t.extra_fives as usize };

    // Follow the plan made at round 1 while nothing changed.
    let mut plan = t.plan.clone();
    if number == RoundNo::new(1) && !swiss_now && !duplicate {
        let opts = PlanOptions {
            extra_fives,
            avoid_pairs: avoid.clone(),
            fixed_table: fixed.clone(),
            ..PlanOptions::default()
        };
        let planned = seating::plan(active, t.rounds_planned as usize, &opts, seed).map_err(seating_error)?;
        let stored = StoredPlan {
            players: active.to_vec(),
            constraints: fingerprint.clone(),
            rounds: planned,
        };
        Tournament::set_plan(tx, t.id, &stored)?;
        plan = Some(stored);
    }
    let from_plan = plan
        .filter(|_| !swiss_now && !duplicate)
        .and_then(|p| p.round_to_follow(active, &fingerprint, &past, number.get() as usize));
    if let Some(tables) = from_plan {
        return Ok(tables);
    }
    let swiss = if swiss_now {
        let tot = totals(tx, t.id)?;
        Some(active.iter().map(|p| (*p, tot.get(p).copied().unwrap_or(0))).collect())
    } else {
        None
    };
    let req = RoundRequest {
        players: active.to_vec(),
        history: past,
        avoid_pairs: avoid,
        fixed_table: fixed,
        extra_fives,
        swiss,
    };
    seating::seat_round(&req, seed.wrapping_add(number.get() as u64)).map_err(seating_error)
}

/// A seating that cannot be made, as the organizer reads it.
fn seating_error(e: SeatingError) -> OpError {
    OpError::Conflict(Msg::new("round-seating-impossible").arg("reason", e))
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

/// Current totals of the players, for Swiss seating.
fn totals(conn: &mut AnyConnection, tournament_id: TournamentId) -> QueryResult<HashMap<PlayerId, i64>> {
    let mut out = HashMap::new();
    // Every deal that counts: the seating is no output (`ops::visible`).
    for line in Deal::score_lines(conn, tournament_id, &[])? {
        *out.entry(line.player_id).or_insert(0i64) += i64::from(line.score);
    }
    for (_, _, player, points) in Award::lines(conn, tournament_id)? {
        *out.entry(player).or_insert(0i64) += i64::from(points);
    }
    Ok(out)
}
