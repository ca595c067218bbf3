//! A stored deal replayed through the rules core, the one way it is done:
//! the hands dealt from its seed, each stored action applied by the rules
//! ([`Game::replay`]); once over, its stored log must be the one the replay
//! writes; at a duplicate table, the hands those the tournament's secret
//! deals. The pages rebuild and check a deal with it
//! ([`super::rebuild`], [`verify`]), an import checks every deal of a
//! document with it before writing anything (`export::check`). A deal that
//! does not replay is a [`Fault`] naming the action at fault: a sentence,
//! never a 500.

use serde_json::Value;

use crate::db::models::{GameActionRow, GameDeal, GameRow, Round, RoundTable, Tournament};
use crate::db::AnyConnection;
use crate::tarot::{Action, Contract, Game, GameLog, Phase, Seat};
use crate::tournament::duplicate::Prepared;
use crate::tournament::ids::{GameId, RoundNo};

use super::play_reason;
use super::shape::table_deal;
use crate::db::ops::{Msg, OpError, OpResult};

/// A deal as stored (a row of the database or a deal of a document).
#[derive(Debug, Clone)]
pub struct Stored<'a> {
    /// Seats at the table.
    pub table_seats: usize,
    /// The dealer, a seat of the deal.
    pub dealer: i32,
    /// The table seat of each seat of the deal.
    pub seat_map: &'a [usize],
    /// The shuffle's seed (its 64 bits).
    pub seed: i64,
    /// Every action in order: its seat of the deal, and the action (or its
    /// stored text, when that does not read as one).
    pub actions: Vec<(i32, Result<Action, String>)>,
    /// The tournament refuses the petite.
    pub no_petite: bool,
}

/// Why a stored deal does not replay: where (an action, or the deal as a
/// whole) and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Fault {
    /// The action at fault, counted from 1 in the deal's order, and its
    /// seat of the deal (`None`: the deal as a whole).
    pub action: Option<(usize, i32)>,
    /// Why.
    pub reason: Msg,
}

impl Fault {
    fn deal(reason: Msg) -> Fault {
        Fault { action: None, reason }
    }

    /// The action at fault as a place, after the deal's (`, action 4 (seat
    /// 2)`; empty for the deal as a whole).
    pub fn place(&self) -> String {
        self.action
            .map(|(n, seat)| format!(", action {n} (seat {seat})"))
            .unwrap_or_default()
    }

    /// The sentence of a page: game `game`, its deal `deal`, the action, why.
    pub fn msg(&self, game: GameId, deal: i32) -> Msg {
        let m = match self.action {
            Some((n, seat)) => Msg::new("game-fault-action").arg("action", n).arg("seat", seat),
            None => Msg::new("game-fault"),
        };
        m.arg("game", game).arg("deal", deal).because(self.reason.clone())
    }
}

/// Replays a stored deal: the game as its actions leave it, or where and
/// why it does not replay.
pub fn replay(d: &Stored<'_>) -> Result<Game, Fault> {
    let n = d.seat_map.len();
    let mut seen = vec![false; d.table_seats];
    let map_ok = (3..=6).contains(&n)
        && d.seat_map
            .iter()
            .all(|&t| t < d.table_seats && !std::mem::replace(&mut seen[t], true));
    if !map_ok || !(0..n as i32).contains(&d.dealer) {
        return Err(Fault::deal(
            Msg::new("game-stored-seats")
                .arg("dealer", d.dealer)
                .arg("map", serde_json::json!(d.seat_map)),
        ));
    }
    let mut list = Vec::with_capacity(d.actions.len());
    for (i, (seat, action)) in d.actions.iter().enumerate() {
        let at = |reason: Msg| Fault {
            action: Some((i + 1, *seat)),
            reason,
        };
        let action = action
            .as_ref()
            .map_err(|text| at(Msg::new("game-stored-action-unread").arg("text", text)))?;
        let s = u8::try_from(*seat)
            .ok()
            .filter(|s| usize::from(*s) < n)
            .ok_or_else(|| at(Msg::new("game-stored-action-seat").arg("seat", seat).arg("last", n - 1)))?;
        if d.no_petite && *action == Action::Bid(Some(Contract::Petite)) {
            return Err(at(Msg::new("record-petite-refused")));
        }
        list.push((Seat(s), *action));
    }
    Game::replay(n as u8, Seat(d.dealer as u8), d.seed as u64, &list).map_err(|(i, e)| Fault {
        action: Some((i + 1, d.actions[i].0)),
        reason: play_reason(&e),
    })
}

/// Checks a replayed deal against what is stored of its end: a deal stored
/// as over (`log` given) is over by its actions and its log is the one the
/// replay writes, field for field; one in progress is not over.
pub fn check_end(game: &Game, log: Option<&Value>) -> Result<(), Fault> {
    let over = game.phase() == Phase::Done;
    let Some(stored) = log else {
        return match over {
            true => Err(Fault::deal(Msg::new("game-stored-not-ended"))),
            false => Ok(()),
        };
    };
    if !over {
        return Err(Fault::deal(Msg::new("game-stored-not-over")));
    }
    let stored: GameLog = serde_json::from_value(stored.clone())
        .map_err(|e| Fault::deal(Msg::new("game-stored-log-unread").arg("detail", e)))?;
    let replayed = game.log();
    if stored == replayed {
        return Ok(());
    }
    // The first field that differs, in the log's order.
    let (a, b) = (to_object(&replayed), to_object(&stored));
    let field = a
        .iter()
        .find(|(k, v)| b.get(*k) != Some(v))
        .map_or("?", |(k, _)| k.as_str())
        .to_owned();
    Err(Fault::deal(Msg::new("game-stored-log-differs").arg("field", field)))
}

fn to_object(log: &GameLog) -> serde_json::Map<String, Value> {
    match serde_json::to_value(log).expect("a game log serializes") {
        Value::Object(m) => m,
        _ => serde_json::Map::new(),
    }
}

/// Checks that a duplicate table was dealt deal `prepared` of the
/// tournament: the same dealer, each seat exactly its hand, the same dog.
pub fn check_prepared(game: &Game, seat_map: &[usize], prepared: &Prepared) -> Result<(), Fault> {
    let seats = prepared.hands.len();
    let same = game.dealer() == prepared.dealer
        && seat_map.iter().copied().eq(0..seats)
        && prepared
            .hands
            .iter()
            .enumerate()
            .all(|(s, h)| game.dealt(Seat(s as u8)) == *h)
        && game.dog() == prepared.dog;
    if same {
        return Ok(());
    }
    Err(Fault::deal(
        Msg::new("game-stored-not-prepared").arg("deal", prepared.deal),
    ))
}

/// A deal row and its actions as [`Stored`]: `table_seats` the game's seats.
pub fn stored_row<'a>(
    d: &GameDeal,
    map: &'a [usize],
    actions: &[GameActionRow],
    table_seats: usize,
    no_petite: bool,
) -> Stored<'a> {
    Stored {
        table_seats,
        dealer: d.dealer,
        seat_map: map,
        seed: d.seed,
        actions: actions
            .iter()
            .map(|a| (a.seat, serde_json::from_str(&a.action).map_err(|_| a.action.clone())))
            .collect(),
        no_petite,
    }
}

/// Replays deal `d` of a game of `table_seats` seats (at a tournament's
/// table of round `round`: `table`) from its stored actions and checks it
/// as an import checks a document's deal: over, its log the replay's; at a
/// duplicate table, the prepared hands. The game replayed, or a 409 naming
/// the game, the deal and the action.
pub fn verify(
    conn: &mut AnyConnection,
    d: &GameDeal,
    table_seats: usize,
    table: Option<(&Tournament, RoundNo)>,
) -> OpResult<Game> {
    let fault = |f: Fault| OpError::Conflict(f.msg(d.game_id, d.number));
    let map = seat_map(d)?;
    let actions = GameActionRow::of_deal(conn, d.id)?;
    let no_petite = table.is_some_and(|(t, _)| t.rules.no_petite);
    let game = replay(&stored_row(d, &map, &actions, table_seats, no_petite)).map_err(fault)?;
    if let Some((t, round)) = table {
        if let (_, _, Some(prepared)) = table_deal(&t.settings, t.deal_secret, round, table_seats, d.number) {
            check_prepared(&game, &map, &prepared).map_err(fault)?;
        }
    }
    let log = match d.log.as_deref() {
        Some(text) => Some(
            serde_json::from_str::<Value>(text)
                .map_err(|e| fault(Fault::deal(Msg::new("game-stored-log-unread").arg("detail", e))))?,
        ),
        None => None,
    };
    check_end(&game, log.as_ref()).map_err(fault)?;
    Ok(game)
}

/// Checks the deals numbered `number` of the games of round `round`'s
/// tables of tournament `t` ([`verify`]): what a duplicate deal's
/// traveller shows of them is what was played.
pub fn verify_round(conn: &mut AnyConnection, t: &Tournament, round: RoundNo, number: i32) -> OpResult<()> {
    let Some(r) = Round::find(conn, t.id, round)? else {
        return Ok(());
    };
    let tables: Vec<i32> = RoundTable::for_round(conn, r.id)?.iter().map(|tb| tb.id).collect();
    for g in GameRow::for_tables(conn, &tables)? {
        for d in GameDeal::of_game(conn, g.id)?.iter().filter(|d| d.number == number) {
            verify(conn, d, g.players.max(0) as usize, Some((t, round)))?;
        }
    }
    Ok(())
}

/// The table seat of each seat of deal `d` (a list that does not read:
/// a 409 naming the game and the deal).
pub fn seat_map(d: &GameDeal) -> OpResult<Vec<usize>> {
    serde_json::from_str(&d.seat_map).map_err(|_| {
        stored_fault(
            d,
            Msg::new("game-stored-seats")
                .arg("dealer", d.dealer)
                .arg("map", &d.seat_map),
        )
    })
}

/// A stored deal that is not one: a 409 naming its game and its number.
pub(super) fn stored_fault(d: &GameDeal, reason: Msg) -> OpError {
    OpError::Conflict(Fault { action: None, reason }.msg(d.game_id, d.number))
}
