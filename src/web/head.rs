//! `HEAD` on every `GET` route: the routes are registered for `GET` only
//! (`#[get("…")]`), so a `HEAD` request is answered by the same handler as
//! a `GET` — same status, same headers, same checks of who may ask — and
//! its body is dropped (a link checker, a monitoring probe or `curl -I`
//! see what a browser would, without downloading it).

use actix_web::body::{EitherBody, MessageBody, None as NoBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;

/// Middleware: runs a `HEAD` request as a `GET` and answers without the body.
pub async fn head_as_get(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<NoBody, impl MessageBody>>, actix_web::Error> {
    if req.method() != Method::HEAD {
        return Ok(next.call(req).await?.map_into_right_body());
    }
    req.head_mut().method = Method::GET;
    let res = next.call(req).await?;
    Ok(res.map_body(|_, _| EitherBody::left(NoBody::new())))
}
