//! The bots' turns: what a bot has to do, read from a game's state
//! ([`bot_turn`]), decided without the database ([`BotTurn::decide`]) and
//! written through a door ([`bot_move`]); and the games whose bots to wake
//! after a restart ([`unfinished`]).

use crate::bots::{Pace, Stakes};
use rand::SeedableRng;

use crate::db::models::{Deal, GameDeal};
use crate::db::{AnyConnection, Tx};
use crate::tarot::{Action, Game, Seat};

use super::{act, next_deal, os_seed, BotKind, GameState};
use crate::db::ops::deals::TYPED_KEPT;
use crate::db::ops::{OpError, OpResult};
use crate::tournament::ids::GameId;

/// What a bot has to do in a game, read from its state: decided and
/// written in separate steps ([`BotTurn::decide`], [`bot_move`]), so that a
/// bot holds no connection while it waits or thinks.
#[derive(Debug, Clone)]
pub enum BotTurn {
    /// The bot of `table_seat` plays in `game`, whose deal had `version`
    /// actions.
    Play {
        /// The seat at the table.
        table_seat: usize,
        /// The seat in the deal.
        seat: Seat,
        /// Which bot.
        kind: BotKind,
        /// The deal as it stands.
        game: Box<Game>,
        /// Its number of actions.
        version: i32,
        /// How fast the game's bots play.
        pace: Pace,
        /// The table's scores so far and the deals left.
        stakes: Stakes,
    },
    /// A table of bots only deals its next deal.
    Deal {
        /// How fast the game's bots play.
        pace: Pace,
    },
}

/// What a bot decided, to be written through a door ([`bot_move`]).
#[derive(Debug, Clone, Copy)]
pub enum BotMove {
    /// Play `action` for `table_seat` at `version`.
    Play {
        /// The seat at the table.
        table_seat: usize,
        /// What it does.
        action: Action,
        /// The deal's number of actions it decided at.
        version: i32,
    },
    /// Deal the next deal.
    Deal,
}

impl BotTurn {
    /// The bot's decision (pure: no database).
    pub fn decide(&self) -> BotMove {
        match self {
            BotTurn::Play {
                table_seat,
                seat,
                kind,
                game,
                version,
                stakes,
                ..
            } => {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(os_seed());
                BotMove::Play {
                    table_seat: *table_seat,
                    action: kind.bot().act_at(game, *seat, stakes, &mut rng),
                    version: *version,
                }
            }
            BotTurn::Deal { .. } => BotMove::Deal,
        }
    }

    /// How fast the game's bots play.
    pub fn pace(&self) -> Pace {
        match self {
            BotTurn::Play { pace, .. } | BotTurn::Deal { pace } => *pace,
        }
    }
}

/// What the bots of game `id` have to do now, if anything: the bot whose
/// turn it is plays; at a table of bots only (no person away from a casual
/// game's seat), the next deal is dealt when one is over.
pub fn bot_turn(conn: &mut AnyConnection, id: GameId) -> OpResult<Option<BotTurn>> {
    let st = GameState::load(conn, id)?;
    if st.round_closed() {
        return Ok(None);
    }
    if let (Some((seat, kind)), Some(game)) = (st.bot_to_act(), st.play.as_ref()) {
        return Ok(Some(BotTurn::Play {
            table_seat: st.map[seat.index()],
            seat,
            kind,
            game: Box::new(*game),
            version: st.version,
            pace: st.game.pace,
            stakes: st.stakes(&table_totals(conn, &st)?),
        }));
    }
    // A casual game's person who left the table keeps the seat's link to
    // come back between two deals: the bots wait for them there.
    let casual = st.game.tournament_id.is_none();
    let all_bots = st
        .seats
        .iter()
        .all(|s| s.bot.is_some() && !(casual && s.token.is_some()));
    Ok((st.next_open() && all_bots).then_some(BotTurn::Deal { pace: st.game.pace }))
}

/// Each table seat's total so far: a tournament table's over its slots
/// (the deals typed before it went digital included, as its sheet and the
/// standings add them up), a casual game's over its deals.
fn table_totals(conn: &mut AnyConnection, st: &GameState) -> OpResult<Vec<i64>> {
    let Some((_, _, table)) = &st.table else {
        return Ok(st.totals());
    };
    // The game's seats hold each table seat's player, in table order.
    let by_player = Deal::table_totals(conn, table.id)?;
    Ok(st
        .seats
        .iter()
        .map(|s| {
            by_player
                .iter()
                .find(|(p, _)| Some(*p) == s.player_id)
                .map_or(0, |(_, v)| *v)
        })
        .collect())
}

/// Writes a bot's decision: as a seat's action (refused if the deal moved
/// on since the bot read it: someone else acted, look again), or the next
/// deal. Whether it was written.
pub fn bot_move(tx: &mut Tx<'_>, id: GameId, decided: &BotMove) -> OpResult<bool> {
    let done = match *decided {
        BotMove::Play {
            table_seat,
            action,
            version,
        } => act(tx, id, table_seat, action, Some(version)).map(|_| ()),
        BotMove::Deal => next_deal(tx, id),
    };
    match done {
        Ok(()) => Ok(true),
        // The deal's slot was typed: the bot would meet it again and again.
        Err(OpError::Conflict(m)) if m.key == TYPED_KEPT => Err(OpError::Conflict(m)),
        Err(OpError::Conflict(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Games with a deal in progress (to wake their bots after a restart).
pub fn unfinished(conn: &mut AnyConnection) -> OpResult<Vec<GameId>> {
    let mut ids: Vec<GameId> = GameDeal::unfinished(conn)?.iter().map(|d| d.game_id).collect();
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}
