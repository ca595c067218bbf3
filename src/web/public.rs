//! Public pages, no login: standings (cumulative and per round) and each
//! player's history.

use actix_web::{get, web, HttpResponse};
use serde::Deserialize;

use crate::db::models::{Deal, Player, Registration, Round, RoundTable, Tournament};
use crate::db::ops::{standings, tournaments};
use crate::db::AnyConnection;
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
    /// Their statistics and the race (see `web::results`).
    pub stats: super::results::PlayerBlock,
}

/// A player's page: a constant number of queries (eleven), however many rounds
/// were played (`tests/query_count.rs` holds it to that).
pub fn load_player_page(conn: &mut AnyConnection, ctx: Ctx, id: i32, pid: i32) -> Result<PlayerPage, AppError> {
    let t = tournaments::get(conn, id)?;
    Registration::find(conn, id, pid)?.ok_or(AppError::NotFound)?;
    let player = Player::find(conn, pid)?.ok_or(AppError::NotFound)?;
    let s = standings::compute(conn, id, None)?;
    let line = s.lines.iter().find(|l| l.player == i64::from(pid));
    let (total, rank) = line.map(|l| (l.total, l.rank)).unwrap_or((0, 0));
    let tables = RoundTable::of_player(conn, id, pid)?;
    let ids: Vec<i32> = tables.iter().map(|(_, t)| t.id).collect();
    let mates = RoundTable::players_of_tables(conn, &ids)?;
    let deals = Deal::player_scores_in_tables(conn, &ids, pid)?;
    let read = super::results::PlayerTables {
        tables: &tables,
        mates: &mates,
        scores: &deals,
    };
    let stats = super::results::player_block(conn, ctx.lang, &t, pid, &s, read)?;
    let rounds = tables
        .into_iter()
        .map(|(round, table)| {
            let deals: Vec<(i32, Option<i32>)> = deals
                .iter()
                .filter(|(tid, _, _)| *tid == table.id)
                .map(|(_, k, score)| (*k, *score))
                .collect();
            PlayerRound {
                round,
                table: table.number,
                opponents: mates
                    .iter()
                    .filter(|(tid, p, _)| *tid == table.id && *p != pid)
                    .map(|(_, _, name)| name.clone())
                    .collect(),
                total: deals.iter().map(|(_, s)| i64::from(s.unwrap_or(0))).sum(),
                deals: deals
                    .into_iter()
                    // "" where they sat out: the page says so.
                    .map(|(k, s)| match s {
                        Some(s) if !stats.sat_out(table.id, k) => (k, s.to_string()),
                        _ => (k, String::new()),
                    })
                    .collect(),
            }
        })
        .collect();
    Ok(PlayerPage {
        ctx,
        t,
        player,
        rounds,
        total,
        rank,
        stats,
    })
}

#[get("/tournaments/{id}/players/{pid}")]
async fn player_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, pid) = path.into_inner();
    let page = state.db(move |conn| load_player_page(conn, ctx, id, pid)).await?;
    Ok(render::page(&page))
}
