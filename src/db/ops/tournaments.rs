//! Creating tournaments and changing their settings, from checked values
//! (`web::settings` reads the forms and JSON bodies into them).

use serde::Serialize;

pub use crate::db::models::NewTournament;
use crate::db::models::Tournament;
use crate::db::{AnyConnection, Tx};
use crate::tournament::ids::{RoundNo, TournamentId};
pub use crate::tournament::table::Table5Mode;

use super::text_input::clean_name;
use super::{Msg, OpError, OpResult};

/// Most rounds a tournament can have.
pub const MAX_ROUNDS: i64 = 30;
/// Most deals per table and round.
pub const MAX_DEALS: i64 = 20;
/// Longest tournament name, in characters.
pub const MAX_NAME_CHARS: usize = 120;

/// A tournament's name as typed: through the checks of every name
/// ([`clean_name`]: no control or direction character, not only invisible
/// ones, spaces folded), 1 to [`MAX_NAME_CHARS`] characters. The settings
/// form and an imported document both go through it.
pub fn tournament_name(s: &str) -> Result<String, Msg> {
    let name = clean_name("tournament-name", s)?;
    if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
        return Err(Msg::new("tournament-name-required"));
    }
    Ok(name)
}

/// Refuses a setting outside `min..=max` (`field` names it, as the form's
/// field): the range check of the settings form and of an import.
pub fn in_range(n: i64, field: &'static str, min: i64, max: i64) -> Result<i64, Msg> {
    if n < min || n > max {
        return Err(Msg::new("form-out-of-range")
            .arg("field", field)
            .arg("min", min)
            .arg("max", max));
    }
    Ok(n)
}

/// Creates a tournament.
pub fn create(tx: &mut Tx<'_>, new: &NewTournament) -> OpResult<Tournament> {
    Ok(Tournament::create(tx, new)?)
}

/// The tournament `id`, or NotFound.
pub fn get(conn: &mut AnyConnection, id: TournamentId) -> OpResult<Tournament> {
    Tournament::find(conn, id)?.ok_or(OpError::NotFound)
}

/// Changes a tournament's settings. Once round 1 is seated, the way tables of
/// 5 play, the scoring variants and the seating seed are fixed (the entered
/// deals were scored with them), and the number of rounds cannot drop below
/// the rounds already seated. The change is kept in the audit log.
/// `new.seed` `None` keeps the current seed.
pub fn update(tx: &mut Tx<'_>, id: TournamentId, new: &NewSettings, actor: &str) -> OpResult<Tournament> {
    use crate::db::models::{AuditEntry, NewAuditEntry};
    use crate::db::schema::tournaments::dsl as t;
    use diesel::prelude::*;
    let old = get(tx, id)?;
    let new = new.with_seed(old.seed);
    let seated = crate::db::models::Round::last_number(tx, id)?;
    if seated > RoundNo::NONE
        && (new.table5_mode != old.table5_mode
            || new.rules_json != NewTournament::rules_json(&old.rules)
            || new.seed != old.seed)
    {
        return Err(OpError::Conflict(Msg::new("tournament-settings-fixed")));
    }
    if new.rounds_planned < seated.get() {
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
            t::ranking.eq(new.ranking),
            t::round_seconds.eq(new.round_length),
        ))
        .execute(tx.conn())?;
    if old.confirm_deals && !new.confirm_deals {
        // No confirmation asked any more: the deals waiting for one count.
        crate::db::models::Deal::confirm_all(tx, id)?;
    }
    let before = settings_record(&old);
    let updated = get(tx, id)?;
    let after = settings_record(&updated);
    if before != after {
        AuditEntry::write(
            tx,
            &NewAuditEntry::settings_changed(id, actor, &updated.name, before, after),
        )?;
        // The name, the ranking, the tie-breaker, the rounds planned: the
        // pages show them.
        super::events::publish_standings(tx, id)?;
    }
    Ok(updated)
}

/// A tournament's settings as checked values, for a change: as
/// [`NewTournament`] with the seed left as it is when none is given.
#[derive(Debug, Clone)]
pub struct NewSettings {
    /// The settings (their `seed` is replaced by [`NewSettings::seed`]).
    pub settings: NewTournament,
    /// The new seating seed; `None` keeps the current one.
    pub seed: Option<i64>,
}

impl NewSettings {
    fn with_seed(&self, current: i64) -> NewTournament {
        NewTournament {
            seed: self.seed.unwrap_or(current),
            ..self.settings.clone()
        }
    }
}

/// A tournament's settings as the audit log keeps them (before and after a
/// change): every setting by its name, numbers as text, a switch `"on"` or
/// null.
#[derive(Serialize)]
struct SettingsRecord<'a> {
    name: &'a str,
    date: &'a str,
    rounds: String,
    deals_table4: String,
    deals_table5: String,
    deals_table3: String,
    table5_mode: &'static str,
    tie_breaker: &'static str,
    ranking: &'static str,
    round_minutes: String,
    extra_fives: String,
    swiss_from_round: String,
    seed: String,
    garde_contre_x8: Option<&'static str>,
    handfuls_20_40_60: Option<&'static str>,
    no_petite: Option<&'static str>,
    misere: Option<&'static str>,
    round_to_10: Option<&'static str>,
    confirm_deals: Option<&'static str>,
}

fn settings_record(t: &Tournament) -> String {
    let flag = |on: bool| on.then_some("on");
    let record = SettingsRecord {
        name: &t.name,
        date: &t.event_date,
        rounds: t.rounds_planned.to_string(),
        deals_table4: t.deals_table4.to_string(),
        deals_table5: t.deals_table5.to_string(),
        deals_table3: t.deals_table3.to_string(),
        table5_mode: t.table5_mode.name(),
        tie_breaker: t.tie_breaker.name(),
        ranking: t.ranking.name(),
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
    };
    serde_json::to_string(&record).expect("text serializes")
}
