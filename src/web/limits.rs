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

/// What the server may hold open at once, derived from its open-file
/// limit (`RLIMIT_NOFILE`, which `chelem serve` raises to the hard limit at
/// start): every client connection is a descriptor, and so are the
/// database's connections and files, the listeners and the workers' own.
/// Past [`Capacity::connections`] the server stops accepting for a moment
/// instead of failing with "Too many open files"; the event streams are
/// capped below that ([`super::live::gate::StreamLimits::within`]), so the
/// pages and deal entries always find a connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Capacity {
    /// Client connections open at once, all workers together.
    pub connections: usize,
}

impl Capacity {
    /// Descriptors kept for anything but client connections, whatever the
    /// limit: standard streams, listeners, each worker's event loop, the
    /// hub's connection, uploads, logs.
    pub const RESERVED: u64 = 64;

    /// The capacity under an open-file limit of `open_files` with a pool
    /// of `pool_size` database connections (a SQLite connection holds
    /// three files: the database, its WAL and its shared memory). An eighth
    /// of the limit is kept spare besides.
    pub fn from_open_files(open_files: u64, pool_size: u32) -> Capacity {
        let reserved = Capacity::RESERVED + 4 * u64::from(pool_size) + open_files / 8;
        let connections = open_files.saturating_sub(reserved).max(16);
        Capacity {
            connections: usize::try_from(connections).unwrap_or(usize::MAX),
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_leave_room_for_the_database_and_the_workers() {
        // A systemd service's default soft limit, a pool of 16.
        assert_eq!(Capacity::from_open_files(1024, 16).connections, 1024 - 64 - 64 - 128);
        assert_eq!(Capacity::from_open_files(4096, 16).connections, 4096 - 64 - 64 - 512);
        // Absurdly low: a few connections all the same.
        assert_eq!(Capacity::from_open_files(100, 16).connections, 16);
    }
}
