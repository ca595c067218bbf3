//! The database's circuit: whether the database is known not to answer, so
//! that a request waits about a second for it, not the pool's 30.
//!
//! A request holds one of the pool's slots before it asks the pool for a
//! connection (as many slots as connections): a slot's holder finds an
//! idle connection, or one made for it in a few milliseconds. One that
//! waits [`FAIL_FAST`] has met a database that does not answer: it opens
//! the circuit and is answered 503. While the circuit is open, requests
//! still try (each is one probe), but give up once they have waited
//! [`FAIL_FAST`] in all, in the slots' line included; the first connection
//! handed out (the pool tests each one it hands out) closes it again.
//! `/healthz`'s check feeds it the same way.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::{DbConn, DbPool};

/// How long a request waits for a connection once it holds a slot, and in
/// all while the circuit is open.
pub const FAIL_FAST: Duration = Duration::from_secs(1);

/// Open (the database does not answer) or closed. Shared by a server's
/// requests.
pub struct Circuit {
    base: Instant,
    /// Milliseconds after `base` at which it opened, plus one; 0: closed.
    opened: AtomicU64,
}

impl Default for Circuit {
    fn default() -> Circuit {
        Circuit {
            base: Instant::now(),
            opened: AtomicU64::new(0),
        }
    }
}

/// The database did not hand out a connection in time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unanswered;

impl Circuit {
    /// Marks the database as not answering (from now, unless already).
    pub fn trip(&self) {
        let at = self.base.elapsed().as_millis() as u64 + 1;
        if self
            .opened
            .compare_exchange(0, at, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
        {
            tracing::warn!("database does not answer: requests wait at most {FAIL_FAST:?} for it");
        }
    }

    /// Marks the database as answering again.
    pub fn close(&self) {
        let was = self.opened.swap(0, Ordering::AcqRel);
        if was != 0 {
            let down = self.base.elapsed().saturating_sub(Duration::from_millis(was - 1));
            tracing::info!(after = ?down, "database answers again");
        }
    }

    /// Whether the database is known not to answer.
    pub fn is_open(&self) -> bool {
        self.opened.load(Ordering::Acquire) != 0
    }

    /// Whether a request that began at `started` has waited long enough:
    /// while the circuit is open, [`FAIL_FAST`] in all.
    pub fn gives_up(&self, started: Instant) -> bool {
        self.is_open() && started.elapsed() >= FAIL_FAST
    }

    /// A connection of `pool` for a request that began at `started` and
    /// holds one of the pool's slots: at most [`FAIL_FAST`] of waiting
    /// (what is left of it while the circuit is open). Closes the circuit
    /// when one is handed out, opens it when none came in time.
    pub fn connection(&self, pool: &DbPool, started: Instant) -> Result<DbConn, Unanswered> {
        let wait = if self.is_open() {
            FAIL_FAST
                .saturating_sub(started.elapsed())
                .max(Duration::from_millis(50))
        } else {
            FAIL_FAST
        };
        self.connection_within(pool, wait)
    }

    /// A connection of `pool` within `wait` (`/healthz` gives its own
    /// budget): closes the circuit when one is handed out, opens it when
    /// none came in time.
    pub fn connection_within(&self, pool: &DbPool, wait: Duration) -> Result<DbConn, Unanswered> {
        match pool.get_timeout(wait) {
            Ok(conn) => {
                self.close();
                Ok(conn)
            }
            Err(e) => {
                tracing::warn!(error = %e, "no database connection");
                self.trip();
                Err(Unanswered)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tripped_circuit_shortens_the_wait_until_closed() {
        let circuit = Circuit::default();
        let long_ago = Instant::now() - FAIL_FAST * 2;
        assert!(
            !circuit.is_open() && !circuit.gives_up(long_ago),
            "closed: the line is waited in"
        );
        circuit.trip();
        circuit.trip();
        assert!(circuit.is_open());
        assert!(circuit.gives_up(long_ago));
        assert!(
            !circuit.gives_up(Instant::now()),
            "a request just begun still tries once"
        );
        circuit.close();
        assert!(!circuit.is_open() && !circuit.gives_up(long_ago));
    }

    #[test]
    fn a_pool_that_cannot_connect_opens_it_within_the_wait() {
        let manager = super::super::Manager::new("postgres://postgres@127.0.0.1:1/none").unwrap();
        let pool = diesel::r2d2::Pool::builder().max_size(1).build_unchecked(manager);
        let circuit = Circuit::default();
        let started = Instant::now();
        assert_eq!(circuit.connection(&pool, started).err(), Some(Unanswered));
        assert!(circuit.is_open());
        let took = started.elapsed();
        assert!(took >= FAIL_FAST && took < FAIL_FAST * 3, "{took:?}");
    }
}
