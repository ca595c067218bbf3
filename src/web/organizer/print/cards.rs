//! A round's table cards, two per A4 page, each with the players by place
//! and the QR code of the table's link (and, for a table playing on the
//! devices, each seat's); and that QR code alone.

use actix_web::http::header;
use actix_web::{get, web, HttpResponse};

use crate::db::models::{room, GameSeat, RoundTable, Tournament};
use crate::db::ops::deals::Played;
use crate::db::AnyConnection;
use crate::tournament::ids::GameId;
use crate::tournament::ids::{RoundNo, TableNo, TournamentId};
use crate::tournament::rooms::TableLabel;
use crate::web::filters;
use crate::web::links::{qr_svg, qr_svg_inline, SiteUrl};
use crate::web::{render, AppError, Ctx, OrgPage};

use super::super::rooms::RoomQuery;
use super::super::rounds::{seat_views, SeatView};
use super::round_of;

/// The QR code of a table's link, as an SVG image. Organizer only: the link
/// is the table's secret.
#[get("/tournaments/{id}/rounds/{n}/tables/{t}/qr.svg")]
pub(super) async fn table_qr(
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
    /// The number its room shows, and its room in a tournament of several.
    pub label: TableLabel,
    /// The players by place.
    pub seats: Vec<SeatView>,
    /// The tablet's full link.
    pub link: String,
    /// Its QR code, inline SVG.
    pub qr: String,
    /// At a table playing on the devices, each seat's own QR code.
    pub seat_qrs: Vec<SeatQr>,
    /// A duplicate round: the numbers of the deals the table plays.
    pub deals: Option<String>,
}

/// A seat's QR code on the card of a table playing on the devices: the
/// player scans the code under their name and their seat opens.
pub struct SeatQr {
    /// The player's place, from 1.
    pub place: usize,
    /// The name shown.
    pub name: String,
    /// The seat's page, as a QR code (inline SVG).
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
    /// The room whose cards these are, if one was asked (`?room=2`).
    pub room: Option<String>,
}

fn load_cards(
    conn: &mut AnyConnection,
    ctx: Ctx,
    id: TournamentId,
    n: RoundNo,
    site: &SiteUrl,
    room: Option<String>,
) -> Result<CardsPage, AppError> {
    let (t, round) = round_of(conn, id, n)?;
    let rooms = room::layout(conn, id)?;
    // One room's cards (a room the tournament does not have: no such page).
    let room = rooms.asked(room.as_deref()).map_err(|_| AppError::NotFound)?;
    let deals = crate::db::ops::rounds::duplicate_deals(&t, n)
        .map(|d| d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", "));
    let mut tables = RoundTable::with_players_of_round(conn, round.id)?;
    if let Some(r) = room {
        tables.retain(|(t, _)| rooms.holds(r.number, t.number));
    }
    let ids: Vec<i32> = tables.iter().map(|(t, _)| t.id).collect();
    let played = Played::of_tables(conn, &ids)?;
    let games: Vec<GameId> = played.values().map(|p| p.game).collect();
    let seats = if games.is_empty() {
        Vec::new()
    } else {
        GameSeat::of_games(conn, &games)?
    };
    let cards = tables
        .into_iter()
        .map(|(table, players)| {
            let link = site.table_link(&table.token);
            let game = played.get(&table.id).map(|p| p.game);
            let seat_qrs = seats
                .iter()
                .filter(|s| Some(s.game_id) == game)
                .filter_map(|s| {
                    Some(SeatQr {
                        place: s.seat as usize + 1,
                        name: s.name.clone(),
                        qr: qr_svg_inline(&site.seat_link(s.token.as_deref()?), "qr"),
                    })
                })
                .collect();
            CardView {
                number: table.number,
                label: rooms.label(table.number),
                seats: seat_views(players),
                qr: qr_svg_inline(&link, "qr"),
                link,
                seat_qrs,
                deals: deals.clone(),
            }
        })
        .collect();
    Ok(CardsPage {
        ctx,
        t,
        round: n,
        cards,
        room: room.map(|r| r.name.clone()),
    })
}

#[get("/tournaments/{id}/rounds/{n}/cards")]
pub(super) async fn cards_page(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<(TournamentId, RoundNo)>,
    site: SiteUrl,
    query: web::Query<RoomQuery>,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    let room = query.into_inner().room;
    let page = state.db(move |conn| load_cards(conn, ctx, id, n, &site, room)).await?;
    Ok(render::page(&page))
}
