//! `GET /healthz`: whether this server can do its work, answered within
//! [`BUDGET`] whatever the database does. 200 `{"status":"ok"}` when the
//! database answers a write that changes nothing
//! ([`crate::db::fault::check_writable`]); otherwise 503 with `Retry-After`
//! and the reason: the database does not answer (down, unreachable, or all
//! its connections busy past the budget) or it is read-only.

use std::time::Duration;

use actix_web::http::header;
use actix_web::{get, web, HttpResponse};

use super::{AppError, AppState};

/// The longest `/healthz` takes: a monitor polling each second gets its answer.
pub const BUDGET: Duration = Duration::from_millis(900);

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(healthz);
}

/// Checks the database within `budget`: a connection (one of the pool's
/// turns, then the pool's), and a write that changes nothing. Never waits
/// longer: a database that does not answer in time is unavailable.
pub async fn check(state: &AppState, budget: Duration) -> Result<(), AppError> {
    let deadline = tokio::time::Instant::now() + budget;
    let run = async {
        let permit = state
            .db_slots
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| AppError::Unavailable)?;
        let (pool, circuit) = (state.pool.clone(), state.circuit.clone());
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        // The blocking thread goes on alone if the deadline passes; its
        // own waits are bounded by what is left. What it finds feeds the
        // circuit (crate::db::circuit) the requests go by.
        web::block(move || {
            let mut conn = circuit
                .connection_within(&pool, left.max(Duration::from_millis(1)))
                .map_err(|_| AppError::Unavailable)?;
            let checked = crate::db::fault::check_writable(&mut conn).map_err(AppError::from);
            drop(conn);
            drop(permit);
            checked
        })
        .await?
    };
    match tokio::time::timeout_at(deadline, run).await {
        Ok(done) => done,
        Err(_) => {
            state.circuit.trip();
            Err(AppError::Unavailable)
        }
    }
}

#[get("/healthz")]
async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    let database = state.backend.name();
    let err = match check(&state, BUDGET).await {
        Ok(()) => return HttpResponse::Ok().json(serde_json::json!({"status": "ok", "database": database})),
        Err(e) => e,
    };
    tracing::warn!(error = %err, "health check failed");
    let reason = match err {
        AppError::ReadOnly => "the database is read-only",
        AppError::Internal(_) => "the database check failed",
        _ => "the database does not answer",
    };
    let mut resp = HttpResponse::ServiceUnavailable();
    if let Some(secs) = err.retry_after() {
        resp.insert_header((header::RETRY_AFTER, secs));
    }
    resp.json(serde_json::json!({"status": "unavailable", "database": database, "reason": reason}))
}
