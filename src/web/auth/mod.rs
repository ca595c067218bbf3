//! Organizer login and logout, and the brakes on password guessing.
//!
//! # How guessing is slowed without locking the organizer out
//!
//! Behind a reverse proxy or a club's NAT everyone shares one address, so
//! the brakes are on the **account**, not on the address alone:
//!
//! - **A growing wait per account.** After [`FREE_FAILURES`] failures of an
//!   account (from anywhere, in the last [`THROTTLE_MINUTES`] minutes) each
//!   next check of it waits 1 s after the last failure, then 2 s, 4 s…, at
//!   most [`MAX_DELAY_SECONDS`] s. An attempt during the wait is answered 429
//!   with the seconds left and **costs no argon2** (nor is it recorded:
//!   waiting is what counts). So a guesser gets about one check every
//!   [`MAX_DELAY_SECONDS`] s per account, a handful a minute, however many
//!   requests or addresses it uses; and because the wait is capped, a
//!   guesser's failures never push it beyond those few seconds: the right
//!   password typed once the wait is over is checked and accepted.
//! - **One check at a time per account** ([`throttle::LoginGuard::turn`]):
//!   attempts on one account queue, and each reads the failures of those
//!   before it. Forty wrong passwords sent at once give exactly
//!   [`FREE_FAILURES`] checks; the others are answered 429 with the wait.
//! - **The organizer's own browser is never in the guesser's line.** A
//!   guesser who fires at the very moment each wait ends could take every
//!   check of the account before a person can retry: nothing tells two
//!   clients on one address apart. So a successful login leaves a
//!   *known-device* cookie ([`device`]): a tag only the server can make,
//!   for that account. An attempt that shows it is throttled on that
//!   device's own failures, not on the account's, and has a password check
//!   of its own in the pool below: the organizer who has logged in before
//!   on this laptop gets in at once, whatever anyone else does. A browser
//!   that never logged in shares the account's wait (a few seconds) with
//!   everyone else.
//! - **Password checks are bounded.** argon2 runs on blocking threads, at
//!   most [`throttle::LoginLimits::hash_slots`] at once (1 by default, plus
//!   one kept for known devices), so a flood of logins with made-up names
//!   (each checked against a dummy hash, so that the answer does not tell
//!   who exists) cannot take the cores from the tablets. A login that finds
//!   no free check within [`throttle::LoginLimits::hash_wait`] is answered
//!   503 with a sentence and `Retry-After`, and nothing is recorded.
//!
//! The client's address is the socket's peer, or what a `--trusted-proxy`
//! vouches for ([`super::client`]); it is stored with each attempt (the
//! account's failures are counted from all addresses).

pub mod device;
pub mod throttle;

use actix_web::cookie::Cookie;
use actix_web::http::{header, StatusCode};
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::Duration;
use serde::Deserialize;

use crate::db::models::{LoginAttempt, Session, User};
use crate::db::now;
use crate::secrets::{dummy_hash, new_token, token_hash};

use super::client::Client;
use super::csrf::CsrfForm;
use super::ctx::{cookie, CSRF_COOKIE, SESSION_COOKIE};
use super::pages::safe_local_path;
use super::{render, AppError, AppState, Ctx};
use device::{DEVICE_COOKIE, DEVICE_DAYS};
pub use throttle::{LoginGuard, LoginLimits, FREE_FAILURES, MAX_DELAY_SECONDS, THROTTLE_MINUTES};

/// How long a login lasts: a tournament day and its evening.
pub const SESSION_HOURS: i64 = 24;
/// Seconds a login refused for want of a free password check is told to wait.
pub const BUSY_RETRY_SECONDS: u32 = 2;

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
    /// The session token, and the known-device cookie's value.
    Ok {
        token: String,
        device: String,
    },
    BadCredentials,
    /// Seconds to wait before the next attempt.
    Throttled(i64),
    /// No password check was free in time.
    Busy,
}

/// What the throttle found before the password is checked.
struct Gate {
    user: Option<User>,
    /// The key the attempt is stored under: the address, or the known device.
    key: String,
    known_device: bool,
    wait: Option<i64>,
}

/// One login attempt, in the account's turn: the wait, the password check,
/// what is stored.
async fn attempt(
    state: &AppState,
    username: String,
    password: String,
    address: String,
    device_cookie: Option<String>,
    previous: Option<String>,
) -> Result<LoginOutcome, AppError> {
    let _turn = state.login.turn(&username).await;
    let limits = state.config.login.clone();
    let name = username.clone();
    let gate = state
        .db(move |conn| {
            let user = User::find_by_username(conn, &name)?;
            let device = device_cookie
                .zip(user.as_ref())
                .and_then(|(c, u)| device::verify(&c, &u.username, &u.password_hash));
            let t = now();
            // A known device answers for its own failures; anyone else for the account's.
            let (failures, last) = LoginAttempt::failures(conn, &name, device.as_deref(), limits.since(t))?;
            Ok(Gate {
                user,
                known_device: device.is_some(),
                key: device.unwrap_or(address),
                wait: limits.seconds_to_wait(last, failures, t),
            })
        })
        .await?;
    if let Some(seconds) = gate.wait {
        return Ok(LoginOutcome::Throttled(seconds));
    }
    let hash = gate.user.as_ref().map_or(dummy_hash(), |u| u.password_hash.as_str());
    let check = state
        .login
        .check(
            password,
            hash.to_owned(),
            gate.known_device,
            state.config.login.hash_wait,
        )
        .await;
    let user = match (check, gate.user) {
        (throttle::Check::Busy, _) => return Ok(LoginOutcome::Busy),
        (throttle::Check::Match, Some(user)) => Some(user),
        _ => None,
    };
    let key = gate.key;
    state
        .write(move |tx| {
            let t = now();
            LoginAttempt::record(tx, &username, &key, user.is_some(), t)?;
            let Some(u) = user else {
                return Ok(LoginOutcome::BadCredentials);
            };
            LoginAttempt::clear_pair(tx, &username, &key)?;
            if let Some(previous) = previous {
                Session::delete(tx, &previous)?;
            }
            Session::purge_expired(tx, t)?;
            LoginAttempt::purge(tx, t - Duration::days(1))?;
            let token = new_token("");
            Session::create(tx, &token_hash(&token), u.id, t, t + Duration::hours(SESSION_HOURS))?;
            let device = device::issue(&u.username, &u.password_hash);
            Ok(LoginOutcome::Ok { token, device })
        })
        .await
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
    let next = safe_local_path(&form.next).to_owned();
    // The session this browser had, if any: it ends at login.
    let previous = req.cookie(SESSION_COOKIE).map(|c| token_hash(c.value()));
    let device = req.cookie(DEVICE_COOKIE).map(|c| c.value().to_owned());
    let address = Client::of(&req).address();
    let outcome = attempt(&state, username.clone(), form.password, address, device, previous).await?;
    let (status, error, retry_after) = match outcome {
        LoginOutcome::Ok { token, device } => {
            tracing::info!(user = %username, "organizer logged in");
            // A fresh session and a fresh CSRF token, the session before
            // ended: nothing from before the login carries over (session
            // fixation).
            let session = cookie(&req, SESSION_COOKIE, token, Some(1));
            let csrf = cookie(&req, CSRF_COOKIE, new_token(""), None);
            let device = cookie(&req, DEVICE_COOKIE, device, Some(DEVICE_DAYS));
            return Ok(HttpResponse::SeeOther()
                .cookie(session)
                .cookie(csrf)
                .cookie(device)
                .insert_header((header::LOCATION, next))
                .finish());
        }
        LoginOutcome::Throttled(seconds) => (
            StatusCode::TOO_MANY_REQUESTS,
            ctx.t1("login-throttled", "seconds", seconds),
            Some(seconds.to_string()),
        ),
        LoginOutcome::Busy => (
            StatusCode::SERVICE_UNAVAILABLE,
            ctx.t1("login-busy", "seconds", BUSY_RETRY_SECONDS),
            Some(BUSY_RETRY_SECONDS.to_string()),
        ),
        LoginOutcome::BadCredentials => (StatusCode::UNAUTHORIZED, ctx.t("login-failed"), None),
    };
    let mut resp = render::page_with_status(
        &LoginPage {
            ctx,
            username,
            next,
            error: Some(error),
        },
        status,
    );
    if let Some(seconds) = retry_after.and_then(|s| header::HeaderValue::from_str(&s).ok()) {
        resp.headers_mut().insert(header::RETRY_AFTER, seconds);
    }
    Ok(resp)
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
