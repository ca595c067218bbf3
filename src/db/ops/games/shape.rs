//! How a deal is dealt at a table: who plays it and who deals, and in a
//! duplicate tournament the deal prepared for every table. Dealing
//! (`play`) and the check of a stored deal (`replay`) read it here.

use crate::db::models::TournamentSettings;
use crate::tournament::duplicate::{self, Format, Prepared};
use crate::tournament::ids::RoundNo;
use crate::tournament::table::{dealer_seat, Table5Mode};

/// Who plays deal `number` at a table of `seats` and who deals: the table
/// seat of each seat of the deal, and the dealer as a seat of the deal. At a
/// table of 5 in FFT mode the dealer sits out: the four others play, the
/// first after the dealer opening the bidding.
pub fn deal_shape(seats: usize, number: i32, mode: Table5Mode) -> (Vec<usize>, u8) {
    let dealer = dealer_seat(seats, number);
    if seats == 5 && mode == Table5Mode::DealerOut {
        let map: Vec<usize> = (1..5).map(|k| (dealer + k) % 5).collect();
        (map, 3)
    } else {
        ((0..seats).collect(), dealer as u8)
    }
}

/// How deal `number` of a tournament's table of `seats` is dealt in round
/// `round`: the table seat of each seat of the deal, the dealer (a seat of
/// the deal), and in a duplicate tournament the deal prepared for every
/// table (each seat is dealt exactly its hand of it, by its seed; the
/// deal's own dealer). `secret`: the tournament's deal secret.
pub fn table_deal(
    t: &TournamentSettings,
    secret: i64,
    round: RoundNo,
    seats: usize,
    number: i32,
) -> (Vec<usize>, u8, Option<Prepared>) {
    if t.format == Format::Duplicate {
        let d = duplicate::deal_at(round, t.deals_table4.max(0) as u32, number.max(1) as u32);
        let prepared = duplicate::prepare(secret, d);
        return ((0..seats).collect(), prepared.dealer.0, Some(prepared));
    }
    let (map, dealer) = deal_shape(seats, number, t.table5_mode);
    (map, dealer, None)
}
