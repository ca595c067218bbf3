//! Standings: totals by decreasing score (or averages per deal, when the
//! tournament ranks so), shared places for ties unless the organizer chose a
//! tie-breaker, the deals each player played and scored, the positions they
//! held at tables of 3, 4 and 5, and the zero-sum check of every table.

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use super::ids::{PlayerId, RoundNo};

/// How ties on the total are broken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreaker {
    /// Ties share the place (FFT).
    #[default]
    None,
    /// The better best round wins.
    BestRound,
    /// The most deals won as taker wins.
    TakerWins,
}

impl TieBreaker {
    /// Parses the stored name.
    pub fn from_name(s: &str) -> Option<TieBreaker> {
        match s {
            "none" => Some(TieBreaker::None),
            "best_round" => Some(TieBreaker::BestRound),
            "taker_wins" => Some(TieBreaker::TakerWins),
            _ => None,
        }
    }

    /// The stored name.
    pub fn name(self) -> &'static str {
        match self {
            TieBreaker::None => "none",
            TieBreaker::BestRound => "best_round",
            TieBreaker::TakerWins => "taker_wins",
        }
    }
}

/// What orders the standings (FORMATS.md, "Timed rounds and fair standings").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ranking {
    /// By decreasing total (FFT).
    #[default]
    Total,
    /// By decreasing average per deal played (exact ratio); a player who
    /// played no deal comes last.
    PerDeal,
}

impl Ranking {
    /// Parses the stored name.
    pub fn from_name(s: &str) -> Option<Ranking> {
        match s {
            "total" => Some(Ranking::Total),
            "per_deal" => Some(Ranking::PerDeal),
            _ => None,
        }
    }

    /// The stored name.
    pub fn name(self) -> &'static str {
        match self {
            Ranking::Total => "total",
            Ranking::PerDeal => "per_deal",
        }
    }
}

/// A player's scores at one table of one round (one position): their sum,
/// how many deals the player played and scored there, and the table's size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoreEntry {
    /// Round number.
    pub round: RoundNo,
    /// Which table (any id unique in the tournament).
    pub table: i64,
    /// The player.
    pub player: PlayerId,
    /// The score.
    pub score: i64,
    /// Deals the player played and scored in it (the dealer sitting out at
    /// a table of 5 does not play their deal).
    pub deals: u32,
    /// Players at the table (3, 4 or 5).
    pub table_size: u8,
}

/// An average per deal in hundredths (2 decimals, half away from zero),
/// written in JSON as the number it is (`12.35`); 0 for no deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct PerDeal(pub i64);

impl PerDeal {
    /// `total ÷ deals`, to 2 decimals.
    pub fn of(total: i64, deals: u32) -> PerDeal {
        if deals == 0 {
            return PerDeal(0);
        }
        PerDeal(super::duplicate::Hundredths::of(total, i64::from(deals)).0)
    }

    /// The average as a number.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 100.0
    }
}

impl std::fmt::Display for PerDeal {
    /// `12.35`, `-0.05`, `3.00`: always 2 decimals.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", a / 100, a % 100)
    }
}

impl Serialize for PerDeal {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.as_f64())
    }
}

/// How many positions (rounds at a table) a player held at tables of 3, 4
/// and 5 players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Positions {
    /// At tables of 3.
    #[serde(rename = "3")]
    pub at3: u32,
    /// At tables of 4.
    #[serde(rename = "4")]
    pub at4: u32,
    /// At tables of 5.
    #[serde(rename = "5")]
    pub at5: u32,
}

impl Positions {
    fn add(&mut self, table_size: u8) {
        match table_size {
            3 => self.at3 += 1,
            5 => self.at5 += 1,
            _ => self.at4 += 1,
        }
    }

    /// Whether any was at a table of 3 or 5.
    pub fn uneven(&self) -> bool {
        self.at3 + self.at5 > 0
    }
}

/// A registered player, as the standings need them: who, and when they
/// came and went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    /// The player.
    pub player: PlayerId,
    /// Name.
    pub name: String,
    /// A late arrival's first round (`None`: there from the first).
    pub late_from: Option<RoundNo>,
    /// A withdrawn player's last round.
    pub withdrawn_after: Option<RoundNo>,
}

impl Entrant {
    /// A player there from the first round, still playing.
    pub fn new(player: PlayerId, name: impl Into<String>) -> Entrant {
        Entrant {
            player,
            name: name.into(),
            late_from: None,
            withdrawn_after: None,
        }
    }
}

/// A line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// Place, 1-based; equal places for ties.
    pub rank: u32,
    /// The player.
    pub player: PlayerId,
    /// Name, for display and the stable order of ties.
    pub name: String,
    /// Sum of the player's deal scores.
    pub total: i64,
    /// Deals the player played and scored.
    pub deals: u32,
    /// `total ÷ deals`, 2 decimals (0 before any deal).
    pub per_deal: PerDeal,
    /// Positions held at tables of 3, 4 and 5 (those with a deal scored).
    pub positions: Positions,
    /// Total per round played.
    pub rounds: BTreeMap<RoundNo, i64>,
    /// Best round total (0 before any round).
    pub best_round: i64,
    /// Deals won as taker.
    pub taker_wins: u32,
    /// A late arrival's first round (shown beside the name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub late_from: Option<RoundNo>,
    /// A withdrawn player's last round (shown beside the name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub withdrawn_after: Option<RoundNo>,
}

/// The zero-sum check: every table's scores, and the whole tournament's, add to 0.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ZeroSum {
    /// Sum of every score of the tournament.
    pub total: i64,
    /// Tables whose scores do not add to zero: (table, sum).
    pub unbalanced_tables: Vec<(i64, i64)>,
}

impl ZeroSum {
    /// Whether everything sums to zero.
    pub fn ok(&self) -> bool {
        self.total == 0 && self.unbalanced_tables.is_empty()
    }
}

/// Standings and their check.
#[derive(Debug, Clone, Serialize)]
pub struct Standings {
    /// Lines, best first.
    pub lines: Vec<Standing>,
    /// The zero-sum check.
    pub check: ZeroSum,
}

/// How the standings are ordered: the ranking, then the tie-breaker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Order {
    /// By total or per deal.
    pub ranking: Ranking,
    /// What breaks ties.
    pub tie_breaker: TieBreaker,
}

impl Order {
    /// Ranked by total, ties broken by `tie_breaker`.
    pub fn by_total(tie_breaker: TieBreaker) -> Order {
        Order {
            ranking: Ranking::Total,
            tie_breaker,
        }
    }

    /// `Less` when `a` ranks before `b`, `Equal` when they share a place.
    pub fn cmp(self, a: &Standing, b: &Standing) -> Ordering {
        let first = match self.ranking {
            Ranking::Total => b.total.cmp(&a.total),
            Ranking::PerDeal => match (a.deals, b.deals) {
                (0, 0) => Ordering::Equal,
                (0, _) => Ordering::Greater,
                (_, 0) => Ordering::Less,
                // a.total / a.deals against b.total / b.deals, exactly.
                (da, db) => (i128::from(b.total) * i128::from(da)).cmp(&(i128::from(a.total) * i128::from(db))),
            },
        };
        let tb = |l: &Standing| -> i64 {
            match self.tie_breaker {
                TieBreaker::None => 0,
                TieBreaker::BestRound => l.best_round,
                TieBreaker::TakerWins => i64::from(l.taker_wins),
            }
        };
        first.then_with(|| tb(b).cmp(&tb(a)))
    }
}

/// Computes the standings of `players` from their deal scores. A player
/// who withdrew before playing any deal is not in them (nor in their
/// count): they never sat down. `only_round` restricts to one round (the
/// round's own ranking).
pub fn compute(
    players: &[Entrant],
    entries: &[ScoreEntry],
    taker_wins: &HashMap<PlayerId, u32>,
    order: Order,
    only_round: Option<RoundNo>,
) -> Standings {
    let played: std::collections::HashSet<PlayerId> = entries.iter().map(|e| e.player).collect();
    let mut lines: HashMap<PlayerId, Standing> = players
        .iter()
        .filter(|p| p.withdrawn_after.is_none() || played.contains(&p.player))
        .map(|p| {
            (
                p.player,
                Standing {
                    rank: 0,
                    player: p.player,
                    name: p.name.clone(),
                    total: 0,
                    deals: 0,
                    per_deal: PerDeal::default(),
                    positions: Positions::default(),
                    rounds: BTreeMap::new(),
                    best_round: 0,
                    taker_wins: taker_wins.get(&p.player).copied().unwrap_or(0),
                    late_from: p.late_from,
                    withdrawn_after: p.withdrawn_after,
                },
            )
        })
        .collect();
    let mut tables: BTreeMap<i64, i64> = BTreeMap::new();
    let mut total = 0i64;
    for e in entries.iter().filter(|e| only_round.is_none_or(|r| e.round == r)) {
        total += e.score;
        *tables.entry(e.table).or_default() += e.score;
        if let Some(line) = lines.get_mut(&e.player) {
            line.total += e.score;
            line.deals += e.deals;
            line.positions.add(e.table_size);
            *line.rounds.entry(e.round).or_default() += e.score;
        }
    }
    let mut lines: Vec<Standing> = lines.into_values().collect();
    for l in &mut lines {
        l.best_round = l.rounds.values().copied().max().unwrap_or(0);
        l.per_deal = PerDeal::of(l.total, l.deals);
    }
    lines.sort_by(|a, b| {
        order
            .cmp(a, b)
            .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
            .then_with(|| a.player.cmp(&b.player))
    });
    // A new place where the order sees a difference; ties share it.
    let ranks: Vec<u32> = (0..lines.len())
        .scan(0u32, |rank, i| {
            if i == 0 || order.cmp(&lines[i - 1], &lines[i]) != Ordering::Equal {
                *rank = i as u32 + 1;
            }
            Some(*rank)
        })
        .collect();
    for (l, r) in lines.iter_mut().zip(ranks) {
        l.rank = r;
    }
    Standings {
        lines,
        check: ZeroSum {
            total,
            unbalanced_tables: tables.into_iter().filter(|(_, s)| *s != 0).collect(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(round: i32, table: i64, player: i32, score: i64) -> ScoreEntry {
        ScoreEntry {
            round: RoundNo::new(round),
            table,
            player: PlayerId::new(player),
            score,
            deals: 1,
            table_size: 4,
        }
    }

    const NONE: Order = Order {
        ranking: Ranking::Total,
        tie_breaker: TieBreaker::None,
    };

    fn players(n: i32) -> Vec<Entrant> {
        (1..=n)
            .map(|i| Entrant::new(PlayerId::new(i), format!("P{i:02}")))
            .collect()
    }

    #[test]
    fn a_player_withdrawn_before_playing_is_not_ranked() {
        let mut ps = players(6);
        // P05 withdrew before any deal; P06 withdrew after playing round 1;
        // P04 came late (round 2) and played.
        ps[4].withdrawn_after = Some(RoundNo::NONE);
        ps[5].withdrawn_after = Some(RoundNo::new(1));
        ps[3].late_from = Some(RoundNo::new(2));
        let entries = [
            e(1, 1, 1, 60),
            e(1, 1, 2, -20),
            e(1, 1, 3, -20),
            e(1, 1, 6, -20),
            e(2, 2, 1, -30),
            e(2, 2, 2, 10),
            e(2, 2, 3, 10),
            e(2, 2, 4, 10),
        ];
        let s = compute(&ps, &entries, &HashMap::new(), NONE, None);
        let names: Vec<&str> = s.lines.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["P01", "P04", "P02", "P03", "P06"]);
        let line = |n: &str| s.lines.iter().find(|l| l.name == n).unwrap();
        assert_eq!(line("P06").withdrawn_after, Some(RoundNo::new(1)));
        assert_eq!(line("P06").rank, 5);
        assert_eq!(line("P04").late_from, Some(RoundNo::new(2)));
        assert_eq!(line("P01").late_from, None);
        // Not in round 2's own ranking either, and the marks serialise only
        // where they are.
        let r2 = compute(&ps, &entries, &HashMap::new(), NONE, Some(RoundNo::new(2)));
        assert!(r2.lines.iter().all(|l| l.name != "P05"));
        let json = serde_json::to_value(&s.lines).unwrap();
        assert_eq!(json[0].get("late_from"), None);
        assert_eq!(json[1]["late_from"], 2);
        assert_eq!(json[4]["withdrawn_after"], 1);
    }

    #[test]
    fn ranks_by_total_with_shared_places() {
        let entries = [
            e(1, 1, 1, 60),
            e(1, 1, 2, -20),
            e(1, 1, 3, -20),
            e(1, 1, 4, -20),
            e(2, 2, 2, 40),
            e(2, 2, 3, 40),
            e(2, 2, 1, -40),
            e(2, 2, 4, -40),
        ];
        let s = compute(&players(4), &entries, &HashMap::new(), NONE, None);
        let got: Vec<(u32, i32, i64)> = s.lines.iter().map(|l| (l.rank, l.player.get(), l.total)).collect();
        assert_eq!(got, vec![(1, 1, 20), (1, 2, 20), (1, 3, 20), (4, 4, -60)]);
        assert!(s.check.ok());
        // Best round breaks the tie: player 1 made 60 in a round.
        let s = compute(
            &players(4),
            &entries,
            &HashMap::new(),
            Order::by_total(TieBreaker::BestRound),
            None,
        );
        let got: Vec<(u32, i32)> = s.lines.iter().map(|l| (l.rank, l.player.get())).collect();
        assert_eq!(got, vec![(1, 1), (2, 2), (2, 3), (4, 4)]);
        // Taker wins break it the other way.
        let wins = HashMap::from([(PlayerId::new(3), 2), (PlayerId::new(2), 1)]);
        let s = compute(
            &players(4),
            &entries,
            &wins,
            Order::by_total(TieBreaker::TakerWins),
            None,
        );
        let got: Vec<(u32, i32)> = s.lines.iter().map(|l| (l.rank, l.player.get())).collect();
        assert_eq!(got, vec![(1, 3), (2, 2), (3, 1), (4, 4)]);
        // One round alone.
        let s = compute(&players(4), &entries, &HashMap::new(), NONE, Some(RoundNo::new(2)));
        assert_eq!(s.lines[0].total, 40);
        assert_eq!(s.lines[3].total, -40);
    }

    #[test]
    fn tie_breakers_are_stored_by_name() {
        for tb in [TieBreaker::None, TieBreaker::BestRound, TieBreaker::TakerWins] {
            assert_eq!(TieBreaker::from_name(tb.name()), Some(tb));
        }
        assert_eq!(TieBreaker::BestRound.name(), "best_round");
        assert_eq!(TieBreaker::from_name("taker_wins"), Some(TieBreaker::TakerWins));
        assert_eq!(TieBreaker::from_name("none"), Some(TieBreaker::None));
        assert_eq!(TieBreaker::from_name("Best_Round"), None);
        assert_eq!(TieBreaker::from_name(""), None);
    }

    #[test]
    fn each_round_total_and_the_best_one() {
        let entries = [e(1, 1, 1, 60), e(1, 1, 2, -60), e(2, 2, 1, -40), e(2, 2, 2, 40)];
        let s = compute(&players(2), &entries, &HashMap::new(), NONE, None);
        let p1 = s.lines.iter().find(|l| l.player == PlayerId::new(1)).unwrap();
        assert_eq!(
            p1.rounds,
            BTreeMap::from([(RoundNo::new(1), 60), (RoundNo::new(2), -40)])
        );
        assert_eq!(p1.best_round, 60);
        let p2 = s.lines.iter().find(|l| l.player == PlayerId::new(2)).unwrap();
        assert_eq!(
            p2.rounds,
            BTreeMap::from([(RoundNo::new(1), -60), (RoundNo::new(2), 40)])
        );
        assert_eq!(p2.best_round, 40);
    }

    /// Two tables off by opposite amounts: the tournament sums to 0, the
    /// check still fails.
    #[test]
    fn unbalanced_tables_fail_the_check_even_when_the_total_is_zero() {
        let entries = [e(1, 7, 1, 10), e(1, 7, 2, 0), e(1, 8, 3, -10), e(1, 8, 4, 0)];
        let s = compute(&players(4), &entries, &HashMap::new(), NONE, None);
        assert_eq!(s.check.total, 0);
        assert_eq!(s.check.unbalanced_tables, vec![(7, 10), (8, -10)]);
        assert!(!s.check.ok());
    }

    #[test]
    fn zero_sum_check_finds_unbalanced_tables() {
        let entries = [e(1, 7, 1, 30), e(1, 7, 2, -10), e(1, 8, 3, 5), e(1, 8, 4, -5)];
        let s = compute(&players(4), &entries, &HashMap::new(), NONE, None);
        assert!(!s.check.ok());
        assert_eq!(s.check.total, 20);
        assert_eq!(s.check.unbalanced_tables, vec![(7, 20)]);
    }

    #[test]
    fn players_without_scores_are_listed_at_zero() {
        let s = compute(&players(3), &[], &HashMap::new(), NONE, None);
        assert_eq!(s.lines.len(), 3);
        assert!(s.lines.iter().all(|l| l.rank == 1 && l.total == 0));
    }

    /// An entry with its deals and table size.
    fn ed(round: i32, player: i32, score: i64, deals: u32, table_size: u8) -> ScoreEntry {
        ScoreEntry {
            deals,
            table_size,
            ..e(round, i64::from(round), player, score)
        }
    }

    const PER_DEAL: Order = Order {
        ranking: Ranking::PerDeal,
        tie_breaker: TieBreaker::None,
    };

    #[test]
    fn ranks_by_the_exact_average_per_deal_and_puts_who_played_nothing_last() {
        let entries = [
            // 10 in 3 deals: 3.333..., written 3.33.
            ed(1, 1, 10, 3, 4),
            // 333 in 100 deals: 3.33 exactly, below player 1.
            ed(1, 2, 333, 100, 4),
            // -40 in 4 deals: -10, still above player 4, who played none.
            ed(1, 3, -40, 4, 4),
            // 20 in 2 and 30 in 3: 10 each, one shared place.
            ed(1, 5, 20, 2, 4),
            ed(1, 6, 10, 1, 5),
            ed(2, 6, 20, 2, 5),
        ];
        let s = compute(&players(6), &entries, &HashMap::new(), PER_DEAL, None);
        let got: Vec<(u32, i32, u32, i64)> = s
            .lines
            .iter()
            .map(|l| (l.rank, l.player.get(), l.deals, l.per_deal.0))
            .collect();
        assert_eq!(
            got,
            vec![
                (1, 5, 2, 1000),
                (1, 6, 3, 1000),
                (3, 1, 3, 333),
                (4, 2, 100, 333),
                (5, 3, 4, -1000),
                (6, 4, 0, 0)
            ]
        );
        // By total (the default), the same lines in another order.
        let s = compute(&players(6), &entries, &HashMap::new(), NONE, None);
        let got: Vec<(u32, i32)> = s.lines.iter().map(|l| (l.rank, l.player.get())).collect();
        assert_eq!(got, vec![(1, 2), (2, 6), (3, 5), (4, 1), (5, 4), (6, 3)]);
        // Everyone without a deal: one shared place.
        let s = compute(&players(3), &[], &HashMap::new(), PER_DEAL, None);
        assert!(s.lines.iter().all(|l| l.rank == 1 && l.deals == 0));
    }

    #[test]
    fn a_tie_on_the_average_goes_to_the_tie_breaker() {
        // 40 in 4 and 20 in 2 deals, best rounds equal: one place.
        let entries = [ed(1, 1, 20, 2, 4), ed(2, 1, 20, 2, 4), ed(1, 2, 20, 2, 4)];
        let order = Order {
            ranking: Ranking::PerDeal,
            tie_breaker: TieBreaker::BestRound,
        };
        let s = compute(&players(2), &entries, &HashMap::new(), order, None);
        let got: Vec<(u32, i32)> = s.lines.iter().map(|l| (l.rank, l.player.get())).collect();
        assert_eq!(got, vec![(1, 1), (1, 2)]);
        // 10 twice against 20 once: player 2's best round is better.
        let entries = [ed(1, 1, 10, 1, 4), ed(2, 1, 10, 1, 4), ed(1, 2, 20, 2, 4)];
        let s = compute(&players(2), &entries, &HashMap::new(), order, None);
        let got: Vec<(u32, i32)> = s.lines.iter().map(|l| (l.rank, l.player.get())).collect();
        assert_eq!(got, vec![(1, 2), (2, 1)]);
    }

    #[test]
    fn deals_and_positions_add_up_by_table_size() {
        let entries = [
            ed(1, 1, 10, 4, 4),
            ed(2, 1, -5, 4, 5),
            ed(3, 1, 7, 3, 3),
            ed(4, 1, 1, 4, 5),
            ed(1, 2, -10, 4, 4),
        ];
        let s = compute(&players(2), &entries, &HashMap::new(), NONE, None);
        let p1 = s.lines.iter().find(|l| l.player == PlayerId::new(1)).unwrap();
        assert_eq!(p1.deals, 15);
        assert_eq!(p1.per_deal, PerDeal(87));
        assert_eq!(p1.positions, Positions { at3: 1, at4: 1, at5: 2 });
        assert!(p1.positions.uneven());
        let p2 = s.lines.iter().find(|l| l.player == PlayerId::new(2)).unwrap();
        assert_eq!(p2.positions, Positions { at3: 0, at4: 1, at5: 0 });
        assert!(!p2.positions.uneven());
        assert!(Positions {
            at3: 1,
            ..Positions::default()
        }
        .uneven());
        let json = serde_json::to_value(p1).unwrap();
        assert_eq!(json["deals"], 15);
        assert_eq!(json["per_deal"], 0.87);
        assert_eq!(json["positions"], serde_json::json!({"3": 1, "4": 1, "5": 2}));
        // One round alone: its deals only.
        let s = compute(&players(2), &entries, &HashMap::new(), NONE, Some(RoundNo::new(2)));
        let p1 = s.lines.iter().find(|l| l.player == PlayerId::new(1)).unwrap();
        assert_eq!((p1.deals, p1.per_deal, p1.positions.at5), (4, PerDeal(-125), 1));
    }

    #[test]
    fn averages_are_rounded_half_away_from_zero_and_written_with_two_decimals() {
        let cases = [
            (1, 8, 13, "0.13"),
            (-1, 8, -13, "-0.13"),
            (10, 3, 333, "3.33"),
            (20, 3, 667, "6.67"),
            (-20, 3, -667, "-6.67"),
            (-1, 200, -1, "-0.01"),
            (-1, 201, 0, "0.00"),
            (75, 4, 1875, "18.75"),
            (300, 4, 7500, "75.00"),
            (0, 4, 0, "0.00"),
            (50, 0, 0, "0.00"),
        ];
        for (total, deals, hundredths, text) in cases {
            let p = PerDeal::of(total, deals);
            assert_eq!(p, PerDeal(hundredths), "{total}/{deals}");
            assert_eq!(p.to_string(), text, "{total}/{deals}");
        }
        assert_eq!(PerDeal(-5).to_string(), "-0.05");
        assert_eq!(PerDeal(1235).as_f64(), 12.35);
        assert_eq!(serde_json::to_string(&PerDeal(-1235)).unwrap(), "-12.35");
        assert_eq!(serde_json::to_string(&PerDeal(300)).unwrap(), "3.0");
    }

    #[test]
    fn rankings_are_stored_by_name() {
        for r in [Ranking::Total, Ranking::PerDeal] {
            assert_eq!(Ranking::from_name(r.name()), Some(r));
        }
        assert_eq!(Ranking::PerDeal.name(), "per_deal");
        assert_eq!(Ranking::Total.name(), "total");
        assert_eq!(Ranking::default(), Ranking::Total);
        assert_eq!(Ranking::from_name("Total"), None);
        assert_eq!(Ranking::from_name(""), None);
    }

    proptest::proptest! {
        /// Whatever the scores and deal counts, the lines ranked per deal
        /// go down by exact average, share a place exactly when the averages
        /// are equal, end with those who played nothing, and each average
        /// is within half a hundredth of the exact one.
        #[test]
        fn per_deal_ranking_follows_the_exact_averages(
            rows in proptest::collection::vec((1i32..=8, -500i64..500, 0u32..6), 0..30)
        ) {
            let entries: Vec<ScoreEntry> = rows
                .iter()
                .enumerate()
                .map(|(i, (p, score, deals))| ed(i as i32 + 1, *p, if *deals == 0 { 0 } else { *score }, *deals, 4))
                .collect();
            let s = compute(&players(8), &entries, &HashMap::new(), PER_DEAL, None);
            proptest::prop_assert_eq!(s.lines.len(), 8);
            for l in &s.lines {
                let total: i64 = entries.iter().filter(|e| e.player == l.player).map(|e| e.score).sum();
                let deals: u32 = entries.iter().filter(|e| e.player == l.player).map(|e| e.deals).sum();
                proptest::prop_assert_eq!((l.total, l.deals), (total, deals));
                if deals > 0 {
                    let exact = total as f64 / f64::from(deals);
                    proptest::prop_assert!((l.per_deal.as_f64() - exact).abs() <= 0.005 + 1e-9);
                }
            }
            proptest::prop_assert_eq!(s.lines[0].rank, 1);
            for w in s.lines.windows(2) {
                let (a, b) = (&w[0], &w[1]);
                proptest::prop_assert!(a.deals > 0 || b.deals == 0, "a player without deals above one with");
                let same = match (a.deals, b.deals) {
                    (0, 0) => true,
                    (0, _) | (_, 0) => false,
                    (da, db) => {
                        let (x, y) = (a.total * i64::from(db), b.total * i64::from(da));
                        proptest::prop_assert!(x >= y, "{} before {}", a.per_deal, b.per_deal);
                        x == y
                    }
                };
                if same {
                    proptest::prop_assert_eq!(a.rank, b.rank);
                } else {
                    proptest::prop_assert!(b.rank > a.rank);
                }
            }
        }
    }
}
