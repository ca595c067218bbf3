//! A deal as a table records it, checked on construction.

use super::bounds;
use super::contract::{deal_shape, Camp, Chelem, Contract, HalfPoints, Handful, Misere, MisereKind, Seat};
use super::error::RecordError;
use super::rules::ScoringRules;

/// The raw facts of a recorded deal, unchecked. Turn it into a
/// [`DealRecord`] with [`DealRecord::new`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordInput {
    /// Table size: 3, 4, 5 or 6 (6: casual games only).
    pub players: u8,
    /// The taker's seat.
    pub taker: u8,
    /// The partners' seats. 5 players: the called card's holder, one seat at
    /// most (the taker's own seat means alone); 6 players: the called cards'
    /// holders, two seats at most, none the taker, none twice. Empty at 3
    /// and 4 players.
    pub partners: Vec<u8>,
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
    partners: Vec<Seat>,
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

/// The partners as the rules allow them at this table: none at 3 and 4
/// players, one at most at 5 (the taker's own seat meaning alone), two at
/// most at 6 (never the taker, never twice).
fn check_partners(players: u8, taker: u8, partners: &[u8]) -> Result<Vec<Seat>, RecordError> {
    let last = players - 1;
    if partners.is_empty() {
        return Ok(Vec::new());
    }
    if players < 5 {
        return Err(RecordError::PartnerNotFivePlayers);
    }
    if players == 5 && partners.len() > 1 {
        return Err(RecordError::PartnerListNotSix);
    }
    if let Some(&p) = partners.iter().find(|&&p| !seat_in(p, players)) {
        return Err(RecordError::PartnerSeat {
            partner: p.into(),
            last,
        });
    }
    if players == 5 {
        // The called card in the taker's hand or in the dog: alone.
        return Ok(partners.iter().filter(|&&p| p != taker).map(|&p| Seat(p)).collect());
    }
    if partners.len() > 2 {
        return Err(RecordError::TooManyPartners { count: partners.len() });
    }
    if partners.contains(&taker) {
        return Err(RecordError::PartnerIsTaker { taker });
    }
    if partners.len() == 2 && partners[0] == partners[1] {
        return Err(RecordError::PartnerTwice { partner: partners[0] });
    }
    let mut seats: Vec<Seat> = partners.iter().map(|&p| Seat(p)).collect();
    seats.sort();
    Ok(seats)
}

impl DealRecord {
    /// Checks every fact of the record against the rules and against what a
    /// real deal allows; the first problem found is returned.
    pub fn new(input: RecordInput, rules: &ScoringRules) -> Result<DealRecord, RecordError> {
        let RecordInput {
            players,
            taker,
            partners,
            contract,
            oudlers,
            points,
            handfuls,
            petit_au_bout,
            chelem,
            miseres,
        } = input;
        if !(3..=6).contains(&players) {
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
        let partners = check_partners(players, taker, &partners)?;
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
            !partners.is_empty(),
            contract,
            oudlers,
            points,
            petit_au_bout,
            chelem.made_by,
        )?;
        Ok(DealRecord {
            players,
            taker: Seat(taker),
            partners,
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

    /// Table size: 3, 4, 5 or 6.
    pub fn players(&self) -> u8 {
        self.players
    }
    /// The taker's seat.
    pub fn taker(&self) -> Seat {
        self.taker
    }
    /// The (first) partner's seat, `None` when the taker plays alone or at
    /// 3 and 4 players (at 5 a partner equal to the taker is normalised to
    /// `None`). At 6 see [`DealRecord::partners`].
    pub fn partner(&self) -> Option<Seat> {
        self.partners.first().copied()
    }
    /// Every partner's seat, in seat order: one at most at 5 players, two
    /// at most at 6, none at 3 and 4.
    pub fn partners(&self) -> &[Seat] {
        &self.partners
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
        if seat == self.taker || self.partners.contains(&seat) {
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
            partners: vec![],
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
    let mut seen = [[false; 2]; 6];
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
    let mut seen = [false; 6];
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
        for players in 3..=6u8 {
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
                partners: vec![5],
                ..garde(5)
            },
            &fft,
        );
        assert_eq!(partner, Err(RecordError::PartnerSeat { partner: 5, last: 4 }));
        let partner = DealRecord::new(
            RecordInput {
                partners: vec![1, 6],
                ..garde(6)
            },
            &fft,
        );
        assert_eq!(partner, Err(RecordError::PartnerSeat { partner: 6, last: 5 }));
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
                partners: vec![3],
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

    /// Six players: 0, 1 or 2 partners, in seat order whatever the order
    /// given; never the taker, never twice, never three.
    #[test]
    fn six_players_have_up_to_two_partners() {
        let fft = ScoringRules::FFT;
        let with = |taker: u8, partners: Vec<u8>| {
            DealRecord::new(
                RecordInput {
                    taker,
                    partners,
                    ..garde(6)
                },
                &fft,
            )
        };
        assert_eq!(with(2, vec![]).unwrap().partners(), []);
        let r = with(2, vec![5, 0]).unwrap();
        assert_eq!(r.partners(), [Seat(0), Seat(5)]);
        assert_eq!(r.partner(), Some(Seat(0)));
        let camps: Vec<Camp> = (0..6).map(|s| r.camp_of(Seat(s))).collect();
        use Camp::{Attack as A, Defence as D};
        assert_eq!(camps, [A, D, A, D, D, A]);
        assert_eq!(with(2, vec![4]).unwrap().partners(), [Seat(4)]);
        assert_eq!(with(2, vec![2]), Err(RecordError::PartnerIsTaker { taker: 2 }));
        assert_eq!(with(2, vec![3, 2]), Err(RecordError::PartnerIsTaker { taker: 2 }));
        assert_eq!(with(2, vec![3, 3]), Err(RecordError::PartnerTwice { partner: 3 }));
        assert_eq!(with(2, vec![0, 1, 3]), Err(RecordError::TooManyPartners { count: 3 }));
        // Two partners at 5, any at 3 and 4: refused.
        let five = DealRecord::new(
            RecordInput {
                partners: vec![1, 3],
                ..garde(5)
            },
            &fft,
        );
        assert_eq!(five, Err(RecordError::PartnerListNotSix));
        for players in [3, 4] {
            let r = DealRecord::new(
                RecordInput {
                    partners: vec![1],
                    ..garde(players)
                },
                &fft,
            );
            assert_eq!(r, Err(RecordError::PartnerNotFivePlayers));
        }
        // Seven is no table.
        let seven = DealRecord::new(garde(7), &fft);
        assert_eq!(seven, Err(RecordError::PlayersCount { players: 7 }));
    }
}
