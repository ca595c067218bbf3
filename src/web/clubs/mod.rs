//! Clubs on one server (FORMATS.md, "Clubs"): `POST /api/clubs` and
//! `GET /api/clubs`, the club a new tournament or season belongs to, and
//! the one check that keeps an organizer to what their clubs own.
//!
//! The check ([`club_guard`]) runs on every request of a logged-in
//! organizer who is not an administrator: when the path names a tournament
//! (`/tournaments/{id}/…`, `/api/tournaments/{id}/…`, a game of one), a
//! season (`/seasons/{id}/…`, `/api/seasons/{id}/…`, and the tournament
//! it attaches) that another club owns, the request goes on as a visitor's
//! with [`ForeignClub`] beside it: the public pages and routes answer as
//! they answer anyone, those for organizers answer 403 (see
//! [`crate::web::ctx::Organizer`]). What another club shares with one of
//! theirs (a circuit, [`crate::db::ops::shares`]) they read, and enter its
//! tables' deals; its other writes answer 403 the same way.

pub mod page;
pub mod public;
pub mod sharing;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{get, post, web, HttpMessage, HttpResponse};
use diesel::prelude::*;
use serde_json::{json, Value};

use crate::db::ops::clubs::{self, ClubId, Membership, NoClub};
use crate::db::ops::shares::{self, Shared};
use crate::db::ops::{Msg, OpError};
use crate::db::schema::games;
use crate::db::AnyConnection;
use crate::i18n::Lang;
use crate::tournament::ids::TournamentId;

use crate::web::ctx::{ForeignClub, IdentityUnknown};
use crate::web::{AppError, AppState, Ctx, CurrentUser, Organizer};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list)
        .service(create)
        .configure(page::configure)
        .configure(sharing::configure)
        .configure(public::configure);
}

/// What a path names that a club owns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owned {
    /// A tournament.
    Tournament(TournamentId),
    /// A season.
    Season(i32),
    /// A game (of a tournament's table, or a casual one).
    Game(i32),
    /// A tournament put in or taken out of a season
    /// (`/seasons/3/tournaments/7`): read, not changed; a tournament
    /// shared with the season's club joins its circuit.
    Attached(TournamentId),
}

/// What `path` names that a club owns: `/tournaments/7/…` and
/// `/api/tournaments/7/…` a tournament, `/seasons/3/…` and `/api/seasons/3/…`
/// a season (`…/tournaments/7` the tournament it attaches too),
/// `/games/5/…` and `/api/games/5/…` a game.
pub fn owned_by_path(path: &str) -> Vec<Owned> {
    let mut parts = path.trim_start_matches('/').split('/').peekable();
    if parts.peek() == Some(&"api") {
        parts.next();
    }
    let parts: Vec<&str> = parts.collect();
    let number = |i: usize| parts.get(i).and_then(|s| s.parse::<i32>().ok());
    let tournament = |i: usize| parts.get(i).and_then(|s| s.parse::<TournamentId>().ok());
    let mut named = Vec::new();
    match parts.first() {
        Some(&"tournaments") => named.extend(tournament(1).map(Owned::Tournament)),
        Some(&"seasons") => {
            named.extend(number(1).map(Owned::Season));
            if parts.get(2) == Some(&"tournaments") {
                named.extend(tournament(3).map(Owned::Attached));
            }
        }
        Some(&"games") => named.extend(number(1).map(Owned::Game)),
        _ => {}
    }
    named
}

/// How far an organizer may go with what a path names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Access {
    /// One of their clubs owns it (or nothing is there).
    Own,
    /// It is shared with one of their clubs (a circuit, [`shares`]): read,
    /// and its tables' deals entered.
    Circuit,
    /// Another club's.
    Foreign,
}

/// How far `who` may go with `what`.
fn access(conn: &mut AnyConnection, what: Owned, who: &Membership) -> QueryResult<Access> {
    let what = match what {
        Owned::Attached(t) => {
            return Ok(match access(conn, Owned::Tournament(t), who)? {
                Access::Foreign => Access::Foreign,
                Access::Own | Access::Circuit => Access::Own,
            });
        }
        Owned::Tournament(t) => Shared::Tournament(t),
        Owned::Season(s) => Shared::Season(s),
        Owned::Game(g) => {
            let t: Option<Option<TournamentId>> = games::table
                .find(g)
                .select(games::tournament_id)
                .first(conn)
                .optional()?;
            match t.flatten() {
                Some(t) => Shared::Tournament(t),
                None => return Ok(Access::Own),
            }
        }
    };
    match what.owner(conn)? {
        None => Ok(Access::Own),
        Some(c) if who.acts_for(c) => Ok(Access::Own),
        Some(_) if shares::shared_with(conn, what)?.iter().any(|c| who.clubs.contains(c)) => Ok(Access::Circuit),
        Some(_) => Ok(Access::Foreign),
    }
}

/// What a circuit club's organizer may do besides reading: enter a deal of
/// a table (`POST /tournaments/{id}/rounds/{n}/tables/{t}/deals/{k}`).
fn circuit_may(method: &actix_web::http::Method, path: &str) -> bool {
    if matches!(*method, actix_web::http::Method::GET | actix_web::http::Method::HEAD) {
        return true;
    }
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    *method == actix_web::http::Method::POST
        && matches!(
            parts.as_slice(),
            ["tournaments", _, "rounds", _, "tables", _, "deals", _]
        )
}

/// The language of a refusal: English for the API and the `.json` files
/// (stable sentences), the visitor's on the pages.
pub fn lang_of(req: &actix_web::HttpRequest) -> Lang {
    if crate::web::error::is_json_route(req.path()) {
        Lang::En
    } else {
        Ctx::from_http_request(req).lang
    }
}

/// Middleware (after `identity`, inside `render_errors`): sets aside the
/// organizer of a request whose path names what none of their clubs owns
/// (see the module's note); a handler that then asks for a login (it reads
/// the organizer itself) is answered 403 instead.
pub async fn club_guard(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let req = set_aside(req).await;
    let foreign = req.extensions().get::<ForeignClub>().cloned();
    let res = next.call(req).await?;
    match foreign {
        Some(ForeignClub(why)) if asks_login(&res) => {
            let (req, _) = res.into_parts();
            Ok(ServiceResponse::from_err(AppError::Forbidden(why), req).map_into_boxed_body())
        }
        _ => Ok(res.map_into_boxed_body()),
    }
}

/// Whether a handler's answer is [`AppError::LoginRequired`].
fn asks_login<B>(res: &ServiceResponse<B>) -> bool {
    res.response()
        .error()
        .and_then(|e| e.as_error::<AppError>())
        .is_some_and(|e| matches!(e, AppError::LoginRequired))
}

/// The request, its organizer set aside when the path names what none of
/// their clubs owns.
async fn set_aside(req: ServiceRequest) -> ServiceRequest {
    let user = req.extensions().get::<CurrentUser>().cloned();
    let named = owned_by_path(req.path());
    if let (Some(user), false) = (user, named.is_empty()) {
        if !user.clubs.admin {
            if let Some(state) = req.app_data::<web::Data<AppState>>().cloned() {
                let clubs = user.clubs.clone();
                let found = state
                    .db(move |conn| {
                        let mut most = Access::Own;
                        for what in named {
                            most = most.max(access(conn, what, &clubs)?);
                        }
                        Ok(most)
                    })
                    .await;
                let refused = match found {
                    Ok(Access::Own) => None,
                    Ok(Access::Circuit) if circuit_may(req.method(), req.path()) => None,
                    Ok(Access::Circuit) => Some("club-circuit-read-only"),
                    Ok(Access::Foreign) => Some("club-not-yours"),
                    // Whose it is cannot be told: as when the organizer cannot be.
                    Err(e) => {
                        tracing::warn!(error = %e, "club lookup failed");
                        req.extensions_mut().remove::<CurrentUser>();
                        req.extensions_mut().insert(IdentityUnknown(e.retry_after().is_some()));
                        None
                    }
                };
                if let Some(why) = refused {
                    let lang = lang_of(req.request());
                    req.extensions_mut().remove::<CurrentUser>();
                    req.extensions_mut().insert(ForeignClub(lang.t(why)));
                }
            }
        }
    }
    req
}

/// The club a new tournament or season of `who` belongs to, from the
/// `"club"` of a JSON body or a form (`asked`, `None`: not given), or the
/// refusal to answer (422: not a club, several to choose from; 403: not
/// theirs).
pub async fn chosen(state: &AppState, who: &Membership, asked: Option<ClubId>, lang: Lang) -> Result<ClubId, AppError> {
    let who = who.clone();
    let choice = state.db(move |conn| Ok(clubs::choose(conn, &who, asked)?)).await?;
    choice.map_err(|no| match no {
        NoClub::Unknown(c) => OpError::Invalid(Msg::new("club-unknown").arg("club", c)).into(),
        NoClub::Ambiguous => OpError::Invalid(Msg::new("club-required")).into(),
        NoClub::NotTheirs(_) | NoClub::None => AppError::Forbidden(lang.t("club-not-yours")),
    })
}

/// The club a form chose (`asked`, "": none), for a page: `Ok(Err(msg))`
/// when the form must be shown again with the sentence (422: not a club,
/// several to choose from); 403 when it is not theirs.
pub async fn chosen_of_form(
    state: &AppState,
    who: &Membership,
    asked: &str,
    lang: Lang,
) -> Result<Result<ClubId, Msg>, AppError> {
    let asked = match asked.trim() {
        "" => None,
        c => Some(c.parse::<i32>().unwrap_or(0)),
    };
    match chosen(state, who, asked, lang).await {
        Ok(c) => Ok(Ok(c)),
        Err(AppError::Op(OpError::Invalid(m))) => Ok(Err(m)),
        Err(e) => Err(e),
    }
}

/// The clubs `who` may make a tournament or a season for, in id order.
pub async fn choices(state: &AppState, who: &Membership) -> Result<Vec<clubs::Club>, AppError> {
    let who = who.clone();
    let all = state.db(|conn| Ok(clubs::list(conn)?)).await?;
    Ok(all.into_iter().filter(|c| who.acts_for(c.id)).collect())
}

/// Refuses (403) to put in a season of `who` a tournament that none of
/// their clubs owns.
pub async fn check_tournaments(
    state: &AppState,
    who: &Membership,
    ids: &[TournamentId],
    lang: Lang,
) -> Result<(), AppError> {
    let (who, asked) = (who.clone(), ids.to_vec());
    let n = asked.len();
    let kept = state
        .db(move |conn| Ok(clubs::tournaments_of(conn, &who, &asked)?))
        .await?;
    if kept.len() == n {
        Ok(())
    } else {
        Err(AppError::Forbidden(lang.t("club-not-yours")))
    }
}

/// Whether the server hosts several clubs (a server of one looks as it
/// always did: no circuit to offer).
pub async fn many(state: &AppState) -> Result<bool, AppError> {
    state.db(|conn| Ok(clubs::list(conn)?.len() > 1)).await
}

/// The clubs of the logged-in organizer of a page (none: a visitor's).
pub fn membership(ctx: &Ctx) -> Membership {
    ctx.user.as_ref().map(|u| u.clubs.clone()).unwrap_or_default()
}

/// The `"club"` of a JSON body: absent or null, or a club's id (422
/// otherwise).
pub fn club_of_json(v: &Value) -> Result<Option<ClubId>, AppError> {
    match v.get("club") {
        None | Some(Value::Null) => Ok(None),
        Some(c) => c
            .as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| OpError::Invalid(Msg::new("club-json-id")).into()),
    }
}

/// `GET /api/clubs`: every club, to anyone.
#[get("/api/clubs")]
async fn list(state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let list = state.db(|conn| Ok(clubs::list(conn)?)).await?;
    Ok(HttpResponse::Ok().json(list))
}

/// `POST /api/clubs` (an administrator): `{"name", "town"}` → 201 `{"id"}`.
#[post("/api/clubs")]
async fn create(state: web::Data<AppState>, org: Organizer, body: web::Bytes) -> Result<HttpResponse, AppError> {
    if !org.0.clubs.admin {
        return Err(AppError::Forbidden(Lang::En.t("club-admin-only")));
    }
    let v: Value = serde_json::from_slice(&body).map_err(|e| AppError::BadRequest(format!("malformed JSON: {e}")))?;
    crate::web::input::check_json(&v)?;
    let text = |key: &'static str| match v.get(key) {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(_) => Err(AppError::from(OpError::Invalid(
            Msg::new("club-json-text").arg("key", key),
        ))),
    };
    let (name, town) = (text("name")?, text("town")?);
    let id = state.write(move |tx| Ok(clubs::create(tx, &name, &town)?)).await?;
    Ok(HttpResponse::Created().json(json!({ "id": id })))
}
