//! Statistics and results: the tournament's statistics page with its charts,
//! each chart alone as SVG, the self-contained results page a club uploads
//! as it is, and the statistics block of a player's page. The figures come
//! from the pure `tournament::stats`, the charts from `web::charts`.
//!
//! By concern: the figures as words ([`figures`]) and as charts ([`svgs`]),
//! what they are read from ([`data`]), the statistics page
//! ([`stats_page`]), the results page ([`results_page`]), a player's block
//! ([`player`]).

pub mod data;
pub mod figures;
pub mod player;
pub mod results_page;
pub mod stats_page;
pub mod svgs;

use actix_web::web;

pub use data::TournamentData;
pub use figures::{ContractRow, StatsView};
pub use player::{player_block, PlayerBlock, PlayerTables};
pub use results_page::{ResultLine, ResultsPage, RESULTS_CSS};
pub use stats_page::StatsPage;
pub use svgs::{contracts_svg, race_svg, scores_svg};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(stats_page::stats_page)
        .service(stats_page::chart)
        .service(results_page::results_html);
}
