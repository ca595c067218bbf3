//! Spreadsheet exports (FORMATS.md "Export and import"): the standings and
//! the deals as CSV, UTF-8 with a byte order mark, `;` separators, decimal
//! commas — what a French spreadsheet opens directly. Public like the
//! standings page; clubs and licence numbers only for a logged-in organizer
//! who asks (`?details=1`). Headers are in the visitor's language; the
//! columns' order is fixed (README, "Exports").

use std::collections::HashMap;

use actix_web::http::header;
use actix_web::{get, web, HttpResponse};
use serde::Deserialize;

use crate::db::models::{Deal, Player, Registration, Round, RoundTable, Tournament};
use crate::db::ops::{standings, tournaments};
use crate::db::AnyConnection;
use crate::i18n::Lang;
use crate::tournament::ids::{PlayerId, RoundNo, TournamentId};
use crate::tournament::standings::{Standing, TieBreaker};
use crate::tournament::table::deal_players;

use super::deal::facts::facts;
use super::{AppError, AppState, Ctx};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(standings_csv).service(deals_csv);
}

/// The most players at a table: the deals' export has this many
/// player/score column pairs.
pub const MAX_TABLE: usize = 5;

/// Rows as CSV the way a French spreadsheet opens it: a byte order mark,
/// `;` between fields.
pub fn french_csv(rows: &[Vec<String>]) -> Result<Vec<u8>, AppError> {
    let mut w = csv::WriterBuilder::new()
        .delimiter(b';')
        .flexible(false)
        .from_writer("\u{feff}".as_bytes().to_vec());
    for r in rows {
        w.write_record(r).map_err(|e| AppError::Internal(e.into()))?;
    }
    w.into_inner().map_err(|e| AppError::Internal(anyhow::anyhow!("{e}")))
}

fn csv_response(body: Vec<u8>, file: &str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
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
/// figure when the tournament breaks ties).
pub fn standings_rows(
    conn: &mut AnyConnection,
    lang: Lang,
    id: TournamentId,
    details: bool,
) -> Result<Vec<Vec<String>>, AppError> {
    let t = tournaments::get(conn, id)?;
    let s = standings::compute(conn, id, None)?;
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
    let mut rows = vec![head];
    for l in &s.lines {
        let mut row = vec![l.rank.to_string(), l.name.clone()];
        if details {
            let p = players.get(&l.player);
            row.push(p.map(|p| p.club.clone()).unwrap_or_default());
            row.push(p.and_then(|p| p.licence.clone()).unwrap_or_default());
        }
        row.push(l.total.to_string());
        row.extend(
            rounds
                .iter()
                .map(|n| l.rounds.get(n).map(|v| v.to_string()).unwrap_or_default()),
        );
        if let Some((_, figure)) = tie {
            row.push(figure(l));
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
    let lang = ctx.lang;
    let rows = state.db(move |conn| standings_rows(conn, lang, id, details)).await?;
    Ok(csv_response(french_csv(&rows)?, &format!("standings-{id}.csv")))
}

/// A standings line's tie-break figure, as text.
pub type TieFigure = fn(&Standing) -> String;

/// The tie-break figure standings carry: its column title's message id and
/// each line's figure; `None` when ties share the place.
pub fn tie_break_column(tb: TieBreaker) -> Option<(&'static str, TieFigure)> {
    match tb {
        TieBreaker::None => None,
        TieBreaker::BestRound => Some(("csv-best-round", |l| l.best_round.to_string())),
        TieBreaker::TakerWins => Some(("csv-taker-wins", |l| l.taker_wins.to_string())),
    }
}

/// `?details=1` (or any value but `0` and nothing).
fn wants_details(v: &str) -> bool {
    !matches!(v.trim(), "" | "0")
}

/// The deals as rows: a header, then one line per deal entered, by round,
/// table and deal number: round, table, deal, dealer, sitting out, taker,
/// partner, contract, oudlers, points, result, margin, petit au bout,
/// handfuls, chelem, misères, then each place's player and score.
pub fn deals_rows(conn: &mut AnyConnection, lang: Lang, id: TournamentId) -> Result<Vec<Vec<String>>, AppError> {
    let t: Tournament = tournaments::get(conn, id)?;
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
    let scores: HashMap<(i32, i32, PlayerId), i32> = Deal::score_lines(conn, id)?
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
    let mut rows = vec![head];
    for (round, d) in Deal::for_tournament(conn, id)? {
        let Some(table) = tables.get(&d.table_id) else { continue };
        let ids = seats.get(&d.table_id).cloned().unwrap_or_default();
        let f = facts(lang, &t, &ids, d.number, &d.record, &names);
        let (_, out) = deal_players(&ids, d.number, t.table5_mode);
        let mut row = vec![
            round.to_string(),
            table.number.to_string(),
            d.number.to_string(),
            f.dealer,
            f.sits_out,
            f.taker,
            f.partner,
            f.contract,
            f.oudlers,
            f.points,
            f.result,
            f.margin,
            f.petit_au_bout,
            f.handfuls,
            f.chelem,
            f.miseres,
        ];
        for i in 0..MAX_TABLE {
            match ids.get(i) {
                Some(p) => {
                    row.push(names.get(p).cloned().unwrap_or_default());
                    row.push(match scores.get(&(d.table_id, d.number, *p)) {
                        Some(s) if out != Some(*p) => s.to_string(),
                        _ => String::new(),
                    });
                }
                None => row.extend([String::new(), String::new()]),
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
    let lang = ctx.lang;
    let rows = state.db(move |conn| deals_rows(conn, lang, id)).await?;
    Ok(csv_response(french_csv(&rows)?, &format!("deals-{id}.csv")))
}
