//! The administrator's clubs page (`/clubs`): the server's clubs, a form to
//! create one and a form to give a club an organizer account (FORMATS.md,
//! "Clubs"; the command line does the same with `chelem club add` and
//! `chelem user add NAME --club ID`).

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use serde::Deserialize;

use crate::db::ops::accounts;
use crate::db::ops::clubs::{self, Club, ClubId};
use crate::db::ops::OpError;

use crate::web::csrf::CsrfForm;
use crate::web::form::see_other;
use crate::web::{filters, render, AppError, AppState, Ctx, OrgPage};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(clubs_page)
        .service(create)
        .service(add_organizer)
        .service(rename)
        .service(join)
        .service(leave);
}

/// The page.
#[derive(askama::Template)]
#[template(path = "clubs/list.html")]
pub struct ClubsPage {
    /// Page context.
    pub ctx: Ctx,
    /// Every club.
    pub clubs: Vec<Club>,
    /// Every club's organizers: (club, user id, login name).
    pub organizers: Vec<(ClubId, i32, String)>,
    /// A refusal.
    pub error: Option<String>,
    /// The refused form, as typed.
    pub typed: Typed,
}

/// A refused form as typed: which one (`new`, `organizer`, `rename-2`,
/// `join-2`) and its fields (the password never).
#[derive(Debug, Clone, Default)]
pub struct Typed {
    /// Which form.
    pub form: String,
    /// A club's name.
    pub name: String,
    /// A club's town.
    pub town: String,
    /// An account's login name.
    pub username: String,
    /// The club chosen.
    pub club: String,
}

impl Typed {
    /// What field `field` of form `form` shows: as typed when that form
    /// was refused, else `default`.
    pub fn value<'a>(&'a self, form: &str, field: &'a str, default: &'a str) -> &'a str {
        if self.form != form {
            return default;
        }
        match field {
            "name" => &self.name,
            "town" => &self.town,
            "username" => &self.username,
            "club" => &self.club,
            _ => default,
        }
    }
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
    refused(state, ctx, error, Typed::default(), status).await
}

/// The page with a refused form as typed.
async fn refused(
    state: &AppState,
    ctx: Ctx,
    error: Option<String>,
    typed: Typed,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let (clubs, organizers) = state
        .db(|conn| Ok((clubs::list(conn)?, clubs::organizers(conn)?)))
        .await?;
    let page = ClubsPage {
        ctx,
        clubs,
        organizers,
        error,
        typed,
    };
    Ok(render::page_with_status(&page, status))
}

/// After a change: the page again (303), or the refusal's sentence (422)
/// with the form as typed; 404 when the club or the organizer is not there.
async fn done(state: &AppState, ctx: Ctx, result: Result<(), OpError>, typed: Typed) -> Result<HttpResponse, AppError> {
    match result {
        Ok(()) => Ok(see_other("/clubs")),
        Err(OpError::Invalid(m)) => {
            let message = m.render(ctx.lang);
            refused(state, ctx, Some(message), typed, StatusCode::UNPROCESSABLE_ENTITY).await
        }
        Err(e) => Err(e.into()),
    }
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
    let typed = Typed {
        form: "new".into(),
        name: name.clone(),
        town: town.clone(),
        ..Typed::default()
    };
    let made = state.write(move |tx| Ok(clubs::create(tx, &name, &town))).await?;
    done(&state, ctx, made.map(|_| ()), typed).await
}

#[post("/clubs/{id}")]
async fn rename(page: OrgPage, path: web::Path<ClubId>, form: CsrfForm<ClubForm>) -> Result<HttpResponse, AppError> {
    admin_only(&page)?;
    let (id, OrgPage { ctx, state, .. }) = (path.into_inner(), page);
    let ClubForm { name, town } = form.0;
    let typed = Typed {
        form: format!("rename-{id}"),
        name: name.clone(),
        town: town.clone(),
        ..Typed::default()
    };
    let result = state.write(move |tx| Ok(clubs::rename(tx, id, &name, &town))).await?;
    done(&state, ctx, result, typed).await
}

/// The form making an existing account an organizer of a club too.
#[derive(Deserialize)]
struct JoinForm {
    #[serde(default)]
    username: String,
}

#[post("/clubs/{id}/organizers")]
async fn join(page: OrgPage, path: web::Path<ClubId>, form: CsrfForm<JoinForm>) -> Result<HttpResponse, AppError> {
    admin_only(&page)?;
    let (id, OrgPage { ctx, state, .. }) = (path.into_inner(), page);
    let username = form.0.username;
    let typed = Typed {
        form: format!("join-{id}"),
        username: username.clone(),
        ..Typed::default()
    };
    let result = state.write(move |tx| Ok(clubs::join(tx, id, &username))).await?;
    done(&state, ctx, result, typed).await
}

#[post("/clubs/{id}/organizers/{user}/delete")]
async fn leave(
    page: OrgPage,
    path: web::Path<(ClubId, i32)>,
    _form: CsrfForm<serde::de::IgnoredAny>,
) -> Result<HttpResponse, AppError> {
    admin_only(&page)?;
    let ((id, user), OrgPage { ctx, state, .. }) = (path.into_inner(), page);
    let result = state.write(move |tx| Ok(clubs::leave(tx, id, user))).await?;
    done(&state, ctx, result, Typed::default()).await
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
    let typed = Typed {
        form: "organizer".into(),
        username: username.clone(),
        club: club.clone(),
        ..Typed::default()
    };
    let say = |message: String| Some(message);
    let Ok(club) = club.trim().parse::<i32>() else {
        let message = ctx.t("club-required-form");
        return refused(&state, ctx, say(message), typed, StatusCode::UNPROCESSABLE_ENTITY).await;
    };
    let made = state
        .write(move |tx| Ok(accounts::create_member(tx, &username, &password, &[club], false)))
        .await?;
    match made {
        Ok(_) => Ok(see_other("/clubs")),
        Err(accounts::AccountError::NoSuchClub(c)) => {
            let message = lang.t_args("club-unknown", &[("club", c.to_string())]);
            refused(&state, ctx, say(message), typed, StatusCode::UNPROCESSABLE_ENTITY).await
        }
        Err(e) => match e.refusal(lang) {
            Some(message) => refused(&state, ctx, say(message), typed, StatusCode::UNPROCESSABLE_ENTITY).await,
            None => Err(AppError::Internal(anyhow::anyhow!("{e}"))),
        },
    }
}
