//! The player directory: find a player, correct their name, club or
//! licence; choose two entries to merge, see the merges (`super::merge`).

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use serde::Deserialize;

use crate::db::models::Player;
use crate::db::ops::{merge, players};
use crate::tournament::ids::PlayerId;
use crate::web::filters;
use crate::web::player_form::PlayerForm;

use super::super::csrf::CsrfForm;
use super::super::form::{attempt, see_other, Refused};
use super::super::{render, AppError, AppState, Ctx, OrgPage};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list).service(edit_form).service(update).service(undo_merge);
}

/// Most players listed at once.
const LIMIT: i64 = 200;

/// The directory page.
#[derive(askama::Template)]
#[template(path = "organizer/directory.html")]
pub struct DirectoryPage {
    /// Page context.
    pub ctx: Ctx,
    /// The search as typed.
    pub q: String,
    /// Players found.
    pub players: Vec<Player>,
    /// The last merges, newest first.
    pub merges: Vec<super::merge::MergeLine>,
    /// What was refused (an undo).
    pub error: Option<String>,
}

#[derive(Deserialize)]
struct Search {
    #[serde(default)]
    q: String,
}

#[get("/players")]
async fn list(OrgPage { ctx, state, .. }: OrgPage, q: web::Query<Search>) -> Result<HttpResponse, AppError> {
    // Control characters match no one (and PostgreSQL refuses a NUL byte).
    let q: String = q.into_inner().q.chars().filter(|c| !c.is_control()).collect();
    page(&state, ctx, q, None).await
}

/// The directory page: the players found by `q`, the merges; with a refusal
/// (its sentence and status) when one is said.
pub async fn page(state: &AppState, ctx: Ctx, q: String, refused: Option<Refused>) -> Result<HttpResponse, AppError> {
    let query = q.clone();
    let (lang, tz) = (ctx.lang, state.config.timezone);
    let (players, merges) = state
        .db(move |conn| {
            Ok((
                Player::search(conn, &query, LIMIT)?,
                super::merge::lines(conn, lang, tz)?,
            ))
        })
        .await?;
    let (status, error) = match refused {
        Some(r) => (r.status, Some(r.message)),
        None => (StatusCode::OK, None),
    };
    let page = DirectoryPage {
        ctx,
        q,
        players,
        merges,
        error,
    };
    Ok(render::page_with_status(&page, status))
}

/// A player's edit form.
#[derive(askama::Template)]
#[template(path = "organizer/player_edit.html")]
pub struct EditPage {
    /// Page context.
    pub ctx: Ctx,
    /// Player id.
    pub id: PlayerId,
    /// The form as typed.
    pub form: PlayerForm,
    /// What was refused.
    pub error: Option<String>,
}

#[get("/players/{pid}/edit")]
async fn edit_form(OrgPage { ctx, state, .. }: OrgPage, path: web::Path<PlayerId>) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let p = state
        .db(move |conn| Player::find(conn, id)?.ok_or(AppError::NotFound))
        .await?;
    let form = PlayerForm {
        name: p.name,
        club: p.club,
        licence: p.licence.unwrap_or_default(),
        ..PlayerForm::default()
    };
    Ok(render::page(&EditPage {
        ctx,
        id,
        form,
        error: None,
    }))
}

#[post("/players/{pid}/edit")]
async fn update(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<PlayerId>,
    form: CsrfForm<PlayerForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let form = form.0;
    let fields = match form.fields() {
        Ok(f) => f,
        Err(m) => {
            let error = Some(Refused::invalid(ctx.lang, &m).message);
            let page = EditPage { ctx, id, form, error };
            return Ok(render::page_with_status(&page, StatusCode::UNPROCESSABLE_ENTITY));
        }
    };
    match state
        .write(move |tx| attempt(tx, ctx.lang, |tx| players::edit(tx, id, &fields)))
        .await?
    {
        Ok(_) => Ok(see_other("/players")),
        Err(Refused { status, message }) => {
            let error = Some(message);
            Ok(render::page_with_status(&EditPage { ctx, id, form, error }, status))
        }
    }
}

/// Undoes a merge (the last one, while nothing changed: `db::ops::merge`);
/// refused, the directory says why.
#[post("/directory/merges/{mid}/undo")]
async fn undo_merge(
    OrgPage { ctx, state, user }: OrgPage,
    path: web::Path<i32>,
    _form: CsrfForm<serde::de::IgnoredAny>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (lang, actor) = (ctx.lang, user.username);
    match state
        .write(move |tx| attempt(tx, lang, |tx| merge::undo(tx, id, &actor)))
        .await?
    {
        Ok(()) => Ok(see_other("/players")),
        Err(r) => page(&state, ctx, String::new(), Some(r)).await,
    }
}
