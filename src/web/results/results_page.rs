//! The self-contained results page a club uploads as it is: the standings,
//! the figures and the charts, its stylesheet inline under a strict CSP;
//! and the local time it is stamped with.

use std::collections::HashMap;
use std::sync::LazyLock;

use actix_web::http::header;
use actix_web::{get, web, HttpResponse};
use base64::Engine;
use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::db::models::{Registration, Tournament};
use crate::db::ops::duplicate as dup;
use crate::i18n::Lang;
use crate::tournament::duplicate::Format;
use crate::tournament::ids::{PlayerId, RoundNo, TournamentId};
use crate::tournament::stats::{self, TournamentStats};
use crate::web::clock::local_time;
use crate::web::filters;
use crate::web::public::traveller::rows_of;
use crate::web::public::{duplicate_figure, figure_head};
use crate::web::{render, AppError, AppState, Ctx};

use super::data::TournamentData;
use super::figures::StatsView;
use super::svgs::{contracts_svg, scores_svg};

/// The stylesheet inlined in the results page.
pub const RESULTS_CSS: &str = include_str!("../../../static/results.css");

/// The results page's Content-Security-Policy: its one inline stylesheet
/// (by hash), nothing else, no script at all.
static RESULTS_CSP: LazyLock<String> = LazyLock::new(|| {
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(RESULTS_CSS.as_bytes()));
    format!(
        "default-src 'none'; style-src 'sha256-{hash}'; img-src data:; base-uri 'none'; form-action 'none'; \
         frame-ancestors 'none'"
    )
});

/// A line of the results' standings.
pub struct ResultLine {
    /// Place.
    pub rank: u32,
    /// Name.
    pub name: String,
    /// Club (details only).
    pub club: String,
    /// Licence (details only).
    pub licence: String,
    /// Round totals ("" for a round not played).
    pub rounds: Vec<String>,
    /// Total.
    pub total: i64,
    /// Deals played and scored.
    pub deals: u32,
    /// Average per deal, as the language writes it; in a duplicate
    /// tournament, the comparison's figure (average percentage or datum).
    pub per_deal: String,
    /// Late or withdrawn, in words ("" for the others).
    pub mark: String,
}

/// The self-contained results page.
#[derive(askama::Template)]
#[template(path = "results.html")]
pub struct ResultsPage {
    /// Page context (language only: the page has no link back).
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Round numbers.
    pub rounds: Vec<RoundNo>,
    /// Every planned round played: the standings are final.
    pub over: bool,
    /// Standings.
    pub lines: Vec<ResultLine>,
    /// Clubs and licences shown.
    pub details: bool,
    /// Ranked by average per deal (its column in bold).
    pub by_average: bool,
    /// The head of the per-deal column and its title (a duplicate
    /// tournament's: the percentage or the datum, in bold).
    pub figure_head: (String, String),
    /// A duplicate tournament: the deals every table entered, each with
    /// every table's result (its traveller).
    pub travellers: Option<Vec<Traveller>>,
    /// Figures.
    pub tstats: StatsView,
    /// Race chart.
    pub race: super::svgs::RaceFigure,
    /// Contracts chart.
    pub contracts: String,
    /// Scores chart.
    pub scores: String,
    /// When it was made, local time.
    pub generated: String,
    /// The inline stylesheet.
    pub css: &'static str,
}

/// A duplicate deal's traveller on the results page.
pub struct Traveller {
    /// The deal.
    pub deal: crate::tournament::duplicate::DealNo,
    /// Its round.
    pub round: RoundNo,
    /// Every table's result.
    pub rows: Vec<crate::web::public::traveller::Row>,
}

#[derive(Deserialize)]
struct ResultsQuery {
    details: Option<String>,
    download: Option<String>,
}

fn ticked(v: &Option<String>) -> bool {
    v.as_deref().is_some_and(|v| !v.is_empty() && v != "0")
}

/// The standings' lines as the results page shows them: a duplicate
/// tournament's figure (its comparison's `duplicate` rows) in place of the
/// average per deal.
fn result_lines(
    lang: Lang,
    data: &TournamentData,
    players: &HashMap<PlayerId, (String, String)>,
    duplicate: Option<&[dup::StandingRow]>,
) -> Vec<ResultLine> {
    data.standings
        .lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let (club, licence) = players.get(&l.player).cloned().unwrap_or_default();
            ResultLine {
                rank: l.rank,
                name: l.name.clone(),
                club,
                licence,
                rounds: data
                    .rounds
                    .iter()
                    .map(|r| l.rounds.get(r).map(|v| v.to_string()).unwrap_or_default())
                    .collect(),
                total: l.total,
                deals: l.deals,
                per_deal: match duplicate {
                    Some(rows) => duplicate_figure(lang, &data.t, rows, i, l.player),
                    None => lang.per_deal(l.deals, l.per_deal),
                },
                mark: lang.mark(&l.late_from, &l.withdrawn_after),
            }
        })
        .collect()
}

#[get("/tournaments/{id}/results.html")]
pub(super) async fn results_html(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    q: web::Query<ResultsQuery>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let details = ticked(&q.details);
    if details && !ctx.is_organizer() {
        return Err(AppError::LoginRequired);
    }
    let audience = ctx.audience();
    let (data, players) = state
        .db(move |conn| {
            // A duplicate tournament ranks by its comparison, and shows
            // the deals this visitor may see (to anyone: those every
            // table has entered).
            let data = TournamentData::load(conn, id, audience)?;
            let players = if details {
                Registration::with_players(conn, id)?
                    .into_iter()
                    .map(|(_, p)| (p.id, (p.club, p.licence.unwrap_or_default())))
                    .collect()
            } else {
                HashMap::new()
            };
            Ok((data, players))
        })
        .await?;
    let lang = ctx.lang;
    let ts = TournamentStats::of(&data.deals);
    let lines = result_lines(lang, &data, &players, data.duplicate.as_deref());
    let travellers = (data.t.format == Format::Duplicate).then(|| {
        data.visible
            .duplicate_deals()
            .iter()
            .map(|d| Traveller {
                deal: d.prepared.deal,
                round: d.round,
                rows: rows_of(lang, &data.t, d),
            })
            .collect()
    });
    let page = ResultsPage {
        figure_head: figure_head(lang, &data.t),
        travellers,
        lines,
        details,
        by_average: data.t.ranking == crate::tournament::standings::Ranking::PerDeal,
        tstats: StatsView::tournament(lang, &ts),
        race: data.race(lang),
        contracts: contracts_svg(lang, &ts.taken),
        scores: scores_svg(lang, &stats::deal_scores(&data.deals, None)),
        generated: local_time(state.config.timezone, crate::db::now(), lang),
        css: RESULTS_CSS,
        over: data.over,
        rounds: data.rounds,
        t: data.t,
        ctx,
    };
    let mut resp = render::page(&page);
    resp.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        header::HeaderValue::from_str(&RESULTS_CSP).map_err(|e| AppError::Internal(e.into()))?,
    );
    if ticked(&q.download) {
        let file = format!("resultats-{}.html", page.t.id);
        resp.headers_mut().insert(
            header::CONTENT_DISPOSITION,
            header::HeaderValue::from_str(&format!("attachment; filename=\"{file}\""))
                .map_err(|e| AppError::Internal(e.into()))?,
        );
    }
    Ok(resp)
}
