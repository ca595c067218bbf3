//! Where a tournament stands, for the home page: coming up, running or
//! finished. Pure: the caller gives its rounds and today's date.

use chrono::NaiveDate;

use super::table::RoundStatus;

/// Where a tournament stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// No round seated yet, and its date is not past.
    Upcoming,
    /// A round is open, or rounds remain to play, on or about its date.
    Running,
    /// Every planned round closed, or its date is past.
    Finished,
}

/// The phase of a tournament of `planned` rounds whose seated rounds have
/// these statuses, played on `date` (`YYYY-MM-DD`; unreadable counts as
/// today), seen on `today`. A tournament left half-played is no longer
/// running once its date is more than a day past.
pub fn phase(planned: i32, rounds: &[RoundStatus], date: &str, today: NaiveDate) -> Phase {
    let date = NaiveDate::parse_from_str(date, "%Y-%m-%d").unwrap_or(today);
    let past = (today - date).num_days() > 1;
    let closed = rounds.iter().filter(|r| **r == RoundStatus::Closed).count() as i32;
    if rounds.is_empty() && !past {
        Phase::Upcoming
    } else if !rounds.is_empty() && closed < planned.max(rounds.len() as i32) && !past {
        Phase::Running
    } else {
        Phase::Finished
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use RoundStatus::{Closed, Open};

    #[test]
    fn phases() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 14).unwrap();
        assert_eq!(phase(4, &[], "2026-03-20", today), Phase::Upcoming);
        assert_eq!(phase(4, &[], "2026-03-14", today), Phase::Upcoming);
        assert_eq!(phase(4, &[Closed, Open], "2026-03-14", today), Phase::Running);
        // Between two rounds: still running.
        assert_eq!(phase(4, &[Closed, Closed], "2026-03-14", today), Phase::Running);
        assert_eq!(phase(2, &[Closed, Closed], "2026-03-14", today), Phase::Finished);
        // Played past midnight: still running the day after.
        assert_eq!(phase(4, &[Open], "2026-03-13", today), Phase::Running);
        // Left half-played long ago, or never started: finished.
        assert_eq!(phase(4, &[Open], "2026-01-10", today), Phase::Finished);
        assert_eq!(phase(4, &[], "2026-01-10", today), Phase::Finished);
    }
}
