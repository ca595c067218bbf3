//! What every page needs to know about the request: the language, the
//! logged-in organizer, the CSRF token. Filled by the `identity` and
//! `csrf_cookie` middlewares, read by the `Ctx` extractor.

use std::future::{ready, Ready};

use actix_web::body::MessageBody;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};

use crate::db::models::{ApiToken, Session};
use crate::db::now;
use crate::i18n::Lang;
use crate::secrets::{new_token, token_hash};

use super::AppState;

/// Cookie holding the session token of a logged-in organizer.
pub const SESSION_COOKIE: &str = "chelem_session";
/// Cookie holding the CSRF token (double submit, checked in constant time).
pub const CSRF_COOKIE: &str = "chelem_csrf";
/// Cookie holding the chosen language.
pub const LANG_COOKIE: &str = "chelem_lang";

/// The logged-in organizer.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    /// User id.
    pub id: i32,
    /// Login name.
    pub username: String,
    /// How they proved it.
    pub via: AuthVia,
    /// The clubs they act for (FORMATS.md, "Clubs").
    pub clubs: crate::db::ops::clubs::Membership,
}

/// How a request was authenticated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthVia {
    /// Session cookie from the login page.
    Session,
    /// `Authorization: Bearer` API token.
    Token,
}

/// The request's CSRF token, as the `csrf_cookie` middleware found or made it.
#[derive(Debug, Clone)]
pub struct CsrfToken(pub String);

/// The context of a page: language, organizer, CSRF token, current path.
#[derive(Debug, Clone)]
pub struct Ctx {
    /// Interface language.
    pub lang: Lang,
    /// The logged-in organizer, if any.
    pub user: Option<CurrentUser>,
    /// The token every state-changing form carries.
    pub csrf: String,
    /// Path of the page (for the language switch's return).
    pub path: String,
    /// The club's time zone (the times a page writes).
    pub tz: chrono_tz::Tz,
}

impl Ctx {
    /// Builds the context from a request (the middlewares have run).
    pub fn from_http_request(req: &HttpRequest) -> Ctx {
        let lang = req
            .cookie(LANG_COOKIE)
            .and_then(|c| Lang::from_code(c.value()))
            .or_else(|| {
                req.headers()
                    .get(header::ACCEPT_LANGUAGE)
                    .and_then(|h| h.to_str().ok())
                    .map(Lang::from_accept_language)
            })
            .unwrap_or_default();
        let ext = req.extensions();
        Ctx {
            lang,
            user: ext.get::<CurrentUser>().cloned(),
            csrf: ext.get::<CsrfToken>().map(|t| t.0.clone()).unwrap_or_default(),
            path: req.path().to_owned(),
            tz: req
                .app_data::<actix_web::web::Data<super::AppState>>()
                .map_or(chrono_tz::Europe::Paris, |s| s.config.timezone),
        }
    }

    /// The message `key` in the page's language.
    pub fn t(&self, key: &str) -> String {
        self.lang.t(key)
    }

    /// A date (`2026-11-28`) written out in the page's language.
    pub fn date(&self, iso: &str) -> String {
        self.lang.date(iso)
    }

    /// The message `key` with one argument.
    pub fn t1(&self, key: &str, name: &str, value: impl std::fmt::Display) -> String {
        self.lang.t_args(key, &[(name, value.to_string())])
    }

    /// Table `n` as its room calls it: "Table 3", or "Salle B · table 3"
    /// in a tournament of several rooms.
    pub fn table_name(&self, rooms: &crate::tournament::rooms::Layout, n: crate::tournament::ids::TableNo) -> String {
        self.table_name_or(rooms, n, "table-n")
    }

    /// Table `n` as its room calls it, `alone` ("table-n", "slip-table") the
    /// message naming a table of a one-room tournament.
    pub fn table_name_or(
        &self,
        rooms: &crate::tournament::rooms::Layout,
        n: crate::tournament::ids::TableNo,
        alone: &str,
    ) -> String {
        let label = rooms.label(n);
        match label.room {
            None => self.t1(alone, "n", label.number),
            Some((_, room)) => self.lang.t_args(
                "table-in-room",
                &[
                    ("room", super::filters::isolated(&room)),
                    ("n", label.number.to_string()),
                ],
            ),
        }
    }

    /// The other language, for the switch.
    pub fn other_lang(&self) -> Lang {
        match self.lang {
            Lang::Fr => Lang::En,
            Lang::En => Lang::Fr,
        }
    }

    /// Whether an organizer is logged in.
    pub fn is_organizer(&self) -> bool {
        self.user.is_some()
    }

    /// Whether the header offers the organizer's login: not on a table's
    /// or a seat's own pages (`/t/…`, `/s/…`), which players hold.
    pub fn offers_login(&self) -> bool {
        !(self.path.starts_with("/t/") || self.path.starts_with("/s/"))
    }

    /// Whose results this visitor sees: the organizer's (everything) when
    /// one is logged in, else the public's ([`crate::db::ops::visible`]).
    pub fn audience(&self) -> crate::db::ops::visible::Audience {
        crate::db::ops::visible::Audience::of(self.is_organizer())
    }
}

impl FromRequest for Ctx {
    type Error = actix_web::Error;
    type Future = Ready<Result<Ctx, actix_web::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(Ctx::from_http_request(req)))
    }
}

/// Whether cookies should carry the `Secure` flag: always with
/// `--secure-cookies`, else when a trusted proxy says the client came over
/// HTTPS.
fn secure_cookies(req: &HttpRequest) -> bool {
    let always = req
        .app_data::<web::Data<AppState>>()
        .is_some_and(|s| s.config.secure_cookies);
    always || super::client::Client::of(req).https
}

/// Builds a cookie with the project's flags (HttpOnly, SameSite=Lax, path /).
pub fn cookie<'a>(req: &HttpRequest, name: &'a str, value: String, max_age_days: Option<i64>) -> Cookie<'a> {
    let mut c = Cookie::build(name, value)
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure_cookies(req))
        .finish();
    if let Some(days) = max_age_days {
        c.set_max_age(actix_web::cookie::time::Duration::days(days));
    }
    c
}

/// Middleware: makes sure the visitor has a CSRF token cookie and exposes it
/// to handlers. Handlers that rotate it (login, logout) set their own cookie.
pub async fn csrf_cookie(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let existing = req
        .cookie(CSRF_COOKIE)
        .map(|c| c.value().to_owned())
        .filter(|v| v.len() >= 32 && v.len() <= 128);
    let (token, fresh) = match existing {
        Some(t) => (t, false),
        None => (new_token(""), true),
    };
    req.extensions_mut().insert(CsrfToken(token.clone()));
    let mut res = next.call(req).await?;
    let rotated = res.response().cookies().any(|c| c.name() == CSRF_COOKIE);
    if fresh && !rotated {
        let c = cookie(res.request(), CSRF_COOKIE, token, None);
        res.response_mut().add_cookie(&c)?;
    }
    Ok(res)
}

/// Middleware: finds the organizer behind the session cookie or the bearer
/// token, if any, and stores it in the request's extensions.
pub async fn identity(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let bearer = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.strip_prefix("Bearer "))
        .map(|t| t.trim().to_owned());
    let session = req.cookie(SESSION_COOKIE).map(|c| c.value().to_owned());
    if bearer.is_some() || session.is_some() {
        if let Some(state) = req.app_data::<web::Data<AppState>>().cloned() {
            match find_identity(&state, bearer, session).await {
                Ok(Some(user)) => {
                    tracing::Span::current().record("user", user.username.as_str());
                    req.extensions_mut().insert(user);
                }
                Ok(None) => {}
                // Whoever it is cannot be told: the database's answer, not "log in".
                Err(e) => {
                    tracing::warn!(error = %e, "identity lookup failed");
                    req.extensions_mut().insert(IdentityUnknown(e.retry_after().is_some()));
                }
            }
        }
    }
    next.call(req).await
}

/// The organizer behind a bearer token or a session cookie (none: a
/// visitor). A token's use is recorded through the door, at most once per
/// [`ApiToken::USE_GRAIN`]; when that write fails (a read-only database)
/// the token still identifies its organizer: the request goes on, and is
/// refused only if it writes itself.
async fn find_identity(
    state: &AppState,
    bearer: Option<String>,
    session: Option<String>,
) -> Result<Option<CurrentUser>, super::AppError> {
    let hub = state.hub.clone();
    state
        .db(move |conn| {
            let t = now();
            let mut found = None;
            if let Some(token) = &bearer {
                if let Some((row, user)) = ApiToken::find_with_user(conn, &token_hash(token))? {
                    if row.use_is_news(t) {
                        let marked = hub.write(conn, |tx| ApiToken::mark_used(tx, row.id, t));
                        if let Err(e) = marked {
                            tracing::warn!(error = %e, "cannot record the API token's use");
                        }
                    }
                    found = Some((user, AuthVia::Token));
                }
            }
            if let (None, Some(s)) = (&found, &session) {
                found = Session::user_for(conn, &token_hash(s), t)?.map(|u| (u, AuthVia::Session));
            }
            let Some((u, via)) = found else {
                return Ok(None);
            };
            let clubs = crate::db::ops::clubs::membership(conn, u.id)?;
            Ok(Some(CurrentUser {
                id: u.id,
                username: u.username,
                via,
                clubs,
            }))
        })
        .await
}

/// Left in a request's extensions when the organizer behind its token or
/// cookie could not be looked up; `true` when the database is the cause
/// (unavailable, read-only): the pages for organizers then answer 503
/// rather than send a logged-in organizer to the login page.
#[derive(Debug, Clone, Copy)]
pub struct IdentityUnknown(pub bool);

/// Left in a request's extensions when its organizer was set aside because
/// the path names what another club owns ([`super::clubs::club_guard`]):
/// the sentence of the 403 that the pages and routes for organizers answer.
#[derive(Debug, Clone)]
pub struct ForeignClub(pub String);

/// Why a request has no organizer: not logged in, the database could not
/// say (503), or the path names what another club owns (403, see
/// [`super::clubs::club_guard`]).
fn no_organizer(req: &HttpRequest) -> super::AppError {
    if let Some(foreign) = req.extensions().get::<ForeignClub>() {
        return super::AppError::Forbidden(foreign.0.clone());
    }
    match req.extensions().get::<IdentityUnknown>() {
        Some(IdentityUnknown(true)) => super::AppError::Unavailable,
        _ => super::AppError::LoginRequired,
    }
}

/// Extractor: the logged-in organizer, or `AppError::LoginRequired`.
#[derive(Debug, Clone)]
pub struct Organizer(pub CurrentUser);

impl FromRequest for Organizer {
    type Error = super::AppError;
    type Future = Ready<Result<Organizer, super::AppError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(
            req.extensions()
                .get::<CurrentUser>()
                .cloned()
                .map(Organizer)
                .ok_or_else(|| no_organizer(req)),
        )
    }
}

/// Extractor for the organizer's pages: the page context, the logged-in
/// organizer (or `AppError::LoginRequired`) and the application state.
pub struct OrgPage {
    /// Page context.
    pub ctx: Ctx,
    /// The organizer.
    pub user: CurrentUser,
    /// The application.
    pub state: web::Data<AppState>,
}

impl FromRequest for OrgPage {
    type Error = super::AppError;
    type Future = Ready<Result<OrgPage, super::AppError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let page = || -> Result<OrgPage, super::AppError> {
            let user = req
                .extensions()
                .get::<CurrentUser>()
                .cloned()
                .ok_or_else(|| no_organizer(req))?;
            let state = req
                .app_data::<web::Data<AppState>>()
                .cloned()
                .ok_or_else(|| super::AppError::Internal(anyhow::anyhow!("no application state")))?;
            Ok(OrgPage {
                ctx: Ctx::from_http_request(req),
                user,
                state,
            })
        };
        ready(page())
    }
}
