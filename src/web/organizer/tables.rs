//! A table of a round, seen by the organizer: its score sheet and its deal
//! forms (entering and correcting, after the close too, with a reason).

use actix_web::{get, post, web, HttpResponse};

use crate::db::ops::deals::Actor;
use crate::tournament::ids::{RoundNo, TableNo, TournamentId};

use super::super::csrf::CsrfForm;
use super::super::deal::entry::enter_from_form;
use super::super::deal::form::DealForm;
use super::super::deal::page::form_page;
use super::super::deal::slot::preview_response;
use super::super::deal::{sheet, TableAt};
use super::super::table::SheetQuery;
use super::super::{render, AppError, OrgPage};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(show_sheet)
        .service(deal_form)
        .service(deal_preview)
        .service(deal_post);
}

#[get("/tournaments/{id}/rounds/{n}/tables/{t}")]
async fn show_sheet(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<(TournamentId, RoundNo, TableNo)>,
    q: web::Query<SheetQuery>,
) -> Result<HttpResponse, AppError> {
    let (id, n, tn) = path.into_inner();
    let saved = q.saved;
    let page = state
        .db(move |conn| sheet::build(conn, ctx, &TableAt::Number(id, n, tn), saved))
        .await?;
    Ok(render::page(&page))
}

#[get("/tournaments/{id}/rounds/{n}/tables/{t}/deals/{k}")]
async fn deal_form(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<(TournamentId, RoundNo, TableNo, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, n, tn, k) = path.into_inner();
    let page = state
        .db(move |conn| form_page(conn, ctx, &TableAt::Number(id, n, tn), k))
        .await?;
    Ok(render::page(&page))
}

#[get("/tournaments/{id}/rounds/{n}/tables/{t}/deals/{k}/preview")]
async fn deal_preview(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<(TournamentId, RoundNo, TableNo, i32)>,
    form: web::Query<DealForm>,
) -> Result<HttpResponse, AppError> {
    let (id, n, tn, k) = path.into_inner();
    preview_response(&state, ctx, TableAt::Number(id, n, tn), k, form.into_inner()).await
}

#[post("/tournaments/{id}/rounds/{n}/tables/{t}/deals/{k}")]
async fn deal_post(
    OrgPage { ctx, user, state }: OrgPage,
    path: web::Path<(TournamentId, RoundNo, TableNo, i32)>,
    form: CsrfForm<DealForm>,
) -> Result<HttpResponse, AppError> {
    let (id, n, tn, k) = path.into_inner();
    let actor = Actor::Organizer(user.username);
    enter_from_form(&state, ctx, TableAt::Number(id, n, tn), k, form.0, actor).await
}
