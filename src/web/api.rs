//! The JSON API (`/api`), exactly as FORMATS.md specifies, and a little more.

use std::collections::BTreeMap;

use actix_web::{delete, get, post, put, web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::db::models::Registration;
use crate::db::ops::deals;
use crate::db::ops::players::{self, PlayerFields};
use crate::db::ops::tournaments;
use crate::db::ops::{Msg, OpError};
use crate::i18n::Lang;
use crate::tarot::{score_json, ScoringRules};
use crate::tournament::deal::TableDeal;
use crate::tournament::ids::{PlayerId, RoundNo, TournamentId};
use crate::web::settings;

use super::deal::writer::DealRequest;
use super::{AppError, AppState, Organizer};

/// Routes of this module.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(score)
        .service(create_tournament)
        .service(list_tournaments)
        .service(add_player)
        .service(withdraw_player)
        .service(checkin_player)
        .service(checkin_all)
        .service(put_deal)
        .service(get_standings);
}

/// A JSON body for a route that stores what it is given: control characters refused.
pub(super) fn json_body(body: &web::Bytes) -> Result<Value, AppError> {
    let v = parse_json(body)?;
    super::input::check_json(&v)?;
    Ok(v)
}

fn parse_json(body: &web::Bytes) -> Result<Value, AppError> {
    serde_json::from_slice(body).map_err(|e| AppError::BadRequest(format!("malformed JSON: {e}")))
}

/// A JSON body that may be left out (empty: the defaults).
pub(super) fn optional_body<T: serde::de::DeserializeOwned + Default>(body: &web::Bytes) -> Result<T, AppError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    serde_json::from_slice(body).map_err(|e| AppError::BadRequest(format!("malformed JSON: {e}")))
}

/// `POST /api/score`: the same computation as `chelem score`.
#[post("/api/score")]
async fn score(body: web::Bytes) -> Result<HttpResponse, AppError> {
    // The very function `chelem score` runs on each line, so that the same
    // bytes get the same answer (a key given twice included).
    let scored = score_json(&body, &ScoringRules::default())
        .map_err(|e| AppError::BadRequest(format!("malformed JSON: {e}")))?;
    match scored {
        Ok(out) => Ok(HttpResponse::Ok().json(out)),
        Err(e) => Ok(HttpResponse::UnprocessableEntity().json(json!({ "error": e.to_string() }))),
    }
}

#[post("/api/tournaments")]
async fn create_tournament(
    state: web::Data<AppState>,
    org: Organizer,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let v = json_body(&body)?;
    let new = settings::from_json(&v)?.new_tournament(Some(org.0.id));
    let club = super::clubs::chosen(
        &state,
        &org.0.clubs,
        super::clubs::club_of_json(&v)?,
        crate::i18n::Lang::En,
    )
    .await?;
    let t = state
        .write(move |tx| {
            let t = tournaments::create(tx, &new)?;
            crate::db::ops::clubs::own_tournament(tx, t.id, club)?;
            Ok(t)
        })
        .await?;
    Ok(HttpResponse::Created().json(json!({ "id": t.id })))
}

#[get("/api/tournaments")]
async fn list_tournaments(state: web::Data<AppState>, org: Organizer) -> Result<HttpResponse, AppError> {
    let who = org.0.clubs;
    let list = state
        .db(move |conn| {
            let all = crate::db::models::Tournament::list(conn)?;
            Ok(crate::db::ops::clubs::keep_tournaments(conn, &who, all)?)
        })
        .await?;
    let out: Vec<Value> = list
        .iter()
        .map(|t| json!({"id": t.id, "name": t.name, "date": t.event_date, "rounds": t.rounds_planned}))
        .collect();
    Ok(HttpResponse::Ok().json(out))
}

/// The body of `POST /api/tournaments/{id}/players`: `{"name": "…", "club":
/// "…"}`, optionally `"licence": "…"` and `"checked_in": true|false`
/// (default true). Text fields must be JSON strings (or null: empty);
/// anything else is refused with a sentence naming the field. Other fields
/// are ignored.
struct PlayerBody {
    fields: PlayerFields,
    checked_in: bool,
}

impl PlayerBody {
    fn from_json(v: &Value) -> Result<PlayerBody, OpError> {
        let obj = v
            .as_object()
            .ok_or_else(|| OpError::Invalid(Msg::new("player-json-not-object")))?;
        let text = |key: &'static str| match obj.get(key) {
            None | Some(Value::Null) => Ok(""),
            Some(Value::String(s)) => Ok(s.as_str()),
            Some(other) => Err(OpError::Invalid(
                Msg::new("player-json-not-text")
                    .arg("key", key)
                    .arg("value", shown(other)),
            )),
        };
        let checked_in = match obj.get("checked_in") {
            None | Some(Value::Null) => true,
            Some(Value::Bool(b)) => *b,
            Some(other) => {
                return Err(OpError::Invalid(
                    Msg::new("player-json-not-bool")
                        .arg("key", "checked_in")
                        .arg("value", shown(other)),
                ))
            }
        };
        let fields = PlayerFields::new(text("name")?, text("club")?, text("licence")?).map_err(OpError::Invalid)?;
        Ok(PlayerBody { fields, checked_in })
    }
}

/// A JSON value as sent, cut short for an error sentence.
fn shown(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 40 {
        s.chars().take(40).chain(std::iter::once('…')).collect()
    } else {
        s
    }
}

#[post("/api/tournaments/{id}/players")]
async fn add_player(
    state: web::Data<AppState>,
    _org: Organizer,
    path: web::Path<TournamentId>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    // Players added through the API are present unless told otherwise.
    let PlayerBody { fields, checked_in } = PlayerBody::from_json(&json_body(&body)?)?;
    let (player, reg) = state
        .write(move |tx| {
            tournaments::get(tx, id)?;
            Ok(players::register(tx, id, &fields, checked_in)?)
        })
        .await?;
    Ok(HttpResponse::Created().json(json!({ "id": player.id, "first_round": reg.first_round })))
}

#[delete("/api/tournaments/{id}/players/{pid}")]
async fn withdraw_player(
    state: web::Data<AppState>,
    _org: Organizer,
    path: web::Path<(TournamentId, PlayerId)>,
) -> Result<HttpResponse, AppError> {
    let (id, pid) = path.into_inner();
    let after = state
        .write(move |tx| {
            tournaments::get(tx, id)?;
            Ok(players::withdraw(tx, id, pid)?)
        })
        .await?;
    Ok(HttpResponse::Ok().json(json!({ "player": pid, "withdrawn_after_round": after })))
}

/// `POST /api/tournaments/{id}/players/{pid}/checkin` with `{"present":
/// true}` (or `false`: registered, not present): sets, never toggles, so the
/// same request twice changes nothing more. The registration as it is now.
#[post("/api/tournaments/{id}/players/{pid}/checkin")]
async fn checkin_player(
    state: web::Data<AppState>,
    _org: Organizer,
    path: web::Path<(TournamentId, PlayerId)>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let (id, pid) = path.into_inner();
    let v = json_body(&body)?;
    let obj = v
        .as_object()
        .ok_or_else(|| OpError::Invalid(Msg::new("checkin-json-not-object")))?;
    let present = match obj.get("present") {
        Some(Value::Bool(b)) => *b,
        None | Some(Value::Null) => return Err(OpError::Invalid(Msg::new("checkin-json-present-missing")).into()),
        Some(other) => {
            return Err(OpError::Invalid(
                Msg::new("player-json-not-bool")
                    .arg("key", "present")
                    .arg("value", shown(other)),
            )
            .into())
        }
    };
    let reg = state
        .write(move |tx| {
            tournaments::get(tx, id)?;
            players::set_checked_in(tx, id, pid, present)?;
            Registration::find(tx, id, pid)?.ok_or(AppError::NotFound)
        })
        .await?;
    Ok(HttpResponse::Ok().json(json!({ "player": pid, "present": reg.checked_in, "first_round": reg.first_round })))
}

/// `POST /api/tournaments/{id}/checkin-all` ("everyone is here"): every
/// registered player not present yet, withdrawn players aside, marked present
/// in one go → `{"checked_in": n}` (0 when nobody was left).
#[post("/api/tournaments/{id}/checkin-all")]
async fn checkin_all(
    state: web::Data<AppState>,
    org: Organizer,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let actor = org.0.username.clone();
    let n = state
        .write(move |tx| {
            tournaments::get(tx, id)?;
            Ok(players::check_in_all(tx, id, &actor)?)
        })
        .await?;
    Ok(HttpResponse::Ok().json(json!({ "checked_in": n })))
}

/// The answer to a deal entry: scores by player id, and the rules core's details.
pub fn deal_answer(d: &deals::EnteredDeal) -> Value {
    let scores: BTreeMap<String, i32> = d.scores.iter().map(|(p, s)| (p.to_string(), *s)).collect();
    let mut out = json!({ "scores": scores, "deal": d.number, "passed": d.passed(), "changed": d.changed,
                          "version": d.version, "confirmed": d.confirmed });
    if d.replayed {
        out["replayed"] = json!(true);
    }
    if let Some(o) = &d.output {
        out["won"] = json!(o.won);
        out["target"] = json!(o.target);
        out["margin"] = json!(o.margin);
        out["formula"] = json!(o.formula);
    }
    out
}

/// The version a PUT says it last read: `"version": n` in the body or an
/// `If-Match: "n"` header (FORMATS.md, "Versions").
fn version_read(req: &HttpRequest, body: &Value) -> Result<Option<i32>, AppError> {
    let bad = |value: String| super::input::bad_number("version", &value);
    if let Some(v) = body.get("version").filter(|v| !v.is_null()) {
        let n = v
            .as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .ok_or_else(|| bad(v.to_string()))?;
        return Ok(Some(n));
    }
    match req.headers().get(actix_web::http::header::IF_MATCH) {
        None => Ok(None),
        Some(h) => {
            // The sentence quotes the value: the tag is shown without its own quotes.
            let text = h.to_str().unwrap_or_default().trim();
            let tag = text.trim_start_matches("W/").trim_matches('"');
            tag.parse().map(Some).map_err(|_| bad(tag.to_owned()))
        }
    }
}

/// The `Idempotency-Key` header of a PUT: the same key again answers what
/// the first request stored and writes nothing.
fn idempotency_key(req: &HttpRequest) -> Result<Option<String>, AppError> {
    match req.headers().get("Idempotency-Key") {
        None => Ok(None),
        Some(h) => super::deal::typed::check_key(h.to_str().unwrap_or_default())
            .map(Some)
            .ok_or_else(|| {
                AppError::BadRequest("the Idempotency-Key header must be 8 to 100 letters, digits, '-' or '_'".into())
            }),
    }
}

#[put("/api/tables/{token}/deals/{k}")]
async fn put_deal(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let (token, k) = path.into_inner();
    let v = json_body(&body)?;
    let version = version_read(&req, &v)?;
    let key = idempotency_key(&req)?;
    let request = DealRequest {
        token,
        number: k,
        deal: TableDeal::from_json(&v),
        version,
        key,
        span: tracing::Span::current(),
    };
    let entered = state.deal_writer.enter(&state, request).await?;
    match entered {
        Ok(d) => Ok(HttpResponse::Ok().json(deal_answer(&d))),
        // Stale: 409 with the deal as stored, so the client can show both.
        Err(OpError::Stale { msg, current }) => {
            Ok(HttpResponse::Conflict().json(json!({"error": msg.plain(Lang::En), "current": stored_deal(&current)})))
        }
        Err(e) => Err(e.into()),
    }
}

/// A stored deal as the API shows it (the round document's `deals`, and the
/// `current` of a stale PUT).
fn stored_deal(d: &deals::EnteredDeal) -> Value {
    let scores: BTreeMap<String, i32> = d.scores.iter().map(|(p, s)| (p.to_string(), *s)).collect();
    json!({"deal": d.number, "passed": d.passed(), "record": d.deal.to_json(), "scores": scores,
           "version": d.version})
}

#[derive(Deserialize)]
struct StandingsQuery {
    round: Option<RoundNo>,
}

/// `GET /api/tournaments/{id}/standings`: as the organizer's token sees
/// them (everything), or as anyone does (no deal only the organizer may see
/// yet, `db::ops::visible`).
#[get("/api/tournaments/{id}/standings")]
async fn get_standings(
    state: web::Data<AppState>,
    org: Option<Organizer>,
    path: web::Path<TournamentId>,
    q: web::Query<StandingsQuery>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let audience = crate::db::ops::visible::Audience::of(org.is_some());
    let data = state.standings(id, audience, q.round).await?;
    // Made once per snapshot: every request until the next change sends the same bytes.
    // Each line as `Standing` serialises: rank, player, name, total, rounds,
    // best_round, taker_wins, and late_from / withdrawn_after where they are.
    // A duplicate tournament's lines: rank, player, name, total, percent, deals.
    let body = data.rendered.json.get_or_init(|| {
        match &data.duplicate {
            Some(rows) => serde_json::to_vec(rows),
            None => serde_json::to_vec(&data.standings.lines),
        }
        .unwrap_or_default()
        .into()
    });
    let mut resp = HttpResponse::Ok();
    if data.stale {
        // The last standings read, the database away: said in the headers
        // (the body keeps its documented shape).
        use actix_web::http::header;
        let when = data.built_at.format("%a, %d %b %Y %H:%M:%S GMT").to_string();
        resp.insert_header((header::LAST_MODIFIED, when))
            .insert_header((header::WARNING, "110 - \"Response is Stale\""));
    }
    Ok(resp.content_type("application/json").body(body.clone()))
}
