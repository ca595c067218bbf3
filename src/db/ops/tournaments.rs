//! Creating tournaments and changing their settings, from checked values
//! (`web::settings` reads the forms and JSON bodies into them), and the
//! bounds every way in checks them against (the form, an imported document).

pub use crate::db::models::NewTournament;
use crate::db::models::{Tournament, TournamentSettings};
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

/// A number setting's bounds, and the name the form (and its refusals)
/// gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// The form's field.
    pub field: &'static str,
    /// Least value.
    pub min: i64,
    /// Greatest value.
    pub max: i64,
}

impl Bounds {
    /// `n`, or the refusal of a number outside the bounds.
    pub fn check(self, n: i64) -> Result<i64, Msg> {
        in_range(n, self.field, self.min, self.max)
    }
}

/// Rounds planned.
pub const ROUNDS: Bounds = Bounds {
    field: "rounds",
    min: 1,
    max: MAX_ROUNDS,
};
/// Deals at a table of 3.
pub const DEALS_TABLE3: Bounds = Bounds {
    field: "deals_table3",
    min: 1,
    max: MAX_DEALS,
};
/// Deals at a table of 4.
pub const DEALS_TABLE4: Bounds = Bounds {
    field: "deals_table4",
    min: 1,
    max: MAX_DEALS,
};
/// A duplicate round's deals (its tables of 4's), as the duplicate form names them.
pub const DEALS_PER_ROUND: Bounds = Bounds {
    field: "deals_per_round",
    min: 1,
    max: MAX_DEALS,
};
/// Deals at a table of 5.
pub const DEALS_TABLE5: Bounds = Bounds {
    field: "deals_table5",
    min: 1,
    max: MAX_DEALS,
};
/// Extra tables of 5.
pub const EXTRA_FIVES: Bounds = Bounds {
    field: "extra_fives",
    min: 0,
    max: 100,
};
/// The first round seated by standings.
pub const SWISS_FROM_ROUND: Bounds = Bounds {
    field: "swiss_from_round",
    min: 2,
    max: MAX_ROUNDS,
};
/// The seating seed.
/// The size of a team event's teams.
pub const TEAMS: Bounds = Bounds {
    field: "teams",
    min: crate::tournament::teams::MIN_SIZE as i64,
    max: crate::tournament::teams::MAX_SIZE as i64,
};
/// The seed.
pub const SEED: Bounds = Bounds {
    field: "seed",
    min: 0,
    max: i32::MAX as i64,
};

/// Checks settings read elsewhere than from the form (an imported
/// document) as the form does: the name, the date, every number within
/// its bounds. The first refusal.
pub fn check_settings(s: &TournamentSettings) -> Result<(), Msg> {
    tournament_name(&s.name)?;
    chrono::NaiveDate::parse_from_str(&s.event_date, "%Y-%m-%d")
        .map_err(|_| Msg::new("tournament-bad-date").arg("value", &s.event_date))?;
    let numbers = [
        (s.rounds_planned.into(), ROUNDS),
        (s.deals_table3.into(), DEALS_TABLE3),
        (s.deals_table4.into(), DEALS_TABLE4),
        (s.deals_table5.into(), DEALS_TABLE5),
        (s.extra_fives.into(), EXTRA_FIVES),
        (s.seed, SEED),
    ];
    for (n, bounds) in numbers {
        bounds.check(n)?;
    }
    if let Some(r) = s.swiss_from_round {
        SWISS_FROM_ROUND.check(r.get().into())?;
    }
    Ok(())
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
/// the rounds already seated. The change is kept in the audit log: the
/// settings before and after, as their JSON.
pub fn update(tx: &mut Tx<'_>, id: TournamentId, change: &NewSettings, actor: &str) -> OpResult<Tournament> {
    use crate::db::models::{AuditEntry, NewAuditEntry};
    use crate::db::schema::tournaments::dsl as t;
    use diesel::prelude::*;
    let old = get(tx, id)?;
    let new = change.over(&old.settings);
    let seated = crate::db::models::Round::last_number(tx, id)?;
    if seated > RoundNo::NONE && (new.table5_mode != old.table5_mode || new.rules != old.rules || new.seed != old.seed)
    {
        return Err(OpError::Conflict(Msg::new("tournament-settings-fixed")));
    }
    if new.rounds_planned < seated.get() {
        return Err(OpError::Conflict(
            Msg::new("tournament-rounds-below-seated").arg("seated", seated),
        ));
    }
    diesel::update(t::tournaments.find(id))
        .set(new.clone())
        .execute(tx.conn())?;
    if old.confirm_deals && !new.confirm_deals {
        // No confirmation asked any more: the deals waiting for one count.
        crate::db::models::Deal::confirm_all(tx, id)?;
    }
    let updated = get(tx, id)?;
    if updated.settings != old.settings {
        let json = |s: &TournamentSettings| serde_json::to_string(s).expect("settings serialize");
        let (before, after) = (json(&old.settings), json(&updated.settings));
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

/// A change of a tournament's settings, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct NewSettings {
    /// The settings asked for.
    pub settings: TournamentSettings,
    /// No seed was given: the current one stays (`settings.seed` is not
    /// read).
    pub keep_seed: bool,
}

impl NewSettings {
    /// The settings to store over `current`: the current seed when none was
    /// given, and what is chosen once, at creation (the format, the
    /// comparison, bots filling the seats), as it is.
    fn over(&self, current: &TournamentSettings) -> TournamentSettings {
        TournamentSettings {
            seed: if self.keep_seed {
                current.seed
            } else {
                self.settings.seed
            },
            format: current.format,
            comparison: current.comparison,
            fill_with_bots: current.fill_with_bots,
            teams: current.teams,
            ..self.settings.clone()
        }
    }
}
