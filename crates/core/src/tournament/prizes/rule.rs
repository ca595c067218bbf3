//! A prize rule: where the money comes from (entries or a fixed pot), the
//! share of it redistributed, the places paid and their split, fixed
//! prizes, the bonus across the events of a day; stored as JSON, checked
//! by [`Rule::check`] (each refusal a message id and its arguments).

use serde::{Deserialize, Serialize};

use super::Cents;
use crate::tournament::ids::TournamentId;

/// The most places a rule pays.
pub const MAX_PLACES: usize = 500;
/// The largest sum of money a rule names (10 million euros, in cents).
pub const MAX_CENTS: Cents = 1_000_000_000;

/// Where the pot comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Pot {
    /// The entry fee of each paying player; `paying`: how many paid
    /// (`None`: every registered player).
    Entries {
        /// The fee per player, in cents.
        fee: Cents,
        /// How many paid (`None`: the registered count).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        paying: Option<u32>,
    },
    /// A pot of a given sum, in cents.
    Fixed(Cents),
}

/// How amounts are rounded: always down, to the unit, so that the sum paid
/// never exceeds the pot (what rounding leaves is said).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rounding {
    /// To whole euros (the default: cash at the prize-giving).
    #[default]
    Euro,
    /// To the cent.
    Cent,
}

impl Rounding {
    /// The unit, in cents.
    pub fn unit(self) -> Cents {
        match self {
            Rounding::Euro => 100,
            Rounding::Cent => 1,
        }
    }

    /// `c` rounded down to the unit (`c` ≥ 0).
    pub fn down(self, c: Cents) -> Cents {
        c - c.rem_euclid(self.unit())
    }
}

/// How the redistributed sum is split among the places paid, best first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Split {
    /// Percentages of the redistributed sum, in hundredths of a percent
    /// (`2500`: 25 %); their sum at most 100 %.
    Percents(Vec<u32>),
    /// Amounts in cents; their sum at most the redistributed sum.
    Amounts(Vec<Cents>),
}

impl Split {
    /// How many places are paid.
    pub fn places(&self) -> usize {
        match self {
            Split::Percents(v) => v.len(),
            Split::Amounts(v) => v.len(),
        }
    }
}

/// What a fixed prize is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Given {
    /// A thing, named: "Coupe", "Bon d’achat Tarot Shop".
    Item(String),
    /// A sum given by a sponsor or the club, on top of the pot (cents).
    Amount(Cents),
}

/// A fixed prize for a place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fixed {
    /// The place (1-based).
    pub place: u32,
    /// What it is.
    pub given: Given,
}

/// What the bonus gives each player who played every listed tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum BonusPay {
    /// This sum each (cents).
    Amount(Cents),
    /// This share of the pot (hundredths of a percent), split equally.
    Share(u32),
}

/// A bonus across the events of a day: for each player of this tournament
/// who also played every tournament of `with`, paid from what the pot
/// keeps after the places (never more: capped, and said).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bonus {
    /// The other tournaments of the day.
    pub with: Vec<TournamentId>,
    /// What it gives.
    pub pay: BonusPay,
}

/// A tournament's prize rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    /// Where the money comes from.
    pub pot: Pot,
    /// The share of the pot redistributed to the places, in hundredths of
    /// a percent (`9000`: 90 %).
    pub share: u32,
    /// The places paid and their split.
    pub split: Split,
    /// Rounding of every amount (down).
    #[serde(default)]
    pub rounding: Rounding,
    /// Fixed prizes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fixed: Vec<Fixed>,
    /// The bonus across the day's events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus: Option<Bonus>,
}

/// Why a rule is refused: a message id and its arguments (the server says
/// it in the reader's language).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleError {
    /// Message id (`prize-…`).
    pub key: &'static str,
    /// Its arguments (sums in cents, percents in hundredths).
    pub args: Vec<(&'static str, i64)>,
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.key)?;
        for (k, v) in &self.args {
            write!(f, " {k}={v}")?;
        }
        Ok(())
    }
}

impl std::error::Error for RuleError {}

fn refuse(key: &'static str, args: &[(&'static str, i64)]) -> RuleError {
    RuleError {
        key,
        args: args.to_vec(),
    }
}

impl Rule {
    /// The rule read from its stored JSON, checked.
    pub fn from_json(s: &str) -> Result<Rule, String> {
        let r: Rule = serde_json::from_str(s).map_err(|e| e.to_string())?;
        r.check().map_err(|e| e.to_string())?;
        Ok(r)
    }

    /// Its stored JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Whether the rule holds together: sums within bounds, a share of at
    /// most 100 %, a split that never pays a place more than a better one
    /// (and whose percentages add to at most 100 %), fixed prizes at places
    /// from 1, a bonus share that fits beside the places' share.
    pub fn check(&self) -> Result<(), RuleError> {
        let money = |c: Cents| (0..=MAX_CENTS).contains(&c);
        match self.pot {
            Pot::Entries { fee, .. } if !money(fee) => return Err(refuse("prize-rule-fee", &[])),
            Pot::Fixed(c) if !money(c) => return Err(refuse("prize-rule-pot", &[])),
            _ => {}
        }
        if self.share > 10_000 {
            return Err(refuse("prize-rule-share", &[("share", i64::from(self.share))]));
        }
        if self.split.places() > MAX_PLACES {
            return Err(refuse("prize-rule-places-many", &[("max", MAX_PLACES as i64)]));
        }
        let steps: Vec<i64> = match &self.split {
            Split::Percents(v) => v.iter().map(|p| i64::from(*p)).collect(),
            Split::Amounts(v) => v.clone(),
        };
        if let Some(k) = steps.iter().position(|s| *s < 0 || *s > MAX_CENTS) {
            return Err(refuse("prize-rule-split-step", &[("place", k as i64 + 1)]));
        }
        if let Some(k) = steps.windows(2).position(|w| w[1] > w[0]) {
            return Err(refuse("prize-rule-split-rises", &[("place", k as i64 + 2)]));
        }
        if let Split::Percents(v) = &self.split {
            let sum: i64 = v.iter().map(|p| i64::from(*p)).sum();
            if sum > 10_000 {
                return Err(refuse("prize-rule-split-over", &[("percent", sum)]));
            }
        }
        for f in &self.fixed {
            let ok = match &f.given {
                Given::Item(name) => !name.trim().is_empty() && name.chars().count() <= 100,
                Given::Amount(c) => money(*c),
            };
            if f.place == 0 || f.place as usize > MAX_PLACES || !ok {
                return Err(refuse("prize-rule-fixed-bad", &[("place", i64::from(f.place))]));
            }
        }
        if let Some(b) = &self.bonus {
            match b.pay {
                BonusPay::Amount(c) if !money(c) => return Err(refuse("prize-rule-bonus-amount", &[])),
                BonusPay::Share(s) if s + self.share > 10_000 => {
                    return Err(refuse("prize-rule-bonus-share", &[("share", i64::from(s))]))
                }
                _ => {}
            }
            if b.with.is_empty() {
                return Err(refuse("prize-rule-bonus-with", &[]));
            }
        }
        Ok(())
    }

    /// The pot for `registered` players registered.
    pub fn pot(&self, registered: u32) -> Cents {
        match self.pot {
            Pot::Entries { fee, paying } => fee * i64::from(paying.unwrap_or(registered)),
            Pot::Fixed(c) => c,
        }
    }

    /// The sum redistributed to the places: the share of the pot, rounded
    /// down to the unit.
    pub fn fund(&self, pot: Cents) -> Cents {
        self.rounding.down(pot * i64::from(self.share) / 10_000)
    }

    /// Each paid place's amount, best first, rounded down to the unit; or
    /// why not (amounts that add to more than the fund).
    pub fn places(&self, fund: Cents) -> Result<Vec<Cents>, RuleError> {
        match &self.split {
            Split::Percents(v) => Ok(v
                .iter()
                .map(|p| self.rounding.down(fund * i64::from(*p) / 10_000))
                .collect()),
            Split::Amounts(v) => {
                let sum: Cents = v.iter().sum();
                if sum > fund {
                    return Err(refuse("prize-rule-amounts-over", &[("sum", sum), ("fund", fund)]));
                }
                Ok(v.iter().map(|c| self.rounding.down(*c)).collect())
            }
        }
    }
}
