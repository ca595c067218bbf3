//! Seasons (FORMATS.md, "Seasons"): made, given tournaments and ranked.
//! The writes here are audited like the other organizer actions; the
//! standings are read by [`read`], the past results brought in by
//! [`import`].

pub mod import;
pub mod read;

use chrono::NaiveDate;
use serde_json::Value;

use crate::db::models::{AuditAction, AuditEntry, NewAuditEntry, NewSeason, Season};
use crate::db::{AnyConnection, Tx};
use crate::tournament::ids::{SeasonId, TournamentId};
use crate::tournament::season::{Rule, RuleError};

use super::events;
use super::text_input::clean_name;
use super::{Msg, OpError, OpResult};

/// The longest season name.
pub const MAX_NAME_CHARS: usize = 120;

/// A rule's refusal as a sentence.
pub fn rule_msg(e: RuleError) -> Msg {
    let mut m = Msg::new(e.key);
    m.args = e.args;
    m
}

/// A day as `YYYY-MM-DD`, or the refusal naming the field.
pub fn day(field: &'static str, s: &str) -> Result<NaiveDate, Msg> {
    NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d")
        .map_err(|_| Msg::new("season-date").arg("field", field).arg("value", s))
}

/// A season to make from its parts as typed (the form's, the JSON's):
/// the name checked like every name, the days read and in order, the
/// rule read by [`Rule::from_json`].
pub fn new_season(name: &str, starts: &str, ends: &str, rule: &Value) -> Result<NewSeason, Msg> {
    let name = clean_name("season-name", name)?;
    if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
        return Err(Msg::new("season-name-required").arg("max", MAX_NAME_CHARS));
    }
    let (first, last) = (day("starts", starts)?, day("ends", ends)?);
    if first > last {
        return Err(Msg::new("season-dates-order")
            .arg("starts", first.to_string())
            .arg("ends", last.to_string()));
    }
    let rule = Rule::from_json(rule).map_err(rule_msg)?;
    Ok(NewSeason {
        name,
        starts: first.to_string(),
        ends: last.to_string(),
        rule,
    })
}

/// Makes a season, with tournaments attached at once; its id.
pub fn create(
    tx: &mut Tx<'_>,
    new: &NewSeason,
    tournaments: &[TournamentId],
    actor: &str,
    user: Option<i32>,
) -> OpResult<SeasonId> {
    let id = Season::create(tx, new, user)?;
    AuditEntry::write(
        tx,
        &NewAuditEntry::season(AuditAction::SeasonCreated, None, actor, id, &new.name),
    )?;
    for t in tournaments {
        attach(tx, id, *t, actor)?;
    }
    Ok(id)
}

/// The season of an id, or 404.
pub fn get(conn: &mut AnyConnection, id: SeasonId) -> OpResult<Season> {
    Season::find(conn, id)?.ok_or(OpError::NotFound)
}

/// Attaches tournament `t` to season `id` (nothing when it is already):
/// 404 for an unknown season or tournament.
pub fn attach(tx: &mut Tx<'_>, id: SeasonId, t: TournamentId, actor: &str) -> OpResult<()> {
    let season = get(tx, id)?;
    if !Season::tournament_exists(tx, t)? {
        return Err(OpError::NotFound);
    }
    if Season::attach(tx, id, t)? {
        let entry = NewAuditEntry::season(AuditAction::SeasonAttached, Some(t), actor, id, &season.name);
        AuditEntry::write(tx, &entry)?;
        // The season's live streams learn of it (they take its tournament in).
        events::publish_standings(tx, t)?;
    }
    Ok(())
}

/// Detaches tournament `t` from season `id` (nothing when it is not
/// attached): 404 for an unknown season or tournament.
pub fn detach(tx: &mut Tx<'_>, id: SeasonId, t: TournamentId, actor: &str) -> OpResult<()> {
    let season = get(tx, id)?;
    if !Season::tournament_exists(tx, t)? {
        return Err(OpError::NotFound);
    }
    if Season::detach(tx, id, t)? {
        let entry = NewAuditEntry::season(AuditAction::SeasonDetached, Some(t), actor, id, &season.name);
        AuditEntry::write(tx, &entry)?;
        events::publish_standings(tx, t)?;
    }
    Ok(())
}
