//! Print views for the organizer (A4, one print job each): a round's table
//! cards with their QR codes, its movement slips and its score sheets (blank
//! or filled), the final standings; and the QR code of one table's link.

use actix_web::http::header;
use actix_web::{get, web, HttpResponse};

use std::collections::HashMap;

use serde::Deserialize;

use crate::db::models::{Deal, Registration, Round, RoundTable, Tournament};
use crate::db::ops::{standings, tournaments};
use crate::db::AnyConnection;
use crate::tournament::ids::{PlayerId, RoundNo, TableNo, TournamentId};
use crate::tournament::standings::Standings;
use crate::tournament::table::deal_players;

use super::super::deal::facts::{dealer_and_out, facts};
use super::super::exports::tie_break_column;
use super::super::links::{qr_svg, qr_svg_inline, SiteUrl};
use super::super::{render, AppError, Ctx, OrgPage};
use super::rounds::{seat_views, SeatView};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(table_qr)
        .service(cards_page)
        .service(slips_page)
        .service(sheets_page)
        .service(standings_page)
        .service(print_css)
        .service(print_js);
}

/// The QR code of a table's link, as an SVG image. Organizer only: the link
/// is the table's secret.
#[get("/tournaments/{id}/rounds/{n}/tables/{t}/qr.svg")]
async fn table_qr(
    OrgPage { state, .. }: OrgPage,
    path: web::Path<(TournamentId, RoundNo, TableNo)>,
    site: SiteUrl,
) -> Result<HttpResponse, AppError> {
    let (id, n, tn) = path.into_inner();
    let (table, _) = state
        .db(move |conn| Ok(RoundTable::by_number(conn, id, n, tn)?))
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(HttpResponse::Ok()
        .content_type("image/svg+xml")
        .insert_header((header::CACHE_CONTROL, "private, max-age=3600"))
        .body(qr_svg(&site.table_link(&table.token))))
}

/// A table card: what a table needs to start.
pub struct CardView {
    /// Table number.
    pub number: TableNo,
    /// The players by place.
    pub seats: Vec<SeatView>,
    /// The tablet's full link.
    pub link: String,
    /// Its QR code, inline SVG.
    pub qr: String,
}

/// The round's table cards, two per A4 page.
#[derive(askama::Template)]
#[template(path = "print/cards.html")]
pub struct CardsPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Round number.
    pub round: RoundNo,
    /// The cards, by table number.
    pub cards: Vec<CardView>,
}

/// A tournament and its round `n`.
fn round_of(conn: &mut AnyConnection, id: TournamentId, n: RoundNo) -> Result<(Tournament, Round), AppError> {
    let t = tournaments::get(conn, id)?;
    let round = Round::find(conn, id, n)?.ok_or(AppError::NotFound)?;
    Ok((t, round))
}

fn load_cards(
    conn: &mut AnyConnection,
    ctx: Ctx,
    id: TournamentId,
    n: RoundNo,
    site: &SiteUrl,
) -> Result<CardsPage, AppError> {
    let (t, round) = round_of(conn, id, n)?;
    let cards = RoundTable::with_players_of_round(conn, round.id)?
        .into_iter()
        .map(|(table, players)| {
            let link = site.table_link(&table.token);
            CardView {
                number: table.number,
                seats: seat_views(players),
                qr: qr_svg_inline(&link, "qr"),
                link,
            }
        })
        .collect();
    Ok(CardsPage {
        ctx,
        t,
        round: n,
        cards,
    })
}

#[get("/tournaments/{id}/rounds/{n}/cards")]
async fn cards_page(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<(TournamentId, RoundNo)>,
    site: SiteUrl,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    let page = state.db(move |conn| load_cards(conn, ctx, id, n, &site)).await?;
    Ok(render::page(&page))
}

/// A player's slip: where they sit this round.
pub struct Slip {
    /// The player's name.
    pub name: String,
    /// Table number.
    pub table: TableNo,
    /// Place at the table, from 1.
    pub place: usize,
    /// Whether they deal deal 1.
    pub deals_first: bool,
}

/// The round's movement slips: every player's table and place, by name.
#[derive(askama::Template)]
#[template(path = "print/slips.html")]
pub struct SlipsPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Round number.
    pub round: RoundNo,
    /// The slips, by name.
    pub slips: Vec<Slip>,
}

fn load_slips(conn: &mut AnyConnection, ctx: Ctx, id: TournamentId, n: RoundNo) -> Result<SlipsPage, AppError> {
    let (t, round) = round_of(conn, id, n)?;
    let mut slips: Vec<Slip> = RoundTable::with_players_of_round(conn, round.id)?
        .into_iter()
        .flat_map(|(table, players)| {
            seat_views(players).into_iter().map(move |s| Slip {
                name: s.name,
                table: table.number,
                place: s.place,
                deals_first: s.deals_first,
            })
        })
        .collect();
    slips.sort_by(|a, b| {
        a.name
            .to_lowercase()
            .cmp(&b.name.to_lowercase())
            .then_with(|| a.table.cmp(&b.table))
    });
    Ok(SlipsPage {
        ctx,
        t,
        round: n,
        slips,
    })
}

#[get("/tournaments/{id}/rounds/{n}/slips")]
async fn slips_page(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<(TournamentId, RoundNo)>,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    let page = state.db(move |conn| load_slips(conn, ctx, id, n)).await?;
    Ok(render::page(&page))
}

/// A deal's line on a printed score sheet.
pub struct SheetLine {
    /// Deal number.
    pub k: i32,
    /// The dealer.
    pub dealer: String,
    /// Entered yet (a blank sheet: never).
    pub entered: bool,
    /// Taker, and partner if any.
    pub taker: String,
    /// Contract.
    pub contract: String,
    /// Oudlers.
    pub oudlers: String,
    /// Points, decimal comma.
    pub points: String,
    /// Made / failed, and by how much.
    pub result: String,
    /// Bonuses in one line.
    pub bonuses: String,
    /// One cell per place: the score, "" when not entered, `None` for the
    /// player sitting out.
    pub scores: Vec<Option<String>>,
}

/// A printed score sheet (feuille de marque) of one table.
pub struct PrintedSheet {
    /// Table number.
    pub number: TableNo,
    /// Players by place.
    pub players: Vec<String>,
    /// Deal lines.
    pub lines: Vec<SheetLine>,
    /// Totals by place ("" on a blank sheet).
    pub totals: Vec<String>,
}

/// The score sheets of a round (or one table), blank or filled.
#[derive(askama::Template)]
#[template(path = "print/sheets.html")]
pub struct SheetsPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Round number.
    pub round: RoundNo,
    /// Blank for paper play.
    pub blank: bool,
    /// The sheets.
    pub sheets: Vec<PrintedSheet>,
}

#[derive(Deserialize)]
struct SheetsQuery {
    #[serde(default)]
    blank: String,
    table: Option<TableNo>,
}

fn load_sheets(
    conn: &mut AnyConnection,
    ctx: Ctx,
    (id, n): (TournamentId, RoundNo),
    blank: bool,
    only: Option<TableNo>,
) -> Result<SheetsPage, AppError> {
    let (t, round) = round_of(conn, id, n)?;
    let lang = ctx.lang;
    let seated: Vec<_> = RoundTable::with_players_of_round(conn, round.id)?
        .into_iter()
        .filter(|(table, _)| only.is_none_or(|o| o == table.number))
        .collect();
    if seated.is_empty() && only.is_some() {
        return Err(AppError::NotFound);
    }
    let mut entered: HashMap<(i32, i32), (Deal, HashMap<PlayerId, i32>)> = HashMap::new();
    if !blank {
        for (d, scores) in Deal::with_scores_in_round(conn, round.id)? {
            entered.insert((d.table_id, d.number), (d, scores.into_iter().collect()));
        }
    }
    let mut sheets = Vec::new();
    for (table, players) in seated {
        let ids: Vec<PlayerId> = players.iter().map(|(p, _)| *p).collect();
        let names: HashMap<PlayerId, String> = players.iter().cloned().collect();
        let mut totals = vec![0i64; ids.len()];
        let mut lines = Vec::new();
        for k in 1..=table.deal_count {
            let (_, out) = deal_players(&ids, k, t.table5_mode);
            let Some((d, scores)) = entered.get(&(table.id, k)) else {
                let (dealer, _) = dealer_and_out(&t, &ids, k, &names);
                lines.push(SheetLine {
                    k,
                    dealer,
                    entered: false,
                    taker: String::new(),
                    contract: String::new(),
                    oudlers: String::new(),
                    points: String::new(),
                    result: String::new(),
                    bonuses: String::new(),
                    scores: ids.iter().map(|p| (out != Some(*p)).then(String::new)).collect(),
                });
                continue;
            };
            let f = facts(lang, &t, &ids, k, &d.record, &names);
            let mut cells = Vec::new();
            for (i, p) in ids.iter().enumerate() {
                let s = scores.get(p).copied().unwrap_or(0);
                totals[i] += i64::from(s);
                cells.push((out != Some(*p)).then(|| s.to_string()));
            }
            lines.push(SheetLine {
                k,
                bonuses: f.bonuses(lang),
                dealer: f.dealer,
                entered: true,
                taker: if f.partner.is_empty() {
                    f.taker
                } else {
                    format!("{} + {}", f.taker, f.partner)
                },
                contract: f.contract,
                oudlers: f.oudlers,
                points: f.points,
                result: if f.result.is_empty() {
                    String::new()
                } else {
                    format!("{} ({})", f.result, f.margin)
                },
                scores: cells,
            });
        }
        sheets.push(PrintedSheet {
            number: table.number,
            players: players.into_iter().map(|(_, name)| name).collect(),
            lines,
            totals: if blank {
                vec![String::new(); ids.len()]
            } else {
                totals.iter().map(|v| v.to_string()).collect()
            },
        });
    }
    Ok(SheetsPage {
        ctx,
        t,
        round: n,
        blank,
        sheets,
    })
}

#[get("/tournaments/{id}/rounds/{n}/sheets")]
async fn sheets_page(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<(TournamentId, RoundNo)>,
    q: web::Query<SheetsQuery>,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    let SheetsQuery { blank, table } = q.into_inner();
    let blank = !matches!(blank.trim(), "" | "0");
    let page = state
        .db(move |conn| load_sheets(conn, ctx, (id, n), blank, table))
        .await?;
    Ok(render::page(&page))
}

/// The standings to print: every round's column, the club.
#[derive(askama::Template)]
#[template(path = "print/standings.html")]
pub struct StandingsPrint {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Standings.
    pub s: Standings,
    /// Round numbers seated.
    pub rounds: Vec<RoundNo>,
    /// The tie-break figure's column title, and each line's figure, when
    /// the tournament breaks ties.
    pub tie: Option<(String, Vec<String>)>,
    /// Whether every planned round is seated and closed.
    pub last: bool,
    /// Clubs by player id.
    pub clubs: HashMap<PlayerId, String>,
}

impl StandingsPrint {
    /// A player's club.
    pub fn club(&self, player: &PlayerId) -> &str {
        self.clubs.get(player).map(String::as_str).unwrap_or("")
    }
}

#[get("/tournaments/{id}/standings/print")]
async fn standings_page(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let page = state
        .db(move |conn| {
            let t = tournaments::get(conn, id)?;
            let s = standings::compute(conn, id, None)?;
            let all = Round::for_tournament(conn, id)?;
            let last = all.len() as i32 >= t.rounds_planned && all.iter().all(Round::is_closed);
            let clubs = Registration::with_players(conn, id)?
                .into_iter()
                .map(|(_, p)| (p.id, p.club))
                .collect();
            let tie =
                tie_break_column(t.tie_breaker).map(|(key, figure)| (ctx.t(key), s.lines.iter().map(figure).collect()));
            Ok(StandingsPrint {
                ctx,
                t,
                s,
                tie,
                rounds: all.into_iter().map(|r| r.number).collect(),
                last,
                clubs,
            })
        })
        .await?;
    Ok(render::page(&page))
}

#[get("/static/print.css")]
async fn print_css() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(include_str!("../../../static/print.css"))
}

#[get("/static/print.js")]
async fn print_js() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(include_str!("../../../static/print.js"))
}
