//! A seat's page: what the seat sees of the deal in progress and of the
//! deals before it, built from the game's state.

use askama::Template;

use crate::db::ops::games::GameState;
use crate::i18n::Lang;
use crate::tarot::{Card, CardSet, Game, Phase, PlayError, Seat, SeatView};
use crate::web::clock::ClockView;
use crate::web::deal::preview::explain_record;
use crate::web::filters;
use crate::web::Ctx;

use super::super::view::seat_view;
use super::faces::{bid_label, contract_line, held_order, CardFace, HandfulPick, Played, Shown};
use super::table::{self, Place};

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
    /// How many cards the taker calls (two at 6 players).
    pub call_need: usize,
    /// At 6 players, a king and a queen: the kings to pick one from, then
    /// the queens (the form lets no other pair through).
    pub call_pair: Option<(Vec<CardFace>, Vec<CardFace>)>,
    /// Discarding: how many cards.
    pub discard_need: usize,
    /// The chelem question is this seat's.
    pub chelem_choice: bool,
    /// The handful this seat may show now, to pick from its trumps.
    pub handful: Option<HandfulPick>,
    /// "Garde by Alice, calling the king of hearts".
    pub contract: Option<String>,
    /// The dog, once public.
    pub dog: Option<Vec<CardFace>>,
    /// The écart as this seat may see it.
    pub discard: Vec<CardFace>,
    /// Handfuls shown.
    pub handfuls: Vec<Shown>,
    /// The table: every seat, this one first (drawn at the bottom).
    pub places: Vec<Place>,
    /// The trick just complete goes to its winner's place (`top`, ...).
    pub gather: Option<&'static str>,
    /// Whether the dog and the écart shown are the deal's end's (all of
    /// them, face up).
    pub revealed: bool,
    /// Each camp's card points and oudlers once the deal is over: (attack
    /// points, attack oudlers, defence points, defence oudlers, target).
    pub camps: Option<(String, u8, String, u8, u8)>,
    /// The previous trick.
    pub last_trick: Option<Vec<Played>>,
    /// The deal just ended: (name, score) by seat of the deal.
    pub result: Option<Vec<(String, i64)>>,
    /// The deal just ended, explained in the words of an entered deal's
    /// ("Garde de Jeanne faite de 8 : (25 + 8) × 2 = 66").
    pub explanation: Option<String>,
    /// The tournament's standings, for a table of a tournament.
    pub standings: Option<String>,
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
    /// How fast the game's bots play, and whether the game has any.
    pub pace: (&'static str, bool),
    /// The refusal of the last action.
    pub error: Option<String>,
    /// A digital tournament table's countdown (a timed round).
    pub clock: Option<ClockView>,
    /// A duplicate round: the deal's number in the tournament (the same
    /// cards at every table), and where its traveller is.
    pub duplicate: Option<(crate::tournament::duplicate::DealNo, String)>,
    /// A duplicate deal over: how this seat's score compares with the
    /// other tables' (`Some(None)`: not every table has entered it yet).
    pub compared: Option<Option<String>>,
}

impl SeatPage {
    /// The page of `table_seat` of a game.
    pub fn build(ctx: Ctx, token: String, st: &GameState, table_seat: usize, error: Option<String>) -> SeatPage {
        let view: Option<SeatView> = seat_view(st, table_seat);
        let mut page = SeatPage::around_the_deal(ctx, token, st, table_seat, error);
        let (Some(v), Some(game)) = (view, st.play.as_ref()) else {
            return page;
        };
        let names = st.deal_names();
        let name = |s: Seat| names.get(s.index()).cloned().unwrap_or_default();
        page.show_turn(st, table_seat, &v, game, &name);
        page.show_table(&v, &name);
        (page.places, page.gather) = table::places(st, table_seat, &v, page.ctx.lang);
        if v.scores.is_some() {
            page.reveal(game);
            let lang = page.ctx.lang;
            page.explanation = Some(match game.record() {
                Some(record) => explain_record(lang, &record, &name(record.taker())),
                None => lang.t("deal-all-passed"),
            });
        }
        page
    }

    /// The page with what does not need the deal in progress: the seat, its
    /// bot, the deals' scores and totals, the link to the last replay.
    fn around_the_deal(ctx: Ctx, token: String, st: &GameState, table_seat: usize, error: Option<String>) -> SeatPage {
        let lang = ctx.lang;
        let deal = st.current();
        let me = st.seats[table_seat].name.clone();
        let bot = st.seats[table_seat].bot.map(|b| super::super::view::bot_label(b, lang));
        let clock = st.table.as_ref().and_then(|(_, r, _)| ClockView::of(r, &ctx));
        let duplicate = st.table.as_ref().and_then(|(t, r, _)| {
            let numbers = crate::db::ops::rounds::duplicate_deals(t, r.number)?;
            let k = usize::try_from(deal?.number.max(1) - 1).ok()?;
            let d = *numbers.get(k)?;
            Some((d, format!("/tournaments/{}/deals/{d}", t.id)))
        });
        let mut page = SeatPage {
            clock,
            duplicate,
            compared: None,
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
            call_need: 1,
            call_pair: None,
            discard_need: 0,
            chelem_choice: false,
            handful: None,
            contract: None,
            dog: None,
            discard: Vec::new(),
            handfuls: Vec::new(),
            places: Vec::new(),
            gather: None,
            revealed: false,
            camps: None,
            last_trick: None,
            result: None,
            explanation: None,
            standings: st
                .table
                .as_ref()
                .map(|(t, _, _)| format!("/tournaments/{}/standings", t.id)),
            next: st.next_open(),
            table: st.seats.iter().map(|s| s.name.clone()).collect(),
            scores: st
                .deal_scores()
                .iter()
                .map(|(n, s)| (*n, super::super::view::score_cells(s)))
                .collect(),
            totals: st.totals(),
            replay: None,
            pace: (st.game.pace.name(), st.seats.iter().any(|s| s.bot.is_some())),
            error,
        };
        if let Some(last) = st.deals.iter().rev().find(|d| d.log.is_some()) {
            if st.table.is_none() || st.round_closed() {
                page.replay = Some(format!("/games/{}/replay?deal={}", st.game.id, last.number));
            }
        }
        page
    }

    /// The seat's part of the deal in progress: the phase, the dealer, whose
    /// turn, the hand (the cards it may play marked), the bids, and what the
    /// seat is asked (a bid, a card to call, the écart, the chelem, a handful).
    fn show_turn(
        &mut self,
        st: &GameState,
        table_seat: usize,
        v: &SeatView,
        game: &Game,
        name: &dyn Fn(Seat) -> String,
    ) {
        let lang = self.ctx.lang;
        let legal: CardSet = v.legal.iter().filter_map(|l| l.card()).collect();
        self.phase = v.phase.name();
        self.dealer = st.seats[table::dealer_seat(st, v)].name.clone();
        let me_in_deal = st.deal_seat(table_seat);
        self.my_turn = v.phase != Phase::Done && v.to_act.is_some() && v.to_act == me_in_deal && !st.is_bot(table_seat);
        self.to_act = v.to_act.map(name);
        let discarding = v.phase == Phase::Discard && self.my_turn;
        let mut hand = v.hand.clone();
        held_order(&mut hand);
        self.hand = hand
            .into_iter()
            .map(|c| {
                let mut f = CardFace::of(c, lang, (v.phase == Phase::Play || discarding) && legal.contains(c));
                if discarding && !f.legal {
                    f.why = Some(why_not_discarded(c, lang));
                }
                f
            })
            .collect();
        self.bids = v.bids.iter().map(|b| (name(b.seat), bid_label(b.bid, lang))).collect();
        if v.phase == Phase::Bidding {
            self.legal_bids = v
                .legal
                .iter()
                .filter_map(|l| l.bid())
                .map(|b| (crate::tarot::play::bid_str(b).to_owned(), bid_label(b, lang)))
                .collect();
        }
        if v.phase == Phase::Calling {
            self.calls = legal.iter().map(|c| CardFace::of(c, lang, true)).collect();
            self.call_need = if v.players == 6 { 2 } else { 1 };
            let kings = legal.and(CardSet::KINGS);
            if v.players == 6 && !kings.is_empty() {
                let faces = |set: CardSet| set.iter().map(|c| CardFace::of(c, lang, true)).collect();
                self.call_pair = Some((faces(kings), faces(legal.minus(CardSet::KINGS))));
            }
        }
        if discarding {
            self.discard_need = game.dog().len() as usize;
        }
        self.chelem_choice = v.phase == Phase::Chelem && self.my_turn;
        self.handful = st
            .handful_choice(table_seat)
            .map(|(cards, counts)| HandfulPick::new(cards, &counts, lang));
    }

    /// What the whole table sees of the deal in progress: the contract, the
    /// dog and the écart, the handfuls, the trick and the one before, the
    /// scores once it is over.
    fn show_table(&mut self, v: &SeatView, name: &dyn Fn(Seat) -> String) {
        let lang = self.ctx.lang;
        let partners: Vec<Seat> = v.partners.clone().unwrap_or_else(|| v.partner.into_iter().collect());
        self.contract = contract_line(lang, v.taker, v.contract, v.called, &partners, name);
        self.dog = v.dog.as_ref().map(|d| CardFace::list(d, lang));
        self.discard = CardFace::list(&v.discard, lang);
        self.handfuls = Shown::list(&v.handfuls, name, lang);
        self.last_trick = v.last_trick.as_ref().map(|t| {
            t.cards
                .iter()
                .map(|p| Played {
                    name: name(p.seat),
                    card: CardFace::of(p.card, lang, false),
                    won: p.seat == t.winner,
                })
                .collect()
        });
        self.result = v
            .scores
            .as_ref()
            .map(|s| s.iter().enumerate().map(|(i, x)| (name(Seat(i as u8)), *x)).collect());
    }

    /// The deal is over: the dog and the écart face up for everyone, and
    /// what each camp took.
    fn reveal(&mut self, game: &Game) {
        let lang = self.ctx.lang;
        self.revealed = true;
        self.dog = Some(CardFace::list(&game.dog().to_vec(), lang));
        self.discard = CardFace::list(&game.discard().to_vec(), lang);
        if let Some(r) = game.record() {
            let defence = crate::tarot::HalfPoints(crate::tarot::HalfPoints::TOTAL.0 - r.points().0);
            self.camps = Some((
                lang.decimal(r.points()),
                r.oudlers(),
                lang.decimal(defence),
                3 - r.oudlers(),
                r.target(),
            ));
        }
    }
}

/// The rule that keeps `card` out of the écart, in the words of the
/// refusal the engine would give ("a king can't go in the écart").
fn why_not_discarded(card: Card, lang: Lang) -> String {
    let named = lang.card_words(card);
    let e = if CardSet::KINGS.contains(card) {
        PlayError::DiscardKing { card: named }
    } else if CardSet::OUDLERS.contains(card) {
        PlayError::DiscardOudler { card: named }
    } else {
        PlayError::DiscardTrump { card: named }
    };
    lang.t_args(&format!("play-{}", e.code()), &e.args())
}
