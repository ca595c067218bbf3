//! The organizer's side of digital play: casual games (list, new, page),
//! bots in seats, and tournament tables set to digital play.

use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpResponse};
use askama::Template;

use crate::db::models::{room, GameDeal, GameRow, GameSeat, RoundTable};
use crate::db::ops::games::{self, BotKind, CasualGame, GameState, Pace};
use crate::db::ops::{Msg, OpError};
use crate::tournament::ids::GameId;
use crate::tournament::ids::{RoundNo, TableNo, TournamentId};
use crate::web::filters;

use super::super::csrf::CsrfForm;
use super::super::form::{attempt, see_other, Refused};
use super::super::links::{qr_svg_inline, SiteUrl};
use super::super::organizer::rounds::{render_round, Said};
use super::super::{render, AppError, Ctx, OrgPage};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list)
        .service(create)
        .service(show)
        .service(seat_bot)
        .service(table_digital)
        .service(round_digital);
}

/// A casual game in the list.
#[derive(Debug, Clone)]
pub struct GameLine {
    /// Id.
    pub id: GameId,
    /// Seats' names.
    pub names: String,
    /// Deals played / planned.
    pub progress: String,
}

/// The casual games page, with the form of a new one.
#[derive(Template)]
#[template(path = "play/games.html")]
pub struct GamesPage {
    /// Page context.
    pub ctx: Ctx,
    /// The games.
    pub games: Vec<GameLine>,
    /// The refusal of the form.
    pub error: Option<String>,
    /// The form as typed: (name, value).
    pub form: Vec<(String, String)>,
}

impl GamesPage {
    /// The value typed in a field (or its default).
    pub fn value(&self, name: &str, default: &str) -> String {
        self.form
            .iter()
            .find(|(k, _)| k == name)
            .map_or(default.to_owned(), |(_, v)| v.clone())
    }

    /// Whether a seat's "who plays" choice is `kind`.
    pub fn who_is(&self, seat: &usize, kind: &str) -> bool {
        let default = if *seat == 0 {
            "human"
        } else {
            crate::bots::BotKind::DEFAULT.name()
        };
        self.value(&format!("who{seat}"), default) == kind
    }
}

fn game_lines(conn: &mut crate::db::AnyConnection) -> Result<Vec<GameLine>, AppError> {
    let mut out = Vec::new();
    // Seats and deals only: no deal needs rebuilding for a list.
    for g in GameRow::casual(conn)?.into_iter().take(50) {
        let seats = GameSeat::of_game(conn, g.id)?;
        let done = GameDeal::of_game(conn, g.id)?
            .iter()
            .filter(|d| d.log.is_some())
            .count();
        out.push(GameLine {
            id: g.id,
            names: seats.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", "),
            progress: format!("{done} / {}", g.deal_count),
        });
    }
    Ok(out)
}

#[get("/games")]
async fn list(page: OrgPage) -> Result<HttpResponse, AppError> {
    let OrgPage { ctx, state, .. } = page;
    let games = state.db(|conn| game_lines(conn)).await?;
    Ok(render::page(&GamesPage {
        ctx,
        games,
        error: None,
        form: Vec::new(),
    }))
}

/// The new game the form asks for; a seat left without a name is named in
/// the page's language ("Robot 2", "Place 3").
fn casual_from_form(pairs: &[(String, String)], lang: crate::i18n::Lang) -> Result<CasualGame, OpError> {
    let get = |k: &str| pairs.iter().find(|(n, _)| n == k).map_or("", |(_, v)| v.trim());
    let players: u8 = get("players")
        .parse()
        .ok()
        .filter(|p| (3..=6).contains(p))
        .ok_or_else(|| OpError::Invalid(Msg::new("game-players").arg("players", get("players"))))?;
    let deals: i32 = get("deals")
        .parse()
        .ok()
        .filter(|d| (1..=games::MAX_DEALS).contains(d))
        .ok_or_else(|| OpError::Invalid(Msg::new("game-deals").arg("max", games::MAX_DEALS)))?;
    let mut bots = Vec::new();
    let mut names = Vec::new();
    for s in 0..usize::from(players) {
        names.push(get(&format!("name{s}")).to_owned());
        match get(&format!("who{s}")) {
            "human" | "" => {}
            other => bots.push((
                s,
                BotKind::from_name(other).ok_or_else(|| OpError::Invalid(Msg::new("game-bot-kind")))?,
            )),
        }
    }
    let mut names = games::seat_names(&names).map_err(OpError::Invalid)?;
    for (s, name) in names.iter_mut().enumerate().filter(|(_, n)| n.is_empty()) {
        let key = match bots.iter().any(|(b, _)| *b == s) {
            true => "game-seat-robot",
            false => "game-seat-place",
        };
        *name = lang.t_args(key, &[("n", (s + 1).to_string())]);
    }
    let pace = match get("pace") {
        "" => Pace::Normal,
        p => Pace::from_name(p).ok_or_else(|| OpError::Invalid(Msg::new("game-pace")))?,
    };
    Ok(CasualGame {
        players,
        names,
        bots,
        deals,
        seed: None,
        pace,
    })
}

#[post("/games")]
async fn create(page: OrgPage, form: CsrfForm<Vec<(String, String)>>) -> Result<HttpResponse, AppError> {
    let OrgPage { ctx, state, user } = page;
    let pairs = form.0;
    let spec = match casual_from_form(&pairs, ctx.lang) {
        Ok(s) => s,
        Err(e) => {
            let games = state.db(|conn| game_lines(conn)).await?;
            let status = actix_web::http::StatusCode::UNPROCESSABLE_ENTITY;
            let error = Some(AppError::Op(e).message(ctx.lang));
            return Ok(render::page_with_status(
                &GamesPage {
                    ctx,
                    games,
                    error,
                    form: pairs,
                },
                status,
            ));
        }
    };
    let who = user.username.clone();
    let created = state
        .write(move |tx| Ok(games::create_casual(tx, &spec, &who)?))
        .await?;
    Ok(see_other(format!("/games/{}", created.id)))
}

/// A seat on the game page.
#[derive(Debug, Clone)]
pub struct SeatLine {
    /// Table seat.
    pub seat: usize,
    /// Name.
    pub name: String,
    /// Its link, if it has one.
    pub link: Option<String>,
    /// Its QR code (inline SVG).
    pub qr: Option<String>,
    /// The bot playing it.
    pub bot: Option<String>,
}

/// The organizer's page of a game.
#[derive(Template)]
#[template(path = "play/game.html")]
pub struct GamePage {
    /// Page context.
    pub ctx: Ctx,
    /// The game.
    pub id: GameId,
    /// A digital table's tournament, round and name ("Table 5", or
    /// "Annexe · table 2" in a tournament of rooms).
    pub table: Option<(TournamentId, RoundNo, String)>,
    /// Seats.
    pub seats: Vec<SeatLine>,
    /// Deals: (number, over, scores by table seat).
    pub deals: Vec<(i32, bool, Vec<String>)>,
    /// Totals by table seat.
    pub totals: Vec<i64>,
    /// Deals to play.
    pub deal_count: i32,
    /// A seat may change hands now.
    pub between_deals: bool,
}

#[get("/games/{id}")]
async fn show(page: OrgPage, site: SiteUrl, path: web::Path<GameId>) -> Result<HttpResponse, AppError> {
    let OrgPage { ctx, state, .. } = page;
    let id = path.into_inner();
    let page = state
        .db(move |conn| {
            let st = GameState::load(conn, id)?;
            let scores = st.deal_scores();
            let seats = st
                .seats
                .iter()
                .map(|s| {
                    let link = s.token.as_deref().map(|t| site.seat_link(t));
                    SeatLine {
                        seat: s.seat as usize,
                        name: s.name.clone(),
                        qr: link.as_deref().map(|l| qr_svg_inline(l, "qr")),
                        link,
                        bot: s.bot.map(|b| super::view::bot_label(b, ctx.lang)),
                    }
                })
                .collect();
            let deals = st
                .deals
                .iter()
                .map(|d| {
                    let line = scores
                        .iter()
                        .find(|(n, _)| *n == d.number)
                        .map(|(_, s)| super::view::score_cells(s))
                        .unwrap_or_default();
                    (d.number, d.log.is_some(), line)
                })
                .collect();
            let table = match &st.table {
                Some((t, r, tb)) => Some((t.id, r.number, ctx.table_name(&room::layout(conn, t.id)?, tb.number))),
                None => None,
            };
            Ok(GamePage {
                ctx,
                id,
                table,
                seats,
                deals,
                totals: st.totals(),
                deal_count: st.planned(),
                between_deals: st.between_deals(),
            })
        })
        .await?;
    Ok(render::page(&page))
}

#[post("/games/{id}/seats/{seat}")]
async fn seat_bot(
    page: OrgPage,
    path: web::Path<(GameId, usize)>,
    form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let OrgPage { state, .. } = page;
    let (id, seat) = path.into_inner();
    let choice = form.0.iter().find(|(k, _)| k == "bot").map_or("", |(_, v)| v.as_str());
    let bot = match choice {
        "none" => None,
        other => {
            Some(BotKind::from_name(other).ok_or_else(|| AppError::Op(OpError::Invalid(Msg::new("game-bot-kind"))))?)
        }
    };
    state.write(move |tx| Ok(games::set_bot(tx, id, seat, bot)?)).await?;
    Ok(see_other(format!("/games/{id}")))
}

/// One table on the devices: its game's page, or the round page saying
/// why not (a typed deal after an empty slot, every slot typed).
#[post("/tournaments/{id}/rounds/{n}/tables/{t}/digital")]
async fn table_digital(
    page: OrgPage,
    site: SiteUrl,
    path: web::Path<(TournamentId, RoundNo, TableNo)>,
    _form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let OrgPage { ctx, state, user } = page;
    let (tid, n, t) = path.into_inner();
    let (who, lang) = (user.username.clone(), ctx.lang);
    let made = state
        .write(move |tx| {
            let (table, _) = RoundTable::by_number(tx, tid, n, t)?.ok_or(AppError::NotFound)?;
            attempt(tx, lang, |tx| games::make_digital(tx, &table, &who))
        })
        .await?;
    match made {
        Ok(game) => Ok(see_other(format!("/games/{game}"))),
        Err(Refused { status, message }) => {
            render_round(&state, ctx, (tid, n), site, Said::error(message), status).await
        }
    }
}

/// Every table of a round on the devices; the round page says which tables
/// were left to typed entry, and why.
#[post("/tournaments/{id}/rounds/{n}/digital")]
async fn round_digital(
    page: OrgPage,
    site: SiteUrl,
    path: web::Path<(TournamentId, RoundNo)>,
    _form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let OrgPage { ctx, state, user } = page;
    let (tid, n) = path.into_inner();
    let (who, lang) = (user.username.clone(), ctx.lang);
    let (made, left) = state
        .write(move |tx| {
            let round = crate::db::models::Round::find(tx, tid, n)?.ok_or(AppError::NotFound)?;
            let (mut made, mut left) = (Vec::new(), Vec::new());
            for table in RoundTable::for_round(tx, round.id)? {
                match attempt(tx, lang, |tx| games::make_digital(tx, &table, &who))? {
                    Ok(g) => made.push(g),
                    Err(refused) => left.push(refused.message),
                }
            }
            Ok((made, left))
        })
        .await?;
    let none_made = made.is_empty();
    if left.is_empty() {
        return Ok(see_other(format!("/tournaments/{tid}/rounds/{n}")));
    }
    let report = ctx.t1("round-digital-left", "reasons", left.join(" "));
    let status = if none_made {
        StatusCode::CONFLICT
    } else {
        StatusCode::OK
    };
    render_round(&state, ctx, (tid, n), site, Said::error(report), status).await
}
