//! FFT scoring of a checked deal record.
//!
//! Per defender, signed from the attack's side (w = +1 won, −1 lost):
//! `S = (w·(25 + margin) + P)·M + w·H + C`; each defender scores −S and the
//! attack shares +S per defender (RULES.md).

use std::fmt::Write as _;

use serde::Serialize;

use super::contract::{Camp, Contract, HalfPoints};
use super::record::DealRecord;

/// Whether the contract was made, and by how much.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum Outcome {
    /// Made by `margin` points (0: "juste fait").
    Made {
        /// Points above the target, rounded up.
        margin: u16,
    },
    /// Failed by `margin` points.
    Failed {
        /// Points below the target, rounded up.
        margin: u16,
    },
}

/// The score of one deal, with every term of the computation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealScore {
    /// Table size.
    pub players: u8,
    /// The contract.
    pub contract: Contract,
    /// The attack's card points.
    pub points: HalfPoints,
    /// Whether the attack made its contract.
    pub won: bool,
    /// Points needed (36/41/51/56).
    pub target: u8,
    /// `ceil(|points − target|)`: the half point goes to the winning camp.
    pub margin: u16,
    /// `w·(25 + margin)`.
    pub base: i64,
    /// P: +10 petit au bout by the attack, −10 by the defence, 0 (before ×M).
    pub petit_au_bout: i64,
    /// M: the contract multiplier.
    pub multiplier: i64,
    /// `w·H`: the handfuls' bonuses, to the winning camp (not multiplied).
    pub handful: i64,
    /// C: the chelem bonus (not multiplied).
    pub chelem: i64,
    /// S as computed, before any rounding.
    pub per_defender_exact: i64,
    /// S as scored (rounded to 10 under the `round_to_10` variant).
    pub per_defender: i64,
    /// Misère adjustments per seat (all 0 without misères).
    pub misere: Vec<i64>,
    /// Each seat's score for the deal; sums to zero.
    pub scores: Vec<i64>,
}

/// The chelem bonus C: +400 announced and made, +200 made unannounced,
/// −200 announced and not made, −200 when the defence takes every trick
/// (−400 if it had been announced).
fn chelem_bonus(announced: bool, made_by: Option<Camp>) -> i64 {
    match (announced, made_by) {
        (true, Some(Camp::Attack)) => 400,
        (false, Some(Camp::Attack)) => 200,
        (true, None) => -200,
        (true, Some(Camp::Defence)) => -400,
        (false, Some(Camp::Defence)) => -200,
        (false, None) => 0,
    }
}

/// Rounds to the nearest multiple of 10, halves away from zero.
fn round_to_10(s: i64) -> i64 {
    let r = (s.abs() + 5) / 10 * 10;
    if s < 0 {
        -r
    } else {
        r
    }
}

/// Scores a checked deal.
pub fn score(record: &DealRecord) -> DealScore {
    let rules = record.rules();
    let n = usize::from(record.players());
    let target = record.target();
    let points = record.points();
    let won = record.won();
    let w: i64 = if won { 1 } else { -1 };
    let diff = (i64::from(points.get()) - 2 * i64::from(target)).unsigned_abs();
    let margin = diff.div_ceil(2) as u16;
    let base = w * (25 + i64::from(margin));
    let petit_au_bout = match record.petit_au_bout() {
        Some(Camp::Attack) => 10,
        Some(Camp::Defence) => -10,
        None => 0,
    };
    let multiplier = record.contract().multiplier(rules);
    let handful = w * record.handfuls().iter().map(|h| h.size.bonus(rules)).sum::<i64>();
    let chelem = record.chelem();
    let chelem = chelem_bonus(chelem.announced, chelem.made_by);
    let exact = (base + petit_au_bout) * multiplier + handful + chelem;
    let s = if rules.round_to_10 { round_to_10(exact) } else { exact };

    // Each defender −S, each partner +S, the taker the rest:
    // +S × (defenders − partners).
    let mut scores = vec![-s; n];
    let partners = record.partners();
    for p in partners {
        scores[p.index()] = s;
    }
    let k = partners.len() as i64;
    scores[record.taker().index()] = (n as i64 - 1 - 2 * k) * s;
    let mut misere = vec![0; n];
    for m in record.miseres() {
        for (seat, v) in misere.iter_mut().enumerate() {
            if seat == m.seat.index() {
                *v += 10 * (n as i64 - 1);
            } else {
                *v -= 10;
            }
        }
    }
    for (score, m) in scores.iter_mut().zip(&misere) {
        *score += m;
    }
    debug_assert_eq!(scores.iter().sum::<i64>(), 0, "deal scores must sum to zero");
    DealScore {
        players: record.players(),
        contract: record.contract(),
        points,
        won,
        target,
        margin,
        base,
        petit_au_bout,
        multiplier,
        handful,
        chelem,
        per_defender_exact: exact,
        per_defender: s,
        misere,
        scores,
    }
}

/// Writes `v` with a real minus sign (U+2212).
fn signed(v: i64) -> String {
    if v < 0 {
        format!("\u{2212}{}", -v)
    } else {
        v.to_string()
    }
}

/// Writes ` + v` or ` − v`.
fn term(out: &mut String, v: i64) {
    if v < 0 {
        let _ = write!(out, " \u{2212} {}", -v);
    } else {
        let _ = write!(out, " + {v}");
    }
}

impl DealScore {
    /// Made or failed, with the margin.
    pub fn outcome(&self) -> Outcome {
        if self.won {
            Outcome::Made { margin: self.margin }
        } else {
            Outcome::Failed { margin: self.margin }
        }
    }

    /// The computation of S as a language-neutral formula, e.g.
    /// `(25 + 8 + 10) × 2 + 20 = 106` or `(−32 + 10) × 1 − 20 = −42`.
    /// Chelem terms appear when present; under `round_to_10` the rounded
    /// value follows an arrow (`= 106 → 110`); misère adjustments follow a
    /// bar, one per seat in seat order (`| misère +30 −10 −10 −10`).
    pub fn formula(&self) -> String {
        self.formula_named(&TermNames::default())
    }

    /// The formula with each term past the base and the margin named as
    /// `names` says (`(25 + 8 + 10 (petit au bout)) × 2 + 20 (poignée) = 106`).
    pub fn formula_named(&self, names: &TermNames) -> String {
        FormulaParts {
            won: self.won,
            margin: self.margin,
            base: self.base,
            petit_au_bout: self.petit_au_bout,
            multiplier: self.multiplier,
            handful: self.handful,
            chelem: self.chelem,
            exact: self.per_defender_exact,
            scored: self.per_defender,
            misere: &self.misere,
        }
        .write(names)
    }
}

/// What a page calls the terms of a formula past the base and the margin,
/// in its language; a term without a name is written bare.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TermNames {
    /// The petit au bout's ±10.
    pub petit_au_bout: Option<String>,
    /// The handfuls' bonus (e.g. "poignée simple").
    pub handful: Option<String>,
    /// The chelem's bonus.
    pub chelem: Option<String>,
    /// The word before the misère adjustments (`misère` unless named).
    pub misere: Option<String>,
}

/// The terms of a formula: a [`DealScore`]'s, or a scored answer's
/// ([`super::ScoreOutput`]): one writer for both.
#[derive(Debug, Clone, Copy)]
pub struct FormulaParts<'a> {
    /// Made or failed.
    pub won: bool,
    /// The margin.
    pub margin: u16,
    /// `w·(25 + margin)`.
    pub base: i64,
    /// P.
    pub petit_au_bout: i64,
    /// M.
    pub multiplier: i64,
    /// `w·H`.
    pub handful: i64,
    /// C.
    pub chelem: i64,
    /// S before rounding.
    pub exact: i64,
    /// S as scored.
    pub scored: i64,
    /// Misère adjustments per seat.
    pub misere: &'a [i64],
}

/// Writes ` (name)` after a term when it has one.
fn named(out: &mut String, name: Option<&String>) {
    if let Some(n) = name {
        let _ = write!(out, " ({n})");
    }
}

impl FormulaParts<'_> {
    /// The formula, its terms named by `names`.
    pub fn write(&self, names: &TermNames) -> String {
        let mut f = String::with_capacity(48);
        let bracket = self.won || self.petit_au_bout != 0;
        if bracket {
            f.push('(');
        }
        if self.won {
            let _ = write!(f, "25 + {}", self.margin);
        } else {
            f.push_str(&signed(self.base));
        }
        if self.petit_au_bout != 0 {
            term(&mut f, self.petit_au_bout);
            named(&mut f, names.petit_au_bout.as_ref());
        }
        if bracket {
            f.push(')');
        }
        let _ = write!(f, " \u{d7} {}", self.multiplier);
        if self.handful != 0 {
            term(&mut f, self.handful);
            named(&mut f, names.handful.as_ref());
        }
        if self.chelem != 0 {
            term(&mut f, self.chelem);
            named(&mut f, names.chelem.as_ref());
        }
        let _ = write!(f, " = {}", signed(self.exact));
        if self.scored != self.exact {
            let _ = write!(f, " \u{2192} {}", signed(self.scored));
        }
        if self.misere.iter().any(|m| *m != 0) {
            let _ = write!(f, " | {}", names.misere.as_deref().unwrap_or("mis\u{e8}re"));
            for m in self.misere {
                if *m < 0 {
                    let _ = write!(f, " \u{2212}{}", -m);
                } else {
                    let _ = write!(f, " +{m}");
                }
            }
        }
        f
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_is_written_without_a_sign_and_added_not_subtracted() {
        assert_eq!([signed(-40), signed(0), signed(40)], ["\u{2212}40", "0", "40"]);
        let mut out = String::from("25");
        for v in [10, 0, -6] {
            term(&mut out, v);
        }
        assert_eq!(out, "25 + 10 + 0 \u{2212} 6");
        assert_eq!(
            [
                round_to_10(-45),
                round_to_10(-44),
                round_to_10(0),
                round_to_10(44),
                round_to_10(45)
            ],
            [-50, -40, 0, 40, 50]
        );
    }
}
