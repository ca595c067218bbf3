//! The tournament's main organizer page: settings, players, constraints, rounds.

use actix_web::http::StatusCode;
use actix_web::{get, web, HttpResponse};

use crate::db::models::{Deal, Registration, Round, RoundTable, SeatingConstraint, Tournament};
use crate::db::ops::players::PlayerForm;
use crate::db::ops::rounds::{active_players, missing_of};
use crate::db::ops::tournaments;
use crate::db::AnyConnection;
use crate::tournament::ids::{PlayerId, RoundNo, TournamentId};
use crate::tournament::table::{Constraint, Table5Mode};
use crate::web::filters;

use super::super::{render, AppError, AppState, Ctx, OrgPage};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(show);
}

/// A registered player, as the dashboard lists them.
pub struct RegView {
    /// Player id.
    pub id: PlayerId,
    /// Name.
    pub name: String,
    /// Club.
    pub club: String,
    /// Licence.
    pub licence: String,
    /// Status message key.
    pub status: &'static str,
    /// Present.
    pub checked_in: bool,
    /// Withdrawn.
    pub withdrawn: bool,
    /// First round they play.
    pub first_round: RoundNo,
}

/// A round, as the dashboard lists it.
pub struct RoundView {
    /// Number.
    pub number: RoundNo,
    /// Closed.
    pub closed: bool,
    /// Tables with deals missing.
    pub tables_missing: usize,
}

/// A constraint, readable.
pub struct ConstraintView {
    /// Row id.
    pub id: i32,
    /// Sentence.
    pub text: String,
}

/// Everything the dashboard shows.
pub struct Dashboard {
    /// The tournament.
    pub t: Tournament,
    /// Its players.
    pub regs: Vec<RegView>,
    /// Its rounds.
    pub rounds: Vec<RoundView>,
    /// Its constraints.
    pub constraints: Vec<ConstraintView>,
    /// Number of the next round.
    pub next_round: RoundNo,
    /// Players who would be seated in the next round.
    pub next_count: usize,
}

/// Loads the dashboard's data.
pub fn load(conn: &mut AnyConnection, id: TournamentId, ctx: &Ctx) -> Result<Dashboard, AppError> {
    let t = tournaments::get(conn, id)?;
    let last = Round::last_number(conn, id)?;
    let next_round = last + 1;
    let regs_players = Registration::with_players(conn, id)?;
    let names: std::collections::HashMap<PlayerId, String> =
        regs_players.iter().map(|(_, p)| (p.id, p.name.clone())).collect();
    let regs = regs_players
        .into_iter()
        .map(|(r, p)| {
            let status = if r.withdrawn_after.is_some() {
                "status-withdrawn"
            } else if !r.checked_in {
                "status-registered"
            } else if r.late_from().is_some() {
                "status-late"
            } else {
                "status-present"
            };
            RegView {
                id: p.id,
                name: p.name,
                club: p.club,
                licence: p.licence.unwrap_or_default(),
                status,
                checked_in: r.checked_in,
                withdrawn: r.withdrawn_after.is_some(),
                first_round: r.first_round,
            }
        })
        .collect();
    // Every round's missing tables from two queries, not two per round.
    let tables = RoundTable::of_tournament(conn, id)?;
    let entered = Deal::entered_in_tournament(conn, id)?;
    let rounds = Round::for_tournament(conn, id)?
        .into_iter()
        .map(|r| {
            let of_round: Vec<RoundTable> = tables
                .iter()
                .filter(|(_, t)| t.round_id == r.id)
                .map(|(_, t)| t.clone())
                .collect();
            RoundView {
                number: r.number,
                closed: r.is_closed(),
                tables_missing: missing_of(&of_round, &entered).len(),
            }
        })
        .collect();
    let name = |p: PlayerId| names.get(&p).cloned().unwrap_or_else(|| format!("#{p}"));
    let constraints = SeatingConstraint::for_tournament(conn, id)?
        .into_iter()
        .map(|c| {
            let text = match c.constraint()? {
                Constraint::Apart(a, b) => ctx
                    .lang
                    .t_args("constraint-apart-text", &[("a", name(a)), ("b", name(b))]),
                Constraint::Fixed(a, tn) => ctx
                    .lang
                    .t_args("constraint-fixed-text", &[("a", name(a)), ("table", tn.to_string())]),
            };
            Ok(ConstraintView { id: c.id, text })
        })
        .collect::<diesel::QueryResult<_>>()?;
    let next_count = active_players(conn, id, next_round)?.len();
    Ok(Dashboard {
        t,
        regs,
        rounds,
        constraints,
        next_round,
        next_count,
    })
}

/// The dashboard page.
#[derive(askama::Template)]
#[template(path = "organizer/dashboard.html")]
pub struct DashboardPage {
    /// Page context.
    pub ctx: Ctx,
    /// Data.
    pub d: Dashboard,
    /// The add-player form as typed.
    pub player: PlayerForm,
    /// What was refused, if anything.
    pub error: Option<String>,
    /// A notice (after an import).
    pub notice: Option<String>,
}

impl DashboardPage {
    /// Counts players by status key.
    pub fn count(&self, status: &str) -> usize {
        self.d.regs.iter().filter(|r| r.status == status).count()
    }
}

/// Renders the dashboard, with an error and the form as typed.
pub async fn render_dashboard(
    state: &AppState,
    ctx: Ctx,
    id: TournamentId,
    player: PlayerForm,
    error: Option<String>,
    notice: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let c = ctx.clone();
    let d = state.db(move |conn| load(conn, id, &c)).await?;
    Ok(render::page_with_status(
        &DashboardPage {
            ctx,
            d,
            player,
            error,
            notice,
        },
        status,
    ))
}

#[derive(serde::Deserialize)]
struct ShowQuery {
    /// The round whose start was just undone.
    #[serde(default)]
    undone: Option<String>,
}

#[get("/tournaments/{id}")]
async fn show(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<TournamentId>,
    q: web::Query<ShowQuery>,
) -> Result<HttpResponse, AppError> {
    let player = PlayerForm {
        checked_in: Some("on".into()),
        ..Default::default()
    };
    // Only a round number is said back.
    let undone = q.undone.as_deref().and_then(|n| n.parse::<RoundNo>().ok());
    let notice = undone.map(|n| ctx.t1("round-undone", "round", n));
    render_dashboard(&state, ctx, path.into_inner(), player, None, notice, StatusCode::OK).await
}
