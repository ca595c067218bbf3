//! Print views for the organizer (A4, one print job each): a round's table
//! cards with their QR codes, its movement slips and its score sheets (blank
//! or filled), the final standings; and the QR code of one table's link.
//!
//! By concern: the table cards and the QR code ([`cards`]), the movement
//! slips ([`slips`]), the score sheets ([`sheets`]), the standings
//! ([`standings`]); here, what they share: the round they print, their
//! stylesheet and their script.

pub mod cards;
pub mod diagrams;
pub mod sheets;
pub mod slips;
pub mod standings;

use actix_web::http::header;
use actix_web::{get, web, HttpResponse};

use crate::db::models::{Round, Tournament};
use crate::db::ops::tournaments;
use crate::db::AnyConnection;
use crate::tournament::ids::{RoundNo, TournamentId};
use crate::web::AppError;

pub use cards::{CardView, CardsPage};
pub use sheets::{PrintedSheet, SheetLine, SheetsPage};
pub use slips::{Slip, SlipsPage};
pub use standings::StandingsPrint;

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(cards::table_qr)
        .service(cards::cards_page)
        .service(diagrams::diagrams_page)
        .service(slips::slips_page)
        .service(sheets::sheets_page)
        .service(standings::standings_page)
        .service(print_css)
        .service(print_js);
}

/// A tournament and its round `n`.
fn round_of(conn: &mut AnyConnection, id: TournamentId, n: RoundNo) -> Result<(Tournament, Round), AppError> {
    let t = tournaments::get(conn, id)?;
    let round = Round::find(conn, id, n)?.ok_or(AppError::NotFound)?;
    Ok((t, round))
}

#[get("/static/print.css")]
async fn print_css() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(include_str!("../../../../static/print.css"))
}

#[get("/static/print.js")]
async fn print_js() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(include_str!("../../../../static/print.js"))
}
