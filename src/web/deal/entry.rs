//! How a typed deal travels, from a table's or an organizer's form to the
//! database and back to a page; the form is built for thumbs: players,
//! contract and oudlers are tapped, the points typed for either camp.
//!
//! 1. **The edge** ([`super::typed`]). The form is read once, as it
//!    arrives: a [`TypedDeal`], the domain's `TableDeal` it describes (or
//!    the field at fault, [`super::form`]), the version of the slot it was
//!    opened at, its idempotency key, the reason of a correction. A form
//!    that describes no deal is refused there, without a write.
//! 2. **The unit of work** ([`write_typed`], in the write door). The table
//!    is found, and [`deals::enter_typed`] scores the deal at it, once,
//!    where the slot, the table's players and the tournament's rules are
//!    read, then stores it: the key makes a double tap record it once, the
//!    version shows a change made from a stale page as a conflict, never
//!    written over the other one. The unit says what happened and no more:
//!    saved, or a [`Refusal`] (this status and sentence, or the conflict
//!    with the stored deal).
//! 3. **The page** ([`super::page`]), once the unit has ended (on SQLite
//!    the write lock is not held while it is built): the sheet saying the
//!    deal is saved, or the form again, as typed, with the refusal beside
//!    its field or both versions of a conflict, read in a read door.

use actix_web::http::StatusCode;
use actix_web::HttpResponse;
use tracing::Span;

use crate::db::models::RoundTable;
use crate::db::ops::deals::{self, Actor, Entry, Typed};
use crate::db::ops::OpError;
use crate::db::Tx;
use crate::tournament::table::deal_players;
use crate::web::access_log::record_table;

use super::super::form::see_other;
use super::super::{render, AppError, AppState, Ctx};
use super::form::{DealForm, FieldError};
use super::page::{refused_page, Refusal};
use super::typed::TypedDeal;
use super::TableAt;

/// Enters deal `k` of a table from its form, for an organizer or the table
/// itself: edge, unit of work, page. Answers the redirect to the sheet
/// (which says the deal is saved, once the database committed it), or the
/// form again, as typed, with the refusal beside its field, or both
/// versions when the slot changed since the form was opened.
pub async fn enter_from_form(
    state: &AppState,
    ctx: Ctx,
    at: TableAt,
    k: i32,
    form: DealForm,
    actor: Actor,
) -> Result<HttpResponse, AppError> {
    let typed = TypedDeal::read(form, &actor);
    let span = Span::current();
    let written = if typed.reading.is_refused() {
        Err(Refusal::NotADeal)
    } else {
        let (at, typed, span) = (at.clone(), typed.clone(), span.clone());
        state
            .write(move |tx| write_typed(tx, &at, k, &typed, &actor, &span))
            .await?
    };
    let refusal = match written {
        Ok(()) => return Ok(see_other(format!("{}?saved={k}", at.base()))),
        Err(refusal) => refusal,
    };
    let status = refusal.status();
    let page = state
        .db(move |conn| {
            let page = refused_page(conn, ctx, &at, k, typed, refusal)?;
            record_table(&span, page.t.id, page.round, page.table);
            Ok(page)
        })
        .await?;
    Ok(render::page_with_status(&page, status))
}

/// The unit of work of a typed deal: its table found, the deal entered
/// (scored there, once), and what happened: saved, or why not.
fn write_typed(
    tx: &mut Tx<'_>,
    at: &TableAt,
    k: i32,
    typed: &TypedDeal,
    actor: &Actor,
    span: &Span,
) -> Result<Result<(), Refusal>, AppError> {
    let (t, round, table) = at.find(tx)?;
    if k < 1 || k > table.deal_count {
        return Err(AppError::NotFound);
    }
    record_table(span, t.id, round.number, table.number);
    // Whether a partner is called matters only when none was chosen.
    let partner_called = typed.reading.asks_partner() && {
        let players = RoundTable::players(tx, table.id)?;
        deal_players(&players, k, t.table5_mode).0.len() == 5
    };
    let deal = match typed.reading.at_table(partner_called) {
        Ok(deal) => deal,
        Err(e) => return Ok(Err(Refusal::Said(StatusCode::UNPROCESSABLE_ENTITY, e))),
    };
    let entry = Entry {
        table: &table,
        round: &round,
        number: k,
        deal,
        actor,
        reason: &typed.reason,
        version: typed.version,
        key: typed.key.as_deref(),
    };
    let said = |status, msg| Ok(Err(Refusal::Said(status, FieldError { field: "", msg })));
    match deals::enter_typed(tx, &entry) {
        Ok(Typed::Entered(_)) => Ok(Ok(())),
        Ok(Typed::Refused(e)) => Ok(Err(Refusal::Said(StatusCode::UNPROCESSABLE_ENTITY, FieldError::of(&e)))),
        Ok(Typed::Stale { current, by, yours }) => Ok(Err(Refusal::Conflict { current, by, yours })),
        Err(OpError::Invalid(msg)) => said(StatusCode::UNPROCESSABLE_ENTITY, msg),
        Err(OpError::Conflict(msg)) => said(StatusCode::CONFLICT, msg),
        Err(e) => Err(e.into()),
    }
}
