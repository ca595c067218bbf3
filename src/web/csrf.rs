//! CSRF protection of state-changing forms: every form carries the visitor's
//! token in a `csrf` field, compared in constant time with the cookie's; and
//! no request that changes something is taken from a page of another site.

use std::future::Future;
use std::pin::Pin;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::secrets::secrets_equal;

use super::ctx::CsrfToken;
use super::{AppError, AppState};

#[derive(Deserialize)]
struct CsrfField {
    #[serde(default)]
    csrf: String,
}

/// A url-encoded form whose CSRF token has been checked; holds the raw pairs
/// too, so a form refused for bad input can be shown again as typed.
#[derive(Debug)]
pub struct CsrfForm<T>(pub T);

/// Checks the `csrf` field of a url-encoded body against the request's token.
pub fn check(req: &HttpRequest, body: &[u8]) -> Result<(), AppError> {
    let field: CsrfField = serde_urlencoded::from_bytes(body).map_err(|_| AppError::Csrf)?;
    check_token(req, &field.csrf)
}

/// Checks a submitted token against the request's token, in constant time.
///
/// The request's token ([`CsrfToken`], set by `ctx::csrf_cookie`) is the
/// visitor's cookie when it holds a well-formed one, else a fresh secret
/// made for this request alone, which no form can carry: so a form passes
/// exactly when it carries the cookie's token, whole.
pub fn check_token(req: &HttpRequest, submitted: &str) -> Result<(), AppError> {
    let ext = req.extensions();
    let expected = ext.get::<CsrfToken>().ok_or(AppError::Csrf)?;
    if secrets_equal(submitted, &expected.0) {
        Ok(())
    } else {
        Err(AppError::Csrf)
    }
}

/// Whether a request says it was sent from a page of another site: the
/// browser's `Sec-Fetch-Site` is neither `same-origin` nor `none` (typed
/// or bookmarked), or, from a browser without it, the `Origin` is not this
/// server (the host the request came to, or the `--public-url`'s). Scripts
/// send neither header.
pub fn from_another_site(req: &HttpRequest) -> bool {
    let text = |name| {
        req.headers()
            .get(name)
            .map(|v| v.to_str().unwrap_or("?").trim().to_ascii_lowercase())
    };
    if let Some(site) = text("sec-fetch-site") {
        return site != "same-origin" && site != "none";
    }
    let Some(origin) = text(header::ORIGIN.as_str()) else {
        return false;
    };
    // `null` (a sandboxed frame, a file) names no site: refused.
    let Some(host) = host_of(&origin) else {
        return true;
    };
    let here = req.connection_info().host().to_ascii_lowercase();
    let public = req
        .app_data::<web::Data<AppState>>()
        .and_then(|s| s.config.public_url.as_deref().and_then(host_of));
    host != here && Some(&host) != public.as_ref()
}

/// `host[:port]` of an address such as `https://tarot.example.org/`.
fn host_of(url: &str) -> Option<String> {
    let (_, rest) = url.split_once("://")?;
    let host = rest.split('/').next().unwrap_or("");
    (!host.is_empty()).then(|| host.to_ascii_lowercase())
}

/// Middleware: refuses (403) a request that changes something (any method
/// but GET, HEAD, OPTIONS, TRACE) sent from a page of another site, even
/// with a valid token: see [`from_another_site`].
pub async fn reject_cross_site(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    if !req.method().is_safe() && from_another_site(req.request()) {
        tracing::info!(path = %req.match_pattern().unwrap_or_default(), "cross-site request refused");
        return Ok(req.error_response(AppError::Csrf).map_into_right_body());
    }
    Ok(next.call(req).await?.map_into_left_body())
}

impl<T: DeserializeOwned + 'static> FromRequest for CsrfForm<T> {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, AppError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let bytes = web::Bytes::from_request(&req, payload);
        Box::pin(async move {
            let body = bytes
                .await
                .map_err(|e| match e.as_error::<actix_web::error::PayloadError>() {
                    Some(p) => super::limits::refusal(p),
                    None => AppError::BadForm(e.to_string()),
                })?;
            check(&req, &body)?;
            let pairs: Vec<(String, String)> =
                serde_urlencoded::from_bytes(&body).map_err(|e| AppError::BadForm(e.to_string()))?;
            super::input::check_fields(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))?;
            let value = serde_urlencoded::from_bytes::<T>(&body).map_err(|e| AppError::BadForm(e.to_string()))?;
            Ok(CsrfForm(value))
        })
    }
}
