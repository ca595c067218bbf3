//! The one error type of request handlers, its status and its sentence;
//! [`super::error_page`] turns it into a friendly page (HTML, in the
//! visitor's language) or a JSON object under `/api`.

use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};

use crate::db::fault::Fault;
use crate::i18n::Lang;

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
            AppError::Op(e) => e.plain(Lang::En),
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

/// Whether a path answers JSON whatever its outcome: the API, and the
/// `.json` files (`federation.json`, `export.json`…), whose errors (a
/// login missing included: 401, not a redirect) are the API's JSON object.
pub fn is_json_route(path: &str) -> bool {
    is_api(path) || path.ends_with(".json")
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
