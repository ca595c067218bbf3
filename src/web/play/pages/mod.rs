//! A seat's own page (`/s/{token}`): its hand, the bidding, the trick, the
//! previous trick on request, the scores across the deals; its actions as
//! plain forms (a refresh after each one plays the game without JavaScript),
//! its live stream, and the trick-by-trick replay of a finished deal.
//!
//! By concern: the cards and the words the pages draw them with ([`faces`]),
//! the seat's page ([`seat`]), its routes ([`routes`]), the replay
//! ([`replay`]).

pub mod faces;
pub mod replay;
pub mod routes;
pub mod seat;
pub mod table;

use actix_web::web;

pub use faces::{CardFace, Played, Shown};
pub use replay::{ReplayPage, ReplayTrick};
pub use routes::action_from_form;
pub use seat::SeatPage;

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(routes::seat_page)
        .service(routes::seat_post)
        .service(routes::seat_events)
        .service(routes::take_back)
        .service(routes::leave)
        .service(routes::set_pace)
        .service(replay::replay)
        .service(routes::seat_js);
}
