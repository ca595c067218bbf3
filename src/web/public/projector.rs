//! The projector view of the standings: large type for a room, every
//! round, the current round's progress; its rows made once per snapshot.

use std::sync::Arc;

use actix_web::{get, web, HttpResponse};

use crate::db::models::Tournament;
use crate::tournament::ids::{RoundNo, TournamentId};
use crate::tournament::standings::Standings;
use crate::web::filters;
use crate::web::live::{Progress, Snapshot};
use crate::web::{render, AppError, AppState, Ctx};

use super::{live_url, tables_done};

/// The rows of the projector's table.
#[derive(askama::Template)]
#[template(path = "public/projector_rows.html")]
pub struct ProjectorRows<'a> {
    /// What they show.
    pub data: &'a Snapshot,
    /// Round numbers seated.
    pub rounds: &'a [RoundNo],
}
rows_impl!(ProjectorRows);

/// The projector view of the standings: large type for a room, every round,
/// the current round's progress, scrolling by itself when the list is long.
#[derive(askama::Template)]
#[template(path = "public/projector.html")]
pub struct ProjectorPage {
    /// Page context.
    pub ctx: Ctx,
    /// What it shows.
    pub data: Arc<Snapshot>,
    /// Round numbers seated.
    pub rounds: Vec<RoundNo>,
    /// The live events' address.
    pub live: String,
}

impl ProjectorPage {
    /// The tournament.
    pub fn t(&self) -> &Tournament {
        &self.data.t
    }
    /// The standings.
    pub fn s(&self) -> &Standings {
        &self.data.standings
    }
    /// The table's rows (made once per snapshot).
    pub fn rows(&self) -> &str {
        let rows = ProjectorRows {
            data: &self.data,
            rounds: &self.rounds,
        };
        self.data.rendered.projector_rows.get_or_init(|| rows.html())
    }
    /// The current round's progress.
    pub fn progress(&self) -> Option<&Progress> {
        self.data.progress.as_ref()
    }
    /// "Round 3 of 5, under way" (or "over").
    pub fn round_line(&self) -> String {
        let Some(p) = self.progress() else {
            return String::new();
        };
        let key = if p.closed {
            "live-round-closed"
        } else {
            "live-round-open"
        };
        self.ctx.lang.t_args(
            key,
            &[
                ("round", p.round.to_string()),
                ("rounds", self.t().rounds_planned.to_string()),
            ],
        )
    }
    /// "Tables done: 3/10".
    pub fn tables_done(&self, p: &Progress) -> String {
        tables_done(&self.ctx, p)
    }
    /// "Deals entered: 12/40".
    pub fn deals_in(&self, p: &Progress) -> String {
        let args = [
            ("done", p.deals_in.to_string()),
            ("expected", p.deals_expected.to_string()),
        ];
        self.ctx.lang.t_args("live-deals-in", &args)
    }
    /// Deals entered as a percentage of the round's deals (the bar's text).
    pub fn percent_done(&self) -> usize {
        match self.progress() {
            Some(p) if p.deals_expected > 0 => p.deals_in * 100 / p.deals_expected,
            _ => 0,
        }
    }
}

#[get("/tournaments/{id}/projector")]
pub(super) async fn projector_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let data = state.standings(path.into_inner(), None).await?;
    Ok(render::page(&ProjectorPage {
        ctx,
        rounds: data.round_numbers(),
        live: live_url(data.t.id),
        data,
    }))
}
