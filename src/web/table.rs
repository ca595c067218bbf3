//! The table's own pages, opened from its secret link (`/t/{token}`): the
//! score sheet and the deal entry form, no login. A table can write only its
//! own deals, and only while the round is open.

use actix_web::{get, post, web, HttpResponse};

use crate::db::ops::deals::Actor;

use super::csrf::CsrfForm;
use super::deal::entry::{enter_from_form, form_page, DealForm};
use super::deal::{sheet, TableAt};
use super::{render, AppError, AppState, Ctx};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(show_sheet).service(deal_form).service(deal_post);
}

#[get("/t/{token}")]
async fn show_sheet(ctx: Ctx, state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, AppError> {
    let at = TableAt::Token(path.into_inner());
    let page = state.db(move |conn| sheet::build(conn, ctx, &at)).await?;
    Ok(render::page(&page))
}

#[get("/t/{token}/deals/{k}")]
async fn deal_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, AppError> {
    let (token, k) = path.into_inner();
    let at = TableAt::Token(token);
    let page = state.db(move |conn| form_page(conn, ctx, &at, k, None, None)).await?;
    Ok(render::page(&page))
}

#[post("/t/{token}/deals/{k}")]
async fn deal_post(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
    form: CsrfForm<DealForm>,
) -> Result<HttpResponse, AppError> {
    let (token, k) = path.into_inner();
    enter_from_form(&state, ctx, TableAt::Token(token), k, form.0, Actor::Table).await
}
