//! The JSON API's corrections of a round (FORMATS.md, "The JSON API"):
//! undoing the start of the last round, moving and swapping players
//! between its tables. The same operations as the round page's forms.

use actix_web::{delete, post, web, HttpResponse};
use serde_json::Value;

use crate::db::ops::round_clock;
use crate::db::ops::round_edits::{self, Reason, SeatChange};
use crate::db::ops::{Msg, OpError};
use crate::tournament::clock::{rfc3339, rfc3339_ms};
use crate::tournament::ids::{PlayerId, RoundNo, TableNo, TournamentId};

use super::api::json_body;
use super::{AppError, AppState, Organizer};

/// Routes of this module.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(undo_round)
        .service(swap)
        .service(move_player)
        .service(move_clock);
}

/// A JSON body that may be left out (empty: an empty object).
fn body_or_empty(body: &web::Bytes) -> Result<Value, AppError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(Value::Object(Default::default()));
    }
    json_body(body)
}

/// `DELETE /api/tournaments/{id}/rounds/{n}` with `{"reason": "…"}`: 204.
#[delete("/api/tournaments/{id}/rounds/{n}")]
async fn undo_round(
    state: web::Data<AppState>,
    org: Organizer,
    path: web::Path<(TournamentId, RoundNo)>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    let v = body_or_empty(&body)?;
    let reason = v.get("reason").and_then(Value::as_str).unwrap_or_default();
    let reason = Reason::new(reason).map_err(OpError::Invalid)?;
    let actor = org.0.username.clone();
    state
        .write(move |tx| Ok(round_edits::undo_start(tx, id, n, &reason, &actor)?))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A whole number of the body that fits an id, or a 422 naming `key`.
fn number(v: &Value, key: &'static str) -> Result<i32, AppError> {
    v.get(key)
        .and_then(Value::as_i64)
        .and_then(|n| i32::try_from(n).ok())
        .ok_or_else(|| AppError::Op(OpError::Invalid(Msg::new("seats-json-number").arg("key", key))))
}

async fn change(
    state: web::Data<AppState>,
    org: Organizer,
    (id, n): (TournamentId, RoundNo),
    change: SeatChange,
) -> Result<HttpResponse, AppError> {
    let actor = org.0.username.clone();
    let seated = state
        .write(move |tx| Ok(round_edits::change_seats(tx, id, n, change, &actor)?))
        .await?;
    Ok(HttpResponse::Ok().json(seated))
}

/// `POST /api/tournaments/{id}/rounds/{n}/swap` with `{"player": 12,
/// "with": 31}`: the two change places; the round as seated now.
#[post("/api/tournaments/{id}/rounds/{n}/swap")]
async fn swap(
    state: web::Data<AppState>,
    org: Organizer,
    path: web::Path<(TournamentId, RoundNo)>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let v = json_body(&body)?;
    let swap = SeatChange::Swap {
        player: PlayerId(number(&v, "player")?),
        with: PlayerId(number(&v, "with")?),
    };
    change(state, org, path.into_inner(), swap).await
}

/// `POST /api/tournaments/{id}/rounds/{n}/move` with `{"player": 12,
/// "table": 3}`: the player takes the last place of table 3; the round as
/// seated now.
#[post("/api/tournaments/{id}/rounds/{n}/move")]
async fn move_player(
    state: web::Data<AppState>,
    org: Organizer,
    path: web::Path<(TournamentId, RoundNo)>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let v = json_body(&body)?;
    let to = SeatChange::Move {
        player: PlayerId(number(&v, "player")?),
        table: TableNo(number(&v, "table")?),
    };
    change(state, org, path.into_inner(), to).await
}

/// `POST /api/tournaments/{id}/rounds/{n}/clock` with `{"add_minutes": 5}`
/// (negative: earlier): the round's new end, `{"round": n, "ends_at":
/// "...", "now": "..."}`.
#[post("/api/tournaments/{id}/rounds/{n}/clock")]
async fn move_clock(
    state: web::Data<AppState>,
    org: Organizer,
    path: web::Path<(TournamentId, RoundNo)>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    let v = json_body(&body)?;
    let minutes = v
        .get("add_minutes")
        .and_then(Value::as_f64)
        .ok_or_else(|| AppError::Op(OpError::Invalid(Msg::new("clock-bad-minutes"))))?;
    let actor = org.0.username.clone();
    let end = state
        .write(move |tx| Ok(round_clock::move_end(tx, id, n, minutes, &actor)?))
        .await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "round": n, "ends_at": rfc3339(end), "now": rfc3339_ms(crate::db::now()),
    })))
}
