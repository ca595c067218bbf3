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
//! the seats' actions in `play`, the bots' turns in `bot_turns`; a stored
//! deal replayed and checked, by the pages and the import, in `replay`.

mod bot_turns;
mod play;
pub mod replay;
mod setup;
mod shape;
mod state;

use rand::TryRngCore;

use crate::tarot::PlayError;

use super::{Mark, Msg, OpError};

pub use crate::bots::{BotKind, Pace};
pub use bot_turns::{bot_move, bot_turn, unfinished, BotMove, BotTurn};
pub use play::{act, next_deal, Acted};
pub use replay::{seat_map, verify, verify_round, Fault};
pub use setup::{
    create_casual, leave, make_digital, seat_names, set_bot, set_pace, CasualGame, Created, MAX_DEALS, MAX_SEAT_NAME,
};
pub use shape::{deal_shape, table_deal};
pub use state::{rebuild, GameState};

/// The largest seed a JSON number carries exactly (2^53 - 1): a deal's log
/// is read by the replay's JavaScript and by scripts, where a larger number
/// would come back rounded and replay another deal.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// A seed from the operating system's cryptographic generator, at most
/// [`MAX_SEED`].
pub fn os_seed() -> u64 {
    rand::rngs::OsRng
        .try_next_u64()
        .expect("the operating system's random generator")
        & MAX_SEED
}

/// The refusal of an action by the rules: 409 when it is not the moment
/// (turn, phase, deal over), 422 when the action itself breaks a rule.
pub fn play_msg(e: &PlayError) -> OpError {
    let msg = play_reason(e);
    match e {
        PlayError::NotYourTurn { .. } | PlayError::DealOver | PlayError::WrongPhase { .. } => OpError::Conflict(msg),
        _ => OpError::Invalid(msg),
    }
}

/// What the rules say of an action they refuse (`play-…`).
pub fn play_reason(e: &PlayError) -> Msg {
    let mut msg = Msg::owned(format!("play-{}", e.code()));
    msg.args.extend(e.args());
    // The rules name cards by their codes; the pages say them in words.
    msg.marks = msg
        .args
        .iter()
        .map(|(k, _)| *k)
        .filter(|k| match *k {
            "card" | "cards" | "led" => true,
            // A trump's; a bid's highest is a contract.
            "highest" => matches!(e, PlayError::MustOvertrump { .. }),
            _ => false,
        })
        .map(|k| (k, Mark::Cards))
        .collect();
    msg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_from_the_os_stay_exact_in_json() {
        let seeds: Vec<u64> = (0..2000).map(|_| os_seed()).collect();
        assert!(seeds.iter().all(|s| *s <= MAX_SEED));
        // Still spread over the whole range, not a constant.
        assert!(seeds.iter().any(|s| *s > MAX_SEED / 2));
        assert!(seeds.windows(2).any(|w| w[0] != w[1]));
        for s in seeds {
            let text = serde_json::to_string(&s).unwrap();
            assert_eq!(text.parse::<f64>().unwrap() as u64, s, "{text} read as a double");
        }
    }
}
