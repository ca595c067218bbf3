//! Entering or correcting one deal of a table from its form, built for
//! thumbs: players, contract and oudlers are tapped, the points typed for
//! either camp. The form is read into a [`DealForm`] ([`super::form`]),
//! turned into the domain's `TableDeal` (or a refusal naming the field at
//! fault), scored at its slot ([`super::slot`], which also answers the
//! preview before saving) and stored by `db::ops::deals` once: each form
//! carries an idempotency key and the version of the slot it was opened at,
//! so a double tap records the deal once and a change made from a stale page
//! is shown as a conflict, never written over the other one.

use actix_web::http::StatusCode;
use actix_web::HttpResponse;

use crate::db::models::{room, Tournament};
use crate::db::ops::deals::{self, Actor, EnteredDeal, Entry};
use crate::db::ops::{Msg, OpError};
use crate::db::AnyConnection;
use crate::tarot::Contract;
use crate::tournament::ids::{PlayerId, RoundNo, TableNo};
use crate::web::clock::ClockView;
use crate::web::filters;

use super::super::form::see_other;
use super::super::{render, AppError, AppState, Ctx};
use super::form::{check_key, new_key, DealForm, FieldError};
use super::preview::Preview;
use super::slot::{rescored, score_form, scored_form, slot};
use super::TableAt;

/// A conflict: the deal changed since the form was opened.
#[derive(Debug, Clone)]
pub struct Conflict {
    /// The deal as stored now.
    pub stored: Preview,
    /// Who stored it.
    pub by: String,
    /// The deal as sent (or why it is not one).
    pub yours: Preview,
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
    pub round: RoundNo,
    /// Round closed (corrections need a reason).
    pub closed: bool,
    /// Table number.
    pub table: TableNo,
    /// The table as its room calls it.
    pub table_name: String,
    /// Deal number.
    pub k: i32,
    /// Deals at this table.
    pub deal_count: i32,
    /// The deal's players (id, name).
    pub players: Vec<(PlayerId, String)>,
    /// Who sits out, if anyone.
    pub sitting_out: Option<String>,
    /// The table's players in seat order (id, name), the one sitting out too:
    /// the lines of the scores.
    pub seats: Vec<(PlayerId, String)>,
    /// A partner can be named (5-player called-king game).
    pub partner_allowed: bool,
    /// The contracts offered.
    pub contracts: Vec<&'static str>,
    /// Misère is played.
    pub misere: bool,
    /// The form's values.
    pub form: DealForm,
    /// What was refused, and where.
    pub error: Option<FieldError>,
    /// The refusal's sentence.
    pub error_text: String,
    /// The deal changed since the form was opened.
    pub conflict: Option<Conflict>,
    /// A deal is already recorded in this slot.
    pub existing: bool,
    /// The score of the deal shown (stored, or as typed).
    pub preview: Option<Preview>,
    /// The sheet's URL (the form posts to `{base}/deals/{k}`).
    pub base: String,
    /// A timed round's countdown.
    pub clock: Option<ClockView>,
}

impl DealFormPage {
    /// In a duplicate round, the deal's number in the tournament (the same
    /// cards at every table).
    pub fn duplicate_deal(&self) -> Option<crate::tournament::duplicate::DealNo> {
        crate::db::ops::rounds::duplicate_deals(&self.t, self.round)
            .and_then(|d| d.get(usize::try_from(self.k - 1).ok()?).copied())
    }
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
    /// Whether a player's field has this value.
    pub fn is_p(&self, prefix: &str, player: &PlayerId, value: &str) -> bool {
        self.v(&format!("{prefix}{player}")) == value
    }
    /// Whether a player is the selected one for a field.
    pub fn is_player(&self, name: &str, player: &PlayerId) -> bool {
        self.v(name) == player.to_string()
    }
    /// The explanation sentence of a deal this player takes, for the
    /// offline preview (`static/score.js` fills in the contract, margin and
    /// formula): the same words the server says online.
    pub fn summary_of(&self, taker: &str, won: bool) -> String {
        super::preview::summary(self.ctx.lang, won, "{contract}", taker, "{margin}", "{formula}")
    }
    /// The tournament's scoring variants, for the offline preview.
    pub fn rules_json(&self) -> String {
        serde_json::to_string(&self.t.rules).unwrap_or_default()
    }
    /// The refusal of a field, if it is the one at fault.
    pub fn error_at(&self, field: &str) -> Option<&str> {
        self.error
            .as_ref()
            .filter(|e| e.field == field)
            .map(|_| self.error_text.as_str())
    }
    /// The refusal that concerns no single field.
    pub fn general_error(&self) -> Option<&str> {
        const SHOWN_AT_FIELD: [&str; 10] = [
            "passed",
            "taker",
            "partner",
            "contract",
            "oudlers",
            "points",
            "petit_au_bout",
            "handfuls",
            "chelem",
            "miseres",
        ];
        self.error
            .as_ref()
            .filter(|e| {
                // A field the form does not show says its refusal here.
                !SHOWN_AT_FIELD.contains(&e.field)
                    || (e.field == "miseres" && !self.misere)
                    || (e.field == "partner" && !self.partner_allowed)
            })
            .map(|_| self.error_text.as_str())
    }
    /// Whether the optional parts (handfuls, petit au bout, chelem, misères)
    /// are to be shown open: something is filled in or refused there.
    pub fn extras_open(&self) -> bool {
        let f = &self.form;
        !f.petit_au_bout.is_empty()
            || !f.chelem_announced.is_empty()
            || !f.chelem_made_by.is_empty()
            || f.per_player
                .iter()
                .any(|(k, v)| (k.starts_with("handful_") || k.starts_with("misere_")) && !v.is_empty())
            || self
                .error
                .as_ref()
                .is_some_and(|e| ["handfuls", "petit_au_bout", "chelem", "miseres"].contains(&e.field))
    }
}

/// The form of deal `k` of a table: the stored deal, or `form` as typed;
/// refused (409) for a slot this page may not type (played on the devices).
pub fn form_page(
    conn: &mut AnyConnection,
    ctx: Ctx,
    at: &TableAt,
    k: i32,
    form: Option<DealForm>,
    error: Option<FieldError>,
) -> Result<DealFormPage, AppError> {
    let s = slot(conn, at, k)?;
    // A slot played on the devices has no form (a refused post shows its own).
    if let (Some(msg), None) = (&s.refusal, &error) {
        return Err(AppError::Op(OpError::Conflict(msg.clone())));
    }
    let lang = ctx.lang;
    let partner_allowed = s.playing.len() == 5;
    let stored = match &s.existing {
        Some(d) => Some(EnteredDeal::stored(conn, d)?),
        None => None,
    };
    let typed = form.is_some();
    let mut form = form.unwrap_or_else(|| {
        s.existing
            .as_ref()
            .map(|d| DealForm::from_deal(&d.record))
            .unwrap_or_default()
    });
    if !typed {
        form.version = s.existing.as_ref().map_or(0, |d| d.version).to_string();
    }
    if check_key(&form.key).is_none() {
        form.key = new_key();
    }
    // The score as the form stands: the stored deal's, or the typed one's.
    let preview = if error.is_some() {
        None
    } else if typed {
        Some(score_form(&s, lang, k, &form))
    } else {
        stored.as_ref().map(|d| rescored(&s, lang, k, d))
    };
    let contracts = Contract::ALL
        .into_iter()
        .filter(|c| !(s.t.rules.no_petite && *c == Contract::Petite) || form.contract == c.name())
        .map(Contract::name)
        .collect();
    let table_name = ctx.table_name(&room::layout(conn, s.t.id)?, s.table.number);
    Ok(DealFormPage {
        table_name,
        clock: ClockView::of(&s.round, &ctx),
        ctx,
        round: s.round.number,
        closed: s.round.is_closed(),
        table: s.table.number,
        k,
        deal_count: s.table.deal_count,
        players: s
            .playing
            .iter()
            .map(|p| (*p, s.names.get(p).cloned().unwrap_or_default()))
            .collect(),
        sitting_out: s.out.and_then(|p| s.names.get(&p).cloned()),
        seats: s
            .ids
            .iter()
            .map(|p| (*p, s.names.get(p).cloned().unwrap_or_default()))
            .collect(),
        partner_allowed,
        contracts,
        misere: s.t.rules.misere,
        error_text: error.as_ref().map(|e| e.msg.render(lang)).unwrap_or_default(),
        error,
        conflict: None,
        existing: s.existing.is_some(),
        preview,
        base: at.base(),
        form,
        t: s.t,
    })
}

/// Enters deal `k` of a table from its form, for an organizer or the table
/// itself; answers the redirect to the sheet (which says the deal is saved,
/// once the database committed it), or the form again, as typed, with the
/// refusal beside its field, or both versions when the slot changed since
/// the form was opened.
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
        Actor::Table | Actor::Devices => String::new(),
    };
    let lang = ctx.lang;
    let back = at.base();
    let span = tracing::Span::current();
    let outcome = state
        .write(move |tx| {
            let s = slot(tx, &at, k)?;
            crate::web::access_log::record_table(&span, s.t.id, s.round.number, s.table.number);
            let parsed = match scored_form(&s, k, &form) {
                Ok(scored) => scored.deal,
                Err(e) => {
                    let page = form_page(tx, ctx, &at, k, Some(form), Some(e))?;
                    return Ok(Err((StatusCode::UNPROCESSABLE_ENTITY, page)));
                }
            };
            let key = check_key(&form.key);
            let entry = Entry {
                table: &s.table,
                round: &s.round,
                number: k,
                deal: &parsed,
                actor: &actor,
                reason: &reason,
                version: form.version_read(),
                key: key.as_deref(),
            };
            let (status, error, conflict) = match deals::enter(tx, &entry) {
                Ok(_) => return Ok(Ok(())),
                Err(OpError::Stale { current, .. }) => {
                    let msg = Msg::new("deal-conflict");
                    let conflict = Conflict {
                        stored: rescored(&s, lang, k, &current),
                        by: s.existing.as_ref().map(|d| d.entered_by.clone()).unwrap_or_default(),
                        yours: score_form(&s, lang, k, &form),
                    };
                    let error = FieldError { field: "", msg };
                    (StatusCode::CONFLICT, error, Some((conflict, current.version)))
                }
                Err(OpError::Invalid(msg)) => (StatusCode::UNPROCESSABLE_ENTITY, FieldError { field: "", msg }, None),
                Err(OpError::Conflict(msg)) => (StatusCode::CONFLICT, FieldError { field: "", msg }, None),
                Err(e) => return Err(e.into()),
            };
            let mut form = form;
            if let Some((_, current)) = &conflict {
                // Saving this form again replaces the stored deal, knowingly.
                form.version = current.to_string();
            }
            let mut page = form_page(tx, ctx, &at, k, Some(form), Some(error))?;
            if let Some((c, _)) = conflict {
                page.conflict = Some(c);
                page.existing = true;
            }
            Ok(Err((status, page)))
        })
        .await?;
    match outcome {
        Ok(()) => Ok(see_other(format!("{back}?saved={k}"))),
        Err((status, page)) => Ok(render::page_with_status(&page, status)),
    }
}
