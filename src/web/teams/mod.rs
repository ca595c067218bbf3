//! Team events on the web (FORMATS.md, "Teams"): the organizer registers
//! teams (`POST /api/tournaments/{id}/teams`), anyone reads the team
//! standings (`GET /api/tournaments/{id}/teams/standings`), and the
//! standings page shows them beside the individual ones.

use std::collections::BTreeMap;
use std::sync::Arc;

use actix_web::{get, post, web, HttpResponse};
use serde_json::{json, Value};

use crate::db::models::Teams;
use crate::db::ops::visible::Audience;
use crate::db::ops::{teams, Msg, OpError};
use crate::tournament::duplicate::Comparison;
use crate::tournament::ids::{PlayerId, TournamentId};
use crate::tournament::teams::{standings, TeamRow};
use crate::web::api::json_body;
use crate::web::live::Snapshot;
use crate::web::{filters, AppError, AppState, Organizer};

pub mod out;

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(create).service(get_standings).service(teams_page);
    out::configure(cfg);
}

/// The team standings of a tournament as `audience` sees its standings.
pub struct Read {
    /// The standings they are made of.
    pub data: Arc<Snapshot>,
    /// The teams, best first.
    pub rows: Vec<TeamRow>,
    /// Each member's figure the teams add up.
    pub totals: BTreeMap<PlayerId, i64>,
    /// Whether the figures are hundredths (a duplicate tournament's).
    pub hundredths: bool,
}

/// Reads the team standings of tournament `id` as `audience` sees them.
pub async fn read(state: &AppState, id: TournamentId, audience: Audience) -> Result<Read, AppError> {
    read_with(state, state.standings(id, audience, None).await?).await
}

/// The team standings made of standings already read (`data`).
pub async fn read_with(state: &AppState, data: Arc<Snapshot>) -> Result<Read, AppError> {
    let id = data.t.id;
    let list = state.db(move |conn| Ok(Teams::of(conn, id)?)).await?;
    let (totals, hundredths) = member_totals(&data.standings, data.duplicate.as_deref(), data.t.comparison);
    Ok(Read {
        rows: standings(&list, &totals),
        data,
        totals,
        hundredths,
    })
}

/// Each player's figure that the teams add up: the total in a free
/// tournament; in a duplicate one (its `duplicate` lines given), the result
/// compared (the percentage of matchpoints, or the datum total), in
/// hundredths; and whether they are hundredths.
pub fn member_totals(
    standings: &crate::tournament::standings::Standings,
    duplicate: Option<&[crate::db::ops::duplicate::StandingRow]>,
    comparison: Comparison,
) -> (BTreeMap<PlayerId, i64>, bool) {
    match duplicate {
        None => (standings.lines.iter().map(|l| (l.player, l.total)).collect(), false),
        Some(rows) => {
            let figure = |r: &crate::db::ops::duplicate::StandingRow| match comparison {
                Comparison::Matchpoints => r.percent,
                Comparison::Datum => r.total,
            };
            let totals = rows
                .iter()
                .map(|r| (r.player, (figure(r) * 100.0).round() as i64))
                .collect();
            (totals, true)
        }
    }
}

/// A team's total in JSON: an integer, or a number of 2 decimals.
pub fn total_json(total: i64, hundredths: bool) -> Value {
    match hundredths {
        false => json!(total),
        true => json!(total as f64 / 100.0),
    }
}

/// `POST /api/tournaments/{id}/teams`: `{"name": "...", "players": [7, 9]}`
/// → 201 `{"id": n}`.
#[post("/api/tournaments/{id}/teams")]
async fn create(
    state: web::Data<AppState>,
    _org: Organizer,
    path: web::Path<TournamentId>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let v = json_body(&body)?;
    let name = match v.get("name") {
        Some(Value::String(s)) => s.clone(),
        _ => return Err(OpError::Invalid(Msg::new("team-name-required")).into()),
    };
    let players: Vec<PlayerId> = v
        .get("players")
        .cloned()
        .and_then(|p| serde_json::from_value(p).ok())
        .ok_or_else(|| OpError::Invalid(Msg::new("team-json-players")))?;
    let team = state
        .write(move |tx| Ok(teams::create(tx, id, &name, &players)?))
        .await?;
    Ok(HttpResponse::Created().json(json!({ "id": team })))
}

/// `GET /api/tournaments/{id}/teams/standings`: `[{"rank", "team", "name",
/// "total", "players"}]`, best first.
#[get("/api/tournaments/{id}/teams/standings")]
async fn get_standings(
    state: web::Data<AppState>,
    org: Option<Organizer>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let Read { rows, hundredths, .. } = read(&state, path.into_inner(), Audience::of(org.is_some())).await?;
    let out: Vec<Value> = rows
        .iter()
        .map(|r| {
            json!({"rank": r.rank, "team": r.team, "name": r.name,
                   "total": total_json(r.total, hundredths), "players": r.players})
        })
        .collect();
    Ok(HttpResponse::Ok().json(out))
}

/// A team's row, said.
pub struct TeamView {
    /// Place.
    pub rank: u32,
    /// Name.
    pub name: String,
    /// Total, said.
    pub total: String,
    /// The members' names and their own figures.
    pub members: Vec<(PlayerId, String, String)>,
}

/// The team standings' page (`/tournaments/{id}/teams`), live.
#[derive(askama::Template)]
#[template(path = "public/teams.html")]
pub struct TeamsPage {
    /// Page context.
    pub ctx: crate::web::Ctx,
    /// The tournament.
    pub t: crate::db::models::Tournament,
    /// The teams, best first.
    pub rows: Vec<TeamView>,
    /// The live events' address.
    pub live: String,
}

/// A figure in hundredths or whole, as the language writes it.
fn said(lang: crate::i18n::Lang, v: i64, hundredths: bool) -> String {
    match hundredths {
        false => v.to_string(),
        true => lang.decimal(format!("{:.2}", v as f64 / 100.0)),
    }
}

#[get("/tournaments/{id}/teams")]
async fn teams_page(
    state: web::Data<AppState>,
    ctx: crate::web::Ctx,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let read = read(&state, id, ctx.audience()).await?;
    let rows = views(&read, ctx.lang);
    let page = TeamsPage {
        live: crate::web::live::sse::live_url(id),
        t: read.data.t.clone(),
        rows,
        ctx,
    };
    Ok(crate::web::render::page(&page))
}

/// The team standings read, said in `lang`: each team's place, name and
/// total, its members with their own figures.
pub fn views(read: &Read, lang: crate::i18n::Lang) -> Vec<TeamView> {
    let mut names: BTreeMap<PlayerId, String> = read
        .data
        .standings
        .lines
        .iter()
        .map(|l| (l.player, l.name.clone()))
        .collect();
    for r in read.data.duplicate.iter().flatten() {
        names.entry(r.player).or_insert_with(|| r.name.clone());
    }
    read.rows
        .iter()
        .map(|r| TeamView {
            rank: r.rank,
            total: said(lang, r.total, read.hundredths),
            members: r
                .players
                .iter()
                .map(|p| {
                    let figure = said(lang, read.totals.get(p).copied().unwrap_or(0), read.hundredths);
                    (*p, names.get(p).cloned().unwrap_or_default(), figure)
                })
                .collect(),
            name: r.name.clone(),
        })
        .collect()
}
