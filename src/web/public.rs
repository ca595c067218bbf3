//! Public pages, no login: standings (cumulative and per round) and each
//! player's history.

use std::borrow::Cow;
use std::sync::Arc;

use actix_web::{get, web, HttpResponse};
use serde::Deserialize;

use crate::db::models::{Deal, Player, Registration, Round, RoundTable, Tournament};
use crate::db::ops::{standings, tournaments};
use crate::db::AnyConnection;
use crate::i18n::Lang;
use crate::tournament::ids::{PlayerId, RoundNo, TableNo, TournamentId};
use crate::tournament::standings::Standings;

use super::live::{Progress, Snapshot};
use super::{render, AppError, AppState, Ctx};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(standings_page).service(projector_page).service(player_page);
}

/// The standings page.
#[derive(askama::Template)]
#[template(path = "public/standings.html")]
pub struct StandingsPage {
    /// Page context.
    pub ctx: Ctx,
    /// What it shows, shared with every request until the tournament changes.
    pub data: Arc<Snapshot>,
    /// Round numbers seated.
    pub rounds: Vec<RoundNo>,
    /// The live events' address.
    pub live: String,
}

impl StandingsPage {
    /// A page of `data`.
    pub fn new(ctx: Ctx, data: Arc<Snapshot>) -> StandingsPage {
        StandingsPage {
            ctx,
            rounds: data.round_numbers(),
            live: live_url(data.t.id),
            data,
        }
    }
    /// The tournament.
    pub fn t(&self) -> &Tournament {
        &self.data.t
    }
    /// The live part: made once per snapshot and language for visitors, each
    /// time for an organizer (it holds the zero-sum check).
    pub fn region(&self) -> Cow<'_, str> {
        let region = StandingsRegion {
            lang: self.ctx.lang,
            organizer: self.ctx.is_organizer(),
            data: &self.data,
            rounds: &self.rounds,
        };
        if region.organizer {
            return Cow::Owned(region.html());
        }
        let slot = &self.data.rendered.standings_region[self.ctx.lang as usize];
        Cow::Borrowed(slot.get_or_init(|| region.html()))
    }
}

/// The live part of the standings page.
#[derive(askama::Template)]
#[template(path = "public/standings_region.html")]
pub struct StandingsRegion<'a> {
    /// The visitor's language.
    pub lang: Lang,
    /// Whether an organizer is looking (the zero-sum check shows).
    pub organizer: bool,
    /// What it shows.
    pub data: &'a Snapshot,
    /// Round numbers seated.
    pub rounds: &'a [RoundNo],
}

impl StandingsRegion<'_> {
    /// The message `key` with one argument.
    pub fn t1(&self, key: &str, name: &str, value: impl std::fmt::Display) -> String {
        self.lang.t_args(key, &[(name, value.to_string())])
    }
}

/// The rows of the projector's table.
#[derive(askama::Template)]
#[template(path = "public/projector_rows.html")]
pub struct ProjectorRows<'a> {
    /// What they show.
    pub data: &'a Snapshot,
    /// Round numbers seated.
    pub rounds: &'a [RoundNo],
}

macro_rules! rows_impl {
    ($t:ident) => {
        impl $t<'_> {
            /// A player's total in a round, as text.
            pub fn round_total(&self, line: usize, round: &RoundNo) -> String {
                round_total(&self.data.standings, line, *round)
            }
            /// As HTML (empty, and logged, if rendering failed).
            fn html(&self) -> String {
                askama::Template::render(self).unwrap_or_else(|e| {
                    tracing::error!(error = %e, "standings rows rendering failed");
                    String::new()
                })
            }
        }
    };
}
rows_impl!(StandingsRegion);
rows_impl!(ProjectorRows);

/// A player's total in a round, as text ("" where they did not play it).
pub fn round_total(s: &Standings, line: usize, round: RoundNo) -> String {
    s.lines[line]
        .rounds
        .get(&round)
        .map(|v| v.to_string())
        .unwrap_or_default()
}

/// "Tables done: 3/10" of a round's progress (the projector, the
/// organizer's round page).
pub fn tables_done(ctx: &Ctx, p: &Progress) -> String {
    let args = [("done", p.tables_done.to_string()), ("tables", p.tables.to_string())];
    ctx.lang.t_args("live-tables-done", &args)
}

/// The address of a tournament's live events (FORMATS.md, "Live updates").
pub fn live_url(tournament_id: TournamentId) -> String {
    format!("/api/tournaments/{tournament_id}/events")
}

#[derive(Deserialize)]
struct RoundQuery {
    round: Option<RoundNo>,
}

/// The standings page, from memory when nothing changed since it was read.
#[get("/tournaments/{id}/standings")]
async fn standings_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    q: web::Query<RoundQuery>,
) -> Result<HttpResponse, AppError> {
    let data = state.standings(path.into_inner(), q.round).await?;
    Ok(render::page(&StandingsPage::new(ctx, data)))
}

/// The projector view of the standings: large type for a room, every round,
/// the current round's progress, scrolling by itself when the list is long.
#[derive(askama::Template)]
#[template(path = "public/projector.html")]
pub struct ProjectorPage {
    /// Page context.
    pub ctx: Ctx,
    /// What it shows.
    pub data: Arc<Snapshot>,
    /// Round numbers seated.
    pub rounds: Vec<RoundNo>,
    /// The live events' address.
    pub live: String,
}

impl ProjectorPage {
    /// The tournament.
    pub fn t(&self) -> &Tournament {
        &self.data.t
    }
    /// The standings.
    pub fn s(&self) -> &Standings {
        &self.data.standings
    }
    /// The table's rows (made once per snapshot).
    pub fn rows(&self) -> &str {
        let rows = ProjectorRows {
            data: &self.data,
            rounds: &self.rounds,
        };
        self.data.rendered.projector_rows.get_or_init(|| rows.html())
    }
    /// The current round's progress.
    pub fn progress(&self) -> Option<&Progress> {
        self.data.progress.as_ref()
    }
    /// "Round 3 of 5, under way" (or "over").
    pub fn round_line(&self) -> String {
        let Some(p) = self.progress() else {
            return String::new();
        };
        let key = if p.closed {
            "live-round-closed"
        } else {
            "live-round-open"
        };
        self.ctx.lang.t_args(
            key,
            &[
                ("round", p.round.to_string()),
                ("rounds", self.t().rounds_planned.to_string()),
            ],
        )
    }
    /// "Tables done: 3/10".
    pub fn tables_done(&self, p: &Progress) -> String {
        tables_done(&self.ctx, p)
    }
    /// "Deals entered: 12/40".
    pub fn deals_in(&self, p: &Progress) -> String {
        let args = [
            ("done", p.deals_in.to_string()),
            ("expected", p.deals_expected.to_string()),
        ];
        self.ctx.lang.t_args("live-deals-in", &args)
    }
    /// Deals entered as a percentage of the round's deals (the bar's text).
    pub fn percent_done(&self) -> usize {
        match self.progress() {
            Some(p) if p.deals_expected > 0 => p.deals_in * 100 / p.deals_expected,
            _ => 0,
        }
    }
}

#[get("/tournaments/{id}/projector")]
async fn projector_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let data = state.standings(path.into_inner(), None).await?;
    Ok(render::page(&ProjectorPage {
        ctx,
        rounds: data.round_numbers(),
        live: live_url(data.t.id),
        data,
    }))
}

/// One round of a player's history.
pub struct PlayerRound {
    /// Round number.
    pub round: RoundNo,
    /// Table number.
    pub table: TableNo,
    /// The other players at the table.
    pub opponents: Vec<String>,
    /// Scores deal by deal ("" where the player sat out).
    pub deals: Vec<(i32, String)>,
    /// Round total.
    pub total: i64,
}

/// Where a player sits in the round under way.
pub struct CurrentSeat {
    /// Round number.
    pub round: RoundNo,
    /// Table number.
    pub table: TableNo,
    /// Place at the table, 1-based, in playing order.
    pub seat: usize,
    /// The other players at the table, in playing order.
    pub others: Vec<String>,
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
    /// Their table and seat in the round under way, if they play it.
    pub current: Option<CurrentSeat>,
}

impl PlayerPage {
    /// "Round 3 under way: table 5, seat 2".
    pub fn current_line(&self, c: &CurrentSeat) -> String {
        let args = [
            ("round", c.round.to_string()),
            ("table", c.table.to_string()),
            ("seat", c.seat.to_string()),
        ];
        self.ctx.lang.t_args("live-current-seat", &args)
    }
}

/// A player's page: a constant number of queries (eleven), however many rounds
/// were played (`tests/query_count.rs` holds it to that).
pub fn load_player_page(
    conn: &mut AnyConnection,
    ctx: Ctx,
    id: TournamentId,
    pid: PlayerId,
) -> Result<PlayerPage, AppError> {
    let t = tournaments::get(conn, id)?;
    Registration::find(conn, id, pid)?.ok_or(AppError::NotFound)?;
    let player = Player::find(conn, pid)?.ok_or(AppError::NotFound)?;
    let s = standings::compute(conn, id, None)?;
    let line = s.lines.iter().find(|l| l.player == pid);
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
    let open = Round::for_tournament(conn, id)?
        .pop()
        .filter(|r| !r.is_closed())
        .map(|r| r.number);
    let current = tables
        .iter()
        .find(|(round, _)| Some(*round) == open)
        .map(|(round, table)| {
            let at: Vec<&(i32, PlayerId, String)> = mates.iter().filter(|(tid, _, _)| *tid == table.id).collect();
            CurrentSeat {
                round: *round,
                table: table.number,
                seat: at.iter().position(|(_, p, _)| *p == pid).map_or(0, |i| i + 1),
                others: at
                    .iter()
                    .filter(|(_, p, _)| *p != pid)
                    .map(|(_, _, name)| name.clone())
                    .collect(),
            }
        });
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
        current,
    })
}

#[get("/tournaments/{id}/players/{pid}")]
async fn player_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, PlayerId)>,
) -> Result<HttpResponse, AppError> {
    let (id, pid) = path.into_inner();
    let page = state.db(move |conn| load_player_page(conn, ctx, id, pid)).await?;
    Ok(render::page(&page))
}
