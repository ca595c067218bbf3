//! The administrator's clubs page (`/clubs`): the server's clubs, a form to
//! create one and a form to give a club an organizer account (FORMATS.md,
//! "Clubs"; the command line does the same with `chelem club add` and
//! `chelem user add NAME --club ID`).

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use serde::Deserialize;

use crate::db::ops::accounts;
use crate::db::ops::clubs::{self, Club};

use crate::web::csrf::CsrfForm;
use crate::web::form::see_other;
use crate::web::{filters, render, AppError, AppState, Ctx, OrgPage};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(clubs_page).service(create).service(add_organizer);
}

/// The page.
#[derive(askama::Template)]
#[template(path = "clubs/list.html")]
pub struct ClubsPage {
    /// Page context.
    pub ctx: Ctx,
    /// Every club.
    pub clubs: Vec<Club>,
    /// A refusal.
    pub error: Option<String>,
}

/// Only an administrator: 403 to other organizers.
fn admin_only(page: &OrgPage) -> Result<(), AppError> {
    if page.user.clubs.admin {
        Ok(())
    } else {
        Err(AppError::Forbidden(page.ctx.t("club-admin-only")))
    }
}

/// The page, with a refusal's sentence and status when one is said.
async fn answer(
    state: &AppState,
    ctx: Ctx,
    error: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let clubs = state.db(|conn| Ok(clubs::list(conn)?)).await?;
    Ok(render::page_with_status(&ClubsPage { ctx, clubs, error }, status))
}

#[get("/clubs")]
async fn clubs_page(page: OrgPage) -> Result<HttpResponse, AppError> {
    admin_only(&page)?;
    answer(&page.state, page.ctx, None, StatusCode::OK).await
}

/// The new club's form.
#[derive(Deserialize)]
struct ClubForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    town: String,
}

#[post("/clubs")]
async fn create(page: OrgPage, form: CsrfForm<ClubForm>) -> Result<HttpResponse, AppError> {
    admin_only(&page)?;
    let OrgPage { ctx, state, .. } = page;
    let ClubForm { name, town } = form.0;
    match state.write(move |tx| Ok(clubs::create(tx, &name, &town))).await? {
        Ok(_) => Ok(see_other("/clubs")),
        Err(e) => {
            let message = e.render(ctx.lang);
            answer(&state, ctx, Some(message), StatusCode::UNPROCESSABLE_ENTITY).await
        }
    }
}

/// The new organizer's form.
#[derive(Deserialize)]
struct OrganizerForm {
    #[serde(default)]
    club: String,
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
}

#[post("/clubs/organizers")]
async fn add_organizer(page: OrgPage, form: CsrfForm<OrganizerForm>) -> Result<HttpResponse, AppError> {
    admin_only(&page)?;
    let OrgPage { ctx, state, .. } = page;
    let OrganizerForm {
        club,
        username,
        password,
    } = form.0;
    let lang = ctx.lang;
    let Ok(club) = club.trim().parse::<i32>() else {
        let message = ctx.t("club-required-form");
        return answer(&state, ctx, Some(message), StatusCode::UNPROCESSABLE_ENTITY).await;
    };
    let made = state
        .write(move |tx| Ok(accounts::create_member(tx, &username, &password, &[club], false)))
        .await?;
    match made {
        Ok(_) => Ok(see_other("/clubs")),
        Err(accounts::AccountError::NoSuchClub(c)) => {
            let message = lang.t_args("club-unknown", &[("club", c.to_string())]);
            answer(&state, ctx, Some(message), StatusCode::UNPROCESSABLE_ENTITY).await
        }
        Err(e) => match e.refusal(lang) {
            Some(message) => answer(&state, ctx, Some(message), StatusCode::UNPROCESSABLE_ENTITY).await,
            None => Err(AppError::Internal(anyhow::anyhow!("{e}"))),
        },
    }
}
