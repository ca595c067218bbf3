//! The actix-web application: one module per area, one `configure` that
//! registers every route, used by `main` and by the tests alike.

pub mod access_log;
pub mod api;
pub mod api_duplicate;
pub mod api_merge;
pub mod api_players;
pub mod api_rounds;
pub mod auth;
pub mod charts;
pub mod client;
pub mod clock;
pub mod clubs;
pub mod conn_gate;
pub mod csrf;
pub mod ctx;
pub mod deal;
pub mod error;
pub mod error_page;
pub mod exports;
pub mod federation;
pub mod filters;
pub mod form;
pub mod head;
pub mod health;
pub mod input;
pub mod limits;
pub mod links;
pub mod live;
pub mod message;
pub mod organizer;
pub mod pages;
pub mod play;
pub mod player_form;
pub mod prizes;
pub mod public;
pub mod rating_cache;
pub mod render;
pub mod results;
pub mod seasons;
pub mod server;
pub mod settings;
pub mod spreadsheet;
pub mod table;
pub mod teams;

use std::sync::Arc;
use tokio::sync::OwnedSemaphorePermit;

use actix_web::web;

pub use ctx::{Ctx, CurrentUser, OrgPage, Organizer};
pub use error::AppError;

use crate::db::ops::visible::Audience;
use crate::db::{Backend, DbConn, DbPool, Manager, Tx};
use crate::tournament::ids::{RoundNo, TournamentId};

/// Settings the handlers read.
#[derive(Debug, Clone)]
pub struct WebConfig {
    /// Add `Secure` to cookies (when served over HTTPS).
    pub secure_cookies: bool,
    /// Time zone of the times shown (Europe/Paris unless set).
    pub timezone: chrono_tz::Tz,
    /// The address players reach the server at, without a trailing slash
    /// (`--public-url`); `None`: each request's scheme and host.
    pub public_url: Option<String>,
    /// Where phones on the local network reach this server (see
    /// [`links::network_url`]), for the links of a page opened through a
    /// loopback host; `None` when the server listens only on this machine.
    pub network_url: Option<String>,
    /// How long a bot waits before it acts in a digital game (none in tests).
    pub bot_delay: std::time::Duration,
    /// How long clients may take to send a request.
    pub timeouts: limits::Timeouts,
    /// The live-events hub's safety poll, instead of the backend's (a test sets hours).
    pub safety_poll: Option<std::time::Duration>,
    /// The login's waits and password checks.
    pub login: auth::LoginLimits,
    /// The reverse proxies whose `X-Forwarded-For` and `-Proto` are believed.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// The caps on open event streams.
    pub streams: live::gate::StreamLimits,
    /// Connections one client address may hold at once ([`conn_gate`]).
    pub connections_per_client: usize,
    /// The secret code of the first account's link (`/setup/<code>`,
    /// [`auth::setup::first_account_code`]); `None`: no such link. Kept in
    /// memory only: a restart makes a new one.
    pub setup_code: Option<String>,
}

impl Default for WebConfig {
    fn default() -> WebConfig {
        WebConfig {
            secure_cookies: false,
            timezone: chrono_tz::Europe::Paris,
            public_url: None,
            network_url: None,
            bot_delay: std::time::Duration::ZERO,
            timeouts: limits::Timeouts::default(),
            safety_poll: None,
            login: auth::LoginLimits::default(),
            trusted_proxies: Vec::new(),
            streams: live::gate::StreamLimits::default(),
            connections_per_client: conn_gate::ConnectionGate::share(1000, live::gate::StreamLimits::PER_CLIENT),
            setup_code: None,
        }
    }
}

/// Shared state of the application.
#[derive(Clone)]
pub struct AppState {
    /// The database pool.
    pub pool: DbPool,
    /// Which backend it talks to.
    pub backend: Backend,
    /// Settings.
    pub config: Arc<WebConfig>,
    /// This instance's live events and standings cache.
    pub hub: live::Hub,
    /// The digital games: their watchers and bots.
    pub games: play::Games,
    /// One permit per pooled connection: a request waits for its turn here,
    /// as a suspended task, not on a blocking thread sleeping in the pool.
    pub db_slots: Arc<tokio::sync::Semaphore>,
    /// `/healthz`'s last check, answering the next ones for a moment.
    pub health: Arc<health::Probe>,
    /// Whether the database is known not to answer: requests then wait
    /// about a second for it, not the pool's 30 ([`crate::db::circuit`]).
    pub circuit: Arc<crate::db::circuit::Circuit>,
    /// The tablets' deal entries waiting to be written together.
    pub deal_writer: deal::writer::DealWriter,
    /// The login's turns per account and its pool of password checks.
    pub login: auth::LoginGuard,
    /// The open event streams, counted against [`WebConfig::streams`].
    pub streams: live::gate::StreamGate,
    /// The connections held per client address.
    pub connections: conn_gate::ConnectionGate,
    /// The seasons' standings kept in memory ([`seasons`]).
    pub seasons: Arc<seasons::SeasonCache>,
    /// Every player's rating, kept in memory ([`rating_cache`]).
    pub ratings: Arc<rating_cache::RatingCache>,
}

impl AppState {
    /// The state of an app instance on `pool` (a pool of `database_url`):
    /// starts its [`live::Hub`].
    pub fn new(pool: DbPool, database_url: &str, config: WebConfig) -> anyhow::Result<AppState> {
        let manager = Manager::new(database_url)?;
        let db_slots = Arc::new(tokio::sync::Semaphore::new(pool.max_size() as usize));
        let backend = manager.backend();
        let hub = live::Hub::start(manager, config.safety_poll)?;
        let games = play::Games::start(pool.clone(), db_slots.clone(), hub.clone(), config.bot_delay);
        Ok(AppState {
            db_slots,
            circuit: Arc::default(),
            health: Arc::default(),
            seasons: Arc::default(),
            ratings: Arc::default(),
            deal_writer: deal::writer::DealWriter::new(backend),
            login: auth::LoginGuard::new(&config.login),
            streams: live::gate::StreamGate::new(config.streams),
            connections: conn_gate::ConnectionGate::new(config.connections_per_client, config.trusted_proxies.clone()),
            pool,
            backend,
            config: Arc::new(config),
            hub,
            games,
        })
    }

    /// Runs `f`, a unit of work that reads, with a pooled connection on the
    /// blocking thread pool. Writing needs a [`Tx`], which only
    /// [`AppState::write`] (or the hub's door, [`live::Hub::write`]) gives.
    ///
    /// A read is safe to run again: when the connection was lost under it
    /// (the database restarted), it runs once more on a fresh connection
    /// (the pool tests each one it hands out) before the visitor is told
    /// the database is unavailable.
    pub async fn db<F, R>(&self, f: F) -> Result<R, AppError>
    where
        F: FnOnce(&mut DbConn) -> Result<R, AppError> + Clone + Send + 'static,
        R: Send + 'static,
    {
        let again = f.clone();
        let started = std::time::Instant::now();
        match self.with_conn_since(started, f).await? {
            Err(AppError::ConnectionLost) => {
                tracing::warn!("a read lost its database connection: retried once");
                // The database may be going away: the retry waits what is
                // left of the request's second, not a second more (the
                // first connection handed out closes the circuit again).
                self.circuit.trip();
                self.with_conn_since(started, again).await?
            }
            done => done,
        }
    }

    /// The door of every write of a request: runs `f` in one transaction
    /// with a pooled connection on the blocking thread pool, commits it, and
    /// hands the live events it published to the hub (their tournaments'
    /// cached standings are dropped before this returns, the streams hear
    /// of them at once).
    pub async fn write<F, R>(&self, f: F) -> Result<R, AppError>
    where
        F: FnOnce(&mut Tx<'_>) -> Result<R, AppError> + Send + 'static,
        R: Send + 'static,
    {
        let hub = self.hub.clone();
        self.with_conn(move |conn| hub.write(conn, f)).await?
    }

    /// Runs `f` on the blocking thread pool with a pooled connection, once
    /// one is free for it ([`AppState::db_slots`]).
    pub(crate) async fn with_conn<F, R>(&self, f: F) -> Result<R, AppError>
    where
        F: FnOnce(&mut DbConn) -> R + Send + 'static,
        R: Send + 'static,
    {
        self.with_conn_since(std::time::Instant::now(), f).await
    }

    /// [`AppState::with_conn`] for a request that began at `started`.
    async fn with_conn_since<F, R>(&self, started: std::time::Instant, f: F) -> Result<R, AppError>
    where
        F: FnOnce(&mut DbConn) -> R + Send + 'static,
        R: Send + 'static,
    {
        let permit = self.db_slot(started).await?;
        let (pool, circuit) = (self.pool.clone(), self.circuit.clone());
        web::block(move || {
            let mut conn = circuit.connection(&pool, started).map_err(|_| AppError::Unavailable)?;
            let out = f(&mut conn);
            // Back in the pool before the next request in line is let in.
            drop(conn);
            drop(permit);
            Ok(out)
        })
        .await?
    }

    /// One of the pool's slots for a request that began at `started`: its
    /// turn in line, or [`AppError::Unavailable`] once it has waited about
    /// a second while the database is known not to answer.
    pub(crate) async fn db_slot(&self, started: std::time::Instant) -> Result<OwnedSemaphorePermit, AppError> {
        let acquire = self.db_slots.clone().acquire_owned();
        tokio::pin!(acquire);
        loop {
            tokio::select! {
                permit = &mut acquire => {
                    return permit.map_err(|e| AppError::Internal(anyhow::anyhow!("database slots closed: {e}")));
                }
                () = tokio::time::sleep(std::time::Duration::from_millis(100)) => {
                    if self.circuit.gives_up(started) {
                        return Err(AppError::Unavailable);
                    }
                }
            }
        }
    }

    /// What the standings pages show of a tournament to `audience` (`only`:
    /// one round), from memory when nothing changed since it was read: no
    /// database query then. Each audience has its own snapshot: the
    /// public's never holds a deal only the organizer may see yet.
    pub async fn standings(
        &self,
        id: TournamentId,
        audience: Audience,
        only: Option<RoundNo>,
    ) -> Result<Arc<live::Snapshot>, AppError> {
        let view = live::View { audience, round: only };
        let cache = self.hub.cache();
        let asked = std::time::Instant::now();
        // While the database does not answer, the last standings read, said
        // as of when; a database error otherwise.
        let last_known = |e: AppError| match e {
            AppError::Unavailable | AppError::ConnectionLost => {
                cache.last_known(id, view).map(|s| Arc::new(s.as_stale())).ok_or(e)
            }
            e => Err(e),
        };
        let mut generation = match cache.lookup(id, view) {
            live::cache::Lookup::Hit(s) => return Ok(s),
            live::cache::Lookup::Miss(g) => g,
        };
        if self.circuit.is_open() {
            if let Ok(s) = last_known(AppError::Unavailable) {
                return Ok(s);
            }
        }
        // Under a stream of changes (a room saving deals), one build per
        // interval serves everyone: what was built meanwhile by a request
        // that came after this one began is as fresh as this one needs.
        if let Some(pause) = cache.pause_before_build(id, view, live::REBUILD_INTERVAL) {
            tokio::time::sleep(pause).await;
            generation = match cache.lookup(id, view) {
                live::cache::Lookup::Hit(s) => return Ok(s),
                live::cache::Lookup::Miss(g) => g,
            };
        }
        // Requests that miss together read the database once.
        let flight = cache.flight(id, view, generation);
        let built = flight
            .get_or_try_init(|| async {
                // A request that waited for a build that failed (the
                // database away) builds no more once its second is over:
                // the next in line would wait a second more each.
                if self.circuit.gives_up(asked) {
                    return Err(AppError::Unavailable);
                }
                let began = std::time::Instant::now();
                let snapshot = Arc::new(self.db(move |conn| Ok(live::Snapshot::load(conn, id, view)?)).await?);
                // Only rounds that exist are kept: made-up numbers take no memory.
                if view.round.is_none_or(|n| snapshot.has_round(n)) {
                    // Waiting for a connection included: under load, the
                    // builds space out further.
                    cache.took(id, view, began.elapsed());
                    cache.store(id, view, generation, snapshot.clone());
                }
                Ok::<_, AppError>(snapshot)
            })
            .await
            .cloned();
        cache.landed(id, view, &flight);
        built.or_else(last_known)
    }
}

/// The Content-Security-Policy of every response: no inline script, no framing.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Registers every route of the application.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(web::PayloadConfig::new(limits::BODY_LIMIT))
        .app_data(web::PathConfig::default().error_handler(|_err, req| input::path_error(req).into()))
        .app_data(web::QueryConfig::default().error_handler(|_err, req| input::path_error(req).into()))
        .app_data(web::FormConfig::default().limit(limits::BODY_LIMIT))
        .app_data(
            web::JsonConfig::default()
                .limit(limits::BODY_LIMIT)
                .error_handler(|err, _req| AppError::BadRequest(format!("malformed JSON: {err}")).into()),
        )
        .configure(pages::configure)
        .configure(health::configure)
        .configure(auth::configure)
        .configure(api::configure)
        .configure(clubs::configure)
        .configure(api_merge::configure)
        .configure(api_players::configure)
        .configure(api_rounds::configure)
        .configure(api_duplicate::configure)
        .configure(prizes::configure)
        .configure(seasons::configure)
        .configure(teams::configure)
        .configure(organizer::configure)
        .configure(public::configure)
        .configure(results::configure)
        .configure(exports::configure)
        .configure(federation::configure)
        .configure(live::sse::configure)
        .configure(table::configure)
        .configure(play::configure);
}

/// Builds the whole application (middlewares, routes, 404) around `state`.
/// `main` and the tests both use it, so tests drive the real app.
#[macro_export]
macro_rules! chelem_app {
    ($state:expr) => {
        actix_web::App::new()
            .app_data(actix_web::web::Data::new($state))
            .configure($crate::web::configure)
            .default_service(actix_web::web::to($crate::web::error_page::not_found))
            .wrap(actix_web::middleware::from_fn($crate::web::input::reject_control_chars))
            .wrap(actix_web::middleware::from_fn($crate::web::csrf::reject_cross_site))
            .wrap(actix_web::middleware::from_fn($crate::web::limits::limit_body))
            .wrap(actix_web::middleware::from_fn($crate::web::clubs::club_guard))
            .wrap(actix_web::middleware::from_fn($crate::web::error_page::render_errors))
            .wrap(actix_web::middleware::from_fn($crate::web::ctx::identity))
            .wrap(actix_web::middleware::from_fn($crate::web::ctx::csrf_cookie))
            .wrap(
                actix_web::middleware::DefaultHeaders::new()
                    .add(("Content-Security-Policy", $crate::web::CSP))
                    .add(("X-Frame-Options", "DENY"))
                    .add(("X-Content-Type-Options", "nosniff"))
                    .add(("Referrer-Policy", "same-origin"))
                    .add(("Permissions-Policy", "camera=(), microphone=(), geolocation=()")),
            )
            .wrap(actix_web::middleware::from_fn($crate::web::head::head_as_get))
            .wrap(actix_web::middleware::Compress::default())
            .wrap(tracing_actix_web::TracingLogger::<$crate::web::access_log::RequestSpan>::new())
    };
}
