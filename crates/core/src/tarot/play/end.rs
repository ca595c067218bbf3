//! The end of a deal: the piles counted (the excuse rules, petit au bout,
//! chelem), the [`Outcome`], and the deal's record scored by the one
//! scoring path of recorded deals.

use super::{Game, Phase, MAX_SEATS};
use crate::tarot::card::Card;
use crate::tarot::cards::CardSet;
use crate::tarot::contract::{Camp, Chelem, Contract, HalfPoints, Handful, Seat};
use crate::tarot::record::{DealRecord, RecordInput};
use crate::tarot::rules::ScoringRules;
use crate::tarot::score::score;

/// The end of a deal: what the attack got and the score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The attack's oudlers.
    pub oudlers: u8,
    /// The attack's points.
    pub points: HalfPoints,
    /// The defence's points, counted from its own pile (with `points`, 91).
    pub defence_points: HalfPoints,
    /// Petit au bout.
    pub petit_au_bout: Option<Camp>,
    /// Who took every trick.
    pub chelem_made_by: Option<Camp>,
    /// Every seat's score (zeros beyond `players`).
    pub scores: [i64; MAX_SEATS],
}

impl Game {
    /// The camp of `seat`.
    fn camp(&self, seat: Seat) -> Camp {
        if self.is_attack(seat) {
            Camp::Attack
        } else {
            Camp::Defence
        }
    }

    /// Ends the deal after its last trick: the piles counted, the outcome
    /// scored.
    pub(super) fn finish(&mut self) {
        self.phase = Phase::Done;
        let contract = self.contract.expect("a contract in play");
        let mut attack = self.won_by(Camp::Attack);
        match contract {
            Contract::Petite | Contract::Garde => attack = attack.or(self.discard),
            Contract::GardeSans => attack = attack.or(self.dog),
            Contract::GardeContre => {}
        }
        let (adjust, excuse_wins_last) = self.excuse_rule(&mut attack);
        let points = HalfPoints((i32::from(attack.points_half()) + adjust) as u16);
        let mut defence = self.won_by(Camp::Defence);
        if contract == Contract::GardeContre {
            defence = defence.or(self.dog);
        }
        if self.excuse.is_some() && !attack.contains(Card::EXCUSE) {
            defence.insert(Card::EXCUSE);
        }
        let defence_points = HalfPoints((i32::from(defence.points_half()) - adjust) as u16);
        let oudlers = attack.and(CardSet::OUDLERS).len() as u8;
        let made_by = self.chelem_made_by();
        let petit_au_bout = self.petit_au_bout(excuse_wins_last);
        let record = self.build_record(oudlers, points, petit_au_bout, made_by);
        let s = score(&record);
        let mut scores = [0i64; MAX_SEATS];
        scores[..s.scores.len()].copy_from_slice(&s.scores);
        self.outcome = Some(Outcome {
            oudlers,
            points,
            defence_points,
            petit_au_bout,
            chelem_made_by: made_by,
            scores,
        });
    }

    /// The tricks won by the seats of `camp`.
    fn won_by(&self, camp: Camp) -> CardSet {
        let mut pile = CardSet::EMPTY;
        for s in Seat::all(self.players) {
            if self.camp(s) == camp {
                pile = pile.or(self.won[s.index()]);
            }
        }
        pile
    }

    /// Whether every seat's camp is known to all: at 3 and 4 players; at 5
    /// and 6 once each called card has been played or seen in the dog.
    pub fn camps_public(&self) -> bool {
        if self.players <= 4 || self.phase == Phase::Done {
            return true;
        }
        let dog_seen = self.dog_public();
        self.called.is_some_and(|call| {
            call.pair()
                .into_iter()
                .flatten()
                .all(|c| self.played.contains(c) || (dog_seen && self.dog.contains(c)))
        })
    }

    /// The seat that owes a card for its excuse, while it does: the excuse
    /// went to a trick the other camp won, before the last, and the
    /// owner's camp has won no trick from which to give a half-point card in
    /// exchange. The excuse stays shown face up until then (the seed
    /// platform's rule). Shown only once the camps are known to all: before
    /// that it would tell who the hidden partner is.
    pub fn excuse_owed(&self) -> Option<Seat> {
        let (es, et) = self.excuse?;
        let t = usize::from(et);
        let done = usize::from(self.ntricks);
        if self.phase != Phase::Play || t >= done || et + 1 == self.tricks_total() || !self.camps_public() {
            return None;
        }
        let owner = self.is_attack(es);
        if self.is_attack(self.winners[t]) == owner {
            return None;
        }
        let gave = self.winners[..done].iter().any(|&w| self.is_attack(w) == owner);
        (!gave).then_some(es)
    }

    /// The excuse rule, the excuse put into `attack` when it ends there: it
    /// goes back to its owner's camp, which gives a half-point card for it
    /// when the other camp won the trick; played to the last trick, it goes
    /// to the camp that wins that trick, unless it wins the trick itself (a
    /// chelem). Gives the half points the attack gains or gives for it, and
    /// whether the excuse won the last trick.
    fn excuse_rule(&self, attack: &mut CardSet) -> (i32, bool) {
        let Some((es, et)) = self.excuse else {
            return (0, false);
        };
        let owner_attack = self.is_attack(es);
        let t = usize::from(et);
        if t + 1 == usize::from(self.ntricks) {
            if self.winners[t] == es {
                if owner_attack {
                    attack.insert(Card::EXCUSE);
                }
                return (0, true);
            }
            if !owner_attack {
                // Played to the last trick: it changes camp.
                attack.insert(Card::EXCUSE);
            }
            return (0, false);
        }
        if owner_attack {
            attack.insert(Card::EXCUSE);
        }
        let winner_attack = self.is_attack(self.winners[t]);
        if owner_attack != winner_attack {
            // The owner gives a half-point card for it.
            return (if owner_attack { -1 } else { 1 }, false);
        }
        (0, false)
    }

    /// The camp that took every trick, if one did.
    fn chelem_made_by(&self) -> Option<Camp> {
        let winners = &self.winners[..usize::from(self.ntricks)];
        if winners.iter().all(|&w| self.is_attack(w)) {
            Some(Camp::Attack)
        } else if winners.iter().all(|&w| !self.is_attack(w)) {
            Some(Camp::Defence)
        } else {
            None
        }
    }

    /// The camp that took the petit in the last trick (the one before when
    /// the excuse won the last trick in a chelem).
    fn petit_au_bout(&self, excuse_wins_last: bool) -> Option<Camp> {
        let n = usize::from(self.ntricks);
        let petit_trick = |i: usize| self.tricks[i][..usize::from(self.players)].contains(&Card::PETIT);
        if excuse_wins_last && n >= 2 && petit_trick(n - 2) {
            Some(self.camp(self.winners[n - 2]))
        } else if petit_trick(n - 1) {
            Some(self.camp(self.winners[n - 1]))
        } else {
            None
        }
    }

    fn build_record(
        &self,
        oudlers: u8,
        points: HalfPoints,
        petit_au_bout: Option<Camp>,
        made_by: Option<Camp>,
    ) -> DealRecord {
        let taker = self.taker.expect("a taker");
        let input = RecordInput {
            players: self.players,
            taker: taker.0,
            partners: self.partners().iter().map(|p| p.0).collect(),
            contract: self.contract.expect("a contract"),
            oudlers,
            points,
            handfuls: (0..usize::from(self.nhandfuls))
                .map(|i| {
                    let s = self.handful_order[i];
                    Handful {
                        seat: s,
                        size: self.handful_size(self.handfuls[s.index()]),
                    }
                })
                .collect::<Vec<Handful>>(),
            petit_au_bout,
            chelem: Chelem {
                announced: self.chelem_announced,
                made_by,
            },
            miseres: vec![],
        };
        match DealRecord::new(input.clone(), &ScoringRules::FFT) {
            Ok(r) => r,
            Err(e) => panic!(
                "a played deal must make a valid record: {e} ({input:?}, seed {})",
                self.seed
            ),
        }
    }

    /// The deal's record, once it is over and not void.
    pub fn record(&self) -> Option<DealRecord> {
        let o = self.outcome?;
        Some(self.build_record(o.oudlers, o.points, o.petit_au_bout, o.chelem_made_by))
    }
}
