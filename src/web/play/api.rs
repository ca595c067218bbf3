//! The seats' JSON routes, exactly as FORMATS.md ("Digital play: seats")
//! writes them: start a casual game, a seat's view, a seat's action, a
//! deal's log.

use actix_web::{get, post, web, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::db::models::{GameDeal, GameSeat};
use crate::db::ops::games::{self, BotKind, CasualGame, GameState, Pace};
use crate::db::ops::{Msg, OpError};
use crate::tarot::{Action, GameLog};
use crate::tournament::ids::GameId;
use crate::tournament::ids::{RoundNo, TableNo, TournamentId};

use super::super::{AppError, AppState, Organizer};
use super::view::seat_json;

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(create_game)
        .service(seat_view)
        .service(seat_action)
        .service(game_log)
        .service(table_digital)
        .service(seat_bot)
        .service(game_pace);
}

fn invalid(key: &'static str) -> AppError {
    AppError::Op(OpError::Invalid(Msg::new(key)))
}

fn parse_body(body: &web::Bytes) -> Result<Value, AppError> {
    let v: Value = serde_json::from_slice(body).map_err(|e| AppError::BadRequest(format!("malformed JSON: {e}")))?;
    crate::web::input::check_json(&v)?;
    Ok(v)
}

/// `POST /api/games`'s body, read field by field so a wrong one is named.
fn casual_from_json(v: &Value) -> Result<CasualGame, AppError> {
    let o = v.as_object().ok_or_else(|| invalid("game-json-not-object"))?;
    let int = |key: &'static str| -> Result<Option<i64>, AppError> {
        match o.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) if n.is_i64() => Ok(n.as_i64()),
            Some(_) => Err(AppError::Op(OpError::Invalid(
                Msg::new("game-json-not-integer").arg("key", key),
            ))),
        }
    };
    let players = int("players")?.ok_or_else(|| invalid("game-players-required"))?;
    let players = u8::try_from(players)
        .ok()
        .filter(|p| (3..=6).contains(p))
        .ok_or_else(|| AppError::Op(OpError::Invalid(Msg::new("game-players").arg("players", players))))?;
    let kind = match o.get("bot") {
        None | Some(Value::Null) => BotKind::DEFAULT,
        Some(Value::String(s)) => BotKind::from_name(s).ok_or_else(|| invalid("game-bot-kind"))?,
        Some(_) => return Err(invalid("game-bot-kind")),
    };
    let mut bots = Vec::new();
    match o.get("bots") {
        None | Some(Value::Null) => {}
        Some(Value::Array(list)) => {
            for b in list {
                let s = b.as_u64().filter(|s| *s < u64::from(players)).ok_or_else(|| {
                    AppError::Op(OpError::Invalid(
                        Msg::new("game-bot-seat")
                            .arg("seat", b.to_string())
                            .arg("last", players - 1),
                    ))
                })?;
                if !bots.iter().any(|(x, _)| *x == s as usize) {
                    bots.push((s as usize, kind));
                }
            }
        }
        Some(_) => return Err(invalid("game-bots-list")),
    }
    let seed = match o.get("seed") {
        None | Some(Value::Null) => None,
        Some(Value::Number(n)) if n.as_u64().is_some_and(|s| s <= games::MAX_SEED) => n.as_u64(),
        Some(_) => return Err(invalid("game-seed")),
    };
    let deals = int("deals")?.unwrap_or(1);
    let deals = i32::try_from(deals).unwrap_or(0);
    let names = match o.get("names") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(list)) => list
            .iter()
            .map(|n| n.as_str().map(str::to_owned).ok_or_else(|| invalid("game-names-list")))
            .collect::<Result<_, _>>()?,
        Some(_) => return Err(invalid("game-names-list")),
    };
    let names = games::seat_names(&names).map_err(|m| AppError::Op(OpError::Invalid(m)))?;
    let pace = match o.get("pace") {
        None | Some(Value::Null) => Pace::Normal,
        Some(Value::String(s)) => Pace::from_name(s).ok_or_else(|| invalid("game-pace"))?,
        Some(_) => return Err(invalid("game-pace")),
    };
    Ok(CasualGame {
        players,
        names,
        bots,
        deals,
        seed,
        pace,
    })
}

#[post("/api/games")]
async fn create_game(state: web::Data<AppState>, org: Organizer, body: web::Bytes) -> Result<HttpResponse, AppError> {
    let spec = casual_from_json(&parse_body(&body)?)?;
    let who = org.0.username.clone();
    let created = state
        .write(move |tx| Ok(games::create_casual(tx, &spec, &who)?))
        .await?;
    let seats: Vec<Value> = created
        .seats
        .iter()
        .map(|(s, token)| match token {
            Some(t) => json!({"seat": s, "token": t}),
            None => json!({"seat": s}),
        })
        .collect();
    Ok(HttpResponse::Created().json(json!({"game": created.id, "seats": seats})))
}

/// The seat of a secret link and its game, read together.
pub fn seat_state(conn: &mut crate::db::AnyConnection, token: &str) -> Result<(GameSeat, GameState), AppError> {
    let seat = GameSeat::by_token(conn, token)?.ok_or(AppError::NotFound)?;
    let st = GameState::load(conn, seat.game_id)?;
    Ok((seat, st))
}

/// A seat's view as the API answers it (never cached).
async fn view_response(state: &AppState, token: String) -> Result<HttpResponse, AppError> {
    let view = state
        .db(move |conn| {
            let (seat, st) = seat_state(conn, &token)?;
            Ok(seat_json(&st, seat.seat as usize))
        })
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(view))
}

#[get("/api/seats/{token}")]
async fn seat_view(state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    view_response(&state, token).await
}

/// One action of a seat, as a page or the API sends it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatAction {
    /// A move of the deal.
    Play(Action),
    /// Deal the next deal.
    Next,
}

/// Reads an action object (FORMATS.md) and the optional `version` it was
/// chosen at.
pub fn action_from_json(v: &Value) -> Result<(SeatAction, Option<i32>), AppError> {
    let o = v.as_object().ok_or_else(|| invalid("game-json-not-object"))?;
    let version = match o.get("version") {
        None | Some(Value::Null) => None,
        Some(Value::Number(n)) => Some(
            n.as_i64()
                .and_then(|x| i32::try_from(x).ok())
                .ok_or_else(|| invalid("game-version"))?,
        ),
        Some(_) => return Err(invalid("game-version")),
    };
    let mut rest: Map<String, Value> = o.clone();
    rest.remove("version");
    if rest.get("next") == Some(&Value::Bool(true)) && rest.len() == 1 {
        return Ok((SeatAction::Next, version));
    }
    if rest.len() != 1 {
        return Err(invalid("game-action-one"));
    }
    let action: Action = serde_json::from_value(Value::Object(rest)).map_err(|e| {
        AppError::Op(OpError::Invalid(
            Msg::new("game-action-unknown").arg("detail", e.to_string()),
        ))
    })?;
    Ok((SeatAction::Play(action), version))
}

/// Plays a seat's action; the seat's game.
pub async fn perform(
    state: &AppState,
    token: String,
    action: SeatAction,
    version: Option<i32>,
) -> Result<GameId, AppError> {
    let id = state
        .write(move |tx| {
            let (seat, st) = seat_state(tx, &token)?;
            if seat.bot.is_some() {
                return Err(AppError::Op(OpError::Conflict(Msg::new("game-seat-bot"))));
            }
            match action {
                SeatAction::Next => games::next_deal(tx, st.game.id)?,
                SeatAction::Play(a) => {
                    games::act(tx, st.game.id, seat.seat as usize, a, version)?;
                }
            }
            Ok(st.game.id)
        })
        .await?;
    Ok(id)
}

#[post("/api/seats/{token}/actions")]
async fn seat_action(
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    let (action, version) = action_from_json(&parse_body(&body)?)?;
    perform(&state, token.clone(), action, version).await?;
    view_response(&state, token).await
}

/// `?deal=k`: which deal of the game (default: the last one).
#[derive(Debug, Deserialize)]
pub struct DealQuery {
    /// The deal's number.
    pub deal: Option<i32>,
}

/// The game-log line of deal `k` of a game (the last one by default): to
/// the organizer at any time, to anyone once the deal is over.
pub fn deal_log(
    conn: &mut crate::db::AnyConnection,
    st: &GameState,
    deal: Option<i32>,
    organizer: bool,
) -> Result<GameLog, AppError> {
    let d = match deal {
        Some(k) => st.deals.iter().find(|d| d.number == k),
        None => st.deals.last(),
    }
    .ok_or(AppError::NotFound)?;
    log_of(conn, st, d, organizer)
}

/// The log of deal `d` of a game, replayed from its seed and stored
/// actions and checked against what is stored ([`games::verify`]: one
/// that does not replay is a 409 naming the game, the deal and the
/// action); while it is played, the organizer's only (409 to others). A
/// tournament table's deals are the organizer's only until their round is
/// closed (404 to others, as if there were no such game): the one rule of
/// the log and the replay page.
pub fn log_of(
    conn: &mut crate::db::AnyConnection,
    st: &GameState,
    d: &GameDeal,
    organizer: bool,
) -> Result<GameLog, AppError> {
    Ok(game_of(conn, st, d, organizer)?.log())
}

/// A deal replayed and checked, under the rule of [`log_of`].
pub fn game_of(
    conn: &mut crate::db::AnyConnection,
    st: &GameState,
    d: &GameDeal,
    organizer: bool,
) -> Result<crate::tarot::Game, AppError> {
    if !organizer && st.table.is_some() && !st.round_closed() {
        return Err(AppError::NotFound);
    }
    if d.log.is_none() && !organizer {
        return Err(AppError::Op(OpError::Conflict(Msg::new("game-log-in-progress"))));
    }
    let table = st.table.as_ref().map(|(t, r, _)| (t, r.number));
    Ok(games::verify(conn, d, st.seats.len(), table)?)
}

#[get("/api/games/{id}/log")]
async fn game_log(
    state: web::Data<AppState>,
    org: Option<Organizer>,
    path: web::Path<GameId>,
    q: web::Query<DealQuery>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let deal = q.deal;
    let log = state
        .db(move |conn| {
            let st = GameState::load(conn, id)?;
            deal_log(conn, &st, deal, org.is_some())
        })
        .await?;
    Ok(HttpResponse::Ok().json(log))
}

/// `POST /api/tournaments/{id}/rounds/{n}/tables/{t}/digital` (organizer):
/// the table plays on the devices; its game and each seat's link.
#[post("/api/tournaments/{id}/rounds/{n}/tables/{t}/digital")]
async fn table_digital(
    state: web::Data<AppState>,
    org: Organizer,
    path: web::Path<(TournamentId, RoundNo, TableNo)>,
) -> Result<HttpResponse, AppError> {
    let (tid, n, t) = path.into_inner();
    let who = org.0.username.clone();
    let (id, seats) = state
        .write(move |tx| {
            let (table, _) = crate::db::models::RoundTable::by_number(tx, tid, n, t)?.ok_or(AppError::NotFound)?;
            let id = games::make_digital(tx, &table, &who)?;
            Ok((id, GameSeat::of_game(tx, id)?))
        })
        .await?;
    let seats: Vec<Value> = seats
        .iter()
        .map(|s| json!({"seat": s.seat, "player": s.player_id, "token": s.token, "bot": s.bot}))
        .collect();
    Ok(HttpResponse::Created().json(json!({"game": id, "seats": seats})))
}

/// `POST /api/games/{id}/seats/{s}` (organizer): `{"bot": "quick"|"strong"}`
/// seats a bot, `{"bot": null}` gives the seat back to its player; any
/// other body (not an object, or without `"bot"`) is refused (422), never
/// taken as "give the seat back".
#[post("/api/games/{id}/seats/{seat}")]
async fn seat_bot(
    state: web::Data<AppState>,
    _org: Organizer,
    path: web::Path<(GameId, usize)>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let (id, seat) = path.into_inner();
    let v = parse_body(&body)?;
    let Some(asked) = v.as_object().and_then(|o| o.get("bot")) else {
        return Err(invalid("game-seat-body"));
    };
    let bot = match asked {
        Value::Null => None,
        Value::String(s) => Some(BotKind::from_name(s).ok_or_else(|| invalid("game-bot-kind"))?),
        _ => return Err(invalid("game-bot-kind")),
    };
    state.write(move |tx| Ok(games::set_bot(tx, id, seat, bot)?)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// `POST /api/games/{id}/pace` (organizer): `{"pace": "instant"|"normal"|"slow"}`
/// sets how fast the game's bots play (a table of bots only, measured
/// rather than watched, plays at `instant`).
#[post("/api/games/{id}/pace")]
async fn game_pace(
    state: web::Data<AppState>,
    _org: Organizer,
    path: web::Path<GameId>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let v = parse_body(&body)?;
    let pace = match v.get("pace") {
        Some(Value::String(s)) => Pace::from_name(s).ok_or_else(|| invalid("game-pace"))?,
        _ => return Err(invalid("game-pace")),
    };
    state.write(move |tx| Ok(games::set_pace(tx, id, pace)?)).await?;
    Ok(HttpResponse::NoContent().finish())
}
