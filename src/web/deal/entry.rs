//! Entering or correcting one deal of a table from its form: the form is
//! read into a [`DealForm`], turned into the domain's [`TableDeal`] (or the
//! rules core's refusal), and stored by `db::ops::deals`. A refusal shows the
//! form again, as typed, with the sentence.

use std::collections::BTreeMap;

use actix_web::HttpResponse;
use serde::Deserialize;

use crate::db::models::{Deal, Player, RoundTable, Tournament};
use crate::db::ops::deals::{self, deal_msg, Actor, Entry};
use crate::db::AnyConnection;
use crate::tournament::deal::{DealError, DealFields, TableDeal};
use crate::tournament::table::deal_players;

use super::super::form::{refusal, see_other, Refused};
use super::super::{render, AppError, AppState, Ctx};
use super::TableAt;

/// The deal form as typed: every field a string, so that a refused form is
/// shown again exactly. Handfuls and misères come as `handful_<player id>`
/// and `misere_<player id>`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct DealForm {
    /// `1` when everyone passed.
    #[serde(default)]
    pub passed: String,
    /// Taker's player id.
    #[serde(default)]
    pub taker: String,
    /// Partner's player id (5-player called-king game), empty when alone.
    #[serde(default)]
    pub partner: String,
    /// Contract name.
    #[serde(default)]
    pub contract: String,
    /// Oudlers of the attack.
    #[serde(default)]
    pub oudlers: String,
    /// Points of the attack (`43,5` or `43.5`).
    #[serde(default)]
    pub points: String,
    /// `attack`, `defence` or empty.
    #[serde(default)]
    pub petit_au_bout: String,
    /// `1` when the taker announced a chelem.
    #[serde(default)]
    pub chelem_announced: String,
    /// `attack`, `defence` or empty.
    #[serde(default)]
    pub chelem_made_by: String,
    /// Why a correction is made (organizer).
    #[serde(default)]
    pub reason: String,
    /// `handful_<id>` and `misere_<id>` fields (and the CSRF token).
    #[serde(flatten)]
    pub per_player: BTreeMap<String, String>,
}

impl DealForm {
    /// The value of a field by its name in the form.
    pub fn get(&self, name: &str) -> &str {
        match name {
            "passed" => &self.passed,
            "taker" => &self.taker,
            "partner" => &self.partner,
            "contract" => &self.contract,
            "oudlers" => &self.oudlers,
            "points" => &self.points,
            "petit_au_bout" => &self.petit_au_bout,
            "chelem_announced" => &self.chelem_announced,
            "chelem_made_by" => &self.chelem_made_by,
            "reason" => &self.reason,
            other => self.per_player.get(other).map(String::as_str).unwrap_or(""),
        }
    }

    /// The `prefix<player id>` fields that are filled, by player.
    fn listed(&self, prefix: &str) -> Result<Vec<(i32, &str)>, DealError> {
        let mut items = Vec::new();
        for (k, v) in &self.per_player {
            let (Some(id), v) = (k.strip_prefix(prefix), v.trim()) else {
                continue;
            };
            if v.is_empty() {
                continue;
            }
            let field = if prefix == "handful_" { "handfuls" } else { "miseres" };
            let id = id.parse::<i32>().map_err(|_| DealError::BadPlayer { field })?;
            items.push((id, v));
        }
        Ok(items)
    }

    /// The deal the form describes, or why it cannot be one.
    pub fn parse(&self) -> Result<TableDeal, DealError> {
        if self.passed.trim() == "1" {
            return Ok(TableDeal::Passed);
        }
        let player = |s: &str, field: &'static str| -> Result<Option<i32>, DealError> {
            let s = s.trim();
            if s.is_empty() {
                return Ok(None);
            }
            s.parse().map(Some).map_err(|_| DealError::BadPlayer { field })
        };
        let taker = Some(player(&self.taker, "taker")?.ok_or(DealError::TakerRequired)?);
        let partner = player(&self.partner, "partner")?;
        let required = |s: &str, field: &str| -> Result<String, DealError> {
            let s = s.trim();
            if s.is_empty() {
                Err(crate::tarot::RecordError::MissingField { field: field.into() }.into())
            } else {
                Ok(s.to_owned())
            }
        };
        let wrong = |field: &str, expected| crate::tarot::RecordError::WrongType {
            field: field.into(),
            expected,
        };
        let contract = required(&self.contract, "contract")?;
        let oudlers = required(&self.oudlers, "oudlers")?
            .parse::<i64>()
            .map_err(|_| wrong("oudlers", "an integer"))?;
        let points = required(&self.points, "points")?
            .replace(',', ".")
            .parse::<f64>()
            .ok()
            .filter(|p| p.is_finite())
            .ok_or_else(|| wrong("points", "a number"))?;
        fn optional(s: &str) -> Option<&str> {
            Some(s.trim()).filter(|s| !s.is_empty())
        }
        DealFields {
            taker,
            partner,
            contract: &contract,
            oudlers,
            points,
            handfuls: self.listed("handful_")?,
            petit_au_bout: optional(&self.petit_au_bout),
            announced: self.chelem_announced.trim() == "1",
            made_by: optional(&self.chelem_made_by),
            miseres: self.listed("misere_")?,
        }
        .check()
    }

    /// The form showing a stored deal.
    pub fn from_deal(deal: &TableDeal) -> DealForm {
        let Some(d) = deal.played() else {
            return DealForm {
                passed: "1".into(),
                ..DealForm::default()
            };
        };
        let points = d.points.as_points();
        let mut per_player = BTreeMap::new();
        for (p, size) in &d.handfuls {
            per_player.insert(format!("handful_{p}"), size.name().to_owned());
        }
        for (p, kind) in &d.miseres {
            per_player.insert(format!("misere_{p}"), kind.name().to_owned());
        }
        DealForm {
            passed: String::new(),
            taker: d.taker.to_string(),
            partner: d.partner.map(|p| p.to_string()).unwrap_or_default(),
            contract: d.contract.name().to_owned(),
            oudlers: d.oudlers.to_string(),
            points: if points.fract() == 0.0 {
                format!("{points:.0}")
            } else {
                points.to_string()
            },
            petit_au_bout: d.petit_au_bout.map(|c| c.name().to_owned()).unwrap_or_default(),
            chelem_announced: if d.chelem.announced { "1".into() } else { String::new() },
            chelem_made_by: d.chelem.made_by.map(|c| c.name().to_owned()).unwrap_or_default(),
            reason: String::new(),
            per_player,
        }
    }
}

/// The deal entry form.
#[derive(askama::Template)]
#[template(path = "deal/form.html")]
pub struct DealFormPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Round number.
    pub round: i32,
    /// Round closed (corrections need a reason).
    pub closed: bool,
    /// Table number.
    pub table: i32,
    /// Deal number.
    pub k: i32,
    /// The deal's players (id, name).
    pub players: Vec<(i32, String)>,
    /// Who sits out, if anyone.
    pub sitting_out: Option<String>,
    /// A partner can be named (5-player called-king game).
    pub partner_allowed: bool,
    /// Misère is played.
    pub misere: bool,
    /// The form's values.
    pub form: DealForm,
    /// What was refused.
    pub error: Option<String>,
    /// A deal is already recorded in this slot.
    pub existing: bool,
    /// The sheet's URL (the form posts to `{base}/deals/{k}`).
    pub base: String,
}

impl DealFormPage {
    /// The value of a field.
    pub fn v(&self, name: &str) -> &str {
        self.form.get(name)
    }
    /// Whether a field has this value.
    pub fn is(&self, name: &str, value: &str) -> bool {
        self.v(name) == value
    }
    /// Whether a select for a player's field has this value.
    pub fn is_p(&self, prefix: &str, player: &i32, value: &str) -> bool {
        self.v(&format!("{prefix}{player}")) == value
    }
    /// Whether a player is the selected one for a field.
    pub fn is_player(&self, name: &str, player: &i32) -> bool {
        self.v(name) == player.to_string()
    }
}

/// The form of deal `k` of a table: the stored deal, or `form` as typed.
pub fn form_page(
    conn: &mut AnyConnection,
    ctx: Ctx,
    at: &TableAt,
    k: i32,
    form: Option<DealForm>,
    error: Option<String>,
) -> Result<DealFormPage, AppError> {
    let (t, round, table) = at.find(conn)?;
    if k < 1 || k > table.deal_count {
        return Err(AppError::NotFound);
    }
    let ids = RoundTable::players(conn, table.id)?;
    let nm = Player::names(conn, &ids)?;
    let (playing, out) = deal_players(&ids, k, t.table5_mode);
    let existing = Deal::find(conn, table.id, k)?;
    let form = form.unwrap_or_else(|| {
        existing
            .as_ref()
            .map(|d| DealForm::from_deal(&d.record))
            .unwrap_or_default()
    });
    Ok(DealFormPage {
        ctx,
        round: round.number,
        closed: round.is_closed(),
        table: table.number,
        k,
        players: playing
            .iter()
            .map(|p| (*p, nm.get(p).cloned().unwrap_or_default()))
            .collect(),
        sitting_out: out.and_then(|p| nm.get(&p).cloned()),
        partner_allowed: playing.len() == 5,
        misere: t.rules.misere,
        form,
        error,
        existing: existing.is_some(),
        base: at.base(),
        t,
    })
}

/// Enters deal `k` of a table from its form, for an organizer or the table
/// itself; answers the redirect to the sheet, or the form again, as typed,
/// with the refusal.
pub async fn enter_from_form(
    state: &AppState,
    ctx: Ctx,
    at: TableAt,
    k: i32,
    form: DealForm,
    actor: Actor,
) -> Result<HttpResponse, AppError> {
    // Only an organizer gives a reason; the table's corrections need none while the round is open.
    let reason = match actor {
        Actor::Organizer(_) => form.reason.clone(),
        Actor::Table => String::new(),
    };
    let lang = ctx.lang;
    let back = at.base();
    let parsed = form.parse();
    let outcome = state
        .db(move |conn| {
            let (_, round, table) = at.find(conn)?;
            let entered = parsed.map_err(|e| deal_msg(&e)).and_then(|deal| {
                let entry = Entry {
                    table: &table,
                    round: &round,
                    number: k,
                    deal: &deal,
                    actor: &actor,
                    reason: &reason,
                    version: None,
                };
                deals::enter(conn, &entry)
            });
            match refusal(lang, entered)? {
                Ok(_) => Ok(None),
                Err(Refused { status, message }) => {
                    let page = form_page(conn, ctx, &at, k, Some(form), Some(message))?;
                    Ok(Some((status, page)))
                }
            }
        })
        .await?;
    match outcome {
        None => Ok(see_other(back)),
        Some((status, page)) => Ok(render::page_with_status(&page, status)),
    }
}
