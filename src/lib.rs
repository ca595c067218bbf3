//! Chelem: a French Tarot tournament server.
//!
//! Layers (arrows point down only): `web` → `db`, `tournament`, `tarot`;
//! `tournament` → `tarot`; `bots` → `tarot`; `tarot` imports nothing of the project.

pub mod bots;
pub mod cli_duel;
pub mod cli_score;
pub mod cli_simulate;
pub mod config;
pub mod db;
pub mod i18n;
pub mod secrets;
pub mod tarot;
pub mod tournament;
pub mod web;
