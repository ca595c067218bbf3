//! What a bot knows of the table beyond the deal: each seat's total over
//! the table's finished deals and how many deals are left after this one.
//!
//! A deal's points are not all a seat plays for at the end of a round: a
//! player 30 points behind the player across the table, with the last deal
//! to play, gains a place by a bold garde that a player 300 points ahead
//! has no reason to risk. The strong player searches for the seat's points
//! **plus a bonus for each other seat it ends the table's deals ahead of**
//! (minus as much for each it ends behind; nothing on a tie), the bonus
//! being [`PLACE_POINTS`] on the last deal and shrinking as more deals are
//! left (`PLACE_POINTS / (1 + deals_left)`): early in a round the places are
//! far from settled and the points are what counts.
//!
//! With no deal left to play after this one and the seat's places settled
//! whatever happens (say 1,000 points ahead of everyone), the bonus is the
//! same for every outcome and the search chooses exactly as on points
//! alone; [`Stakes::NONE`] (a single deal, `chelem duel`) is points alone.

use super::sample::SEATS;
use crate::tarot::Seat;

/// The bonus, in points, for each other seat a seat ends the table's deals
/// ahead of, on the last deal: about what a petite made is worth, enough to
/// turn a close call towards the place, not to throw a sure deal away.
pub const PLACE_POINTS: i64 = 40;

/// The table's scores as a seat of the deal sees them (public: every
/// screen of the table shows them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stakes {
    /// Each seat's total over the table's finished deals, by seat of this
    /// deal.
    pub totals: [i64; SEATS],
    /// Deals the table still plays after this one; `None`: no table
    /// beyond the deal (points alone).
    pub deals_left: Option<u32>,
}

impl Stakes {
    /// Points alone: a deal on its own.
    pub const NONE: Stakes = Stakes {
        totals: [0; SEATS],
        deals_left: None,
    };

    /// The table's totals by seat of the deal (`totals[s]` for seat `s`; a
    /// shorter list leaves the other seats at 0) with `deals_left` deals
    /// after this one.
    pub fn new(totals: &[i64], deals_left: u32) -> Stakes {
        let mut t = [0; SEATS];
        for (slot, v) in t.iter_mut().zip(totals) {
            *slot = *v;
        }
        Stakes {
            totals: t,
            deals_left: Some(deals_left),
        }
    }

    /// The bonus for each place, as the deals left make it.
    pub fn place_weight(&self) -> i64 {
        match self.deals_left {
            Some(left) => PLACE_POINTS / (1 + i64::from(left)),
            None => 0,
        }
    }

    /// What the deal's `scores` (by seat of the deal) are worth to `seat`:
    /// its points plus the place bonus against every other seat.
    pub fn value(&self, scores: &[i64], seat: Seat) -> i64 {
        let me = seat.index();
        let own = scores.get(me).copied().unwrap_or(0);
        let weight = self.place_weight();
        if weight == 0 {
            return own;
        }
        let mine = self.totals[me] + own;
        let places: i64 = scores
            .iter()
            .enumerate()
            .filter(|&(s, _)| s != me)
            .map(|(s, v)| (mine - (self.totals[s] + v)).signum())
            .sum();
        own + weight * places
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_alone_without_a_table() {
        assert_eq!(Stakes::NONE.value(&[-150, 50, 50, 50], Seat(0)), -150);
        assert_eq!(Stakes::NONE.place_weight(), 0);
    }

    #[test]
    fn each_place_is_worth_the_bonus_on_the_last_deal() {
        // Seat 0 is 30 behind seat 1 and 10 ahead of seats 2 and 3.
        let st = Stakes::new(&[100, 130, 90, 90], 0);
        assert_eq!(st.place_weight(), PLACE_POINTS);
        // A taker's 75 lifts it above all three: +3 places.
        assert_eq!(st.value(&[75 * 3, -75, -75, -75], Seat(0)), 225 + 3 * PLACE_POINTS);
        // A failed garde leaves it behind all three.
        assert_eq!(st.value(&[-150, 50, 50, 50], Seat(0)), -150 - 3 * PLACE_POINTS);
        // A tie is neither ahead nor behind.
        assert_eq!(st.value(&[0, -30, 0, 0], Seat(0)), 2 * PLACE_POINTS);
    }

    #[test]
    fn the_bonus_shrinks_with_the_deals_left() {
        assert_eq!(Stakes::new(&[0; 4], 1).place_weight(), PLACE_POINTS / 2);
        assert_eq!(Stakes::new(&[0; 4], 3).place_weight(), PLACE_POINTS / 4);
        assert_eq!(Stakes::new(&[0; 4], 100).place_weight(), 0);
    }

    #[test]
    fn settled_places_leave_only_the_points() {
        // 1,000 ahead: no deal can cost a place, the bonus is constant.
        let st = Stakes::new(&[1000, 0, 0, 0], 0);
        for scores in [[-360, 120, 120, 120], [150, -50, -50, -50], [0, 0, 0, 0]] {
            assert_eq!(st.value(&scores, Seat(0)), scores[0] + 3 * PLACE_POINTS);
        }
    }
}
