//! A duplicate tournament's deals as pages (FORMATS.md, "Duplicate
//! tournaments"): the list of the deals seated so far, and each deal's
//! traveller — every table's result, seat by seat, with how it compares,
//! explained on demand, and the hands as dealt. A deal is shown to anyone
//! once every table of its round has entered it (before, it would tell
//! the tables still to play it its cards), to the organizer always.

use std::collections::HashMap;

use actix_web::{get, web, HttpResponse};

use crate::db::models::Tournament;
use crate::db::ops::duplicate::{self, DealResults};
use crate::db::ops::games;
use crate::db::ops::tournaments;
use crate::db::ops::visible::{self, Audience};
use crate::i18n::Lang;
use crate::tournament::duplicate::{Compared, Comparison, DealNo, Hundredths, SEATS};
use crate::tournament::ids::{PlayerId, TournamentId};
use crate::web::deal::preview;
use crate::web::exports::csv_response;
use crate::web::organizer::reports::describe_deal;
use crate::web::play::pages::faces::CardFace;
use crate::web::spreadsheet::{self, french_csv};
use crate::web::{filters, render, AppError, AppState, Ctx};

/// One seat of a table's result.
pub struct Cell {
    /// The player's name.
    pub name: String,
    /// Their page (none for a bot filling the seat).
    pub player: PlayerId,
    /// A bot filled the seat.
    pub bot: bool,
    /// Their score.
    pub score: i64,
    /// The comparison's figure ("75 %", "+63,33").
    pub figure: String,
    /// How it was reached, in words.
    pub explain: String,
}

/// A table's result.
pub struct Row {
    /// The table's number.
    pub table: i32,
    /// The deal in words.
    pub deal: String,
    /// Its score explained, each bonus named ("Garde d'Odile faite de 24 :
    /// (25 + 24) × 2 + 20 (poignée simple) = 118").
    pub formula: String,
    /// Its seats.
    pub cells: Vec<Cell>,
}

/// A deal's traveller.
#[derive(askama::Template)]
#[template(path = "public/traveller.html")]
pub struct TravellerPage {
    /// Page context.
    pub ctx: Ctx,
    /// The tournament.
    pub t: Tournament,
    /// The deal.
    pub deal: DealNo,
    /// Its round.
    pub round: i32,
    /// Its dealer's seat, from 1.
    pub dealer: u8,
    /// Every table's result.
    pub rows: Vec<Row>,
    /// Tables of its round still to enter it.
    pub missing: usize,
    /// The hands by seat, then the dog.
    pub hands: Vec<(String, Vec<CardFace>)>,
    /// The deals before and after, when they exist.
    pub around: (Option<DealNo>, Option<DealNo>),
}

/// A figure to the hundredth as the language writes it ("62,5", "62.5").
pub fn hundredths(lang: Lang, h: Hundredths) -> String {
    match lang {
        Lang::Fr => h.to_string(),
        _ => h.to_string().replace(',', "."),
    }
}

/// The figure of one compared result, as the language writes it.
pub fn figure(lang: Lang, comparison: Comparison, c: &Compared) -> String {
    let text = |h: Hundredths| hundredths(lang, h);
    match comparison {
        Comparison::Matchpoints => format!("{}\u{a0}%", text(c.percent())),
        Comparison::Datum if c.datum().0 > 0 => format!("+{}", text(c.datum())),
        Comparison::Datum => text(c.datum()),
    }
}

/// How a result compares, in words: "Donne 7, place 2 : 120 contre 6
/// autres → 9 / 12 = 75 %".
fn explain(lang: Lang, comparison: Comparison, deal: DealNo, seat: usize, c: &Compared, others_sum: i64) -> String {
    let text = |h: Hundredths| hundredths(lang, h);
    let mut args = vec![
        ("deal", deal.to_string()),
        ("seat", (seat + 1).to_string()),
        ("score", c.score.to_string()),
        ("others", c.others.to_string()),
    ];
    let key = match (comparison, c.others) {
        (Comparison::Matchpoints, 0) => "dup-explain-once",
        (Comparison::Datum, 0) => "dup-explain-datum-once",
        (Comparison::Matchpoints, _) => {
            args.push(("mp", c.matchpoints.to_string()));
            args.push(("max", c.max().to_string()));
            args.push(("percent", text(c.percent())));
            "dup-explain-mp"
        }
        (Comparison::Datum, n) => {
            args.push(("mean", text(Hundredths::of(others_sum, i64::from(n)))));
            args.push(("datum", figure(lang, comparison, c)));
            "dup-explain-datum"
        }
    };
    lang.t_args(key, &args)
}

/// Every table's result of deal `d`, seat by seat, with how it compares
/// (the traveller page's, the results page's).
pub fn rows_of(lang: Lang, t: &Tournament, d: &DealResults) -> Vec<Row> {
    let comparison = t.comparison;
    let deal = d.prepared.deal;
    let names: HashMap<PlayerId, String> = d
        .results
        .iter()
        .flat_map(|r| r.players.iter().copied().zip(r.names.iter().cloned()))
        .collect();
    d.results
        .iter()
        .map(|r| Row {
            table: r.table.get(),
            deal: describe_deal(lang, &r.record, &names),
            formula: formula(lang, t, d, r, &names),
            cells: (0..SEATS)
                .map(|s| {
                    let others: i64 = d.results.iter().map(|o| o.scores[s]).sum::<i64>() - r.scores[s];
                    Cell {
                        name: r.names[s].clone(),
                        player: r.players[s],
                        bot: r.bots[s],
                        score: r.scores[s],
                        figure: figure(lang, comparison, &r.compared[s]),
                        explain: explain(lang, comparison, deal, s, &r.compared[s], others),
                    }
                })
                .collect(),
        })
        .collect()
}

/// Table result `r`'s score explained, as the deal form explains it (the
/// deal scored again at its table, by the tournament's rules).
fn formula(
    lang: Lang,
    t: &Tournament,
    d: &DealResults,
    r: &duplicate::TableResult,
    names: &HashMap<PlayerId, String>,
) -> String {
    let number = d.prepared.deal.0 as i32;
    match r.record.score_at(&r.players, number, t.table5_mode, &t.rules) {
        Ok(scored) => preview::explain(lang, &scored.deal, scored.output.as_ref(), names),
        Err(_) => String::new(),
    }
}

/// How `player`'s result on deal `d` compares, figure first ("75 % —
/// Donne 7, place 2 : …"), once every table has entered it (none before,
/// or for a player who did not play it).
pub fn seat_comparison(lang: Lang, t: &Tournament, d: &DealResults, player: PlayerId) -> Option<String> {
    if !visible::shows(Audience::Public, d) {
        return None;
    }
    rows_of(lang, t, d)
        .into_iter()
        .flat_map(|r| r.cells)
        .find(|c| c.player == player)
        .map(|c| format!("{} — {}", c.figure, c.explain))
}

impl TravellerPage {
    fn new(ctx: Ctx, t: Tournament, d: DealResults, last: Option<DealNo>) -> TravellerPage {
        let lang = ctx.lang;
        let deal = d.prepared.deal;
        let rows = rows_of(lang, &t, &d);
        let mut hands: Vec<(String, Vec<CardFace>)> = d
            .prepared
            .hands
            .iter()
            .enumerate()
            .map(|(s, h)| {
                (
                    lang.t_args("dup-seat", &[("n", (s + 1).to_string())]),
                    CardFace::list(&h.to_vec(), lang),
                )
            })
            .collect();
        hands.push((lang.t("dup-dog"), CardFace::list(&d.prepared.dog.to_vec(), lang)));
        TravellerPage {
            missing: d.tables - d.results.len(),
            round: d.round.get(),
            dealer: d.prepared.dealer.0 + 1,
            around: (
                (deal.0 > 1).then(|| DealNo(deal.0 - 1)),
                last.filter(|l| *l > deal).map(|_| DealNo(deal.0 + 1)),
            ),
            ctx,
            t,
            deal,
            rows,
            hands,
        }
    }
}

/// A deal's traveller page.
#[get("/tournaments/{id}/deals/{d}")]
pub(super) async fn traveller_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, u32)>,
) -> Result<HttpResponse, AppError> {
    let (id, d) = path.into_inner();
    let audience = ctx.audience();
    let lang = ctx.lang;
    let (t, deal, last) = state
        .db(move |conn| {
            let t = tournaments::get(conn, id)?;
            let deal = duplicate::deal(conn, &t, DealNo(d))?;
            // The hands shown are those the digital tables were dealt, and
            // their deals replay: else a sentence says which does not.
            let slot = (d - 1) % t.deals_table4.max(1) as u32 + 1;
            games::verify_round(conn, &t, deal.round, slot as i32)?;
            let last = crate::db::models::Round::last_number(conn, id)?;
            Ok((t, deal, last))
        })
        .await?;
    if !visible::shows(audience, &deal) {
        return Err(AppError::Forbidden(lang.t("dup-hidden")));
    }
    let per_round = t.deals_table4.max(0) as u32;
    let last = crate::tournament::duplicate::deals_of_round(last, per_round)
        .last()
        .copied();
    Ok(render::page(&TravellerPage::new(ctx, t, deal, last)))
}

/// A duplicate tournament and every deal seated so far, with its results.
async fn all_deals(state: &AppState, id: TournamentId) -> Result<(Tournament, Vec<DealResults>), AppError> {
    state
        .db(move |conn| {
            let t = tournaments::get(conn, id)?;
            let all = duplicate::all_deals(conn, &t)?;
            Ok((t, all))
        })
        .await
}

/// One deal in the list.
pub struct Listed {
    /// Its number.
    pub deal: DealNo,
    /// Its round.
    pub round: i32,
    /// Tables that entered it, of those of its round.
    pub entered: usize,
    /// Tables of its round.
    pub tables: usize,
    /// Whether this visitor may open it.
    pub open: bool,
}

/// The deals of a duplicate tournament seated so far.
#[derive(askama::Template)]
#[template(path = "public/deals.html")]
pub struct DealsPage {
    /// Page context.
    pub ctx: Ctx,
    /// The tournament.
    pub t: Tournament,
    /// Its deals.
    pub deals: Vec<Listed>,
}

/// The list of a duplicate tournament's deals.
#[get("/tournaments/{id}/deals")]
pub(super) async fn deals_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let audience = ctx.audience();
    let (t, all) = all_deals(&state, id).await?;
    let deals = all
        .iter()
        .map(|d| Listed {
            deal: d.prepared.deal,
            round: d.round.get(),
            entered: d.results.len(),
            tables: d.tables,
            open: visible::shows(audience, d),
        })
        .collect();
    Ok(render::page(&DealsPage { ctx, t, deals }))
}

/// The travellers as spreadsheet rows: a header, then one line per deal,
/// table and seat (deal, round, table, seat, player, score, matchpoints
/// and percentage — or datum), of the deals `audience` may see.
pub fn travellers_rows(
    lang: Lang,
    t: &Tournament,
    deals: &[DealResults],
    audience: Audience,
) -> Vec<Vec<spreadsheet::Cell>> {
    let figure_head = match t.comparison {
        Comparison::Matchpoints => "csv-matchpoints",
        Comparison::Datum => "csv-datum",
    };
    let mut rows = vec![[
        "csv-deal",
        "csv-round",
        "csv-table",
        "csv-seat",
        "csv-name",
        "csv-score",
        figure_head,
        "csv-percent",
    ]
    .iter()
    .map(|k| spreadsheet::Cell::Text(lang.t(k)))
    .collect::<Vec<_>>()];
    for d in deals.iter().filter(|d| visible::shows(audience, d)) {
        for r in &d.results {
            for s in 0..SEATS {
                let c = &r.compared[s];
                let figure = match t.comparison {
                    Comparison::Matchpoints => spreadsheet::Cell::from(c.matchpoints),
                    Comparison::Datum => spreadsheet::Cell::Decimal(c.datum().as_f64()),
                };
                rows.push(vec![
                    spreadsheet::Cell::from(d.prepared.deal.0),
                    spreadsheet::Cell::from(d.round.get()),
                    spreadsheet::Cell::from(r.table.get()),
                    spreadsheet::Cell::from(s as u32 + 1),
                    spreadsheet::Cell::Text(r.names[s].clone()),
                    spreadsheet::Cell::Int(r.scores[s]),
                    figure,
                    spreadsheet::Cell::Decimal(c.percent().as_f64()),
                ]);
            }
        }
    }
    rows
}

/// `GET /tournaments/{id}/travellers.csv`: every table's result of the
/// deals this visitor may see, seat by seat.
#[get("/tournaments/{id}/travellers.csv")]
pub(super) async fn travellers_csv(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let audience = ctx.audience();
    let lang = ctx.lang;
    let (t, all) = all_deals(&state, id).await?;
    let rows = travellers_rows(lang, &t, &all, audience);
    Ok(csv_response(french_csv(&rows)?, &format!("travellers-{id}.csv")))
}
