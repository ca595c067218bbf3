//! How domain values are stored: ids and numbers (`TournamentId`, `PlayerId`,
//! `RoundNo`, `TableNo`) as the integers they wrap, enums as their names in text columns, and
//! JSON documents (scoring rules, the seating plan, an entered deal) in text
//! columns. Reading a value that does not parse is a loud error (the query
//! fails), never a silent default.
//!
//! Only with the `sql` feature (the server's): the diesel traits must be
//! implemented in the crate that defines the types. This module names column
//! types and conversions; it opens no connection and runs no query.

use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql};
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::{Integer, Text};

use crate::bots::{BotKind, Pace};
use crate::tarot::ScoringRules;
use crate::tournament::clock::RoundLength;
use crate::tournament::deal::TableDeal;
use crate::tournament::duplicate::{Comparison, Format};
use crate::tournament::ids::{GameId, PlayerId, RoomNo, RoundNo, SeasonId, TableNo, TeamId, TournamentId};
use crate::tournament::rooms::Numbering;
use crate::tournament::season::PointsKind;
use crate::tournament::standings::{Ranking, TieBreaker};
use crate::tournament::table::{ConstraintKind, RoundStatus, StoredPlan, Table5Mode};

/// A text column holding an enum by its name: written with `name()`, read
/// with `from_name()`.
macro_rules! named_enum_column {
    ($proxy:ident, $ty:ty) => {
        #[derive(diesel::expression::AsExpression, diesel::deserialize::FromSqlRow)]
        #[diesel(foreign_derive, sql_type = Text)]
        #[allow(dead_code)]
        struct $proxy($ty);

        impl<DB: Backend> ToSql<Text, DB> for $ty
        where
            str: ToSql<Text, DB>,
        {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
                <str as ToSql<Text, DB>>::to_sql(self.name(), out)
            }
        }

        impl<DB: Backend> FromSql<Text, DB> for $ty
        where
            String: FromSql<Text, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
                let s = String::from_sql(bytes)?;
                <$ty>::from_name(&s).ok_or_else(|| format!("stored {} {s:?} is unknown", stringify!($ty)).into())
            }
        }
    };
}

named_enum_column!(Table5ModeColumn, Table5Mode);
named_enum_column!(TieBreakerColumn, TieBreaker);
named_enum_column!(RankingColumn, Ranking);
named_enum_column!(NumberingColumn, Numbering);
named_enum_column!(RoundStatusColumn, RoundStatus);
named_enum_column!(ConstraintKindColumn, ConstraintKind);
named_enum_column!(BotKindColumn, BotKind);
named_enum_column!(PaceColumn, Pace);
named_enum_column!(FormatColumn, Format);
named_enum_column!(ComparisonColumn, Comparison);
named_enum_column!(PointsKindColumn, PointsKind);

/// A text column holding a JSON document, read only through the model (it is
/// written as text by the code that builds it).
macro_rules! json_column {
    ($proxy:ident, $ty:ty, $parse:expr) => {
        #[derive(diesel::deserialize::FromSqlRow)]
        #[diesel(foreign_derive)]
        #[allow(dead_code)]
        struct $proxy($ty);

        impl<DB: Backend> FromSql<Text, DB> for $ty
        where
            String: FromSql<Text, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
                let s = String::from_sql(bytes)?;
                let parse: fn(&str) -> Result<$ty, String> = $parse;
                parse(&s).map_err(|e| format!("stored {} does not parse: {e}", stringify!($ty)).into())
            }
        }
    };
}

json_column!(ScoringRulesColumn, ScoringRules, |s| serde_json::from_str(s)
    .map_err(|e| e.to_string()));
json_column!(StoredPlanColumn, StoredPlan, |s| serde_json::from_str(s)
    .map_err(|e| e.to_string()));
json_column!(TableDealColumn, TableDeal, |s| {
    let v: serde_json::Value = serde_json::from_str(s).map_err(|e| e.to_string())?;
    TableDeal::from_json(&v).map_err(|e| e.to_string())
});

/// An integer column holding one of the tournament's numbers
/// ([`crate::tournament::ids`]): a query compares it with the same type only.
macro_rules! number_column {
    ($proxy:ident, $ty:ident) => {
        #[derive(diesel::expression::AsExpression, diesel::deserialize::FromSqlRow)]
        #[diesel(foreign_derive, sql_type = Integer)]
        #[allow(dead_code)]
        struct $proxy($ty);

        impl<DB: Backend> ToSql<Integer, DB> for $ty
        where
            i32: ToSql<Integer, DB>,
        {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
                <i32 as ToSql<Integer, DB>>::to_sql(self.as_ref(), out)
            }
        }

        impl<DB: Backend> FromSql<Integer, DB> for $ty
        where
            i32: FromSql<Integer, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
                Ok($ty::try_from(i32::from_sql(bytes)?)?)
            }
        }
    };
}

number_column!(TournamentIdColumn, TournamentId);
number_column!(PlayerIdColumn, PlayerId);
number_column!(RoundNoColumn, RoundNo);
number_column!(TableNoColumn, TableNo);
number_column!(RoomNoColumn, RoomNo);
number_column!(GameIdColumn, GameId);
number_column!(SeasonIdColumn, SeasonId);
number_column!(TeamIdColumn, TeamId);

#[derive(diesel::expression::AsExpression, diesel::deserialize::FromSqlRow)]
#[diesel(foreign_derive, sql_type = Integer)]
#[allow(dead_code)]
struct RoundLengthColumn(RoundLength);

/// A round's length in whole seconds; a stored value out of range is an error.
impl<DB: Backend> ToSql<Integer, DB> for RoundLength
where
    i32: ToSql<Integer, DB>,
{
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
        <i32 as ToSql<Integer, DB>>::to_sql(self.seconds_ref(), out)
    }
}

impl<DB: Backend> FromSql<Integer, DB> for RoundLength
where
    i32: FromSql<Integer, DB>,
{
    fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
        let s = i32::from_sql(bytes)?;
        RoundLength::from_seconds(s).map_err(|_| format!("stored round length {s} s is out of range").into())
    }
}
