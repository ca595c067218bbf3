//! The tournament's main organizer page: settings, players, constraints, rounds.

use actix_web::http::StatusCode;
use actix_web::{get, web, HttpResponse};

use crate::db::models::{room, Deal, Player, Registration, Round, RoundTable, SeatingConstraint, Tournament};
use crate::db::ops::rounds::{active_players, missing_of};
use crate::db::ops::tournaments;
use crate::db::AnyConnection;
use crate::tournament::duplicate::{Comparison, Format};
use crate::tournament::ids::{PlayerId, RoundNo, TournamentId};
use crate::tournament::rooms::Layout;
use crate::tournament::table::{Constraint, Table5Mode};
use crate::web::filters;
use crate::web::player_form::PlayerForm;
use crate::web::public::find::folded;

use super::super::{render, AppError, AppState, Ctx, OrgPage};

pub use super::pager::{Pager, PAGE};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(show);
}

/// A registered player, as the dashboard lists them.
#[derive(Clone)]
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
    /// Whether a tap on their row marks them present, or registered again
    /// (not once withdrawn, nor once they have been seated).
    pub tappable: bool,
    /// What the search box compares with: name and licence, folded.
    pub search: String,
    /// Whether the search typed keeps the row on show.
    pub shown: bool,
}

impl RegView {
    /// A registration as the dashboard lists it, `next_round` being the next
    /// round to seat.
    pub fn new(r: Registration, p: Player, next_round: RoundNo) -> RegView {
        let withdrawn = r.withdrawn_after.is_some();
        let status = if withdrawn {
            "status-withdrawn"
        } else if !r.checked_in {
            "status-registered"
        } else if r.late_from().is_some() {
            "status-late"
        } else {
            "status-present"
        };
        let licence = p.licence.unwrap_or_default();
        let search = format!("{} {}", folded(&p.name), folded(&licence)).trim().to_owned();
        RegView {
            id: p.id,
            name: p.name,
            club: p.club,
            licence,
            status,
            checked_in: r.checked_in,
            withdrawn,
            first_round: r.first_round,
            // Seated already (a round was started with them): undoing their
            // check-in is refused, so the row does not offer it.
            tappable: !(withdrawn || r.checked_in && r.first_round < next_round),
            search,
            shown: true,
        }
    }
}

/// Keeps on show the rows that match `q` (folded once, as "find my name"
/// folds; an empty search keeps every row).
pub fn filter(regs: &mut [RegView], q: &str) {
    let want = folded(q);
    for r in regs {
        r.shown = want.is_empty() || r.search.contains(&want);
    }
}

/// How many players of each status: the line above the list.
pub fn count(regs: &[RegView], status: &str) -> usize {
    regs.iter().filter(|r| r.status == status).count()
}

/// The players of a tournament as the dashboard lists them: by surname,
/// then first name.
pub fn reg_views(conn: &mut AnyConnection, id: TournamentId, next_round: RoundNo) -> diesel::QueryResult<Vec<RegView>> {
    let mut regs = Registration::with_players(conn, id)?;
    regs.sort_by_cached_key(|(_, p)| crate::db::ops::players::surname_order(&p.name));
    Ok(regs.into_iter().map(|(r, p)| RegView::new(r, p, next_round)).collect())
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
    /// Its rooms.
    pub rooms: Layout,
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
    let regs = reg_views(conn, id, next_round)?;
    let names: std::collections::HashMap<PlayerId, String> = regs.iter().map(|r| (r.id, r.name.clone())).collect();
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
    let rooms = room::layout(conn, id)?;
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
                Constraint::Room(a, r) => ctx.lang.t_args(
                    "constraint-room-text",
                    &[
                        ("a", name(a)),
                        (
                            "room",
                            rooms
                                .room(r)
                                .map_or_else(|| format!("#{r}"), |r| crate::web::filters::isolated(&r.name)),
                        ),
                    ],
                ),
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
        rooms,
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
    /// The search typed in the box above the players (`?q=`).
    pub q: String,
    /// Which players the list holds.
    pub pager: Pager,
}

impl DashboardPage {
    /// The page a row's form keeps for the way back (0: the whole list).
    pub fn row_page(&self) -> usize {
        if self.pager.partial {
            self.pager.page
        } else {
            0
        }
    }

    /// The rows of the list.
    pub fn listed(&self) -> Vec<&RegView> {
        self.pager.rows(&self.d.regs, |r| r.shown)
    }

    /// "Joueurs 201 à 400 sur 2 000" below a partial list.
    pub fn range_line(&self) -> String {
        let (from, to) = self.pager.window();
        let args = [
            ("from", (from + 1).min(to).to_string()),
            ("to", to.to_string()),
            ("count", self.pager.matched.to_string()),
        ];
        self.ctx.lang.t_args("pager-range", &args)
    }

    /// The address of page `n` of the list (the search kept).
    pub fn page_link(&self, n: usize) -> String {
        let q = self.q.trim();
        let q = if q.is_empty() {
            String::new()
        } else {
            format!("&q={}", crate::web::error_page::url_encode(q))
        };
        format!("/tournaments/{}?page={n}{q}#players", self.d.t.id)
    }

    /// Counts players by status key.
    pub fn count(&self, status: &str) -> usize {
        count(&self.d.regs, status)
    }

    /// The number of players the search keeps on show.
    pub fn shown(&self) -> usize {
        self.d.regs.iter().filter(|r| r.shown).count()
    }

    /// How many registered players "everyone is here" would mark present.
    pub fn waiting(&self) -> usize {
        count(&self.d.regs, "status-registered")
    }
}

/// What a dashboard shows beside its data: the add-player form as typed,
/// a refusal, a notice, the search.
#[derive(Default)]
pub struct Shown {
    /// The add-player form as typed.
    pub player: PlayerForm,
    /// What was refused, if anything.
    pub error: Option<String>,
    /// A notice.
    pub notice: Option<String>,
    /// The search typed (`?q=`).
    pub q: String,
    /// The page of the list asked for (`?page=`, from 1).
    pub page: usize,
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
    let shown = Shown {
        player,
        error,
        notice,
        q: String::new(),
        page: 1,
    };
    render_shown(state, ctx, id, shown, status).await
}

/// Renders the dashboard with what [`Shown`] says.
pub async fn render_shown(
    state: &AppState,
    ctx: Ctx,
    id: TournamentId,
    shown: Shown,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let c = ctx.clone();
    let mut d = state.db(move |conn| load(conn, id, &c)).await?;
    filter(&mut d.regs, &shown.q);
    let matched = d.regs.iter().filter(|r| r.shown).count();
    let pager = Pager::of(matched, d.regs.len(), shown.page);
    Ok(render::page_with_status(
        &DashboardPage {
            ctx,
            d,
            player: shown.player,
            error: shown.error,
            notice: shown.notice,
            q: shown.q,
            pager,
        },
        status,
    ))
}

#[derive(serde::Deserialize)]
struct ShowQuery {
    /// The round whose start was just undone.
    #[serde(default)]
    undone: Option<String>,
    /// How many players "everyone is here" just marked present.
    #[serde(default)]
    checked: Option<String>,
    /// The search typed in the box above the players.
    #[serde(default)]
    q: String,
    /// The page of the player list.
    #[serde(default)]
    page: Option<String>,
}

#[get("/tournaments/{id}")]
async fn show(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<TournamentId>,
    q: web::Query<ShowQuery>,
) -> Result<HttpResponse, AppError> {
    let q = q.into_inner();
    let player = PlayerForm {
        checked_in: Some("on".into()),
        ..Default::default()
    };
    // Only numbers are said back.
    let undone = q.undone.as_deref().and_then(|n| n.parse::<RoundNo>().ok());
    let checked = q.checked.as_deref().and_then(|n| n.parse::<usize>().ok());
    let notice = undone
        .map(|n| ctx.t1("round-undone", "round", n))
        .or_else(|| checked.map(|n| ctx.t1("checkin-all-done", "count", n)));
    let shown = Shown {
        player,
        error: None,
        notice,
        q: q.q,
        page: q.page.as_deref().and_then(|p| p.trim().parse().ok()).unwrap_or(1),
    };
    render_shown(&state, ctx, path.into_inner(), shown, StatusCode::OK).await
}
