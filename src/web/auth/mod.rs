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
//!   on this laptop gets in at once, whatever anyone else does.
//! - **A browser that never logged in is not in the guesser's line
//!   either.** The login page gives each browser a lane ([`lane`]): a lane
//!   that has never failed on the account is checked at once, whatever the
//!   account's wait; after its first failure it shares the account's wait.
//!   Each address is given a few new lanes a minute, so a guesser who
//!   throws its lanes away buys a few checks a minute, not more.
//! - **A success forgets only its own browser's failures** (its lane's or
//!   its device's), never those of an address: an organizer logging in
//!   from the club's address does not lift the guesser's brake there.
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
pub mod lane;
pub mod password;
pub mod setup;
pub mod throttle;
mod verify;

use actix_web::cookie::Cookie;
use actix_web::http::{header, StatusCode};
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::{Duration, NaiveDateTime};
use serde::Deserialize;

use crate::db::models::{LoginAttempt, Session, User};
use crate::db::{now, Tx};
use crate::secrets::{new_token, token_hash};

use super::client::Client;
use super::csrf::CsrfForm;
use super::ctx::{cookie, CSRF_COOKIE, SESSION_COOKIE};
use super::pages::safe_local_path;
use super::{render, AppError, AppState, Ctx};
use device::{DEVICE_COOKIE, DEVICE_DAYS};
use lane::{LANE_COOKIE, LANE_DAYS};
pub use throttle::{LoginGuard, LoginLimits, FREE_FAILURES, MAX_DELAY_SECONDS, THROTTLE_MINUTES};
use verify::{Held, Verdict};

/// How long a login lasts: a tournament day and its evening.
pub const SESSION_HOURS: i64 = 24;
/// Seconds a login refused for want of a free password check is told to wait.
pub const BUSY_RETRY_SECONDS: u32 = 2;

/// Routes of this module.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(login_form)
        .service(login)
        .service(logout)
        .configure(setup::configure)
        .configure(password::configure);
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
    /// No organizer account exists yet: the page says how the first is made.
    pub first_account: bool,
}

#[derive(Deserialize)]
struct NextQuery {
    next: Option<String>,
}

/// Whether no organizer account exists yet.
async fn no_account_yet(state: &AppState) -> Result<bool, AppError> {
    Ok(!state.db(|conn| Ok(User::any(conn)?)).await?)
}

/// The browser's lane's throttle key, if it shows one this server made.
fn lane_of(req: &HttpRequest, state: &AppState) -> Option<String> {
    req.cookie(LANE_COOKIE)
        .and_then(|c| state.login.lanes.verify(c.value()))
}

/// `resp` with a new lane for a browser that has none (when its address
/// still has new lanes to give).
fn with_lane(req: &HttpRequest, state: &AppState, lane: Option<&str>, mut resp: HttpResponse) -> HttpResponse {
    if lane.is_none() {
        let address = Client::of(req).address();
        if let Some(value) = state.login.lanes.mint(&address, std::time::Instant::now()) {
            // A cookie that does not go on the answer is only a lane unused.
            let _ = resp.add_cookie(&cookie(req, LANE_COOKIE, value, Some(LANE_DAYS)));
        }
    }
    resp
}

#[get("/login")]
async fn login_form(
    req: HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    q: web::Query<NextQuery>,
) -> Result<HttpResponse, AppError> {
    let next = safe_local_path(q.next.as_deref().unwrap_or("/")).to_owned();
    let page = render::page(&LoginPage {
        ctx,
        username: String::new(),
        next,
        error: None,
        first_account: no_account_yet(&state).await?,
    });
    Ok(with_lane(&req, &state, lane_of(&req, &state).as_deref(), page))
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
    Ok { token: String, device: String },
    /// Wrong name or password; `true`: there is no account at all.
    BadCredentials(bool),
    /// Held back by the brakes.
    HeldBack(Held),
}

/// A new session of `user` at `t` (expired ones purged): its token, and a
/// known-device cookie's value for the browser.
fn open_session(tx: &mut Tx<'_>, user: &User, t: NaiveDateTime) -> Result<(String, String), AppError> {
    Session::purge_expired(tx, t)?;
    let token = new_token("");
    Session::create(tx, &token_hash(&token), user.id, t, t + Duration::hours(SESSION_HOURS))?;
    Ok((token, device::issue(&user.username, &user.password_hash)))
}

/// The answer that logs a browser in: a fresh session and a fresh CSRF
/// token (nothing from before the login carries over: no session
/// fixation), the known-device cookie, and on to `location`.
fn logged_in(req: &HttpRequest, token: String, device: String, location: &str) -> HttpResponse {
    let session = cookie(req, SESSION_COOKIE, token, Some(1));
    let csrf = cookie(req, CSRF_COOKIE, new_token(""), None);
    let device = cookie(req, DEVICE_COOKIE, device, Some(DEVICE_DAYS));
    HttpResponse::SeeOther()
        .cookie(session)
        .cookie(csrf)
        .cookie(device)
        .insert_header((header::LOCATION, location))
        .finish()
}

/// Who attempts a login: the address, the browser's known-device cookie,
/// its lane's key, and the session it had (ended at login).
struct Browser {
    address: String,
    device: Option<String>,
    lane: Option<String>,
    previous: Option<String>,
}

/// One login attempt, in the account's turn: the wait, the password check,
/// what is stored.
async fn attempt(
    state: &AppState,
    username: String,
    password: String,
    browser: Browser,
) -> Result<LoginOutcome, AppError> {
    let Browser {
        address,
        device,
        lane,
        previous,
    } = browser;
    let _turn = state.login.turn(&username).await;
    let (user, key, no_account) = match verify::check(state, &username, password, address, device, lane).await? {
        Verdict::Match { user, key } => (Some(user), key, false),
        Verdict::Mismatch { key, no_account } => (None, key, no_account),
        Verdict::Held(held) => return Ok(LoginOutcome::HeldBack(held)),
    };
    state
        .write(move |tx| {
            let t = now();
            verify::record(tx, &username, &key, user.is_some(), t)?;
            let Some(u) = user else {
                return Ok(LoginOutcome::BadCredentials(no_account));
            };
            if let Some(previous) = previous {
                Session::delete(tx, &previous)?;
            }
            LoginAttempt::purge(tx, t - Duration::days(1))?;
            let (token, device) = open_session(tx, &u, t)?;
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
    let lane = lane_of(&req, &state);
    let browser = Browser {
        address: Client::of(&req).address(),
        device: req.cookie(DEVICE_COOKIE).map(|c| c.value().to_owned()),
        lane: lane.clone(),
        // The session this browser had, if any: it ends at login.
        previous: req.cookie(SESSION_COOKIE).map(|c| token_hash(c.value())),
    };
    let outcome = attempt(&state, username.clone(), form.password, browser).await?;
    let mut first_account = false;
    let (status, error, retry_after) = match outcome {
        LoginOutcome::Ok { token, device } => {
            tracing::info!(user = %username, "organizer logged in");
            return Ok(logged_in(&req, token, device, &next));
        }
        LoginOutcome::HeldBack(held) => {
            let (status, sentence, seconds) = held.answer(&ctx);
            (status, sentence, Some(seconds))
        }
        LoginOutcome::BadCredentials(no_account) => {
            first_account = no_account;
            (StatusCode::UNAUTHORIZED, ctx.t("login-failed"), None)
        }
    };
    let page = LoginPage {
        ctx,
        username,
        next,
        error: Some(error),
        first_account,
    };
    let refused = verify::refused(&page, status, retry_after);
    Ok(with_lane(&req, &state, lane.as_deref(), refused))
}

#[post("/logout")]
async fn logout(
    req: HttpRequest,
    state: web::Data<AppState>,
    _form: CsrfForm<serde::de::IgnoredAny>,
) -> Result<HttpResponse, AppError> {
    if let Some(c) = req.cookie(SESSION_COOKIE) {
        let hash = token_hash(c.value());
        state.write(move |tx| Ok(Session::delete(tx, &hash)?)).await?;
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
