//! Pure tournament logic: seating, standings. No I/O, no database.

pub mod clock;
pub mod constraint;
pub mod deal;
pub mod duplicate;
pub mod ids;
pub mod phase;
pub mod prizes;
pub mod rooms;
pub mod season;
pub mod seating;
pub mod standings;
pub mod stats;
pub mod table;
pub mod teams;
