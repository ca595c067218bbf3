//! Timed rounds: how long a round lasts, and what a table may still enter
//! once its time is up (the bell). Pure: the caller reads the clock and
//! passes the times in.

use chrono::{Duration, NaiveDateTime};
use serde::{Deserialize, Serialize};

/// The longest round: a whole day, in minutes.
pub const MAX_MINUTES: f64 = 24.0 * 60.0;

/// How long a round lasts, to the second (at least 1 s, at most
/// [`MAX_MINUTES`]). In JSON, its whole seconds; a number out of range
/// does not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "i32", into = "i32")]
pub struct RoundLength(i32);

/// Why a number of minutes is not a round's length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LengthError {
    /// Not a number, zero, negative, under a second or over a day.
    OutOfRange,
}

impl std::fmt::Display for LengthError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not a round length (1 s to a day)")
    }
}

impl TryFrom<i32> for RoundLength {
    type Error = LengthError;

    fn try_from(seconds: i32) -> Result<RoundLength, LengthError> {
        RoundLength::from_seconds(seconds)
    }
}

impl From<RoundLength> for i32 {
    fn from(length: RoundLength) -> i32 {
        length.0
    }
}

impl RoundLength {
    /// A length of `minutes` (fractions allowed: `0.05` is 3 s), rounded to
    /// the second.
    pub fn from_minutes(minutes: f64) -> Result<RoundLength, LengthError> {
        if !minutes.is_finite() || minutes <= 0.0 || minutes > MAX_MINUTES {
            return Err(LengthError::OutOfRange);
        }
        let seconds = (minutes * 60.0).round();
        if seconds < 1.0 {
            return Err(LengthError::OutOfRange);
        }
        Ok(RoundLength(seconds as i32))
    }

    /// A length of `seconds` as stored.
    pub fn from_seconds(seconds: i32) -> Result<RoundLength, LengthError> {
        if !(1..=(MAX_MINUTES as i32) * 60).contains(&seconds) {
            return Err(LengthError::OutOfRange);
        }
        Ok(RoundLength(seconds))
    }

    /// In seconds.
    pub fn seconds(self) -> i32 {
        self.0
    }

    /// In seconds, borrowed (for storing it).
    pub fn seconds_ref(&self) -> &i32 {
        &self.0
    }

    /// In minutes, as typed back (`60`, `0.05`).
    pub fn minutes(self) -> f64 {
        f64::from(self.0) / 60.0
    }

    /// The end of a round started at `start`, on a whole second.
    pub fn end_from(self, start: NaiveDateTime) -> NaiveDateTime {
        whole_second(start) + Duration::seconds(i64::from(self.0))
    }
}

impl std::fmt::Display for RoundLength {
    /// Minutes, without a trailing `.0` (`60`, `0.05`, `1.5`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let m = self.minutes();
        if self.0 % 60 == 0 {
            write!(f, "{}", self.0 / 60)
        } else {
            // Seconds are whole: four decimals always give them back.
            let s = format!("{m:.4}");
            write!(f, "{}", s.trim_end_matches('0').trim_end_matches('.'))
        }
    }
}

/// `t` without its fraction of a second.
pub fn whole_second(t: NaiveDateTime) -> NaiveDateTime {
    use chrono::Timelike;
    t.with_nanosecond(0).unwrap_or(t)
}

/// A bell moved by `minutes` (negative: earlier), to the whole second.
pub fn moved_end(end: NaiveDateTime, minutes: f64) -> Option<NaiveDateTime> {
    if !minutes.is_finite() || minutes.abs() > MAX_MINUTES {
        return None;
    }
    Some(whole_second(end) + Duration::seconds((minutes * 60.0).round() as i64))
}

/// An end time as the API writes it: RFC 3339 in UTC, to the second
/// (`2026-11-26T18:00:00Z`).
pub fn rfc3339(t: NaiveDateTime) -> String {
    t.and_utc().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// The server's time as the API writes it: RFC 3339 in UTC, to the
/// millisecond (a countdown starts from it).
pub fn rfc3339_ms(t: NaiveDateTime) -> String {
    t.and_utc().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// A deal slot of a table as it stands: its number and when it was first
/// entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnteredSlot {
    /// Deal number at the table, from 1.
    pub number: i32,
    /// When it was first entered (not its last correction).
    pub created_at: NaiveDateTime,
}

/// What the bell allows for deal `number` of a table at `now`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BellVerdict {
    /// Before the bell, or an untimed round: anything.
    Open,
    /// After the bell, allowed: a correction, or the deal in progress at
    /// the bell (the first slot still empty then).
    Allowed,
    /// After the bell, a later deal: refused (`in_progress` is the deal
    /// that was in progress at the bell, the last one the table may enter).
    TooLate {
        /// The deal in progress at the bell.
        in_progress: i32,
    },
}

/// Whether a table may write deal `number` at `now`, its round ending at
/// `ends_at` (`None`: untimed), given the slots it has entered. After the
/// bell a table may correct an entered deal and enter its first slot that
/// was still empty at the bell (a slot is filled at the bell when its deal
/// was entered at `ends_at` or before); nothing later.
pub fn bell(ends_at: Option<NaiveDateTime>, now: NaiveDateTime, number: i32, entered: &[EnteredSlot]) -> BellVerdict {
    let Some(end) = ends_at.filter(|end| now > *end) else {
        return BellVerdict::Open;
    };
    if entered.iter().any(|s| s.number == number) {
        return BellVerdict::Allowed;
    }
    let in_progress = in_progress_at(end, entered);
    if number == in_progress {
        BellVerdict::Allowed
    } else {
        BellVerdict::TooLate { in_progress }
    }
}

/// The deal a table had in progress at the bell rung at `end`: its first
/// slot still empty then (a slot is filled at the bell when its deal was
/// entered at `end` or before). After the bell, the last deal it may enter.
pub fn in_progress_at(end: NaiveDateTime, entered: &[EnteredSlot]) -> i32 {
    let filled = |k: i32| entered.iter().any(|s| s.number == k && s.created_at <= end);
    (1..).find(|k| !filled(*k)).unwrap_or(1)
}

/// Whether a new deal may start at `now` on the devices: not after the bell.
pub fn may_deal(ends_at: Option<NaiveDateTime>, now: NaiveDateTime) -> bool {
    ends_at.is_none_or(|end| now <= end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: i64) -> NaiveDateTime {
        chrono::DateTime::from_timestamp(1_800_000_000 + s, 0)
            .expect("in range")
            .naive_utc()
    }

    #[test]
    fn minutes_read_to_the_second() {
        assert_eq!(RoundLength::from_minutes(0.05).map(RoundLength::seconds), Ok(3));
        assert_eq!(RoundLength::from_minutes(60.0).map(RoundLength::seconds), Ok(3600));
        assert_eq!(RoundLength::from_minutes(0.0), Err(LengthError::OutOfRange));
        assert_eq!(RoundLength::from_minutes(-5.0), Err(LengthError::OutOfRange));
        assert_eq!(RoundLength::from_minutes(0.001), Err(LengthError::OutOfRange));
        assert_eq!(RoundLength::from_minutes(f64::NAN), Err(LengthError::OutOfRange));
        assert_eq!(RoundLength::from_minutes(1441.0), Err(LengthError::OutOfRange));
        assert_eq!(
            RoundLength::from_minutes(0.05).map(|l| l.to_string()),
            Ok("0.05".into())
        );
        assert_eq!(RoundLength::from_minutes(90.0).map(|l| l.to_string()), Ok("90".into()));
        assert_eq!(RoundLength::from_minutes(1.5).map(|l| l.to_string()), Ok("1.5".into()));
    }

    #[test]
    fn the_bell_lets_the_deal_in_progress_in_and_no_later_one() {
        let end = Some(t(100));
        let entered = [
            EnteredSlot {
                number: 1,
                created_at: t(10),
            },
            EnteredSlot {
                number: 2,
                created_at: t(90),
            },
        ];
        assert_eq!(bell(end, t(50), 4, &entered), BellVerdict::Open);
        assert_eq!(bell(None, t(500), 4, &entered), BellVerdict::Open);
        assert_eq!(bell(end, t(101), 3, &entered), BellVerdict::Allowed);
        assert_eq!(bell(end, t(101), 2, &entered), BellVerdict::Allowed);
        assert_eq!(bell(end, t(101), 4, &entered), BellVerdict::TooLate { in_progress: 3 });
        // Deal 3 entered after the bell: still the one in progress then.
        let after = [
            entered[0],
            entered[1],
            EnteredSlot {
                number: 3,
                created_at: t(120),
            },
        ];
        assert_eq!(bell(end, t(130), 3, &after), BellVerdict::Allowed);
        assert_eq!(bell(end, t(130), 4, &after), BellVerdict::TooLate { in_progress: 3 });
        // A table that skipped deal 1 before the bell may still enter deal 1 only.
        let skipped = [EnteredSlot {
            number: 2,
            created_at: t(10),
        }];
        assert_eq!(bell(end, t(130), 3, &skipped), BellVerdict::TooLate { in_progress: 1 });
        assert_eq!(bell(end, t(130), 1, &skipped), BellVerdict::Allowed);
    }

    #[test]
    fn no_deal_starts_after_the_bell() {
        assert!(may_deal(None, t(1000)));
        assert!(may_deal(Some(t(100)), t(100)));
        assert!(!may_deal(Some(t(100)), t(101)));
    }

    #[test]
    fn a_length_is_its_seconds_in_json() {
        let l = RoundLength::from_seconds(90).unwrap();
        assert_eq!(serde_json::to_string(&l).unwrap(), "90");
        assert_eq!(serde_json::from_str::<RoundLength>("90").unwrap(), l);
        for bad in ["0", "-3", "86401"] {
            let e = serde_json::from_str::<RoundLength>(bad).unwrap_err();
            assert!(e.to_string().contains("not a round length"), "{bad}: {e}");
        }
    }
}
