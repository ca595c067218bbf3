//! The table's own pages, opened from its secret link (`/t/{token}`): the
//! score sheet and the deal entry form, no login. A table can write only its
//! own deals, and only while the round is open.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};

use crate::db::models::RoundTable;
use crate::db::ops::deals::{self, Actor};
use crate::db::ops::OpError;
use crate::db::AnyConnection;

use super::csrf::CsrfForm;
use super::organizer::rounds::{body_from_values, build_sheet, form_page};
use super::organizer::see_other;
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
    let values: HashMap<String, String> = form.0.into_iter().filter(|(k, _)| k != "csrf").collect();
    let body = body_from_values(&values);
    let lang = ctx.lang;
    let base = format!("/t/{token}");
    let back = base.clone();
    let outcome = state
        .db(move |conn| {
            let (table, round) = RoundTable::by_token(conn, &token)?.ok_or(AppError::NotFound)?;
            match deals::enter(conn, &table, &round, k, &body, &Actor::Table, "") {
                Ok(_) => Ok(None),
                Err(e @ (OpError::Invalid(_) | OpError::Conflict(_) | OpError::Forbidden(_))) => {
                    let status = match e {
                        OpError::Conflict(_) => StatusCode::CONFLICT,
                        _ => StatusCode::UNPROCESSABLE_ENTITY,
                    };
                    let at = (round.tournament_id, round.number, table.number, k);
                    let page = form_page(conn, ctx, at, base, Some(values), Some(e.render(lang)))?;
                    Ok(Some((status, page)))
                }
                Err(e) => Err(e.into()),
            }
        })
        .await?;
    match outcome {
        None => Ok(see_other(back)),
        Some((status, page)) => Ok(render::page_with_status(&page, status)),
    }
}
