//! A whole tournament as one JSON document, and back (FORMATS.md, "Export
//! and import"): settings, players, registrations, seating constraints,
//! rounds, tables, seats, deals with their scores, the games of the tables
//! played on the devices (each deal's seed and actions, its log), and the
//! audit log.
//!
//! The document holds no database id. Players are numbered in the document
//! (`ref`, 1 to n, sorted by name) and every player field (seats, scores, the
//! deals' records, the seating plan, the audit log's seatings and deals)
//! names that number; rounds, tables and deals are named by their numbers;
//! the organizer who made the tournament by login name. So an export of an
//! import is the original export, byte for byte, whatever ids the database
//! gave. What is not the tournament's stays out: accounts, sessions, login
//! attempts, forms' idempotency keys.
//!
//! The document's types are in `document`, where it names players in
//! `players`, reading it out of the database in `load`, what it must be to
//! be imported (what live entry would accept) in `check`, its games
//! replayed through the rules core in `check_game`, writing it back
//! in `import`, and why either fails in `error`.

mod check;
mod check_game;
mod document;
mod error;
mod import;
mod load;
mod players;
mod prizes;

pub use document::{
    AuditDoc, AwardDoc, BonusDoc, ConstraintDoc, DealDoc, Document, GameActionDoc, GameDealDoc, GameDoc, GameSeatDoc,
    PlanDoc, PlayerDoc, PrizesDoc, RegistrationDoc, RoomDoc, RoundDoc, ScoreDoc, TableDoc, TeamDoc, TournamentDoc,
    FORMAT, VERSION,
};
pub use error::{ExportError, ImportError};
pub use import::{import, import_json, Imported};
pub use load::export;
