//! The seasons' JSON routes (FORMATS.md, "Seasons") and their live events.

use std::collections::BTreeSet;
use std::convert::Infallible;
use std::sync::Arc;

use actix_web::web::Bytes;
use actix_web::{delete, get, post, put, web, HttpRequest, HttpResponse};
use serde_json::{json, Value};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::broadcast::Receiver;

use crate::db::models::Season;
use crate::db::ops::seasons;
use crate::db::ops::visible::Audience;
use crate::db::ops::{Msg, OpError};
use crate::tournament::ids::{SeasonId, TournamentId};
use crate::web::api::json_body;
use crate::web::live::sse::{response, PING};
use crate::web::live::Batch;
use crate::web::{AppError, AppState, Organizer};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(create)
        .service(attach)
        .service(detach)
        .service(import)
        .service(get_standings)
        .service(events);
}

/// A text field of the body, or a 422 naming it.
fn text<'a>(v: &'a Value, key: &'static str) -> Result<&'a str, AppError> {
    match v.get(key) {
        Some(Value::String(s)) => Ok(s),
        _ => Err(OpError::Invalid(Msg::new("season-json-text").arg("key", key)).into()),
    }
}

/// `POST /api/seasons`: `{"name", "starts", "ends", "rule"}`, and
/// optionally `"tournaments": [ids]` attached at once → `{"id": n}`.
#[post("/api/seasons")]
async fn create(state: web::Data<AppState>, org: Organizer, body: web::Bytes) -> Result<HttpResponse, AppError> {
    let v = json_body(&body)?;
    let rule = v.get("rule").cloned().unwrap_or(Value::Null);
    let new = seasons::new_season(text(&v, "name")?, text(&v, "starts")?, text(&v, "ends")?, &rule)
        .map_err(OpError::Invalid)?;
    let tournaments: Vec<TournamentId> = match v.get("tournaments") {
        None | Some(Value::Null) => Vec::new(),
        Some(list) => {
            serde_json::from_value(list.clone()).map_err(|_| OpError::Invalid(Msg::new("season-json-tournaments")))?
        }
    };
    let lang = crate::i18n::Lang::En;
    let club = crate::web::clubs::chosen(&state, &org.0.clubs, crate::web::clubs::club_of_json(&v)?, lang).await?;
    crate::web::clubs::check_tournaments(&state, &org.0.clubs, &tournaments, lang).await?;
    let (actor, user) = (org.0.username.clone(), org.0.id);
    let id = state
        .write(move |tx| {
            let id = seasons::create(tx, &new, &tournaments, &actor, Some(user))?;
            crate::db::ops::clubs::own_season(tx, id.get(), club)?;
            Ok(id)
        })
        .await?;
    Ok(HttpResponse::Created().json(json!({ "id": id })))
}

/// `PUT /api/seasons/{id}/tournaments/{tid}`: 204.
#[put("/api/seasons/{id}/tournaments/{tid}")]
async fn attach(
    state: web::Data<AppState>,
    org: Organizer,
    path: web::Path<(SeasonId, TournamentId)>,
) -> Result<HttpResponse, AppError> {
    let (id, t) = path.into_inner();
    let actor = org.0.username.clone();
    state.write(move |tx| Ok(seasons::attach(tx, id, t, &actor)?)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// `DELETE /api/seasons/{id}/tournaments/{tid}`: 204.
#[delete("/api/seasons/{id}/tournaments/{tid}")]
async fn detach(
    state: web::Data<AppState>,
    org: Organizer,
    path: web::Path<(SeasonId, TournamentId)>,
) -> Result<HttpResponse, AppError> {
    let (id, t) = path.into_inner();
    let actor = org.0.username.clone();
    state.write(move |tx| Ok(seasons::detach(tx, id, t, &actor)?)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// `POST /api/seasons/{id}/import`: a CSV of past results (docs/seasons.md)
/// as the body → 201 `{"tournaments": [ids]}`, or 422 with the sentence
/// naming the line, nothing written.
#[post("/api/seasons/{id}/import")]
async fn import(
    state: web::Data<AppState>,
    org: Organizer,
    path: web::Path<SeasonId>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let text = String::from_utf8(body.to_vec()).map_err(|_| OpError::Invalid(Msg::new("season-import-utf8")))?;
    let actor = org.0.username.clone();
    let ids = state
        .write(move |tx| Ok(seasons::import::import(tx, id, &text, &actor)?))
        .await?;
    Ok(HttpResponse::Created().json(json!({ "tournaments": ids })))
}

/// `GET /api/seasons/{id}/standings`: anyone (an organizer sees the
/// duplicate deals not yet entered everywhere, as on a tournament's).
#[get("/api/seasons/{id}/standings")]
async fn get_standings(
    state: web::Data<AppState>,
    org: Option<Organizer>,
    path: web::Path<SeasonId>,
) -> Result<HttpResponse, AppError> {
    let s = super::standings(&state, path.into_inner(), Audience::of(org.is_some())).await?;
    Ok(HttpResponse::Ok().json(super::json_rows(&s)))
}

/// The address of a season's live events.
pub fn live_url(id: SeasonId) -> String {
    format!("/api/seasons/{id}/events")
}

struct Stream {
    state: web::Data<AppState>,
    id: SeasonId,
    tournaments: BTreeSet<TournamentId>,
    events: Receiver<Arc<Batch>>,
    _permit: crate::web::live::gate::Permit,
    first: bool,
}

/// The chunk that tells a season's page its standings changed.
fn standings_chunk(t: TournamentId) -> Bytes {
    let data = json!({ "tournament": t });
    Bytes::from(format!("event: standings\ndata: {data}\n\n"))
}

impl Stream {
    /// The next chunk: `standings` when a batch touches one of the
    /// season's tournaments, a ping now and then; `None` ends it.
    async fn next(&mut self) -> Option<Bytes> {
        if std::mem::take(&mut self.first) {
            return Some(Bytes::from_static(b"retry: 2000\n: live\n\n"));
        }
        loop {
            match tokio::time::timeout(PING, self.events.recv()).await {
                Err(_) => return Some(Bytes::from_static(b": ping\n\n")),
                Ok(Err(RecvError::Closed)) => return None,
                Ok(Err(RecvError::Lagged(_))) => return Some(Bytes::from_static(b"event: reload\ndata: {}\n\n")),
                Ok(Ok(batch)) => {
                    if let Some(t) = self.touched(&batch).await {
                        return Some(standings_chunk(t));
                    }
                }
            }
        }
    }

    /// The season's tournament that `batch` changed, if any. A tournament
    /// attached since the stream opened announces itself by a `standings`
    /// event ([`seasons::attach`]): one not held yet makes the stream read
    /// the season's tournaments again (one small query).
    async fn touched(&mut self, batch: &Batch) -> Option<TournamentId> {
        if let Some(e) = batch
            .events
            .iter()
            .find(|e| self.tournaments.contains(&e.tournament_id))
        {
            return Some(e.tournament_id);
        }
        let unknown: Vec<TournamentId> = batch
            .events
            .iter()
            .filter(|e| e.kind == "standings")
            .map(|e| e.tournament_id)
            .collect();
        if unknown.is_empty() {
            return None;
        }
        let id = self.id;
        let held = self
            .state
            .db(move |conn| Ok(Season::tournaments(conn, id)?))
            .await
            .ok()?;
        self.tournaments = held.into_iter().collect();
        unknown.into_iter().find(|t| self.tournaments.contains(t))
    }
}

/// `GET /api/seasons/{id}/events`: `event: standings` whenever one of the
/// season's tournaments changed, those attached later included.
#[get("/api/seasons/{id}/events")]
async fn events(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<SeasonId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let permit = state.streams.admit(&req)?;
    let receiver = state.hub.subscribe();
    let tournaments = state
        .db(move |conn| {
            seasons::get(conn, id)?;
            Ok(Season::tournaments(conn, id)?)
        })
        .await?;
    let stream = Stream {
        state,
        id,
        tournaments: tournaments.into_iter().collect(),
        events: receiver,
        _permit: permit,
        first: true,
    };
    let body = futures_util::stream::unfold(stream, |mut s| async move {
        s.next().await.map(|b| (Ok::<_, Infallible>(b), s))
    });
    Ok(response(body))
}
