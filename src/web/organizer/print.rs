//! Print views for the organizer (A4, one print job each): the round's table
//! cards with their QR codes, and the QR code of one table's link.

use actix_web::http::header;
use actix_web::{get, web, HttpResponse};

use crate::db::models::{Round, RoundTable, Tournament};
use crate::db::ops::tournaments;
use crate::db::AnyConnection;

use super::super::links::{qr_svg, qr_svg_inline, SiteUrl};
use super::super::{render, AppError, Ctx, OrgPage};
use super::rounds::{seat_views, SeatView};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(table_qr)
        .service(cards_page)
        .service(print_css)
        .service(print_js);
}

/// The QR code of a table's link, as an SVG image. Organizer only: the link
/// is the table's secret.
#[get("/tournaments/{id}/rounds/{n}/tables/{t}/qr.svg")]
async fn table_qr(
    OrgPage { state, .. }: OrgPage,
    path: web::Path<(i32, i32, i32)>,
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
    pub number: i32,
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
    pub round: i32,
    /// The cards, by table number.
    pub cards: Vec<CardView>,
}

/// A tournament and its round `n`.
fn round_of(conn: &mut AnyConnection, id: i32, n: i32) -> Result<(Tournament, Round), AppError> {
    let t = tournaments::get(conn, id)?;
    let round = Round::find(conn, id, n)?.ok_or(AppError::NotFound)?;
    Ok((t, round))
}

fn load_cards(conn: &mut AnyConnection, ctx: Ctx, id: i32, n: i32, site: &SiteUrl) -> Result<CardsPage, AppError> {
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
    path: web::Path<(i32, i32)>,
    site: SiteUrl,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    let page = state.db(move |conn| load_cards(conn, ctx, id, n, &site)).await?;
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
