//! Organizer login and logout.

use actix_web::cookie::Cookie;
use actix_web::http::{header, StatusCode};
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::{Duration, NaiveDateTime};
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
/// Failed logins of one account from one address before each next attempt
/// has to wait.
pub const FREE_FAILURES: i64 = 3;
/// The longest wait between two attempts of one account from one address.
pub const MAX_DELAY_SECONDS: i64 = 30;
/// How long failures are remembered, in minutes.
pub const THROTTLE_MINUTES: i64 = 15;

/// How long an account must wait, from one address, after its last failure
/// there, when it failed `failures` times: nothing for the first
/// [`FREE_FAILURES`], then 1, 2, 4… seconds, at most [`MAX_DELAY_SECONDS`].
/// A password guesser is slowed down to a crawl; the organizer who mistyped,
/// or who shares the club's Wi-Fi with a guesser of another account, is
/// never locked out: the right password goes through once the wait is over,
/// and other addresses are not concerned.
pub fn throttle_delay(failures: i64) -> Duration {
    if failures < FREE_FAILURES {
        return Duration::zero();
    }
    let doublings = (failures - FREE_FAILURES).min(10) as u32;
    Duration::seconds((1i64 << doublings).min(MAX_DELAY_SECONDS))
}

/// Whole seconds (rounded up) left to wait at `now`, after `failures`
/// failures the last of which was at `last`; `None` once the wait is over
/// (at its very end included).
pub fn seconds_to_wait(last: Option<NaiveDateTime>, failures: i64, now: NaiveDateTime) -> Option<i64> {
    let until = last? + throttle_delay(failures);
    (until > now).then(|| ((until - now).num_milliseconds() + 999) / 1000)
}

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
    /// Seconds to wait before the next attempt.
    Throttled(i64),
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
    // The session this browser had, if any: it ends at login.
    let previous = req.cookie(SESSION_COOKIE).map(|c| token_hash(c.value()));
    let outcome = state
        .db(move |conn| {
            let t = now();
            let since = t - Duration::minutes(THROTTLE_MINUTES);
            // Throttled attempts are not recorded: waiting is what counts.
            let (failures, last) = LoginAttempt::failures_for_pair(conn, &name, &address, since)?;
            if let Some(seconds) = seconds_to_wait(last, failures, t) {
                return Ok(LoginOutcome::Throttled(seconds));
            }
            let user = User::find_by_username(conn, &name)?;
            let hash = user.as_ref().map(|u| u.password_hash.as_str()).unwrap_or(dummy_hash());
            let ok = verify_password(&password, hash) && user.is_some();
            LoginAttempt::record(conn, &name, &address, ok, t)?;
            match user {
                Some(u) if ok => {
                    LoginAttempt::clear_pair(conn, &name, &address)?;
                    if let Some(previous) = previous {
                        Session::delete(conn, &previous)?;
                    }
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
            // A fresh session and a fresh CSRF token, the session before
            // ended: nothing from before the login carries over (session
            // fixation).
            let session = cookie(&req, SESSION_COOKIE, token, Some(1));
            let csrf = cookie(&req, CSRF_COOKIE, new_token(""), None);
            Ok(HttpResponse::SeeOther()
                .cookie(session)
                .cookie(csrf)
                .insert_header((header::LOCATION, next))
                .finish())
        }
        LoginOutcome::BadCredentials | LoginOutcome::Throttled(_) => {
            let (status, error) = match outcome {
                LoginOutcome::Throttled(seconds) => (
                    StatusCode::TOO_MANY_REQUESTS,
                    ctx.t1("login-throttled", "seconds", seconds),
                ),
                _ => (StatusCode::UNAUTHORIZED, ctx.t("login-failed")),
            };
            let error = Some(error);
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

#[cfg(test)]
mod tests {
    use super::{seconds_to_wait, throttle_delay, FREE_FAILURES, MAX_DELAY_SECONDS};
    use chrono::{Duration, NaiveDate};

    #[test]
    fn the_wait_doubles_after_the_free_failures_up_to_its_cap() {
        let secs = |n| throttle_delay(n).num_seconds();
        assert_eq!((0..FREE_FAILURES).map(secs).sum::<i64>(), 0);
        assert_eq!(secs(FREE_FAILURES), 1);
        assert_eq!(secs(FREE_FAILURES + 1), 2);
        assert_eq!(secs(FREE_FAILURES + 4), 16);
        assert_eq!(secs(FREE_FAILURES + 5), MAX_DELAY_SECONDS);
        assert_eq!(secs(1_000), MAX_DELAY_SECONDS);
    }

    #[test]
    fn the_wait_left_is_rounded_up_and_ends_at_its_very_end() {
        let last = NaiveDate::from_ymd_opt(2026, 11, 24)
            .unwrap()
            .and_hms_opt(20, 0, 0)
            .unwrap();
        let four = FREE_FAILURES + 2; // 4 seconds
        let at = |ms: i64| seconds_to_wait(Some(last), four, last + Duration::milliseconds(ms));
        assert_eq!(at(0), Some(4));
        assert_eq!(at(1), Some(4), "3.999 s left: 4");
        assert_eq!(at(1_000), Some(3), "exactly 3 s left: 3");
        assert_eq!(at(2_500), Some(2), "1.5 s left: 2");
        assert_eq!(at(3_999), Some(1));
        assert_eq!(at(4_000), None, "the wait is over at its end");
        assert_eq!(at(60_000), None);
        // No wait within the free failures, none without a failure.
        assert_eq!(seconds_to_wait(Some(last), FREE_FAILURES - 1, last), None);
        assert_eq!(seconds_to_wait(None, 50, last), None);
    }
}
