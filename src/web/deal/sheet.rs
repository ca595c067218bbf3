//! The score sheet of a table (feuille de marque): every deal with its
//! explanation and scores, and the totals that must sum to zero (its rows are
//! made in [`super::sheet_rows`]).

use std::collections::HashMap;

use crate::db::models::{room, Award, Deal, Player, RoundTable, Tournament};
use crate::db::AnyConnection;
use crate::tournament::ids::{PlayerId, RoundNo, TableNo};
use crate::tournament::table::{deal_players, dealer_seat};
use crate::web::clock::ClockView;
use crate::web::filters;

use crate::db::ops::deals::{AfterBell, Typable};

use super::super::{AppError, Ctx};
use super::preview::explain;
use super::TableAt;

use super::sheet_rows::{award_row, blank_row, devices, entered_cells, next_to_enter, pending_of, saved_of};
pub use super::sheet_rows::{short_name, AwardRow, Devices, Pending, Saved, SeatLink, SheetRow};

/// The organizer's adjustment forms under the sheet: what was typed in the
/// one refused, and why.
#[derive(Default)]
pub struct AdjustForms {
    /// The form refused (`void`, `award`, `withdraw-{id}`) and the sentence.
    pub error: Option<(String, String)>,
    /// The deal chosen in the void form.
    pub deal: String,
    /// The reason typed in the form refused.
    pub reason: String,
    /// The points typed in the award form, by table seat.
    pub points: Vec<String>,
}

impl AdjustForms {
    /// The sentence for form `which`, if it was the one refused.
    pub fn error_for(&self, which: &str) -> Option<&str> {
        self.error.as_ref().filter(|(w, _)| w == which).map(|(_, m)| m.as_str())
    }

    /// What form `which` shows in its reason field.
    pub fn reason_for(&self, which: &str) -> &str {
        if self.error_for(which).is_some() {
            &self.reason
        } else {
            ""
        }
    }

    /// The points typed for seat `i`.
    pub fn points_at(&self, i: &usize) -> &str {
        self.points.get(*i).map_or("", String::as_str)
    }
}

/// The score sheet of a table.
#[derive(askama::Template)]
#[template(path = "deal/sheet.html")]
pub struct SheetPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Round number.
    pub round: RoundNo,
    /// Round closed.
    pub closed: bool,
    /// Table number.
    pub table: TableNo,
    /// The table as its room calls it.
    pub table_name: String,
    /// The tablet link.
    pub link: String,
    /// Where the deal links hang from.
    pub base: String,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// Short names for the columns (a table of 5 on a phone).
    pub short: Vec<String>,
    /// Deal rows.
    pub rows: Vec<SheetRow>,
    /// Totals by seat.
    pub totals: Vec<i64>,
    /// The deal just saved, if the page follows a save.
    pub saved: Option<Saved>,
    /// Deals waiting for a defender's confirmation (confirmation asked).
    pub pending: Vec<Pending>,
    /// The table's own page (from its link): confirmations are tapped here.
    pub own: bool,
    /// The table plays on the devices.
    pub devices: Option<Devices>,
    /// A timed round's countdown.
    pub clock: Option<ClockView>,
    /// After the bell, for the table: what it may still enter.
    pub bell: Option<AfterBell>,
    /// The next deal this page may enter (the sheet's lead button).
    pub next: Option<i32>,
    /// Points awarded by the organizer, after the deals.
    pub awards: Vec<AwardRow>,
    /// Player ids in seat order (the award form's fields).
    pub ids: Vec<PlayerId>,
    /// The organizer's adjustment forms.
    pub adjust: AdjustForms,
}

impl SheetPage {
    /// Whether the totals sum to zero.
    pub fn balanced(&self) -> bool {
        self.totals.iter().sum::<i64>() == 0
    }

    /// The deals the organizer may void (entered, not voided).
    pub fn voidable(&self) -> Vec<i32> {
        self.rows
            .iter()
            .filter(|r| r.entered && r.void.is_none())
            .map(|r| r.k)
            .collect()
    }

    /// Whether a deal is entered yet (its explanation is listed).
    pub fn any_entered(&self) -> bool {
        self.rows.iter().any(|r| r.entered)
    }

    /// Whether the organizer's adjustment forms show: an organizer's own
    /// view of the table (not from the table's link).
    pub fn adjustable(&self) -> bool {
        self.ctx.is_organizer() && !self.own
    }
}

/// Builds the score sheet of a table; `saved` is the deal just saved, if any.
pub fn build(conn: &mut AnyConnection, ctx: Ctx, at: &TableAt, saved: Option<i32>) -> Result<SheetPage, AppError> {
    let (t, round, table) = at.find(conn)?;
    let lang = ctx.lang;
    let ids = RoundTable::players(conn, table.id)?;
    let nm = Player::names(conn, &ids)?;
    let entered: HashMap<i32, (Deal, HashMap<PlayerId, i32>)> = Deal::with_scores_for_table(conn, table.id)?
        .into_iter()
        .map(|(d, scores)| (d.number, (d, scores.into_iter().collect())))
        .collect();
    let typable = Typable::read(conn, &table, &round, &at.typist())?;
    let played = typable.played();
    let plays = |k: i32| played.is_some_and(|p| p.plays(k));
    let mut totals = vec![0i64; ids.len()];
    let mut rows = Vec::new();
    let mut pending = Vec::new();
    let mut saved_deal = None;
    for k in 1..=table.deal_count {
        let dealer = nm.get(&ids[dealer_seat(ids.len(), k)]).cloned().unwrap_or_default();
        let (_, out) = deal_players(&ids, k, t.table5_mode);
        let Some((d, scores)) = entered.get(&k) else {
            rows.push(blank_row(k, dealer, &ids, out, plays(k)));
            continue;
        };
        // Scored again for its explanation: one source of truth, the rules core.
        let scored = d.record.score_at(&ids, k, t.table5_mode, &t.rules).ok();
        let output = scored.as_ref().and_then(|s| s.output.as_ref());
        let cells = entered_cells(d, scores, &ids, out, &mut totals);
        let summary = explain(lang, &d.record, output, &nm);
        if !d.confirmed && d.void_reason.is_none() {
            pending.push(pending_of(&t, k, d, &summary, &ids, &nm));
        }
        if saved == Some(k) {
            saved_deal = Some(saved_of(k, &summary, scores, &ids, &nm));
        }
        rows.push(SheetRow {
            k,
            dealer_short: short_name(&dealer),
            dealer,
            entered: true,
            summary,
            scores: cells,
            pending: !d.confirmed && d.void_reason.is_none(),
            played: plays(k),
            void: d.void_reason.clone(),
            editable: false,
        });
    }
    for r in &mut rows {
        r.editable = r.void.is_none() && typable.refusal(r.k).is_none();
    }
    let awards = Award::for_tables(conn, &[table.id])?
        .into_iter()
        .map(|a| award_row(a, &ids, &mut totals))
        .collect();
    let players: Vec<String> = ids.iter().map(|p| nm.get(p).cloned().unwrap_or_default()).collect();
    let table_name = ctx.table_name(&room::layout(conn, t.id)?, table.number);
    Ok(SheetPage {
        clock: ClockView::of(&round, &ctx),
        bell: typable.after_bell(),
        next: next_to_enter(&rows, saved.unwrap_or(0)),
        ctx,
        round: round.number,
        closed: round.is_closed(),
        table: table.number,
        table_name,
        link: format!("/t/{}", table.token),
        base: at.base(),
        short: players.iter().map(|n| short_name(n)).collect(),
        players,
        rows,
        totals,
        saved: saved_deal,
        pending,
        own: matches!(at, TableAt::Token(_)),
        devices: played.map(|p| devices(conn, &p)).transpose()?,
        t,
        awards,
        adjust: AdjustForms {
            points: vec![String::new(); ids.len()],
            ..AdjustForms::default()
        },
        ids,
    })
}
