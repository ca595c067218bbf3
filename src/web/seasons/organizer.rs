//! TODO

use actix_web::web;

/// Routes.
pub fn configure(_cfg: &mut web::ServiceConfig) {}
