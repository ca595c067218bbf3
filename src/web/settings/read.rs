//! Reading the settings, the same way from the form and from a JSON body:
//! [`read`] takes each setting as it was sent ([`Given`]: the form's text,
//! or the JSON value as it came, a number read as a number and `true` as a
//! switch on) through one reader per kind (a whole number within its
//! bounds, a name among an enum's, minutes), and gives the typed
//! [`TournamentSettings`] or the first refusal.

use serde_json::Value;

use crate::db::models::TournamentSettings;
use crate::db::ops::player_input::{check_text, MAX_CHARS};
use crate::db::ops::text_input::clean_name;
use crate::db::ops::tournaments::{self as limits, tournament_name, Bounds};
use crate::db::ops::{invalid, Msg, OpError, OpResult};
use crate::tarot::ScoringRules;
use crate::tournament::clock::{RoundLength, MAX_MINUTES};
use crate::tournament::duplicate::{Comparison, Format};
use crate::tournament::ids::RoundNo;
use crate::tournament::standings::{Ranking, TieBreaker};
use crate::tournament::table::Table5Mode;

/// What was sent for one setting.
#[derive(Debug, Clone, Copy)]
pub enum Given<'a> {
    /// Nothing: left out, or JSON `null`.
    Nothing,
    /// The form's text, or a JSON string.
    Text(&'a str),
    /// Another JSON value: a number, a boolean, a list, an object.
    Json(&'a Value),
}

impl<'a> Given<'a> {
    /// A JSON body's value for a setting, as it came.
    pub fn json(v: Option<&'a Value>) -> Given<'a> {
        match v {
            None | Some(Value::Null) => Given::Nothing,
            Some(Value::String(s)) => Given::Text(s),
            Some(v) => Given::Json(v),
        }
    }

    /// Nothing, or nothing but spaces.
    fn is_blank(self) -> bool {
        match self {
            Given::Nothing => true,
            Given::Text(s) => s.trim().is_empty(),
            Given::Json(_) => false,
        }
    }

    /// The words of a text setting (a name, a date): a JSON value that is
    /// not a string is taken as its JSON text, as scripts have sent it.
    fn words(self) -> String {
        match self {
            Given::Nothing => String::new(),
            Given::Text(s) => s.to_owned(),
            Given::Json(v) => v.to_string(),
        }
    }
}

/// Where the settings are read from: the form's fields or a JSON body's,
/// each named as the form names it.
pub trait Source {
    /// What was sent for the setting `key`.
    fn given(&self, key: &str) -> Given<'_>;
    /// Whether the switch `key` is on.
    fn switch(&self, key: &str) -> bool;
}

/// A whole number within `bounds`; nothing is `default`.
fn int(g: Given<'_>, bounds: Bounds, default: i64) -> OpResult<i64> {
    let n = match g {
        Given::Json(v) => v.as_i64().ok_or_else(|| v.to_string()),
        _ if g.is_blank() => return Ok(default),
        Given::Text(s) => s.trim().parse::<i64>().map_err(|_| s.trim().to_owned()),
        Given::Nothing => return Ok(default),
    };
    let n = n.map_err(|value| {
        OpError::Invalid(
            Msg::new("form-not-a-number")
                .arg("field", bounds.field)
                .arg("value", value),
        )
    })?;
    bounds.check(n).map_err(OpError::Invalid)
}

/// One of an enum's names (`from_name`); nothing is `default`, an unknown
/// name the refusal `key` saying it.
fn choice<T>(g: Given<'_>, default: T, from_name: fn(&str) -> Option<T>, key: &'static str) -> OpResult<T> {
    let (name, known) = match g {
        Given::Json(v) => (v.to_string(), None),
        _ if g.is_blank() => return Ok(default),
        Given::Text(s) => (s.trim().to_owned(), from_name(s.trim())),
        Given::Nothing => return Ok(default),
    };
    known.ok_or_else(|| OpError::Invalid(Msg::new(key).arg("value", name)))
}

/// A round's length in minutes (`60`, `0.05`, `"1,5"`): nothing (or the
/// text `null`) is none; anything else must be a positive number of
/// minutes, at most a day. `field` names the setting in the refusal.
pub fn minutes(g: Given<'_>, field: &'static str) -> OpResult<Option<RoundLength>> {
    let (shown, minutes) = match g {
        Given::Json(v) => (v.to_string(), v.as_f64()),
        Given::Text(s) if !s.trim().is_empty() && s.trim() != "null" => {
            let v = s.trim();
            (v.to_owned(), v.replace(',', ".").parse::<f64>().ok())
        }
        Given::Text(_) | Given::Nothing => return Ok(None),
    };
    match minutes.map(RoundLength::from_minutes) {
        Some(Ok(length)) => Ok(Some(length)),
        _ => Err(OpError::Invalid(
            Msg::new("form-bad-minutes")
                .arg("field", field)
                .arg("value", shown)
                .arg("max", MAX_MINUTES as i64),
        )),
    }
}

/// Settings read, and whether a seed was given: without one, the seed is
/// a new random one (a change keeps the current seed instead).
#[derive(Debug, Clone, PartialEq)]
pub struct Read {
    /// The settings.
    pub settings: TournamentSettings,
    /// A seed was given.
    pub seed_given: bool,
}

/// Reads every setting from `src`, in the order the form shows them; the
/// first refusal. Nothing given is the setting's default (the date: today),
/// but for the number of rounds.
pub fn read(src: &impl Source) -> OpResult<Read> {
    let name = tournament_name(&src.given("name").words()).map_err(OpError::Invalid)?;
    let date = match src.given("date") {
        g if g.is_blank() => chrono::Utc::now().date_naive(),
        g => {
            let words = g.words();
            chrono::NaiveDate::parse_from_str(words.trim(), "%Y-%m-%d")
                .map_err(|_| OpError::Invalid(Msg::new("tournament-bad-date").arg("value", words.trim())))?
        }
    };
    if src.given("rounds").is_blank() {
        return Err(invalid("tournament-rounds-required"));
    }
    let rounds = int(src.given("rounds"), limits::ROUNDS, 5)?;
    let format = choice(
        src.given("format"),
        Format::Libres,
        Format::from_name,
        "tournament-bad-format",
    )?;
    let comparison = choice(
        src.given("comparison"),
        Comparison::Matchpoints,
        Comparison::from_name,
        "tournament-bad-comparison",
    )?;
    let fill_with_bots = src.switch("fill_with_bots");
    if format != Format::Duplicate && fill_with_bots {
        return Err(invalid("tournament-bots-fill-libres"));
    }
    // A duplicate round's deals are the deals of its tables of 4.
    let deals_table4 = match src.given("deals_per_round") {
        g if g.is_blank() => int(src.given("deals_table4"), limits::DEALS_TABLE4, 4)?,
        g => int(g, limits::DEALS_PER_ROUND, 4)?,
    };
    let deals_table5 = int(src.given("deals_table5"), limits::DEALS_TABLE5, 5)?;
    let deals_table3 = int(src.given("deals_table3"), limits::DEALS_TABLE3, 3)?;
    let table5_mode = choice(
        src.given("table5_mode"),
        Table5Mode::DealerOut,
        Table5Mode::from_name,
        "tournament-bad-table5-mode",
    )?;
    let tie_breaker = choice(
        src.given("tie_breaker"),
        TieBreaker::None,
        TieBreaker::from_name,
        "tournament-bad-tie-breaker",
    )?;
    let ranking = choice(
        src.given("ranking"),
        Ranking::Total,
        Ranking::from_name,
        "tournament-bad-ranking",
    )?;
    let round_length = minutes(src.given("round_minutes"), "round_minutes")?;
    let extra_fives = int(src.given("extra_fives"), limits::EXTRA_FIVES, 0)?;
    let swiss_from_round = match src.given("swiss_from_round") {
        g if g.is_blank() => None,
        g => Some(RoundNo::new(int(g, limits::SWISS_FROM_ROUND, 2)? as i32)),
    };
    let seed_given = !src.given("seed").is_blank();
    let seed = match seed_given {
        true => int(src.given("seed"), limits::SEED, 0)?,
        false => i64::from(rand::random::<u32>() >> 1),
    };
    let [place, host_club, organizer_name] = venue(src)?;
    let teams = match src.given("teams") {
        g if g.is_blank() || matches!(g, Given::Json(serde_json::Value::Null)) => None,
        g => Some(int(g, limits::TEAMS, 2)? as i32),
    };
    let settings = TournamentSettings {
        name,
        event_date: date.format("%Y-%m-%d").to_string(),
        rounds_planned: rounds as i32,
        deals_table3: deals_table3 as i32,
        deals_table4: deals_table4 as i32,
        deals_table5: deals_table5 as i32,
        table5_mode,
        tie_breaker,
        rules: rules(src),
        extra_fives: extra_fives as i32,
        swiss_from_round,
        seed,
        confirm_deals: src.switch("confirm_deals"),
        ranking,
        round_length,
        format,
        comparison,
        fill_with_bots,
        place,
        host_club,
        organizer_name,
        teams,
    };
    Ok(Read { settings, seed_given })
}

/// The scoring rule switches.
fn rules(src: &impl Source) -> ScoringRules {
    ScoringRules {
        garde_contre_x8: src.switch("garde_contre_x8"),
        handfuls_20_40_60: src.switch("handfuls_20_40_60"),
        no_petite: src.switch("no_petite"),
        misere: src.switch("misere"),
        round_to_10: src.switch("round_to_10"),
    }
}

/// Where and by whom, as the federation's file gives them: the place, the
/// host club and the organizer's name, each cleaned as a name is (spaces
/// folded, no control character) and at most 120 characters; nothing is
/// "" (not said).
fn venue(src: &impl Source) -> OpResult<[String; 3]> {
    let fields = [
        ("place", "tournament-place"),
        ("host_club", "tournament-host-club"),
        ("organizer_name", "tournament-organizer"),
    ];
    let mut out: [String; 3] = Default::default();
    for (slot, (key, field)) in out.iter_mut().zip(fields) {
        let text = clean_name(field, &src.given(key).words()).map_err(OpError::Invalid)?;
        check_text(field, &text, MAX_CHARS).map_err(OpError::Invalid)?;
        *slot = text;
    }
    Ok(out)
}
