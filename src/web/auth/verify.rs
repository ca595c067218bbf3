//! One check of an account's password through the login's brakes (told in
//! [`super`]): the wait after the account's (or the known device's)
//! failures, then the bounded pool of argon2 checks; and the attempt
//! recorded. The login and the password change both go through here, so
//! neither is a way around the brakes.

use actix_web::http::{header, StatusCode};
use actix_web::HttpResponse;
use chrono::NaiveDateTime;

use crate::db::models::{LoginAttempt, User};
use crate::db::{now, Tx};
use crate::secrets::dummy_hash;

use super::super::{render, AppError, AppState, Ctx};
use super::{device, throttle, BUSY_RETRY_SECONDS};

/// What the check of a password said.
pub(super) enum Verdict {
    /// The password is the account's: the account, and the key the attempt
    /// is stored under (the address, or the known device).
    Match {
        /// The account.
        user: User,
        /// The attempt's key.
        key: String,
    },
    /// It is not, or there is no such account.
    Mismatch {
        /// The attempt's key.
        key: String,
        /// There is no organizer account at all (the name is nobody's and
        /// nobody else's either): the login page says how the first is made.
        no_account: bool,
    },
    /// Held back by the brakes: nothing checked.
    Held(Held),
}

/// Why a check was held back.
#[derive(Debug, Clone, Copy)]
pub(super) enum Held {
    /// Seconds to wait before the next check of this account.
    Throttled(i64),
    /// No password check was free in time.
    Busy,
}

impl Held {
    /// The status, the sentence and the seconds to wait (`Retry-After`).
    pub(super) fn answer(self, ctx: &Ctx) -> (StatusCode, String, i64) {
        match self {
            Held::Throttled(seconds) => (
                StatusCode::TOO_MANY_REQUESTS,
                ctx.t1("login-throttled", "seconds", seconds),
                seconds,
            ),
            Held::Busy => (
                StatusCode::SERVICE_UNAVAILABLE,
                ctx.t1("login-busy", "seconds", BUSY_RETRY_SECONDS),
                i64::from(BUSY_RETRY_SECONDS),
            ),
        }
    }
}

/// What the throttle found before the password is checked.
struct Gate {
    user: Option<User>,
    no_account: bool,
    key: String,
    known_device: bool,
    wait: Option<i64>,
}

/// Checks `password` for `username` from `address` (and the browser's
/// known-device cookie, and its lane's throttle key, if any). The caller holds the account's turn
/// ([`throttle::LoginGuard::turn`]) until it has stored the attempt
/// ([`record`]), so that each check reads the failures of those before it.
pub(super) async fn check(
    state: &AppState,
    username: &str,
    password: String,
    address: String,
    device_cookie: Option<String>,
    lane: Option<String>,
) -> Result<Verdict, AppError> {
    let limits = state.config.login.clone();
    let name = username.to_owned();
    let gate = state
        .db(move |conn| {
            let user = User::find_by_username(conn, &name)?;
            // One more query only for a name that is nobody's.
            let no_account = user.is_none() && !User::any(conn)?;
            let device = device_cookie
                .zip(user.as_ref())
                .and_then(|(c, u)| device::verify(&c, &u.username, &u.password_hash));
            let t = now();
            let since = limits.since(t);
            // A lane's attempts are stored with the address they came from.
            let lane = lane.map(|l| format!("{l} from {address}"));
            // A known device answers for its own failures; a lane that has
            // never failed is checked at once; anyone else waits for the
            // account's failures.
            let (failures, last) = match (&device, &lane) {
                (Some(d), _) => LoginAttempt::failures(conn, &name, Some(d), since)?,
                (None, Some(l)) if LoginAttempt::failures(conn, &name, Some(l), since)?.0 == 0 => (0, None),
                _ => LoginAttempt::failures(conn, &name, None, since)?,
            };
            Ok(Gate {
                user,
                no_account,
                known_device: device.is_some(),
                key: device.or(lane).unwrap_or(address),
                wait: limits.seconds_to_wait(last, failures, t),
            })
        })
        .await?;
    if let Some(seconds) = gate.wait {
        return Ok(Verdict::Held(Held::Throttled(seconds)));
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
    let (key, no_account) = (gate.key, gate.no_account);
    Ok(match (check, gate.user) {
        (throttle::Check::Busy, _) => Verdict::Held(Held::Busy),
        (throttle::Check::Match, Some(user)) => Verdict::Match { user, key },
        _ => Verdict::Mismatch { key, no_account },
    })
}

/// Stores an attempt of `username` under `key` at `t`; a success forgets
/// the failures of that key when it names one browser (its lane or known
/// device): never those of an address, which a guesser may share.
pub(super) fn record(
    tx: &mut Tx<'_>,
    username: &str,
    key: &str,
    success: bool,
    t: NaiveDateTime,
) -> Result<(), AppError> {
    LoginAttempt::record(tx, username, key, success, t)?;
    if success && super::lane::names_one_browser(key) {
        LoginAttempt::clear_pair(tx, username, key)?;
    }
    Ok(())
}

/// `tpl` with `status`, and `Retry-After` when the client is to wait.
pub(super) fn refused(tpl: &impl askama::Template, status: StatusCode, retry_after: Option<i64>) -> HttpResponse {
    let mut resp = render::page_with_status(tpl, status);
    if let Some(seconds) = retry_after.and_then(|s| header::HeaderValue::from_str(&s.to_string()).ok()) {
        resp.headers_mut().insert(header::RETRY_AFTER, seconds);
    }
    resp
}
