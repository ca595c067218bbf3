//! Live updates: one [`Hub`] per app instance reads the stored events
//! ([`crate::db::ops::events`]) as soon as they commit, drops the cached
//! standings of their tournaments ([`cache`]) and broadcasts them to the
//! Server-Sent Events streams ([`sse`]), lane after lane ([`lanes`]).
//!
//! The hub is a thread with a connection of its own. It is woken by this
//! process's writers right after their commit ([`Hub::write`], the door of its writes), on
//! PostgreSQL also by `NOTIFY chelem_events` from every instance sharing the
//! database (it `LISTEN`s on that connection, reconnecting by itself), and in
//! any case by a slow safety poll.
//!
//! It stays one file past 400 lines (nearly a fifth of them its tests):
//! the handle ([`Hub`]) and its thread (`run`, `connect`, `read_new`) work
//! on one private `Shared` state (the wake-up flag, the last event seen,
//! the ids committed here, the streams' lanes), and
//! [`Batch`] is what that thread sends; split, that state would be opened
//! to sibling files. The standings cache and the streams are already their
//! own files.

pub mod cache;
pub mod gate;
pub mod lanes;
pub mod snapshot;
pub mod sse;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use actix_web::web::{Bytes, BytesMut};
use diesel::connection::SimpleConnection;
use tokio::sync::broadcast;

use lanes::Lanes;

use crate::db::models::StoredEvent;
use crate::db::ops::events::read_settled;
use crate::db::relay::{Events, CHANNEL};
use crate::db::{AnyConnection, Backend, Manager, Relay, Tx};
use crate::tournament::ids::{GameId, TournamentId};

pub use cache::StandingsCache;
pub use snapshot::{Progress, Snapshot, View};

/// How often the hub looks at PostgreSQL's notifications.
const NOTIFY_POLL: Duration = Duration::from_millis(50);
/// How often the hub reads the events table whatever it was told: SQLite
/// (another process writing the same file sends no notification).
const SAFETY_POLL_SQLITE: Duration = Duration::from_millis(1000);
/// The same on PostgreSQL (notifications do the work; this checks the link).
const SAFETY_POLL_PG: Duration = Duration::from_secs(5);
/// Events read at once.
const BATCH: i64 = 1000;
/// The shortest time between two reads of the events while writers keep
/// poking: under load one read takes the events of many commits (each read
/// briefly holds back the publishers, see `read_settled`), and each stream
/// writes them in one piece. A spectator sees a change at most this much later.
const MIN_READ_INTERVAL: Duration = Duration::from_millis(100);
/// With many streams open, reads are further apart, this much per stream
/// up to [`MAX_READ_INTERVAL`]: every read has every stream write, and at
/// a festival's 4,000 streams those writes (a wake-up, a system call, the
/// phone's read) were most of the server's work and the load client's
/// (docs/load.md, "Where the time goes"). Fewer, larger writes: 4,000
/// streams read every 200 ms write half as often, each event still
/// within FORMATS.md's second.
const READ_INTERVAL_PER_STREAM: Duration = Duration::from_micros(50);
/// However many streams are open, a change is read at least this often.
const MAX_READ_INTERVAL: Duration = Duration::from_millis(250);
/// The longest wait between two reconnection attempts.
const MAX_BACKOFF: Duration = Duration::from_secs(5);

/// The live events of one app instance: a clonable handle; the thread stops
/// when the last handle is dropped.
#[derive(Clone)]
pub struct Hub {
    shared: Arc<Shared>,
    _stop: Arc<StopOnDrop>,
    /// SQLite's writers, one at a time in the order they came ([`Hub::write`]).
    turns: Arc<parking_lot::FairMutex<()>>,
}

struct Shared {
    lanes: Lanes<Batch>,
    cache: StandingsCache,
    poked: Mutex<bool>,
    wake: Condvar,
    stop: AtomicBool,
    last_seen: AtomicI64,
    /// Events committed in this process (id, tournament) whose tournaments'
    /// standings were dropped at their commit ([`Hub::committed`]): when the
    /// hub reads them it leaves the standings built since alone, and tells
    /// the other instances of them.
    local: Mutex<BTreeMap<i64, TournamentId>>,
    /// Who hears that a committed write changed a game (the server's
    /// games: their pages and bots), once set ([`Hub::on_game_changed`]).
    game_changed: std::sync::OnceLock<GameListener>,
}

/// What the door calls for each game a write changed.
type GameListener = Box<dyn Fn(GameId) + Send + Sync>;

impl Shared {
    fn new() -> Shared {
        Shared {
            lanes: Lanes::default(),
            cache: StandingsCache::default(),
            poked: Mutex::new(false),
            wake: Condvar::new(),
            stop: AtomicBool::new(false),
            last_seen: AtomicI64::new(UNKNOWN),
            local: Mutex::default(),
            game_changed: std::sync::OnceLock::new(),
        }
    }

    /// Notes events committed in this process, for the hub's next read.
    fn note(&self, events: &Events) {
        let mut local = self.local.lock().unwrap_or_else(|e| e.into_inner());
        local.extend(events.iter().flat_map(|(t, ids)| ids.iter().map(|id| (*id, *t))));
    }

    /// Waits until poked, stopped or `timeout`; whether it was poked.
    fn wait(&self, timeout: Duration) -> bool {
        let guard = self.poked.lock().unwrap_or_else(|e| e.into_inner());
        let (mut guard, _) = self
            .wake
            .wait_timeout_while(guard, timeout, |poked| !*poked && !self.stop.load(Ordering::Relaxed))
            .unwrap_or_else(|e| e.into_inner());
        std::mem::take(&mut *guard)
    }

    fn poke(&self) {
        *self.poked.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.wake.notify_all();
    }
}

struct StopOnDrop(Arc<Shared>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop.store(true, Ordering::Relaxed);
        self.0.poke();
    }
}

impl Hub {
    /// Starts the hub of an instance: opens its connection, starts listening
    /// (PostgreSQL), and broadcasts the events stored from now on. A database
    /// out of reach is not an error: the hub connects as soon as it can.
    /// `safety_poll` replaces the backend's safety poll ([`SAFETY_POLL_SQLITE`],
    /// [`SAFETY_POLL_PG`]): a test sets it to hours, to see that every write
    /// path wakes the hub itself.
    pub fn start(manager: Manager, safety_poll: Option<Duration>) -> anyhow::Result<Hub> {
        use anyhow::Context;
        let shared = Arc::new(Shared::new());
        let conn = match connect(&shared, &manager) {
            Ok(c) => Some(c),
            Err(e) => {
                tracing::warn!(error = %format!("{e:#}"), "live updates: cannot reach the database yet");
                None
            }
        };
        let worker = shared.clone();
        std::thread::Builder::new()
            .name("chelem-live".into())
            .spawn(move || run(&worker, &manager, conn, safety_poll))
            .context("live updates: cannot start the thread")?;
        Ok(Hub {
            _stop: Arc::new(StopOnDrop(shared.clone())),
            shared,
            turns: Arc::default(),
        })
    }

    /// A new receiver of every event read from now on, in batches, on its
    /// lane ([`lanes`]).
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Batch>> {
        self.shared.lanes.subscribe()
    }

    /// The standings cache of this instance.
    pub fn cache(&self) -> &StandingsCache {
        &self.shared.cache
    }

    /// The id of the last event broadcast.
    pub fn last_seen(&self) -> i64 {
        self.shared.last_seen.load(Ordering::Relaxed)
    }

    /// The door of this process's writes: runs `f` in one write transaction
    /// on `conn` ([`crate::db::unit::run`]), commits it and hands the events
    /// it published to [`Hub::committed`]. Every write of a server goes
    /// through it ([`crate::web::AppState::write`], the deal writer, the
    /// bots): a new write path cannot leave the live pages behind.
    ///
    /// On SQLite the writes of this process take turns, first come first
    /// served: SQLite has one write lock, and a writer that finds it taken
    /// waits in SQLite's busy handler, which sleeps 1, 2, 5… up to 100 ms
    /// between tries and serves nobody in order. Under the deal writer's
    /// groups, which follow each other with no gap, a seat's action or an
    /// organizer's form could wait most of a second (docs/load.md, "A room
    /// of bots"); in turn, it waits for one group at most.
    pub fn write<T, E, F>(&self, conn: &mut AnyConnection, f: F) -> Result<T, E>
    where
        F: FnOnce(&mut Tx<'_>) -> Result<T, E>,
        E: From<diesel::result::Error>,
    {
        let _turn = self.turn(conn);
        let (value, done) = crate::db::unit::run(conn, Relay::Hub, f)?;
        self.committed(&done.events);
        if let Some(listener) = self.shared.game_changed.get() {
            done.games.iter().for_each(|id| listener(*id));
        }
        Ok(value)
    }

    /// This process's turn among SQLite's writers (see [`Hub::write`]),
    /// for a write outside a unit of work (`/healthz`'s check); none is
    /// needed on PostgreSQL.
    pub fn turn(&self, conn: &AnyConnection) -> Option<parking_lot::FairMutexGuard<'_, ()>> {
        matches!(conn, AnyConnection::Sqlite(_)).then(|| self.turns.lock())
    }

    /// Sets who hears of the games changed by this process's writes (the
    /// server's games, once, as it starts): every write that changes a game
    /// records it on its [`Tx`], and [`Hub::write`] tells `listener` after
    /// the commit, so no write path has a game to wake by hand.
    pub fn on_game_changed(&self, listener: impl Fn(GameId) + Send + Sync + 'static) {
        if self.shared.game_changed.set(Box::new(listener)).is_err() {
            tracing::error!("the hub already has a listener for the games");
        }
    }

    /// Events just committed in this process (ids by tournament): their
    /// tournaments' cached standings go at once (a client that saved then
    /// reads sees its change), and the hub reads the events now. The hub
    /// does not drop the standings again when it reads them: each change
    /// would have the standings read twice.
    fn committed(&self, events: &Events) {
        if events.is_empty() {
            return;
        }
        self.shared.note(events);
        for id in events.keys() {
            self.shared.cache.invalidate(*id);
        }
        self.shared.poke();
    }
}

/// The shortest time between two reads of the events under load, with
/// `streams` open.
fn read_interval(streams: usize) -> Duration {
    READ_INTERVAL_PER_STREAM
        .saturating_mul(u32::try_from(streams).unwrap_or(u32::MAX))
        .clamp(MIN_READ_INTERVAL, MAX_READ_INTERVAL)
}

/// Events read together by the hub, in id order, with their Server-Sent
/// Events frames made once for every stream: each tournament's frames
/// joined in one piece.
#[derive(Debug)]
pub struct Batch {
    /// The events.
    pub events: Vec<StoredEvent>,
    /// Per tournament: its first event's id, and all its frames.
    frames: Vec<(TournamentId, i64, Bytes)>,
}

impl Batch {
    /// The batch of `events` (ids growing).
    pub fn new(events: Vec<StoredEvent>) -> Batch {
        let mut joined: Vec<(TournamentId, i64, BytesMut)> = Vec::new();
        for e in &events {
            let frame = sse::frame(e);
            match joined.iter_mut().find(|(t, ..)| *t == e.tournament_id) {
                Some((.., b)) => b.extend_from_slice(&frame),
                None => joined.push((e.tournament_id, e.id, BytesMut::from(&frame[..]))),
            }
        }
        let frames = joined.into_iter().map(|(t, first, b)| (t, first, b.freeze())).collect();
        Batch { events, frames }
    }

    /// What a stream of `tournament` that has sent every event up to id
    /// `sent` writes of this batch (its tournament's events after `sent`),
    /// and the last id then sent; `None` when there is nothing to write.
    pub fn frames_after(&self, tournament: TournamentId, sent: i64) -> Option<(Bytes, i64)> {
        let last = self.events.iter().rev().find(|e| e.tournament_id == tournament)?.id;
        if last <= sent {
            return None;
        }
        let (_, first, all) = self.frames.iter().find(|(t, ..)| *t == tournament)?;
        if *first > sent {
            // The usual case: the same bytes for every stream.
            return Some((all.clone(), last));
        }
        // A stream that has just replayed some of them: the rest only.
        let mut out = BytesMut::new();
        for e in self
            .events
            .iter()
            .filter(|e| e.tournament_id == tournament && e.id > sent)
        {
            out.extend_from_slice(&sse::frame(e));
        }
        Some((out.freeze(), last))
    }
}

/// The standings of a tournament that keeps changing are read again at most
/// this often ([`crate::web::AppState::standings`]): a request that finds
/// them changed waits for the next reading, shared by every request then,
/// instead of reading them itself. Each change still shows at once to a
/// request that comes after it (the reading it waits for begins after it).
/// Without it, 100 tables saving at once have the standings read from the
/// database after every commit, for whoever polls them.
pub const REBUILD_INTERVAL: Duration = Duration::from_millis(50);
/// A view whose build takes longer is built again at most once per this
/// many times its last build's duration: the standings of a 2,000-player
/// session (tens of milliseconds to read) polled through a stream of
/// changes take at most a fifth of the time, leaving the rest to the
/// tables entering their deals.
pub const SLOW_BUILD_SHARE: u32 = 5;
/// However slow the build, a change shows on the standings within this
/// much and one build: well under a second (docs/load.md, the festival).
pub const SLOW_BUILD_SPACING_MAX: Duration = Duration::from_millis(500);

/// `last_seen` before the hub first reached the database.
const UNKNOWN: i64 = -1;

/// A connection for the hub, listening on PostgreSQL; the first one also
/// notes the last event stored (the hub broadcasts those after it).
fn connect(shared: &Shared, manager: &Manager) -> anyhow::Result<AnyConnection> {
    let mut conn = manager.connect()?;
    if let AnyConnection::Postgresql(pg) = &mut conn {
        // Named, so an administrator (or a test) can tell it in pg_stat_activity.
        pg.batch_execute(&format!("SET application_name = 'chelem-live'; LISTEN {CHANNEL}"))?;
    }
    if shared.last_seen.load(Ordering::Relaxed) == UNKNOWN {
        shared
            .last_seen
            .store(read_settled(&mut conn, StoredEvent::last_id)?, Ordering::Relaxed);
    }
    Ok(conn)
}

/// The hub's thread: waits, reads, broadcasts; reconnects with a growing
/// pause when the connection fails.
fn run(shared: &Shared, manager: &Manager, mut conn: Option<AnyConnection>, safety_poll: Option<Duration>) {
    let (tick, safety) = match manager.backend() {
        Backend::Postgres => (NOTIFY_POLL, safety_poll.unwrap_or(SAFETY_POLL_PG)),
        Backend::Sqlite => {
            let safety = safety_poll.unwrap_or(SAFETY_POLL_SQLITE);
            (safety, safety)
        }
    };
    let mut backoff = Duration::from_millis(100);
    let mut last_read = Instant::now();
    while !shared.stop.load(Ordering::Relaxed) {
        let poked = shared.wait(tick);
        if poked {
            // Under load: let more commits gather for this read.
            let interval = read_interval(shared.lanes.streams());
            std::thread::sleep(interval.saturating_sub(last_read.elapsed()));
        }
        let mut due = poked || last_read.elapsed() >= safety;
        if shared.stop.load(Ordering::Relaxed) {
            break;
        }
        let c = match conn.as_mut() {
            Some(c) => c,
            None => match connect(shared, manager) {
                Ok(c) => {
                    tracing::info!("live updates: reconnected to the database");
                    backoff = Duration::from_millis(100);
                    due = true;
                    conn.insert(c)
                }
                Err(e) => {
                    tracing::warn!(error = %format!("{e:#}"), retry_in = ?backoff, "live updates: cannot reconnect");
                    shared.wait(backoff);
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                    continue;
                }
            },
        };
        let result = notified(c).and_then(|n| {
            if !(n || due) {
                return Ok(());
            }
            let interval = read_interval(shared.lanes.streams());
            if n && !poked {
                // Told by another instance: read as often as for this one's.
                std::thread::sleep(interval.saturating_sub(last_read.elapsed()));
            }
            last_read = Instant::now();
            let read = read_new(shared, c)?;
            // The other instances hear of what was committed here, whatever
            // woke this hub (a notification read with them must not hide
            // them), and of what came without a notification.
            let tell = if n { &read.local } else { &read.all };
            for id in tell {
                crate::db::relay::notify(c, *id)?;
            }
            // Then the streams get them, lane after lane.
            let window = lanes::spread(shared.lanes.streams(), interval);
            shared
                .lanes
                .hand(&read.batches, window, || shared.stop.load(Ordering::Relaxed));
            Ok(())
        });
        if let Err(e) = result {
            tracing::warn!(error = %e, "live updates: database connection lost");
            conn = None;
        }
    }
}

/// Whether notifications arrived (PostgreSQL; drains them).
fn notified(conn: &mut AnyConnection) -> diesel::QueryResult<bool> {
    let AnyConnection::Postgresql(pg) = conn else {
        return Ok(false);
    };
    let mut any = false;
    for n in pg.notifications_iter() {
        n?;
        any = true;
    }
    Ok(any)
}

/// The tournaments of the events a read found.
#[derive(Default)]
struct Read {
    /// Of every event read.
    all: BTreeSet<TournamentId>,
    /// Of the events committed in this process, including one noted after
    /// an earlier read found it (its commit was read before it was noted).
    local: BTreeSet<TournamentId>,
    /// The events, for the streams.
    batches: Vec<Arc<Batch>>,
}

/// Reads the events after the last one seen and drops the cached standings
/// of their tournaments: the tournaments they were of, and the events in
/// batches for the streams.
fn read_new(shared: &Shared, conn: &mut AnyConnection) -> diesel::QueryResult<Read> {
    let mut read = Read::default();
    {
        // Noted after the read that found them: nothing left to do but tell.
        let mut local = shared.local.lock().unwrap_or_else(|e| e.into_inner());
        let seen = shared.last_seen.load(Ordering::Relaxed);
        let late = local.split_off(&(seen + 1));
        read.local.extend(std::mem::replace(&mut *local, late).into_values());
    }
    loop {
        let after = shared.last_seen.load(Ordering::Relaxed);
        let events = read_settled(conn, |conn| StoredEvent::since(conn, after, BATCH))?;
        let Some(last) = events.last().map(|e| e.id) else {
            return Ok(read);
        };
        // Standings change with events committed elsewhere (another
        // instance, the command line); this process's own dropped them at
        // their commit.
        let mut changed = BTreeSet::new();
        {
            let mut local = shared.local.lock().unwrap_or_else(|e| e.into_inner());
            for e in &events {
                match local.remove(&e.id) {
                    Some(t) => read.local.insert(t),
                    None => changed.insert(e.tournament_id),
                };
            }
        }
        for id in &changed {
            shared.cache.invalidate(*id);
        }
        read.all.extend(events.iter().map(|e| e.tournament_id));
        shared.last_seen.store(last, Ordering::Relaxed);
        let full = events.len() as i64 == BATCH;
        read.batches.push(Arc::new(Batch::new(events)));
        if !full {
            return Ok(read);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::Batch;
    use crate::db::models::StoredEvent;
    use crate::db::Manager;
    use crate::tournament::ids::TournamentId;

    fn event(id: i64, tournament_id: TournamentId) -> StoredEvent {
        StoredEvent {
            id,
            tournament_id,
            kind: "deal".into(),
            data: format!("{{\"n\":{id}}}"),
        }
    }

    fn ids(bytes: &[u8]) -> Vec<i64> {
        std::str::from_utf8(bytes)
            .unwrap()
            .lines()
            .filter_map(|l| l.strip_prefix("id: "))
            .map(|id| id.parse().unwrap())
            .collect()
    }

    #[test]
    fn a_stream_gets_its_tournaments_events_after_what_it_sent() {
        let batch = Batch::new(vec![
            event(4, TournamentId::new(1)),
            event(5, TournamentId::new(2)),
            event(6, TournamentId::new(1)),
            event(7, TournamentId::new(1)),
            event(8, TournamentId::new(2)),
        ]);
        // A stream up to date: all of its tournament's, in order, in one piece.
        let (frames, last) = batch.frames_after(TournamentId::new(1), 3).unwrap();
        assert_eq!((ids(&frames), last), (vec![4, 6, 7], 7));
        assert_eq!(
            std::str::from_utf8(&frames).unwrap(),
            "id: 4\nevent: deal\ndata: {\"n\":4}\n\nid: 6\nevent: deal\ndata: {\"n\":6}\n\n\
             id: 7\nevent: deal\ndata: {\"n\":7}\n\n"
        );
        let (frames, last) = batch.frames_after(TournamentId::new(2), 0).unwrap();
        assert_eq!((ids(&frames), last), (vec![5, 8], 8));
        // A stream that replayed some of them: the rest only.
        let (frames, last) = batch.frames_after(TournamentId::new(1), 4).unwrap();
        assert_eq!((ids(&frames), last), (vec![6, 7], 7));
        let (frames, last) = batch.frames_after(TournamentId::new(1), 6).unwrap();
        assert_eq!((ids(&frames), last), (vec![7], 7));
        // Nothing new for it, or nothing of its tournament.
        assert!(batch.frames_after(TournamentId::new(1), 7).is_none());
        assert!(batch.frames_after(TournamentId::new(2), 8).is_none());
        assert!(batch.frames_after(TournamentId::new(3), 0).is_none());
    }

    #[test]
    fn the_more_streams_the_further_apart_the_reads_within_a_bound() {
        use super::{read_interval, MAX_READ_INTERVAL, MIN_READ_INTERVAL};
        assert_eq!(read_interval(0), MIN_READ_INTERVAL);
        assert_eq!(read_interval(500), MIN_READ_INTERVAL);
        assert_eq!(read_interval(2_000), MIN_READ_INTERVAL);
        assert_eq!(read_interval(4_000), Duration::from_millis(200));
        assert_eq!(read_interval(100_000), MAX_READ_INTERVAL);
        // The streams write a read's events before the next read, each
        // event within FORMATS.md's second of its commit.
        for streams in [0, 1, 500, 4_000, 100_000] {
            let interval = read_interval(streams);
            let spread = super::lanes::spread(streams, interval);
            assert!(spread < interval && interval + spread < Duration::from_millis(500));
        }
    }

    #[test]
    fn the_hub_tells_of_every_event_committed_here_whenever_it_was_noted() {
        use super::{read_new, Events, Shared};
        let dir = std::env::temp_dir().join(format!("chelem-tell-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let url = dir.join("hub.db").display().to_string();
        let mut conn = Manager::new(&url).unwrap().connect().unwrap();
        crate::db::run_migrations(&mut conn).unwrap();
        diesel::connection::SimpleConnection::batch_execute(&mut conn, "PRAGMA foreign_keys = OFF").unwrap();
        let (t, other) = (TournamentId::new(1), TournamentId::new(2));
        let store = |conn: &mut crate::db::AnyConnection, t: TournamentId| -> Events {
            let ids = crate::db::write(conn, |tx| {
                StoredEvent::insert_all(tx, t, &[("deal", "{}".into())], chrono::Utc::now().naive_utc())
            })
            .unwrap();
            Events::from([(t, ids)])
        };
        let shared = Shared::new();
        shared.last_seen.store(0, std::sync::atomic::Ordering::Relaxed);

        // Noted at its commit, before the read: told, whatever woke the hub.
        let mine = store(&mut conn, t);
        shared.note(&mine);
        let elsewhere = store(&mut conn, other);
        let read = read_new(&shared, &mut conn).unwrap();
        assert_eq!(read.local, [t].into());
        assert_eq!(read.all, [t, other].into());

        // Read before it was noted (the commit raced the hub's read): told
        // at the next read, which finds nothing new.
        let late = store(&mut conn, t);
        let read = read_new(&shared, &mut conn).unwrap();
        assert!(read.local.is_empty());
        shared.note(&late);
        let read = read_new(&shared, &mut conn).unwrap();
        assert_eq!(read.local, [t].into());
        assert!(read.all.is_empty());
        // Told once.
        assert!(read_new(&shared, &mut conn).unwrap().local.is_empty());
        let _ = elsewhere;
        drop(conn);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
