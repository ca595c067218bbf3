//! Rounds for the organizer: start the next one, see its tables and how
//! far each is, close it.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use serde::Deserialize;

use crate::db::models::{room, Deal, Player, Round, RoundTable, Tournament};
use crate::db::ops::deals::Played;
use crate::db::ops::round_edits::undo_blocker;
use crate::db::ops::rounds::{self, missing_of};
use crate::db::ops::tournaments;
use crate::db::AnyConnection;
use crate::tournament::ids::{GameId, PlayerId, RoundNo, TableNo, TournamentId};
use crate::tournament::seating::SeatingReport;
use crate::tournament::table::dealer_seat;
use crate::web::clock::ClockView;
use crate::web::filters;
use crate::web::settings::round_minutes;

use super::super::csrf::CsrfForm;
use super::super::form::{attempt, see_other, Refused};
use super::super::links::SiteUrl;
use super::super::live::Progress;
use super::super::{render, AppError, AppState, Ctx, OrgPage};
use super::dashboard::render_dashboard;
pub use super::seat_form::SeatForm;
pub use super::table_mode::TableMode;

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(start).service(show).service(close);
}

#[derive(Deserialize)]
struct StartForm {
    #[serde(default)]
    expected: String,
    /// Force the close of the round still open.
    #[serde(default)]
    close_previous: Option<String>,
    /// The round's length in minutes (empty: not timed; absent: the
    /// tournament's setting).
    #[serde(default)]
    minutes: Option<String>,
}

#[post("/tournaments/{id}/rounds")]
async fn start(
    OrgPage { ctx, user, state }: OrgPage,
    path: web::Path<TournamentId>,
    form: CsrfForm<StartForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let expected = form.0.expected.trim().parse::<RoundNo>().ok();
    let close_previous = form.0.close_previous.is_some();
    let minutes = form.0.minutes;
    let actor = user.username;
    let r = state
        .write(move |tx| {
            attempt(tx, ctx.lang, |tx| {
                let timing = match minutes.as_deref() {
                    None => rounds::Timing::Setting,
                    Some(m) => round_minutes(m, "minutes")?.map_or(rounds::Timing::Untimed, rounds::Timing::For),
                };
                rounds::start_timed(tx, id, expected, close_previous, timing, &actor)
            })
        })
        .await?;
    match r {
        Ok(seated) => Ok(see_other(format!("/tournaments/{id}/rounds/{}", seated.round))),
        Err(Refused { status, message }) => {
            let error = Some(message);
            render_dashboard(&state, ctx, id, Default::default(), error, None, status).await
        }
    }
}

/// A seat as the players name it: place 1..n in playing order (the
/// machine interfaces number the same seats from 0).
pub struct SeatView {
    /// The player.
    pub id: PlayerId,
    /// Place, from 1.
    pub place: usize,
    /// The player's name.
    pub name: String,
    /// Whether this player deals deal 1.
    pub deals_first: bool,
}

/// The seats of a table whose players (id, name) are in seat order.
pub fn seat_views(players: Vec<(PlayerId, String)>) -> Vec<SeatView> {
    let first_dealer = dealer_seat(players.len(), 1);
    players
        .into_iter()
        .enumerate()
        .map(|(i, (id, name))| SeatView {
            id,
            place: i + 1,
            name,
            deals_first: i == first_dealer,
        })
        .collect()
}

/// A table on the round page.
pub struct TableView {
    /// Number.
    pub number: TableNo,
    /// The room's name, on the first table of each room.
    pub room_head: Option<String>,
    /// The table as its room calls it, room included ("Mezzanine · table 2").
    pub full_name: String,
    /// The number its room shows (under its room's heading: "Table 3").
    pub shown: i32,
    /// The players by place.
    pub seats: Vec<SeatView>,
    /// Deals entered.
    pub entered: usize,
    /// Deals to play.
    pub deal_count: i32,
    /// The tablet's full link.
    pub link: String,
    /// Deals entered and waiting for a defender's confirmation.
    pub pending: Vec<i32>,
    /// The game playing it on the devices, if it does.
    pub game: Option<GameId>,
    /// How it enters its deals.
    pub mode: TableMode,
}

impl TableView {
    /// Whether a slot is still empty (the devices may play from there).
    pub fn slots_left(&self) -> bool {
        (self.entered as i64) < i64::from(self.deal_count)
    }

    /// The deals waiting for a confirmation, as a list.
    pub fn pending_list(&self) -> String {
        self.pending
            .iter()
            .map(|k| k.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The round page.
#[derive(askama::Template)]
#[template(path = "organizer/round.html")]
pub struct RoundPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Round number.
    pub number: RoundNo,
    /// Closed.
    pub closed: bool,
    /// Tables.
    pub tables: Vec<TableView>,
    /// Tables with missing deals.
    pub missing: Vec<(TableNo, Vec<i32>)>,
    /// Refusal to show.
    pub error: Option<String>,
    /// How far the round is.
    pub progress: Progress,
    /// The live events' address.
    pub live: String,
    /// The host the table links use when phones cannot reach it (a
    /// loopback address: the server listens on this computer alone).
    pub unreachable_links: Option<String>,
    /// What went well (players moved or swapped).
    pub notice: Option<String>,
    /// The seat change as typed (player, with), kept after a refusal.
    pub seat_form: SeatForm,
    /// Whether its start can be undone (the last round, open, no deal).
    pub undoable: bool,
    /// Repeated encounters over the tournament's rounds seated so far
    /// (the seating report's figure).
    pub repeats: u64,
    /// A timed round's countdown.
    pub clock: Option<ClockView>,
    /// The robots seated (never offered in the change of seats).
    pub bots: Vec<PlayerId>,
    /// The round to start now: this one is the last seated, closed, and
    /// rounds remain.
    pub start_next: Option<RoundNo>,
    /// Team-mates seated at one table, said (a team event).
    pub mates: Vec<String>,
}

impl RoundPage {
    /// "Tables done: 3/10".
    pub fn tables_done(&self) -> String {
        super::super::public::tables_done(&self.ctx, &self.progress)
    }
    /// Whether the player `id` is one the change of seats offers: no robot.
    pub fn movable(&self, id: &PlayerId) -> bool {
        !self.bots.contains(id)
    }

    /// Whether a player may be moved to a table (one more seat there): not
    /// in a duplicate tournament, whose tables play at 4.
    pub fn moves_to_tables(&self) -> bool {
        self.t.format != crate::tournament::duplicate::Format::Duplicate
    }

    /// The missing tables as a list.
    pub fn missing_list(&self) -> String {
        self.missing
            .iter()
            .map(|(t, _)| t.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// What a round page says besides the round: a refusal or a notice, and
/// the seat change as typed.
#[derive(Clone, Default)]
pub struct Said {
    /// Refusal to show.
    pub error: Option<String>,
    /// What went well.
    pub notice: Option<String>,
    /// The seat change form as typed.
    pub seat_form: SeatForm,
}

impl Said {
    /// A refusal said at the top of the page.
    pub fn error(message: String) -> Said {
        Said {
            error: Some(message),
            ..Said::default()
        }
    }
}

/// The round page: a dozen queries, whatever the number of tables.
fn load_round(
    conn: &mut AnyConnection,
    ctx: Ctx,
    id: TournamentId,
    n: RoundNo,
    site: &SiteUrl,
    said: Said,
) -> Result<RoundPage, AppError> {
    let t = tournaments::get(conn, id)?;
    let round = Round::find(conn, id, n)?.ok_or(AppError::NotFound)?;
    let seated = RoundTable::with_players_of_round(conn, round.id)?;
    let entered = Deal::entered_in_round(conn, round.id)?;
    let pending = Deal::pending_in_round(conn, round.id)?;
    let tables: Vec<RoundTable> = seated.iter().map(|(t, _)| t.clone()).collect();
    let ids: Vec<i32> = tables.iter().map(|t| t.id).collect();
    let played = Played::of_tables(conn, &ids)?;
    let missing = missing_of(&tables, &entered);
    let undoable = undo_blocker(conn, id, &round)?.is_none();
    let next = n + 1;
    let start_next =
        (round.is_closed() && Round::last_number(conn, id)? == n && next.get() <= t.rounds_planned).then_some(next);
    let repeats = SeatingReport::from_rounds(&crate::db::ops::round_seating::history(conn, id)?).repeats;
    let progress = Progress::of(&round, &tables, &entered);
    let clock = ClockView::of(&round, &ctx);
    let rooms = room::layout(conn, id)?;
    let mates = match t.teams {
        None => Vec::new(),
        Some(_) => {
            let at: Vec<_> = seated.iter().map(|(t, p)| (t.number, p.clone())).collect();
            super::teams::mates_together(&ctx, &crate::db::models::Teams::of(conn, id)?, &at)
        }
    };
    // Deals entered and waiting, by table (500 tables: one pass each).
    let mut entered_at: HashMap<i32, usize> = HashMap::new();
    for (tid, _) in &entered {
        *entered_at.entry(*tid).or_default() += 1;
    }
    let mut pending_at: HashMap<i32, Vec<i32>> = HashMap::new();
    for (tid, k) in pending {
        pending_at.entry(tid).or_default().push(k);
    }
    let tables = seated
        .into_iter()
        .map(|(table, players)| TableView {
            number: table.number,
            full_name: ctx.table_name(&rooms, table.number),
            shown: rooms.label(table.number).number,
            room_head: rooms.opened_by(table.number).map(|r| r.name.clone()),
            seats: seat_views(players),
            entered: entered_at.get(&table.id).copied().unwrap_or(0),
            deal_count: table.deal_count,
            link: site.table_link(&table.token),
            pending: pending_at.remove(&table.id).unwrap_or_default(),
            game: played.get(&table.id).map(|p| p.game),
            mode: TableMode::of(played.get(&table.id)),
        })
        .collect();
    Ok(RoundPage {
        ctx,
        live: super::super::live::sse::live_url(t.id),
        t,
        progress,
        number: n,
        closed: round.is_closed(),
        tables,
        missing,
        error: said.error,
        notice: said.notice,
        seat_form: said.seat_form,
        undoable,
        repeats,
        clock,
        start_next,
        mates,
        bots: Player::bot_players(conn)?.into_iter().map(|p| p.id).collect(),
        unreachable_links: (!site.reachable()).then(|| site.host().to_owned()),
    })
}

/// The round page, with what it says, answered with `status`.
pub(in crate::web) async fn render_round(
    state: &AppState,
    ctx: Ctx,
    (id, n): (TournamentId, RoundNo),
    site: SiteUrl,
    said: Said,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let page = state.db(move |conn| load_round(conn, ctx, id, n, &site, said)).await?;
    Ok(render::page_with_status(&page, status))
}

#[derive(Deserialize)]
struct ShowQuery {
    /// Players were just moved or swapped.
    #[serde(default)]
    reseated: Option<String>,
}

#[get("/tournaments/{id}/rounds/{n}")]
async fn show(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<(TournamentId, RoundNo)>,
    q: web::Query<ShowQuery>,
    site: SiteUrl,
) -> Result<HttpResponse, AppError> {
    let said = Said {
        notice: q.reseated.is_some().then(|| ctx.t("seats-changed")),
        ..Said::default()
    };
    render_round(&state, ctx, path.into_inner(), site, said, StatusCode::OK).await
}

#[derive(Deserialize)]
struct CloseForm {
    #[serde(default)]
    force: String,
}

#[post("/tournaments/{id}/rounds/{n}/close")]
async fn close(
    OrgPage { ctx, user, state }: OrgPage,
    path: web::Path<(TournamentId, RoundNo)>,
    site: SiteUrl,
    form: CsrfForm<CloseForm>,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    let force = !form.0.force.is_empty();
    let actor = user.username;
    let r = state
        .write(move |tx| attempt(tx, ctx.lang, |tx| rounds::close(tx, id, n, force, &actor)))
        .await?;
    match r {
        Ok(()) => Ok(see_other(format!("/tournaments/{id}/rounds/{n}"))),
        Err(Refused { status, message }) => {
            let said = Said {
                error: Some(message),
                ..Said::default()
            };
            render_round(&state, ctx, (id, n), site, said, status).await
        }
    }
}
