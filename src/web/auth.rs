//! Organizer login and logout.

use actix_web::cookie::Cookie;
use actix_web::http::{header, StatusCode};
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::Duration;
use serde::Deserialize;

use crate::db::models::{LoginAttempt, Session, User};
use crate::db::now;
use crate::secrets::{dummy_hash, new_token, token_hash, verify_password};

use super::csrf::CsrfForm;
use super::ctx::{cookie, CSRF_COOKIE, SESSION_COOKIE};
use super::pages::safe_local_path;
use super::{render, AppError, AppState, Ctx};

/// How long a login lasts: a tournament day and its evening.
pub const SESSION_HOURS: i64 = 24;
/// Failed logins allowed per account in the throttle window.
pub const MAX_FAILURES_PER_USER: i64 = 5;
/// Failed logins allowed per address in the throttle window.
pub const MAX_FAILURES_PER_ADDRESS: i64 = 20;
/// The throttle window, in minutes.
pub const THROTTLE_MINUTES: i64 = 15;

/// Routes of this module.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(login_form).service(login).service(logout);
}

/// The login page.
#[derive(askama::Template)]
#[template(path = "auth/login.html")]
pub struct LoginPage {
    /// Page context.
    pub ctx: Ctx,
    /// The name as typed.
    pub username: String,
    /// Where to go after login.
    pub next: String,
    /// What went wrong, if anything.
    pub error: Option<String>,
}

#[derive(Deserialize)]
struct NextQuery {
    next: Option<String>,
}

#[get("/login")]
async fn login_form(ctx: Ctx, q: web::Query<NextQuery>) -> HttpResponse {
    let next = safe_local_path(q.next.as_deref().unwrap_or("/")).to_owned();
    render::page(&LoginPage {
        ctx,
        username: String::new(),
        next,
        error: None,
    })
}

/// The login form's fields.
#[derive(Deserialize)]
pub struct LoginForm {
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    next: String,
}

enum LoginOutcome {
    Ok(String),
    BadCredentials,
    Throttled,
}

fn client_address(req: &HttpRequest) -> String {
    req.peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_else(|| "unknown".into())
}

#[post("/login")]
async fn login(
    req: HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    form: CsrfForm<LoginForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.0;
    let username = form.username.trim().to_owned();
    let address = client_address(&req);
    let next = safe_local_path(&form.next).to_owned();
    let password = form.password;
    let name = username.clone();
    let outcome = state
        .db(move |conn| {
            let t = now();
            let since = t - Duration::minutes(THROTTLE_MINUTES);
            if LoginAttempt::failures_for_user(conn, &name, since)? >= MAX_FAILURES_PER_USER
                || LoginAttempt::failures_for_address(conn, &address, since)? >= MAX_FAILURES_PER_ADDRESS
            {
                return Ok(LoginOutcome::Throttled);
            }
            let user = User::find_by_username(conn, &name)?;
            let hash = user.as_ref().map(|u| u.password_hash.as_str()).unwrap_or(dummy_hash());
            let ok = verify_password(&password, hash) && user.is_some();
            LoginAttempt::record(conn, &name, &address, ok, t)?;
            match user {
                Some(u) if ok => {
                    LoginAttempt::clear_user(conn, &name)?;
                    Session::purge_expired(conn, t)?;
                    LoginAttempt::purge(conn, t - Duration::days(1))?;
                    let token = new_token("");
                    Session::create(conn, &token_hash(&token), u.id, t, t + Duration::hours(SESSION_HOURS))?;
                    Ok(LoginOutcome::Ok(token))
                }
                _ => Ok(LoginOutcome::BadCredentials),
            }
        })
        .await?;
    match outcome {
        LoginOutcome::Ok(token) => {
            tracing::info!(user = %username, "organizer logged in");
            // A fresh session and a fresh CSRF token: nothing from before the
            // login carries over (session fixation).
            let session = cookie(&req, SESSION_COOKIE, token, Some(1));
            let csrf = cookie(&req, CSRF_COOKIE, new_token(""), None);
            Ok(HttpResponse::SeeOther()
                .cookie(session)
                .cookie(csrf)
                .insert_header((header::LOCATION, next))
                .finish())
        }
        LoginOutcome::BadCredentials | LoginOutcome::Throttled => {
            let (status, key) = match outcome {
                LoginOutcome::Throttled => (StatusCode::TOO_MANY_REQUESTS, "login-throttled"),
                _ => (StatusCode::UNAUTHORIZED, "login-failed"),
            };
            let error = Some(ctx.t1(key, "minutes", THROTTLE_MINUTES));
            Ok(render::page_with_status(
                &LoginPage {
                    ctx,
                    username,
                    next,
                    error,
                },
                status,
            ))
        }
    }
}

#[post("/logout")]
async fn logout(
    req: HttpRequest,
    state: web::Data<AppState>,
    _form: CsrfForm<serde::de::IgnoredAny>,
) -> Result<HttpResponse, AppError> {
    if let Some(c) = req.cookie(SESSION_COOKIE) {
        let hash = token_hash(c.value());
        state.db(move |conn| Ok(Session::delete(conn, &hash)?)).await?;
    }
    let mut gone = Cookie::build(SESSION_COOKIE, "").path("/").finish();
    gone.make_removal();
    let csrf = cookie(&req, CSRF_COOKIE, new_token(""), None);
    Ok(HttpResponse::SeeOther()
        .cookie(gone)
        .cookie(csrf)
        .insert_header((header::LOCATION, "/"))
        .finish())
}
