//! Public pages, no login: standings (cumulative and per round) and each
//! player's history.
//!
//! By concern: the standings page ([`standings`]), the projector
//! ([`projector`]), a player's page ([`player`]); here, what they share.

use actix_web::web;

use crate::tournament::ids::RoundNo;
use crate::tournament::standings::Standings;

use super::live::Progress;
use super::Ctx;

/// The methods of the standings' rows, on the standings page's live part
/// and on the projector's table.
macro_rules! rows_impl {
    ($t:ident) => {
        impl $t<'_> {
            /// A player's total in a round, as text.
            pub fn round_total(&self, line: usize, round: &RoundNo) -> String {
                $crate::web::public::round_total(&self.data.standings, line, *round)
            }
            /// A player's average per deal, as the language writes it; in a
            /// duplicate tournament, the comparison's figure (average
            /// percentage, or total datum).
            pub fn per_deal(&self, line: usize) -> String {
                let lines = &self.data.standings.lines;
                let Some(l) = lines.get(line) else {
                    return String::new();
                };
                match &self.data.duplicate {
                    Some(rows) => $crate::web::public::duplicate_figure(self.lang, &self.data.t, rows, line, l.player),
                    None => self.lang.per_deal(l.deals, l.per_deal),
                }
            }
            /// Whether the standings rank by average per deal (its column
            /// is then the one in bold): also a duplicate tournament's
            /// comparison.
            pub fn by_average(&self) -> bool {
                self.data.t.ranking == $crate::tournament::standings::Ranking::PerDeal || self.data.duplicate.is_some()
            }
            /// The head of the average's column, and its explanation.
            pub fn figure_head(&self) -> (String, String) {
                $crate::web::public::figure_head(self.lang, &self.data.t)
            }
            /// As HTML (empty, and logged, if rendering failed).
            fn html(&self) -> String {
                askama::Template::render(self).unwrap_or_else(|e| {
                    tracing::error!(error = %e, "standings rows rendering failed");
                    String::new()
                })
            }
        }
    };
}

/// A duplicate tournament's figure for the player of standings line
/// `line`: the average percentage ("62,5 %") or the total datum ("+12,33").
pub fn duplicate_figure(
    lang: crate::i18n::Lang,
    t: &crate::db::models::Tournament,
    rows: &[crate::db::ops::duplicate::StandingRow],
    line: usize,
    player: crate::tournament::ids::PlayerId,
) -> String {
    use crate::tournament::duplicate::Comparison;
    use crate::tournament::standings::PerDeal;
    // The lines are in the rows' order (see `live::cache`), else looked up.
    let row = rows
        .get(line)
        .filter(|r| r.player == player)
        .or_else(|| rows.iter().find(|r| r.player == player));
    let Some(row) = row else {
        return String::new();
    };
    match t.comparison {
        Comparison::Matchpoints => {
            let text = lang.per_deal(row.deals, PerDeal((row.percent * 100.0).round() as i64));
            if row.deals == 0 {
                text
            } else {
                format!("{text}\u{a0}%")
            }
        }
        Comparison::Datum => {
            let text = lang.per_deal(row.deals, PerDeal((row.total * 100.0).round() as i64));
            if row.deals > 0 && row.total > 0.0 {
                format!("+{text}")
            } else {
                text
            }
        }
    }
}

/// The head of the standings' average column and its explanation: a
/// duplicate tournament's comparison, else the average per deal.
pub fn figure_head(lang: crate::i18n::Lang, t: &crate::db::models::Tournament) -> (String, String) {
    use crate::tournament::duplicate::{Comparison, Format};
    let (head, title) = match (t.format, t.comparison) {
        (Format::Libres, _) => ("standings-per-deal", "standings-per-deal-title"),
        (Format::Duplicate, Comparison::Matchpoints) => ("standings-percent", "standings-percent-title"),
        (Format::Duplicate, Comparison::Datum) => ("standings-datum", "standings-datum-title"),
    };
    (lang.t(head), lang.t(title))
}

pub mod career;
pub mod career_chart;
pub mod find;
pub mod player;
pub mod projector;
pub mod standings;
pub mod traveller;

pub use player::{load_player_page, CurrentSeat, PlayerPage, PlayerRound};
pub use projector::{ProjectorPage, ProjectorRows};
pub use standings::{StandingsPage, StandingsRegion};
pub use traveller::hundredths;

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(standings::standings_page)
        .service(projector::projector_page)
        .service(player::player_page)
        .service(find::find_player)
        .service(traveller::deals_page)
        .service(traveller::traveller_page)
        .service(traveller::travellers_csv);
    career::configure(cfg);
}

/// A player's total in a round, as text ("" where they did not play it).
pub fn round_total(s: &Standings, line: usize, round: RoundNo) -> String {
    s.lines[line]
        .rounds
        .get(&round)
        .map(|v| v.to_string())
        .unwrap_or_default()
}

/// "Tables done: 3/10" of a round's progress (the projector, the
/// organizer's round page).
pub fn tables_done(ctx: &Ctx, p: &Progress) -> String {
    let args = [("done", p.tables_done.to_string()), ("tables", p.tables.to_string())];
    ctx.lang.t_args("live-tables-done", &args)
}
