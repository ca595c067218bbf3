//! CSRF protection of state-changing forms: every form carries the visitor's
//! token in a `csrf` field, compared in constant time with the cookie's.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::secrets::secrets_equal;

use super::ctx::CsrfToken;
use super::AppError;

/// Largest form body accepted (CSV imports go through here too).
pub const FORM_LIMIT: usize = 2 * 1024 * 1024;

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

/// Checks a submitted token against the request's (cookie) token, in constant time.
pub fn check_token(req: &HttpRequest, submitted: &str) -> Result<(), AppError> {
    let ext = req.extensions();
    let expected = ext.get::<CsrfToken>().ok_or(AppError::Csrf)?;
    // The token must also come from the cookie, not just be made for this request.
    let from_cookie = req.cookie(super::ctx::CSRF_COOKIE).map(|c| c.value().to_owned());
    if submitted.is_empty() || from_cookie.as_deref() != Some(expected.0.as_str()) {
        return Err(AppError::Csrf);
    }
    if secrets_equal(submitted, &expected.0) {
        Ok(())
    } else {
        Err(AppError::Csrf)
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for CsrfForm<T> {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, AppError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let bytes = web::Bytes::from_request(&req, payload);
        Box::pin(async move {
            let body = bytes.await.map_err(|e| AppError::BadForm(e.to_string()))?;
            check(&req, &body)?;
            let pairs: Vec<(String, String)> =
                serde_urlencoded::from_bytes(&body).map_err(|e| AppError::BadForm(e.to_string()))?;
            super::input::check_fields(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))?;
            let value = serde_urlencoded::from_bytes::<T>(&body).map_err(|e| AppError::BadForm(e.to_string()))?;
            Ok(CsrfForm(value))
        })
    }
}
