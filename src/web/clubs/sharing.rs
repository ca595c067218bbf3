//! A circuit on the pages and the API ([`crate::db::ops::shares`]): the
//! organizers of the club that owns a tournament or a season share it with
//! other clubs, and stop sharing it.
//!
//! - `GET /tournaments/{id}/clubs`, `GET /seasons/{id}/clubs`: the owner,
//!   the clubs it is shared with (a button to stop each), a form to share it
//!   with another;
//! - `POST …/clubs` (form `club`), `POST …/clubs/{club}/delete`;
//! - `PUT` and `DELETE /api/tournaments/{id}/clubs/{club}` and
//!   `/api/seasons/{id}/clubs/{club}`: 204.
//!
//! A circuit club's organizer reads these pages; the guard
//! ([`super::club_guard`]) refuses them the writes (403).

use actix_web::http::StatusCode;
use actix_web::{delete, get, post, put, web, HttpResponse};
use serde::Deserialize;

use crate::db::models::{Season, Tournament};
use crate::db::ops::clubs::{self, Club, ClubId};
use crate::db::ops::shares::{self, Shared};
use crate::db::ops::OpError;
use crate::tournament::ids::{SeasonId, TournamentId};
use crate::web::csrf::CsrfForm;
use crate::web::form::see_other;
use crate::web::{filters, render, AppError, AppState, Ctx, OrgPage, Organizer};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(tournament_page)
        .service(tournament_add)
        .service(tournament_remove)
        .service(season_page)
        .service(season_add)
        .service(season_remove)
        .service(api_tournament_put)
        .service(api_tournament_delete)
        .service(api_season_put)
        .service(api_season_delete);
}

/// The page.
#[derive(askama::Template)]
#[template(path = "clubs/shares.html")]
pub struct SharesPage {
    /// Page context.
    pub ctx: Ctx,
    /// The tournament's or the season's name.
    pub name: String,
    /// Its page (`/tournaments/7`, `/seasons/3`), whose `/clubs` this is.
    pub base: String,
    /// The club that owns it.
    pub owner: Option<Club>,
    /// The clubs it is shared with.
    pub shared: Vec<Club>,
    /// The clubs it may be shared with.
    pub others: Vec<Club>,
    /// A refusal, and the club chosen as it was.
    pub error: Option<String>,
    /// The club chosen in the form.
    pub chosen: String,
}

/// Where `what`'s pages are.
fn base_of(what: Shared) -> String {
    match what {
        Shared::Tournament(t) => format!("/tournaments/{t}"),
        Shared::Season(s) => format!("/seasons/{s}"),
    }
}

/// The page of `what`, with a refusal (`error`) and the choice as made.
async fn answer(
    state: &AppState,
    ctx: Ctx,
    what: Shared,
    error: Option<String>,
    chosen: String,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let read = state
        .db(move |conn| {
            let name = match what {
                Shared::Tournament(t) => Tournament::find(conn, t)?.map(|t| t.name.clone()),
                Shared::Season(s) => Season::find(conn, SeasonId::new(s))?.map(|s| s.name),
            };
            let Some(name) = name else { return Ok(None) };
            let owner = what.owner(conn)?;
            let shared = shares::clubs_of(conn, what)?;
            Ok(Some((name, owner, shared, clubs::list(conn)?)))
        })
        .await?;
    let (name, owner, shared, all) = read.ok_or(AppError::NotFound)?;
    let owner_club = all.iter().find(|c| Some(c.id) == owner).cloned();
    let others = all
        .into_iter()
        .filter(|c| Some(c.id) != owner && !shared.iter().any(|s| s.id == c.id))
        .collect();
    let page = SharesPage {
        ctx,
        name,
        base: base_of(what),
        owner: owner_club,
        shared,
        others,
        error,
        chosen,
    };
    Ok(render::page_with_status(&page, status))
}

/// The form sharing with a club: its id.
#[derive(Deserialize)]
struct ShareForm {
    #[serde(default)]
    club: String,
}

/// Shares `what` with the club the form names; its refusal said on the page.
async fn add(page: OrgPage, what: Shared, form: ShareForm) -> Result<HttpResponse, AppError> {
    let OrgPage { ctx, state, user } = page;
    let Ok(club) = form.club.trim().parse::<ClubId>() else {
        let message = ctx.t("club-required-form");
        return answer(
            &state,
            ctx,
            what,
            Some(message),
            form.club,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
    };
    let actor = user.username;
    match state.write(move |tx| Ok(shares::share(tx, what, club, &actor))).await? {
        Ok(_) => Ok(see_other(format!("{}/clubs", base_of(what)))),
        Err(OpError::Invalid(m)) => {
            let message = m.render(ctx.lang);
            answer(
                &state,
                ctx,
                what,
                Some(message),
                form.club,
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await
        }
        Err(e) => Err(e.into()),
    }
}

/// Stops sharing `what` with `club`.
async fn remove(page: OrgPage, what: Shared, club: ClubId) -> Result<HttpResponse, AppError> {
    let actor = page.user.username;
    page.state
        .write(move |tx| Ok(shares::unshare(tx, what, club, &actor)?))
        .await?;
    Ok(see_other(format!("{}/clubs", base_of(what))))
}

#[get("/tournaments/{id}/clubs")]
async fn tournament_page(page: OrgPage, path: web::Path<TournamentId>) -> Result<HttpResponse, AppError> {
    let what = Shared::Tournament(path.into_inner());
    answer(&page.state, page.ctx, what, None, String::new(), StatusCode::OK).await
}

#[post("/tournaments/{id}/clubs")]
async fn tournament_add(
    page: OrgPage,
    path: web::Path<TournamentId>,
    form: CsrfForm<ShareForm>,
) -> Result<HttpResponse, AppError> {
    add(page, Shared::Tournament(path.into_inner()), form.0).await
}

#[post("/tournaments/{id}/clubs/{club}/delete")]
async fn tournament_remove(
    page: OrgPage,
    path: web::Path<(TournamentId, ClubId)>,
    _form: CsrfForm<serde::de::IgnoredAny>,
) -> Result<HttpResponse, AppError> {
    let (t, club) = path.into_inner();
    remove(page, Shared::Tournament(t), club).await
}

#[get("/seasons/{id}/clubs")]
async fn season_page(page: OrgPage, path: web::Path<i32>) -> Result<HttpResponse, AppError> {
    let what = Shared::Season(path.into_inner());
    answer(&page.state, page.ctx, what, None, String::new(), StatusCode::OK).await
}

#[post("/seasons/{id}/clubs")]
async fn season_add(page: OrgPage, path: web::Path<i32>, form: CsrfForm<ShareForm>) -> Result<HttpResponse, AppError> {
    add(page, Shared::Season(path.into_inner()), form.0).await
}

#[post("/seasons/{id}/clubs/{club}/delete")]
async fn season_remove(
    page: OrgPage,
    path: web::Path<(i32, ClubId)>,
    _form: CsrfForm<serde::de::IgnoredAny>,
) -> Result<HttpResponse, AppError> {
    let (s, club) = path.into_inner();
    remove(page, Shared::Season(s), club).await
}

/// `PUT …/clubs/{club}`: 204 (shared, or already), 404 (no such
/// tournament or season), 422 (no such club, or its owner).
async fn api_put(state: &AppState, org: Organizer, what: Shared, club: ClubId) -> Result<HttpResponse, AppError> {
    let actor = org.0.username;
    state
        .write(move |tx| Ok(shares::share(tx, what, club, &actor)?))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// `DELETE …/clubs/{club}`: 204, 404 when it was not shared with it.
async fn api_delete(state: &AppState, org: Organizer, what: Shared, club: ClubId) -> Result<HttpResponse, AppError> {
    let actor = org.0.username;
    state
        .write(move |tx| Ok(shares::unshare(tx, what, club, &actor)?))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[put("/api/tournaments/{id}/clubs/{club}")]
async fn api_tournament_put(
    state: web::Data<AppState>,
    org: Organizer,
    path: web::Path<(TournamentId, ClubId)>,
) -> Result<HttpResponse, AppError> {
    let (t, club) = path.into_inner();
    api_put(&state, org, Shared::Tournament(t), club).await
}

#[delete("/api/tournaments/{id}/clubs/{club}")]
async fn api_tournament_delete(
    state: web::Data<AppState>,
    org: Organizer,
    path: web::Path<(TournamentId, ClubId)>,
) -> Result<HttpResponse, AppError> {
    let (t, club) = path.into_inner();
    api_delete(&state, org, Shared::Tournament(t), club).await
}

#[put("/api/seasons/{id}/clubs/{club}")]
async fn api_season_put(
    state: web::Data<AppState>,
    org: Organizer,
    path: web::Path<(i32, ClubId)>,
) -> Result<HttpResponse, AppError> {
    let (s, club) = path.into_inner();
    api_put(&state, org, Shared::Season(s), club).await
}

#[delete("/api/seasons/{id}/clubs/{club}")]
async fn api_season_delete(
    state: web::Data<AppState>,
    org: Organizer,
    path: web::Path<(i32, ClubId)>,
) -> Result<HttpResponse, AppError> {
    let (s, club) = path.into_inner();
    api_delete(&state, org, Shared::Season(s), club).await
}
