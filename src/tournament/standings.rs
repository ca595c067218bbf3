//! Standings: totals by decreasing score, shared places for ties unless the
//! organizer chose a tie-breaker, and the zero-sum check of every table.

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

/// One player's score in one deal.
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

/// Computes the standings of `players` from their deal scores. A player
/// who withdrew before playing any deal is not in them (nor in their
/// count): they never sat down. `only_round` restricts to one round (the
/// round's own ranking).
pub fn compute(
    players: &[Entrant],
    entries: &[ScoreEntry],
    taker_wins: &HashMap<PlayerId, u32>,
    tie_breaker: TieBreaker,
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
            *line.rounds.entry(e.round).or_default() += e.score;
        }
    }
    let mut lines: Vec<Standing> = lines.into_values().collect();
    for l in &mut lines {
        l.best_round = l.rounds.values().copied().max().unwrap_or(0);
    }
    let key = |l: &Standing| -> (i64, i64) {
        let tb = match tie_breaker {
            TieBreaker::None => 0,
            TieBreaker::BestRound => l.best_round,
            TieBreaker::TakerWins => i64::from(l.taker_wins),
        };
        (l.total, tb)
    };
    lines.sort_by(|a, b| {
        key(b)
            .cmp(&key(a))
            .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
            .then_with(|| a.player.cmp(&b.player))
    });
    let mut prev: Option<(i64, i64)> = None;
    let mut rank = 0u32;
    for (i, l) in lines.iter_mut().enumerate() {
        let k = key(l);
        if prev != Some(k) {
            rank = i as u32 + 1;
            prev = Some(k);
        }
        l.rank = rank;
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
            round: RoundNo(round),
            table,
            player: PlayerId(player),
            score,
        }
    }

    fn players(n: i32) -> Vec<Entrant> {
        (1..=n).map(|i| Entrant::new(PlayerId(i), format!("P{i:02}"))).collect()
    }

    #[test]
    fn a_player_withdrawn_before_playing_is_not_ranked() {
        let mut ps = players(6);
        // P05 withdrew before any deal; P06 withdrew after playing round 1;
        // P04 came late (round 2) and played.
        ps[4].withdrawn_after = Some(RoundNo(0));
        ps[5].withdrawn_after = Some(RoundNo(1));
        ps[3].late_from = Some(RoundNo(2));
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
        let s = compute(&ps, &entries, &HashMap::new(), TieBreaker::None, None);
        let names: Vec<&str> = s.lines.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["P01", "P04", "P02", "P03", "P06"]);
        let line = |n: &str| s.lines.iter().find(|l| l.name == n).unwrap();
        assert_eq!(line("P06").withdrawn_after, Some(RoundNo(1)));
        assert_eq!(line("P06").rank, 5);
        assert_eq!(line("P04").late_from, Some(RoundNo(2)));
        assert_eq!(line("P01").late_from, None);
        // Not in round 2's own ranking either, and the marks serialise only
        // where they are.
        let r2 = compute(&ps, &entries, &HashMap::new(), TieBreaker::None, Some(RoundNo(2)));
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
        let s = compute(&players(4), &entries, &HashMap::new(), TieBreaker::None, None);
        let got: Vec<(u32, i32, i64)> = s.lines.iter().map(|l| (l.rank, l.player.get(), l.total)).collect();
        assert_eq!(got, vec![(1, 1, 20), (1, 2, 20), (1, 3, 20), (4, 4, -60)]);
        assert!(s.check.ok());
        // Best round breaks the tie: player 1 made 60 in a round.
        let s = compute(&players(4), &entries, &HashMap::new(), TieBreaker::BestRound, None);
        let got: Vec<(u32, i32)> = s.lines.iter().map(|l| (l.rank, l.player.get())).collect();
        assert_eq!(got, vec![(1, 1), (2, 2), (2, 3), (4, 4)]);
        // Taker wins break it the other way.
        let wins = HashMap::from([(PlayerId(3), 2), (PlayerId(2), 1)]);
        let s = compute(&players(4), &entries, &wins, TieBreaker::TakerWins, None);
        let got: Vec<(u32, i32)> = s.lines.iter().map(|l| (l.rank, l.player.get())).collect();
        assert_eq!(got, vec![(1, 3), (2, 2), (3, 1), (4, 4)]);
        // One round alone.
        let s = compute(
            &players(4),
            &entries,
            &HashMap::new(),
            TieBreaker::None,
            Some(RoundNo(2)),
        );
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
        let s = compute(&players(2), &entries, &HashMap::new(), TieBreaker::None, None);
        let p1 = s.lines.iter().find(|l| l.player == PlayerId(1)).unwrap();
        assert_eq!(p1.rounds, BTreeMap::from([(RoundNo(1), 60), (RoundNo(2), -40)]));
        assert_eq!(p1.best_round, 60);
        let p2 = s.lines.iter().find(|l| l.player == PlayerId(2)).unwrap();
        assert_eq!(p2.rounds, BTreeMap::from([(RoundNo(1), -60), (RoundNo(2), 40)]));
        assert_eq!(p2.best_round, 40);
    }

    /// Two tables off by opposite amounts: the tournament sums to 0, the
    /// check still fails.
    #[test]
    fn unbalanced_tables_fail_the_check_even_when_the_total_is_zero() {
        let entries = [e(1, 7, 1, 10), e(1, 7, 2, 0), e(1, 8, 3, -10), e(1, 8, 4, 0)];
        let s = compute(&players(4), &entries, &HashMap::new(), TieBreaker::None, None);
        assert_eq!(s.check.total, 0);
        assert_eq!(s.check.unbalanced_tables, vec![(7, 10), (8, -10)]);
        assert!(!s.check.ok());
    }

    #[test]
    fn zero_sum_check_finds_unbalanced_tables() {
        let entries = [e(1, 7, 1, 30), e(1, 7, 2, -10), e(1, 8, 3, 5), e(1, 8, 4, -5)];
        let s = compute(&players(4), &entries, &HashMap::new(), TieBreaker::None, None);
        assert!(!s.check.ok());
        assert_eq!(s.check.total, 20);
        assert_eq!(s.check.unbalanced_tables, vec![(7, 20)]);
    }

    #[test]
    fn players_without_scores_are_listed_at_zero() {
        let s = compute(&players(3), &[], &HashMap::new(), TieBreaker::None, None);
        assert_eq!(s.lines.len(), 3);
        assert!(s.lines.iter().all(|l| l.rank == 1 && l.total == 0));
    }
}
