//! The organizer's mistakes undone: the start of the last round taken back
//! while none of its deals is entered ([`undo_start`]), and players moved or
//! swapped between the tables of an open round before either table has a
//! deal ([`change_seats`]). Each is one unit of work, kept in the audit log,
//! published as a live event.
//!
//! A table played on the devices counts as entered from its first action
//! (a bid, a call…): a game dealt where nobody has acted yet goes with the
//! undone round. Its seats being the game's, such a table keeps its players
//! in a move or a swap.

use crate::db::models::room;
use crate::db::models::{
    AuditEntry, Deal, GameDeal, GameRow, NewAuditEntry, Player, Registration, Round, RoundTable, SeatingConstraint,
    Tournament,
};
use crate::db::{AnyConnection, Tx};
use crate::tournament::duplicate::Format;
use crate::tournament::ids::{PlayerId, RoundNo, TableNo, TournamentId};
use crate::tournament::table::{broken_at, Constraint};

use super::events::{last_round, publish, Event, RoundState};
use super::rounds::{deals_for, seated_round, SeatedRound};
use super::text_input::invisible_only;
use super::{tournaments, Msg, OpError, OpResult};

/// Why the organizer undoes a round's start: required, kept in the audit log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason(String);

impl Reason {
    /// The longest reason taken, in characters.
    pub const MAX: usize = 500;

    /// The reason as typed (spaces around it dropped), or a refusal.
    pub fn new(text: &str) -> Result<Reason, Msg> {
        let text = text.trim();
        if text.is_empty() || invisible_only(text) {
            return Err(Msg::new("undo-reason-required"));
        }
        if text.chars().count() > Reason::MAX {
            return Err(Msg::new("undo-reason-too-long").arg("max", Reason::MAX));
        }
        Ok(Reason(text.to_owned()))
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Table numbers as a list: "1, 3".
fn list(tables: impl IntoIterator<Item = TableNo>) -> String {
    tables.into_iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ")
}

/// The tables of a round with their players' ids in seat order.
fn tables_of(conn: &mut AnyConnection, round_id: i32) -> OpResult<Vec<(RoundTable, Vec<PlayerId>)>> {
    Ok(RoundTable::with_players_of_round(conn, round_id)?
        .into_iter()
        .map(|(t, ps)| (t, ps.into_iter().map(|(id, _)| id).collect()))
        .collect())
}

/// The tables among `tables` where a deal is entered, or played on the
/// devices (someone has acted in their game).
fn tables_with_deals(conn: &mut AnyConnection, round_id: i32, tables: &[&RoundTable]) -> OpResult<Vec<TableNo>> {
    let entered = Deal::entered_in_round(conn, round_id)?;
    let ids: Vec<i32> = tables.iter().map(|t| t.id).collect();
    let games = GameRow::for_tables(conn, &ids)?;
    let acted = GameDeal::acted(conn, &games.iter().map(|g| g.id).collect::<Vec<_>>())?;
    let played: Vec<i32> = games
        .iter()
        .filter(|g| acted.contains(&g.id))
        .filter_map(|g| g.table_id)
        .collect();
    Ok(tables
        .iter()
        .filter(|t| played.contains(&t.id) || entered.iter().any(|(tid, _)| *tid == t.id))
        .map(|t| t.number)
        .collect())
}

/// Why round `round` cannot be undone now, if it cannot: it is not the
/// last one, it is closed, or a deal is entered (or played) at a table.
pub fn undo_blocker(conn: &mut AnyConnection, tournament_id: TournamentId, round: &Round) -> OpResult<Option<Msg>> {
    let last = Round::last_number(conn, tournament_id)?;
    if round.number != last {
        return Ok(Some(
            Msg::new("round-undo-not-last")
                .arg("round", round.number)
                .arg("last", last),
        ));
    }
    if round.is_closed() {
        return Ok(Some(Msg::new("round-undo-closed").arg("round", round.number)));
    }
    let tables = RoundTable::for_round(conn, round.id)?;
    let with_deals = tables_with_deals(conn, round.id, &tables.iter().collect::<Vec<_>>())?;
    if !with_deals.is_empty() {
        return Ok(Some(
            Msg::new("round-undo-deals")
                .arg("round", round.number)
                .arg("tables", list(with_deals)),
        ));
    }
    Ok(None)
}

/// Undoes the start of round `number`, the last one, while none of its
/// deals is entered: the round, its tables, seats and links (and a game
/// dealt on the devices where nobody has acted) are deleted; the players
/// who joined or withdrew during it join from it, or withdraw before it.
/// Kept in the audit log with the seating and the reason. The round can be
/// started again.
pub fn undo_start(
    tx: &mut Tx<'_>,
    tournament_id: TournamentId,
    number: RoundNo,
    reason: &Reason,
    actor: &str,
) -> OpResult<()> {
    Tournament::lock(tx, tournament_id)?;
    tournaments::get(tx, tournament_id)?;
    let round = Round::find(tx, tournament_id, number)?.ok_or(OpError::NotFound)?;
    // Under the lock: a deal being entered at a table commits first, or
    // finds its round gone.
    let round = Round::locked(tx, round.id, true)?.ok_or(OpError::NotFound)?;
    if let Some(msg) = undo_blocker(tx, tournament_id, &round)? {
        return Err(OpError::Conflict(msg));
    }
    let seating: Vec<Vec<PlayerId>> = tables_of(tx, round.id)?.into_iter().map(|(_, ps)| ps).collect();
    Round::delete(tx, round.id)?;
    Registration::round_undone(tx, tournament_id, number)?;
    AuditEntry::write(
        tx,
        &NewAuditEntry::round_undone(tournament_id, actor, number, &seating, reason.as_str()),
    )?;
    let round = last_round(tx, tournament_id)?;
    let events = [
        Event::Round {
            round: number,
            state: RoundState::Undone,
        },
        Event::Standings { round },
    ];
    publish(tx, tournament_id, &events)?;
    Ok(())
}

/// A change of seats in an open round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatChange {
    /// Two players of two tables change places.
    Swap {
        /// One player.
        player: PlayerId,
        /// The other.
        with: PlayerId,
    },
    /// A player leaves their table for the last place of another.
    Move {
        /// The player.
        player: PlayerId,
        /// The table they go to.
        table: TableNo,
    },
}

/// The fewest and the most players a table keeps after a move.
const TABLE_SIZES: std::ops::RangeInclusive<usize> = 4..=5;

/// The two tables a change concerns (their indexes in `tables`) and their
/// players after it; refused when a player is not seated in the round, the
/// table is not one of it, or both are at the same table.
type Plan = (usize, usize, Vec<PlayerId>, Vec<PlayerId>);

fn plan_change(tables: &[(RoundTable, Vec<PlayerId>)], change: SeatChange, number: RoundNo) -> OpResult<Plan> {
    let at = |p: PlayerId| {
        tables
            .iter()
            .position(|(_, ps)| ps.contains(&p))
            .ok_or_else(|| OpError::Invalid(Msg::new("seats-not-seated").arg("player", p).arg("round", number)))
    };
    match change {
        SeatChange::Swap { player, with } => {
            let (a, b) = (at(player)?, at(with)?);
            if a == b {
                return Err(OpError::Invalid(
                    Msg::new("seats-same-table").arg("table", tables[a].0.number),
                ));
            }
            let swap = |ps: &[PlayerId]| -> Vec<PlayerId> {
                ps.iter()
                    .map(|&p| match p {
                        p if p == player => with,
                        p if p == with => player,
                        p => p,
                    })
                    .collect()
            };
            Ok((a, b, swap(&tables[a].1), swap(&tables[b].1)))
        }
        SeatChange::Move { player, table } => {
            let a = at(player)?;
            let b = tables
                .iter()
                .position(|(t, _)| t.number == table)
                .ok_or_else(|| OpError::Invalid(Msg::new("seats-no-table").arg("table", table).arg("round", number)))?;
            if a == b {
                return Err(OpError::Invalid(Msg::new("seats-same-table").arg("table", table)));
            }
            let new_a: Vec<PlayerId> = tables[a].1.iter().copied().filter(|&p| p != player).collect();
            let mut new_b = tables[b].1.clone();
            new_b.push(player);
            Ok((a, b, new_a, new_b))
        }
    }
}

/// Refuses a change of seats that breaks a seating constraint the tables
/// kept before it (one already broken, e.g. set after the seating, does not
/// block the change): the sentence names the players and the table.
fn refuse_broken_constraints(
    conn: &mut AnyConnection,
    tournament_id: TournamentId,
    tables: [(TableNo, &Vec<PlayerId>, &Vec<PlayerId>); 2],
) -> OpResult<()> {
    let constraints = SeatingConstraint::for_tournament(conn, tournament_id)?
        .iter()
        .map(SeatingConstraint::constraint)
        .collect::<Result<Vec<_>, _>>()?;
    let rooms = room::layout(conn, tournament_id)?;
    for (number, before, after) in tables {
        let kept = broken_at(&constraints, &rooms, number, before);
        let Some(c) = broken_at(&constraints, &rooms, number, after)
            .into_iter()
            .find(|c| !kept.contains(c))
        else {
            continue;
        };
        let ids = match c {
            Constraint::Apart(a, b) => vec![a, b],
            Constraint::Fixed(a, _) | Constraint::Room(a, _) => vec![a],
        };
        let names = Player::names(conn, &ids)?;
        let name = |p: &PlayerId| names.get(p).cloned().unwrap_or_default();
        let msg = match c {
            Constraint::Apart(a, b) => Msg::new("seats-constraint-apart")
                .name("a", name(&a))
                .name("b", name(&b))
                .arg("table", number),
            Constraint::Fixed(a, t) => Msg::new("seats-constraint-fixed")
                .name("name", name(&a))
                .arg("table", t),
            Constraint::Room(a, r) => Msg::new("seats-constraint-room")
                .name("name", name(&a))
                .name("room", rooms.room(r).map(|r| r.name.clone()).unwrap_or_default()),
        };
        return Err(OpError::Conflict(msg));
    }
    Ok(())
}

/// Moves or swaps players between two tables of open round `number`,
/// before either table has a deal: the tables keep 4 or 5 players (a move
/// leaves no table with fewer than 4 or more than 5), each its number of
/// deals for its size. Kept in the audit log; the round as seated now.
pub fn change_seats(
    tx: &mut Tx<'_>,
    tournament_id: TournamentId,
    number: RoundNo,
    change: SeatChange,
    actor: &str,
) -> OpResult<SeatedRound> {
    Tournament::lock(tx, tournament_id)?;
    let t = tournaments::get(tx, tournament_id)?;
    let round = Round::find(tx, tournament_id, number)?.ok_or(OpError::NotFound)?;
    let round = Round::locked(tx, round.id, true)?.ok_or(OpError::NotFound)?;
    if round.is_closed() {
        return Err(OpError::Conflict(Msg::new("seats-round-closed").arg("round", number)));
    }
    let tables = tables_of(tx, round.id)?;
    let (a, b, new_a, new_b) = plan_change(&tables, change, number)?;
    let (ta, tb) = (&tables[a].0, &tables[b].0);
    let with_deals = tables_with_deals(tx, round.id, &[ta, tb])?;
    if !with_deals.is_empty() {
        return Err(OpError::Conflict(
            Msg::new("seats-table-has-deal").arg("tables", list(with_deals)),
        ));
    }
    if let Some(g) = GameRow::for_tables(tx, &[ta.id, tb.id])?.first() {
        let table = if g.table_id == Some(ta.id) {
            ta.number
        } else {
            tb.number
        };
        return Err(OpError::Conflict(Msg::new("seats-table-digital").arg("table", table)));
    }
    // A duplicate table plays the prepared deals at 4, no more, no less.
    let (sizes, refusal) = match t.format {
        Format::Duplicate => (4..=4, "seats-table-size-duplicate"),
        Format::Libres => (TABLE_SIZES, "seats-table-size"),
    };
    for (table, players) in [(ta, &new_a), (tb, &new_b)] {
        if !sizes.contains(&players.len()) {
            return Err(OpError::Conflict(
                Msg::new(refusal).arg("table", table.number).arg("count", players.len()),
            ));
        }
    }
    refuse_broken_constraints(
        tx,
        tournament_id,
        [(ta.number, &tables[a].1, &new_a), (tb.number, &tables[b].1, &new_b)],
    )?;
    RoundTable::reseat(tx, ta.id, &new_a, deals_for(&t, new_a.len()))?;
    RoundTable::reseat(tx, tb.id, &new_b, deals_for(&t, new_b.len()))?;
    let seats = [
        (ta.number, &tables[a].1[..], &new_a[..]),
        (tb.number, &tables[b].1[..], &new_b[..]),
    ];
    AuditEntry::write(tx, &NewAuditEntry::seats_changed(tournament_id, actor, number, seats))?;
    let reseated = Event::Round {
        round: number,
        state: RoundState::Reseated,
    };
    publish(tx, tournament_id, &[reseated])?;
    seated_round(tx, tournament_id, number)
}
