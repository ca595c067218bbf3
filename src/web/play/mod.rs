//! Deals played on the devices: the seats' JSON routes (FORMATS.md "Digital
//! play: seats"), each seat's page and live stream, the organizer's game
//! pages, the replay, and the bots that play from the server.

pub mod api;
pub mod organizer;
pub mod pages;
pub mod view;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::web;
use tokio::sync::watch;

use crate::db::ops::games;
use crate::db::ops::OpResult;
use crate::db::{AnyConnection, DbPool};
use crate::tournament::ids::GameId;

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    api::configure(cfg);
    pages::configure(cfg);
    organizer::configure(cfg);
}

/// The games of this server: who watches them, and the bots that play them.
#[derive(Clone)]
pub struct Games {
    inner: Arc<Inner>,
}

struct Inner {
    pool: DbPool,
    /// The server's database slots ([`super::AppState::db_slots`]): a bot
    /// waits for its turn like a request.
    slots: Arc<tokio::sync::Semaphore>,
    /// The door of the bots' writes: the live events a bot's action
    /// committed (a deal of a tournament table entered in its slot) reach
    /// the pages as a handler's would.
    hub: super::live::Hub,
    /// How long a bot waits before it acts (so the table sees the cards
    /// go), at the normal pace ([`crate::bots::Pace`]).
    bot_delay: Duration,
    watchers: Mutex<HashMap<GameId, watch::Sender<u64>>>,
    /// The bots' thinking budget: at most this many decide at once (one
    /// core fewer than the machine has, at least one), so that however many
    /// strong bots search at once, the request workers keep a core.
    thinking: Arc<tokio::sync::Semaphore>,
    /// Games whose bots are running, and those woken again meanwhile.
    running: Mutex<(HashSet<GameId>, HashSet<GameId>)>,
}

impl Games {
    /// The games of a server on `pool`; wakes the bots of every deal left in
    /// progress (after a restart, they go on where they were). They hear of
    /// every game a write of this server changes from the hub's door
    /// ([`super::live::Hub::on_game_changed`]): no handler wakes a game.
    pub fn start(
        pool: DbPool,
        slots: Arc<tokio::sync::Semaphore>,
        hub: super::live::Hub,
        bot_delay: Duration,
    ) -> Games {
        let games = Games {
            inner: Arc::new(Inner {
                pool,
                slots,
                hub,
                bot_delay,
                watchers: Mutex::new(HashMap::new()),
                thinking: Arc::new(tokio::sync::Semaphore::new(thinkers())),
                running: Mutex::new((HashSet::new(), HashSet::new())),
            }),
        };
        let heard = Arc::downgrade(&games.inner);
        games.inner.hub.on_game_changed(move |id| {
            if let Some(inner) = heard.upgrade() {
                Games { inner }.changed(id);
            }
        });
        let g = games.clone();
        std::thread::spawn(move || {
            let ids = g
                .inner
                .pool
                .get()
                .map_err(|e| e.to_string())
                .and_then(|mut conn| games::unfinished(&mut conn).map_err(|e| e.to_string()));
            match ids {
                Ok(ids) => ids.into_iter().for_each(|id| g.wake_bots(id)),
                Err(e) => tracing::error!(error = %e, "cannot resume the games in progress"),
            }
        });
        games
    }

    /// The change counter of a game, to wait on.
    pub fn watch(&self, id: GameId) -> watch::Receiver<u64> {
        let mut w = self.inner.watchers.lock().expect("watchers");
        w.retain(|_, tx| tx.receiver_count() > 0);
        w.entry(id).or_insert_with(|| watch::channel(0).0).subscribe()
    }

    /// Game `id` changed: its watchers look again, its bots play if it is
    /// their turn. Called by the hub's door after a write that changed it.
    fn changed(&self, id: GameId) {
        self.notify(id);
        self.wake_bots(id);
    }

    fn notify(&self, id: GameId) {
        if let Some(tx) = self.inner.watchers.lock().expect("watchers").get(&id) {
            tx.send_modify(|n| *n += 1);
        }
    }

    /// Runs the bots of game `id` on a thread of their own until it is a
    /// person's turn (one runner per game).
    fn wake_bots(&self, id: GameId) {
        {
            let mut r = self.inner.running.lock().expect("running");
            if r.0.contains(&id) {
                r.1.insert(id);
                return;
            }
            r.0.insert(id);
        }
        let g = self.clone();
        std::thread::spawn(move || loop {
            g.run_bots(id);
            let mut r = g.inner.running.lock().expect("running");
            if !r.1.remove(&id) {
                r.0.remove(&id);
                break;
            }
        });
    }

    /// Plays the bots' turns of game `id`, one step at a time: reads what
    /// is to do, waits the bots' delay and decides with no connection held
    /// (within the thinking budget: on the bots' own threads, never on a
    /// request worker's), then writes through the hub's door.
    fn run_bots(&self, id: GameId) {
        loop {
            let turn = match self.with_conn(|conn| games::bot_turn(conn, id)) {
                Ok(Some(turn)) => turn,
                Ok(None) => return,
                Err(e) => {
                    tracing::error!(error = %e, game = id.get(), "bots: cannot read the game");
                    return;
                }
            };
            let delay = turn.pace().delay(self.inner.bot_delay);
            if !delay.is_zero() {
                std::thread::sleep(delay);
            }
            let decided = {
                let _permit = block_on(self.inner.thinking.clone().acquire_owned()).ok();
                turn.decide()
            };
            let hub = &self.inner.hub;
            // The door tells the watchers (the move changed the game).
            match self.with_conn(|conn| hub.write(conn, |tx| games::bot_move(tx, id, &decided))) {
                // Moved, or someone acted meanwhile: look again.
                Ok(_) => {}
                Err(e) => {
                    tracing::error!(error = %e, game = id.get(), "bots: an action failed");
                    return;
                }
            }
        }
    }

    /// Runs `f` with a pooled connection once a database slot is free.
    fn with_conn<T>(&self, f: impl FnOnce(&mut AnyConnection) -> OpResult<T>) -> Result<T, String> {
        let _permit = block_on(self.inner.slots.clone().acquire_owned()).map_err(|e| e.to_string())?;
        let mut conn = self.inner.pool.get().map_err(|e| e.to_string())?;
        f(&mut conn).map_err(|e| e.to_string())
    }
}

/// How many bots may decide at once: the machine's cores but one (at least one).
fn thinkers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}

/// Waits on this thread for `future` (a bot's thread waiting for a
/// database slot: tokio's semaphore works with any executor).
fn block_on<F: std::future::Future>(future: F) -> F::Output {
    use std::task::{Context, Poll, Wake, Waker};
    struct Unpark(std::thread::Thread);
    impl Wake for Unpark {
        fn wake(self: Arc<Self>) {
            self.0.unpark();
        }
    }
    let waker = Waker::from(Arc::new(Unpark(std::thread::current())));
    let mut cx = Context::from_waker(&waker);
    let mut future = std::pin::pin!(future);
    loop {
        match future.as_mut().poll(&mut cx) {
            Poll::Ready(out) => return out,
            Poll::Pending => std::thread::park(),
        }
    }
}
