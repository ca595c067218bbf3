//! The table's own pages, opened from its secret link (`/t/{token}`): the
//! score sheet, the deal entry form with its preview, and the defenders'
//! confirmation; no login. A table can write only its own deals, and only
//! while the round is open.

use actix_web::{get, post, web, HttpResponse};
use serde::Deserialize;

use crate::db::models::RoundTable;
use crate::db::ops::deals::{self, Actor};
use crate::tournament::ids::PlayerId;

use super::csrf::CsrfForm;
use super::deal::entry::enter_from_form;
use super::deal::form::DealForm;
use super::deal::page::form_page;
use super::deal::slot::preview_response;
use super::deal::{sheet, TableAt};
use super::form::see_other;
use super::{render, AppError, AppState, Ctx};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(show_sheet)
        .service(deal_form)
        .service(deal_preview)
        .service(deal_post)
        .service(deal_confirm);
}

/// The sheet's query: the deal just saved, if the page follows a save.
#[derive(Debug, Deserialize)]
pub struct SheetQuery {
    /// The deal saved.
    pub saved: Option<i32>,
}

#[get("/t/{token}")]
async fn show_sheet(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<String>,
    q: web::Query<SheetQuery>,
) -> Result<HttpResponse, AppError> {
    let at = TableAt::Token(path.into_inner());
    let saved = q.saved;
    let page = state.db(move |conn| sheet::build(conn, ctx, &at, saved)).await?;
    Ok(render::page(&page))
}

#[get("/t/{token}/deals/{k}")]
async fn deal_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, AppError> {
    let (token, k) = path.into_inner();
    let sheet = format!("/t/{token}");
    // A closed round's tablet gets no form to fill in vain: the sheet, read
    // only, says whom to ask.
    let page = state
        .db(move |conn| {
            let (_, round) = RoundTable::by_token(conn, &token)?.ok_or(AppError::NotFound)?;
            if round.is_closed() {
                return Ok(None);
            }
            Ok(Some(form_page(conn, ctx, &TableAt::Token(token), k)?))
        })
        .await?;
    Ok(match page {
        Some(page) => render::page(&page),
        None => see_other(sheet),
    })
}

#[get("/t/{token}/deals/{k}/preview")]
async fn deal_preview(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
    form: web::Query<DealForm>,
) -> Result<HttpResponse, AppError> {
    let (token, k) = path.into_inner();
    preview_response(&state, ctx, TableAt::Token(token), k, form.into_inner()).await
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

/// A defender's tap on their name under a deal.
#[derive(Debug, Deserialize)]
pub struct ConfirmForm {
    /// The defender's player id.
    #[serde(default)]
    pub player: String,
    /// The deal's version they saw.
    #[serde(default)]
    pub version: String,
}

#[post("/t/{token}/deals/{k}/confirm")]
async fn deal_confirm(
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
    form: CsrfForm<ConfirmForm>,
) -> Result<HttpResponse, AppError> {
    let (token, k) = path.into_inner();
    // A player who is not a number is no defender of the deal.
    let player = form.0.player.trim().parse::<PlayerId>().map_err(|_| {
        AppError::Op(crate::db::ops::OpError::Invalid(crate::db::ops::Msg::new(
            "deal-confirm-not-defender",
        )))
    })?;
    let version = form.0.version.trim().parse::<i32>().ok();
    let back = format!("/t/{token}");
    state
        .write(move |tx| {
            let (table, round) = RoundTable::by_token(tx, &token)?.ok_or(AppError::NotFound)?;
            Ok(deals::confirm(tx, &table, &round, k, player, version)?)
        })
        .await?;
    Ok(see_other(back))
}
