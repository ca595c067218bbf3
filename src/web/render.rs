//! Rendering askama templates into responses.

use actix_web::http::StatusCode;
use actix_web::HttpResponse;

/// Renders `tpl` as an HTML response with `status`; a template failure gives a
/// bare 500 (it is logged).
pub fn page_with_status(tpl: &impl askama::Template, status: StatusCode) -> HttpResponse {
    match tpl.render() {
        Ok(body) => HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .body(body),
        Err(e) => {
            tracing::error!(error = %e, "template rendering failed");
            HttpResponse::InternalServerError()
                .content_type("text/plain; charset=utf-8")
                .body("500")
        }
    }
}

/// Renders `tpl` as a 200 HTML response.
pub fn page(tpl: &impl askama::Template) -> HttpResponse {
    page_with_status(tpl, StatusCode::OK)
}
