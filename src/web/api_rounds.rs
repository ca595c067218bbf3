//! The JSON API's rounds (FORMATS.md, "The JSON API"): starting one (a
//! duplicate round's bots set going), its document, closing it; and its
//! corrections: undoing the start of the last round, moving and swapping
//! players between its tables, moving its bell. The same operations as the
//! round page's forms.

use std::collections::BTreeMap;

use actix_web::{delete, get, post, web, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::db::models::{Deal, Round, RoundTable};
use crate::db::ops::round_clock;
use crate::db::ops::round_edits::{self, Reason, SeatChange};
use crate::db::ops::{rounds, tournaments};
use crate::db::ops::{Msg, OpError};
use crate::tournament::clock::{rfc3339, rfc3339_ms};
use crate::tournament::ids::{PlayerId, RoundNo, TournamentId};
use crate::web::settings::round_timing;

use super::api::{json_body, optional_body};
use super::{AppError, AppState, Organizer};

/// Routes of this module.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(start_round)
        .service(get_round)
        .service(close_round)
        .service(undo_round)
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
fn number<T: TryFrom<i32>>(v: &Value, key: &'static str) -> Result<T, AppError> {
    v.get(key)
        .and_then(Value::as_i64)
        .and_then(|n| i32::try_from(n).ok())
        .and_then(|n| T::try_from(n).ok())
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
        player: number(&v, "player")?,
        with: number(&v, "with")?,
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
        player: number(&v, "player")?,
        table: number(&v, "table")?,
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

/// The optional body of `POST /api/tournaments/{id}/rounds`.
#[derive(Deserialize, Default)]
struct StartBody {
    /// Force the close of the round still open (deals missing or not).
    #[serde(default)]
    close_previous: bool,
    /// The round's length in minutes (absent or null: the tournament's setting).
    #[serde(default)]
    minutes: Option<Value>,
}

#[post("/api/tournaments/{id}/rounds")]
async fn start_round(
    state: web::Data<AppState>,
    org: Organizer,
    path: web::Path<TournamentId>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let StartBody {
        close_previous,
        minutes,
    } = optional_body(&body)?;
    let timing = round_timing(minutes.as_ref())?;
    let actor = org.0.username.clone();
    let seated = state
        .write(move |tx| Ok(rounds::start_timed(tx, id, None, close_previous, timing, &actor)?))
        .await?;
    Ok(HttpResponse::Created().json(seated))
}

#[get("/api/tournaments/{id}/rounds/{n}")]
async fn get_round(
    state: web::Data<AppState>,
    _org: Organizer,
    path: web::Path<(TournamentId, RoundNo)>,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    let doc = state
        .db(move |conn| {
            // Four queries, whatever the number of tables.
            let round = Round::find(conn, id, n)?.ok_or(AppError::NotFound)?;
            let seated = RoundTable::with_players_of_round(conn, round.id)?;
            let mut deals: BTreeMap<i32, Vec<Value>> = BTreeMap::new();
            for (d, scores) in Deal::with_scores_in_round(conn, round.id)? {
                let scores: BTreeMap<String, i32> = scores.into_iter().map(|(p, s)| (p.to_string(), s)).collect();
                let mut deal = json!({"deal": d.number, "passed": d.passed, "record": d.record.to_json(),
                                      "scores": scores, "entered_by": d.entered_by, "version": d.version});
                // Voided by the organizer: kept, counting for nobody.
                if let Some(why) = &d.void_reason {
                    deal["void"] = json!(why);
                }
                deals.entry(d.table_id).or_default().push(deal);
            }
            // A duplicate round: each table's deal numbers, and its entries
            // (each with its deal's number) beside them.
            let numbers = rounds::duplicate_deals(&tournaments::get(conn, id)?, n);
            let tables: Vec<Value> = seated
                .into_iter()
                .map(|(table, players)| {
                    let players: Vec<PlayerId> = players.into_iter().map(|(id, _)| id).collect();
                    let mut entries = deals.remove(&table.id).unwrap_or_default();
                    let mut doc = json!({"table": table.number, "token": table.token, "players": players,
                                         "deal_count": table.deal_count});
                    match &numbers {
                        None => doc["deals"] = json!(entries),
                        Some(numbers) => {
                            for e in &mut entries {
                                let k = e["deal"].as_u64().unwrap_or(0) as usize;
                                e["deal_no"] = json!(numbers.get(k.wrapping_sub(1)));
                            }
                            doc["deals"] = json!(numbers);
                            doc["entries"] = json!(entries);
                        }
                    }
                    doc
                })
                .collect();
            let mut doc = json!({"round": n, "closed": round.is_closed(), "tables": tables});
            if let Some(end) = round.ends_at {
                doc["ends_at"] = json!(rfc3339(end));
            }
            Ok(doc)
        })
        .await?;
    Ok(HttpResponse::Ok().json(doc))
}

#[derive(Deserialize, Default)]
struct CloseBody {
    #[serde(default)]
    force: bool,
}

#[post("/api/tournaments/{id}/rounds/{n}/close")]
async fn close_round(
    state: web::Data<AppState>,
    org: Organizer,
    path: web::Path<(TournamentId, RoundNo)>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    let CloseBody { force } = optional_body(&body)?;
    let actor = org.0.username.clone();
    state
        .write(move |tx| Ok(rounds::close(tx, id, n, force, &actor)?))
        .await?;
    Ok(HttpResponse::Ok().json(json!({ "round": n, "closed": true })))
}
