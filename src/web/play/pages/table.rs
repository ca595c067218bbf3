//! The table as a seat's page draws it: every seat around it with this
//! one at the bottom (play goes anticlockwise: the next seat sits on the
//! right), each with its marks (dealer, bot, bid, taker and contract,
//! partner once known, whose turn), and the trick laid before the seats
//! that played it.

use crate::db::ops::games::GameState;
use crate::i18n::Lang;
use crate::tarot::{Card, Phase, Seat, SeatView};

use super::faces::{bid_label, contract_label, CardFace};

/// One seat at the table.
#[derive(Debug, Clone)]
pub struct Place {
    /// Who sits there.
    pub name: String,
    /// Where on the screen: `me` (bottom), `right`, `tr`, `top`, `tl`, `left`.
    pub pos: &'static str,
    /// This page's own seat.
    pub me: bool,
    /// Deals this deal.
    pub dealer: bool,
    /// A bot plays it.
    pub bot: bool,
    /// Is to act now.
    pub turn: bool,
    /// Sits this deal out (the dealer at an FFT table of 5).
    pub out: bool,
    /// Its last bid, while the bidding goes on.
    pub bid: Option<String>,
    /// The contract, at the taker's place.
    pub taker: Option<String>,
    /// The taker's partner, once the called card is played.
    pub partner: bool,
    /// Its card in the trick in progress (or in the trick just complete).
    pub card: Option<CardFace>,
    /// Won the previous trick: its pile shows it.
    pub pile: bool,
    /// Its excuse, face up beside it while it owes a card for it.
    pub owed: Option<CardFace>,
}

/// Where the seat `offset` places after this one sits on the screen, at a
/// table of `n`.
pub fn position(offset: usize, n: usize) -> &'static str {
    const AROUND: [&[&str]; 4] = [
        &["me", "right", "left"],
        &["me", "right", "top", "left"],
        &["me", "right", "tr", "tl", "left"],
        &["me", "right", "tr", "top", "tl", "left"],
    ];
    AROUND
        .get(n.saturating_sub(3))
        .and_then(|a| a.get(offset))
        .copied()
        .unwrap_or("top")
}

/// The table seat dealing the deal of `v`: at an FFT table of 5 the seat
/// that sits out, else the deal's dealer.
pub fn dealer_seat(st: &GameState, v: &SeatView) -> usize {
    if st.map.len() < st.seats.len() {
        (0..st.seats.len()).find(|t| !st.map.contains(t)).unwrap_or(0)
    } else {
        st.map.get(v.dealer.index()).copied().unwrap_or(0)
    }
}

/// The table around `me` (a table seat) in the deal of `v`. The second
/// value is where the trick just complete is gathered (its winner's
/// place), when no card of the next one is down yet.
pub fn places(st: &GameState, me: usize, v: &SeatView, lang: Lang) -> (Vec<Place>, Option<&'static str>) {
    let n = st.seats.len();
    let dealer = dealer_seat(st, v);
    let table_of = |s: Seat| st.map.get(s.index()).copied();
    let turn = if v.phase == Phase::Done {
        None
    } else {
        v.to_act.and_then(table_of)
    };
    // The trick on the table: the one in progress, or the one just
    // complete until the next card.
    let gathering = v.trick.is_empty() && v.phase == Phase::Play;
    let cards = match (&v.last_trick, gathering) {
        (Some(t), true) => t.cards.clone(),
        _ => v.trick.clone(),
    };
    let pile = v.last_trick.as_ref().and_then(|t| table_of(t.winner));
    let mut places: Vec<Place> = (0..n)
        .map(|t| {
            let seat = st.deal_seat(t);
            let name = st.seats[t].name.clone();
            let bid = (v.phase == Phase::Bidding)
                .then(|| {
                    v.bids
                        .iter()
                        .rev()
                        .find(|b| Some(b.seat) == seat)
                        .map(|b| bid_label(b.bid, lang))
                })
                .flatten();
            let taker = match (seat, v.taker, v.contract) {
                (Some(s), Some(t), Some(c)) if s == t => Some(contract_label(c, lang)),
                _ => None,
            };
            Place {
                name,
                pos: position((t + n - me) % n, n),
                me: t == me,
                dealer: t == dealer,
                bot: st.is_bot(t),
                turn: turn == Some(t),
                out: seat.is_none(),
                bid,
                taker,
                partner: seat.is_some_and(|s| {
                    (Some(s) == v.partner && v.partner != v.taker)
                        || v.partners
                            .as_ref()
                            .is_some_and(|ps| ps.contains(&s) && Some(s) != v.taker)
                }),
                card: cards
                    .iter()
                    .find(|p| Some(p.seat) == seat)
                    .map(|p| CardFace::of(p.card, lang, false)),
                pile: pile == Some(t),
                owed: (seat.is_some() && v.excuse_owed == seat).then(|| CardFace::of(Card::EXCUSE, lang, false)),
            }
        })
        .collect();
    // This seat first: the page draws it under the others.
    places.rotate_left(me);
    let winner = pile
        .filter(|_| gathering && !cards.is_empty())
        .map(|t| position((t + n - me) % n, n));
    (places, winner)
}

#[cfg(test)]
mod tests {
    use super::position;

    #[test]
    fn the_next_seat_sits_on_the_right_and_the_one_before_on_the_left() {
        for n in 3..=6 {
            let around: Vec<&str> = (0..n).map(|k| position(k, n)).collect();
            assert_eq!(around[0], "me");
            assert_eq!(around[1], "right", "{n}: {around:?}");
            assert_eq!(around[n - 1], "left", "{n}: {around:?}");
            let mut distinct = around.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), n, "one place per seat at {n}: {around:?}");
        }
        assert_eq!(position(2, 4), "top");
    }
}
