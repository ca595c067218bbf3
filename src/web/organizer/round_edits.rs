//! The organizer's mistakes undone from the round page: the start of the
//! last round taken back (a confirmation page asking why), and players
//! moved or swapped between tables before they have a deal.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use serde::Deserialize;

use crate::db::models::{Round, RoundTable, Tournament};
use crate::db::ops::round_edits::{self, Reason};
use crate::db::ops::tournaments;
use crate::tournament::ids::{RoundNo, TournamentId};
use crate::web::filters;

use super::super::csrf::CsrfForm;
use super::super::form::{attempt, see_other, Refused};
use super::super::links::SiteUrl;
use super::super::{render, AppError, AppState, Ctx, OrgPage};
use super::rounds::{render_round, Said};
use super::seat_form::SeatForm;

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(undo_page).service(undo).service(seats);
}

/// The page that asks to confirm undoing a round's start, and why.
#[derive(askama::Template)]
#[template(path = "organizer/round_undo.html")]
pub struct UndoPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Round number.
    pub number: RoundNo,
    /// Its tables.
    pub tables: usize,
    /// The reason as typed.
    pub reason: String,
    /// A refusal (the reason missing, or why the round cannot be undone).
    pub error: Option<String>,
    /// The round cannot be undone: no form.
    pub blocked: bool,
}

/// Renders the undo page; `said`: the reason as typed and a refusal to
/// show instead of the round's own blocker.
async fn render_undo(
    state: &AppState,
    ctx: Ctx,
    (id, n): (TournamentId, RoundNo),
    reason: String,
    refused: Option<Refused>,
) -> Result<HttpResponse, AppError> {
    let lang = ctx.lang;
    let status = refused.as_ref().map_or(StatusCode::OK, |r| r.status);
    let page = state
        .db(move |conn| {
            let t = tournaments::get(conn, id)?;
            let round = Round::find(conn, id, n)?.ok_or(AppError::NotFound)?;
            let tables = RoundTable::for_round(conn, round.id)?.len();
            let blocker = round_edits::undo_blocker(conn, id, &round)?;
            let blocked = blocker.is_some();
            let error = match refused {
                Some(r) => Some(r.message),
                None => blocker.map(|m| m.render(lang)),
            };
            Ok(UndoPage {
                ctx,
                t,
                number: n,
                tables,
                reason,
                error,
                blocked,
            })
        })
        .await?;
    Ok(render::page_with_status(&page, status))
}

#[get("/tournaments/{id}/rounds/{n}/undo")]
async fn undo_page(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<(TournamentId, RoundNo)>,
) -> Result<HttpResponse, AppError> {
    render_undo(&state, ctx, path.into_inner(), String::new(), None).await
}

#[derive(Deserialize)]
struct UndoForm {
    #[serde(default)]
    reason: String,
}

#[post("/tournaments/{id}/rounds/{n}/undo")]
async fn undo(
    OrgPage { ctx, user, state }: OrgPage,
    path: web::Path<(TournamentId, RoundNo)>,
    form: CsrfForm<UndoForm>,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    let typed = form.0.reason;
    let reason = match Reason::new(&typed) {
        Ok(r) => r,
        Err(m) => {
            let refused = Refused::invalid(ctx.lang, &m);
            return render_undo(&state, ctx, (id, n), typed, Some(refused)).await;
        }
    };
    let actor = user.username;
    let r = state
        .write(move |tx| {
            tournaments::get(tx, id)?;
            // Undone already (a second tap): nothing to do, the same answer.
            if Round::find(tx, id, n)?.is_none() && Round::last_number(tx, id)? + 1 == n {
                return Ok(Ok(()));
            }
            attempt(tx, ctx.lang, |tx| round_edits::undo_start(tx, id, n, &reason, &actor))
        })
        .await?;
    match r {
        Ok(()) => Ok(see_other(format!("/tournaments/{id}?undone={n}"))),
        Err(refused) => render_undo(&state, ctx, (id, n), typed, Some(refused)).await,
    }
}

#[post("/tournaments/{id}/rounds/{n}/seats")]
async fn seats(
    OrgPage { ctx, user, state }: OrgPage,
    path: web::Path<(TournamentId, RoundNo)>,
    site: SiteUrl,
    form: CsrfForm<SeatForm>,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    let typed = form.0;
    let r = match typed.change() {
        Ok(change) => {
            let actor = user.username;
            state
                .write(move |tx| attempt(tx, ctx.lang, |tx| round_edits::change_seats(tx, id, n, change, &actor)))
                .await?
        }
        Err(m) => Err(Refused::invalid(ctx.lang, &m)),
    };
    match r {
        Ok(_) => Ok(see_other(format!("/tournaments/{id}/rounds/{n}?reseated=1#seats"))),
        Err(Refused { status, message }) => {
            let said = Said {
                error: Some(message),
                notice: None,
                seat_form: typed,
            };
            render_round(&state, ctx, (id, n), site, said, status).await
        }
    }
}
