//! The first organizer account, made in the browser. `chelem serve`, on a
//! database without any account, makes a secret code ([`first_account_code`],
//! kept in [`crate::web::WebConfig::setup_code`]) and prints its link,
//! `/setup/<code>`; the page there makes the first account (the rules and
//! the hash of `chelem user add`) and logs it in. Once any account exists
//! the link is dead: 410 with a sentence saying to log in. A wrong code is
//! a page that does not exist (404).

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::db::models::User;
use crate::db::now;
use crate::db::ops::accounts::{self, AccountError, NewAccount, MIN_PASSWORD_LEN};
use crate::db::AnyConnection;
use crate::secrets::{new_token, secrets_equal};

use super::super::csrf::CsrfForm;
use super::super::{render, AppError, AppState, Ctx};
use super::{logged_in, no_account_yet, open_session};

/// Where the new organizer lands, logged in: their tournaments.
const LANDING: &str = "/tournaments";

/// Routes of this module.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(setup_form).service(setup);
}

/// A secret code for the first account's link when `conn`'s database has no
/// organizer account yet; `None` when it has one (no link then).
pub fn first_account_code(conn: &mut AnyConnection) -> diesel::QueryResult<Option<String>> {
    Ok((!User::any(conn)?).then(|| new_token("")))
}

/// The first account's page.
#[derive(askama::Template)]
#[template(path = "auth/setup.html")]
pub struct SetupPage {
    /// Page context.
    pub ctx: Ctx,
    /// The secret code of the link (the form posts back to it).
    pub code: String,
    /// The name as typed.
    pub username: String,
    /// What went wrong, if anything.
    pub error: Option<String>,
    /// An account exists: no form, the sentence and the way to log in.
    pub closed: bool,
    /// The shortest password accepted.
    pub min: usize,
}

impl SetupPage {
    fn new(ctx: Ctx, code: String) -> SetupPage {
        SetupPage {
            ctx,
            code,
            username: String::new(),
            error: None,
            closed: false,
            min: MIN_PASSWORD_LEN,
        }
    }

    /// The link is dead: an account exists (410, the sentence).
    fn closed(ctx: Ctx, code: String) -> HttpResponse {
        let error = Some(ctx.t("setup-closed"));
        render::page_with_status(
            &SetupPage {
                error,
                closed: true,
                ..SetupPage::new(ctx, code)
            },
            StatusCode::GONE,
        )
    }

    /// The form again, as typed (not the passwords), with the refusal (422).
    fn refused(ctx: Ctx, code: String, username: String, error: String) -> HttpResponse {
        render::page_with_status(
            &SetupPage {
                username,
                error: Some(error),
                ..SetupPage::new(ctx, code)
            },
            StatusCode::UNPROCESSABLE_ENTITY,
        )
    }
}

/// The first account form's fields.
#[derive(Deserialize)]
pub struct SetupForm {
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    password_again: String,
}

/// The path's code, when it is this server's (compared in constant time);
/// else the page does not exist.
fn known_code(state: &AppState, code: &str) -> Result<(), AppError> {
    match &state.config.setup_code {
        Some(ours) if secrets_equal(code, ours) => Ok(()),
        _ => Err(AppError::NotFound),
    }
}

#[get("/setup/{token}")]
async fn setup_form(ctx: Ctx, state: web::Data<AppState>, code: web::Path<String>) -> Result<HttpResponse, AppError> {
    let code = code.into_inner();
    known_code(&state, &code)?;
    if !no_account_yet(&state).await? {
        return Ok(SetupPage::closed(ctx, code));
    }
    Ok(render::page(&SetupPage::new(ctx, code)))
}

#[post("/setup/{token}")]
async fn setup(
    req: HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    code: web::Path<String>,
    form: CsrfForm<SetupForm>,
) -> Result<HttpResponse, AppError> {
    let code = code.into_inner();
    known_code(&state, &code)?;
    let SetupForm {
        username,
        password,
        password_again,
    } = form.0;
    if !no_account_yet(&state).await? {
        return Ok(SetupPage::closed(ctx, code));
    }
    // The rules first (cheap), then the two passwords, then the hash.
    let checked = accounts::check_account(&username, &password).map(|_| ());
    let refusal = match checked {
        Err(e) => e.refusal(ctx.lang),
        Ok(()) if password != password_again => Some(ctx.t("account-password-mismatch")),
        Ok(()) => None,
    };
    if let Some(sentence) = refusal {
        return Ok(SetupPage::refused(ctx, code, username, sentence));
    }
    let name = username.clone();
    let account = web::block(move || NewAccount::new(&name, &password)).await??;
    // One unit of work: the account, if it is still the first, and its session.
    let made = state
        .write(move |tx| match accounts::create_first_user(tx, &account) {
            Ok(user) => Ok(Some((open_session(tx, &user, now())?, user.username))),
            Err(AccountError::NotFirst) => Ok(None),
            Err(e) => Err(e.into()),
        })
        .await?;
    let Some(((token, device), name)) = made else {
        // Another tab (or `chelem user add`) made one meanwhile.
        return Ok(SetupPage::closed(ctx, code));
    };
    tracing::info!(user = %name, "first organizer account made in the browser");
    Ok(logged_in(&req, token, device, LANDING))
}
