//! Errors as the visitor sees them: the middleware that renders every
//! handler's [`AppError`] as a page in the visitor's language (with the way
//! back to the page above), as `{"error": …}` under `/api`, or as the login
//! page for a visitor who must log in.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{HttpResponse, ResponseError};

use super::ctx::Ctx;
use super::error::{accepts_json, is_json_route, json_error, AppError};
use super::render;

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
    if is_json_route(&path) {
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
        503 => ctx.lang.t("error-title-503"),
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
