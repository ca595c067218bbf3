//! A round's score sheets (feuilles de marque), or one table's: blank for
//! paper play, or filled with the deals entered and their totals.

use std::collections::HashMap;

use actix_web::{get, web, HttpResponse};
use serde::Deserialize;

use crate::db::models::{room, Deal, RoundTable, Tournament};
use crate::db::AnyConnection;
use crate::tournament::ids::{PlayerId, RoundNo, TableNo, TournamentId};
use crate::tournament::table::deal_players;
use crate::web::deal::facts::{dealer_and_out, decimal_comma, facts};
use crate::web::filters;
use crate::web::{render, AppError, Ctx, OrgPage};

use super::round_of;

/// A deal's line on a printed score sheet.
pub struct SheetLine {
    /// Deal number.
    pub k: i32,
    /// The dealer.
    pub dealer: String,
    /// Entered yet (a blank sheet: never).
    pub entered: bool,
    /// Taker, and partner if any.
    pub taker: String,
    /// Contract.
    pub contract: String,
    /// Oudlers.
    pub oudlers: String,
    /// Points, decimal comma.
    pub points: String,
    /// Made / failed, and by how much.
    pub result: String,
    /// Bonuses in one line.
    pub bonuses: String,
    /// One cell per place: the score, "" when not entered, `None` for the
    /// player sitting out.
    pub scores: Vec<Option<String>>,
}

/// A printed score sheet (feuille de marque) of one table.
pub struct PrintedSheet {
    /// Table number.
    pub number: TableNo,
    /// The table as its room calls it.
    pub name: String,
    /// Players by place.
    pub players: Vec<String>,
    /// Deal lines.
    pub lines: Vec<SheetLine>,
    /// Totals by place ("" on a blank sheet).
    pub totals: Vec<String>,
}

/// The score sheets of a round (or one table), blank or filled.
#[derive(askama::Template)]
#[template(path = "print/sheets.html")]
pub struct SheetsPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Round number.
    pub round: RoundNo,
    /// Blank for paper play.
    pub blank: bool,
    /// The sheets.
    pub sheets: Vec<PrintedSheet>,
}

#[derive(Deserialize)]
struct SheetsQuery {
    #[serde(default)]
    blank: String,
    table: Option<TableNo>,
}

fn load_sheets(
    conn: &mut AnyConnection,
    ctx: Ctx,
    (id, n): (TournamentId, RoundNo),
    blank: bool,
    only: Option<TableNo>,
) -> Result<SheetsPage, AppError> {
    let (t, round) = round_of(conn, id, n)?;
    let lang = ctx.lang;
    let rooms = room::layout(conn, id)?;
    let seated: Vec<_> = RoundTable::with_players_of_round(conn, round.id)?
        .into_iter()
        .filter(|(table, _)| only.is_none_or(|o| o == table.number))
        .collect();
    if seated.is_empty() && only.is_some() {
        return Err(AppError::NotFound);
    }
    let mut entered: HashMap<(i32, i32), (Deal, HashMap<PlayerId, i32>)> = HashMap::new();
    if !blank {
        for (d, scores) in Deal::with_scores_in_round(conn, round.id)? {
            entered.insert((d.table_id, d.number), (d, scores.into_iter().collect()));
        }
    }
    let mut sheets = Vec::new();
    for (table, players) in seated {
        let ids: Vec<PlayerId> = players.iter().map(|(p, _)| *p).collect();
        let names: HashMap<PlayerId, String> = players.iter().cloned().collect();
        let mut totals = vec![0i64; ids.len()];
        let mut lines = Vec::new();
        for k in 1..=table.deal_count {
            let (_, out) = deal_players(&ids, k, t.table5_mode);
            let Some((d, scores)) = entered.get(&(table.id, k)) else {
                let (dealer, _) = dealer_and_out(&t, &ids, k, &names);
                lines.push(SheetLine {
                    k,
                    dealer,
                    entered: false,
                    taker: String::new(),
                    contract: String::new(),
                    oudlers: String::new(),
                    points: String::new(),
                    result: String::new(),
                    bonuses: String::new(),
                    scores: ids.iter().map(|p| (out != Some(*p)).then(String::new)).collect(),
                });
                continue;
            };
            let f = facts(lang, &t, &ids, k, &d.record, &names);
            let mut cells = Vec::new();
            for (i, p) in ids.iter().enumerate() {
                let s = scores.get(p).copied().unwrap_or(0);
                if d.void_reason.is_none() {
                    totals[i] += i64::from(s);
                }
                cells.push((out != Some(*p)).then(|| s.to_string()));
            }
            lines.push(SheetLine {
                k,
                bonuses: f.bonuses(lang),
                dealer: f.dealer,
                entered: true,
                taker: if f.partner.is_empty() {
                    f.taker
                } else {
                    format!("{} + {}", f.taker, f.partner)
                },
                contract: f.contract,
                oudlers: f.oudlers.map(|o| o.to_string()).unwrap_or_default(),
                points: f.points.map(decimal_comma).unwrap_or_default(),
                result: match (&d.void_reason, f.margin) {
                    (Some(why), _) => format!("{} ({why})", lang.t("sheet-void")),
                    (None, Some(m)) if !f.result.is_empty() => format!("{} ({m})", f.result),
                    (None, _) => f.result,
                },
                scores: cells,
            });
        }
        sheets.push(PrintedSheet {
            number: table.number,
            name: ctx.table_name(&rooms, table.number),
            players: players.into_iter().map(|(_, name)| name).collect(),
            lines,
            totals: if blank {
                vec![String::new(); ids.len()]
            } else {
                totals.iter().map(|v| v.to_string()).collect()
            },
        });
    }
    Ok(SheetsPage {
        ctx,
        t,
        round: n,
        blank,
        sheets,
    })
}

#[get("/tournaments/{id}/rounds/{n}/sheets")]
pub(super) async fn sheets_page(
    OrgPage { ctx, state, .. }: OrgPage,
    path: web::Path<(TournamentId, RoundNo)>,
    q: web::Query<SheetsQuery>,
) -> Result<HttpResponse, AppError> {
    let (id, n) = path.into_inner();
    let SheetsQuery { blank, table } = q.into_inner();
    let blank = !matches!(blank.trim(), "" | "0");
    let page = state
        .db(move |conn| load_sheets(conn, ctx, (id, n), blank, table))
        .await?;
    Ok(render::page(&page))
}
