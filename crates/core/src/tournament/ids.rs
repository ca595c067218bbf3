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
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i32);

        impl $name {
            /// The number itself.
            pub fn get(self) -> i32 {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        impl FromStr for $name {
            type Err = std::num::ParseIntError;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                s.parse().map($name)
            }
        }
    };
}

number_type!(
    /// A tournament's id (its row in the database).
    TournamentId
);
number_type!(
    /// A player's id: the player's row in the database, the same in every
    /// tournament (or `1..=N` for `chelem seat`, which has no database).
    PlayerId
);
number_type!(
    /// A round's number within its tournament, from 1.
    RoundNo
);
number_type!(
    /// A table's number within its round, from 1.
    TableNo
);
number_type!(
    /// A game's id (its row in the database): a deal or several played on
    /// the devices, at a tournament's table or casual.
    GameId
);
number_type!(
    /// A room's number within its tournament, from 1 (the rooms' order).
    RoomNo
);

/// A round `n` rounds later (or earlier, `n` negative).
impl std::ops::Add<i32> for RoundNo {
    type Output = RoundNo;

    fn add(self, n: i32) -> RoundNo {
        RoundNo(self.0 + n)
    }
}
