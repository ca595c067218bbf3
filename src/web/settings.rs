//! The tournament settings as the organizer types them (the form) or a
//! script sends them (a JSON body), and their reading into checked values
//! ([`NewTournament`], [`NewSettings`]): the storage layer sees only those.

use serde::{Deserialize, Serialize};

use crate::db::models::Tournament;
use crate::db::now;
use crate::db::ops::rounds::Timing;
use crate::db::ops::tournaments::{in_range, tournament_name, NewSettings, NewTournament};
pub use crate::db::ops::tournaments::{MAX_DEALS, MAX_ROUNDS};
use crate::db::ops::{Msg, OpError, OpResult};
use crate::tarot::ScoringRules;
use crate::tournament::clock::{RoundLength, MAX_MINUTES};
use crate::tournament::duplicate::{Comparison, Format};
use crate::tournament::ids::RoundNo;
use crate::tournament::standings::{Ranking, TieBreaker};
use crate::tournament::table::Table5Mode;

/// The settings form as typed (every field a string, so a refused form can be
/// shown again exactly). JSON bodies are read into it too.
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
}

fn int_field(value: &str, field: &'static str, default: i64, min: i64, max: i64) -> OpResult<i64> {
    let v = value.trim();
    if v.is_empty() {
        return Ok(default);
    }
    let n: i64 = v
        .parse()
        .map_err(|_| OpError::Invalid(Msg::new("form-not-a-number").arg("field", field).arg("value", v)))?;
    in_range(n, field, min, max).map_err(OpError::Invalid)
}

/// A round's length typed in minutes (`60`, `0.05`, `1,5`): empty is none;
/// anything else must be a positive number of minutes, at most a day. `field`
/// names the field in the refusal.
pub fn round_minutes(value: &str, field: &'static str) -> OpResult<Option<RoundLength>> {
    let v = value.trim();
    if v.is_empty() || v == "null" {
        return Ok(None);
    }
    let refused = || {
        OpError::Invalid(
            Msg::new("form-bad-minutes")
                .arg("field", field)
                .arg("value", v)
                .arg("max", MAX_MINUTES as i64),
        )
    };
    let minutes: f64 = v.replace(',', ".").parse().map_err(|_| refused())?;
    RoundLength::from_minutes(minutes).map(Some).map_err(|_| refused())
}

/// The round's timing from the body's `minutes`: a positive number of
/// minutes (or its text), else the tournament's setting.
pub fn round_timing(minutes: Option<&serde_json::Value>) -> OpResult<Timing> {
    let text = match minutes {
        None | Some(serde_json::Value::Null) => return Ok(Timing::Setting),
        Some(serde_json::Value::String(s)) if s.trim().is_empty() => return Ok(Timing::Setting),
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(v @ serde_json::Value::Number(_)) => v.to_string(),
        Some(other) => format!("{other}"),
    };
    match round_minutes(&text, "minutes")? {
        Some(l) => Ok(Timing::For(l)),
        None => Ok(Timing::Setting),
    }
}

fn checkbox(v: &Option<String>) -> bool {
    matches!(v.as_deref(), Some(s) if !s.is_empty() && s != "false" && s != "0")
}

impl TournamentForm {
    /// Reads a JSON body (numbers, strings or booleans) into the form.
    pub fn from_json(v: &serde_json::Value) -> OpResult<TournamentForm> {
        let obj = v
            .as_object()
            .ok_or_else(|| OpError::Invalid(Msg::new("json-not-object")))?;
        let s = |k: &str| -> String {
            match obj.get(k) {
                Some(serde_json::Value::String(s)) => s.clone(),
                Some(serde_json::Value::Null) | None => String::new(),
                Some(other) => other.to_string(),
            }
        };
        let rules = obj.get("rules").and_then(|r| r.as_object());
        let flag = |k: &str| -> Option<String> {
            let direct = obj.get(k).or_else(|| rules.and_then(|r| r.get(k)));
            match direct {
                Some(serde_json::Value::Bool(true)) => Some("on".into()),
                _ => None,
            }
        };
        Ok(TournamentForm {
            name: s("name"),
            date: s("date"),
            rounds: s("rounds"),
            deals_table4: s("deals_table4"),
            deals_table5: s("deals_table5"),
            deals_table3: s("deals_table3"),
            table5_mode: s("table5_mode"),
            tie_breaker: s("tie_breaker"),
            ranking: s("ranking"),
            round_minutes: s("round_minutes"),
            extra_fives: s("extra_fives"),
            swiss_from_round: s("swiss_from_round"),
            seed: s("seed"),
            garde_contre_x8: flag("garde_contre_x8"),
            handfuls_20_40_60: flag("handfuls_20_40_60"),
            no_petite: flag("no_petite"),
            misere: flag("misere"),
            round_to_10: flag("round_to_10"),
            confirm_deals: flag("confirm_deals"),
            format: s("format"),
            deals_per_round: s("deals_per_round"),
            comparison: s("comparison"),
            fill_with_bots: flag("fill_with_bots"),
        })
    }

    /// Checks the form as a change of settings: an empty seed keeps the
    /// current one (the form always shows it).
    pub fn parse_change(&self) -> OpResult<NewSettings> {
        let keep_seed = self.seed.trim().is_empty();
        let settings = self.parse(None)?;
        Ok(NewSettings {
            seed: (!keep_seed).then_some(settings.seed),
            settings,
        })
    }

    /// Checks the form and builds the tournament to insert.
    pub fn parse(&self, created_by: Option<i32>) -> OpResult<NewTournament> {
        let name = tournament_name(&self.name).map_err(OpError::Invalid)?;
        let date = if self.date.trim().is_empty() {
            chrono::Utc::now().date_naive()
        } else {
            chrono::NaiveDate::parse_from_str(self.date.trim(), "%Y-%m-%d")
                .map_err(|_| OpError::Invalid(Msg::new("tournament-bad-date").arg("value", self.date.trim())))?
        };
        if self.rounds.trim().is_empty() {
            return Err(OpError::Invalid(Msg::new("tournament-rounds-required")));
        }
        let rounds = int_field(&self.rounds, "rounds", 5, 1, MAX_ROUNDS)?;
        let format = match self.format.trim() {
            "" => Format::Libres,
            f => Format::from_name(f)
                .ok_or_else(|| OpError::Invalid(Msg::new("tournament-bad-format").arg("value", f)))?,
        };
        let comparison = match self.comparison.trim() {
            "" => Comparison::Matchpoints,
            c => Comparison::from_name(c)
                .ok_or_else(|| OpError::Invalid(Msg::new("tournament-bad-comparison").arg("value", c)))?,
        };
        if format != Format::Duplicate && checkbox(&self.fill_with_bots) {
            return Err(OpError::Invalid(Msg::new("tournament-bots-fill-libres")));
        }
        // A duplicate round's deals are the deals of its tables of 4.
        let d4 = match self.deals_per_round.trim() {
            "" => int_field(&self.deals_table4, "deals_table4", 4, 1, MAX_DEALS)?,
            _ => int_field(&self.deals_per_round, "deals_per_round", 4, 1, MAX_DEALS)?,
        };
        let d5 = int_field(&self.deals_table5, "deals_table5", 5, 1, MAX_DEALS)?;
        let d3 = int_field(&self.deals_table3, "deals_table3", 3, 1, MAX_DEALS)?;
        let mode = match self.table5_mode.trim() {
            "" => Table5Mode::DealerOut,
            m => Table5Mode::from_name(m)
                .ok_or_else(|| OpError::Invalid(Msg::new("tournament-bad-table5-mode").arg("value", m)))?,
        };
        let tie = match self.tie_breaker.trim() {
            "" => TieBreaker::None,
            t => TieBreaker::from_name(t)
                .ok_or_else(|| OpError::Invalid(Msg::new("tournament-bad-tie-breaker").arg("value", t)))?,
        };
        let ranking = match self.ranking.trim() {
            "" => Ranking::Total,
            r => Ranking::from_name(r)
                .ok_or_else(|| OpError::Invalid(Msg::new("tournament-bad-ranking").arg("value", r)))?,
        };
        let round_length = round_minutes(&self.round_minutes, "round_minutes")?;
        let extra = int_field(&self.extra_fives, "extra_fives", 0, 0, 100)?;
        let swiss = if self.swiss_from_round.trim().is_empty() {
            None
        } else {
            Some(RoundNo::new(
                int_field(&self.swiss_from_round, "swiss_from_round", 2, 2, MAX_ROUNDS)? as i32,
            ))
        };
        let seed = if self.seed.trim().is_empty() {
            (rand::random::<u32>() >> 1) as i64
        } else {
            int_field(&self.seed, "seed", 0, 0, i64::from(i32::MAX))?
        };
        let rules = ScoringRules {
            garde_contre_x8: checkbox(&self.garde_contre_x8),
            handfuls_20_40_60: checkbox(&self.handfuls_20_40_60),
            no_petite: checkbox(&self.no_petite),
            misere: checkbox(&self.misere),
            round_to_10: checkbox(&self.round_to_10),
        };
        Ok(NewTournament {
            name,
            event_date: date.format("%Y-%m-%d").to_string(),
            rounds_planned: rounds as i32,
            deals_table3: d3 as i32,
            deals_table4: d4 as i32,
            deals_table5: d5 as i32,
            table5_mode: mode,
            tie_breaker: tie,
            rules_json: NewTournament::rules_json(&rules),
            extra_fives: extra as i32,
            swiss_from_round: swiss,
            seed,
            created_by,
            created_at: now(),
            confirm_deals: checkbox(&self.confirm_deals),
            ranking,
            round_length,
            format,
            comparison,
            fill_with_bots: checkbox(&self.fill_with_bots),
            deal_secret: match format {
                Format::Duplicate => rand::random::<i64>() & i64::MAX,
                Format::Libres => 0,
            },
        })
    }
}

impl TournamentForm {
    /// The form filled with a tournament's current settings.
    pub fn from_tournament(t: &Tournament) -> TournamentForm {
        let flag = |on: bool| on.then(|| "on".to_owned());
        TournamentForm {
            name: t.name.clone(),
            date: t.event_date.clone(),
            rounds: t.rounds_planned.to_string(),
            deals_table4: t.deals_table4.to_string(),
            deals_table5: t.deals_table5.to_string(),
            deals_table3: t.deals_table3.to_string(),
            table5_mode: t.table5_mode.name().to_owned(),
            tie_breaker: t.tie_breaker.name().to_owned(),
            ranking: t.ranking.name().to_owned(),
            round_minutes: t.round_length.map(|l| l.to_string()).unwrap_or_default(),
            extra_fives: t.extra_fives.to_string(),
            swiss_from_round: t.swiss_from_round.map(|r| r.to_string()).unwrap_or_default(),
            seed: t.seed.to_string(),
            garde_contre_x8: flag(t.rules.garde_contre_x8),
            handfuls_20_40_60: flag(t.rules.handfuls_20_40_60),
            no_petite: flag(t.rules.no_petite),
            misere: flag(t.rules.misere),
            round_to_10: flag(t.rules.round_to_10),
            confirm_deals: flag(t.confirm_deals),
            format: t.format.name().to_owned(),
            deals_per_round: String::new(),
            comparison: t.comparison.name().to_owned(),
            fill_with_bots: flag(t.fill_with_bots),
        }
    }
}
