//! Merging two directory entries through the API (organizer; see
//! `db::ops::merge`): `POST /api/players/{pid}/merge` with `{"from": id}`
//! merges entry `from` into `pid` → `{"merge": n, "kept": pid, "removed":
//! from}`; `POST /api/players/merges/{n}/undo` undoes merge `n` → 204.
//! Refusals: 422, 404 or 409 with the sentence, nothing written.

use actix_web::{post, web, HttpResponse};
use serde_json::json;

use crate::db::ops::{merge, Msg, OpError};
use crate::tournament::ids::PlayerId;
use crate::web::api::json_body;
use crate::web::{AppError, AppState, Organizer};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(merge_into).service(undo);
}

#[post("/api/players/{pid}/merge")]
async fn merge_into(
    state: web::Data<AppState>,
    org: Organizer,
    path: web::Path<PlayerId>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let kept = path.into_inner();
    let v = json_body(&body)?;
    let from: PlayerId = v
        .get("from")
        .and_then(|f| serde_json::from_value(f.clone()).ok())
        .ok_or_else(|| OpError::Invalid(Msg::new("merge-json-from")))?;
    let actor = org.0.username.clone();
    let id = state.write(move |tx| Ok(merge::merge(tx, kept, from, &actor)?)).await?;
    Ok(HttpResponse::Ok().json(json!({ "merge": id, "kept": kept, "removed": from })))
}

#[post("/api/players/merges/{mid}/undo")]
async fn undo(state: web::Data<AppState>, org: Organizer, path: web::Path<i32>) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let actor = org.0.username.clone();
    state.write(move |tx| Ok(merge::undo(tx, id, &actor)?)).await?;
    Ok(HttpResponse::NoContent().finish())
}
