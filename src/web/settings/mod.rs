//! The tournament settings as the organizer types them (the form) or a
//! script sends them (a JSON body), read the same way ([`read`]) into the
//! typed [`TournamentSettings`] ([`NewTournament`], [`NewSettings`]): the
//! storage layer sees only those. The form's checkboxes become switches
//! here; the audit page reads a settings change back in the form's words
//! ([`audit`]).

mod audit;
mod read;

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use audit::setting_changes;
pub use read::Read;
use read::{Given, Source};

use crate::db::models::{Tournament, TournamentSettings};
use crate::db::now;
use crate::db::ops::rounds::Timing;
use crate::db::ops::tournaments::{NewSettings, NewTournament};
pub use crate::db::ops::tournaments::{MAX_DEALS, MAX_ROUNDS};
use crate::db::ops::{Msg, OpError, OpResult};
use crate::tournament::clock::RoundLength;
use crate::tournament::duplicate::Format;

/// The settings form as typed (every field a string, so a refused form can be
/// shown again exactly).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct TournamentForm {
    /// Name.
    pub name: String,
    /// Date, `YYYY-MM-DD` (today when empty).
    pub date: String,
    /// Number of rounds.
    pub rounds: String,
    /// Deals at a table of 4 (default 4).
    pub deals_table4: String,
    /// Deals at a table of 5 (default 5).
    pub deals_table5: String,
    /// Deals at a table of 3 (default 3).
    pub deals_table3: String,
    /// `dealer_out` or `called_king`.
    pub table5_mode: String,
    /// `none`, `best_round`, `taker_wins`.
    pub tie_breaker: String,
    /// `total` or `per_deal`.
    pub ranking: String,
    /// Minutes per round, fractions allowed (empty: rounds not timed).
    pub round_minutes: String,
    /// Extra tables of 5 wanted.
    pub extra_fives: String,
    /// Swiss seating from this round (empty: never).
    pub swiss_from_round: String,
    /// Seating seed (empty: random).
    pub seed: String,
    /// Rule switches (checkboxes: present = on).
    pub garde_contre_x8: Option<String>,
    /// 20/40/60 handfuls.
    pub handfuls_20_40_60: Option<String>,
    /// No petite.
    pub no_petite: Option<String>,
    /// Misère.
    pub misere: Option<String>,
    /// Scores rounded to 10.
    pub round_to_10: Option<String>,
    /// A defender confirms each deal entered at a table before it counts.
    pub confirm_deals: Option<String>,
    /// `libres` (default) or `duplicate`; chosen at creation.
    pub format: String,
    /// Duplicate: deals per round (the deals of a table of 4).
    pub deals_per_round: String,
    /// Duplicate: `matchpoints` (default) or `datum`.
    pub comparison: String,
    /// Duplicate: bots fill the empty seats.
    pub fill_with_bots: Option<String>,
    /// Where it is played.
    pub place: String,
    /// The club hosting it.
    pub host_club: String,
    /// The organizer's name, as printed.
    pub organizer_name: String,
    /// A team event: the teams' size ("" for none).
    #[serde(default)]
    pub teams: String,
    /// The club it belongs to, at its creation ("": the organizer's only club).
    #[serde(default)]
    pub club: String,
}

/// A box of the form is ticked: sent, and neither empty, `false` nor `0`.
fn checkbox(v: &Option<String>) -> bool {
    matches!(v.as_deref(), Some(s) if !s.is_empty() && s != "false" && s != "0")
}

impl Source for TournamentForm {
    fn given(&self, key: &str) -> Given<'_> {
        let text = match key {
            "name" => &self.name,
            "date" => &self.date,
            "rounds" => &self.rounds,
            "deals_table4" => &self.deals_table4,
            "deals_table5" => &self.deals_table5,
            "deals_table3" => &self.deals_table3,
            "table5_mode" => &self.table5_mode,
            "tie_breaker" => &self.tie_breaker,
            "ranking" => &self.ranking,
            "round_minutes" => &self.round_minutes,
            "extra_fives" => &self.extra_fives,
            "swiss_from_round" => &self.swiss_from_round,
            "seed" => &self.seed,
            "format" => &self.format,
            "deals_per_round" => &self.deals_per_round,
            "comparison" => &self.comparison,
            "place" => &self.place,
            "host_club" => &self.host_club,
            "organizer_name" => &self.organizer_name,
            "teams" => &self.teams,
            _ => return Given::Nothing,
        };
        Given::Text(text)
    }

    fn switch(&self, key: &str) -> bool {
        let ticked = match key {
            "garde_contre_x8" => &self.garde_contre_x8,
            "handfuls_20_40_60" => &self.handfuls_20_40_60,
            "no_petite" => &self.no_petite,
            "misere" => &self.misere,
            "round_to_10" => &self.round_to_10,
            "confirm_deals" => &self.confirm_deals,
            "fill_with_bots" => &self.fill_with_bots,
            _ => return false,
        };
        checkbox(ticked)
    }
}

/// A JSON body of settings: `{"name": "…", "rounds": 5, "misere": true,
/// …}`, the rule switches also under `"rules"`; numbers as numbers or
/// their text, a switch on when `true`.
struct JsonBody<'a>(&'a serde_json::Map<String, Value>);

impl Source for JsonBody<'_> {
    fn given(&self, key: &str) -> Given<'_> {
        Given::json(self.0.get(key))
    }

    fn switch(&self, key: &str) -> bool {
        let rules = self.0.get("rules").and_then(Value::as_object);
        let given = self.0.get(key).or_else(|| rules.and_then(|r| r.get(key)));
        matches!(given, Some(Value::Bool(true)))
    }
}

/// Reads a JSON body (`POST /api/tournaments`) into the settings.
pub fn from_json(v: &Value) -> OpResult<Read> {
    let obj = v
        .as_object()
        .ok_or_else(|| OpError::Invalid(Msg::new("json-not-object")))?;
    read::read(&JsonBody(obj))
}

impl Read {
    /// The tournament to create, made by `created_by`: a duplicate one gets
    /// the secret its deals are dealt from.
    pub fn new_tournament(self, created_by: Option<i32>) -> NewTournament {
        let deal_secret = match self.settings.format {
            Format::Duplicate => rand::random::<i64>() & i64::MAX,
            Format::Libres => 0,
        };
        NewTournament {
            settings: self.settings,
            created_by,
            created_at: now(),
            deal_secret,
        }
    }

    /// The settings as a change: without a seed, the current one stays.
    pub fn change(self) -> NewSettings {
        NewSettings {
            settings: self.settings,
            keep_seed: !self.seed_given,
        }
    }
}

impl TournamentForm {
    /// Reads the form into the settings.
    pub fn read(&self) -> OpResult<Read> {
        read::read(self)
    }

    /// Checks the form and builds the tournament to insert.
    pub fn parse(&self, created_by: Option<i32>) -> OpResult<NewTournament> {
        Ok(self.read()?.new_tournament(created_by))
    }

    /// Checks the form as a change of settings: an empty seed keeps the
    /// current one (the form always shows it).
    pub fn parse_change(&self) -> OpResult<NewSettings> {
        Ok(self.read()?.change())
    }

    /// The form filled with a tournament's current settings.
    pub fn from_tournament(t: &Tournament) -> TournamentForm {
        TournamentForm::from_settings(&t.settings)
    }

    /// The form filled with these settings.
    pub fn from_settings(s: &TournamentSettings) -> TournamentForm {
        let flag = |on: bool| on.then(|| "on".to_owned());
        TournamentForm {
            name: s.name.clone(),
            date: s.event_date.clone(),
            rounds: s.rounds_planned.to_string(),
            deals_table4: s.deals_table4.to_string(),
            deals_table5: s.deals_table5.to_string(),
            deals_table3: s.deals_table3.to_string(),
            table5_mode: s.table5_mode.name().to_owned(),
            tie_breaker: s.tie_breaker.name().to_owned(),
            ranking: s.ranking.name().to_owned(),
            round_minutes: s.round_length.map(|l| l.to_string()).unwrap_or_default(),
            extra_fives: s.extra_fives.to_string(),
            swiss_from_round: s.swiss_from_round.map(|r| r.to_string()).unwrap_or_default(),
            seed: s.seed.to_string(),
            garde_contre_x8: flag(s.rules.garde_contre_x8),
            handfuls_20_40_60: flag(s.rules.handfuls_20_40_60),
            no_petite: flag(s.rules.no_petite),
            misere: flag(s.rules.misere),
            round_to_10: flag(s.rules.round_to_10),
            confirm_deals: flag(s.confirm_deals),
            format: s.format.name().to_owned(),
            deals_per_round: String::new(),
            comparison: s.comparison.name().to_owned(),
            fill_with_bots: flag(s.fill_with_bots),
            place: s.place.clone(),
            host_club: s.host_club.clone(),
            organizer_name: s.organizer_name.clone(),
            teams: s.teams.map(|n| n.to_string()).unwrap_or_default(),
            club: String::new(),
        }
    }
}

/// A round's length typed in minutes (`60`, `0.05`, `1,5`): empty is none;
/// anything else must be a positive number of minutes, at most a day. `field`
/// names the field in the refusal.
pub fn round_minutes(value: &str, field: &'static str) -> OpResult<Option<RoundLength>> {
    read::minutes(Given::Text(value), field)
}

/// The round's timing from the body's `minutes`: a positive number of
/// minutes (or its text), else the tournament's setting.
pub fn round_timing(minutes: Option<&Value>) -> OpResult<Timing> {
    Ok(match read::minutes(Given::json(minutes), "minutes")? {
        Some(l) => Timing::For(l),
        None => Timing::Setting,
    })
}

#[cfg(test)]
mod tests;
