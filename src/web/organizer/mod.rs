//! The organizer's pages: tournaments, players, rounds, deals, corrections.

pub mod constraints;
pub mod dashboard;
pub mod directory;
pub mod players;
pub mod reports;
pub mod rounds;
pub mod tables;
pub mod tournaments;

use actix_web::http::header;
use actix_web::{web, HttpResponse};

/// Routes of the organizer area.
pub fn configure(cfg: &mut web::ServiceConfig) {
    tournaments::configure(cfg);
    dashboard::configure(cfg);
    directory::configure(cfg);
    players::configure(cfg);
    constraints::configure(cfg);
    rounds::configure(cfg);
    tables::configure(cfg);
    reports::configure(cfg);
}

/// A 303 to `to` (after a successful POST).
pub fn see_other(to: impl Into<String>) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, to.into()))
        .finish()
}

use crate::db::ops::{OpError, OpResult};
use actix_web::http::StatusCode;

/// Splits an operation's result: a refusal to show on the form (with its
/// status), or a failure for the error page.
pub fn refusal<T>(r: OpResult<T>) -> Result<Result<T, (StatusCode, OpError)>, super::AppError> {
    match r {
        Ok(v) => Ok(Ok(v)),
        Err(e @ OpError::Invalid(_)) => Ok(Err((StatusCode::UNPROCESSABLE_ENTITY, e))),
        Err(e @ OpError::Conflict(_)) => Ok(Err((StatusCode::CONFLICT, e))),
        Err(e) => Err(e.into()),
    }
}
