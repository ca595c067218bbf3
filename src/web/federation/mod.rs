//! The results file for the federation (docs/federation.md): the tournament
//! (name, date, organizer, format, rounds, deals per round, timing, players)
//! and, per player, the place, name, licence, club, total, deals played,
//! average per deal, positions by table size and late or withdrawn marks.
//!
//! `federation.csv` and `federation.json` carry the licences and are the
//! organizer's; `results.csv` and `results.json` are the same file without
//! them, public like the standings. The CSV goes through the one writer of
//! typed cells ([`super::spreadsheet`]); its field names are the JSON's, in
//! English whatever the visitor's language: a file other programs read.

use std::collections::HashMap;

use actix_web::{get, web, HttpResponse};
use serde::Serialize;

use crate::db::models::{Registration, Round, Tournament};
use crate::db::ops::visible::{Audience, Visible};
use crate::db::ops::{standings, tournaments};
use crate::db::AnyConnection;
use crate::tournament::ids::{PlayerId, RoundNo, TournamentId};
use crate::tournament::standings::{PerDeal, Positions, Standing};

use super::exports::{csv_response, download};
use super::spreadsheet::french_csv;
use super::{AppError, AppState, Ctx};

mod rows;
pub use rows::rows;

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(federation_csv)
        .service(federation_json)
        .service(results_csv)
        .service(results_json);
}

/// The version of the file's layout: grows when a field changes meaning or
/// goes; a field added keeps it.
pub const FORMAT_VERSION: u32 = 1;

/// The file's `format` field.
pub const FORMAT: &str = "chelem-federation-results";

/// The whole file.
#[derive(Debug, Clone, Serialize)]
pub struct FederationFile {
    /// Always [`FORMAT`].
    pub format: &'static str,
    /// [`FORMAT_VERSION`].
    pub format_version: u32,
    /// Whether this is the public variant (no licences).
    pub public: bool,
    /// The tournament.
    pub tournament: TournamentPart,
    /// The players, best first.
    pub players: Vec<PlayerPart>,
    /// A team event's teams, best first (absent otherwise; a free
    /// tournament's: in duplicate, each player's team is said).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<TeamPart>,
}

/// A team's line: place, name, the members' totals added, the members.
#[derive(Debug, Clone, Serialize)]
pub struct TeamPart {
    /// Place (ties share it).
    pub rank: u32,
    /// Name.
    pub name: String,
    /// The members' totals added.
    pub total: i64,
    /// The members' names.
    pub players: Vec<String>,
}

/// The tournament's part.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentPart {
    /// Name.
    pub name: String,
    /// Date of play, `YYYY-MM-DD`.
    pub date: String,
    /// Where it was played (the setting; null when not said).
    pub place: Option<String>,
    /// The organizing club (the setting; null when not said).
    pub club: Option<String>,
    /// The organizer's name as the settings give it (null when not said;
    /// never a login name).
    pub organizer: Option<String>,
    /// `libres` (donnes libres) or `duplicate`.
    pub format: &'static str,
    /// Rounds planned.
    pub rounds_planned: i32,
    /// Rounds seated so far.
    pub rounds_played: usize,
    /// Deals per round at a table of 3, 4 and 5.
    pub deals_per_round: DealsPerRound,
    /// `dealer_out` (FFT: the dealer of a table of 5 sits out) or `called_king`.
    pub table5_mode: &'static str,
    /// Whether rounds are timed (the tournament has a round length).
    pub timed: bool,
    /// `total` or `per_deal`: what orders the places.
    pub ranking: &'static str,
    /// `none`, `best_round` or `taker_wins`.
    pub tie_breaker: &'static str,
    /// Players ranked.
    pub players: usize,
}

/// Deals per round by table size.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct DealsPerRound {
    /// At a table of 3.
    #[serde(rename = "3")]
    pub at3: i32,
    /// At a table of 4.
    #[serde(rename = "4")]
    pub at4: i32,
    /// At a table of 5.
    #[serde(rename = "5")]
    pub at5: i32,
}

/// A player's line.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerPart {
    /// Place (ties share it).
    pub rank: u32,
    /// Name.
    pub name: String,
    /// Licence number (absent from the public variant; null when unknown).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub licence: Option<Option<String>>,
    /// Club ("" when none).
    pub club: String,
    /// Sum of the deal scores.
    pub total: i64,
    /// Deals played and scored.
    pub deals: u32,
    /// `total ÷ deals`, 2 decimals (0 when no deal).
    pub per_deal: PerDeal,
    /// Positions (rounds at a table) held at tables of 3, 4 and 5.
    pub positions: Positions,
    /// A late arrival's first round.
    pub late_from: Option<RoundNo>,
    /// A withdrawn player's last round.
    pub withdrawn_after: Option<RoundNo>,
    /// Their team's name, in a team event.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
}

impl PlayerPart {
    fn of(l: &Standing, club: &str, licence: Option<Option<String>>) -> PlayerPart {
        PlayerPart {
            rank: l.rank,
            name: l.name.clone(),
            licence,
            club: club.to_owned(),
            total: l.total,
            deals: l.deals,
            per_deal: l.per_deal,
            positions: l.positions,
            late_from: l.late_from,
            withdrawn_after: l.withdrawn_after,
            team: None,
        }
    }
}

/// Reads the file of tournament `id`: with licences unless `public`; of
/// the deals `audience` may see.
/// A setting's words, or null when it was left empty.
fn said(s: &str) -> Option<String> {
    Some(s.to_owned()).filter(|s| !s.is_empty())
}

pub fn load(
    conn: &mut AnyConnection,
    id: TournamentId,
    public: bool,
    audience: Audience,
) -> Result<FederationFile, AppError> {
    let t: Tournament = tournaments::get(conn, id)?;
    let visible = Visible::load(conn, &t, audience)?;
    let s = standings::compute_for(conn, &t, None, &visible)?;
    let rounds_played = Round::for_tournament(conn, id)?.len();
    let players: HashMap<PlayerId, (String, Option<String>)> = Registration::with_players(conn, id)?
        .into_iter()
        .map(|(_, p)| (p.id, (p.club, p.licence)))
        .collect();
    let list = crate::db::models::Teams::of(conn, id)?;
    let team_of = |p: PlayerId| list.iter().find(|x| x.players.contains(&p)).map(|x| x.name.clone());
    let lines = s
        .lines
        .iter()
        .map(|l| {
            let (club, licence) = players.get(&l.player).cloned().unwrap_or_default();
            let team = team_of(l.player);
            PlayerPart {
                team,
                ..PlayerPart::of(l, &club, (!public).then_some(licence))
            }
        })
        .collect::<Vec<_>>();
    let names: HashMap<PlayerId, &str> = s.lines.iter().map(|l| (l.player, l.name.as_str())).collect();
    let totals = s.lines.iter().map(|l| (l.player, l.total)).collect();
    let teams = match t.format {
        crate::tournament::duplicate::Format::Duplicate => Vec::new(),
        crate::tournament::duplicate::Format::Libres => crate::tournament::teams::standings(&list, &totals)
            .into_iter()
            .map(|r| TeamPart {
                rank: r.rank,
                total: r.total,
                players: r
                    .players
                    .iter()
                    .map(|p| names.get(p).copied().unwrap_or("").to_owned())
                    .collect(),
                name: r.name,
            })
            .collect(),
    };
    Ok(FederationFile {
        format: FORMAT,
        format_version: FORMAT_VERSION,
        public,
        tournament: TournamentPart {
            date: t.event_date.clone(),
            place: said(&t.place),
            club: said(&t.host_club),
            organizer: said(&t.organizer_name),
            format: t.format.name(),
            rounds_planned: t.rounds_planned,
            rounds_played,
            deals_per_round: DealsPerRound {
                at3: t.deals_table3,
                at4: t.deals_table4,
                at5: t.deals_table5,
            },
            table5_mode: t.table5_mode.name(),
            timed: t.round_length.is_some(),
            ranking: t.ranking.name(),
            tie_breaker: t.tie_breaker.name(),
            players: lines.len(),
            name: t.settings.name,
        },
        players: lines,
        teams,
    })
}

async fn file(
    state: &AppState,
    id: TournamentId,
    public: bool,
    audience: Audience,
) -> Result<FederationFile, AppError> {
    state.db(move |conn| load(conn, id, public, audience)).await
}

fn json_response(f: &FederationFile, name: &str) -> Result<HttpResponse, AppError> {
    let body = serde_json::to_vec_pretty(f).map_err(|e| AppError::Internal(e.into()))?;
    Ok(download("application/json", body, name))
}

/// The organizer's file, as CSV.
#[get("/tournaments/{id}/federation.csv")]
async fn federation_csv(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    if !ctx.is_organizer() {
        return Err(AppError::LoginRequired);
    }
    let id = path.into_inner();
    let f = file(&state, id, false, Audience::Organizer).await?;
    Ok(csv_response(french_csv(&rows(&f))?, &format!("federation-{id}.csv")))
}

/// The organizer's file, as JSON.
#[get("/tournaments/{id}/federation.json")]
async fn federation_json(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    if !ctx.is_organizer() {
        return Err(AppError::LoginRequired);
    }
    let id = path.into_inner();
    json_response(
        &file(&state, id, false, Audience::Organizer).await?,
        &format!("federation-{id}.json"),
    )
}

/// The public file (no licences), as CSV: of the deals the visitor may see.
#[get("/tournaments/{id}/results.csv")]
async fn results_csv(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let f = file(&state, id, true, ctx.audience()).await?;
    Ok(csv_response(french_csv(&rows(&f))?, &format!("results-{id}.csv")))
}

/// The public file (no licences), as JSON: of the deals the visitor may see.
#[get("/tournaments/{id}/results.json")]
async fn results_json(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    json_response(
        &file(&state, id, true, ctx.audience()).await?,
        &format!("results-{id}.json"),
    )
}
