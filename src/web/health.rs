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

/// How long one check's outcome answers the next ones: a monitor (or the
/// load run's poller) asking without pause costs the database a few
/// checks a second, not hundreds (each one SQLite's write lock, taken
/// between the tablets' deal entries: docs/load.md, "Where the time
/// goes"). A change of the database still shows within this and the budget.
pub const FRESH: Duration = Duration::from_millis(250);

/// The last check's outcome and when it began, shared by the requests of
/// the next [`FRESH`]: one check at a time, the others wait for its answer.
#[derive(Default)]
pub struct Probe {
    last: tokio::sync::Mutex<Option<(tokio::time::Instant, Outcome)>>,
    /// How many checks reached for the database.
    checks: std::sync::atomic::AtomicU64,
}

impl Probe {
    /// How many checks reached for the database since the server began
    /// (the requests answered from a fresh outcome are not counted).
    pub fn checks(&self) -> u64 {
        self.checks.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// What a check found, kept for the next requests.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Outcome {
    Ok,
    ReadOnly,
    Unavailable,
    Failed,
}

impl Outcome {
    fn of(result: &Result<(), AppError>) -> Outcome {
        match result {
            Ok(()) => Outcome::Ok,
            Err(AppError::ReadOnly) => Outcome::ReadOnly,
            Err(AppError::Internal(_)) => Outcome::Failed,
            Err(_) => Outcome::Unavailable,
        }
    }

    fn answer(self) -> Result<(), AppError> {
        match self {
            Outcome::Ok => Ok(()),
            Outcome::ReadOnly => Err(AppError::ReadOnly),
            Outcome::Unavailable => Err(AppError::Unavailable),
            Outcome::Failed => Err(AppError::Internal(anyhow::anyhow!("the database check failed"))),
        }
    }
}

/// Checks the database within `budget`, or answers what a check begun
/// less than [`FRESH`] ago found. Never waits longer than `budget`: a
/// database that does not answer in time is unavailable.
pub async fn check(state: &AppState, budget: Duration) -> Result<(), AppError> {
    let deadline = tokio::time::Instant::now() + budget;
    let shared = async {
        let mut last = state.health.last.lock().await;
        if let Some((at, outcome)) = *last {
            if at.elapsed() < FRESH {
                return outcome.answer();
            }
        }
        let began = tokio::time::Instant::now();
        state.health.checks.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let result = probe(state, deadline).await;
        *last = Some((began, Outcome::of(&result)));
        result
    };
    match tokio::time::timeout_at(deadline, shared).await {
        Ok(done) => done,
        Err(_) => {
            state.circuit.trip();
            Err(AppError::Unavailable)
        }
    }
}

/// One check: a connection (one of the pool's turns, then the pool's), and
/// a write that changes nothing, in this process's turn of the writers on
/// SQLite ([`crate::web::live::Hub::turn`]): a tablet's deal entry never
/// finds the write lock taken by a check and sleeps in SQLite's busy handler.
async fn probe(state: &AppState, deadline: tokio::time::Instant) -> Result<(), AppError> {
    let permit = state
        .db_slots
        .clone()
        .acquire_owned()
        .await
        .map_err(|_| AppError::Unavailable)?;
    let (pool, circuit, hub) = (state.pool.clone(), state.circuit.clone(), state.hub.clone());
    let left = deadline.saturating_duration_since(tokio::time::Instant::now());
    // The blocking thread goes on alone if the deadline passes; its own
    // waits are bounded by what is left. What it finds feeds the circuit
    // (crate::db::circuit) the requests go by.
    web::block(move || {
        let mut conn = circuit
            .connection_within(&pool, left.max(Duration::from_millis(1)))
            .map_err(|_| AppError::Unavailable)?;
        let turn = hub.turn(&conn);
        let checked = crate::db::fault::check_writable(&mut conn).map_err(AppError::from);
        drop(turn);
        drop(conn);
        drop(permit);
        checked
    })
    .await?
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
