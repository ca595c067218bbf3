//! The page of a typed deal's way (see [`super::entry`]), built once the
//! unit of work has ended, in a read door: the deal form ([`DealFormPage`])
//! showing the stored deal ([`form_page`]), or the form as typed with why
//! it was not saved ([`refused_page`], from a [`Refusal`]): the refusal
//! beside its field, or both versions of a conflict.

use actix_web::http::StatusCode;

use crate::db::models::{room, Tournament};
use crate::db::ops::deals::{AfterBell, EnteredDeal};
use crate::db::ops::OpError;
use crate::db::AnyConnection;
use crate::tarot::{Contract, HandfulSize};
use crate::tournament::deal::ScoredDeal;
use crate::tournament::ids::{PlayerId, RoundNo, TableNo};
use crate::web::clock::ClockView;
use crate::web::filters;

use super::super::{AppError, Ctx};
use super::form::{DealForm, FieldError};
use super::preview::{preview_of, Preview};
use super::slot::{rescored, slot, Slot};
use super::typed::{new_key, TypedDeal};
use super::TableAt;

/// A conflict: the deal changed since the form was opened.
#[derive(Debug, Clone)]
pub struct Conflict {
    /// The deal as stored now.
    pub stored: Preview,
    /// Who stored it.
    pub by: String,
    /// The deal as sent, scored at the table.
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
    /// After the bell, for the table: what it may still enter.
    pub bell: Option<AfterBell>,
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
    /// The value of a field, by its name in the form.
    pub fn v(&self, name: &str) -> &str {
        let f = &self.form;
        match name {
            "passed" => &f.passed,
            "taker" => &f.taker,
            "partner" => &f.partner,
            "contract" => &f.contract,
            "oudlers" => &f.oudlers,
            "points" => &f.points,
            "camp" => &f.camp,
            "petit_au_bout" => &f.petit_au_bout,
            "chelem_announced" => &f.chelem_announced,
            "chelem_made_by" => &f.chelem_made_by,
            "reason" => &f.reason,
            "version" => &f.version,
            "key" => &f.key,
            other => f.per_player.get(other).map(String::as_str).unwrap_or(""),
        }
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
    /// The names of a formula's terms, for the offline preview: the same
    /// words as the server's ([`super::preview::term_names`]).
    pub fn terms_json(&self) -> String {
        let lang = self.ctx.lang;
        let n = super::preview::term_names(lang, &[]);
        let name = |s| super::preview::handful_name(lang, s);
        serde_json::json!({
            "petit_au_bout": n.petit_au_bout,
            "chelem": n.chelem,
            "misere": n.misere,
            "simple": name(HandfulSize::Simple),
            "double": name(HandfulSize::Double),
            "triple": name(HandfulSize::Triple),
        })
        .to_string()
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

/// Why a typed deal was not saved: what the unit of work said (or the
/// edge, for a form that describes no deal), for its page.
#[derive(Debug, Clone)]
pub enum Refusal {
    /// The form describes no deal: refused at the edge, before any
    /// database work, at the first field at fault at its table.
    NotADeal,
    /// Refused with this status, and why (beside its field).
    Said(StatusCode, FieldError),
    /// The slot changed since the form was opened.
    Conflict {
        /// The deal as stored now.
        current: Box<EnteredDeal>,
        /// Who stored it.
        by: String,
        /// The deal as sent, scored at its table in the unit of work.
        yours: Box<ScoredDeal>,
    },
}

impl Refusal {
    /// The page's status.
    pub fn status(&self) -> StatusCode {
        match self {
            Refusal::NotADeal => StatusCode::UNPROCESSABLE_ENTITY,
            Refusal::Said(status, _) => *status,
            Refusal::Conflict { .. } => StatusCode::CONFLICT,
        }
    }
}

/// The form of deal `k` of a table showing the stored deal (or none);
/// refused (409) for a slot this page may not type (played on the devices).
pub fn form_page(conn: &mut AnyConnection, ctx: Ctx, at: &TableAt, k: i32) -> Result<DealFormPage, AppError> {
    let s = slot(conn, at, k)?;
    if let Some(msg) = &s.refusal {
        return Err(AppError::Op(OpError::Conflict(msg.clone())));
    }
    let (mut form, preview) = match &s.existing {
        Some(d) => {
            let stored = EnteredDeal::stored(conn, d)?;
            (DealForm::from_deal(&d.record), Some(rescored(&s, ctx.lang, k, &stored)))
        }
        None => (DealForm::default(), None),
    };
    form.version = s.existing.as_ref().map_or(0, |d| d.version).to_string();
    form.key = new_key();
    let mut page = assemble(conn, ctx, at, k, s, form)?;
    page.preview = preview;
    Ok(page)
}

/// The form of deal `k` as typed, once the unit of work (or the edge)
/// refused it: the refusal beside its field, or both versions of a
/// conflict, the form then set to replace the stored deal, knowingly.
pub fn refused_page(
    conn: &mut AnyConnection,
    ctx: Ctx,
    at: &TableAt,
    k: i32,
    typed: TypedDeal,
    refusal: Refusal,
) -> Result<DealFormPage, AppError> {
    let s = slot(conn, at, k)?;
    let lang = ctx.lang;
    let mut form = typed.form;
    if typed.key.is_none() {
        form.key = new_key();
    }
    let (error, conflict) = match refusal {
        Refusal::NotADeal => (typed.reading.at_table(s.partner_called()).err(), None),
        Refusal::Said(_, error) => (Some(error), None),
        Refusal::Conflict { current, by, yours } => {
            form.version = current.version.to_string();
            let conflict = Conflict {
                stored: rescored(&s, lang, k, &current),
                by,
                yours: preview_of(lang, &yours.deal, yours.output.as_ref(), &yours.scores, &s.names),
            };
            (Some(FieldError::new("", "deal-conflict")), Some(conflict))
        }
    };
    let mut page = assemble(conn, ctx, at, k, s, form)?;
    page.error_text = error.as_ref().map(|e| e.msg.render(lang)).unwrap_or_default();
    page.error = error;
    page.existing |= conflict.is_some();
    page.conflict = conflict;
    Ok(page)
}

/// The form of deal `k` at slot `s` showing `form`, without a refusal,
/// a conflict or a preview.
fn assemble(
    conn: &mut AnyConnection,
    ctx: Ctx,
    at: &TableAt,
    k: i32,
    s: Slot,
    form: DealForm,
) -> Result<DealFormPage, AppError> {
    let contracts = Contract::ALL
        .into_iter()
        .filter(|c| !(s.t.rules.no_petite && *c == Contract::Petite) || form.contract == c.name())
        .map(Contract::name)
        .collect();
    let table_name = ctx.table_name(&room::layout(conn, s.t.id)?, s.table.number);
    let named = |p: &PlayerId| (*p, s.names.get(p).cloned().unwrap_or_default());
    Ok(DealFormPage {
        table_name,
        clock: ClockView::of(&s.round, &ctx),
        bell: s.bell,
        ctx,
        round: s.round.number,
        closed: s.round.is_closed(),
        table: s.table.number,
        k,
        deal_count: s.table.deal_count,
        players: s.playing.iter().map(named).collect(),
        sitting_out: s.out.and_then(|p| s.names.get(&p).cloned()),
        seats: s.ids.iter().map(named).collect(),
        partner_allowed: s.partner_called(),
        contracts,
        misere: s.t.rules.misere,
        error_text: String::new(),
        error: None,
        conflict: None,
        existing: s.existing.is_some(),
        preview: None,
        base: at.base(),
        form,
        t: s.t,
    })
}
