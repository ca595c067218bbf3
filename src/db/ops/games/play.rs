//! Playing a game: dealing its deals, a seat's action, and the end of a
//! deal (for a digital table, the deal entered in the table's slot).

use crate::db::models::{GameActionRow, GameDeal, GameRow};
use crate::db::{now, Tx};
use crate::tarot::{Action, Contract, Game, Phase};
use crate::tournament::clock::may_deal;
use crate::tournament::deal::TableDeal;
use crate::tournament::ids::{GameId, PlayerId, RoundNo};
use crate::tournament::table::Table5Mode;

use super::shape::{deal_shape, table_deal};
use super::{os_seed, play_msg, GameState};
use crate::db::ops::deals::{self, Actor, Entry};
use crate::db::ops::{Msg, OpError, OpResult};

/// The seed of deal `number` of a game created with `seed`: the seed given
/// deals the first deal, every later deal is shuffled from the operating
/// system's generator, as in a game without a seed. A deal's seed is
/// published in its log once it is over; were the later seeds `seed + 1`,
/// `seed + 2`… (what `chelem simulate --seed` deals), the first deal's log
/// would tell anyone every hand still to come. Each deal still replays from
/// the seed stored with it.
pub fn deal_seed(seed: Option<i64>, number: i32) -> u64 {
    match seed {
        Some(s) if number == 1 => s as u64,
        _ => os_seed(),
    }
}

/// Deals the next deal of a game (inside the caller's transaction).
pub(super) fn deal_next(tx: &mut Tx<'_>, st: &GameState) -> OpResult<GameDeal> {
    deal_at(tx, st, st.next_number())
}

/// Deals deal `number` of a game: its first (a digital table's first empty
/// slot), or the one after the last. The dealer is the slot's, as if the
/// deals before it had been dealt at the table.
pub(super) fn deal_at(tx: &mut Tx<'_>, st: &GameState, number: i32) -> OpResult<GameDeal> {
    let (map, dealer, seed) = match &st.table {
        Some((t, round, _)) => {
            let (map, dealer, prepared) = table_deal(&t.settings, t.deal_secret, round.number, st.seats.len(), number);
            (
                map,
                dealer,
                prepared.map_or_else(|| deal_seed(st.game.seed, number), |p| p.seed),
            )
        }
        None => {
            let (map, dealer) = deal_shape(st.seats.len(), number, Table5Mode::CalledKing);
            (map, dealer, deal_seed(st.game.seed, number))
        }
    };
    let map_json = serde_json::to_string(&map).expect("a list of numbers");
    Ok(GameDeal::insert(
        tx,
        st.game.id,
        number,
        i32::from(dealer),
        &map_json,
        seed as i64,
        now(),
    )?)
}

/// What an action did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Acted {
    /// Stored.
    Done,
    /// The same action was already stored at the version given (a double
    /// tap): nothing was written.
    Replayed,
}

/// Plays `action` for `table_seat` of game `id`. `version`: the number of
/// actions the deal had when the seat's page was shown; an action from an
/// older page is refused, unless it is the very action the seat made then (a
/// double tap), which answers as if it had just been made.
pub fn act(tx: &mut Tx<'_>, id: GameId, table_seat: usize, action: Action, version: Option<i32>) -> OpResult<Acted> {
    GameRow::lock(tx, id)?;
    let st = GameState::load(tx, id)?;
    let (Some(deal), Some(game)) = (st.current(), st.play.as_ref()) else {
        return Err(OpError::Conflict(Msg::new("play-deal-over")));
    };
    if st.round_closed() {
        let round = st.table.as_ref().map_or(RoundNo::NONE, |(_, r, _)| r.number);
        return Err(OpError::Conflict(Msg::new("deal-round-closed").arg("round", round)));
    }
    let Some(seat) = st.deal_seat(table_seat) else {
        return Err(OpError::Conflict(Msg::new("game-sitting-out")));
    };
    if let Some(v) = version.filter(|v| *v != st.version) {
        let stored = GameActionRow::of_deal(tx, deal.id)?;
        let same = stored.get(v as usize).is_some_and(|a| {
            a.seat == i32::from(seat.0) && serde_json::from_str::<Action>(&a.action).ok() == Some(action)
        });
        if same {
            return Ok(Acted::Replayed);
        }
        return Err(OpError::Conflict(Msg::new("game-stale")));
    }
    if let (Action::Bid(Some(Contract::Petite)), Some((t, _, _))) = (action, &st.table) {
        if t.rules.no_petite {
            return Err(OpError::Invalid(Msg::new("record-petite-refused")));
        }
    }
    let mut next = *game;
    next.apply(seat, action).map_err(|e| play_msg(&e))?;
    let json = serde_json::to_string(&action).expect("an action serializes");
    GameActionRow::insert(tx, deal, st.version, i32::from(seat.0), &json, now())?;
    deal.set_actions(tx, st.version + 1)?;
    if next.phase() == Phase::Done {
        finish(tx, &st, deal, &next)?;
    }
    Ok(Acted::Done)
}

/// Stores the end of a deal: its scores by table seat and its log, and for
/// a digital table the deal in the table's slot (refused, and nothing
/// stored, if that slot holds a typed deal: a played deal never replaces
/// one).
fn finish(tx: &mut Tx<'_>, st: &GameState, deal: &GameDeal, game: &Game) -> OpResult<()> {
    let engine = game.scores().unwrap_or_default();
    let mut scores: Vec<Option<i64>> = vec![None; st.seats.len()];
    if let Some((_, round, table)) = &st.table {
        // A tournament table's seats are its players'.
        let players: Vec<PlayerId> = st
            .map
            .iter()
            .map(|&t| st.seats[t].player_id.ok_or(OpError::NotFound))
            .collect::<OpResult<_>>()?;
        let record = TableDeal::from_record(game.record().as_ref(), &players);
        let entered = deals::enter(
            tx,
            &Entry {
                table,
                round,
                number: deal.number,
                deal: &record,
                actor: &Actor::Devices,
                reason: "",
                version: None,
                key: None,
            },
        )?;
        for (t, s) in st.seats.iter().enumerate() {
            if let Some(p) = s.player_id {
                if st.deal_seat(t).is_some() {
                    scores[t] = entered.scores.iter().find(|(q, _)| *q == p).map(|(_, v)| i64::from(*v));
                }
            }
        }
    } else {
        for (s, &t) in st.map.iter().enumerate() {
            scores[t] = engine.get(s).copied();
        }
    }
    let log = serde_json::to_string(&game.log()).expect("a game log serializes");
    let scores = serde_json::to_string(&scores).expect("scores serialize");
    deal.finish(tx, &scores, &log, now())?;
    Ok(())
}

/// Deals the next deal once the last one is over (`{"next": true}`).
pub fn next_deal(tx: &mut Tx<'_>, id: GameId) -> OpResult<()> {
    GameRow::lock(tx, id)?;
    let st = GameState::load(tx, id)?;
    if !st.deal_over() {
        return Err(OpError::Conflict(Msg::new("game-deal-in-progress")));
    }
    if !st.more_deals() {
        return Err(OpError::Conflict(Msg::new("game-over").arg("deals", st.deals.len())));
    }
    if st.round_closed() {
        let round = st.table.as_ref().map_or(RoundNo::NONE, |(_, r, _)| r.number);
        return Err(OpError::Conflict(Msg::new("deal-round-closed").arg("round", round)));
    }
    if let Some((_, round, _)) = st.table.as_ref().filter(|(_, r, _)| !may_deal(r.ends_at, now())) {
        return Err(OpError::Conflict(
            Msg::new("game-after-bell").arg("round", round.number),
        ));
    }
    deal_next(tx, &st)?;
    Ok(())
}
