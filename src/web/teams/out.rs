//! A team event's standings out of the screen: the spreadsheet
//! (`/tournaments/{id}/teams.csv`, public like the standings' own) and the
//! A4 sheet to print (`/tournaments/{id}/teams/print`, the organizer's):
//! each team's place, name and total, then each member with their own
//! figure.

use actix_web::{get, web, HttpResponse};

use super::{read, views, Read, TeamView};
use crate::db::models::Tournament;
use crate::db::ops::visible::Audience;
use crate::tournament::ids::TournamentId;
use crate::web::exports::csv_response;
use crate::web::spreadsheet::{french_csv, Cell};
use crate::web::{filters, render, AppError, AppState, Ctx, OrgPage};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(teams_csv).service(teams_print);
}

/// The rows of the team standings' spreadsheet: a header (place, team,
/// total, then a name and a figure for each member), a line a team; the
/// figures from `read` itself (hundredths as decimals), the names from its
/// `views`.
fn rows(ctx: &Ctx, size: usize, read: &Read) -> Vec<Vec<Cell>> {
    let mut header = vec![
        Cell::Text(ctx.t("csv-place")),
        Cell::Text(ctx.t("team-name")),
        Cell::Text(ctx.t("teams-total")),
    ];
    for i in 1..=size {
        header.push(Cell::Text(ctx.t1("teams-player-n", "n", i)));
        header.push(Cell::Text(ctx.t1("teams-points-n", "n", i)));
    }
    let figure = |v: i64| match read.hundredths {
        false => Cell::Int(v),
        true => Cell::Decimal(v as f64 / 100.0),
    };
    let mut out = vec![header];
    for (team, view) in read.rows.iter().zip(views(read, ctx.lang)) {
        let mut row = vec![Cell::Int(team.rank.into()), Cell::Text(view.name), figure(team.total)];
        for i in 0..size {
            match (team.players.get(i), view.members.get(i)) {
                (Some(p), Some((_, name, _))) => row.extend([
                    Cell::Text(name.clone()),
                    figure(read.totals.get(p).copied().unwrap_or(0)),
                ]),
                _ => row.extend([Cell::Empty, Cell::Empty]),
            }
        }
        out.push(row);
    }
    out
}

#[get("/tournaments/{id}/teams.csv")]
async fn teams_csv(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let read = read(&state, id, ctx.audience()).await?;
    let size = read.data.t.teams.map_or(0, |n| n as usize);
    let body = french_csv(&rows(&ctx, size, &read))?;
    Ok(csv_response(body, &format!("teams-{id}.csv")))
}

/// The team standings to print.
#[derive(askama::Template)]
#[template(path = "print/teams.html")]
pub struct TeamsPrint {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// The teams, best first.
    pub rows: Vec<TeamView>,
}

#[get("/tournaments/{id}/teams/print")]
async fn teams_print(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let read = read(&state, path.into_inner(), Audience::Organizer).await?;
    let rows = views(&read, ctx.lang);
    let page = TeamsPrint {
        t: read.data.t.clone(),
        rows,
        ctx,
    };
    Ok(render::page(&page))
}
