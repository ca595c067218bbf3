//! The numbers that name things in a tournament, each its own type so that
//! one cannot be passed where another is wanted: a tournament's id, a
//! player's id, a round's number (1-based, within its tournament) and a
//! table's number (1-based, within its round). A seat at a table is
//! [`crate::tarot::Seat`].
//!
//! Each is a 32-bit integer, as stored (the database columns are `INTEGER`;
//! `db::types` maps them), written as a bare number in JSON, in URLs and on
//! pages.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

macro_rules! number_type {
    ($(#[$doc:meta])* $name:ident, $min:expr) => {
        $(#[$doc])*
        ///
        /// Built only through a checked constructor: [`Self::new`] for a
        /// number the code itself knows (it panics below the least value),
        /// `TryFrom<i32>`, `FromStr` and serde for what comes from outside,
        /// which refuse it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(try_from = "i32", into = "i32")]
        pub struct $name(i32);

        impl $name {
            /// The least value.
            pub const MIN: i32 = $min;

            /// `n`, which the caller knows is at least [`Self::MIN`] (a
            /// literal, one more than a stored value): panics otherwise.
            /// What comes from outside goes through `TryFrom<i32>` instead.
            pub const fn new(n: i32) -> $name {
                assert!(n >= $min, concat!(stringify!($name), " below its least value"));
                $name(n)
            }

            /// The number itself.
            pub const fn get(self) -> i32 {
                self.0
            }
        }

        impl TryFrom<i32> for $name {
            type Error = OutOfRange;

            fn try_from(n: i32) -> Result<Self, OutOfRange> {
                if n >= $min {
                    Ok($name(n))
                } else {
                    Err(OutOfRange { what: stringify!($name), value: n, min: $min })
                }
            }
        }

        impl AsRef<i32> for $name {
            fn as_ref(&self) -> &i32 {
                &self.0
            }
        }

        impl From<$name> for i32 {
            fn from(v: $name) -> i32 {
                v.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        impl FromStr for $name {
            type Err = ParseError;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                let n: i32 = s.parse().map_err(ParseError::NotANumber)?;
                $name::try_from(n).map_err(ParseError::OutOfRange)
            }
        }
    };
}

/// A number below the least value of its kind (a round -1, a table 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfRange {
    /// The kind of number.
    pub what: &'static str,
    /// The number given.
    pub value: i32,
    /// The least value of its kind.
    pub min: i32,
}

impl fmt::Display for OutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} is below {}", self.what, self.value, self.min)
    }
}

impl std::error::Error for OutOfRange {}

/// Text that is not such a number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseError {
    /// Not an integer.
    NotANumber(std::num::ParseIntError),
    /// An integer below the least value.
    OutOfRange(OutOfRange),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::NotANumber(e) => fmt::Display::fmt(e, f),
            ParseError::OutOfRange(e) => fmt::Display::fmt(e, f),
        }
    }
}

impl std::error::Error for ParseError {}

number_type!(
    /// A tournament's id (its row in the database).
    TournamentId,
    1
);
number_type!(
    /// A player's id: the player's row in the database, the same in every
    /// tournament (or `1..=N` for `chelem seat`, which has no database).
    PlayerId,
    1
);
number_type!(
    /// A round's number within its tournament, from 1 ([`RoundNo::NONE`],
    /// 0, stands for "before the first round").
    RoundNo,
    0
);
number_type!(
    /// A table's number within its round, from 1.
    TableNo,
    1
);
number_type!(
    /// A game's id (its row in the database): a deal or several played on
    /// the devices, at a tournament's table or casual.
    GameId,
    1
);
number_type!(
    /// A room's number within its tournament, from 1 (the rooms' order).
    RoomNo,
    1
);
number_type!(
    /// A season's id (its row in the database): a challenge, a circuit.
    SeasonId,
    1
);
number_type!(
    /// A team's id (its row in the database): a pair, a triplette, a
    /// quadrette of a team event.
    TeamId,
    1
);

impl RoundNo {
    /// Before the first round: no round seated yet.
    pub const NONE: RoundNo = RoundNo(0);
}

impl Default for RoundNo {
    /// [`RoundNo::NONE`].
    fn default() -> RoundNo {
        RoundNo::NONE
    }
}

/// A round `n` rounds later (or earlier, `n` negative: panics before
/// [`RoundNo::NONE`]).
impl std::ops::Add<i32> for RoundNo {
    type Output = RoundNo;

    fn add(self, n: i32) -> RoundNo {
        RoundNo::new(self.0 + n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_below_their_least_value_are_refused_everywhere() {
        assert_eq!(RoundNo::try_from(-1).unwrap_err().to_string(), "RoundNo -1 is below 0");
        assert!(TableNo::try_from(0).is_err());
        assert!(TournamentId::try_from(0).is_err());
        assert_eq!(TableNo::try_from(3), Ok(TableNo::new(3)));
        assert!("0".parse::<PlayerId>().is_err());
        assert!("x".parse::<GameId>().is_err());
        assert_eq!("12".parse::<GameId>().unwrap().get(), 12);
        assert!(serde_json::from_str::<RoundNo>("-1").is_err());
        assert_eq!(serde_json::from_str::<RoundNo>("2").unwrap(), RoundNo::new(2));
        assert_eq!(serde_json::to_string(&RoomNo::new(4)).unwrap(), "4");
        assert_eq!(RoundNo::NONE + 1, RoundNo::new(1));
        assert!(std::panic::catch_unwind(|| RoundNo::new(-1)).is_err());
    }
}
