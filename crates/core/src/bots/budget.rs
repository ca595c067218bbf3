//! How much search a decision may use, and the only clock read in `bots`.

use std::time::{Duration, Instant};

/// How much search one decision may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Budget {
    /// This many search iterations per decision (at least one): for the
    /// strong player, determinizations each played out for every candidate
    /// still in the race; for the sampler, about this many playouts spread
    /// evenly over the legal cards. Reproducible.
    Playouts(u32),
    /// Sample until this much wall-clock time has passed (at least one
    /// sampled deal): not reproducible.
    Time(Duration),
}

/// The default budget: 100 ms per decision.
pub const DEFAULT_BUDGET: Budget = Budget::Time(Duration::from_millis(100));

impl Default for Budget {
    fn default() -> Self {
        DEFAULT_BUDGET
    }
}

/// The only use of the clock in `bots`: the end of a [`Budget::Time`].
pub(crate) struct Deadline(Option<Instant>);

impl Deadline {
    pub(crate) fn new(budget: Budget) -> Deadline {
        Deadline(match budget {
            Budget::Time(d) => Some(Instant::now() + d),
            Budget::Playouts(_) => None,
        })
    }

    pub(crate) fn passed(&self) -> bool {
        self.0.is_some_and(|t| Instant::now() >= t)
    }
}
