//! The score sheet of a table (feuille de marque): every deal with its
//! explanation and scores, and the totals that must sum to zero.

use std::collections::HashMap;

use crate::db::models::{Deal, Player, RoundTable, Tournament};
use crate::db::AnyConnection;
use crate::i18n::Lang;
use crate::tarot::ScoreOutput;
use crate::tournament::deal::TableDeal;
use crate::tournament::table::{deal_players, dealer_seat};

use super::super::{AppError, Ctx};
use super::TableAt;

/// One deal row of a score sheet.
pub struct SheetRow {
    /// Deal number.
    pub k: i32,
    /// Dealer's name.
    pub dealer: String,
    /// Entered yet.
    pub entered: bool,
    /// The explanation.
    pub summary: String,
    /// Scores by table seat ("" for the player sitting out, "·" when not entered).
    pub scores: Vec<String>,
}

/// The score sheet of a table.
#[derive(askama::Template)]
#[template(path = "deal/sheet.html")]
pub struct SheetPage {
    /// Page context.
    pub ctx: Ctx,
    /// Tournament.
    pub t: Tournament,
    /// Round number.
    pub round: i32,
    /// Round closed.
    pub closed: bool,
    /// Table number.
    pub table: i32,
    /// The tablet link.
    pub link: String,
    /// Where the deal links hang from.
    pub base: String,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// Deal rows.
    pub rows: Vec<SheetRow>,
    /// Totals by seat.
    pub totals: Vec<i64>,
}

impl SheetPage {
    /// Whether the totals sum to zero.
    pub fn balanced(&self) -> bool {
        self.totals.iter().sum::<i64>() == 0
    }
}

/// The sentence explaining a deal's score.
pub fn explain(lang: Lang, deal: &TableDeal, output: Option<&ScoreOutput>, names: &HashMap<i32, String>) -> String {
    let (Some(d), Some(o)) = (deal.played(), output) else {
        return lang.t("deal-all-passed");
    };
    let key = if o.won {
        "deal-summary-made"
    } else {
        "deal-summary-failed"
    };
    lang.t_args(
        key,
        &[
            ("contract", lang.t(&format!("contract-{}", d.contract.name()))),
            ("taker", names.get(&d.taker).cloned().unwrap_or_default()),
            ("margin", o.margin.to_string()),
            ("formula", o.formula.clone()),
        ],
    )
}

/// Builds the score sheet of a table.
pub fn build(conn: &mut AnyConnection, ctx: Ctx, at: &TableAt) -> Result<SheetPage, AppError> {
    let (t, round, table) = at.find(conn)?;
    let lang = ctx.lang;
    let ids = RoundTable::players(conn, table.id)?;
    let nm = Player::names(conn, &ids)?;
    let entered: HashMap<i32, (Deal, HashMap<i32, i32>)> = Deal::with_scores_for_table(conn, table.id)?
        .into_iter()
        .map(|(d, scores)| (d.number, (d, scores.into_iter().collect())))
        .collect();
    let mut totals = vec![0i64; ids.len()];
    let mut rows = Vec::new();
    for k in 1..=table.deal_count {
        let dealer = nm.get(&ids[dealer_seat(ids.len(), k)]).cloned().unwrap_or_default();
        let (_, out) = deal_players(&ids, k, t.table5_mode);
        let Some((d, scores)) = entered.get(&k) else {
            rows.push(SheetRow {
                k,
                dealer,
                entered: false,
                summary: String::new(),
                scores: ids
                    .iter()
                    .map(|p| if Some(*p) == out { String::new() } else { "·".into() })
                    .collect(),
            });
            continue;
        };
        // Scored again for its explanation: one source of truth, the rules core.
        let scored = d.record.score_at(&ids, k, t.table5_mode, &t.rules).ok();
        let output = scored.as_ref().and_then(|s| s.output.as_ref());
        let mut cells = Vec::new();
        for (i, p) in ids.iter().enumerate() {
            let s = scores.get(p).copied().unwrap_or(0);
            totals[i] += i64::from(s);
            cells.push(if Some(*p) == out { String::new() } else { s.to_string() });
        }
        rows.push(SheetRow {
            k,
            dealer,
            entered: true,
            summary: explain(lang, &d.record, output, &nm),
            scores: cells,
        });
    }
    Ok(SheetPage {
        ctx,
        round: round.number,
        closed: round.is_closed(),
        table: table.number,
        link: format!("/t/{}", table.token),
        base: at.base(),
        players: ids.iter().map(|p| nm.get(p).cloned().unwrap_or_default()).collect(),
        rows,
        totals,
        t,
    })
}
