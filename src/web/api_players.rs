//! `GET /api/players/{id}` (FORMATS.md, "Seasons"; `{pid}` here): a player across
//! tournaments, with their rating (docs/rating.md): each tournament they
//! played with its date, their place of how many, total and deals, as
//! anyone may see it. Never the licence.

use actix_web::{get, web, HttpResponse};
use serde::Serialize;

use crate::db::models::{Player, Registration, Tournament};
use crate::db::ops::duplicate::StandingRow;
use crate::db::ops::visible::Audience;
use crate::tournament::duplicate::Comparison;
use crate::tournament::ids::{PlayerId, TournamentId};
use crate::tournament::standings::PerDeal;

use super::{rating_cache, AppError, AppState};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(get_player);
}

/// One tournament of a player's record.
#[derive(Debug, Clone, Serialize)]
pub struct Played {
    /// The tournament.
    pub tournament: TournamentId,
    /// Its name.
    pub name: String,
    /// Its date, `YYYY-MM-DD`.
    pub date: String,
    /// Their place (0 before any deal).
    pub rank: u32,
    /// Of how many ranked.
    pub of: usize,
    /// Their total.
    pub total: i64,
    /// Deals they played.
    pub deals: u32,
    /// Their figure there, as the pages write it: the average per deal, or
    /// a duplicate tournament's percentage (not in the JSON).
    #[serde(skip)]
    pub figure: Figure,
}

/// A player's figure in one tournament.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Figure {
    /// No deal played.
    None,
    /// The average per deal.
    PerDeal(PerDeal),
    /// A duplicate tournament's average percentage (matchpoints).
    Percent(f64),
    /// A duplicate tournament's datum per deal.
    Datum(f64),
}

/// A player across tournaments.
#[derive(Debug, Clone, Serialize)]
pub struct Record {
    /// The directory entry.
    pub id: PlayerId,
    /// Name.
    pub name: String,
    /// Club.
    pub club: String,
    /// Their rating (none before any rated deal), 1 decimal.
    pub rating: Option<f64>,
    /// Each tournament they are registered in, by date.
    pub tournaments: Vec<Played>,
}

/// A player's record across tournaments, their places read from each
/// tournament's public standings (the same snapshots as the standings pages).
pub async fn record(state: &AppState, pid: PlayerId) -> Result<Record, AppError> {
    let (player, tournaments) = state
        .db(move |conn| {
            let player = Player::find(conn, pid)?
                .filter(|p| p.bot.is_none())
                .ok_or(AppError::NotFound)?;
            let mut ts = Vec::new();
            for id in Registration::tournaments_of_player(conn, pid)? {
                ts.extend(Tournament::find(conn, id)?);
            }
            Ok::<_, AppError>((player, ts))
        })
        .await?;
    let rating = rating_cache::ratings(state)
        .await?
        .and_then(|r| r.of(pid).map(|p| p.rating));
    let mut played = Vec::new();
    for t in tournaments {
        let data = state.standings(t.id, Audience::Public, None).await?;
        let line = data.standings.lines.iter().find(|l| l.player == pid);
        let (rank, figure) = match (&data.duplicate, line) {
            (Some(rows), _) => rows
                .iter()
                .find(|r| r.player == pid)
                .map_or((0, Figure::None), |r| (r.rank, duplicate_figure(&t, r))),
            (None, Some(l)) if l.deals > 0 => (l.rank, Figure::PerDeal(l.per_deal)),
            (None, Some(l)) => (l.rank, Figure::None),
            (None, None) => (0, Figure::None),
        };
        played.push(Played {
            tournament: t.id,
            name: t.name.clone(),
            date: t.event_date.clone(),
            rank,
            of: data.standings.lines.len(),
            total: line.map_or(0, |l| l.total),
            deals: line.map_or(0, |l| l.deals),
            figure,
        });
    }
    played.sort_by(|a, b| (&a.date, a.tournament).cmp(&(&b.date, b.tournament)));
    Ok(Record {
        id: player.id,
        name: player.name,
        club: player.club,
        rating: rating.map(|r| (r * 10.0).round() / 10.0),
        tournaments: played,
    })
}

/// A duplicate tournament's figure for a player's row.
fn duplicate_figure(t: &Tournament, r: &StandingRow) -> Figure {
    match (t.comparison, r.deals) {
        (_, 0) => Figure::None,
        (Comparison::Matchpoints, _) => Figure::Percent(r.percent),
        (Comparison::Datum, d) => Figure::Datum(r.total / f64::from(d)),
    }
}

#[get("/api/players/{pid}")]
async fn get_player(state: web::Data<AppState>, path: web::Path<PlayerId>) -> Result<HttpResponse, AppError> {
    let record = record(&state, path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(record))
}
