//! Deals played on the devices (FORMATS.md, "Digital play: seats").
//!
//! A game is a tournament table set to digital play or a casual game. Each of
//! its deals is stored as a seed and its actions in order; the deal in
//! progress is rebuilt from them on every read ([`crate::tarot::Game::replay`]),
//! so an acknowledged action survives anything. Actions of a game are written
//! one at a time (the game's row is locked) and numbered: the same number
//! twice fails on the table's key. A finished deal of a tournament table goes
//! into the table's deal slot through [`super::deals::enter`], exactly as an
//! entered deal.
//!
//! Here the seeds and the refusals of the rules; a game read and its deal
//! rebuilt in `state`, setting games and seats up in `setup`, dealing and
//! the seats' actions in `play`, the bots' turns in `bot_turns`.

mod bot_turns;
mod play;
mod setup;
mod state;

use rand::TryRngCore;

use crate::tarot::PlayError;

use super::{Msg, OpError};

pub use crate::bots::BotKind;
pub use bot_turns::{bot_move, bot_turn, unfinished, BotMove, BotTurn};
pub use play::{act, deal_shape, next_deal, Acted};
pub use setup::{create_casual, make_digital, seat_names, set_bot, CasualGame, Created, MAX_DEALS, MAX_SEAT_NAME};
pub use state::{rebuild, seat_map, GameState};

/// A seed from the operating system's cryptographic generator.
pub fn os_seed() -> u64 {
    rand::rngs::OsRng
        .try_next_u64()
        .expect("the operating system's random generator")
}

/// The refusal of an action by the rules: 409 when it is not the moment
/// (turn, phase, deal over), 422 when the action itself breaks a rule.
pub fn play_msg(e: &PlayError) -> OpError {
    let mut msg = Msg::owned(format!("play-{}", e.code()));
    msg.args.extend(e.args());
    match e {
        PlayError::NotYourTurn { .. } | PlayError::DealOver | PlayError::WrongPhase { .. } => OpError::Conflict(msg),
        _ => OpError::Invalid(msg),
    }
}
