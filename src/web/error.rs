//! The one error type of request handlers, and the middleware that turns it
//! into a friendly page (HTML, in the visitor's language) or a JSON object
//! under `/api`.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{header, StatusCode};
use actix_web::middleware::Next;
use actix_web::{HttpResponse, ResponseError};

use crate::db::fault::Fault;
use crate::i18n::Lang;

use super::ctx::Ctx;
use super::render;

/// Everything a handler can fail with.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// 404.
    #[error("not found")]
    NotFound,
    /// 401 on the API; a redirect to the login page for HTML.
    #[error("you must be logged in as an organizer")]
    LoginRequired,
    /// 403: a state-changing form without a valid CSRF token.
    #[error("this form has expired or did not come from this site; reload the page and try again")]
    Csrf,
    /// 400 with a sentence.
    #[error("{0}")]
    BadRequest(String),
    /// 403 with a sentence: not to be shown to this visitor yet.
    #[error("{0}")]
    Forbidden(String),
    /// 400: a form that could not be read (the detail is for the logs and the API).
    #[error("the form could not be read: {0}")]
    BadForm(String),
    /// 413: a request body over the size limit.
    #[error("the request is too large ({limit_mb} MB at most)")]
    TooLarge {
        /// The limit, in megabytes.
        limit_mb: usize,
    },
    /// 408: a client too slow to send its request.
    #[error("the request took too long to arrive; send it again")]
    TooSlow,
    /// 503: the database does not answer (or lost the connection under a
    /// unit of work that could not be retried).
    #[error("the database is unavailable; try again in a moment")]
    Unavailable,
    /// 503: the connection to the database was lost under the unit of work
    /// (a retry on a fresh connection may work, see [`super::AppState::db`]).
    #[error("the database connection was lost; try again in a moment")]
    ConnectionLost,
    /// 503: the database refuses writes (a read-only file or server).
    #[error("the database is read-only")]
    ReadOnly,
    /// 503: too many event streams are open (in all, or from this client).
    #[error("too many live connections are open; try again in a moment")]
    Busy,
    /// A refused tournament operation (status by its kind).
    #[error("{0}")]
    Op(crate::db::ops::OpError),
    /// 500: logged, shown as a generic page.
    #[error("internal error: {0:#}")]
    Internal(anyhow::Error),
}

impl From<crate::db::ops::OpError> for AppError {
    fn from(e: crate::db::ops::OpError) -> Self {
        match e {
            crate::db::ops::OpError::NotFound => AppError::NotFound,
            crate::db::ops::OpError::Db(d) => AppError::from(d),
            other => AppError::Op(other),
        }
    }
}

impl From<diesel::result::Error> for AppError {
    /// A lost connection or a read-only database is a 503 with its
    /// sentence; any other database error is ours (500, logged).
    fn from(e: diesel::result::Error) -> Self {
        match crate::db::fault::fault(&e) {
            Some(Fault::Lost) => {
                tracing::warn!(error = %e, "database connection lost");
                AppError::ConnectionLost
            }
            Some(Fault::ReadOnly) => {
                tracing::warn!(error = %e, "database is read-only");
                AppError::ReadOnly
            }
            None => AppError::Internal(e.into()),
        }
    }
}

impl From<crate::db::ops::accounts::AccountError> for AppError {
    /// A failure of the database as such; anything else (a refusal the
    /// handler did not show) is ours (500, logged).
    fn from(e: crate::db::ops::accounts::AccountError) -> Self {
        match e {
            crate::db::ops::accounts::AccountError::Db(d) => AppError::from(d),
            other => AppError::Internal(other.into()),
        }
    }
}

impl From<diesel::r2d2::PoolError> for AppError {
    fn from(e: diesel::r2d2::PoolError) -> Self {
        tracing::error!(error = %e, "database pool");
        AppError::Unavailable
    }
}

impl From<actix_web::error::BlockingError> for AppError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        AppError::Internal(anyhow::anyhow!("blocking task failed: {e}"))
    }
}

impl From<askama::Error> for AppError {
    fn from(e: askama::Error) -> Self {
        AppError::Internal(e.into())
    }
}

impl AppError {
    /// The sentence shown to the visitor, in their language.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            AppError::NotFound => lang.t("error-not-found"),
            AppError::LoginRequired => lang.t("error-login-required"),
            AppError::Csrf => lang.t("error-csrf"),
            AppError::BadForm(_) => lang.t("error-bad-form"),
            AppError::TooLarge { limit_mb } => lang.t_args("error-too-large", &[("mb", limit_mb.to_string())]),
            AppError::TooSlow => lang.t("error-too-slow"),
            AppError::Unavailable | AppError::ConnectionLost => lang.t("error-unavailable"),
            AppError::ReadOnly => lang.t("error-read-only"),
            AppError::Busy => lang.t("error-busy"),
            AppError::Internal(_) => lang.t("error-internal"),
            AppError::Op(e) => e.render(lang),
            AppError::BadRequest(m) | AppError::Forbidden(m) => m.clone(),
        }
    }

    /// Seconds the client should wait before trying again (`Retry-After`),
    /// for a refusal that passes by itself.
    pub fn retry_after(&self) -> Option<u32> {
        match self {
            AppError::Unavailable | AppError::ConnectionLost | AppError::Busy => Some(RETRY_AFTER_SECS),
            AppError::Op(crate::db::ops::OpError::Db(d)) => match crate::db::fault::fault(d) {
                Some(Fault::Lost) => Some(RETRY_AFTER_SECS),
                Some(Fault::ReadOnly) => Some(RETRY_AFTER_READ_ONLY_SECS),
                None => None,
            },
            AppError::ReadOnly => Some(RETRY_AFTER_READ_ONLY_SECS),
            _ => None,
        }
    }

    /// The sentence for the JSON API (English, stable).
    pub fn api_message(&self) -> String {
        match self {
            AppError::Internal(_) => "internal error".to_owned(),
            AppError::Op(e) => e.render(Lang::En),
            other => other.to_string(),
        }
    }
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::LoginRequired => StatusCode::UNAUTHORIZED,
            AppError::Csrf => StatusCode::FORBIDDEN,
            AppError::BadRequest(_) | AppError::BadForm(_) => StatusCode::BAD_REQUEST,
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
            AppError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::TooSlow => StatusCode::REQUEST_TIMEOUT,
            AppError::Unavailable | AppError::ConnectionLost | AppError::ReadOnly | AppError::Busy => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            AppError::Op(e) => match e {
                crate::db::ops::OpError::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
                crate::db::ops::OpError::Conflict(_) | crate::db::ops::OpError::Stale { .. } => StatusCode::CONFLICT,
                crate::db::ops::OpError::NotFound => StatusCode::NOT_FOUND,
                crate::db::ops::OpError::Db(d) if crate::db::fault::fault(d).is_some() => {
                    StatusCode::SERVICE_UNAVAILABLE
                }
                crate::db::ops::OpError::Db(_) => StatusCode::INTERNAL_SERVER_ERROR,
            },
        }
    }

    fn error_response(&self) -> HttpResponse {
        if let AppError::Internal(e) = self {
            tracing::error!(error = %format!("{e:#}"), "internal error");
        }
        // The render_errors middleware replaces this body with the page or JSON.
        let mut resp = HttpResponse::build(self.status_code());
        if let Some(secs) = self.retry_after() {
            resp.insert_header((header::RETRY_AFTER, secs));
        }
        if matches!(self, AppError::Busy) {
            // Refused streams give their descriptor back at once.
            resp.force_close();
        }
        resp.content_type("text/plain; charset=utf-8").body(self.api_message())
    }
}

/// `Retry-After` of a passing refusal (a database restarting, streams full).
pub const RETRY_AFTER_SECS: u32 = 5;
/// `Retry-After` of a read-only database (someone must act: later).
pub const RETRY_AFTER_READ_ONLY_SECS: u32 = 60;

/// Whether a path belongs to the JSON API.
pub fn is_api(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/")
}

/// Whether a request to a page asks for JSON (`Accept: application/json`):
/// the scripts of the pages (static/checkin.js) send their forms so, and
/// get `{"error": …}` in the visitor's language instead of an error page.
pub fn accepts_json(req: &actix_web::HttpRequest) -> bool {
    req.headers()
        .get(header::ACCEPT)
        .and_then(|h| h.to_str().ok())
        .is_some_and(|a| {
            a.split(',')
                .any(|m| m.split(';').next().unwrap_or("").trim() == "application/json")
        })
}

/// The JSON error object of the API.
pub fn json_error(status: StatusCode, message: &str) -> HttpResponse {
    HttpResponse::build(status).json(serde_json::json!({ "error": message }))
}

/// The error page template.
#[derive(askama::Template)]
#[template(path = "error.html")]
pub struct ErrorPage {
    /// Page context.
    pub ctx: Ctx,
    /// HTTP status.
    pub status: u16,
    /// Title line.
    pub title: String,
    /// The sentence.
    pub message: String,
    /// The page above the one refused (its link and words), when there is one
    /// to go back to: a table's sheet, a seat, a tournament.
    pub up: Option<(String, String)>,
}

/// The page a refusal at `path` leads back to: the table's sheet from its
/// deal forms, the seat's page from its actions, the tournament's dashboard
/// (its standings for a visitor) from its pages; `None` at the top of each.
pub fn up_from(path: &str, organizer: bool) -> Option<(String, &'static str)> {
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    match parts.as_slice() {
        ["t", token, _, ..] => Some((format!("/t/{token}"), "back-to-sheet")),
        ["s", token, _, ..] => Some((format!("/s/{token}"), "error-back-seat")),
        ["tournaments", id, rest @ ..] if id.parse::<u32>().is_ok() && !rest.is_empty() => Some(if organizer {
            (format!("/tournaments/{id}"), "error-back-tournament")
        } else {
            (format!("/tournaments/{id}/standings"), "error-back-standings")
        }),
        _ => None,
    }
}

/// Middleware: renders every handler error as a page in the visitor's
/// language, or as `{"error": …}` under `/api`; sends visitors who must log in
/// to the login page.
pub async fn render_errors(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let res = next.call(req).await?;
    let mut status = res.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return Ok(res.map_into_boxed_body());
    }
    if res.response().error().is_none() {
        return Ok(res.map_into_boxed_body());
    }
    let (req, old) = res.into_parts();
    let kept = kept_headers(&old);
    let err = old.error().expect("checked above");
    // A body refused by actix's own extractors (too large, too slow) says so like ours.
    let from_payload = err
        .as_error::<actix_web::error::PayloadError>()
        .map(super::limits::refusal);
    let app_err = err.as_error::<AppError>().or(from_payload.as_ref());
    if let Some(e) = from_payload.as_ref() {
        status = e.status_code();
    }
    let path = req.path().to_owned();
    let generic;
    let message_api;
    if let Some(e) = app_err {
        message_api = e.api_message();
        generic = None;
    } else {
        // Errors of actix's own extractors (bad form, bad JSON…).
        message_api = err.to_string();
        generic = Some(err.to_string());
    }
    if is_api(&path) {
        let resp = with_headers(json_error(status, &message_api), kept);
        return Ok(ServiceResponse::new(req, resp));
    }
    let ctx = Ctx::from_http_request(&req);
    let json = accepts_json(&req);
    if matches!(app_err, Some(AppError::LoginRequired)) && !json {
        let target = format!("/login?next={}", url_encode(&path_and_query(&req)));
        let resp = HttpResponse::SeeOther()
            .insert_header((header::LOCATION, target))
            .finish();
        return Ok(ServiceResponse::new(req, resp));
    }
    let message = match (app_err, generic) {
        (Some(e), _) => e.message(ctx.lang),
        (None, Some(g)) => {
            // actix's own refusals (a path or form that does not parse): logged, shown translated.
            tracing::info!(status = status.as_u16(), error = %g, "request refused");
            match status.as_u16() {
                404 => ctx.lang.t("error-not-found"),
                s if s < 500 => ctx.lang.t("error-bad-form"),
                _ => ctx.lang.t("error-internal"),
            }
        }
        (None, None) => ctx.lang.t("error-internal"),
    };
    if json {
        let resp = with_headers(json_error(status, &message), kept);
        return Ok(ServiceResponse::new(req, resp));
    }
    let title = match status.as_u16() {
        404 => ctx.lang.t("error-title-404"),
        403 => ctx.lang.t("error-title-403"),
        s if s >= 500 => ctx.lang.t("error-title-500"),
        _ => ctx.lang.t("error-title-other"),
    };
    let up = up_from(&path, ctx.is_organizer())
        .filter(|(href, _)| *href != path)
        .map(|(href, key)| (href, ctx.lang.t(key)));
    let page = ErrorPage {
        ctx,
        status: status.as_u16(),
        title,
        message,
        up,
    };
    let resp = with_headers(render::page_with_status(&page, status), kept);
    Ok(ServiceResponse::new(req, resp))
}

/// What the error's own response says that the page or JSON put in its
/// place must say too: when to retry, and that the connection closes.
fn kept_headers<B>(old: &HttpResponse<B>) -> (Option<header::HeaderValue>, bool) {
    (
        old.headers().get(header::RETRY_AFTER).cloned(),
        old.head().connection_type() == actix_web::http::ConnectionType::Close,
    )
}

fn with_headers(mut resp: HttpResponse, (retry_after, close): (Option<header::HeaderValue>, bool)) -> HttpResponse {
    if let Some(v) = retry_after {
        resp.headers_mut().insert(header::RETRY_AFTER, v);
    }
    if close {
        resp.head_mut()
            .set_connection_type(actix_web::http::ConnectionType::Close);
    }
    resp
}

fn path_and_query(req: &actix_web::HttpRequest) -> String {
    match req.uri().query() {
        Some(q) => format!("{}?{}", req.path(), q),
        None => req.path().to_owned(),
    }
}

/// Percent-encodes a query value.
pub fn url_encode(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

/// The default service: a friendly 404.
pub async fn not_found() -> Result<HttpResponse, AppError> {
    Err(AppError::NotFound)
}

#[cfg(test)]
mod tests {
    use super::up_from;

    #[test]
    fn a_refusal_leads_back_to_the_page_above() {
        let up = |p: &str, org: bool| up_from(p, org).map(|(href, key)| format!("{href} {key}"));
        assert_eq!(up("/t/abc/deals/3", false).as_deref(), Some("/t/abc back-to-sheet"));
        assert_eq!(up("/s/xyz/take-back", false).as_deref(), Some("/s/xyz error-back-seat"));
        assert_eq!(
            up("/tournaments/7/rounds/2", true).as_deref(),
            Some("/tournaments/7 error-back-tournament")
        );
        assert_eq!(
            up("/tournaments/7/players/3", false).as_deref(),
            Some("/tournaments/7/standings error-back-standings")
        );
        for top in [
            "/",
            "/t/abc",
            "/s/xyz",
            "/tournaments/7",
            "/tournaments/new/x",
            "/login",
        ] {
            assert_eq!(up(top, true), None, "{top}");
        }
    }
}
