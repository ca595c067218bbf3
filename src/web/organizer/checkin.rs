//! Check-in at the door: a tap on a player's row marks them present (or
//! registered again), and "everyone is here" marks every registered player
//! present at once, after a confirmation.
//!
//! Without JavaScript a row's form posts and the answer is a 303 back to
//! the dashboard at the row (`#player-<id>`, the search kept), so the page
//! keeps its place. With JavaScript (`static/checkin.js`) the same form is
//! sent by `fetch` with `Accept: application/json`: the answer is the row
//! and the counts, rendered as the dashboard renders them, swapped in place.
//! The form says what to set (`present=1` or `0`), never "toggle": a double
//! tap or a resend does not flip twice.

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;
use serde_json::json;

use crate::db::models::{Round, Tournament};
use crate::db::ops::players;
use crate::db::ops::rounds::active_players;
use crate::db::ops::tournaments;
use crate::tournament::ids::{PlayerId, TournamentId};
use crate::web::error::{accepts_json, json_error};
use crate::web::error_page::url_encode;
use crate::web::filters;

use super::super::csrf::CsrfForm;
use super::super::form::{attempt, see_other, Refused};
use super::super::{render, AppError, AppState, Ctx, OrgPage};
use super::dashboard::{count, filter, reg_views, render_shown, RegView, Shown};

/// Routes (before the other player actions: `/players/{pid}/checkin` is this module's).
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(checkin).service(checkin_all_page).service(checkin_all);
}

/// A row's form.
#[derive(Deserialize)]
struct CheckinForm {
    /// `1`: present; anything else: registered, not present.
    #[serde(default)]
    present: String,
    /// The search of the page the row was tapped on, kept on the way back.
    #[serde(default)]
    q: String,
    /// The page of the list it was tapped on (a list listed a page at a
    /// time), kept on the way back.
    #[serde(default)]
    page: String,
}

/// One row of the player list (the dashboard includes the same template).
#[derive(askama::Template)]
#[template(path = "organizer/checkin_row.html")]
pub struct RowFragment {
    /// Page context (its CSRF token goes in the row's form).
    pub ctx: Ctx,
    /// Tournament id.
    pub tid: TournamentId,
    /// The search, kept by the row's form.
    pub q: String,
    /// The page of a list listed a page at a time, kept by the row's form
    /// (0: the whole list).
    pub page: usize,
    /// The player.
    pub r: RegView,
}

/// The line of counts above the list (the dashboard includes the same template).
#[derive(askama::Template)]
#[template(path = "organizer/players_counts.html")]
pub struct CountsFragment {
    /// Page context.
    pub ctx: Ctx,
    /// Every player.
    pub regs: Vec<RegView>,
}

impl CountsFragment {
    /// Counts players by status key.
    pub fn count(&self, status: &str) -> usize {
        count(&self.regs, status)
    }
}

/// Where a row's form leads back without JavaScript: the dashboard at the
/// row, with the search and the page it was tapped on.
fn back_to_row(id: TournamentId, pid: PlayerId, q: &str, page: usize) -> String {
    let mut query = Vec::new();
    if !q.trim().is_empty() {
        query.push(format!("q={}", url_encode(q)));
    }
    if page > 1 {
        query.push(format!("page={page}"));
    }
    match query.is_empty() {
        true => format!("/tournaments/{id}#player-{pid}"),
        false => format!("/tournaments/{id}?{}#player-{pid}", query.join("&")),
    }
}

#[post("/tournaments/{id}/players/{pid}/checkin")]
async fn checkin(
    req: HttpRequest,
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<(TournamentId, PlayerId)>,
    form: CsrfForm<CheckinForm>,
) -> Result<HttpResponse, AppError> {
    let (id, pid) = path.into_inner();
    let CheckinForm { present, q, page } = form.0;
    let page: usize = page.trim().parse().unwrap_or(0);
    let present = present == "1";
    let lang = ctx.lang;
    let r = state
        .write(move |tx| {
            tournaments::get(tx, id)?;
            attempt(tx, lang, |tx| players::set_checked_in(tx, id, pid, present))
        })
        .await?;
    let json = accepts_json(&req);
    match r {
        Ok(()) if json => row_answer(&state, ctx, id, pid, (q, page)).await,
        Ok(()) => Ok(see_other(back_to_row(id, pid, &q, page))),
        Err(Refused { status, message }) if json => Ok(json_error(status, &message)),
        Err(Refused { status, message }) => {
            let shown = Shown {
                error: Some(message),
                q,
                page,
                ..Default::default()
            };
            render_shown(&state, ctx, id, shown, status).await
        }
    }
}

/// The script's answer after a row's check-in: the row and the counts as
/// the dashboard renders them now.
async fn row_answer(
    state: &AppState,
    ctx: Ctx,
    id: TournamentId,
    pid: PlayerId,
    (q, page): (String, usize),
) -> Result<HttpResponse, AppError> {
    let (regs, next_count) = state
        .db(move |conn| {
            let next = Round::last_number(conn, id)? + 1;
            Ok((reg_views(conn, id, next)?, active_players(conn, id, next)?.len()))
        })
        .await?;
    let mut r = regs.iter().find(|r| r.id == pid).cloned().ok_or(AppError::NotFound)?;
    filter(std::slice::from_mut(&mut r), &q);
    let present = r.checked_in;
    let status = r.status;
    let next_count = ctx.t1("round-start-count", "count", next_count);
    let waiting = count(&regs, "status-registered");
    let counts = CountsFragment { ctx: ctx.clone(), regs }.render()?;
    let row = RowFragment {
        ctx,
        tid: id,
        q,
        page,
        r,
    }
    .render()?;
    Ok(HttpResponse::Ok().json(json!({
        "player": pid,
        "present": present,
        "status": status,
        "row": row,
        "counts": counts,
        "next_count": next_count,
        "waiting": waiting,
    })))
}

/// "Tout le monde est là ?": the question, with the players it concerns.
#[derive(askama::Template)]
#[template(path = "organizer/checkin_all.html")]
pub struct CheckinAllPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// The players registered and not present yet (names, isolated).
    pub waiting: Vec<String>,
}

async fn render_question(state: &AppState, ctx: Ctx, id: TournamentId) -> Result<HttpResponse, AppError> {
    let page = state
        .db(move |conn| {
            let t = tournaments::get(conn, id)?;
            let next = Round::last_number(conn, id)? + 1;
            let waiting = reg_views(conn, id, next)?
                .into_iter()
                .filter(|r| r.status == "status-registered")
                .map(|r| filters::isolated(&r.name))
                .collect();
            Ok(CheckinAllPage { ctx, t, waiting })
        })
        .await?;
    Ok(render::page(&page))
}

/// The first step of "everyone is here", which works without JavaScript:
/// its form posts the check-in of all, confirmed.
#[get("/tournaments/{id}/checkin-all")]
async fn checkin_all_page(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    render_question(&state, ctx, path.into_inner()).await
}

#[derive(Deserialize)]
struct ConfirmForm {
    /// `1`: confirmed; without it, the question, nothing written.
    #[serde(default)]
    confirm: String,
}

#[post("/tournaments/{id}/checkin-all")]
async fn checkin_all(
    OrgPage { ctx, state, user }: OrgPage,
    path: web::Path<TournamentId>,
    form: CsrfForm<ConfirmForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    if form.0.confirm != "1" {
        return render_question(&state, ctx, id).await;
    }
    let lang = ctx.lang;
    let actor = user.username.clone();
    let r = state
        .write(move |tx| {
            tournaments::get(tx, id)?;
            attempt(tx, lang, |tx| players::check_in_all(tx, id, &actor))
        })
        .await?;
    match r {
        Ok(n) => Ok(see_other(format!("/tournaments/{id}?checked={n}#players"))),
        Err(Refused { status, message }) => {
            let shown = Shown {
                error: Some(message),
                ..Default::default()
            };
            render_shown(&state, ctx, id, shown, status).await
        }
    }
}
