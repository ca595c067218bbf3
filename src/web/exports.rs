//! Spreadsheet exports (FORMATS.md "Export and import"): the standings and
//! the deals as CSV, UTF-8 with a byte order mark, `;` separators, decimal
//! commas — what a French spreadsheet opens directly — written by the one
//! writer of typed cells ([`super::spreadsheet`]: numbers as numbers, text
//! never a formula). Public like the
//! standings page, of the deals the visitor may see (`db::ops::visible`);
//! clubs and licence numbers only for a logged-in organizer who asks
//! (`?details=1`). Headers are in the visitor's language; the
//! columns' order is fixed (README, "Exports").

use std::collections::HashMap;

use actix_web::http::header;
use actix_web::{get, web, HttpResponse};
use serde::Deserialize;

use crate::db::models::{Deal, Player, Registration, Round, RoundTable, Tournament};
use crate::db::ops::visible::{Audience, Visible};
use crate::db::ops::{standings, tournaments};
use crate::db::AnyConnection;
use crate::i18n::Lang;
use crate::tournament::ids::{PlayerId, RoundNo, TournamentId};
use crate::tournament::standings::{Standing, TieBreaker};
use crate::tournament::table::deal_players;

use super::deal::facts::facts;
use super::spreadsheet::{french_csv, Cell};
use super::{AppError, AppState, Ctx};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(standings_csv).service(deals_csv);
}

/// The most players at a table: the deals' export has this many
/// player/score column pairs.
pub const MAX_TABLE: usize = 5;

/// A CSV file's answer: downloaded, never cached.
pub(crate) fn csv_response(body: Vec<u8>, file: &str) -> HttpResponse {
    download("text/csv; charset=utf-8", body, file)
}

/// A file's answer of `content_type`: downloaded as `file`, never cached.
pub(crate) fn download(content_type: &str, body: Vec<u8>, file: &str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(content_type.to_owned())
        .insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename=\"{file}\"")))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(body)
}

#[derive(Deserialize)]
struct ExportQuery {
    #[serde(default)]
    details: String,
}

/// The standings as rows: a header, then one line per player, best first
/// (place, name, [club, licence,] total, each round's total, the tie-break
/// figure when the tournament breaks ties, the late/withdrawn note when
/// someone came late or left, then the deals played and the average per
/// deal — empty for no deal), of the deals `audience` may see.
pub fn standings_rows(
    conn: &mut AnyConnection,
    lang: Lang,
    id: TournamentId,
    details: bool,
    audience: Audience,
) -> Result<Vec<Vec<Cell>>, AppError> {
    let t = tournaments::get(conn, id)?;
    let visible = Visible::load(conn, &t, audience)?;
    // A duplicate tournament: ranked by its comparison, whose figure is the
    // last column.
    let (s, dup) = standings::ranked(conn, &t, None, &visible)?;
    let rounds: Vec<RoundNo> = Round::for_tournament(conn, id)?.into_iter().map(|r| r.number).collect();
    let players: HashMap<PlayerId, Player> = if details {
        Registration::with_players(conn, id)?
            .into_iter()
            .map(|(_, p)| (p.id, p))
            .collect()
    } else {
        HashMap::new()
    };
    let mut head = vec![lang.t("csv-place"), lang.t("csv-name")];
    if details {
        head.extend([lang.t("csv-club"), lang.t("csv-licence")]);
    }
    head.push(lang.t("csv-total"));
    head.extend(
        rounds
            .iter()
            .map(|n| lang.t_args("round-short", &[("n", n.to_string())])),
    );
    let tie = tie_break_column(t.tie_breaker);
    if let Some((key, _)) = tie {
        head.push(lang.t(key));
    }
    // Late arrivals and withdrawals in words, in a last column that is
    // there only when someone came late or left.
    let marks = s
        .lines
        .iter()
        .any(|l| l.late_from.is_some() || l.withdrawn_after.is_some());
    if marks {
        head.push(lang.t("csv-mark"));
    }
    let last = match (&dup, t.comparison) {
        (None, _) => "csv-per-deal",
        (Some(_), crate::tournament::duplicate::Comparison::Matchpoints) => "csv-percent",
        (Some(_), crate::tournament::duplicate::Comparison::Datum) => "csv-datum",
    };
    head.extend([lang.t("csv-deals"), lang.t(last)]);
    let mut rows = vec![head.into_iter().map(Cell::Text).collect()];
    for l in &s.lines {
        let mut row = vec![Cell::from(l.rank), Cell::from(l.name.as_str())];
        if details {
            let p = players.get(&l.player);
            row.push(Cell::from(p.map(|p| p.club.as_str())));
            row.push(Cell::from(p.and_then(|p| p.licence.as_deref())));
        }
        row.push(Cell::Int(l.total));
        row.extend(rounds.iter().map(|n| Cell::from(l.rounds.get(n).copied())));
        if let Some((_, figure)) = tie {
            row.push(Cell::Int(figure(l)));
        }
        if marks {
            row.push(Cell::Text(lang.mark(&l.late_from, &l.withdrawn_after)));
        }
        match dup.as_ref().and_then(|d| d.iter().find(|r| r.player == l.player)) {
            Some(r) => row.extend([
                Cell::from(r.deals),
                Cell::Decimal(match t.comparison {
                    crate::tournament::duplicate::Comparison::Matchpoints => r.percent,
                    crate::tournament::duplicate::Comparison::Datum => r.total,
                }),
            ]),
            None => row.extend(fair_cells(l)),
        }
        rows.push(row);
    }
    Ok(rows)
}

#[get("/tournaments/{id}/standings.csv")]
async fn standings_csv(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    q: web::Query<ExportQuery>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let details = wants_details(&q.details);
    if details && !ctx.is_organizer() {
        return Err(AppError::LoginRequired);
    }
    let (lang, audience) = (ctx.lang, ctx.audience());
    let rows = state
        .db(move |conn| standings_rows(conn, lang, id, details, audience))
        .await?;
    Ok(csv_response(french_csv(&rows)?, &format!("standings-{id}.csv")))
}

/// A standings line's deals played and average per deal (empty for no
/// deal), as spreadsheet cells.
pub fn fair_cells(l: &Standing) -> [Cell; 2] {
    let average = if l.deals == 0 {
        Cell::Empty
    } else {
        Cell::Decimal(l.per_deal.as_f64())
    };
    [Cell::from(l.deals), average]
}

/// A standings line's tie-break figure.
pub type TieFigure = fn(&Standing) -> i64;

/// The tie-break figure standings carry: its column title's message id and
/// each line's figure; `None` when ties share the place.
pub fn tie_break_column(tb: TieBreaker) -> Option<(&'static str, TieFigure)> {
    match tb {
        TieBreaker::None => None,
        TieBreaker::BestRound => Some(("csv-best-round", |l| l.best_round)),
        TieBreaker::TakerWins => Some(("csv-taker-wins", |l| l.taker_wins.into())),
    }
}

/// `?details=1` (or any value but `0` and nothing).
fn wants_details(v: &str) -> bool {
    !matches!(v.trim(), "" | "0")
}

/// The deals as rows: a header, then one line per deal entered, by round,
/// table and deal number: round, table, deal, dealer, sitting out, taker,
/// partner, contract, oudlers, points, result, margin, petit au bout,
/// handfuls, chelem, misères, then each place's player and score; of the
/// deals `audience` may see.
pub fn deals_rows(
    conn: &mut AnyConnection,
    lang: Lang,
    id: TournamentId,
    audience: Audience,
) -> Result<Vec<Vec<Cell>>, AppError> {
    let t: Tournament = tournaments::get(conn, id)?;
    let visible = Visible::load(conn, &t, audience)?;
    let tables: HashMap<i32, RoundTable> = RoundTable::of_tournament(conn, id)?
        .into_iter()
        .map(|(_, table)| (table.id, table))
        .collect();
    let mut seats: HashMap<i32, Vec<PlayerId>> = HashMap::new();
    for (_, table_id, player) in RoundTable::seats_of_tournament(conn, id)? {
        seats.entry(table_id).or_default().push(player);
    }
    let all: Vec<PlayerId> = seats.values().flatten().copied().collect();
    let names = Player::names(conn, &all)?;
    let scores: HashMap<(i32, i32, PlayerId), i32> = Deal::score_lines(conn, id, visible.hidden())?
        .into_iter()
        .map(|l| ((l.table_id, l.deal, l.player_id), l.score))
        .collect();
    let mut head: Vec<String> = [
        "csv-round",
        "csv-table",
        "csv-deal",
        "csv-dealer",
        "csv-sits-out",
        "deal-taker",
        "csv-partner",
        "deal-contract",
        "csv-oudlers",
        "csv-points",
        "csv-result",
        "csv-margin",
        "deal-petit-au-bout",
        "deal-handfuls",
        "csv-chelem",
        "deal-miseres",
    ]
    .iter()
    .map(|k| lang.t(k))
    .collect();
    for i in 1..=MAX_TABLE {
        head.push(lang.t_args("csv-player-n", &[("n", i.to_string())]));
        head.push(lang.t_args("csv-score-n", &[("n", i.to_string())]));
    }
    let mut rows = vec![head.into_iter().map(Cell::Text).collect()];
    for (round, d) in Deal::for_tournament(conn, id, visible.hidden())? {
        let Some(table) = tables.get(&d.table_id) else { continue };
        let ids = seats.get(&d.table_id).cloned().unwrap_or_default();
        let f = facts(lang, &t, &ids, d.number, &d.record, &names);
        let (_, out) = deal_players(&ids, d.number, t.table5_mode);
        let mut row = vec![
            Cell::from(round.get()),
            Cell::from(table.number.get()),
            Cell::from(d.number),
            Cell::Text(f.dealer),
            Cell::Text(f.sits_out),
            Cell::Text(f.taker),
            Cell::Text(f.partner),
            Cell::Text(f.contract),
            Cell::from(f.oudlers.map(i64::from)),
            f.points.map_or(Cell::Empty, Cell::Decimal),
            Cell::Text(f.result),
            Cell::from(f.margin.map(i64::from)),
            Cell::Text(f.petit_au_bout),
            Cell::Text(f.handfuls),
            Cell::Text(f.chelem),
            Cell::Text(f.miseres),
        ];
        for i in 0..MAX_TABLE {
            match ids.get(i) {
                Some(p) => {
                    row.push(Cell::from(names.get(p).map(String::as_str)));
                    row.push(match scores.get(&(d.table_id, d.number, *p)) {
                        Some(s) if out != Some(*p) => Cell::from(*s),
                        _ => Cell::Empty,
                    });
                }
                None => row.extend([Cell::Empty, Cell::Empty]),
            }
        }
        rows.push(row);
    }
    Ok(rows)
}

#[get("/tournaments/{id}/deals.csv")]
async fn deals_csv(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (lang, audience) = (ctx.lang, ctx.audience());
    let rows = state.db(move |conn| deals_rows(conn, lang, id, audience)).await?;
    Ok(csv_response(french_csv(&rows)?, &format!("deals-{id}.csv")))
}
