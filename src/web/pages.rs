//! Public pages: home, language switch, static files.

use actix_web::http::header;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::db::models::{Round, Tournament};
use crate::i18n::Lang;
use crate::tournament::ids::TournamentId;
use crate::tournament::phase::{phase, Phase};
use crate::tournament::table::RoundStatus;
use crate::web::filters;

use super::csrf::CsrfForm;
use super::ctx::{cookie, LANG_COOKIE};
use super::{render, AppError, AppState, Ctx};

/// Routes of this module.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(home)
        .service(switch_lang)
        .service(style_css)
        .service(entry_js)
        .service(outbox_js)
        .service(score_js)
        .service(live_js)
        .service(clock_js)
        .service(checkin_js);
}

/// The home page.
#[derive(askama::Template)]
#[template(path = "home.html")]
pub struct HomePage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournaments under way, for a spectator to follow.
    pub running: Vec<Listed<Tournament>>,
    /// Tournaments not started yet (the next five).
    pub upcoming: Vec<Listed<Tournament>>,
    /// Tournaments finished (the latest ten).
    pub recent: Vec<Listed<Tournament>>,
    /// The server's clubs, each with its page (none on a server of one club).
    pub clubs: Vec<crate::db::ops::clubs::Club>,
}

#[get("/")]
async fn home(ctx: Ctx, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let (tournaments, statuses, clubs) = state
        .db(|conn| {
            let list = Tournament::list(conn)?;
            let ids: Vec<TournamentId> = list.iter().map(|t| t.id).collect();
            let statuses = Round::statuses(conn, &ids)?;
            Ok((list, statuses, crate::db::ops::clubs::list(conn)?))
        })
        .await?;
    let (running, upcoming, recent) = by_phase(&state, tournaments, &statuses);
    let listed = |ts: Vec<Tournament>| ts.into_iter().map(|item| Listed { item, by: None }).collect();
    // A server of one club lists no clubs: it looks as it always did.
    let clubs = if clubs.len() > 1 { clubs } else { Vec::new() };
    Ok(render::page(&HomePage {
        ctx,
        running: listed(running),
        upcoming: listed(upcoming),
        recent: listed(recent),
        clubs,
    }))
}

/// A tournament or a season on a list, with the club that runs it when
/// that is not the page's own (a circuit's, on a club's page).
pub struct Listed<T> {
    /// The tournament or season.
    pub item: T,
    /// The club that runs it, when said.
    pub by: Option<String>,
}

/// Tournaments under way, the next five to come (soonest first) and the
/// latest ten finished (latest first), from their rounds' `statuses`.
pub fn by_phase(
    state: &AppState,
    tournaments: Vec<Tournament>,
    statuses: &[(TournamentId, RoundStatus)],
) -> (Vec<Tournament>, Vec<Tournament>, Vec<Tournament>) {
    let today = chrono::Utc::now().with_timezone(&state.config.timezone).date_naive();
    let (mut running, mut upcoming, mut recent) = (Vec::new(), Vec::new(), Vec::new());
    for t in tournaments {
        let rounds: Vec<RoundStatus> = statuses.iter().filter(|(id, _)| *id == t.id).map(|(_, s)| *s).collect();
        match phase(t.rounds_planned, &rounds, &t.event_date, today) {
            Phase::Running => running.push(t),
            Phase::Upcoming => upcoming.push(t),
            Phase::Finished => recent.push(t),
        }
    }
    upcoming.sort_by(|a, b| a.event_date.cmp(&b.event_date));
    upcoming.truncate(5);
    recent.sort_by(|a, b| b.event_date.cmp(&a.event_date).then(b.id.cmp(&a.id)));
    recent.truncate(10);
    (running, upcoming, recent)
}

#[derive(Deserialize)]
struct LangForm {
    lang: String,
    #[serde(default)]
    back: String,
}

/// Only local paths are followed back, never another site.
pub fn safe_local_path(p: &str) -> &str {
    if p.starts_with('/') && !p.starts_with("//") && !p.contains('\\') {
        p
    } else {
        "/"
    }
}

#[post("/lang")]
async fn switch_lang(req: HttpRequest, form: CsrfForm<LangForm>) -> Result<HttpResponse, AppError> {
    let form = form.0;
    let lang =
        Lang::from_code(&form.lang).ok_or_else(|| AppError::BadForm(format!("unknown language {:?}", form.lang)))?;
    let c = cookie(&req, LANG_COOKIE, lang.code().to_owned(), Some(365));
    Ok(HttpResponse::SeeOther()
        .cookie(c)
        .insert_header((header::LOCATION, safe_local_path(&form.back).to_owned()))
        .finish())
}

/// A script of ours, cached for an hour.
fn script(body: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(body)
}

/// The deal form's live preview.
#[get("/static/entry.js")]
async fn entry_js() -> HttpResponse {
    script(include_str!("../../static/entry.js"))
}

/// The outbox of the table pages: entries kept through a Wi-Fi drop.
#[get("/static/outbox.js")]
async fn outbox_js() -> HttpResponse {
    script(include_str!("../../static/outbox.js"))
}

/// FFT scoring in the page, for the deal form's preview while offline.
#[get("/static/score.js")]
async fn score_js() -> HttpResponse {
    script(include_str!("../../static/score.js"))
}

#[get("/static/style.css")]
async fn style_css() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(include_str!("../../static/style.css"))
}

/// The one script of the live pages (CSP: no inline script).
#[get("/static/live.js")]
async fn live_js() -> HttpResponse {
    script(include_str!("../../static/live.js"))
}

/// The countdown of a timed round (web::clock).
#[get("/static/clock.js")]
async fn clock_js() -> HttpResponse {
    script(include_str!("../../static/clock.js"))
}

/// The dashboard's check-in at the door: a tap marks a player present
/// without reloading the page, the search box filters as one types.
#[get("/static/checkin.js")]
async fn checkin_js() -> HttpResponse {
    script(include_str!("../../static/checkin.js"))
}
