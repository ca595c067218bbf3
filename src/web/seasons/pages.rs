//! A season's public page (`/seasons/{id}`: the standings live, each row
//! saying which results counted), its CSV, its projector view and its A4.

use std::sync::Arc;

use actix_web::{get, web, HttpResponse};

use crate::db::ops::seasons::read::SeasonStandings;
use crate::tournament::ids::SeasonId;
use crate::web::exports::csv_response;
use crate::web::filters;
use crate::web::spreadsheet::{french_csv, Cell};
use crate::web::{render, AppError, AppState, Ctx, OrgPage};

use super::view::{self, RowView};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(season_page)
        .service(season_csv)
        .service(season_projector)
        .service(season_print);
}

/// What the season's pages show.
pub struct Shown {
    /// The standings read.
    pub s: Arc<SeasonStandings>,
    /// The rule in a sentence.
    pub rule: String,
    /// The rows, said.
    pub rows: Vec<RowView>,
    /// The live events' address.
    pub live: String,
    /// "Du 1er septembre 2026 au 30 juin 2027".
    pub dates: String,
}

impl Shown {
    fn new(ctx: &Ctx, s: Arc<SeasonStandings>) -> Shown {
        Shown {
            rule: view::rule_sentence(ctx.lang, &s.season.rule),
            rows: view::rows(ctx.lang, &s),
            live: super::api::live_url(s.season.id),
            dates: ctx.lang.t_args(
                "season-dates",
                &[
                    ("starts", ctx.date(&s.season.starts)),
                    ("ends", ctx.date(&s.season.ends)),
                ],
            ),
            s,
        }
    }
}

/// The public page; for the organizer, the tournaments to attach too.
#[derive(askama::Template)]
#[template(path = "seasons/season.html")]
pub struct SeasonPage {
    /// Page context.
    pub ctx: Ctx,
    /// What it shows.
    pub shown: Shown,
    /// The organizer's form: tournaments not attached (id, name, date).
    pub others: Vec<(String, String, String)>,
    /// A refused attach, said.
    pub error: Option<String>,
    /// A server of several clubs: the season's circuit page is linked.
    pub circuit: bool,
}

/// The projector's view.
#[derive(askama::Template)]
#[template(path = "seasons/projector.html")]
pub struct SeasonProjector {
    /// Page context.
    pub ctx: Ctx,
    /// What it shows.
    pub shown: Shown,
}

/// The A4 to print.
#[derive(askama::Template)]
#[template(path = "seasons/print.html")]
pub struct SeasonPrint {
    /// Page context.
    pub ctx: Ctx,
    /// What it shows.
    pub shown: Shown,
}

/// The season's page for `ctx`, with a refusal to say.
pub async fn page(state: &AppState, ctx: Ctx, id: SeasonId, error: Option<String>) -> Result<SeasonPage, AppError> {
    let s = super::standings(state, id, ctx.audience()).await?;
    let (others, circuit) = if ctx.is_organizer() {
        let held: Vec<_> = s.tournaments.iter().map(|t| t.id).collect();
        let others = state
            .db(move |conn| Ok(crate::db::models::Tournament::list(conn)?))
            .await?
            .into_iter()
            .filter(|t| !held.contains(&t.id))
            .map(|t| (t.id.to_string(), t.name.clone(), t.event_date.clone()))
            .collect();
        (others, crate::web::clubs::many(state).await?)
    } else {
        (Vec::new(), false)
    };
    Ok(SeasonPage {
        shown: Shown::new(&ctx, s),
        ctx,
        others,
        error,
        circuit,
    })
}

#[get("/seasons/{id}")]
async fn season_page(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<SeasonId>,
) -> Result<HttpResponse, AppError> {
    Ok(render::page(&page(&state, ctx, path.into_inner(), None).await?))
}

#[get("/seasons/{id}/projector")]
async fn season_projector(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<SeasonId>,
) -> Result<HttpResponse, AppError> {
    let s = super::standings(&state, path.into_inner(), ctx.audience()).await?;
    Ok(render::page(&SeasonProjector {
        shown: Shown::new(&ctx, s),
        ctx,
    }))
}

#[get("/seasons/{id}/print")]
async fn season_print(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<SeasonId>,
) -> Result<HttpResponse, AppError> {
    let s = super::standings(&state, path.into_inner(), ctx.audience()).await?;
    Ok(render::page(&SeasonPrint {
        shown: Shown::new(&ctx, s),
        ctx,
    }))
}

/// `GET /seasons/{id}/standings.csv`: place, name, club, points, played,
/// the tournaments whose figure counted (by name, best first), then each
/// tournament's figure (empty where the player did not play).
#[get("/seasons/{id}/standings.csv")]
async fn season_csv(state: web::Data<AppState>, ctx: Ctx, path: web::Path<SeasonId>) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let s = super::standings(&state, id, ctx.audience()).await?;
    let lang = ctx.lang;
    let mut head: Vec<Cell> = [
        "csv-place",
        "player-name",
        "player-club",
        "season-points",
        "season-played",
        "season-counted",
    ]
    .iter()
    .map(|k| Cell::from(lang.t(k)))
    .collect();
    head.extend(
        s.tournaments
            .iter()
            .map(|t| Cell::from(format!("{} ({})", t.name, t.date))),
    );
    let mut rows = vec![head];
    for l in &s.lines {
        let mut row: Vec<Cell> = vec![
            l.row.rank.into(),
            l.name.as_str().into(),
            l.club.as_str().into(),
            Cell::Decimal(crate::tournament::season::as_points(l.row.points)),
            l.row.played.into(),
            Cell::from(
                l.row
                    .counted()
                    .filter_map(|f| s.tournaments.iter().find(|t| t.id == f.tournament))
                    .map(|t| t.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
        ];
        for t in &s.tournaments {
            row.push(match l.row.figures.iter().find(|f| f.tournament == t.id) {
                Some(f) => Cell::Decimal(crate::tournament::season::as_points(f.points)),
                None => Cell::Empty,
            });
        }
        rows.push(row);
    }
    Ok(csv_response(french_csv(&rows)?, &format!("season-{id}.csv")))
}
