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

use diesel::prelude::*;
use rand::{SeedableRng, TryRngCore};

use crate::db::models::{
    GameActionRow, GameDeal, GameRow, GameSeat, NewGameSeat, Player, Round, RoundTable, Tournament,
};
use crate::db::{now, AnyConnection, Tx};
use crate::secrets::new_token;
use crate::tarot::{Action, Contract, Game, Phase, PlayError, Seat};
use crate::tournament::deal::TableDeal;
use crate::tournament::ids::{PlayerId, RoundNo};
use crate::tournament::table::{dealer_seat, Table5Mode};

use super::deals::{self, Actor, Entry};
use super::{Msg, OpError, OpResult};

pub use crate::bots::BotKind;

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

/// A game and the state of its deals, read in one go.
#[derive(Debug, Clone)]
pub struct GameState {
    /// The game.
    pub game: GameRow,
    /// Its seats, in table order.
    pub seats: Vec<GameSeat>,
    /// Its deals so far, in order.
    pub deals: Vec<GameDeal>,
    /// The last deal, rebuilt.
    pub play: Option<Game>,
    /// The table seat of each seat of the last deal.
    pub map: Vec<usize>,
    /// Actions of the last deal read (its version: what a page sends back).
    pub version: i32,
    /// For a digital table: its tournament, round and table.
    pub table: Option<(Tournament, Round, RoundTable)>,
}

impl GameState {
    /// Reads game `id` and rebuilds its last deal, all from one moment of
    /// the database: outside a transaction it opens one (on PostgreSQL
    /// repeatable read, so every query sees the same snapshot; SQLite's
    /// reader sees one in any transaction). Else a deal finishing between
    /// two of the queries could show over without its scores in the totals.
    pub fn load(conn: &mut AnyConnection, id: i32) -> OpResult<GameState> {
        if crate::db::in_transaction(conn)? {
            return GameState::read(conn, id);
        }
        conn.transaction(|conn| {
            if let AnyConnection::Postgresql(pg) = conn {
                diesel::sql_query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY").execute(pg)?;
            }
            GameState::read(conn, id)
        })
    }

    fn read(conn: &mut AnyConnection, id: i32) -> OpResult<GameState> {
        let game = GameRow::find(conn, id)?.ok_or(OpError::NotFound)?;
        let seats = GameSeat::of_game(conn, id)?;
        let deals = GameDeal::of_game(conn, id)?;
        // The version is the number of actions rebuilt.
        let (play, map, version) = match deals.last() {
            Some(d) => {
                let actions = GameActionRow::of_deal(conn, d.id)?;
                (Some(rebuild(d, &actions)?), seat_map(d)?, actions.len() as i32)
            }
            None => (None, Vec::new(), 0),
        };
        let table = match game.table_id {
            Some(tid) => {
                use crate::db::schema::{round_tables, rounds};
                let (table, round): (RoundTable, Round) = round_tables::table
                    .inner_join(rounds::table)
                    .filter(round_tables::id.eq(tid))
                    .select((RoundTable::as_select(), Round::as_select()))
                    .first(conn)?;
                let t = Tournament::find(conn, round.tournament_id)?.ok_or(OpError::NotFound)?;
                Some((t, round, table))
            }
            None => None,
        };
        Ok(GameState {
            game,
            seats,
            deals,
            play,
            map,
            version,
            table,
        })
    }

    /// The last deal's row.
    pub fn current(&self) -> Option<&GameDeal> {
        self.deals.last()
    }

    /// The seat of the last deal a table seat plays (`None`: it sits out).
    pub fn deal_seat(&self, table_seat: usize) -> Option<Seat> {
        self.map.iter().position(|&t| t == table_seat).map(|p| Seat(p as u8))
    }

    /// The table seat to act now, if a deal is in progress.
    pub fn to_act(&self) -> Option<usize> {
        let g = self.play.as_ref()?;
        g.to_act().map(|s| self.map[s.index()])
    }

    /// The bot to act now: its seat of the deal and what it is.
    pub fn bot_to_act(&self) -> Option<(Seat, BotKind)> {
        let table_seat = self.to_act()?;
        let bot = self.seats[table_seat].bot?;
        Some((self.deal_seat(table_seat)?, bot))
    }

    /// Whether the last deal is over.
    pub fn deal_over(&self) -> bool {
        self.play.as_ref().is_none_or(|g| g.phase() == Phase::Done)
    }

    /// Whether another deal is still to play once this one is over.
    pub fn more_deals(&self) -> bool {
        (self.deals.len() as i32) < self.game.deal_count
    }

    /// Whether a seat is played by a bot.
    pub fn is_bot(&self, table_seat: usize) -> bool {
        self.seats.get(table_seat).is_some_and(|s| s.bot.is_some())
    }

    /// Whether the deal in progress has seen no action yet, or is over: a
    /// seat may change hands only then.
    pub fn between_deals(&self) -> bool {
        self.deal_over() || self.version == 0
    }

    /// Whether every deal is played.
    pub fn finished(&self) -> bool {
        self.deal_over() && !self.more_deals()
    }

    /// Whether the game's round is closed (a digital table).
    pub fn round_closed(&self) -> bool {
        self.table.as_ref().is_some_and(|(_, r, _)| r.is_closed())
    }

    /// The smallest handful a person at `table_seat` may show now (a bot's
    /// seat is offered none).
    pub fn handful_offer(&self, table_seat: usize) -> Option<crate::tarot::CardSet> {
        let seat = self.deal_seat(table_seat).filter(|_| !self.is_bot(table_seat))?;
        self.play.as_ref()?.smallest_handful(seat)
    }

    /// Names by seat of the last deal.
    pub fn deal_names(&self) -> Vec<String> {
        self.map.iter().map(|&t| self.seats[t].name.clone()).collect()
    }
}

/// The table seat of each seat of deal `d`.
pub fn seat_map(d: &GameDeal) -> OpResult<Vec<usize>> {
    serde_json::from_str(&d.seat_map).map_err(|e| OpError::Db(diesel::result::Error::DeserializationError(e.into())))
}

fn corrupt(what: String) -> OpError {
    OpError::Db(diesel::result::Error::DeserializationError(what.into()))
}

/// Rebuilds a deal from its seed and stored actions.
pub fn rebuild(d: &GameDeal, actions: &[GameActionRow]) -> OpResult<Game> {
    let map = seat_map(d)?;
    let mut list = Vec::with_capacity(actions.len());
    for a in actions {
        let action: Action =
            serde_json::from_str(&a.action).map_err(|e| corrupt(format!("action {} of deal {}: {e}", a.idx, d.id)))?;
        list.push((Seat(a.seat as u8), action));
    }
    Game::replay(map.len() as u8, Seat(d.dealer as u8), d.seed as u64, &list)
        .map_err(|(i, e)| corrupt(format!("action {i} of deal {} does not replay: {e}", d.id)))
}

/// Who plays deal `number` at a table of `seats` and who deals: the table
/// seat of each seat of the deal, and the dealer as a seat of the deal. At a
/// table of 5 in FFT mode the dealer sits out: the four others play, the
/// first after the dealer opening the bidding.
pub fn deal_shape(seats: usize, number: i32, mode: Table5Mode) -> (Vec<usize>, u8) {
    let dealer = dealer_seat(seats, number);
    if seats == 5 && mode == Table5Mode::DealerOut {
        let map: Vec<usize> = (1..5).map(|k| (dealer + k) % 5).collect();
        (map, 3)
    } else {
        ((0..seats).collect(), dealer as u8)
    }
}

/// Deals the next deal of a game (inside the caller's transaction).
fn deal_next(conn: &mut AnyConnection, st: &GameState) -> OpResult<GameDeal> {
    let number = st.deals.len() as i32 + 1;
    let mode = st
        .table
        .as_ref()
        .map_or(Table5Mode::CalledKing, |(t, _, _)| t.table5_mode);
    let (map, dealer) = deal_shape(st.seats.len(), number, mode);
    let seed = match st.game.seed {
        Some(s) => (s as u64).wrapping_add(number as u64 - 1),
        None => os_seed(),
    };
    let map_json = serde_json::to_string(&map).expect("a list of numbers");
    Ok(GameDeal::insert(
        conn,
        st.game.id,
        number,
        i32::from(dealer),
        &map_json,
        seed as i64,
        now(),
    )?)
}

/// What a new casual game is.
#[derive(Debug, Clone)]
pub struct CasualGame {
    /// Table size: 3, 4 or 5.
    pub players: u8,
    /// Names by seat (blank: "Place n").
    pub names: Vec<String>,
    /// The bot of each seat given to one.
    pub bots: Vec<(usize, BotKind)>,
    /// Deals to play.
    pub deals: i32,
    /// The first deal's seed (`None`: from the operating system).
    pub seed: Option<u64>,
}

/// A game just set up: its id and each seat's secret link (none for bots).
#[derive(Debug, Clone)]
pub struct Created {
    /// The game.
    pub id: i32,
    /// `(seat, token)`.
    pub seats: Vec<(usize, Option<String>)>,
}

/// The most deals a casual game plays.
pub const MAX_DEALS: i32 = 100;

/// Starts a casual game and deals its first deal.
pub fn create_casual(tx: &mut Tx<'_>, spec: &CasualGame, created_by: &str) -> OpResult<Created> {
    if !(3..=5).contains(&spec.players) {
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
                    (None, Some(_)) => format!("Bot {}", s + 1),
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
/// with its secret link, and its first deal dealt (only before any deal of
/// the table was entered). A table
/// already digital is left as it is. Its game id.
pub fn make_digital(tx: &mut Tx<'_>, table: &RoundTable, created_by: &str) -> OpResult<i32> {
    use crate::db::schema::rounds;
    if let Some(g) = GameRow::for_table(tx, table.id)? {
        return Ok(g.id);
    }
    let round: Round = rounds::table
        .find(table.round_id)
        .select(Round::as_select())
        .first(tx.conn())?;
    if round.is_closed() {
        return Err(OpError::Conflict(
            Msg::new("deal-round-closed").arg("round", round.number),
        ));
    }
    let players = RoundTable::players(tx, table.id)?;
    let names = Player::names(tx, &players)?;
    // The game's deals are the table's slots from the first one on.
    if !crate::db::models::Deal::for_table(tx, table.id)?.is_empty() {
        return Err(OpError::Conflict(Msg::new("game-table-started").arg("n", table.number)));
    }
    let game = GameRow::insert(
        tx,
        Some(round.tournament_id),
        Some(table.id),
        players.len() as i32,
        table.deal_count,
        None,
        created_by,
        now(),
    )?;
    let seats: Vec<NewGameSeat> = players
        .iter()
        .enumerate()
        .map(|(s, p)| NewGameSeat {
            game_id: game.id,
            seat: s as i32,
            name: names.get(p).cloned().unwrap_or_default(),
            player_id: Some(*p),
            token: Some(seat_token()),
            bot: None,
        })
        .collect();
    GameSeat::insert_all(tx, &seats)?;
    let st = GameState::load(tx, game.id)?;
    deal_next(tx, &st)?;
    Ok(game.id)
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
pub fn act(tx: &mut Tx<'_>, id: i32, table_seat: usize, action: Action, version: Option<i32>) -> OpResult<Acted> {
    GameRow::lock(tx, id)?;
    let st = GameState::load(tx, id)?;
    let (Some(deal), Some(game)) = (st.current(), st.play.as_ref()) else {
        return Err(OpError::Conflict(Msg::new("play-deal-over")));
    };
    if st.round_closed() {
        let round = st.table.as_ref().map_or(RoundNo(0), |(_, r, _)| r.number);
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
    GameActionRow::insert(tx, deal.id, st.version, i32::from(seat.0), &json, now())?;
    GameDeal::set_actions(tx, deal.id, st.version + 1)?;
    if next.phase() == Phase::Done {
        finish(tx, &st, deal, &next)?;
    }
    Ok(Acted::Done)
}

/// Stores the end of a deal: its scores by table seat and its log, and for
/// a digital table the deal in the table's slot.
fn finish(tx: &mut Tx<'_>, st: &GameState, deal: &GameDeal, game: &Game) -> OpResult<()> {
    let engine = game.scores().unwrap_or_default();
    let mut scores: Vec<Option<i64>> = vec![None; st.seats.len()];
    if let Some((_, round, table)) = &st.table {
        let players: Vec<PlayerId> = st
            .map
            .iter()
            .map(|&t| st.seats[t].player_id.unwrap_or_default())
            .collect();
        let record = TableDeal::from_record(game.record().as_ref(), &players);
        let entered = deals::enter(
            tx,
            &Entry {
                table,
                round,
                number: deal.number,
                deal: &record,
                actor: &Actor::Table,
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
    GameDeal::finish(tx, deal.id, &scores, &log, now())?;
    Ok(())
}

/// Deals the next deal once the last one is over (`{"next": true}`).
pub fn next_deal(tx: &mut Tx<'_>, id: i32) -> OpResult<()> {
    GameRow::lock(tx, id)?;
    let st = GameState::load(tx, id)?;
    if !st.deal_over() {
        return Err(OpError::Conflict(Msg::new("game-deal-in-progress")));
    }
    if !st.more_deals() {
        return Err(OpError::Conflict(
            Msg::new("game-over").arg("deals", st.game.deal_count),
        ));
    }
    if st.round_closed() {
        let round = st.table.as_ref().map_or(RoundNo(0), |(_, r, _)| r.number);
        return Err(OpError::Conflict(Msg::new("deal-round-closed").arg("round", round)));
    }
    deal_next(tx, &st)?;
    Ok(())
}

/// Gives a seat to a bot (any time: a player who left), or back to its
/// player (`None`: only between two deals). A seat without a secret link
/// gets one when a person takes it.
pub fn set_bot(tx: &mut Tx<'_>, id: i32, table_seat: usize, bot: Option<BotKind>) -> OpResult<()> {
    GameRow::lock(tx, id)?;
    let st = GameState::load(tx, id)?;
    let seat = st.seats.get(table_seat).ok_or(OpError::NotFound)?;
    if bot.is_none() && seat.bot.is_some() && !st.between_deals() {
        return Err(OpError::Conflict(Msg::new("game-take-back-between-deals")));
    }
    GameSeat::set_bot(tx, seat.id, bot)?;
    if bot.is_none() && seat.token.is_none() {
        GameSeat::set_token(tx, seat.id, &seat_token())?;
    }
    Ok(())
}

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
    },
    /// A table of bots only deals its next deal.
    Deal,
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
            } => {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(os_seed());
                BotMove::Play {
                    table_seat: *table_seat,
                    action: kind.bot().act(game, *seat, &mut rng),
                    version: *version,
                }
            }
            BotTurn::Deal => BotMove::Deal,
        }
    }
}

/// What the bots of game `id` have to do now, if anything: the bot whose
/// turn it is plays; at a table of bots only, the next deal is dealt when
/// one is over.
pub fn bot_turn(conn: &mut AnyConnection, id: i32) -> OpResult<Option<BotTurn>> {
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
        }));
    }
    let all_bots = st.seats.iter().all(|s| s.bot.is_some());
    Ok((st.deal_over() && st.more_deals() && all_bots).then_some(BotTurn::Deal))
}

/// Writes a bot's decision: as a seat's action (refused if the deal moved
/// on since the bot read it: someone else acted, look again), or the next
/// deal. Whether it was written.
pub fn bot_move(tx: &mut Tx<'_>, id: i32, decided: &BotMove) -> OpResult<bool> {
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
        Err(OpError::Conflict(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Games with a deal in progress (to wake their bots after a restart).
pub fn unfinished(conn: &mut AnyConnection) -> OpResult<Vec<i32>> {
    let mut ids: Vec<i32> = GameDeal::unfinished(conn)?.iter().map(|d| d.game_id).collect();
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}
