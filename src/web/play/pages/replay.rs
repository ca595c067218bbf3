//! The trick-by-trick replay of a finished deal (`/games/{id}/replay`):
//! the hands and the dog as dealt, the bids, every trick, the scores.

use actix_web::{get, web, HttpResponse};
use askama::Template;

use crate::db::ops::games::{self, GameState};
use crate::tarot::{GameLog, Seat};
use crate::tournament::ids::GameId;
use crate::web::filters;
use crate::web::{render, AppError, AppState, Ctx, Organizer};

use super::super::api::{game_of, DealQuery};
use super::faces::{bid_label, contract_line, CardFace, Played, Shown};
use crate::web::deal::preview::explain_record;

/// One trick of the replay.
#[derive(Debug, Clone)]
pub struct ReplayTrick {
    /// 1-based.
    pub number: usize,
    /// The cards in the order played.
    pub cards: Vec<Played>,
    /// Who took it.
    pub winner: String,
}

/// The replay of a finished deal.
#[derive(Template)]
#[template(path = "play/replay.html")]
pub struct ReplayPage {
    /// Page context.
    pub ctx: Ctx,
    /// The game.
    pub game: GameId,
    /// The deal.
    pub deal: i32,
    /// Its seed (to show how the cards were dealt).
    pub seed: u64,
    /// Hands as dealt: (name, cards).
    pub hands: Vec<(String, Vec<CardFace>)>,
    /// The dog as dealt.
    pub dog: Vec<CardFace>,
    /// The bids.
    pub bids: Vec<(String, String)>,
    /// The contract line.
    pub contract: Option<String>,
    /// The écart.
    pub discard: Vec<CardFace>,
    /// Handfuls shown.
    pub handfuls: Vec<Shown>,
    /// The score explained, its formula's terms named (a deal played).
    pub explanation: Option<String>,
    /// Every trick.
    pub tricks: Vec<ReplayTrick>,
    /// The attack's points and oudlers, when a contract was played.
    pub points: Option<(String, u8)>,
    /// Scores: (name, score).
    pub scores: Vec<(String, i64)>,
    /// Other finished deals of the game: numbers.
    pub others: Vec<i32>,
}

#[get("/games/{id}/replay")]
pub(super) async fn replay(
    ctx: Ctx,
    state: web::Data<AppState>,
    org: Option<Organizer>,
    path: web::Path<GameId>,
    q: web::Query<DealQuery>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let deal = q.deal;
    let page = state
        .db(move |conn| {
            let st = GameState::load(conn, id)?;
            // A tournament table's deals are public once the round is
            // closed: `game_of` (the one rule of the log and this page).
            let d = match deal {
                Some(k) => st.deals.iter().find(|d| d.number == k),
                // The last deal over (the organizer: the last one).
                None => st.deals.iter().rev().find(|d| d.log.is_some() || org.is_some()),
            }
            .ok_or(AppError::NotFound)?;
            // Replayed and checked: the seat map read is a seat's of the game.
            let game = game_of(conn, &st, d, org.is_some())?;
            let log = game.log();
            let map = games::seat_map(d)?;
            let names: Vec<String> = map.iter().map(|&t| st.seats[t].name.clone()).collect();
            let mut page = replay_page(ctx, &st, d.number, &log, &names);
            // The score explained as at the end of the deal on the devices.
            page.explanation = game.record().map(|r| {
                let taker = names.get(r.taker().index()).cloned().unwrap_or_default();
                explain_record(page.ctx.lang, &r, &taker)
            });
            Ok(page)
        })
        .await?;
    Ok(render::page(&page))
}

fn replay_page(ctx: Ctx, st: &GameState, deal: i32, log: &GameLog, names: &[String]) -> ReplayPage {
    let lang = ctx.lang;
    let name = |s: Seat| names.get(s.index()).cloned().unwrap_or_default();
    let partners = log.partner.as_ref().map(|p| p.partners(log.taker)).unwrap_or_default();
    let contract = contract_line(lang, log.taker, log.contract, log.called, &partners, &name);
    ReplayPage {
        game: st.game.id,
        deal,
        seed: log.seed,
        hands: log
            .hands
            .iter()
            .enumerate()
            .map(|(s, h)| (name(Seat(s as u8)), CardFace::list(h, lang)))
            .collect(),
        dog: CardFace::list(&log.dog, lang),
        bids: log
            .bids
            .iter()
            .map(|b| (name(b.seat), bid_label(b.bid, lang)))
            .collect(),
        contract,
        discard: CardFace::list(&log.discard, lang),
        handfuls: Shown::list(&log.handfuls, &name, lang),
        explanation: None,
        tricks: log
            .tricks
            .iter()
            .enumerate()
            .map(|(i, t)| ReplayTrick {
                number: i + 1,
                cards: t
                    .cards
                    .iter()
                    .map(|p| Played {
                        name: name(p.seat),
                        card: CardFace::of(p.card, lang, false),
                        won: p.seat == t.winner,
                    })
                    .collect(),
                winner: name(t.winner),
            })
            .collect(),
        points: log.taker.map(|_| (lang.decimal(log.points), log.oudlers)),
        scores: log
            .scores
            .iter()
            .enumerate()
            .map(|(s, v)| (name(Seat(s as u8)), *v))
            .collect(),
        others: st
            .deals
            .iter()
            .filter(|d| d.log.is_some() && d.number != deal)
            .map(|d| d.number)
            .collect(),
        ctx,
    }
}
