//! Quality figures of a seating.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{PlayerId, Round};

/// A pair of players who met more than once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PairRepeat {
    /// The smaller id.
    pub a: PlayerId,
    /// The larger id.
    pub b: PlayerId,
    /// Times they sat at the same table.
    pub met: u32,
}

/// Quality of a list of rounds: how often pairs met, table-size duties.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatingReport {
    /// Sum over pairs of max(0, met − 1).
    pub repeats: u64,
    /// Sum over pairs of met².
    pub sum_of_squares: u64,
    /// The most times any pair met (0 when nobody met).
    pub max_met: u32,
    /// Pairs that met more than once, by increasing ids.
    pub repeated_pairs: Vec<PairRepeat>,
    /// Times each player sat at a table of 5 (every seated player listed).
    pub tables_of_five: BTreeMap<PlayerId, u32>,
    /// Table size → number of tables of that size over all rounds.
    pub table_sizes: BTreeMap<usize, u32>,
}

impl SeatingReport {
    /// Computes the report of `rounds` (each a list of tables of players).
    pub fn from_rounds(rounds: &[Round]) -> SeatingReport {
        let mut met: BTreeMap<(PlayerId, PlayerId), u32> = BTreeMap::new();
        let mut fives: BTreeMap<PlayerId, u32> = BTreeMap::new();
        let mut sizes: BTreeMap<usize, u32> = BTreeMap::new();
        for round in rounds {
            for table in round {
                *sizes.entry(table.len()).or_default() += 1;
                for (i, &p) in table.iter().enumerate() {
                    *fives.entry(p).or_default() += u32::from(table.len() == 5);
                    for &q in &table[i + 1..] {
                        *met.entry((p.min(q), p.max(q))).or_default() += 1;
                    }
                }
            }
        }
        let mut report = SeatingReport {
            repeats: 0,
            sum_of_squares: 0,
            max_met: 0,
            repeated_pairs: Vec::new(),
            tables_of_five: fives,
            table_sizes: sizes,
        };
        for (&(a, b), &m) in &met {
            report.repeats += u64::from(m.saturating_sub(1));
            report.sum_of_squares += u64::from(m) * u64::from(m);
            report.max_met = report.max_met.max(m);
            if m > 1 {
                report.repeated_pairs.push(PairRepeat { a, b, met: m });
            }
        }
        report
    }
}
