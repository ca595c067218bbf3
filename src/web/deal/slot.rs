//! What a table's form needs to know about one deal slot ([`Slot`]), read
//! for its pages, and a form scored at it for the preview before saving
//! (`…/deals/{k}/preview`, asked by `static/entry.js`: nothing is stored).

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::HttpResponse;

use crate::db::models::{Deal, Player, RoundTable, Tournament};
use crate::db::ops::deals::{AfterBell, EnteredDeal, Typable};
use crate::db::ops::Msg;
use crate::db::AnyConnection;
use crate::i18n::Lang;
use crate::tournament::ids::PlayerId;
use crate::tournament::table::deal_players;
use crate::web::filters;

use super::super::{render, AppError, AppState, Ctx};
use super::form::{DealForm, FieldError};
use super::preview::{preview_of, Preview};
use super::TableAt;

/// Everything a table's form needs to know about deal `k`.
pub(super) struct Slot {
    /// The tournament.
    pub(super) t: Tournament,
    /// The round.
    pub(super) round: crate::db::models::Round,
    /// The table.
    pub(super) table: RoundTable,
    /// Its players, in seat order.
    pub(super) ids: Vec<PlayerId>,
    /// Their names.
    pub(super) names: HashMap<PlayerId, String>,
    /// Those who play deal `k`.
    pub(super) playing: Vec<PlayerId>,
    /// Who sits it out (the dealer at a table of 5).
    pub(super) out: Option<PlayerId>,
    /// The deal stored in the slot.
    pub(super) existing: Option<Deal>,
    /// Why this page may not type the slot (it is played on the devices,
    /// or it is too late after the bell), as the one deal path decides it.
    pub(super) refusal: Option<Msg>,
    /// After the bell, for the table: what it may still enter.
    pub(super) bell: Option<AfterBell>,
}

pub(super) fn slot(conn: &mut AnyConnection, at: &TableAt, k: i32) -> Result<Slot, AppError> {
    let (t, round, table) = at.find(conn)?;
    if k < 1 || k > table.deal_count {
        return Err(AppError::NotFound);
    }
    let ids = RoundTable::players(conn, table.id)?;
    let names = Player::names(conn, &ids)?;
    let (playing, out) = deal_players(&ids, k, t.table5_mode);
    let existing = Deal::find(conn, table.id, k)?;
    let typable = Typable::read(conn, &table, &round, &at.typist())?;
    Ok(Slot {
        t,
        round,
        table,
        ids,
        names,
        playing,
        out,
        existing,
        refusal: typable.refusal(k),
        bell: typable.after_bell(),
    })
}

impl Slot {
    /// Whether a partner is called at deal `k` (five players play it: the
    /// called-king game).
    pub(super) fn partner_called(&self) -> bool {
        self.playing.len() == 5
    }
}

/// A stored deal scored again for its explanation (one source of truth: the
/// rules core).
pub(super) fn rescored(s: &Slot, lang: Lang, k: i32, d: &EnteredDeal) -> Preview {
    let output = match d.deal.score_at(&s.ids, k, s.t.table5_mode, &s.t.rules) {
        Ok(scored) => scored.output,
        Err(_) => d.output.clone(),
    };
    preview_of(lang, &d.deal, output.as_ref(), &d.scores, &s.names)
}

/// The score of a form as typed, or why it is not a deal yet (the preview,
/// asked before saving).
fn score_form(s: &Slot, lang: Lang, k: i32, form: &DealForm) -> Preview {
    let scored = form.parse(s.partner_called()).and_then(|deal| {
        deal.score_at(&s.ids, k, s.t.table5_mode, &s.t.rules)
            .map_err(|e| FieldError::of(&e))
    });
    match scored {
        Ok(d) => preview_of(lang, &d.deal, d.output.as_ref(), &d.scores, &s.names),
        Err(e) => Preview {
            ok: false,
            message: e.msg.render(lang),
            field: e.field.to_owned(),
            scores: Vec::new(),
        },
    }
}

/// The preview of a form, for `static/entry.js`: the score and its
/// explanation, or the refusal and its field; for a slot played on the
/// devices, why it cannot be typed (409). Nothing is stored.
pub fn preview(
    conn: &mut AnyConnection,
    lang: Lang,
    at: &TableAt,
    k: i32,
    form: &DealForm,
) -> Result<(Preview, StatusCode), AppError> {
    let s = slot(conn, at, k)?;
    if let Some(msg) = &s.refusal {
        let refused = Preview {
            ok: false,
            message: msg.render(lang),
            field: String::new(),
            scores: Vec::new(),
        };
        return Ok((refused, StatusCode::CONFLICT));
    }
    Ok((score_form(&s, lang, k, form), StatusCode::OK))
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
    let (p, status) = state.db(move |conn| preview(conn, lang, &at, k, &form)).await?;
    Ok(render::page_with_status(&PreviewFragment { ctx, p }, status))
}
