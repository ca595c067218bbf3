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
use super::spreadsheet::{french_csv, Cell};
use super::{AppError, AppState, Ctx};

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
    let lines = s
        .lines
        .iter()
        .map(|l| {
            let (club, licence) = players.get(&l.player).cloned().unwrap_or_default();
            PlayerPart::of(l, &club, (!public).then_some(licence))
        })
        .collect::<Vec<_>>();
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
    })
}

/// The players' columns of the CSV, in order (`licence` only in the
/// organizer's file).
fn player_columns(public: bool) -> Vec<&'static str> {
    let mut cols = vec!["rank", "name"];
    if !public {
        cols.push("licence");
    }
    cols.extend([
        "club",
        "total",
        "deals",
        "per_deal",
        "positions_3",
        "positions_4",
        "positions_5",
        "late_from",
        "withdrawn_after",
    ]);
    cols
}

/// The file as spreadsheet rows: the tournament's fields (name, value),
/// an empty row, then the players' table under its header. Every row has
/// the players' table's width (the CSV is rectangular).
pub fn rows(f: &FederationFile) -> Vec<Vec<Cell>> {
    let cols = player_columns(f.public);
    let width = cols.len();
    let t = &f.tournament;
    let text = |v: &Option<String>| Cell::from(v.as_deref());
    let fields: Vec<(&str, Cell)> = vec![
        ("format", Cell::from(f.format)),
        ("format_version", Cell::from(f.format_version)),
        ("public", Cell::from(u32::from(f.public))),
        ("name", Cell::from(t.name.as_str())),
        ("date", Cell::from(t.date.as_str())),
        ("place", text(&t.place)),
        ("club", text(&t.club)),
        ("organizer", text(&t.organizer)),
        ("format_of_play", Cell::from(t.format)),
        ("rounds_planned", Cell::from(t.rounds_planned)),
        ("rounds_played", Cell::from(t.rounds_played as i64)),
        ("deals_per_round_3", Cell::from(t.deals_per_round.at3)),
        ("deals_per_round_4", Cell::from(t.deals_per_round.at4)),
        ("deals_per_round_5", Cell::from(t.deals_per_round.at5)),
        ("table5_mode", Cell::from(t.table5_mode)),
        ("timed", Cell::from(u32::from(t.timed))),
        ("ranking", Cell::from(t.ranking)),
        ("tie_breaker", Cell::from(t.tie_breaker)),
        ("players", Cell::from(t.players as i64)),
    ];
    let pad = |mut row: Vec<Cell>| {
        row.resize(width, Cell::Empty);
        row
    };
    let mut out: Vec<Vec<Cell>> = fields.into_iter().map(|(k, v)| pad(vec![Cell::from(k), v])).collect();
    out.push(pad(Vec::new()));
    out.push(cols.iter().map(|c| Cell::from(*c)).collect());
    for p in &f.players {
        let mut row = vec![Cell::from(p.rank), Cell::from(p.name.as_str())];
        if let Some(licence) = &p.licence {
            row.push(text(licence));
        }
        row.extend([
            Cell::from(p.club.as_str()),
            Cell::Int(p.total),
            Cell::from(p.deals),
            if p.deals == 0 {
                Cell::Empty
            } else {
                Cell::Decimal(p.per_deal.as_f64())
            },
            Cell::from(p.positions.at3),
            Cell::from(p.positions.at4),
            Cell::from(p.positions.at5),
            Cell::from(p.late_from.map(RoundNo::get)),
            Cell::from(p.withdrawn_after.map(RoundNo::get)),
        ]);
        out.push(row);
    }
    out
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
