//! A deal as a table records it, checked on construction.

use super::bounds;
use super::contract::{deal_shape, Camp, Chelem, Contract, HalfPoints, Handful, Misere, MisereKind, Seat};
use super::error::RecordError;
use super::rules::ScoringRules;

/// The raw facts of a recorded deal, unchecked. Turn it into a
/// [`DealRecord`] with [`DealRecord::new`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordInput {
    /// Table size: 3, 4 or 5.
    pub players: u8,
    /// The taker's seat.
    pub taker: u8,
    /// 5 players: the called card's holder; `None` or the taker's own seat
    /// when the taker plays alone. Must be `None` at 3 and 4 players.
    pub partner: Option<u8>,
    /// The contract played.
    pub contract: Contract,
    /// Oudlers in the attack's tricks at the end (0..=3).
    pub oudlers: u8,
    /// Card points of the attack at the end (0..=91).
    pub points: HalfPoints,
    /// Handfuls declared, in any order.
    pub handfuls: Vec<Handful>,
    /// The camp that took the petit au bout, if any.
    pub petit_au_bout: Option<Camp>,
    /// Chelem announcement and result.
    pub chelem: Chelem,
    /// Misères declared (variant).
    pub miseres: Vec<Misere>,
}

/// A recorded deal that could have happened under the tournament's rules.
/// Only [`DealRecord::new`] builds one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealRecord {
    players: u8,
    taker: Seat,
    partner: Option<Seat>,
    contract: Contract,
    oudlers: u8,
    points: HalfPoints,
    handfuls: Vec<Handful>,
    petit_au_bout: Option<Camp>,
    chelem: Chelem,
    miseres: Vec<Misere>,
    rules: ScoringRules,
}

/// Points the attack needs with this many oudlers: 56, 51, 41, 36.
pub fn target(oudlers: u8) -> u8 {
    match oudlers {
        0 => 56,
        1 => 51,
        2 => 41,
        _ => 36,
    }
}

fn seat_in(seat: u8, players: u8) -> bool {
    seat < players
}

impl DealRecord {
    /// Checks every fact of the record against the rules and against what a
    /// real deal allows; the first problem found is returned.
    pub fn new(input: RecordInput, rules: &ScoringRules) -> Result<DealRecord, RecordError> {
        let RecordInput {
            players,
            taker,
            partner,
            contract,
            oudlers,
            points,
            handfuls,
            petit_au_bout,
            chelem,
            miseres,
        } = input;
        if !(3..=5).contains(&players) {
            return Err(RecordError::PlayersCount {
                players: players.into(),
            });
        }
        let last = players - 1;
        if !seat_in(taker, players) {
            return Err(RecordError::TakerSeat {
                taker: taker.into(),
                last,
            });
        }
        let partner = match partner {
            None => None,
            Some(_) if players != 5 => return Err(RecordError::PartnerNotFivePlayers),
            Some(p) if !seat_in(p, players) => {
                return Err(RecordError::PartnerSeat {
                    partner: p.into(),
                    last,
                })
            }
            // The called card in the taker's hand or in the dog: alone.
            Some(p) if p == taker => None,
            Some(p) => Some(Seat(p)),
        };
        if points > HalfPoints::TOTAL {
            return Err(RecordError::PointsRange);
        }
        if oudlers > 3 {
            return Err(RecordError::OudlersRange {
                oudlers: oudlers.into(),
            });
        }
        if rules.no_petite && contract == Contract::Petite {
            return Err(RecordError::PetiteRefused);
        }
        check_miseres(players, &miseres, rules)?;
        check_handfuls(players, &handfuls, &miseres)?;
        bounds::structural_check(contract, oudlers, petit_au_bout, chelem.made_by)?;
        let won = points.get() >= 2 * u16::from(target(oudlers));
        match chelem.made_by {
            Some(Camp::Attack) if !won => return Err(RecordError::ChelemAttackLost),
            Some(Camp::Defence) if won => return Err(RecordError::ChelemDefenceWon),
            _ => {}
        }
        bounds::check_points(
            players,
            partner.is_some(),
            contract,
            oudlers,
            points,
            petit_au_bout,
            chelem.made_by,
        )?;
        Ok(DealRecord {
            players,
            taker: Seat(taker),
            partner,
            contract,
            oudlers,
            points,
            handfuls,
            petit_au_bout,
            chelem,
            miseres,
            rules: *rules,
        })
    }

    /// Table size: 3, 4 or 5.
    pub fn players(&self) -> u8 {
        self.players
    }
    /// The taker's seat.
    pub fn taker(&self) -> Seat {
        self.taker
    }
    /// The partner's seat (5 players), `None` when the taker plays alone or
    /// at 3 and 4 players (a partner equal to the taker is normalised to `None`).
    pub fn partner(&self) -> Option<Seat> {
        self.partner
    }
    /// The contract.
    pub fn contract(&self) -> Contract {
        self.contract
    }
    /// The attack's oudlers at the end.
    pub fn oudlers(&self) -> u8 {
        self.oudlers
    }
    /// The attack's card points at the end.
    pub fn points(&self) -> HalfPoints {
        self.points
    }
    /// The handfuls declared.
    pub fn handfuls(&self) -> &[Handful] {
        &self.handfuls
    }
    /// The camp that took the petit au bout.
    pub fn petit_au_bout(&self) -> Option<Camp> {
        self.petit_au_bout
    }
    /// The chelem facts.
    pub fn chelem(&self) -> Chelem {
        self.chelem
    }
    /// The misères declared.
    pub fn miseres(&self) -> &[Misere] {
        &self.miseres
    }
    /// The rules the record was checked with (and is scored with).
    pub fn rules(&self) -> &ScoringRules {
        &self.rules
    }
    /// Points the attack needed (36/41/51/56).
    pub fn target(&self) -> u8 {
        target(self.oudlers)
    }
    /// Whether the attack made its contract (points ≥ target).
    pub fn won(&self) -> bool {
        self.points.get() >= 2 * u16::from(self.target())
    }
    /// The camp of a seat in this deal.
    pub fn camp_of(&self, seat: Seat) -> Camp {
        if seat == self.taker || Some(seat) == self.partner {
            Camp::Attack
        } else {
            Camp::Defence
        }
    }
}

#[cfg(test)]
impl RecordInput {
    /// For tests: a garde at `players` with 2 oudlers and 50 points, taker
    /// at seat 0, alone, nothing else.
    pub(crate) fn garde(players: u8) -> RecordInput {
        RecordInput {
            players,
            taker: 0,
            partner: None,
            contract: Contract::Garde,
            oudlers: 2,
            points: HalfPoints(100),
            handfuls: vec![],
            petit_au_bout: None,
            chelem: Chelem::default(),
            miseres: vec![],
        }
    }
}

fn check_miseres(players: u8, miseres: &[Misere], rules: &ScoringRules) -> Result<(), RecordError> {
    if miseres.is_empty() {
        return Ok(());
    }
    if !rules.misere {
        return Err(RecordError::MisereDisabled);
    }
    let mut seen = [[false; 2]; 5];
    let mut counts = [0u8; 2];
    for m in miseres {
        if !seat_in(m.seat.0, players) {
            return Err(RecordError::MisereSeat {
                seat: m.seat.0.into(),
                last: players - 1,
            });
        }
        let k = match m.kind {
            MisereKind::Trumps => 0,
            MisereKind::Heads => 1,
        };
        if seen[m.seat.index()][k] {
            return Err(RecordError::MisereTwice {
                seat: m.seat.0,
                kind: m.kind.name(),
            });
        }
        seen[m.seat.index()][k] = true;
        counts[k] += 1;
    }
    // The cards a misère declarer lacks are all in the other hands or the
    // dog: 22 trumps-and-excuse, 16 face cards. Too many declarers leave
    // too little room (e.g. 4 players without trumps at a table of 4).
    let (hand, dog) = deal_shape(players);
    let room = |count: u8| (u16::from(players) - u16::from(count)) * hand + dog;
    if room(counts[0]) < 22 {
        return Err(RecordError::TooManyMiseresTrumps { count: counts[0] });
    }
    if room(counts[1]) < 16 {
        return Err(RecordError::TooManyMiseresHeads { count: counts[1] });
    }
    Ok(())
}

fn check_handfuls(players: u8, handfuls: &[Handful], miseres: &[Misere]) -> Result<(), RecordError> {
    let mut seen = [false; 5];
    let mut needed: u16 = 0;
    for h in handfuls {
        if !seat_in(h.seat.0, players) {
            return Err(RecordError::HandfulSeat {
                seat: h.seat.0.into(),
                last: players - 1,
            });
        }
        if std::mem::replace(&mut seen[h.seat.index()], true) {
            return Err(RecordError::HandfulTwice { seat: h.seat.0 });
        }
        // A player without trump or excuse has nothing to show.
        if miseres.iter().any(|m| m.seat == h.seat && m.kind == MisereKind::Trumps) {
            return Err(RecordError::MisereTrumpsWithHandful { seat: h.seat.0 });
        }
        needed += u16::from(h.size.trumps_needed(players).unwrap_or(0));
    }
    // Each handful shows its own trumps (the excuse standing for one): all
    // together they can't need more than the 21 trumps and the excuse.
    if needed > 22 {
        return Err(RecordError::HandfulsTooManyTrumps { needed });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tarot::contract::HandfulSize;

    fn garde(players: u8) -> RecordInput {
        RecordInput::garde(players)
    }

    fn misere_rules() -> ScoringRules {
        ScoringRules {
            misere: true,
            ..ScoringRules::FFT
        }
    }

    /// The wire layer checks seats first; the record, which the tournament
    /// layer builds from forms, refuses a seat outside the table on its own.
    #[test]
    fn seats_outside_the_table_are_refused_by_the_record_itself() {
        let fft = ScoringRules::FFT;
        for players in 3..=5u8 {
            let last = players - 1;
            let ok = DealRecord::new(
                RecordInput {
                    taker: last,
                    ..garde(players)
                },
                &fft,
            );
            assert!(ok.is_ok(), "{players}: {ok:?}");
            let taker = DealRecord::new(
                RecordInput {
                    taker: players,
                    ..garde(players)
                },
                &fft,
            );
            assert_eq!(
                taker,
                Err(RecordError::TakerSeat {
                    taker: players.into(),
                    last
                })
            );
            let handful = DealRecord::new(
                RecordInput {
                    handfuls: vec![Handful {
                        seat: Seat(players),
                        size: HandfulSize::Simple,
                    }],
                    ..garde(players)
                },
                &fft,
            );
            assert_eq!(
                handful,
                Err(RecordError::HandfulSeat {
                    seat: players.into(),
                    last
                })
            );
            let misere = DealRecord::new(
                RecordInput {
                    miseres: vec![Misere {
                        seat: Seat(players),
                        kind: MisereKind::Heads,
                    }],
                    ..garde(players)
                },
                &misere_rules(),
            );
            assert_eq!(
                misere,
                Err(RecordError::MisereSeat {
                    seat: players.into(),
                    last
                })
            );
        }
        let partner = DealRecord::new(
            RecordInput {
                partner: Some(5),
                ..garde(5)
            },
            &fft,
        );
        assert_eq!(partner, Err(RecordError::PartnerSeat { partner: 5, last: 4 }));
    }

    #[test]
    fn the_record_gives_back_its_facts_and_each_seat_its_camp() {
        let fft = ScoringRules::FFT;
        for oudlers in 1..=3 {
            let r = DealRecord::new(RecordInput { oudlers, ..garde(4) }, &fft).unwrap();
            assert_eq!(r.oudlers(), oudlers);
            assert_eq!(r.target(), target(oudlers));
        }
        // 4 players, taker at seat 2: only the taker attacks.
        let r = DealRecord::new(RecordInput { taker: 2, ..garde(4) }, &fft).unwrap();
        let camps: Vec<Camp> = (0..4).map(|s| r.camp_of(Seat(s))).collect();
        assert_eq!(camps, [Camp::Defence, Camp::Defence, Camp::Attack, Camp::Defence]);
        // 5 players, taker 1 and partner 3.
        let r = DealRecord::new(
            RecordInput {
                taker: 1,
                partner: Some(3),
                ..garde(5)
            },
            &fft,
        )
        .unwrap();
        let camps: Vec<Camp> = (0..5).map(|s| r.camp_of(Seat(s))).collect();
        assert_eq!(
            camps,
            [Camp::Defence, Camp::Attack, Camp::Defence, Camp::Attack, Camp::Defence]
        );
    }
}
