//! The login's brakes: how long an account waits after its failures
//! ([`LoginLimits`]), one check at a time per account, and a small pool of
//! password checks for the whole server ([`LoginGuard`]). The design is
//! told in the module above ([`super`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use chrono::NaiveDateTime;
use tokio::sync::{OwnedMutexGuard, OwnedSemaphorePermit, Semaphore};

use crate::secrets::verify_password;

/// The login's settings (part of [`crate::web::WebConfig`]; the tests make
/// the waits short, the rules stay the same).
#[derive(Debug, Clone)]
pub struct LoginLimits {
    /// Failures of an account (in [`LoginLimits::window`]) before each next
    /// attempt has to wait.
    pub free_failures: i64,
    /// The first wait; each further failure doubles it.
    pub first_delay: Duration,
    /// The longest wait: however many failures, the right password is
    /// checked this long after the last one.
    pub max_delay: Duration,
    /// How long failures are remembered.
    pub window: Duration,
    /// Password checks (argon2) running at once for clients without a
    /// known-device cookie; one more is kept for known devices.
    pub hash_slots: usize,
    /// How long a login waits for a free check before it is answered 503.
    pub hash_wait: Duration,
}

/// Failed logins of an account before the waits begin.
pub const FREE_FAILURES: i64 = 3;
/// The longest wait between two checks of one account, in seconds.
pub const MAX_DELAY_SECONDS: u64 = 8;
/// How long failures are remembered, in minutes.
pub const THROTTLE_MINUTES: u64 = 15;

impl Default for LoginLimits {
    fn default() -> LoginLimits {
        LoginLimits {
            free_failures: FREE_FAILURES,
            first_delay: Duration::from_secs(1),
            max_delay: Duration::from_secs(MAX_DELAY_SECONDS),
            window: Duration::from_secs(THROTTLE_MINUTES * 60),
            hash_slots: 1,
            hash_wait: Duration::from_secs(3),
        }
    }
}

impl LoginLimits {
    /// How long the next check waits after the last of `failures` failures:
    /// nothing for the first [`LoginLimits::free_failures`], then the first
    /// delay, doubled at each failure, at most [`LoginLimits::max_delay`].
    pub fn delay(&self, failures: i64) -> chrono::Duration {
        if failures < self.free_failures {
            return chrono::Duration::zero();
        }
        let doublings = (failures - self.free_failures).min(20) as u32;
        let wait = self.first_delay.saturating_mul(1 << doublings).min(self.max_delay);
        chrono::Duration::from_std(wait).unwrap_or(chrono::Duration::MAX)
    }

    /// Whole seconds (rounded up) left to wait at `now`, after `failures`
    /// failures the last of which was at `last`; `None` once the wait is
    /// over (at its very end included).
    pub fn seconds_to_wait(&self, last: Option<NaiveDateTime>, failures: i64, now: NaiveDateTime) -> Option<i64> {
        let until = last? + self.delay(failures);
        (until > now).then(|| ((until - now).num_milliseconds() + 999) / 1000)
    }

    /// Since when failures count, at `now`.
    pub fn since(&self, now: NaiveDateTime) -> NaiveDateTime {
        now - chrono::Duration::from_std(self.window).unwrap_or(chrono::Duration::MAX)
    }
}

/// The server's side of the brakes: a turn per account, and the password
/// checks' pool. One per application state.
#[derive(Clone)]
pub struct LoginGuard {
    /// The browsers' lanes ([`super::lane`]).
    pub lanes: Arc<super::lane::Lanes>,
    turns: Arc<Mutex<Turns>>,
    anyone: Arc<Semaphore>,
    devices: Arc<Semaphore>,
}

/// The accounts' turns in use (entries of accounts nobody waits for are
/// dropped as the map grows).
#[derive(Default)]
struct Turns {
    by_account: HashMap<String, Weak<tokio::sync::Mutex<()>>>,
    prune_at: usize,
}

/// What a password check gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// The password matches.
    Match,
    /// It does not.
    Mismatch,
    /// No check was free in time: nothing was checked.
    Busy,
}

impl LoginGuard {
    /// A guard with `limits`' pool of checks.
    pub fn new(limits: &LoginLimits) -> LoginGuard {
        // The dummy hash is made now, not on a request's thread.
        let _ = crate::secrets::dummy_hash();
        LoginGuard {
            lanes: Arc::default(),
            turns: Arc::default(),
            anyone: Arc::new(Semaphore::new(limits.hash_slots.max(1))),
            devices: Arc::new(Semaphore::new(1)),
        }
    }

    /// Waits for `account`'s turn: attempts on one account are handled one
    /// after the other, each reading the failures of those before it.
    pub async fn turn(&self, account: &str) -> OwnedMutexGuard<()> {
        let lock = {
            let mut turns = self.turns.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(lock) = turns.by_account.get(account).and_then(Weak::upgrade) {
                lock
            } else {
                if turns.by_account.len() >= turns.prune_at {
                    turns.by_account.retain(|_, w| w.strong_count() > 0);
                    turns.prune_at = (turns.by_account.len() * 2).max(256);
                }
                let lock = Arc::new(tokio::sync::Mutex::new(()));
                turns.by_account.insert(account.to_owned(), Arc::downgrade(&lock));
                lock
            }
        };
        lock.lock_owned().await
    }

    /// Checks `password` against the PHC string `hash` on a blocking thread,
    /// once one of the pool's checks is free (a known device has one of its
    /// own); [`Check::Busy`] when none was within `wait`.
    pub async fn check(&self, password: String, hash: String, known_device: bool, wait: Duration) -> Check {
        let pool = if known_device { &self.devices } else { &self.anyone };
        let permit: OwnedSemaphorePermit = match tokio::time::timeout(wait, pool.clone().acquire_owned()).await {
            Ok(Ok(permit)) => permit,
            _ => return Check::Busy,
        };
        let matched = actix_web::web::block(move || {
            let ok = verify_password(&password, &hash);
            drop(permit);
            ok
        })
        .await;
        match matched {
            Ok(true) => Check::Match,
            Ok(false) => Check::Mismatch,
            Err(_) => Check::Busy,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{LoginLimits, FREE_FAILURES, MAX_DELAY_SECONDS};
    use chrono::{Duration, NaiveDate};

    #[test]
    fn the_wait_doubles_after_the_free_failures_up_to_its_cap() {
        let limits = LoginLimits::default();
        let secs = |n| limits.delay(n).num_seconds();
        assert_eq!((0..FREE_FAILURES).map(secs).sum::<i64>(), 0);
        assert_eq!(secs(FREE_FAILURES), 1);
        assert_eq!(secs(FREE_FAILURES + 1), 2);
        assert_eq!(secs(FREE_FAILURES + 2), 4);
        assert_eq!(secs(FREE_FAILURES + 3), MAX_DELAY_SECONDS as i64);
        assert_eq!(secs(FREE_FAILURES + 4), MAX_DELAY_SECONDS as i64);
        assert_eq!(secs(1_000), MAX_DELAY_SECONDS as i64);
        // Short waits for the tests: the same rule.
        let quick = LoginLimits {
            first_delay: std::time::Duration::from_millis(100),
            max_delay: std::time::Duration::from_millis(300),
            ..LoginLimits::default()
        };
        let ms = |n| quick.delay(n).num_milliseconds();
        assert_eq!([ms(2), ms(3), ms(4), ms(5), ms(60)], [0, 100, 200, 300, 300]);
    }

    #[test]
    fn the_wait_left_is_rounded_up_and_ends_at_its_very_end() {
        let limits = LoginLimits::default();
        let last = NaiveDate::from_ymd_opt(2026, 11, 24)
            .unwrap()
            .and_hms_opt(20, 0, 0)
            .unwrap();
        let four = FREE_FAILURES + 2; // 4 seconds
        let at = |ms: i64| limits.seconds_to_wait(Some(last), four, last + Duration::milliseconds(ms));
        assert_eq!(at(0), Some(4));
        assert_eq!(at(1), Some(4), "3.999 s left: 4");
        assert_eq!(at(1_000), Some(3), "exactly 3 s left: 3");
        assert_eq!(at(2_500), Some(2), "1.5 s left: 2");
        assert_eq!(at(3_999), Some(1));
        assert_eq!(at(4_000), None, "the wait is over at its end");
        assert_eq!(at(60_000), None);
        // No wait within the free failures, none without a failure.
        assert_eq!(limits.seconds_to_wait(Some(last), FREE_FAILURES - 1, last), None);
        assert_eq!(limits.seconds_to_wait(None, 50, last), None);
    }
}
