//! A deal as its seed and actions: the actions so far ([`Game::actions`],
//! [`GameLog::actions`]), the compact form ([`CompactDeal`]) and the replay
//! that rebuilds a deal from them.

use serde::{Deserialize, Serialize};

use super::log::GameLog;
use super::{Action, Game, Phase};
use crate::tarot::card::Card;
use crate::tarot::contract::{Contract, Seat};
use crate::tarot::play_error::PlayError;

impl GameLog {
    /// The actions of the deal, in order, as [`Game::replay`] takes them
    /// (a handful goes just before its seat's first card).
    pub fn actions(&self) -> Vec<(Seat, Action)> {
        let mut out: Vec<(Seat, Action)> = self.bids.iter().map(|b| (b.seat, Action::Bid(b.bid))).collect();
        let (Some(taker), Some(contract)) = (self.taker, self.contract) else {
            return out;
        };
        if let Some(c) = self.called {
            out.push((taker, Action::Call(c)));
        }
        if contract.has_ecart() {
            out.push((taker, Action::Discard(self.discard.iter().copied().collect())));
        }
        out.push((taker, Action::Chelem(self.chelem_announced)));
        let mut started = 0u8;
        for t in &self.tricks {
            for pc in &t.cards {
                if started & pc.seat.bit() == 0 {
                    started |= pc.seat.bit();
                    if let Some(h) = self.handfuls.iter().find(|h| h.seat == pc.seat) {
                        out.push((pc.seat, Action::Handful(h.shown.iter().copied().collect())));
                    }
                }
                out.push((pc.seat, Action::Card(pc.card)));
            }
        }
        out
    }
}

/// A seat's action, for the compact form of a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatAction {
    /// Who acted.
    pub seat: Seat,
    /// What they did.
    #[serde(flatten)]
    pub action: Action,
}

/// A deal in progress in compact form: the seed and the actions are enough
/// ([`Game::compact`], [`Game::from_compact`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompactDeal {
    /// Table size.
    pub players: u8,
    /// The dealer.
    pub dealer: Seat,
    /// The seed.
    pub seed: u64,
    /// The actions in order.
    pub actions: Vec<SeatAction>,
}

impl Game {
    /// Rebuilds a deal from its seed and actions; the error gives the index
    /// of the first refused action.
    pub fn replay(
        players: u8,
        dealer: Seat,
        seed: u64,
        actions: &[(Seat, Action)],
    ) -> Result<Game, (usize, PlayError)> {
        let mut g = Game::new(players, dealer, seed);
        for (i, &(seat, a)) in actions.iter().enumerate() {
            g.apply(seat, a).map_err(|e| (i, e))?;
        }
        Ok(g)
    }

    /// Every action so far, in order: with the seed, enough to rebuild the
    /// deal ([`Game::replay`]).
    pub fn actions(&self) -> Vec<(Seat, Action)> {
        let mut out: Vec<(Seat, Action)> = self.bids().map(|b| (b.seat, Action::Bid(b.bid))).collect();
        // While bidding the phase stops it below.
        let Some(taker) = self.taker else {
            return out;
        };
        if let Some(c) = self.called {
            out.push((taker, Action::Call(c)));
        }
        if matches!(self.phase, Phase::Chelem | Phase::Play | Phase::Done)
            && self.contract.is_some_and(Contract::has_ecart)
        {
            out.push((taker, Action::Discard(self.discard)));
        }
        if !matches!(self.phase, Phase::Play | Phase::Done) {
            return out;
        }
        out.push((taker, Action::Chelem(self.chelem_announced)));
        let mut started = 0u8;
        let mut push_card = |out: &mut Vec<(Seat, Action)>, seat: Seat, card: Card| {
            if started & seat.bit() == 0 {
                started |= seat.bit();
                let h = self.handfuls[seat.index()];
                if !h.is_empty() {
                    out.push((seat, Action::Handful(h)));
                }
            }
            out.push((seat, Action::Card(card)));
        };
        for i in 0..=self.ntricks.min(self.tricks_total() - 1) {
            let leader = self.leaders[usize::from(i)];
            let len = if i < self.ntricks { self.players } else { self.trick_len };
            for k in 0..len {
                let seat = leader.after(k, self.players);
                push_card(&mut out, seat, self.tricks[usize::from(i)][usize::from(k)]);
            }
        }
        // A seat that answered the handful question but has not played yet.
        if self.phase == Phase::Play {
            for s in Seat::all(self.players) {
                if self.handful_done & s.bit() != 0 && started & s.bit() == 0 {
                    out.push((s, Action::Handful(self.handfuls[s.index()])));
                }
            }
        }
        out
    }

    /// The compact form: seed and actions.
    pub fn compact(&self) -> CompactDeal {
        CompactDeal {
            players: self.players,
            dealer: self.dealer,
            seed: self.seed,
            actions: self
                .actions()
                .into_iter()
                .map(|(seat, action)| SeatAction { seat, action })
                .collect(),
        }
    }

    /// Rebuilds a deal from its compact form.
    pub fn from_compact(c: &CompactDeal) -> Result<Game, (usize, PlayError)> {
        if !(3..=6).contains(&c.players) || c.dealer.0 >= c.players {
            return Err((
                0,
                PlayError::NoSuchSeat {
                    seat: c.dealer,
                    last: Seat(c.players.saturating_sub(1)),
                },
            ));
        }
        let actions: Vec<(Seat, Action)> = c.actions.iter().map(|a| (a.seat, a.action)).collect();
        Game::replay(c.players, c.dealer, c.seed, &actions)
    }
}
