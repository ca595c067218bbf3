//! Statistics of a tournament and of each player, from the stored deals (the
//! [`TableDeal`] records, who played them and their scores): deals played,
//! contracts taken and won, partners, average score, handfuls, petits au
//! bout, chelems, and the standings race. Pure: the caller reads the deals.

use std::collections::BTreeMap;

use crate::tarot::{Camp, Contract, HandfulSize};

use super::deal::TableDeal;
use super::duplicate::{Compared, Comparison, Hundredths};
use super::ids::{PlayerId, RoundNo};
use super::standings::Standing;
use super::table::{deal_players, Table5Mode};

/// One entered deal as the statistics see it.
#[derive(Debug, Clone, PartialEq)]
pub struct StatDeal {
    /// Round number.
    pub round: RoundNo,
    /// The players who played it (the dealer of a table of 5 in FFT mode is not one).
    pub playing: Vec<PlayerId>,
    /// The one who sat it out, if any.
    pub sat_out: Option<PlayerId>,
    /// What was entered.
    pub deal: TableDeal,
    /// Whether the attack made its contract (`None` when everyone passed).
    pub attack_won: Option<bool>,
    /// Scores known for it: (player, score). The player page gives only its
    /// player's; the tournament gives everyone's.
    pub scores: Vec<(PlayerId, i32)>,
}

impl StatDeal {
    /// Deal `number` of a table whose players are `table_players` (seat
    /// order): who played and who sat out follow [`deal_players`].
    pub fn at_table(
        round: RoundNo,
        table_players: &[PlayerId],
        number: i32,
        mode: Table5Mode,
        deal: TableDeal,
        attack_won: Option<bool>,
        scores: Vec<(PlayerId, i32)>,
    ) -> StatDeal {
        let (playing, sat_out) = deal_players(table_players, number, mode);
        StatDeal {
            round,
            playing,
            sat_out,
            deal,
            attack_won,
            scores,
        }
    }

    /// `player`'s camp in this deal, when it was played and they played it.
    pub fn camp_of(&self, player: PlayerId) -> Option<Camp> {
        let d = self.deal.played()?;
        if !self.playing.contains(&player) {
            return None;
        }
        if d.taker == player || d.partner == Some(player) {
            Some(Camp::Attack)
        } else {
            Some(Camp::Defence)
        }
    }

    fn score_of(&self, player: PlayerId) -> Option<i32> {
        self.scores.iter().find(|(p, _)| *p == player).map(|(_, s)| *s)
    }
}

/// Contracts taken and made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Taken {
    /// Times taken.
    pub taken: u32,
    /// Times made.
    pub won: u32,
}

impl Taken {
    fn add(&mut self, won: bool) {
        self.taken += 1;
        self.won += u32::from(won);
    }

    /// Made out of taken, in whole percent (`None` when never taken).
    pub fn rate(&self) -> Option<u32> {
        (self.taken > 0).then(|| (f64::from(self.won) * 100.0 / f64::from(self.taken)).round() as u32)
    }
}

/// The place of a contract in [`Contract::ALL`].
fn slot(contract: Contract) -> usize {
    Contract::ALL.iter().position(|c| *c == contract).unwrap_or(0)
}

/// Contracts taken, one line per contract in [`Contract::ALL`] order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ByContract(pub [Taken; 4]);

impl ByContract {
    fn add(&mut self, contract: Contract, won: bool) {
        self.0[slot(contract)].add(won);
    }

    /// The line of `contract`.
    pub fn get(&self, contract: Contract) -> Taken {
        self.0[slot(contract)]
    }

    /// Every contract with its line.
    pub fn lines(&self) -> Vec<(Contract, Taken)> {
        Contract::ALL.iter().map(|c| (*c, self.get(*c))).collect()
    }

    /// All contracts together.
    pub fn total(&self) -> Taken {
        self.0.iter().fold(Taken::default(), |a, t| Taken {
            taken: a.taken + t.taken,
            won: a.won + t.won,
        })
    }
}

/// Handfuls by size: simple, double, triple.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Handfuls(pub [u32; 3]);

impl Handfuls {
    fn add(&mut self, size: HandfulSize) {
        self.0[match size {
            HandfulSize::Simple => 0,
            HandfulSize::Double => 1,
            HandfulSize::Triple => 2,
        }] += 1;
    }

    /// All sizes together.
    pub fn total(&self) -> u32 {
        self.0.iter().sum()
    }
}

/// One player's statistics.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PlayerStats {
    /// Deals they played (passed deals included).
    pub played: u32,
    /// Deals they sat out as the dealer of a table of 5.
    pub sat_out: u32,
    /// Deals every player passed, among those played.
    pub passed: u32,
    /// Contracts they took, and made.
    pub taken: ByContract,
    /// Times called as partner, and made.
    pub partner: Taken,
    /// Deals played in defence, and won (the attack failed).
    pub defence: Taken,
    /// Sum of their scores over the deals played.
    pub total: i64,
    /// Handfuls they showed.
    pub handfuls: Handfuls,
    /// Petits au bout taken by their camp.
    pub petit_won: u32,
    /// Petits au bout taken by the other camp.
    pub petit_lost: u32,
    /// Chelems made by their camp.
    pub chelems: u32,
    /// Chelems they announced as taker and failed.
    pub chelems_failed: u32,
}

impl PlayerStats {
    /// The statistics of `player` from the deals (deals at other tables are ignored).
    pub fn of(player: PlayerId, deals: &[StatDeal]) -> PlayerStats {
        let mut s = PlayerStats::default();
        for sd in deals {
            if sd.sat_out == Some(player) {
                s.sat_out += 1;
                continue;
            }
            if !sd.playing.contains(&player) {
                continue;
            }
            s.played += 1;
            s.total += i64::from(sd.score_of(player).unwrap_or(0));
            let (Some(d), Some(camp)) = (sd.deal.played(), sd.camp_of(player)) else {
                s.passed += 1;
                continue;
            };
            let won = sd.attack_won.unwrap_or(false);
            if d.taker == player {
                s.taken.add(d.contract, won);
                if d.chelem.announced && d.chelem.made_by != Some(Camp::Attack) {
                    s.chelems_failed += 1;
                }
            } else if d.partner == Some(player) {
                s.partner.add(won);
            } else {
                s.defence.add(!won);
            }
            for (p, size) in &d.handfuls {
                if *p == player {
                    s.handfuls.add(*size);
                }
            }
            match d.petit_au_bout {
                Some(c) if c == camp => s.petit_won += 1,
                Some(_) => s.petit_lost += 1,
                None => {}
            }
            if d.chelem.made_by == Some(camp) {
                s.chelems += 1;
            }
        }
        s
    }

    /// Average score per deal played, to one decimal (`None` before any deal).
    pub fn average(&self) -> Option<f64> {
        (self.played > 0).then(|| (self.total as f64 / f64::from(self.played) * 10.0).round() / 10.0)
    }
}

/// The statistics of a whole tournament.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TournamentStats {
    /// Deals entered.
    pub deals: u32,
    /// Deals every player passed.
    pub passed: u32,
    /// Contracts taken, and made.
    pub taken: ByContract,
    /// Deals played with a called partner.
    pub with_partner: u32,
    /// Handfuls shown.
    pub handfuls: Handfuls,
    /// Petits au bout taken by the attack.
    pub petit_attack: u32,
    /// Petits au bout taken by the defence.
    pub petit_defence: u32,
    /// Chelems made by the attack (announced or not).
    pub chelems_attack: u32,
    /// Chelems made by the defence.
    pub chelems_defence: u32,
    /// Chelems announced and failed.
    pub chelems_failed: u32,
    /// Sum of the takers' scores over the played deals.
    pub taker_total: i64,
}

impl TournamentStats {
    /// The statistics of every deal.
    pub fn of(deals: &[StatDeal]) -> TournamentStats {
        let mut s = TournamentStats::default();
        for sd in deals {
            s.deals += 1;
            let Some(d) = sd.deal.played() else {
                s.passed += 1;
                continue;
            };
            s.taken.add(d.contract, sd.attack_won.unwrap_or(false));
            s.with_partner += u32::from(d.partner.is_some());
            for (_, size) in &d.handfuls {
                s.handfuls.add(*size);
            }
            match d.petit_au_bout {
                Some(Camp::Attack) => s.petit_attack += 1,
                Some(Camp::Defence) => s.petit_defence += 1,
                None => {}
            }
            match d.chelem.made_by {
                Some(Camp::Attack) => s.chelems_attack += 1,
                Some(Camp::Defence) => s.chelems_defence += 1,
                None => {}
            }
            if d.chelem.announced && d.chelem.made_by != Some(Camp::Attack) {
                s.chelems_failed += 1;
            }
            s.taker_total += i64::from(sd.score_of(d.taker).unwrap_or(0));
        }
        s
    }

    /// Average score of the taker per played deal, to one decimal.
    pub fn taker_average(&self) -> Option<f64> {
        let played = self.deals - self.passed;
        (played > 0).then(|| (self.taker_total as f64 / f64::from(played) * 10.0).round() / 10.0)
    }
}

/// Every score of every player in every played deal (sat-out players have
/// none), for the distribution of scores per deal. `only` keeps one player's.
pub fn deal_scores(deals: &[StatDeal], only: Option<PlayerId>) -> Vec<i32> {
    deals
        .iter()
        .flat_map(|sd| {
            sd.scores
                .iter()
                .filter(|(p, _)| sd.playing.contains(p) && only.is_none_or(|o| o == *p))
                .map(|(_, s)| *s)
        })
        .collect()
}

/// How the deals played at tables of one size scored: whether tables of 5
/// scored differently from tables of 4 (fewer points change hands at a
/// table of 5, where the taker shares the attack or the dealer sits out).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SizeLine {
    /// Players at the table (the dealer who sits a deal out included).
    pub size: usize,
    /// Deals entered, passed ones included.
    pub deals: u32,
    /// Contracts taken and made.
    pub taken: Taken,
    /// The taker's score per contract, on average, as an absolute value.
    pub taker_swing: f64,
    /// A defender's score per contract, on average, as an absolute value.
    pub defender_swing: f64,
}

/// One [`SizeLine`] per table size met in `deals`, smallest first.
pub fn by_table_size(deals: &[StatDeal]) -> Vec<SizeLine> {
    // Per size: the line, and the sums and counts of the swings.
    let mut sizes: BTreeMap<usize, (SizeLine, [i64; 2], [u32; 2])> = BTreeMap::new();
    for sd in deals {
        let size = sd.playing.len() + usize::from(sd.sat_out.is_some());
        let (line, sums, counts) = sizes.entry(size).or_default();
        line.size = size;
        line.deals += 1;
        let (Some(d), Some(won)) = (sd.deal.played(), sd.attack_won) else {
            continue;
        };
        line.taken.add(won);
        for &p in &sd.playing {
            let Some(score) = sd.score_of(p) else { continue };
            let k = if p == d.taker {
                0
            } else if d.partner == Some(p) {
                continue;
            } else {
                1
            };
            sums[k] += i64::from(score.abs());
            counts[k] += 1;
        }
    }
    let mean = |sum: i64, n: u32| if n == 0 { 0.0 } else { sum as f64 / f64::from(n) };
    sizes
        .into_values()
        .map(|(line, sums, counts)| SizeLine {
            taker_swing: mean(sums[0], counts[0]),
            defender_swing: mean(sums[1], counts[1]),
            ..line
        })
        .collect()
}

/// One player's line in the standings race: their cumulative total after
/// each round, starting from 0 before round 1.
#[derive(Debug, Clone, PartialEq)]
pub struct RaceLine {
    /// The player.
    pub player: PlayerId,
    /// Their name.
    pub name: String,
    /// Their place now.
    pub rank: u32,
    /// Cumulative totals after rounds 0..=last.
    pub cumulative: Vec<i64>,
}

/// The standings race from the standings' per-round totals, best first;
/// `rounds` is the last round (a round a player missed adds 0).
pub fn race(lines: &[Standing], rounds: RoundNo) -> Vec<RaceLine> {
    lines
        .iter()
        .map(|l| {
            let mut sum = 0;
            let mut cumulative = vec![0];
            for r in 1..=rounds.get() {
                sum += l.rounds.get(&RoundNo::new(r)).copied().unwrap_or(0);
                cumulative.push(sum);
            }
            RaceLine {
                player: l.player,
                name: l.name.clone(),
                rank: l.rank,
                cumulative,
            }
        })
        .collect()
}

/// The duplicate race: each ranked player's figure after each round, in
/// hundredths, starting before round 1 (50 % with matchpoints, 0 with the
/// datum): the average percentage of the deals played so far, or the datum
/// added up. `order` is the standings' (player, name, place), best first;
/// `results` every compared result of a ranked player with its round, so
/// that the lines end where the standings stand and rank as they do.
pub fn duplicate_race(
    comparison: Comparison,
    order: &[(PlayerId, String, u32)],
    results: &[(RoundNo, PlayerId, Compared)],
    rounds: RoundNo,
) -> Vec<RaceLine> {
    order
        .iter()
        .map(|(player, name, rank)| {
            let mut by_round: BTreeMap<i32, Vec<Hundredths>> = BTreeMap::new();
            for (r, _, c) in results.iter().filter(|(_, p, _)| p == player) {
                by_round.entry(r.get()).or_default().push(c.figure(comparison));
            }
            let (mut sum, mut n) = (0i64, 0i64);
            let mut cumulative = vec![match comparison {
                Comparison::Matchpoints => 5000,
                Comparison::Datum => 0,
            }];
            for r in 1..=rounds.get() {
                for h in by_round.get(&r).into_iter().flatten() {
                    sum += h.0;
                    n += 1;
                }
                cumulative.push(match comparison {
                    Comparison::Matchpoints if n > 0 => Hundredths::of(sum, 100 * n).0,
                    Comparison::Matchpoints => 5000,
                    Comparison::Datum => sum,
                });
            }
            RaceLine {
                player: *player,
                name: name.clone(),
                rank: *rank,
                cumulative,
            }
        })
        .collect()
}

/// How many times each value occurs, by value.
pub fn counts(values: &[i32]) -> BTreeMap<i32, u32> {
    let mut m = BTreeMap::new();
    for v in values {
        *m.entry(*v).or_default() += 1;
    }
    m
}

#[cfg(test)]
mod tests {
    //! A hand-made tournament of two rounds. Round 1: a table of 4 (players
    //! 1-4) and a table of 5 in FFT mode, the dealer sitting out (players
    //! 5-9). Round 2: a table of 5 in called-king mode. The scores are worked
    //! out by hand below (FFT: (25 + margin + petit au bout) × M per
    //! defender, plus handful and chelem) and checked against the rules core.
    use super::*;
    use crate::tarot::{Chelem, HalfPoints, ScoringRules};
    use crate::tournament::deal::PlayedDeal;

    #[test]
    fn the_race_ends_where_the_standings_stand_and_ranks_as_they_do() {
        // Three players over two rounds: 1 leads on percentage, 2 on total.
        let c = |mp: u32, others: u32, score: i64| Compared {
            score,
            others,
            matchpoints: mp,
            datum: (score * 2, 2),
        };
        let p = |i: i32| PlayerId::new(i);
        let r = RoundNo::new;
        let results = vec![
            (r(1), p(1), c(4, 2, 20)),
            (r(1), p(2), c(0, 2, -300)),
            (r(2), p(1), c(3, 2, 10)),
            (r(2), p(2), c(4, 2, 500)),
            (r(2), p(3), c(1, 2, -5)),
        ];
        let mut by: BTreeMap<PlayerId, Vec<Compared>> = BTreeMap::new();
        for (_, pl, cmp) in &results {
            by.entry(*pl).or_default().push(*cmp);
        }
        for comparison in [Comparison::Matchpoints, Comparison::Datum] {
            let lines = crate::tournament::duplicate::standings(comparison, &by);
            let order: Vec<_> = lines
                .iter()
                .map(|l| (l.player, format!("P{}", l.player.get()), l.rank))
                .collect();
            let race = duplicate_race(comparison, &order, &results, r(2));
            for (line, l) in race.iter().zip(&lines) {
                assert_eq!(line.player, l.player);
                let end = *line.cumulative.last().unwrap();
                match comparison {
                    Comparison::Matchpoints => assert_eq!(end, l.percent.0),
                    Comparison::Datum => assert_eq!(end, l.total.0),
                }
                assert_eq!(line.cumulative.len(), 3);
            }
            // Best first, so the lines end in the standings' order.
            let ends: Vec<i64> = race.iter().map(|l| *l.cumulative.last().unwrap()).collect();
            assert!(ends.windows(2).all(|w| w[0] >= w[1]), "{comparison:?}: {ends:?}");
        }
        // Player 3 joined in round 2: at 50 % before, 25 % after.
        let lines = crate::tournament::duplicate::standings(Comparison::Matchpoints, &by);
        let order: Vec<_> = lines.iter().map(|l| (l.player, String::new(), l.rank)).collect();
        let race = duplicate_race(Comparison::Matchpoints, &order, &results, r(2));
        let three = race.iter().find(|l| l.player == p(3)).unwrap();
        assert_eq!(three.cumulative, vec![5000, 5000, 2500]);
    }

    fn played(taker: i32, partner: Option<i32>, contract: Contract, oudlers: u8, points: f64) -> PlayedDeal {
        PlayedDeal {
            taker: PlayerId::new(taker),
            partner: partner.map(PlayerId::new),
            contract,
            oudlers,
            points: HalfPoints::from_points(points).unwrap(),
            handfuls: vec![],
            petit_au_bout: None,
            chelem: Chelem::default(),
            miseres: vec![],
        }
    }

    /// Scores the deal with the rules core (as the server does), so the
    /// figures asserted below are checked against the hand-worked ones.
    fn stat(round: i32, table: &[i32], number: i32, mode: Table5Mode, d: TableDeal) -> StatDeal {
        let table: Vec<PlayerId> = table.iter().copied().map(PlayerId::new).collect();
        let s = d.score_at(&table, number, mode, &ScoringRules::default()).unwrap();
        let won = s.output.as_ref().map(|o| o.won);
        StatDeal::at_table(RoundNo::new(round), &table, number, mode, s.deal, won, s.scores)
    }

    fn tournament() -> Vec<StatDeal> {
        let t4 = [1, 2, 3, 4];
        let t5 = [5, 6, 7, 8, 9];
        let dm = Table5Mode::DealerOut;
        // Deal 1 at the 4-table: 1 takes a garde, 2 oudlers, 51 points
        // (needs 41): made by 10. (25 + 10) × 2 = 70; petit au bout to the
        // attack: +10 × 2 = 20 → 90; simple handful shown by 3 (defence):
        // +20 to the winning camp (the attack) → 110 each defender.
        // Taker +330, each defender −110.
        let mut d1 = played(1, None, Contract::Garde, 2, 51.0);
        d1.petit_au_bout = Some(Camp::Attack);
        d1.handfuls = vec![(PlayerId::new(3), HandfulSize::Simple)];
        // Deal 2: 2 takes a petite, 1 oudler, 50 points (needs 51): failed
        // by 1. (25 + 1) × 1 = 26 per defender; taker −78, others +26.
        let d2 = played(2, None, Contract::Petite, 1, 50.0);
        // Deal 3: everyone passed.
        // Deal 4: 4 takes a garde sans, 2 oudlers, 41 points (needs 41):
        // made by 0. (25 + 0) × 4 = 100; petit au bout lost to the
        // defence: −10 × 4 = −40 → 60. Taker +180, others −60.
        let mut d4 = played(4, None, Contract::GardeSans, 2, 41.0);
        d4.petit_au_bout = Some(Camp::Defence);
        // At the 5-table (FFT, the dealer sits out: deal 1 dealt by 5, deal
        // 2 by 6): deal 1, 6 takes a garde contre, 0 oudlers, 60 points
        // (needs 56): made by 4. (25 + 4) × 6 = 174 each; taker +522.
        let d5 = played(6, None, Contract::GardeContre, 0, 60.0);
        // Deal 2: 5 takes a garde, announced chelem made (91 points, 3
        // oudlers, needs 36): (25 + 55) × 2 = 160, chelem announced and made
        // +400, a double handful shown by 5 +30 → 590 each of 7, 8, 9;
        // taker +1770.
        let mut d6 = played(5, None, Contract::Garde, 3, 91.0);
        d6.chelem = Chelem {
            announced: true,
            made_by: Some(Camp::Attack),
        };
        d6.handfuls = vec![(PlayerId::new(5), HandfulSize::Double)];
        vec![
            stat(1, &t4, 1, dm, TableDeal::Played(d1)),
            stat(1, &t4, 2, dm, TableDeal::Played(d2)),
            stat(1, &t4, 3, dm, TableDeal::Passed),
            stat(1, &t4, 4, dm, TableDeal::Played(d4)),
            stat(1, &t5, 1, dm, TableDeal::Played(d5)),
            stat(1, &t5, 2, dm, TableDeal::Played(d6)),
            // Round 2, called king at a table of 5: 7 takes a garde with 3
            // as partner, 2 oudlers, 40 points (needs 41): failed by 1.
            // (25 + 1) × 2 = 52: taker −104, partner −52, defenders +52.
            stat(
                2,
                &[3, 7, 9, 1, 5],
                1,
                Table5Mode::CalledKing,
                TableDeal::Played(played(7, Some(3), Contract::Garde, 2, 40.0)),
            ),
        ]
    }

    fn score(deals: &[StatDeal], i: usize, p: i32) -> i32 {
        deals[i].score_of(PlayerId::new(p)).unwrap()
    }

    #[test]
    fn the_hand_worked_scores_are_the_rules_cores() {
        let t = tournament();
        assert_eq!((score(&t, 0, 1), score(&t, 0, 2), score(&t, 0, 3)), (330, -110, -110));
        assert_eq!((score(&t, 1, 2), score(&t, 1, 1)), (-78, 26));
        assert_eq!((score(&t, 3, 4), score(&t, 3, 2)), (180, -60));
        assert_eq!((score(&t, 4, 6), score(&t, 4, 7), score(&t, 4, 5)), (522, -174, 0));
        assert_eq!((score(&t, 5, 5), score(&t, 5, 8), score(&t, 5, 6)), (1770, -590, 0));
        assert_eq!((score(&t, 6, 7), score(&t, 6, 3), score(&t, 6, 9)), (-104, -52, 52));
    }

    #[test]
    fn a_taker_with_a_petit_au_bout_a_handful_against_and_a_partner_call() {
        let t = tournament();
        // Player 1: took deal 1 (garde, made), defended deals 2 (won) and 4
        // (lost), passed deal 3, defended in round 2 (won).
        let s = PlayerStats::of(PlayerId::new(1), &t);
        assert_eq!((s.played, s.sat_out, s.passed), (5, 0, 1));
        assert_eq!(s.taken.get(Contract::Garde), Taken { taken: 1, won: 1 });
        assert_eq!(s.taken.total(), Taken { taken: 1, won: 1 });
        assert_eq!(s.defence, Taken { taken: 3, won: 2 });
        assert_eq!(s.partner, Taken::default());
        // 330 + 26 + 0 − 60 + 52 = 348 over 5 deals.
        assert_eq!(s.total, 348);
        assert_eq!(s.average(), Some(69.6));
        // Petit au bout: the attack took it in deal 1 (1 took), the defence
        // in deal 4 (1 defended): won both times.
        assert_eq!((s.petit_won, s.petit_lost), (2, 0));
        assert_eq!(s.handfuls.total(), 0);

        // Player 3: showed the simple handful, was called as partner.
        let s = PlayerStats::of(PlayerId::new(3), &t);
        assert_eq!(s.handfuls, Handfuls([1, 0, 0]));
        assert_eq!(s.partner, Taken { taken: 1, won: 0 });
        assert_eq!(s.total, -110 + 26 - 60 - 52);
        assert_eq!((s.petit_won, s.petit_lost), (1, 1));

        // Player 4: garde sans made, petit au bout lost.
        let s = PlayerStats::of(PlayerId::new(4), &t);
        assert_eq!(s.taken.get(Contract::GardeSans), Taken { taken: 1, won: 1 });
        assert_eq!((s.petit_won, s.petit_lost), (0, 2));
        assert_eq!(s.taken.get(Contract::GardeSans).rate(), Some(100));
    }

    #[test]
    fn the_dealer_of_a_table_of_five_sits_out_and_a_chelem_counts() {
        let t = tournament();
        // Player 5 dealt deal 1 (sat out), took deal 2 with a chelem and a
        // double handful, defended in round 2.
        let s = PlayerStats::of(PlayerId::new(5), &t);
        assert_eq!((s.played, s.sat_out), (2, 1));
        assert_eq!(s.taken.get(Contract::Garde), Taken { taken: 1, won: 1 });
        assert_eq!(s.handfuls, Handfuls([0, 1, 0]));
        assert_eq!((s.chelems, s.chelems_failed), (1, 0));
        assert_eq!(s.total, 1770 + 52);
        assert_eq!(s.average(), Some(911.0));
        // Player 6 took deal 1, sat out deal 2.
        let s = PlayerStats::of(PlayerId::new(6), &t);
        assert_eq!((s.played, s.sat_out, s.total), (1, 1, 522));
        assert_eq!(s.taken.get(Contract::GardeContre), Taken { taken: 1, won: 1 });
        // Player 8 defended both and conceded the chelem.
        let s = PlayerStats::of(PlayerId::new(8), &t);
        assert_eq!((s.played, s.chelems, s.total), (2, 0, -174 - 590));
        assert_eq!(s.defence, Taken { taken: 2, won: 0 });
        // Player 7 took the called-king garde and failed.
        let s = PlayerStats::of(PlayerId::new(7), &t);
        assert_eq!(s.taken.get(Contract::Garde), Taken { taken: 1, won: 0 });
        assert_eq!(s.taken.get(Contract::Garde).rate(), Some(0));
        // Nobody plays nothing: an unknown player has no average.
        assert_eq!(PlayerStats::of(PlayerId::new(99), &t).average(), None);
    }

    #[test]
    fn tables_of_four_and_of_five_apart() {
        let lines = by_table_size(&tournament());
        assert_eq!(lines.iter().map(|l| l.size).collect::<Vec<_>>(), vec![4, 5]);
        let (four, five) = (lines[0], lines[1]);
        // Four deals at the 4-table, one passed; the garde and the garde
        // sans made, the petite failed. Takers 330, 78, 180; each of three
        // defenders 110, 26, 60.
        assert_eq!((four.deals, four.taken), (4, Taken { taken: 3, won: 2 }));
        assert_eq!(four.taker_swing, 196.0);
        assert_eq!(four.defender_swing, 588.0 / 9.0);
        // The 5-table (dealer out) and the called-king table: takers 522,
        // 1,770, 104; defenders 3 × 174, 3 × 590, 3 × 52 (the partner, 52,
        // counts neither as taker nor as defender).
        assert_eq!((five.deals, five.taken), (3, Taken { taken: 3, won: 2 }));
        assert_eq!(five.taker_swing, 2396.0 / 3.0);
        assert_eq!(five.defender_swing, 272.0);
    }

    #[test]
    fn the_tournament_adds_every_deal() {
        let t = tournament();
        let s = TournamentStats::of(&t);
        assert_eq!((s.deals, s.passed, s.with_partner), (7, 1, 1));
        assert_eq!(s.taken.get(Contract::Petite), Taken { taken: 1, won: 0 });
        assert_eq!(s.taken.get(Contract::Garde), Taken { taken: 3, won: 2 });
        assert_eq!(s.taken.get(Contract::GardeSans), Taken { taken: 1, won: 1 });
        assert_eq!(s.taken.get(Contract::GardeContre), Taken { taken: 1, won: 1 });
        assert_eq!(s.taken.total(), Taken { taken: 6, won: 4 });
        assert_eq!(s.taken.total().rate(), Some(67));
        assert_eq!(s.handfuls, Handfuls([1, 1, 0]));
        assert_eq!((s.petit_attack, s.petit_defence), (1, 1));
        assert_eq!((s.chelems_attack, s.chelems_defence, s.chelems_failed), (1, 0, 0));
        // Takers: 330 − 78 + 180 + 522 + 1770 − 104 = 2620 over 6 played deals.
        assert_eq!(s.taker_total, 2620);
        assert_eq!(s.taker_average(), Some(436.7));
    }

    /// A chelem announced and failed, and one made by the defence (neither
    /// is in the tournament above), and the rates and averages of nothing.
    #[test]
    fn chelems_failed_and_made_by_the_defence() {
        let t4 = [1, 2, 3, 4];
        let dm = Table5Mode::DealerOut;
        let mut announced = played(1, None, Contract::Garde, 2, 60.0);
        announced.chelem = Chelem {
            announced: true,
            made_by: None,
        };
        let mut against = played(2, None, Contract::Garde, 0, 5.0);
        against.chelem = Chelem {
            announced: false,
            made_by: Some(Camp::Defence),
        };
        let t = [
            stat(1, &t4, 1, dm, TableDeal::Played(announced)),
            stat(1, &t4, 2, dm, TableDeal::Played(against)),
        ];
        let s = TournamentStats::of(&t);
        assert_eq!((s.chelems_attack, s.chelems_defence, s.chelems_failed), (0, 1, 1));
        // Player 1 failed the one announced, and defended in the other.
        let p1 = PlayerStats::of(PlayerId::new(1), &t);
        assert_eq!((p1.chelems_failed, p1.chelems), (1, 1));
        let p2 = PlayerStats::of(PlayerId::new(2), &t);
        assert_eq!((p2.chelems_failed, p2.chelems), (0, 0));
        assert_eq!(
            p1.taken.lines(),
            vec![
                (Contract::Petite, Taken::default()),
                (Contract::Garde, Taken { taken: 1, won: 1 }),
                (Contract::GardeSans, Taken::default()),
                (Contract::GardeContre, Taken::default()),
            ]
        );
        assert_eq!(Taken::default().rate(), None);
        assert_eq!(TournamentStats::default().taker_average(), None);
        assert_eq!(PlayerStats::of(PlayerId::new(3), &tournament()).handfuls.total(), 1);
        assert_eq!(TournamentStats::of(&tournament()).handfuls.total(), 2);
    }

    #[test]
    fn deal_scores_leave_out_who_sat_out() {
        let t = tournament();
        // 4 + 4 + 4 + 4 (the 4-table) + 4 + 4 (the 5-table, dealer out) + 5.
        assert_eq!(deal_scores(&t, None).len(), 29);
        assert_eq!(deal_scores(&t, Some(PlayerId::new(6))), vec![522]);
        assert_eq!(deal_scores(&t, Some(PlayerId::new(1))), vec![330, 26, 0, -60, 52]);
        let c = counts(&deal_scores(&t, None));
        assert_eq!(c[&0], 4);
        assert_eq!(c[&-590], 3);
    }

    #[test]
    fn the_race_adds_rounds_and_counts_a_missed_round_as_zero() {
        let line = |player: i32, rank: u32, rounds: &[(i32, i64)]| Standing {
            rank,
            player: PlayerId::new(player),
            name: format!("P{player}"),
            total: rounds.iter().map(|r| r.1).sum(),
            deals: 0,
            per_deal: Default::default(),
            positions: Default::default(),
            rounds: rounds.iter().map(|&(r, v)| (RoundNo::new(r), v)).collect(),
            best_round: 0,
            taker_wins: 0,
            late_from: None,
            withdrawn_after: None,
        };
        let lines = [
            line(1, 1, &[(1, 100), (3, 50)]),
            line(2, 2, &[(1, -40), (2, 10), (3, 20)]),
        ];
        let r = race(&lines, RoundNo::new(3));
        assert_eq!(r[0].cumulative, vec![0, 100, 100, 150]);
        assert_eq!(r[1].cumulative, vec![0, -40, -30, -10]);
        assert_eq!(
            (r[1].player, r[1].rank, r[1].name.as_str()),
            (PlayerId::new(2), 2, "P2")
        );
    }
}
