//! Public pages, no login: standings (cumulative and per round) and each
//! player's history.
//!
//! By concern: the standings page ([`standings`]), the projector
//! ([`projector`]), a player's page ([`player`]); here, what they share.

use actix_web::web;

use crate::tournament::ids::{RoundNo, TournamentId};
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
            /// A player's average per deal, as the language writes it.
            pub fn per_deal(&self, line: usize) -> String {
                let lines = &self.data.standings.lines;
                lines
                    .get(line)
                    .map(|l| self.lang.per_deal(l.deals, l.per_deal))
                    .unwrap_or_default()
            }
            /// Whether the standings rank by average per deal (its column
            /// is then the one in bold).
            pub fn by_average(&self) -> bool {
                self.data.t.ranking == $crate::tournament::standings::Ranking::PerDeal
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

pub mod find;
pub mod player;
pub mod projector;
pub mod standings;

pub use player::{load_player_page, CurrentSeat, PlayerPage, PlayerRound};
pub use projector::{ProjectorPage, ProjectorRows};
pub use standings::{StandingsPage, StandingsRegion};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(standings::standings_page)
        .service(projector::projector_page)
        .service(player::player_page)
        .service(find::find_player);
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

/// The address of a tournament's live events (FORMATS.md, "Live updates").
pub fn live_url(tournament_id: TournamentId) -> String {
    format!("/api/tournaments/{tournament_id}/events")
}
