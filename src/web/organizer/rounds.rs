//! Rounds for the organizer: start the next one, see its tables and how
//! far each is, close it.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use serde::Deserialize;

use crate::db::models::{Deal, Round, RoundTable, Tournament};
use crate::db::ops::rounds::{self, missing_of};
use crate::db::ops::tournaments;
use crate::db::AnyConnection;

use super::super::csrf::CsrfForm;
use super::super::form::{refusal, see_other, Refused};
use super::super::live::Progress;
use super::super::{render, AppError, AppState, Ctx, OrgPage};
use super::dashboard::render_dashboard;

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(start).service(show).service(close);
}

#[derive(Deserialize)]
struct StartForm {
    #[serde(default)]
    expected: String,
    /// Force the close of the round still open.
    #[serde(default)]
    close_previous: Option<String>,
}

#[post("/tournaments/{id}/rounds")]
async fn start(
    OrgPage { ctx, user, state }: OrgPage,
    path: web::Path<i32>,
    form: CsrfForm<StartForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let expected = form.0.expected.trim().parse::<i32>().ok();
    let close_previous = form.0.close_previous.is_some();
    let actor = user.username;
    let r = state
        .db(move |conn| refusal(ctx.lang, rounds::start_next(conn, id, expected, close_previous, &actor)))
        .await?;
    match r {
        Ok(seated) => Ok(see_other(format!("/tournaments/{id}/rounds/{}", seated.round))),
        Err(Refused { status, message }) => {
            let error = Some(message);
            render_dashboard(&state, ctx, id, Default::default(), error, None, status).await
        }
    }
}

/// A table on the round page.
pub struct TableView {
    /// Number.
    pub number: i32,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// Deals entered.
    pub entered: usize,
    /// Deals to play.
    pub deal_count: i32,
    /// The tablet's link.
    pub link: String,
}

/// The round page.
#[derive(askama::Template)]
#[template(path = "organizer/round.html")]
pub struct RoundPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Round number.
    pub number: i32,
    /// Closed.
    pub closed: bool,
    /// Tables.
    pub tables: Vec<TableView>,
    /// Tables with missing deals.
    pub missing: Vec<(i32, Vec<i32>)>,
    /// Refusal to show.
    pub error: Option<String>,
    /// How far the round is.
    pub progress: Progress,
    /// The live events' address.
    pub live: String,
}

impl RoundPage {
    /// "Tables done: 3/10".
    pub fn tables_done(&self) -> String {
        super::super::public::tables_done(&self.ctx, &self.progress)
    }
    /// The missing tables as a list.
    pub fn missing_list(&self) -> String {
        self.missing
            .iter()
            .map(|(t, _)| t.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The round page: four queries, whatever the number of tables.
fn load_round(
    conn: &mut AnyConnection,
    ctx: Ctx,
    id: i32,
    n: i32,
    error: Option<String>,
) -> Result<RoundPage, AppError> {
    let t = tournaments::get(conn, id)?;
    let round = Round::find(conn, id, n)?.ok_or(AppError::NotFound)?;
    let seated = RoundTable::with_players_of_round(conn, round.id)?;
    let entered = Deal::entered_in_round(conn, round.id)?;
    let tables: Vec<RoundTable> = seated.iter().map(|(t, _)| t.clone()).collect();
    let missing = missing_of(&tables, &entered);
    let progress = Progress::of(&round, &tables, &entered);
    let tables = seated
        .into_iter()
        .map(|(table, players)| TableView {
            number: table.number,
            players: players.into_iter().map(|(_, name)| name).collect(),
            entered: entered.iter().filter(|(tid, _)| *tid == table.id).count(),
            deal_count: table.deal_count,
            link: format!("/t/{}", table.token),
        })
        .collect();
    Ok(RoundPage {
        ctx,
        live: super::super::public::live_url(t.id),
        t,
        progress,
        number: n,
        closed: round.is_closed(),
        tables,
        missing,
        error,
    })
}

async fn render_round(
    state: &AppState,
    ctx: Ctx,
    id: i32,
    n: i32,
    error: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let page = state.db(move |conn| load_round(conn, ctx, id, n, error)).await?;
    Ok(render::page_with_status(&page, status))
}

#[get("/tournaments/{id}/rounds/{n}")]
async fn show(OrgPage { ctx, state, .. }: OrgPage, path: web::Path<(i32, i32)>) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    render_round(&state, ctx, id, n, None, StatusCode::OK).await
}

#[derive(Deserialize)]
struct CloseForm {
    #[serde(default)]
    force: String,
}

#[post("/tournaments/{id}/rounds/{n}/close")]
async fn close(
    OrgPage { ctx, user, state }: OrgPage,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<CloseForm>,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    let force = !form.0.force.is_empty();
    let actor = user.username;
    let r = state
        .db(move |conn| refusal(ctx.lang, rounds::close(conn, id, n, force, &actor)))
        .await?;
    match r {
        Ok(()) => Ok(see_other(format!("/tournaments/{id}/rounds/{n}"))),
        Err(Refused { status, message }) => {
            let error = Some(message);
            render_round(&state, ctx, id, n, error, status).await
        }
    }
}
