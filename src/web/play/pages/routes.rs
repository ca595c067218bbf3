//! The seat's routes: its page, its actions posted as forms, taking the
//! seat back from a bot, its live stream, and the script the page loads.

use std::convert::Infallible;

use actix_web::http::{header, StatusCode};
use actix_web::web::Bytes;
use actix_web::{get, post, web, HttpRequest, HttpResponse};

use crate::db::ops::games;
use crate::db::ops::{Msg, OpError, OpResult};
use crate::db::Tx;
use crate::tarot::play::Call;
use crate::tarot::{Action, Card, CardSet, Contract};
use crate::tournament::ids::GameId;
use crate::web::csrf::CsrfForm;
use crate::web::form::see_other;
use crate::web::live::sse;
use crate::web::{render, AppError, AppState, Ctx};

use super::super::api::{perform, seat_state, SeatAction};
use super::seat::SeatPage;

#[get("/static/seat.js")]
pub(super) async fn seat_js() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(include_str!("../../../../static/seat.js"))
}

fn error_status(e: &AppError) -> Option<StatusCode> {
    match e {
        AppError::Op(OpError::Invalid(_)) => Some(StatusCode::UNPROCESSABLE_ENTITY),
        AppError::Op(OpError::Conflict(_)) => Some(StatusCode::CONFLICT),
        _ => None,
    }
}

#[get("/s/{token}")]
pub(super) async fn seat_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    let page = state.db(move |conn| seat_page_of(conn, ctx, token, None)).await?;
    let mut resp = render::page(&page);
    resp.headers_mut()
        .insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
    Ok(resp)
}

/// The page of the seat with `token`, as it is now; a duplicate deal over
/// says how the seat's score compares with the other tables'.
fn seat_page_of(
    conn: &mut crate::db::AnyConnection,
    ctx: Ctx,
    token: String,
    error: Option<String>,
) -> Result<SeatPage, AppError> {
    let (seat, st) = seat_state(conn, &token)?;
    let table_seat = seat.seat as usize;
    let mut page = SeatPage::build(ctx, token, &st, table_seat, error);
    if let (Some((deal, _)), "done", Some((t, _, _))) = (page.duplicate.clone(), page.phase, st.table.as_ref()) {
        let results = crate::db::ops::duplicate::deal(conn, t, deal)?;
        page.compared = Some(
            st.seats[table_seat]
                .player_id
                .and_then(|p| crate::web::public::traveller::seat_comparison(page.ctx.lang, t, &results, p)),
        );
    }
    Ok(page)
}

/// Reads a seat page's form: `bid`, `call`, `card`, `chelem` (yes/no),
/// `handful` (codes, one field each or together, or `none`; `handful_show`
/// the button that shows them), `discard` (one field per card), `next`.
pub fn action_from_form(pairs: &[(String, String)]) -> Result<(SeatAction, Option<i32>), AppError> {
    let get = |k: &str| pairs.iter().find(|(n, _)| n == k).map(|(_, v)| v.trim());
    let version = get("version").and_then(|v| v.parse::<i32>().ok());
    let card = |s: &str| -> Result<Card, AppError> {
        s.parse::<Card>()
            .map_err(|_| AppError::Op(OpError::Invalid(Msg::new("game-card-unknown").arg("card", s))))
    };
    let action = if get("next").is_some() {
        SeatAction::Next
    } else if let Some(b) = get("bid") {
        let bid = if b == "pass" {
            None
        } else {
            Some(Contract::from_name(b).map_err(|_| AppError::Op(OpError::Invalid(Msg::new("game-bid-unknown"))))?)
        };
        SeatAction::Play(Action::Bid(bid))
    } else if get("call").is_some() {
        // One card, or two (6 players): two fields (`call` twice, or `call`
        // and `call2`: the king and the queen), or one with the two
        // separated by a space.
        let c = pairs
            .iter()
            .filter(|(k, _)| k == "call" || k == "call2")
            .map(|(_, v)| v.trim())
            .collect::<Vec<_>>()
            .join(" ");
        let c = c.as_str();
        let cards = c.split_whitespace().map(card).collect::<Result<Vec<Card>, _>>()?;
        let call = match cards[..] {
            [a, b] => Call::Two(a, b),
            _ => Call::One(card(c)?),
        };
        SeatAction::Play(Action::Call(call))
    } else if let Some(c) = get("card") {
        SeatAction::Play(Action::Card(card(c)?))
    } else if let Some(c) = get("chelem") {
        SeatAction::Play(Action::Chelem(c == "yes"))
    } else if get("handful").is_some() || get("handful_show").is_some() {
        // The trumps ticked (one field each, or codes separated by spaces),
        // `none` to show nothing; "show" with nothing ticked is no choice.
        let ticked = pairs.iter().filter(|(k, _)| k == "handful").map(|(_, v)| v.as_str());
        let codes: Vec<&str> = ticked.flat_map(str::split_whitespace).collect();
        let set = if codes.contains(&"none") {
            CardSet::EMPTY
        } else if codes.is_empty() {
            return Err(AppError::Op(OpError::Invalid(Msg::new("play-handful-choose"))));
        } else {
            codes.into_iter().map(card).collect::<Result<CardSet, _>>()?
        };
        SeatAction::Play(Action::Handful(set))
    } else if get("discarding").is_some() {
        let set = pairs
            .iter()
            .filter(|(k, _)| k == "discard")
            .map(|(_, v)| card(v.trim()))
            .collect::<Result<CardSet, _>>()?;
        SeatAction::Play(Action::Discard(set))
    } else {
        return Err(AppError::Op(OpError::Invalid(Msg::new("game-action-one"))));
    };
    Ok((action, version))
}

#[post("/s/{token}")]
pub(super) async fn seat_post(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<String>,
    form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    let back = format!("/s/{token}");
    let outcome = match action_from_form(&form.0) {
        Ok((action, version)) => perform(&state, token.clone(), action, version).await.map(|_| ()),
        Err(e) => Err(e),
    };
    let err = match outcome {
        Ok(()) => return Ok(see_other(back)),
        Err(e) => e,
    };
    let Some(status) = error_status(&err) else {
        return Err(err);
    };
    // Refused: the page as it is now, with the sentence.
    let message = err.message(ctx.lang);
    let page = state
        .db(move |conn| seat_page_of(conn, ctx, token, Some(message)))
        .await?;
    Ok(render::page_with_status(&page, status))
}

#[post("/s/{token}/take-back")]
pub(super) async fn take_back(
    state: web::Data<AppState>,
    path: web::Path<String>,
    _form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    change_game(&state, path.into_inner(), |tx, game, seat| {
        games::set_bot(tx, game, seat, None)
    })
    .await
}

/// `POST /s/{token}/leave`: between two deals, the player leaves the table
/// and a bot takes the seat (the page then offers to take it back).
#[post("/s/{token}/leave")]
pub(super) async fn leave(
    state: web::Data<AppState>,
    path: web::Path<String>,
    _form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    change_game(&state, path.into_inner(), games::leave).await
}

/// `POST /s/{token}/pace`: a seat sets how fast the game's bots play
/// (`pace`: instant, normal or slow).
#[post("/s/{token}/pace")]
pub(super) async fn set_pace(
    state: web::Data<AppState>,
    path: web::Path<String>,
    form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let pace = form
        .0
        .iter()
        .find(|(k, _)| k == "pace")
        .and_then(|(_, v)| games::Pace::from_name(v.trim()))
        .ok_or_else(|| AppError::Op(OpError::Invalid(Msg::new("game-pace"))))?;
    change_game(&state, path.into_inner(), move |tx, game, _| {
        games::set_pace(tx, game, pace)
    })
    .await
}

/// A seat's change to its game outside the deal (`change` gets the game and
/// the seat at the table), written through the door; the game's pages and
/// bots hear of it, and the seat goes back to its page.
async fn change_game(
    state: &AppState,
    token: String,
    change: impl FnOnce(&mut Tx<'_>, GameId, usize) -> OpResult<()> + Send + 'static,
) -> Result<HttpResponse, AppError> {
    let back = format!("/s/{token}");
    state
        .write(move |tx| {
            let (seat, st) = seat_state(tx, &token)?;
            Ok(change(tx, st.game.id, seat.seat as usize)?)
        })
        .await?;
    Ok(see_other(back))
}

/// `GET /s/{token}/events`: an event `change` each time the game changes
/// (no data: the page fetches its own view again).
#[get("/s/{token}/events")]
pub(super) async fn seat_events(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    // Counted with the tournaments' streams: each holds a connection.
    let permit = state.streams.admit(&req)?;
    let token = path.into_inner();
    let id = state.db(move |conn| Ok(seat_state(conn, &token)?.1.game.id)).await?;
    let rx = state.games.watch(id);
    let first = Bytes::from_static(b"retry: 2000\n: live\n\n");
    // The permit lives in the stream's state: dropped when the stream ends.
    let body = futures_util::stream::unfold((Some(first), rx, permit), |(first, mut rx, permit)| async move {
        if let Some(b) = first {
            return Some((Ok::<_, Infallible>(b), (None, rx, permit)));
        }
        match tokio::time::timeout(sse::PING, rx.changed()).await {
            Err(_) => Some((Ok(Bytes::from_static(b": ping\n\n")), (None, rx, permit))),
            Ok(Ok(())) => {
                let n = *rx.borrow_and_update();
                Some((
                    Ok(Bytes::from(format!("event: change\ndata: {n}\n\n"))),
                    (None, rx, permit),
                ))
            }
            Ok(Err(_)) => None,
        }
    });
    Ok(sse::response(body))
}
