//! The organizer's pages: tournaments, players, rounds, deals, corrections.

pub mod adjust;
pub mod checkin;
pub mod constraints;
pub mod dashboard;
pub mod directory;
pub mod merge;
pub mod pager;
pub mod players;
pub mod print;
pub mod reports;
pub mod rooms;
pub mod round_clock;
pub mod round_edits;
pub mod rounds;
pub mod seat_form;
pub mod table_mode;
pub mod tables;
pub mod teams;
pub mod tournaments;

use actix_web::web;

/// Routes of the organizer area.
pub fn configure(cfg: &mut web::ServiceConfig) {
    tournaments::configure(cfg);
    dashboard::configure(cfg);
    directory::configure(cfg);
    merge::configure(cfg);
    checkin::configure(cfg);
    players::configure(cfg);
    constraints::configure(cfg);
    rooms::configure(cfg);
    rounds::configure(cfg);
    round_edits::configure(cfg);
    round_clock::configure(cfg);
    tables::configure(cfg);
    teams::configure(cfg);
    adjust::configure(cfg);
    reports::configure(cfg);
    print::configure(cfg);
}
