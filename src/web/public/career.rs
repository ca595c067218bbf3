//! A player's page across tournaments (`/players/{pid}`, FORMATS.md,
//! "Seasons"): their rating (docs/rating.md) with a chart of it after each
//! tournament, the seasons they rank in, and every tournament they played
//! with its date, their place of how many, total, deals and average per
//! deal (a duplicate tournament's percentage). Anyone may see it, as the
//! JSON of `GET /api/players/{pid}`: never the licence.

use actix_web::{get, web, HttpResponse};

use crate::db::models::Season;
use crate::db::ops::visible::Audience;
use crate::i18n::Lang;
use crate::rating::Ratings;
use crate::tournament::ids::{PlayerId, SeasonId, TournamentId};
use crate::web::api_players::{self, Figure, Played};
use crate::web::charts::Words;
use crate::web::seasons::{self, view};
use crate::web::{filters, rating_cache, render, AppError, AppState, Ctx};

use super::career_chart::RatingChart;

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(career_page);
}

/// A tournament of the player's, said.
pub struct CareerRow {
    /// The tournament.
    pub id: TournamentId,
    /// Its name.
    pub name: String,
    /// Its date, written out.
    pub date: String,
    /// "3 / 28", or "—" before their first deal.
    pub place: String,
    /// Their total (a duplicate tournament's as its standings write it).
    pub total: String,
    /// Deals played.
    pub deals: u32,
    /// Average per deal, or percentage; "—" for none.
    pub figure: String,
    /// Their rating after it (empty when not rated there).
    pub rating: String,
}

/// A season the player ranks in.
pub struct SeasonRank {
    /// The season.
    pub id: SeasonId,
    /// Its name.
    pub name: String,
    /// "2 / 31".
    pub place: String,
    /// Their points, said.
    pub points: String,
    /// Tournaments of the season they played.
    pub played: u32,
}

/// The page.
#[derive(askama::Template)]
#[template(path = "public/career.html")]
pub struct CareerPage {
    /// Page context.
    pub ctx: Ctx,
    /// The player's name.
    pub name: String,
    /// Their club.
    pub club: String,
    /// Their rating, written ("1512,3"), none before any rated deal.
    pub rating: Option<String>,
    /// The deals it counts.
    pub rated_deals: u32,
    /// The chart of their rating, as SVG (empty for none).
    pub chart: String,
    /// The seasons they rank in.
    pub seasons: Vec<SeasonRank>,
    /// Their tournaments, the latest first.
    pub rows: Vec<CareerRow>,
}

/// A rating as the language writes it, one decimal.
fn rating_said(lang: Lang, r: f64) -> String {
    lang.decimal(format!("{r:.1}"))
}

/// A tournament's row.
fn row(lang: Lang, p: &Played, rating: Option<f64>) -> CareerRow {
    let figure = match p.figure {
        Figure::None => "—".to_owned(),
        Figure::PerDeal(d) => lang.decimal(d),
        Figure::Percent(x) => format!("{} %", lang.decimal(format!("{x:.2}"))),
        Figure::Datum(x) => lang.decimal(format!("{x:.2}")),
    };
    CareerRow {
        id: p.tournament,
        name: p.name.clone(),
        date: lang.date(&p.date),
        place: match p.rank {
            0 => "—".to_owned(),
            r => format!("{r} / {}", p.of),
        },
        total: p.total.to_string(),
        deals: p.deals,
        figure,
        rating: rating.map(|r| rating_said(lang, r)).unwrap_or_default(),
    }
}

/// The player's rating after each tournament of the history they played.
fn history(ratings: Option<&Ratings>, pid: PlayerId, played: &[Played]) -> Vec<(TournamentId, f64)> {
    let Some(r) = ratings else { return Vec::new() };
    r.history
        .iter()
        .filter(|s| played.iter().any(|p| p.tournament == s.tournament && p.deals > 0))
        .filter_map(|s| {
            s.ratings
                .iter()
                .find(|x| x.player == pid)
                .map(|x| (s.tournament, x.rating))
        })
        .collect()
}

/// The chart of `history`, rendered.
fn chart(ctx: &Ctx, name: &str, history: &[(TournamentId, f64)], played: &[Played]) -> String {
    let lang = ctx.lang;
    let values: Vec<(String, f64)> = history
        .iter()
        .map(|(t, r)| {
            let p = played.iter().find(|p| p.tournament == *t);
            let title = p.map_or(String::new(), |p| format!("{}, {}", lang.date(&p.date), p.name));
            let said = lang.t_args("career-dot", &[("when", title), ("rating", rating_said(lang, *r))]);
            (said, *r)
        })
        .collect();
    let words = Words {
        title: lang.t_args("career-chart-title", &[("name", name.to_owned())]),
        desc: lang.t("career-chart-desc"),
        x_label: lang.t("career-chart-x"),
        y_label: lang.t("career-chart-y"),
    };
    RatingChart::new(&values, words, &|v| v.to_string())
        .and_then(|c| askama::Template::render(&c).ok())
        .unwrap_or_default()
}

/// The seasons holding one of `played`, with the player's row in each.
async fn season_ranks(
    state: &AppState,
    lang: Lang,
    pid: PlayerId,
    played: &[Played],
) -> Result<Vec<SeasonRank>, AppError> {
    let ids: Vec<TournamentId> = played.iter().map(|p| p.tournament).collect();
    let held = state
        .db(move |conn| {
            let mut out: Vec<SeasonId> = Vec::new();
            for t in ids {
                out.extend(Season::of_tournament(conn, t)?);
            }
            out.sort();
            out.dedup();
            Ok(out)
        })
        .await?;
    let mut ranks = Vec::new();
    for id in held {
        let s = seasons::standings(state, id, Audience::Public).await?;
        if let Some(l) = s.lines.iter().find(|l| l.row.player == pid) {
            ranks.push(SeasonRank {
                id,
                name: s.season.name.clone(),
                place: format!("{} / {}", l.row.rank, s.lines.len()),
                points: view::points(lang, l.row.points),
                played: l.row.played,
            });
        }
    }
    Ok(ranks)
}

#[get("/players/{pid}")]
async fn career_page(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<PlayerId>,
) -> Result<HttpResponse, AppError> {
    let pid = path.into_inner();
    let record = api_players::record(&state, pid).await?;
    let ratings = rating_cache::ratings(&state).await?;
    let lang = ctx.lang;
    let history = history(ratings.as_deref(), pid, &record.tournaments);
    let rated = ratings.as_deref().and_then(|r| r.of(pid));
    let rows = record
        .tournaments
        .iter()
        .rev()
        .map(|p| row(lang, p, history.iter().find(|(t, _)| *t == p.tournament).map(|h| h.1)))
        .collect();
    let page = CareerPage {
        rating: rated.map(|r| rating_said(lang, r.rating)),
        rated_deals: rated.map_or(0, |r| r.deals),
        chart: chart(&ctx, &record.name, &history, &record.tournaments),
        seasons: season_ranks(&state, lang, pid, &record.tournaments).await?,
        rows,
        name: record.name,
        club: record.club,
        ctx,
    };
    Ok(render::page(&page))
}
