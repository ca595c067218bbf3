//! The organizer's actions on players: add, import, withdraw, reinstate
//! (check-in: [`super::checkin`]).

use actix_multipart::Multipart;
use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use futures_util::StreamExt;
use serde::Deserialize;

use crate::db::models::{Player, Registration, Round, RoundTable, Tournament};
use crate::db::ops::known::{self, Registered};
use crate::db::ops::player_file::decode_file;
use crate::db::ops::players::{self, ImportReport};
use crate::db::ops::{tournaments, OpError};
use crate::db::Tx;
use crate::tournament::ids::{PlayerId, RoundNo, TableNo, TournamentId};
use crate::web::filters;
use crate::web::player_form::PlayerForm;

use super::super::csrf::{check_token, CsrfForm};
use super::super::form::{attempt, see_other, Refused};
use super::super::{render, AppError, AppState, Ctx, OrgPage};
use super::dashboard::render_dashboard;

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(add)
        .service(import)
        .service(withdraw_page)
        .service(player_status);
}

#[post("/tournaments/{id}/players")]
async fn add(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<TournamentId>,
    form: CsrfForm<PlayerForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let form = form.0;
    let present = form.present();
    let taken = form.taken();
    let fields = match form.fields() {
        Ok(f) => f,
        Err(m) => {
            let error = Some(Refused::invalid(ctx.lang, &m).message);
            return render_dashboard(&state, ctx, id, form, error, None, StatusCode::UNPROCESSABLE_ENTITY).await;
        }
    };
    let r = state
        .write(move |tx| {
            tournaments::get(tx, id)?;
            attempt(tx, ctx.lang, |tx| {
                known::register_choosing(tx, id, &fields, present, taken)
            })
        })
        .await?;
    match r {
        Ok(Registered::Done(..)) => Ok(see_other(format!("/tournaments/{id}#players"))),
        Ok(Registered::Known(p)) => {
            // Nothing written: the form asks whether this is the same person.
            let form = PlayerForm { offer: Some(p), ..form };
            render_dashboard(&state, ctx, id, form, None, None, StatusCode::OK).await
        }
        Err(Refused { status, message }) => {
            let error = Some(message);
            render_dashboard(&state, ctx, id, form, error, None, status).await
        }
    }
}

/// The import report page.
#[derive(askama::Template)]
#[template(path = "organizer/import_report.html")]
pub struct ImportPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament id.
    pub id: TournamentId,
    /// What happened.
    pub report: ImportReport,
}

#[post("/tournaments/{id}/players/import")]
async fn import(
    req: HttpRequest,
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<TournamentId>,
    mut payload: Multipart,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let mut csrf = String::new();
    let mut text = String::new();
    let mut file: Vec<u8> = Vec::new();
    let mut present = false;
    let mut again = false;
    // The whole body is under limits::BODY_LIMIT (the limit_body middleware).
    let unreadable = |e: actix_multipart::MultipartError| match e {
        actix_multipart::MultipartError::Payload(p) => super::super::limits::refusal(&p),
        other => AppError::BadForm(other.to_string()),
    };
    while let Some(field) = payload.next().await {
        let mut field = field.map_err(unreadable)?;
        let name = field.name().unwrap_or("").to_owned();
        let mut data = Vec::new();
        while let Some(chunk) = field.next().await {
            data.extend_from_slice(&chunk.map_err(unreadable)?);
        }
        match name.as_str() {
            "csrf" => csrf = String::from_utf8_lossy(&data).into_owned(),
            "csv_text" => text = String::from_utf8_lossy(&data).into_owned(),
            "csv_file" => file = data,
            "checked_in" => present = !data.is_empty(),
            "again" => again = !data.is_empty(),
            _ => {}
        }
    }
    check_token(&req, &csrf)?;
    let content = if !file.is_empty() { decode_file(&file) } else { text };
    // An empty or unreadable file is refused before any database work.
    let lines = if content.trim().is_empty() {
        Err(Refused {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: ctx.t("import-empty"),
        })
    } else {
        players::parse_csv(&content).map_err(|m| Refused::invalid(ctx.lang, &m))
    };
    let r = match lines {
        Ok(lines) => {
            state
                .write(move |tx| {
                    tournaments::get(tx, id)?;
                    attempt(tx, ctx.lang, |tx| players::import(tx, id, lines, present, again))
                })
                .await?
        }
        Err(refused) => Err(refused),
    };
    match r {
        Ok(report) => Ok(render::page(&ImportPage { ctx, id, report })),
        Err(Refused { status, message }) => {
            render_dashboard(&state, ctx, id, PlayerForm::default(), Some(message), None, status).await
        }
    }
}

pub(super) async fn player_action<F>(
    ctx: Ctx,
    state: &AppState,
    id: TournamentId,
    action: F,
) -> Result<HttpResponse, AppError>
where
    F: FnOnce(&mut Tx<'_>) -> Result<(), OpError> + Send + 'static,
{
    let r = state
        .write(move |tx| {
            tournaments::get(tx, id)?;
            attempt(tx, ctx.lang, action)
        })
        .await?;
    match r {
        Ok(()) => Ok(see_other(format!("/tournaments/{id}#players"))),
        Err(Refused { status, message }) => {
            let error = Some(message);
            render_dashboard(state, ctx, id, PlayerForm::default(), error, None, status).await
        }
    }
}

/// What the one-button forms of the player list do.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
enum PlayerStatusAction {
    /// Withdraw from the next rounds.
    Withdraw,
    /// Bring back a withdrawn player.
    Reinstate,
}

#[derive(Deserialize)]
struct StatusForm {
    /// A withdrawal confirmed (`1`): without it, the confirmation page.
    #[serde(default)]
    confirm: String,
}

/// The page that asks to confirm a withdrawal, with what follows from it.
#[derive(askama::Template)]
#[template(path = "organizer/withdraw.html")]
pub struct WithdrawPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// The player.
    pub player: Player,
    /// Already withdrawn.
    pub withdrawn: bool,
    /// The first round they will not play.
    pub next: RoundNo,
    /// The round under way where they are seated, and their table.
    pub seated: Option<(RoundNo, TableNo)>,
}

impl WithdrawPage {
    /// "Round 2 is under way: X finishes it at table 3."
    pub fn seated_line(&self) -> Option<String> {
        self.seated.map(|(round, table)| {
            self.ctx.lang.t_args(
                "withdraw-seated",
                &[
                    ("name", filters::isolated(&self.player.name)),
                    ("round", round.to_string()),
                    ("table", table.to_string()),
                ],
            )
        })
    }
}

async fn render_withdraw(
    state: &AppState,
    ctx: Ctx,
    id: TournamentId,
    pid: PlayerId,
) -> Result<HttpResponse, AppError> {
    let page = state
        .db(move |conn| {
            let t = tournaments::get(conn, id)?;
            let reg = Registration::find(conn, id, pid)?.ok_or(AppError::NotFound)?;
            let player = Player::find(conn, pid)?.ok_or(AppError::NotFound)?;
            let rounds = Round::for_tournament(conn, id)?;
            let last = rounds.last();
            let open = last.filter(|r| !r.is_closed()).map(|r| r.number);
            let next = last.map_or(RoundNo::new(1), |r| r.number + 1);
            let seated = RoundTable::of_player(conn, id, pid)?
                .into_iter()
                .find(|(n, _)| Some(*n) == open)
                .map(|(n, table)| (n, table.number));
            Ok(WithdrawPage {
                ctx,
                t,
                player,
                withdrawn: reg.withdrawn_after.is_some(),
                next,
                seated,
            })
        })
        .await?;
    Ok(render::page(&page))
}

/// "Retirer X du tournoi ?": the first step of a withdrawal, which works
/// without JavaScript; its form posts the withdrawal, confirmed.
#[get("/tournaments/{id}/players/{pid}/withdraw")]
async fn withdraw_page(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<(TournamentId, PlayerId)>,
) -> Result<HttpResponse, AppError> {
    let (id, pid) = path.into_inner();
    render_withdraw(&state, ctx, id, pid).await
}

#[post("/tournaments/{id}/players/{pid}/{action}")]
async fn player_status(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<(TournamentId, PlayerId, PlayerStatusAction)>,
    form: CsrfForm<StatusForm>,
) -> Result<HttpResponse, AppError> {
    let (id, pid, action) = path.into_inner();
    if matches!(action, PlayerStatusAction::Withdraw) && form.0.confirm != "1" {
        // Not confirmed: the question, nothing written.
        return render_withdraw(&state, ctx, id, pid).await;
    }
    player_action(ctx, &state, id, move |tx| match action {
        PlayerStatusAction::Withdraw => players::withdraw(tx, id, pid).map(|_| ()),
        PlayerStatusAction::Reinstate => players::reinstate(tx, id, pid),
    })
    .await
}
