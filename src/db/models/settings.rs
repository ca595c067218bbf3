//! A tournament's settings as one typed value: what the settings form and
//! `POST /api/tournaments` set (`web::settings` reads them into it), what a
//! tournament's row holds (its columns, by name), what the export document
//! carries (the same names, FORMATS.md "Export and import") and what the
//! audit log keeps before and after a change (its JSON). A new setting is a
//! field here, its column (a migration), its field in the form and on the
//! page; the row, the document and the audit log follow.

use diesel::backend::Backend;
use diesel::prelude::*;
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::Text;
use serde::{Deserialize, Serialize};

use crate::db::schema::tournaments;
use crate::tarot::ScoringRules;
use crate::tournament::clock::RoundLength;
use crate::tournament::duplicate::{Comparison, Format};
use crate::tournament::ids::RoundNo;
use crate::tournament::standings::{Ranking, TieBreaker};
use crate::tournament::table::Table5Mode;

/// Every setting of a tournament, checked (see
/// `db::ops::tournaments::check_settings` for the bounds). In JSON, the
/// columns' names (`rules` and `round_seconds` aside), the settings added
/// later left out at their default.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = tournaments, treat_none_as_null = true)]
pub struct TournamentSettings {
    /// Name.
    pub name: String,
    /// Date of play, `YYYY-MM-DD`.
    pub event_date: String,
    /// Rounds to play.
    pub rounds_planned: i32,
    /// Deals per round at a table of 3.
    pub deals_table3: i32,
    /// Deals per round at a table of 4 (a duplicate round's deals).
    pub deals_table4: i32,
    /// Deals per round at a table of 5.
    pub deals_table5: i32,
    /// How tables of 5 play: `dealer_out` or `called_king`.
    pub table5_mode: Table5Mode,
    /// How ties are broken: `none`, `best_round` or `taker_wins`.
    pub tie_breaker: TieBreaker,
    /// The scoring rule switches (a JSON text column).
    #[diesel(column_name = rules_json, serialize_as = RulesJson)]
    pub rules: ScoringRules,
    /// Extra tables of 5 the organizer asked for.
    pub extra_fives: i32,
    /// Seat by standings (Swiss) from this round on.
    pub swiss_from_round: Option<RoundNo>,
    /// Seed of the seating.
    pub seed: i64,
    /// A deal entered at a table counts once a defender confirmed it.
    pub confirm_deals: bool,
    /// What orders the standings: `total` or `per_deal` (absent: `total`).
    #[serde(default)]
    pub ranking: Ranking,
    /// How long each round lasts, in seconds (absent: rounds not timed).
    #[diesel(column_name = round_seconds)]
    #[serde(rename = "round_seconds", default, skip_serializing_if = "Option::is_none")]
    pub round_length: Option<RoundLength>,
    /// Donnes libres or duplicate; chosen at creation (absent: `libres`).
    #[serde(default, skip_serializing_if = "Format::is_libres")]
    pub format: Format,
    /// How a duplicate deal's results are compared; chosen at creation
    /// (absent: `matchpoints`).
    #[serde(default, skip_serializing_if = "Comparison::is_matchpoints")]
    pub comparison: Comparison,
    /// Duplicate: bots fill the empty seats instead of players sitting out;
    /// chosen at creation (absent: no).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fill_with_bots: bool,
    /// Where it is played (absent: not said).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub place: String,
    /// The club hosting it (absent: not said).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub host_club: String,
    /// The name of the person organizing it, as printed (absent: not said).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub organizer_name: String,
    /// A team event: the size of its teams, 2 to 6 (absent: no teams).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams: Option<i32>,
}

/// The scoring switches as their column holds them: a JSON text (read back
/// by `ScoringRules`'s own column type, `chelem_core::sql`).
#[derive(Debug, diesel::expression::AsExpression)]
#[diesel(sql_type = Text)]
pub struct RulesJson(String);

impl From<ScoringRules> for RulesJson {
    fn from(rules: ScoringRules) -> RulesJson {
        RulesJson(serde_json::to_string(&rules).expect("plain booleans serialize"))
    }
}

impl<DB: Backend> ToSql<Text, DB> for RulesJson
where
    String: ToSql<Text, DB>,
{
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
        self.0.to_sql(out)
    }
}
