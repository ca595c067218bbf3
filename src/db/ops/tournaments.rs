//! Creating tournaments: settings parsed from a form or JSON into checked values.

use serde::{Deserialize, Serialize};

use crate::db::models::{NewTournament, Tournament};
use crate::db::{now, AnyConnection, Tx};
use crate::tarot::ScoringRules;
use crate::tournament::standings::TieBreaker;
pub use crate::tournament::table::Table5Mode;

use super::{Msg, OpError, OpResult};

/// Most rounds a tournament can have.
pub const MAX_ROUNDS: i64 = 30;
/// Most deals per table and round.
pub const MAX_DEALS: i64 = 20;

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
}

fn int_field(value: &str, field: &'static str, default: i64, min: i64, max: i64) -> OpResult<i64> {
    let v = value.trim();
    if v.is_empty() {
        return Ok(default);
    }
    let n: i64 = v
        .parse()
        .map_err(|_| OpError::Invalid(Msg::new("form-not-a-number").arg("field", field).arg("value", v)))?;
    if n < min || n > max {
        return Err(OpError::Invalid(
            Msg::new("form-out-of-range")
                .arg("field", field)
                .arg("min", min)
                .arg("max", max),
        ));
    }
    Ok(n)
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
            extra_fives: s("extra_fives"),
            swiss_from_round: s("swiss_from_round"),
            seed: s("seed"),
            garde_contre_x8: flag("garde_contre_x8"),
            handfuls_20_40_60: flag("handfuls_20_40_60"),
            no_petite: flag("no_petite"),
            misere: flag("misere"),
            round_to_10: flag("round_to_10"),
            confirm_deals: flag("confirm_deals"),
        })
    }

    /// Checks the form and builds the tournament to insert.
    pub fn parse(&self, created_by: Option<i32>) -> OpResult<NewTournament> {
        let name = self.name.trim();
        if name.is_empty() || name.chars().count() > 120 {
            return Err(OpError::Invalid(Msg::new("tournament-name-required")));
        }
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
        let d4 = int_field(&self.deals_table4, "deals_table4", 4, 1, MAX_DEALS)?;
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
        let extra = int_field(&self.extra_fives, "extra_fives", 0, 0, 100)?;
        let swiss = if self.swiss_from_round.trim().is_empty() {
            None
        } else {
            Some(int_field(&self.swiss_from_round, "swiss_from_round", 2, 2, MAX_ROUNDS)? as i32)
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
            name: name.to_owned(),
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
        })
    }
}

/// Creates a tournament from its form.
pub fn create(tx: &mut Tx<'_>, form: &TournamentForm, created_by: Option<i32>) -> OpResult<Tournament> {
    let new = form.parse(created_by)?;
    Ok(Tournament::create(tx, &new)?)
}

/// The tournament `id`, or NotFound.
pub fn get(conn: &mut AnyConnection, id: i32) -> OpResult<Tournament> {
    Tournament::find(conn, id)?.ok_or(OpError::NotFound)
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
            extra_fives: t.extra_fives.to_string(),
            swiss_from_round: t.swiss_from_round.map(|r| r.to_string()).unwrap_or_default(),
            seed: t.seed.to_string(),
            garde_contre_x8: flag(t.rules.garde_contre_x8),
            handfuls_20_40_60: flag(t.rules.handfuls_20_40_60),
            no_petite: flag(t.rules.no_petite),
            misere: flag(t.rules.misere),
            round_to_10: flag(t.rules.round_to_10),
            confirm_deals: flag(t.confirm_deals),
        }
    }
}

/// Changes a tournament's settings. Once round 1 is seated, the way tables of
/// 5 play, the scoring variants and the seating seed are fixed (the entered
/// deals were scored with them), and the number of rounds cannot drop below
/// the rounds already seated. The change is kept in the audit log.
pub fn update(tx: &mut Tx<'_>, id: i32, form: &TournamentForm, actor: &str) -> OpResult<Tournament> {
    use crate::db::models::{AuditEntry, NewAuditEntry};
    use crate::db::schema::tournaments::dsl as t;
    use diesel::prelude::*;
    let old = get(tx, id)?;
    // An empty seed keeps the current one (the form always shows it).
    let mut form = form.clone();
    if form.seed.trim().is_empty() {
        form.seed = old.seed.to_string();
    }
    let new = form.parse(old.created_by)?;
    let seated = super::players::last_round(tx, id)?;
    if seated > 0
        && (new.table5_mode != old.table5_mode
            || new.rules_json != NewTournament::rules_json(&old.rules)
            || new.seed != old.seed)
    {
        return Err(OpError::Conflict(Msg::new("tournament-settings-fixed")));
    }
    if new.rounds_planned < seated {
        return Err(OpError::Conflict(
            Msg::new("tournament-rounds-below-seated").arg("seated", seated),
        ));
    }
    diesel::update(t::tournaments.find(id))
        .set((
            t::name.eq(&new.name),
            t::event_date.eq(&new.event_date),
            t::rounds_planned.eq(new.rounds_planned),
            t::deals_table3.eq(new.deals_table3),
            t::deals_table4.eq(new.deals_table4),
            t::deals_table5.eq(new.deals_table5),
            t::table5_mode.eq(new.table5_mode),
            t::tie_breaker.eq(new.tie_breaker),
            t::rules_json.eq(&new.rules_json),
            t::extra_fives.eq(new.extra_fives),
            t::swiss_from_round.eq(new.swiss_from_round),
            t::seed.eq(new.seed),
            t::confirm_deals.eq(new.confirm_deals),
        ))
        .execute(tx.conn())?;
    if old.confirm_deals && !new.confirm_deals {
        // No confirmation asked any more: the deals waiting for one count.
        crate::db::models::Deal::confirm_all(tx, id)?;
    }
    let before = serde_json::to_string(&TournamentForm::from_tournament(&old)).unwrap_or_default();
    let updated = get(tx, id)?;
    let after = serde_json::to_string(&TournamentForm::from_tournament(&updated)).unwrap_or_default();
    if before != after {
        AuditEntry::write(
            tx,
            &NewAuditEntry {
                tournament_id: Some(id),
                actor,
                action: "tournament.settings",
                subject: &updated.name,
                before_json: Some(&before),
                after_json: Some(&after),
                reason: "",
                created_at: now(),
            },
        )?;
        // The name, the tie-breaker, the rounds planned: the pages show them.
        super::events::publish_standings(tx, id)?;
    }
    Ok(updated)
}
