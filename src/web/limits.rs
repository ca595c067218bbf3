//! What a request may cost the server: a body of at most [`BODY_LIMIT`]
//! bytes, arriving within [`Timeouts::body`], whatever the route does with
//! it (form, JSON, multipart upload, or nothing at all). A larger declared
//! body is refused with a 413 from the head; a chunked body that grows past
//! the limit, or a client that sends it too slowly, is refused with a 413 or
//! a 408 before the handler runs, and the connection is closed. The request
//! head has its own deadline ([`Timeouts::request_head`], at the HTTP
//! server, see [`crate::chelem_server`]).

use std::time::Duration;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::web::BytesMut;
use actix_web::HttpMessage;
use futures_util::StreamExt;

use super::{AppError, AppState};

/// Largest request body accepted, in bytes (a player file is the largest
/// thing anyone sends).
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

/// How long a client may take over each part of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    /// To send the request line and headers (else 408 and the connection closed).
    pub request_head: Duration,
    /// To send the whole body, counted from the end of the head.
    pub body: Duration,
    /// How long an idle kept-alive connection stays open.
    pub keep_alive: Duration,
}

impl Timeouts {
    /// What `chelem serve` uses unless told otherwise.
    pub const DEFAULT: Timeouts = Timeouts {
        request_head: Duration::from_secs(10),
        body: Duration::from_secs(60),
        keep_alive: Duration::from_secs(15),
    };
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts::DEFAULT
    }
}

/// The refusal of a body over [`BODY_LIMIT`].
pub fn too_large() -> AppError {
    AppError::TooLarge {
        limit_mb: BODY_LIMIT / (1024 * 1024),
    }
}

/// Why a body could not be read, as the visitor is told.
pub fn refusal(e: &PayloadError) -> AppError {
    match e {
        PayloadError::Overflow => too_large(),
        PayloadError::Io(io) if io.kind() == std::io::ErrorKind::TimedOut => AppError::TooSlow,
        other => AppError::BadForm(other.to_string()),
    }
}

impl From<PayloadError> for AppError {
    fn from(e: PayloadError) -> AppError {
        refusal(&e)
    }
}

/// Middleware: reads the whole body before the handler runs, under
/// [`BODY_LIMIT`] and the body deadline, so every route, whether it reads
/// its body or not, refuses a body too large (413) or too slow (408) before
/// doing anything; a declared length over the limit is refused from the
/// head alone.
pub async fn limit_body(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|h| h.to_str().ok())
        .and_then(|s| s.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > BODY_LIMIT as u64) {
        return Ok(req.error_response(too_large()).map_into_right_body());
    }
    let mut payload = req.take_payload();
    if !matches!(payload, Payload::None) {
        let deadline = req
            .app_data::<actix_web::web::Data<AppState>>()
            .map_or(Timeouts::DEFAULT.body, |s| s.config.timeouts.body);
        let read = async {
            let mut body = BytesMut::new();
            while let Some(chunk) = payload.next().await {
                let chunk = chunk?;
                if body.len() + chunk.len() > BODY_LIMIT {
                    return Err(PayloadError::Overflow);
                }
                body.extend_from_slice(&chunk);
            }
            Ok(body.freeze())
        };
        match actix_web::rt::time::timeout(deadline, read).await {
            Ok(Ok(body)) => req.set_payload(Payload::from(body)),
            Ok(Err(e)) => return Ok(req.error_response(refusal(&e)).map_into_right_body()),
            Err(_) => return Ok(req.error_response(AppError::TooSlow).map_into_right_body()),
        }
    }
    Ok(next.call(req).await?.map_into_left_body())
}
