//! Entering or correcting one deal of a table from its form, built for
//! thumbs: players, contract and oudlers are tapped, the points typed for
//! either camp. The form is read into a [`DealForm`], turned into the
//! domain's [`TableDeal`] (or a refusal naming the field at fault), and
//! stored by `db::ops::deals` once: each form carries an idempotency key and
//! the version of the slot it was opened at, so a double tap records the deal
//! once and a change made from a stale page is shown as a conflict, never
//! written over the other one. The same reading scores a preview before
//! saving (`…/deals/{k}/preview`, asked by `static/entry.js`).

use std::collections::{BTreeMap, HashMap};

use actix_web::http::StatusCode;
use actix_web::HttpResponse;
use serde::Deserialize;

use crate::db::models::{Deal, Player, RoundTable, Tournament};
use crate::db::ops::deals::{self, deal_msg, Actor, EnteredDeal, Entry};
use crate::db::ops::{Msg, OpError};
use crate::db::AnyConnection;
use crate::i18n::Lang;
use crate::tarot::Contract;
use crate::tournament::deal::{DealError, DealField, DealFields, ScoredDeal, TableDeal};
use crate::tournament::table::deal_players;

use super::super::form::see_other;
use super::super::{render, AppError, AppState, Ctx};
use super::sheet::explain;
use super::TableAt;

/// The deal form as typed: every field a string, so that a refused form is
/// shown again exactly. Handfuls and misères come as `handful_<player id>`
/// and `misere_<player id>`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct DealForm {
    /// `1` when everyone passed (the form's own button).
    #[serde(default)]
    pub passed: String,
    /// Taker's player id.
    #[serde(default)]
    pub taker: String,
    /// Partner's player id (5-player called-king game), `alone` when the
    /// taker plays alone.
    #[serde(default)]
    pub partner: String,
    /// Contract name.
    #[serde(default)]
    pub contract: String,
    /// Oudlers of the attack.
    #[serde(default)]
    pub oudlers: String,
    /// Points counted (`43,5` or `43.5`), by the camp in `camp`.
    #[serde(default)]
    pub points: String,
    /// Whose pile was counted: `attack` (default) or `defence`.
    #[serde(default)]
    pub camp: String,
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
    /// The slot's version when the form was opened (0: empty).
    #[serde(default)]
    pub version: String,
    /// The form's idempotency key.
    #[serde(default)]
    pub key: String,
    /// `handful_<id>` and `misere_<id>` fields (and the CSRF token).
    #[serde(flatten)]
    pub per_player: BTreeMap<String, String>,
}

/// A refusal of the form: the field at fault (`""`: the form as a whole)
/// and the sentence.
#[derive(Debug, Clone)]
pub struct FieldError {
    /// The field's name in the form (`handfuls`, `miseres` and `chelem` for
    /// their groups).
    pub field: &'static str,
    /// What to say.
    pub msg: Msg,
}

impl FieldError {
    fn new(field: &'static str, key: &'static str) -> FieldError {
        FieldError {
            field,
            msg: Msg::new(key),
        }
    }
}

/// The field of the form a refusal of the rules core points at ("" for
/// the form as a whole).
fn field_of(e: &DealError) -> &'static str {
    e.field().map_or("", DealField::name)
}

/// A form's idempotency key when it is one (8 to 100 letters, digits, `-`, `_`).
pub fn check_key(s: &str) -> Option<String> {
    let s = s.trim();
    let ok = (8..=100).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    ok.then(|| s.to_owned())
}

/// A fresh idempotency key for a form.
pub fn new_key() -> String {
    hex::encode(rand::random::<[u8; 16]>())
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
            "camp" => &self.camp,
            "petit_au_bout" => &self.petit_au_bout,
            "chelem_announced" => &self.chelem_announced,
            "chelem_made_by" => &self.chelem_made_by,
            "reason" => &self.reason,
            "version" => &self.version,
            "key" => &self.key,
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

    /// Whether anything of a played deal is filled in.
    fn describes_a_deal(&self) -> bool {
        let filled = |s: &str| !s.trim().is_empty();
        [
            &self.taker,
            &self.contract,
            &self.oudlers,
            &self.points,
            &self.petit_au_bout,
            &self.chelem_made_by,
        ]
        .iter()
        .any(|s| filled(s))
            || (filled(&self.partner) && self.partner.trim() != "alone")
            || self
                .per_player
                .iter()
                .any(|(k, v)| (k.starts_with("handful_") || k.starts_with("misere_")) && filled(v))
    }

    /// The version the form was opened at: `None` when it does not say.
    pub fn version_read(&self) -> Option<i32> {
        self.version.trim().parse().ok().filter(|v| *v >= 0)
    }

    /// The deal the form describes, or the field at fault and why. A partner
    /// must be chosen (or `alone`) when `partner_allowed`.
    pub fn parse(&self, partner_allowed: bool) -> Result<TableDeal, FieldError> {
        if self.passed.trim() == "1" {
            if self.describes_a_deal() {
                return Err(FieldError::new("passed", "deal-passed-and-played"));
            }
            return Ok(TableDeal::Passed);
        }
        let id = |s: &str, field: &'static str, key: &'static str| -> Result<Option<i32>, FieldError> {
            let s = s.trim();
            if s.is_empty() {
                return Ok(None);
            }
            s.parse().map(Some).map_err(|_| FieldError::new(field, key))
        };
        let taker =
            id(&self.taker, "taker", "deal-choose-taker")?.ok_or(FieldError::new("taker", "deal-choose-taker"))?;
        let partner = match self.partner.trim() {
            "alone" => None,
            "" if partner_allowed => return Err(FieldError::new("partner", "deal-choose-partner")),
            p => id(p, "partner", "deal-choose-partner")?,
        };
        if partner == Some(taker) {
            return Err(FieldError::new("partner", "deal-partner-is-taker"));
        }
        let contract = self.contract.trim();
        if contract.is_empty() {
            return Err(FieldError::new("contract", "deal-choose-contract"));
        }
        let oudlers = self
            .oudlers
            .trim()
            .parse::<i64>()
            .ok()
            .filter(|o| (0..=3).contains(o))
            .ok_or(FieldError::new("oudlers", "deal-choose-oudlers"))?;
        let points = self.points.trim();
        if points.is_empty() {
            return Err(FieldError::new("points", "deal-type-points"));
        }
        let counted = points
            .replace(',', ".")
            .parse::<f64>()
            .ok()
            .filter(|p| p.is_finite() && (0.0..=91.0).contains(p))
            .ok_or_else(|| FieldError {
                field: "points",
                msg: Msg::new("deal-points-not-a-number").arg("value", points),
            })?;
        let points = match self.camp.trim() {
            "" | "attack" => counted,
            "defence" => 91.0 - counted,
            _ => return Err(FieldError::new("points", "deal-choose-camp")),
        };
        fn optional(s: &str) -> Option<&str> {
            Some(s.trim()).filter(|s| !s.is_empty())
        }
        let handfuls = self.listed("handful_").map_err(|e| FieldError {
            field: field_of(&e),
            msg: deal_msg_of(&e),
        })?;
        let miseres = self.listed("misere_").map_err(|e| FieldError {
            field: field_of(&e),
            msg: deal_msg_of(&e),
        })?;
        DealFields {
            taker: Some(taker),
            partner,
            contract,
            oudlers,
            points,
            handfuls,
            petit_au_bout: optional(&self.petit_au_bout),
            announced: self.chelem_announced.trim() == "1",
            made_by: optional(&self.chelem_made_by),
            miseres,
        }
        .check()
        .map_err(|e| FieldError {
            field: field_of(&e),
            msg: deal_msg_of(&e),
        })
    }

    /// The form showing a stored deal (points as the attack counted them).
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
            partner: d.partner.map(|p| p.to_string()).unwrap_or_else(|| "alone".into()),
            contract: d.contract.name().to_owned(),
            oudlers: d.oudlers.to_string(),
            points: if points.fract() == 0.0 {
                format!("{points:.0}")
            } else {
                points.to_string()
            },
            camp: "attack".into(),
            petit_au_bout: d.petit_au_bout.map(|c| c.name().to_owned()).unwrap_or_default(),
            chelem_announced: if d.chelem.announced { "1".into() } else { String::new() },
            chelem_made_by: d.chelem.made_by.map(|c| c.name().to_owned()).unwrap_or_default(),
            reason: String::new(),
            version: String::new(),
            key: String::new(),
            per_player,
        }
    }
}

/// The message of a rules refusal (its arguments as the rules core gives them).
fn deal_msg_of(e: &DealError) -> Msg {
    match deal_msg(e) {
        OpError::Invalid(m) => m,
        _ => Msg::new("deal-refused"),
    }
}

/// A deal's score shown before saving (or after): the explanation and each
/// player's score, or why the form is not a deal yet.
#[derive(Debug, Clone, Default)]
pub struct Preview {
    /// The form describes a deal the rules accept.
    pub ok: bool,
    /// The explanation, or the refusal.
    pub message: String,
    /// The field at fault (empty when none, or when `ok`).
    pub field: String,
    /// Each player's score, by name (empty unless `ok`).
    pub scores: Vec<(String, i32)>,
}

/// A stored deal's explanation and scores, or a scored form's.
fn preview_of(lang: Lang, deal: &EnteredDeal, names: &HashMap<i32, String>) -> Preview {
    Preview {
        ok: true,
        message: explain(lang, &deal.deal, deal.output.as_ref(), names),
        field: String::new(),
        scores: deal
            .scores
            .iter()
            .map(|(p, s)| (names.get(p).cloned().unwrap_or_default(), *s))
            .collect(),
    }
}

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
    pub round: i32,
    /// Round closed (corrections need a reason).
    pub closed: bool,
    /// Table number.
    pub table: i32,
    /// Deal number.
    pub k: i32,
    /// Deals at this table.
    pub deal_count: i32,
    /// The deal's players (id, name).
    pub players: Vec<(i32, String)>,
    /// Who sits out, if anyone.
    pub sitting_out: Option<String>,
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
    pub fn is_p(&self, prefix: &str, player: &i32, value: &str) -> bool {
        self.v(&format!("{prefix}{player}")) == value
    }
    /// Whether a player is the selected one for a field.
    pub fn is_player(&self, name: &str, player: &i32) -> bool {
        self.v(name) == player.to_string()
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

/// Everything a table's form needs to know about deal `k`.
struct Slot {
    t: Tournament,
    round: crate::db::models::Round,
    table: RoundTable,
    ids: Vec<i32>,
    names: HashMap<i32, String>,
    playing: Vec<i32>,
    out: Option<i32>,
    existing: Option<Deal>,
}

fn slot(conn: &mut AnyConnection, at: &TableAt, k: i32) -> Result<Slot, AppError> {
    let (t, round, table) = at.find(conn)?;
    if k < 1 || k > table.deal_count {
        return Err(AppError::NotFound);
    }
    let ids = RoundTable::players(conn, table.id)?;
    let names = Player::names(conn, &ids)?;
    let (playing, out) = deal_players(&ids, k, t.table5_mode);
    let existing = Deal::find(conn, table.id, k)?;
    Ok(Slot {
        t,
        round,
        table,
        ids,
        names,
        playing,
        out,
        existing,
    })
}

/// The form of deal `k` of a table: the stored deal, or `form` as typed.
pub fn form_page(
    conn: &mut AnyConnection,
    ctx: Ctx,
    at: &TableAt,
    k: i32,
    form: Option<DealForm>,
    error: Option<FieldError>,
) -> Result<DealFormPage, AppError> {
    let s = slot(conn, at, k)?;
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
    Ok(DealFormPage {
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

/// A stored deal scored again for its explanation (one source of truth: the
/// rules core).
fn rescored(s: &Slot, lang: Lang, k: i32, d: &EnteredDeal) -> Preview {
    let mut d = d.clone();
    if let Ok(scored) = d.deal.score_at(&s.ids, k, s.t.table5_mode, &s.t.rules) {
        d.output = scored.output;
    }
    preview_of(lang, &d, &s.names)
}

/// The deal a form describes, scored at its table, or the field at fault.
fn scored_form(s: &Slot, k: i32, form: &DealForm) -> Result<ScoredDeal, FieldError> {
    let deal = form.parse(s.playing.len() == 5)?;
    deal.score_at(&s.ids, k, s.t.table5_mode, &s.t.rules)
        .map_err(|e| FieldError {
            field: field_of(&e),
            msg: deal_msg_of(&e),
        })
}

/// The score of a form as typed, or why it is not a deal yet.
fn score_form(s: &Slot, lang: Lang, k: i32, form: &DealForm) -> Preview {
    match scored_form(s, k, form) {
        Ok(scored) => preview_of(
            lang,
            &EnteredDeal {
                number: k,
                deal: scored.deal,
                scores: scored.scores,
                changed: false,
                output: scored.output,
                version: 0,
                confirmed: true,
                replayed: false,
            },
            &s.names,
        ),
        Err(e) => Preview {
            ok: false,
            message: e.msg.render(lang),
            field: e.field.to_owned(),
            scores: Vec::new(),
        },
    }
}

/// The preview of a form, for `static/entry.js`: the score and its
/// explanation, or the refusal and its field. Nothing is stored.
pub fn preview(
    conn: &mut AnyConnection,
    lang: Lang,
    at: &TableAt,
    k: i32,
    form: &DealForm,
) -> Result<Preview, AppError> {
    let s = slot(conn, at, k)?;
    Ok(score_form(&s, lang, k, form))
}

/// The preview fragment `static/entry.js` puts under the form.
#[derive(askama::Template)]
#[template(path = "deal/preview.html")]
pub struct PreviewFragment {
    /// Page context.
    pub ctx: Ctx,
    /// The preview.
    pub p: Preview,
}

/// Answers the preview of a form (an HTML fragment).
pub async fn preview_response(
    state: &AppState,
    ctx: Ctx,
    at: TableAt,
    k: i32,
    form: DealForm,
) -> Result<HttpResponse, AppError> {
    let lang = ctx.lang;
    let p = state.db(move |conn| preview(conn, lang, &at, k, &form)).await?;
    Ok(render::page(&PreviewFragment { ctx, p }))
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
        Actor::Table => String::new(),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A form as the browser sends it.
    fn form(body: &str) -> DealForm {
        serde_urlencoded::from_str(body).unwrap()
    }

    fn refusal(body: &str) -> (&'static str, String) {
        let e = form(body).parse(false).unwrap_err();
        (e.field, e.msg.key.into_owned())
    }

    #[test]
    fn an_idempotency_key_is_8_to_100_letters_digits_dashes_and_underscores() {
        assert_eq!(check_key(" ab-cd_EF09 ").as_deref(), Some("ab-cd_EF09"));
        assert_eq!(check_key(&"k".repeat(100)).map(|k| k.len()), Some(100));
        for bad in [
            "abcdefg",
            "abc defgh",
            "abcdefgh<",
            "abcdéfgh",
            "abcd.efgh",
            &"k".repeat(101),
        ] {
            assert_eq!(check_key(bad), None, "{bad:?}");
        }
        let a = new_key();
        assert_eq!(check_key(&a).as_deref(), Some(a.as_str()));
        assert_ne!(a, new_key());
    }

    #[test]
    fn everyone_passed_with_anything_of_a_played_deal_is_refused() {
        assert!(matches!(form("passed=1").parse(true), Ok(TableDeal::Passed)));
        // "alone" is the partner choice's default: it describes no deal.
        assert!(matches!(
            form("passed=1&partner=alone&handful_3=").parse(true),
            Ok(TableDeal::Passed)
        ));
        for played in [
            "passed=1&taker=3",
            "passed=1&points=41",
            "passed=1&partner=4",
            "passed=1&handful_3=simple",
            "passed=1&misere_4=trumps",
            "passed=1&chelem_made_by=attack",
        ] {
            assert_eq!(
                refusal(played),
                ("passed", "deal-passed-and-played".to_owned()),
                "{played}"
            );
        }
    }

    #[test]
    fn a_handful_or_misere_of_no_player_is_refused_at_its_own_group() {
        let deal = "taker=3&contract=garde&oudlers=2&points=45";
        assert_eq!(refusal(&format!("{deal}&handful_x=simple")).0, "handfuls");
        assert_eq!(refusal(&format!("{deal}&misere_x=trumps")).0, "miseres");
    }

    #[test]
    fn what_a_form_says_of_a_deal_shows_again_in_the_form_of_the_stored_deal() {
        let body = "taker=3&partner=alone&contract=garde&oudlers=2&points=40&camp=defence\
                    &petit_au_bout=attack&chelem_announced=1&chelem_made_by=attack\
                    &handful_3=double&misere_4=trumps";
        let back = DealForm::from_deal(&form(body).parse(true).unwrap());
        assert_eq!(
            [
                back.taker.as_str(),
                &back.partner,
                &back.contract,
                &back.oudlers,
                &back.points,
                &back.petit_au_bout,
                &back.chelem_announced,
                &back.chelem_made_by,
            ],
            ["3", "alone", "garde", "2", "51", "attack", "1", "attack"]
        );
        let extras: Vec<_> = back.per_player.iter().map(|(k, v)| format!("{k}={v}")).collect();
        assert_eq!(extras, ["handful_3=double", "misere_4=trumps"]);
    }

    #[test]
    fn points_outside_0_to_91_are_not_points() {
        let deal = "taker=3&contract=garde&oudlers=2";
        for bad in ["92", "-1", "NaN", "inf", "1e400", "quarante"] {
            assert_eq!(
                refusal(&format!("{deal}&points={bad}")),
                ("points", "deal-points-not-a-number".to_owned()),
                "{bad}"
            );
        }
        assert!(form(&format!("{deal}&points=91")).parse(false).is_ok());
        assert!(form(&format!("{deal}&points=43,5")).parse(false).is_ok());
    }
}
