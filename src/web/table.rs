//! The table's own pages, opened from its secret link (`/t/{token}`): the
//! score sheet and the deal entry form, no login. A table can write only its
//! own deals, and only while the round is open.

use actix_web::{get, post, web, HttpResponse};

use crate::db::models::RoundTable;
use crate::db::ops::deals::Actor;
use crate::db::AnyConnection;

use super::csrf::CsrfForm;
use super::organizer::rounds::{build_sheet, enter_from_form, form_page, TableAt};
use super::{render, AppError, AppState, Ctx};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(sheet).service(deal_form).service(deal_post);
}

/// (tournament id, round number, table number) of a token.
fn locate(conn: &mut AnyConnection, token: &str) -> Result<(i32, i32, i32), AppError> {
    let (table, round) = RoundTable::by_token(conn, token)?.ok_or(AppError::NotFound)?;
    Ok((round.tournament_id, round.number, table.number))
}

#[get("/t/{token}")]
async fn sheet(ctx: Ctx, state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    let page = state
        .db(move |conn| {
            let at = locate(conn, &token)?;
            build_sheet(conn, ctx, at, format!("/t/{token}"))
        })
        .await?;
    Ok(render::page(&page))
}

#[get("/t/{token}/deals/{k}")]
async fn deal_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, AppError> {
    let (token, k) = path.into_inner();
    let page = state
        .db(move |conn| {
            let (id, n, tn) = locate(conn, &token)?;
            form_page(conn, ctx, (id, n, tn, k), format!("/t/{token}"), None, None)
        })
        .await?;
    Ok(render::page(&page))
}

#[post("/t/{token}/deals/{k}")]
async fn deal_post(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
    form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let (token, k) = path.into_inner();
    let base = format!("/t/{token}");
    enter_from_form(&state, ctx, TableAt::Token(token), k, form.0, Actor::Table, base).await
}
