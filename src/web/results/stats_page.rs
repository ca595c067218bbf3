//! The tournament's statistics page with its charts, and each chart alone as
//! an SVG file.

use actix_web::http::header;
use actix_web::{get, web, HttpResponse};

use crate::db::models::Tournament;
use crate::tournament::ids::TournamentId;
use crate::tournament::stats::{self, TournamentStats};
use crate::web::filters;
use crate::web::{render, AppError, AppState, Ctx};

use super::data::TournamentData;
use super::figures::StatsView;
use super::svgs::{contracts_svg, scores_svg, sizes_svg};

/// The tournament's statistics page.
#[derive(askama::Template)]
#[template(path = "public/stats.html")]
pub struct StatsPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Any deal entered yet.
    pub any: bool,
    /// The figures.
    pub tstats: StatsView,
    /// The race chart (SVG).
    pub race: super::svgs::RaceFigure,
    /// The contracts chart (SVG).
    pub contracts: String,
    /// The scores chart (SVG).
    pub scores: String,
    /// The tables of 4 and of 5 (SVG).
    pub sizes: String,
}

#[get("/tournaments/{id}/stats")]
pub(super) async fn stats_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let audience = ctx.audience();
    let data = state.db(move |conn| TournamentData::load(conn, id, audience)).await?;
    let lang = ctx.lang;
    let ts = TournamentStats::of(&data.deals);
    let page = StatsPage {
        any: !data.deals.is_empty(),
        tstats: StatsView::tournament(lang, &ts),
        race: data.race(lang),
        contracts: contracts_svg(lang, &ts.taken),
        scores: scores_svg(lang, &stats::deal_scores(&data.deals, None)),
        sizes: sizes_svg(lang, &stats::by_table_size(&data.deals)),
        t: data.t,
        ctx,
    };
    Ok(render::page(&page))
}

/// One chart alone, as an SVG file: `race.svg`, `contracts.svg`,
/// `scores.svg`, `sizes.svg`.
#[get("/tournaments/{id}/charts/{name}")]
pub(super) async fn chart(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, String)>,
) -> Result<HttpResponse, AppError> {
    let (id, name) = path.into_inner();
    if !["race.svg", "contracts.svg", "scores.svg", "sizes.svg"].contains(&name.as_str()) {
        return Err(AppError::NotFound);
    }
    let audience = ctx.audience();
    let data = state.db(move |conn| TournamentData::load(conn, id, audience)).await?;
    let lang = ctx.lang;
    let body = match name.as_str() {
        "race.svg" => data.race(lang).svg,
        "contracts.svg" => contracts_svg(lang, &TournamentStats::of(&data.deals).taken),
        "sizes.svg" => sizes_svg(lang, &stats::by_table_size(&data.deals)),
        _ => scores_svg(lang, &stats::deal_scores(&data.deals, None)),
    };
    Ok(HttpResponse::Ok()
        .content_type("image/svg+xml; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{body}")))
}
