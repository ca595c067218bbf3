//! Chelem: a French Tarot tournament server.
//!
//! Layers (arrows point down only): `web` → `db`, `tournament`, `tarot`;
//! `tournament` → `tarot`; `bots` → `tarot`; `solver` → `tarot`; `tarot` imports
//! nothing of the project. `tarot`, `bots`, `solver` and `tournament` are the pure core, a crate of their own
//! (`crates/core`, re-exported here): they cannot reach the rest.

pub mod cli_club_sim;
pub mod cli_duel;
pub mod cli_score;
pub mod cli_simulate;
pub mod cli_solve;
pub mod config;
pub mod db;
pub mod i18n;
pub mod secrets;
pub mod web;

// The pure core (crates/core), under the names the rest of the code uses.
pub use chelem_core::{bots, rating, solver, tarot, tournament};
