//! Pure tournament logic: seating, standings. No I/O, no database.

pub mod seating;
pub mod standings;
