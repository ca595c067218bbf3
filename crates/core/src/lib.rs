//! Chelem's pure core: no I/O, no database, no HTTP (the compiler holds it:
//! this crate depends on none of them).
//!
//! Layers (arrows point down only): `tournament` → `tarot`; `bots` → `tarot`;
//! `solver` → `tarot`; `tarot` imports nothing of the project; `rating` →
//! `tournament` (its ids). The server (the `chelem` crate) re-exports the
//! modules under their own names.

pub mod bots;
pub mod rating;
pub mod solver;
#[cfg(feature = "sql")]
pub mod sql;
pub mod tarot;
pub mod tournament;
