//! The actix-web application: one module per area, one `configure` that
//! registers every route, used by `main` and by the tests alike.

pub mod api;
pub mod auth;
pub mod charts;
pub mod csrf;
pub mod ctx;
pub mod deal;
pub mod error;
pub mod exports;
pub mod form;
pub mod input;
pub mod links;
pub mod message;
pub mod organizer;
pub mod pages;
pub mod public;
pub mod render;
pub mod results;
pub mod table;

use std::sync::Arc;

use actix_web::web;

pub use ctx::{Ctx, CurrentUser, OrgPage, Organizer};
pub use error::AppError;

use crate::db::{Backend, DbConn, DbPool};

/// Settings the handlers read.
#[derive(Debug, Clone)]
pub struct WebConfig {
    /// Add `Secure` to cookies (when served over HTTPS).
    pub secure_cookies: bool,
    /// Time zone of the times shown (Europe/Paris unless set).
    pub timezone: chrono_tz::Tz,
    /// The address players reach the server at, without a trailing slash
    /// (`--public-url`); `None`: each request's scheme and host.
    pub public_url: Option<String>,
}

impl Default for WebConfig {
    fn default() -> WebConfig {
        WebConfig {
            secure_cookies: false,
            timezone: chrono_tz::Europe::Paris,
            public_url: None,
        }
    }
}

/// Shared state of the application.
#[derive(Clone)]
pub struct AppState {
    /// The database pool.
    pub pool: DbPool,
    /// Which backend it talks to.
    pub backend: Backend,
    /// Settings.
    pub config: Arc<WebConfig>,
}

impl AppState {
    /// Runs `f` with a pooled connection on the blocking thread pool: the one
    /// way handlers reach the database.
    pub async fn db<F, R>(&self, f: F) -> Result<R, AppError>
    where
        F: FnOnce(&mut DbConn) -> Result<R, AppError> + Send + 'static,
        R: Send + 'static,
    {
        let pool = self.pool.clone();
        web::block(move || {
            let mut conn = pool.get()?;
            f(&mut conn)
        })
        .await?
    }
}

/// The Content-Security-Policy of every response: no inline script, no framing.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Registers every route of the application.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(web::PayloadConfig::new(csrf::FORM_LIMIT))
        .app_data(web::PathConfig::default().error_handler(|_err, req| input::path_error(req).into()))
        .app_data(web::QueryConfig::default().error_handler(|_err, req| input::path_error(req).into()))
        .app_data(web::FormConfig::default().limit(csrf::FORM_LIMIT))
        .app_data(
            web::JsonConfig::default()
                .limit(csrf::FORM_LIMIT)
                .error_handler(|err, _req| AppError::BadRequest(format!("malformed JSON: {err}")).into()),
        )
        .configure(pages::configure)
        .configure(auth::configure)
        .configure(api::configure)
        .configure(organizer::configure)
        .configure(public::configure)
        .configure(results::configure)
        .configure(exports::configure)
        .configure(table::configure);
}

/// Builds the whole application (middlewares, routes, 404) around `state`.
/// `main` and the tests both use it, so tests drive the real app.
#[macro_export]
macro_rules! chelem_app {
    ($state:expr) => {
        actix_web::App::new()
            .app_data(actix_web::web::Data::new($state))
            .configure($crate::web::configure)
            .default_service(actix_web::web::to($crate::web::error::not_found))
            .wrap(actix_web::middleware::from_fn($crate::web::input::reject_control_chars))
            .wrap(actix_web::middleware::from_fn($crate::web::error::render_errors))
            .wrap(actix_web::middleware::from_fn($crate::web::ctx::identity))
            .wrap(actix_web::middleware::from_fn($crate::web::ctx::csrf_cookie))
            .wrap(
                actix_web::middleware::DefaultHeaders::new()
                    .add(("Content-Security-Policy", $crate::web::CSP))
                    .add(("X-Frame-Options", "DENY"))
                    .add(("X-Content-Type-Options", "nosniff"))
                    .add(("Referrer-Policy", "same-origin"))
                    .add(("Permissions-Policy", "camera=(), microphone=(), geolocation=()")),
            )
            .wrap(actix_web::middleware::Compress::default())
            .wrap(tracing_actix_web::TracingLogger::default())
    };
}
