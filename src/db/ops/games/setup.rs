//! Setting games up: a casual game, a tournament table set to digital
//! play, and who plays a seat (a bot or a person).

use crate::db::models::{GameRow, GameSeat, NewGameSeat, Player, Round, RoundTable};
use crate::db::{now, Tx};
use crate::secrets::new_token;

use super::play::{deal_at, deal_next};
use super::{BotKind, GameState};
use crate::bots::Pace;
use crate::db::ops::{Msg, OpError, OpResult};
use crate::tournament::ids::GameId;

/// What a new casual game is.
#[derive(Debug, Clone)]
pub struct CasualGame {
    /// Table size: 3, 4, 5 or 6 (six: RULES.md "Six players", casual only).
    pub players: u8,
    /// Names by seat (blank: "Place n").
    pub names: Vec<String>,
    /// The bot of each seat given to one.
    pub bots: Vec<(usize, BotKind)>,
    /// Deals to play.
    pub deals: i32,
    /// The first deal's seed (`None`: from the operating system).
    pub seed: Option<u64>,
    /// How fast its bots play.
    pub pace: Pace,
}

/// A game just set up: its id and each seat's secret link (none for bots).
#[derive(Debug, Clone)]
pub struct Created {
    /// The game.
    pub id: GameId,
    /// `(seat, token)`.
    pub seats: Vec<(usize, Option<String>)>,
}

/// The longest seat name, in characters.
pub const MAX_SEAT_NAME: usize = 40;

/// Seat names as typed, through the checks of every name
/// ([`clean_name`](crate::db::ops::text_input::clean_name)) and at most
/// [`MAX_SEAT_NAME`] characters each (a blank one is left blank: "Place n").
pub fn seat_names(typed: &[String]) -> Result<Vec<String>, Msg> {
    typed
        .iter()
        .map(|n| {
            let name = crate::db::ops::text_input::clean_name("game-name", n)?;
            if name.chars().count() > MAX_SEAT_NAME {
                return Err(Msg::new("game-name-long"));
            }
            Ok(name)
        })
        .collect()
}

/// The most deals a casual game plays.
pub const MAX_DEALS: i32 = 100;

/// Starts a casual game and deals its first deal.
pub fn create_casual(tx: &mut Tx<'_>, spec: &CasualGame, created_by: &str) -> OpResult<Created> {
    if !(3..=6).contains(&spec.players) {
        return Err(OpError::Invalid(Msg::new("game-players").arg("players", spec.players)));
    }
    let n = usize::from(spec.players);
    if let Some((s, _)) = spec.bots.iter().find(|(s, _)| *s >= n) {
        return Err(OpError::Invalid(
            Msg::new("game-bot-seat").arg("seat", s).arg("last", n - 1),
        ));
    }
    if !(1..=MAX_DEALS).contains(&spec.deals) {
        return Err(OpError::Invalid(Msg::new("game-deals").arg("max", MAX_DEALS)));
    }
    let game = GameRow::insert(
        tx,
        None,
        None,
        n as i32,
        spec.deals,
        spec.seed.map(|s| s as i64),
        created_by,
        now(),
        spec.pace,
    )?;
    let seats: Vec<NewGameSeat> = (0..n)
        .map(|s| {
            let bot = spec.bots.iter().find(|(b, _)| *b == s).map(|(_, k)| *k);
            let name = spec.names.get(s).map(|x| x.trim()).filter(|x| !x.is_empty());
            NewGameSeat {
                game_id: game.id,
                seat: s as i32,
                name: match (name, bot) {
                    (Some(x), _) => x.to_owned(),
                    (None, Some(_)) => format!("Robot {}", s + 1),
                    (None, None) => format!("Place {}", s + 1),
                },
                player_id: None,
                token: bot.is_none().then(seat_token),
                bot,
            }
        })
        .collect();
    GameSeat::insert_all(tx, &seats)?;
    let st = GameState::load(tx, game.id)?;
    deal_next(tx, &st)?;
    Ok(Created {
        id: game.id,
        seats: seats.into_iter().map(|s| (s.seat as usize, s.token)).collect(),
    })
}

fn seat_token() -> String {
    new_token("")[..32].to_owned()
}

/// Sets a tournament table to digital play: a seat per seated player, each
/// with its secret link (a bot filling a seat plays it, with no link), and its first deal dealt in the table's first empty
/// slot (the deals typed before it stay typed). Refused when every slot is
/// typed, or when a typed deal comes after an empty slot (playing from there
/// would replace it). A table already digital is left as it is. Its game id.
pub fn make_digital(tx: &mut Tx<'_>, table: &RoundTable, created_by: &str) -> OpResult<GameId> {
    // The round locked first, as a close does: the deals entered meanwhile
    // are in, a switch asked twice at once makes one game.
    let round = Round::locked(tx, table.round_id, true)?.ok_or(OpError::NotFound)?;
    if let Some(g) = GameRow::for_table(tx, table.id)? {
        return Ok(g.id);
    }
    if round.is_closed() {
        return Err(OpError::Conflict(
            Msg::new("deal-round-closed").arg("round", round.number),
        ));
    }
    // A switch deals a new deal: none starts on the devices after the bell.
    if !crate::tournament::clock::may_deal(round.ends_at, now()) {
        return Err(OpError::Conflict(
            Msg::new("game-switch-after-bell").arg("round", round.number),
        ));
    }
    let players = RoundTable::players(tx, table.id)?;
    let people: std::collections::HashMap<_, _> =
        Player::by_ids(tx, &players)?.into_iter().map(|p| (p.id, p)).collect();
    let first = first_slot(tx, table)?;
    let game = GameRow::insert(
        tx,
        Some(round.tournament_id),
        Some(table.id),
        players.len() as i32,
        table.deal_count,
        None,
        created_by,
        now(),
        Pace::Normal,
    )?;
    let seats: Vec<NewGameSeat> = players
        .iter()
        .enumerate()
        .map(|(s, p)| {
            // A bot filling a duplicate round's seat plays it from the start.
            let bot = people.get(p).and_then(|p| p.bot);
            NewGameSeat {
                game_id: game.id,
                seat: s as i32,
                name: people.get(p).map(|p| p.name.clone()).unwrap_or_default(),
                player_id: Some(*p),
                token: bot.is_none().then(seat_token),
                bot,
            }
        })
        .collect();
    GameSeat::insert_all(tx, &seats)?;
    let st = GameState::load(tx, game.id)?;
    deal_at(tx, &st, first)?;
    Ok(game.id)
}

/// The slot a table's game starts at: its first empty one, when every
/// slot after it is empty too.
fn first_slot(conn: &mut crate::db::AnyConnection, table: &RoundTable) -> OpResult<i32> {
    let typed: Vec<i32> = crate::db::models::Deal::for_table(conn, table.id)?
        .iter()
        .map(|d| d.number)
        .collect();
    let Some(first) = (1..=table.deal_count).find(|k| !typed.contains(k)) else {
        return Err(OpError::Conflict(Msg::new("game-table-full").arg("n", table.number)));
    };
    if let Some(after) = typed.iter().copied().filter(|k| *k > first).min() {
        return Err(OpError::Conflict(
            Msg::new("game-table-gap")
                .arg("n", table.number)
                .arg("typed", after)
                .arg("first", first),
        ));
    }
    Ok(first)
}

/// Gives a seat to a bot (any time: a player who left), or back to its
/// player (`None`: only between two deals). A seat without a secret link
/// gets one when a person takes it.
pub fn set_bot(tx: &mut Tx<'_>, id: GameId, table_seat: usize, bot: Option<BotKind>) -> OpResult<()> {
    GameRow::lock(tx, id)?;
    let st = GameState::load(tx, id)?;
    let seat = st.seats.get(table_seat).ok_or(OpError::NotFound)?;
    if bot.is_none() && seat.bot.is_some() && !st.between_deals() {
        return Err(OpError::Conflict(Msg::new("game-take-back-between-deals")));
    }
    seat.set_bot(tx, bot)?;
    if bot.is_none() && seat.token.is_none() {
        seat.set_token(tx, &seat_token())?;
    }
    Ok(())
}

/// The player at `table_seat` leaves the table between two deals: a bot
/// ([`BotKind::DEFAULT`]) plays the seat until the player takes it back
/// with the same link; the seat's points stay its own.
pub fn leave(tx: &mut Tx<'_>, id: GameId, table_seat: usize) -> OpResult<()> {
    GameRow::lock(tx, id)?;
    let st = GameState::load(tx, id)?;
    if !st.between_deals() {
        return Err(OpError::Conflict(Msg::new("game-leave-between-deals")));
    }
    // The seat keeps its link: that is how the player comes back.
    let seat = st.seats.get(table_seat).ok_or(OpError::NotFound)?;
    seat.set_bot(tx, Some(BotKind::DEFAULT))?;
    Ok(())
}

/// Sets how fast the bots of game `id` play (any seat of the game may).
pub fn set_pace(tx: &mut Tx<'_>, id: GameId, pace: Pace) -> OpResult<()> {
    GameRow::lock(tx, id)?;
    match GameRow::set_pace(tx, id, pace)? {
        0 => Err(OpError::NotFound),
        _ => Ok(()),
    }
}
