//! The logged-in organizer changes their own password: the current one
//! (checked through the login's brakes, so that the page is no way to
//! guess it), the new one twice (the rules of every account). The change
//! ends the organizer's other sessions; this browser stays logged in and
//! keeps being a known device.

use actix_web::http::{header, StatusCode};
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::db::now;
use crate::db::ops::accounts::{self, MIN_PASSWORD_LEN};
use crate::secrets::token_hash;

use super::super::client::Client;
use super::super::csrf::CsrfForm;
use super::super::ctx::{cookie, SESSION_COOKIE};
use super::super::{render, AppError, Ctx, OrgPage};
use super::device::{self, DEVICE_COOKIE, DEVICE_DAYS};
use super::verify::{self, Verdict};

/// The page's path.
const PATH: &str = "/account/password";

/// Routes of this module.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(password_form).service(change_password);
}

/// The page to change one's password.
#[derive(askama::Template)]
#[template(path = "auth/password.html")]
pub struct PasswordPage {
    /// Page context.
    pub ctx: Ctx,
    /// What went wrong, if anything.
    pub error: Option<String>,
    /// The password was just changed: the page says so.
    pub changed: bool,
    /// The shortest password accepted.
    pub min: usize,
}

impl PasswordPage {
    fn new(ctx: Ctx) -> PasswordPage {
        PasswordPage {
            ctx,
            error: None,
            changed: false,
            min: MIN_PASSWORD_LEN,
        }
    }
}

#[derive(Deserialize)]
struct ChangedQuery {
    changed: Option<String>,
}

#[get("/account/password")]
async fn password_form(page: OrgPage, q: web::Query<ChangedQuery>) -> HttpResponse {
    render::page(&PasswordPage {
        changed: q.changed.is_some(),
        ..PasswordPage::new(page.ctx)
    })
}

/// The form's fields.
#[derive(Deserialize)]
pub struct PasswordForm {
    #[serde(default)]
    current: String,
    #[serde(default)]
    new: String,
    #[serde(default)]
    new_again: String,
}

#[post("/account/password")]
async fn change_password(
    req: HttpRequest,
    page: OrgPage,
    form: CsrfForm<PasswordForm>,
) -> Result<HttpResponse, AppError> {
    let OrgPage { ctx, user, state } = page;
    let PasswordForm {
        current,
        new,
        new_again,
    } = form.0;
    let refused = |ctx: Ctx, status: StatusCode, sentence: String, wait: Option<i64>| {
        let page = PasswordPage {
            error: Some(sentence),
            ..PasswordPage::new(ctx)
        };
        verify::refused(&page, status, wait)
    };
    // The new password's rules first: no password check for a form that
    // could not be taken anyway.
    let sentence = match accounts::check_password(&new) {
        Err(e) => e.refusal(ctx.lang),
        Ok(()) if new != new_again => Some(ctx.t("account-password-mismatch")),
        Ok(()) => None,
    };
    if let Some(sentence) = sentence {
        return Ok(refused(ctx, StatusCode::UNPROCESSABLE_ENTITY, sentence, None));
    }
    let address = Client::of(&req).address();
    let device_cookie = req.cookie(DEVICE_COOKIE).map(|c| c.value().to_owned());
    // This browser's session stays; the organizer's others end.
    let this_session = req.cookie(SESSION_COOKIE).map(|c| token_hash(c.value()));
    let name = user.username;
    let _turn = state.login.turn(&name).await;
    let key = match verify::check(&state, &name, current, address, device_cookie, None).await? {
        Verdict::Match { key, .. } => key,
        Verdict::Held(held) => {
            let (status, sentence, wait) = held.answer(&ctx);
            return Ok(refused(ctx, status, sentence, Some(wait)));
        }
        Verdict::Mismatch { key, .. } => {
            let who = name.clone();
            state
                .write(move |tx| verify::record(tx, &who, &key, false, now()))
                .await?;
            let sentence = ctx.t("password-wrong-current");
            return Ok(refused(ctx, StatusCode::UNPROCESSABLE_ENTITY, sentence, None));
        }
    };
    let hash = web::block(move || accounts::hashed_password(&new)).await??;
    let (who, stored) = (name.clone(), hash.clone());
    state
        .write(move |tx| {
            verify::record(tx, &who, &key, true, now())?;
            accounts::set_password(tx, &who, &stored, this_session.as_deref())?;
            Ok(())
        })
        .await?;
    tracing::info!(user = %name, "organizer changed their password");
    // The device cookie of the old password is void: one of the new.
    let device = cookie(&req, DEVICE_COOKIE, device::issue(&name, &hash), Some(DEVICE_DAYS));
    Ok(HttpResponse::SeeOther()
        .cookie(device)
        .insert_header((header::LOCATION, format!("{PATH}?changed=1")))
        .finish())
}
