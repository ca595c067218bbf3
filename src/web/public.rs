//! Public pages, no login: standings (cumulative and per round) and each
//! player's history.

use actix_web::{get, web, HttpResponse};
use serde::Deserialize;

use crate::db::models::{Deal, Player, Registration, Round, RoundTable, Tournament};
use crate::db::ops::{standings, tournaments};
use crate::tournament::standings::Standings;

use super::{render, AppError, AppState, Ctx};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(standings_page).service(player_page);
}

/// The standings page.
#[derive(askama::Template)]
#[template(path = "public/standings.html")]
pub struct StandingsPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Standings.
    pub s: Standings,
    /// Round numbers seated.
    pub rounds: Vec<i32>,
    /// The round shown alone, if any.
    pub only: Option<i32>,
}

impl StandingsPage {
    /// A player's total in a round, as text.
    pub fn round_total(&self, line: usize, round: &i32) -> String {
        self.s.lines[line]
            .rounds
            .get(&(*round as u32))
            .map(|v| v.to_string())
            .unwrap_or_default()
    }
    /// Whether `r` is the round shown.
    pub fn is_only(&self, r: &i32) -> bool {
        self.only == Some(*r)
    }
}

#[derive(Deserialize)]
struct RoundQuery {
    round: Option<i32>,
}

#[get("/tournaments/{id}/standings")]
async fn standings_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    q: web::Query<RoundQuery>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let only = q.round;
    let (t, s, rounds) = state
        .db(move |conn| {
            let t = tournaments::get(conn, id)?;
            let s = standings::compute(conn, id, only)?;
            let rounds = Round::for_tournament(conn, id)?.into_iter().map(|r| r.number).collect();
            Ok((t, s, rounds))
        })
        .await?;
    Ok(render::page(&StandingsPage {
        ctx,
        t,
        s,
        rounds,
        only,
    }))
}

/// One round of a player's history.
pub struct PlayerRound {
    /// Round number.
    pub round: i32,
    /// Table number.
    pub table: i32,
    /// The other players at the table.
    pub opponents: Vec<String>,
    /// Scores deal by deal ("" where the player sat out).
    pub deals: Vec<(i32, String)>,
    /// Round total.
    pub total: i64,
}

/// A player's page.
#[derive(askama::Template)]
#[template(path = "public/player.html")]
pub struct PlayerPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// The player.
    pub player: Player,
    /// Their rounds.
    pub rounds: Vec<PlayerRound>,
    /// Their total.
    pub total: i64,
    /// Their place.
    pub rank: u32,
}

#[get("/tournaments/{id}/players/{pid}")]
async fn player_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, pid) = path.into_inner();
    let page = state
        .db(move |conn| {
            let t = tournaments::get(conn, id)?;
            Registration::find(conn, id, pid)?.ok_or(AppError::NotFound)?;
            let player = Player::find(conn, pid)?.ok_or(AppError::NotFound)?;
            let s = standings::compute(conn, id, None)?;
            let line = s.lines.iter().find(|l| l.player == i64::from(pid));
            let (total, rank) = line.map(|l| (l.total, l.rank)).unwrap_or((0, 0));
            let mut rounds = Vec::new();
            for round in Round::for_tournament(conn, id)? {
                for table in RoundTable::for_round(conn, round.id)? {
                    let ids = RoundTable::players(conn, table.id)?;
                    if !ids.contains(&pid) {
                        continue;
                    }
                    let names = Player::names(conn, &ids)?;
                    let mut deals = Vec::new();
                    let mut sum = 0i64;
                    for d in Deal::for_table(conn, table.id)? {
                        let score = Deal::scores(conn, d.id)?
                            .into_iter()
                            .find(|(p, _)| *p == pid)
                            .map(|(_, s)| s);
                        sum += i64::from(score.unwrap_or(0));
                        deals.push((d.number, score.map(|s| s.to_string()).unwrap_or_default()));
                    }
                    rounds.push(PlayerRound {
                        round: round.number,
                        table: table.number,
                        opponents: ids
                            .iter()
                            .filter(|p| **p != pid)
                            .map(|p| names.get(p).cloned().unwrap_or_default())
                            .collect(),
                        deals,
                        total: sum,
                    });
                }
            }
            Ok(PlayerPage {
                ctx,
                t,
                player,
                rounds,
                total,
                rank,
            })
        })
        .await?;
    Ok(render::page(&page))
}
