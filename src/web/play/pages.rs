//! A seat's own page (`/s/{token}`): its hand, the bidding, the trick, the
//! previous trick on request, the scores across the deals; its actions as
//! plain forms (a refresh after each one plays the game without JavaScript),
//! its live stream, and the trick-by-trick replay of a finished deal.

use std::convert::Infallible;

use actix_web::http::{header, StatusCode};
use actix_web::web::Bytes;
use actix_web::{get, post, web, HttpResponse};
use askama::Template;

use crate::db::ops::games::{self, GameState};
use crate::db::ops::{Msg, OpError};
use crate::i18n::Lang;
use crate::tarot::{Action, Card, CardSet, Contract, GameLog, HandfulSize, Phase, Seat, SeatView};

use super::super::csrf::CsrfForm;
use super::super::form::see_other;
use super::super::live::sse;
use super::super::{render, AppError, AppState, Ctx, Organizer};
use super::api::{log_of, perform, seat_state, DealQuery, SeatAction};
use super::view::{deal_scores, seat_view, totals};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(seat_page)
        .service(seat_post)
        .service(seat_events)
        .service(take_back)
        .service(replay)
        .service(seat_js);
}

#[get("/static/seat.js")]
async fn seat_js() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(include_str!("../../../static/seat.js"))
}

/// A card as the pages draw it.
#[derive(Debug, Clone)]
pub struct CardFace {
    /// Notation (`KH`): the value a form sends.
    pub code: String,
    /// Rank as printed on the card.
    pub rank: String,
    /// Suit symbol (empty for trumps and the excuse).
    pub suit: &'static str,
    /// CSS class of its colour.
    pub class: &'static str,
    /// Whether it may be played (or chosen) now.
    pub legal: bool,
}

impl CardFace {
    /// The face of `c` in `lang`.
    pub fn of(c: Card, lang: Lang, legal: bool) -> CardFace {
        let code = c.to_string();
        if c == Card::EXCUSE {
            return CardFace {
                code,
                rank: "★".into(),
                suit: "",
                class: "excuse",
                legal,
            };
        }
        let (rank_part, suit_char) = code.split_at(code.len() - 1);
        let (suit, class) = match suit_char {
            "S" => ("♠", "black"),
            "H" => ("♥", "red"),
            "D" => ("♦", "red"),
            "C" => ("♣", "black"),
            _ => ("", "trump"),
        };
        let rank = match (rank_part, lang) {
            ("J", Lang::Fr) => "V",
            ("N", _) => "C",
            ("Q", Lang::Fr) => "D",
            ("K", Lang::Fr) => "R",
            (r, _) => r,
        }
        .to_owned();
        CardFace {
            code,
            rank,
            suit,
            class,
            legal,
        }
    }

    fn list(cards: &[Card], lang: Lang) -> Vec<CardFace> {
        cards.iter().map(|&c| CardFace::of(c, lang, false)).collect()
    }
}

/// A card someone played.
#[derive(Debug, Clone)]
pub struct Played {
    /// Who.
    pub name: String,
    /// What.
    pub card: CardFace,
    /// Whether it took the trick.
    pub won: bool,
}

/// A handful shown.
#[derive(Debug, Clone)]
pub struct Shown {
    /// Who.
    pub name: String,
    /// Simple, double, triple.
    pub size: String,
    /// The cards.
    pub cards: Vec<CardFace>,
}

impl Shown {
    /// The handfuls shown in a deal, `name` naming each deal seat.
    fn list(handfuls: &[crate::tarot::play::HandfulLog], name: &dyn Fn(Seat) -> String, lang: Lang) -> Vec<Shown> {
        handfuls
            .iter()
            .map(|h| Shown {
                name: name(h.seat),
                size: handful_label(h.size, lang),
                cards: CardFace::list(&h.shown, lang),
            })
            .collect()
    }
}

/// A seat's page.
#[derive(Template)]
#[template(path = "play/seat.html")]
pub struct SeatPage {
    /// Page context.
    pub ctx: Ctx,
    /// The seat's secret token.
    pub token: String,
    /// The seat's name.
    pub me: String,
    /// The deal's number and the number of deals.
    pub deal: i32,
    /// Deals to play.
    pub deals: i32,
    /// Actions so far (sent back with each action).
    pub version: i32,
    /// The phase.
    pub phase: &'static str,
    /// Whether this seat is to act.
    pub my_turn: bool,
    /// Who is to act, by name.
    pub to_act: Option<String>,
    /// The seat sits this deal out (the dealer at a table of 5).
    pub sitting_out: bool,
    /// The bot playing this seat, if one does.
    pub bot: Option<String>,
    /// The player may take the seat back from the bot now.
    pub can_take_back: bool,
    /// The dealer's name.
    pub dealer: String,
    /// The hand, sorted by suit and rank.
    pub hand: Vec<CardFace>,
    /// The bids so far: (name, bid).
    pub bids: Vec<(String, String)>,
    /// The bids this seat may make: (value, label).
    pub legal_bids: Vec<(String, String)>,
    /// The cards the taker may call.
    pub calls: Vec<CardFace>,
    /// Discarding: how many cards.
    pub discard_need: usize,
    /// The chelem question is this seat's.
    pub chelem_choice: bool,
    /// The smallest handful this seat may show: its cards and their codes.
    pub handful: Option<(Vec<CardFace>, String)>,
    /// "Garde by Alice, calling the king of hearts".
    pub contract: Option<String>,
    /// The dog, once public.
    pub dog: Option<Vec<CardFace>>,
    /// The écart as this seat may see it.
    pub discard: Vec<CardFace>,
    /// Handfuls shown.
    pub handfuls: Vec<Shown>,
    /// The trick in progress.
    pub trick: Vec<Played>,
    /// The previous trick.
    pub last_trick: Option<Vec<Played>>,
    /// The deal just ended: (name, score) by seat of the deal.
    pub result: Option<Vec<(String, i64)>>,
    /// Whether the next deal can be dealt from here.
    pub next: bool,
    /// The table's names (score columns).
    pub table: Vec<String>,
    /// Scores by deal: (number, score by table seat).
    pub scores: Vec<(i32, Vec<String>)>,
    /// Totals by table seat.
    pub totals: Vec<i64>,
    /// The replay of the last finished deal, when this seat may see it.
    pub replay: Option<String>,
    /// The refusal of the last action.
    pub error: Option<String>,
}

fn contract_label(c: Contract, lang: Lang) -> String {
    lang.t(&format!("contract-{}", c.name()))
}

/// "Garde de Alice, qui appelle R♥ (partenaire : Bob)", once there is a taker.
fn contract_line(
    lang: Lang,
    taker: Option<Seat>,
    contract: Option<Contract>,
    called: Option<Card>,
    partner: Option<Seat>,
    name: &dyn Fn(Seat) -> String,
) -> Option<String> {
    let (t, c) = (taker?, contract?);
    let mut line = lang.t_args(
        "play-contract-line",
        &[("contract", contract_label(c, lang)), ("taker", name(t))],
    );
    if let Some(k) = called {
        let f = CardFace::of(k, lang, false);
        line.push_str(&lang.t_args("play-called-line", &[("card", format!("{}{}", f.rank, f.suit))]));
        if let Some(p) = partner {
            line.push_str(&lang.t_args("play-partner-line", &[("partner", name(p))]));
        }
    }
    Some(line)
}

fn bid_label(b: Option<Contract>, lang: Lang) -> String {
    match b {
        None => lang.t("play-pass"),
        Some(c) => lang.t(&format!("contract-{}", c.name())),
    }
}

fn handful_label(s: HandfulSize, lang: Lang) -> String {
    lang.t(match s {
        HandfulSize::Simple => "play-handful-simple",
        HandfulSize::Double => "play-handful-double",
        HandfulSize::Triple => "play-handful-triple",
    })
}

impl SeatPage {
    /// The page of `table_seat` of a game.
    pub fn build(ctx: Ctx, token: String, st: &GameState, table_seat: usize, error: Option<String>) -> SeatPage {
        let lang = ctx.lang;
        let names = st.deal_names();
        let name = |s: Seat| names.get(s.index()).cloned().unwrap_or_default();
        let deal = st.current();
        let view: Option<SeatView> = seat_view(st, table_seat);
        let me = st.seats[table_seat].name.clone();
        let bot = st.seats[table_seat].bot.map(|b| super::view::bot_label(b, lang));
        let mut page = SeatPage {
            ctx,
            token,
            me,
            deal: deal.map_or(0, |d| d.number),
            deals: st.game.deal_count,
            version: st.version,
            phase: "done",
            my_turn: false,
            to_act: None,
            sitting_out: st.deal_seat(table_seat).is_none(),
            can_take_back: bot.is_some() && st.between_deals(),
            bot,
            dealer: String::new(),
            hand: Vec::new(),
            bids: Vec::new(),
            legal_bids: Vec::new(),
            calls: Vec::new(),
            discard_need: 0,
            chelem_choice: false,
            handful: None,
            contract: None,
            dog: None,
            discard: Vec::new(),
            handfuls: Vec::new(),
            trick: Vec::new(),
            last_trick: None,
            result: None,
            next: st.deal_over() && st.more_deals() && !st.round_closed(),
            table: st.seats.iter().map(|s| s.name.clone()).collect(),
            scores: deal_scores(st)
                .into_iter()
                .map(|(n, s)| (n, s.iter().map(|v| v.map_or("–".into(), |x| x.to_string())).collect()))
                .collect(),
            totals: totals(st),
            replay: None,
            error,
        };
        if let Some(last) = st.deals.iter().rev().find(|d| d.log.is_some()) {
            if st.table.is_none() || st.round_closed() {
                page.replay = Some(format!("/games/{}/replay?deal={}", st.game.id, last.number));
            }
        }
        let (Some(v), Some(game)) = (view, st.play.as_ref()) else {
            return page;
        };
        let legal: CardSet = v.legal.iter().filter_map(|l| l.card()).collect();
        page.phase = v.phase.name();
        let dealer_table_seat = if st.map.len() < st.seats.len() {
            // The dealer sits out: the seat the deal does not use.
            (0..st.seats.len()).find(|t| !st.map.contains(t)).unwrap_or(0)
        } else {
            st.map.get(v.dealer.index()).copied().unwrap_or(0)
        };
        page.dealer = st.seats[dealer_table_seat].name.clone();
        let me_in_deal = st.deal_seat(table_seat);
        page.my_turn = v.phase != Phase::Done && v.to_act.is_some() && v.to_act == me_in_deal && !st.is_bot(table_seat);
        page.to_act = v.to_act.map(name);
        let discarding = v.phase == Phase::Discard && page.my_turn;
        page.hand = v
            .hand
            .iter()
            .map(|&c| CardFace::of(c, lang, (v.phase == Phase::Play || discarding) && legal.contains(c)))
            .collect();
        page.bids = v.bids.iter().map(|b| (name(b.seat), bid_label(b.bid, lang))).collect();
        if v.phase == Phase::Bidding {
            page.legal_bids = v
                .legal
                .iter()
                .filter_map(|l| l.bid())
                .map(|b| (crate::tarot::play::bid_str(b).to_owned(), bid_label(b, lang)))
                .collect();
        }
        if v.phase == Phase::Calling {
            page.calls = legal.iter().map(|c| CardFace::of(c, lang, true)).collect();
        }
        if discarding {
            page.discard_need = game.dog().len() as usize;
        }
        page.chelem_choice = v.phase == Phase::Chelem && page.my_turn;
        if let Some(h) = st.handful_offer(table_seat) {
            let codes: Vec<String> = h.iter().map(|c| c.to_string()).collect();
            page.handful = Some((CardFace::list(&h.to_vec(), lang), codes.join(" ")));
        }
        page.contract = contract_line(lang, v.taker, v.contract, v.called, v.partner, &name);
        page.dog = v.dog.as_ref().map(|d| CardFace::list(d, lang));
        page.discard = CardFace::list(&v.discard, lang);
        page.handfuls = Shown::list(&v.handfuls, &name, lang);
        page.trick = v
            .trick
            .iter()
            .map(|p| Played {
                name: name(p.seat),
                card: CardFace::of(p.card, lang, false),
                won: false,
            })
            .collect();
        page.last_trick = v.last_trick.as_ref().map(|t| {
            t.cards
                .iter()
                .map(|p| Played {
                    name: name(p.seat),
                    card: CardFace::of(p.card, lang, false),
                    won: p.seat == t.winner,
                })
                .collect()
        });
        page.result = v
            .scores
            .as_ref()
            .map(|s| s.iter().enumerate().map(|(i, x)| (name(Seat(i as u8)), *x)).collect());
        page
    }
}

fn error_status(e: &AppError) -> Option<StatusCode> {
    match e {
        AppError::Op(OpError::Invalid(_)) => Some(StatusCode::UNPROCESSABLE_ENTITY),
        AppError::Op(OpError::Conflict(_)) => Some(StatusCode::CONFLICT),
        _ => None,
    }
}

#[get("/s/{token}")]
async fn seat_page(ctx: Ctx, state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    let page = state
        .db(move |conn| {
            let (seat, st) = seat_state(conn, &token)?;
            Ok(SeatPage::build(ctx, token, &st, seat.seat as usize, None))
        })
        .await?;
    let mut resp = render::page(&page);
    resp.headers_mut()
        .insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
    Ok(resp)
}

/// Reads a seat page's form: `bid`, `call`, `card`, `chelem` (yes/no),
/// `handful` (codes, or `none`), `discard` (one field per card), `next`.
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
    } else if let Some(c) = get("call") {
        SeatAction::Play(Action::Call(card(c)?))
    } else if let Some(c) = get("card") {
        SeatAction::Play(Action::Card(card(c)?))
    } else if let Some(c) = get("chelem") {
        SeatAction::Play(Action::Chelem(c == "yes"))
    } else if let Some(h) = get("handful") {
        let set = if h == "none" {
            CardSet::EMPTY
        } else {
            h.split_whitespace().map(card).collect::<Result<CardSet, _>>()?
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
async fn seat_post(
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
        .db(move |conn| {
            let (seat, st) = seat_state(conn, &token)?;
            Ok(SeatPage::build(ctx, token, &st, seat.seat as usize, Some(message)))
        })
        .await?;
    Ok(render::page_with_status(&page, status))
}

#[post("/s/{token}/take-back")]
async fn take_back(
    state: web::Data<AppState>,
    path: web::Path<String>,
    _form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    let back = format!("/s/{token}");
    let id = state
        .write(move |tx| {
            let (seat, st) = seat_state(tx, &token)?;
            games::set_bot(tx, st.game.id, seat.seat as usize, None)?;
            Ok(st.game.id)
        })
        .await?;
    state.games.changed(id);
    Ok(see_other(back))
}

/// `GET /s/{token}/events`: an event `change` each time the game changes
/// (no data: the page fetches its own view again).
#[get("/s/{token}/events")]
async fn seat_events(state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    let id = state.db(move |conn| Ok(seat_state(conn, &token)?.1.game.id)).await?;
    let rx = state.games.watch(id);
    let first = Bytes::from_static(b"retry: 2000\n: live\n\n");
    let body = futures_util::stream::unfold((Some(first), rx), |(first, mut rx)| async move {
        if let Some(b) = first {
            return Some((Ok::<_, Infallible>(b), (None, rx)));
        }
        match tokio::time::timeout(sse::PING, rx.changed()).await {
            Err(_) => Some((Ok(Bytes::from_static(b": ping\n\n")), (None, rx))),
            Ok(Ok(())) => {
                let n = *rx.borrow_and_update();
                Some((Ok(Bytes::from(format!("event: change\ndata: {n}\n\n"))), (None, rx)))
            }
            Ok(Err(_)) => None,
        }
    });
    Ok(sse::response(body))
}

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
    pub game: i32,
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
async fn replay(
    ctx: Ctx,
    state: web::Data<AppState>,
    org: Option<Organizer>,
    path: web::Path<i32>,
    q: web::Query<DealQuery>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let deal = q.deal;
    let page = state
        .db(move |conn| {
            let st = GameState::load(conn, id)?;
            // A tournament table's deals are public once the round is closed.
            if org.is_none() && st.table.is_some() && !st.round_closed() {
                return Err(AppError::NotFound);
            }
            let d = match deal {
                Some(k) => st.deals.iter().find(|d| d.number == k),
                // The last deal over (the organizer: the last one).
                None => st.deals.iter().rev().find(|d| d.log.is_some() || org.is_some()),
            }
            .ok_or(AppError::NotFound)?;
            let log = log_of(&st, d, org.is_some())?;
            let map = games::seat_map(d)?;
            let names: Vec<String> = map.iter().map(|&t| st.seats[t].name.clone()).collect();
            Ok(replay_page(ctx, &st, d.number, &log, &names))
        })
        .await?;
    Ok(render::page(&page))
}

fn replay_page(ctx: Ctx, st: &GameState, deal: i32, log: &GameLog, names: &[String]) -> ReplayPage {
    let lang = ctx.lang;
    let name = |s: Seat| names.get(s.index()).cloned().unwrap_or_default();
    let partner = log.partner.filter(|p| Some(*p) != log.taker);
    let contract = contract_line(lang, log.taker, log.contract, log.called, partner, &name);
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
        points: log.taker.map(|_| {
            (
                format!("{}", log.points).replace('.', if lang == Lang::Fr { "," } else { "." }),
                log.oudlers,
            )
        }),
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
