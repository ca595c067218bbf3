//! Prize lists (issue 48): a tournament's pot (entry fees or a fixed sum),
//! the share of it redistributed, split among the places paid (percentages
//! or amounts), fixed prizes (a named thing or a sponsor's sum for a
//! place), and a bonus for the players who played every listed tournament
//! of the day; computed from a ranking of entries (a player, or a team
//! whose prize its members share).
//!
//! Money is counted in cents and every amount is rounded *down* to the
//! rule's unit (a euro or a cent): the sum paid from the pot never exceeds
//! it, and what rounding, ties and shares leave is said ([`Note`]).
//! Entries tied share equally the sum of the places they span (two tied
//! for 2nd share the 2nd and 3rd places' amounts). A better place never
//! gets less from the pot: a split may not rise, and a tie's share lies
//! between the places it spans.

pub mod rule;
#[cfg(test)]
mod tests;

pub use rule::{Bonus, BonusPay, Fixed, Given, Pot, Rounding, Rule, RuleError, Split, MAX_PLACES};

use super::ids::PlayerId;

/// A sum of money in cents.
pub type Cents = i64;

/// A member of an entry: a player, and whether they played every
/// tournament the bonus lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Member {
    /// The player.
    pub player: PlayerId,
    /// Whether the bonus is theirs.
    pub bonus: bool,
}

/// An entry of the ranking: its place (equal for ties) and its members
/// (one player, or a team's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Place, 1-based, equal for ties, as the standings give it.
    pub rank: u32,
    /// Its members.
    pub members: Vec<Member>,
}

/// What a member receives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paid {
    /// The player.
    pub player: PlayerId,
    /// Their share of the entry's prize from the pot.
    pub prize: Cents,
    /// Their share of the entry's fixed sums (a sponsor's, on top of the pot).
    pub fixed: Cents,
    /// The bonus.
    pub bonus: Cents,
}

impl Paid {
    /// Everything in money.
    pub fn total(&self) -> Cents {
        self.prize + self.fixed + self.bonus
    }
}

/// What an entry receives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Award {
    /// Its index in the ranking given.
    pub entry: usize,
    /// Its place.
    pub rank: u32,
    /// How many entries share the place (1: no tie).
    pub tied: u32,
    /// Its prize from the pot.
    pub prize: Cents,
    /// Its fixed sums.
    pub fixed: Cents,
    /// Fixed prizes named, of the places it spans (shared with its ties).
    pub items: Vec<String>,
    /// What each member receives.
    pub members: Vec<Paid>,
}

/// What the computation says beside the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Note {
    /// The split's rounding left this much of the redistributed sum.
    Rounding(Cents),
    /// Sharing tied places left this much (rounded down for each).
    Ties(Cents),
    /// Sharing an entry's prize among its members left this much.
    Members(Cents),
    /// Fewer entries than places paid: these places, this much, unpaid.
    Unclaimed(u32, Cents),
    /// The bonus asked for (in all) more than the pot keeps: each gets less.
    BonusCapped {
        /// The bonus each was to get.
        asked: Cents,
        /// What each gets.
        given: Cents,
    },
}

/// A tournament's prize list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrizeList {
    /// The pot.
    pub pot: Cents,
    /// The sum redistributed to the places.
    pub fund: Cents,
    /// Each paid place's amount, best first (before ties).
    pub places: Vec<Cents>,
    /// The entries that receive something, best first.
    pub awards: Vec<Award>,
    /// Paid from the fund to the places' members.
    pub to_places: Cents,
    /// How many players get the bonus, and what each gets.
    pub bonus: (u32, Cents),
    /// Fixed sums paid on top of the pot.
    pub fixed: Cents,
    /// What the pot keeps: `pot − to_places − bonus`.
    pub kept: Cents,
    /// What rounding, ties and caps left, said.
    pub notes: Vec<Note>,
}

/// The prize list of `rule` for `ranking` (entries best first, places
/// equal for ties) when `registered` players registered (the paying count
/// when the rule does not give one); or why not (a split in amounts over
/// the redistributed sum).
pub fn compute(rule: &Rule, registered: u32, ranking: &[Entry]) -> Result<PrizeList, RuleError> {
    let unit = rule.rounding;
    let pot = rule.pot(registered);
    let fund = rule.fund(pot);
    let places = rule.places(fund)?;
    let mut notes = Vec::new();
    let split_left = fund - places.iter().sum::<Cents>();
    if split_left > 0 {
        notes.push(Note::Rounding(split_left));
    }
    let mut order: Vec<usize> = (0..ranking.len()).collect();
    order.sort_by_key(|&i| ranking[i].rank);
    let (mut awards, mut tie_left, mut member_left) = (Vec::new(), 0, 0);
    let mut start = 0;
    while start < order.len() {
        let rank = ranking[order[start]].rank;
        let k = order[start..].iter().take_while(|&&i| ranking[i].rank == rank).count();
        let span = start + 1..=start + k;
        let sum: Cents = span.clone().map(|p| places.get(p - 1).copied().unwrap_or(0)).sum();
        let fixed_sum: Cents = fixed_in(rule, &span).map(|(_, c)| c).sum();
        let items: Vec<String> = rule
            .fixed
            .iter()
            .filter(|f| span.contains(&(f.place as usize)))
            .filter_map(|f| match &f.given {
                Given::Item(name) => Some(name.clone()),
                Given::Amount(_) => None,
            })
            .collect();
        let (prize, fixed) = (unit.down(sum / k as i64), unit.down(fixed_sum / k as i64));
        tie_left += sum - prize * k as i64;
        for &i in &order[start..start + k] {
            let e = &ranking[i];
            let m = e.members.len().max(1) as i64;
            let (each, each_fixed) = (unit.down(prize / m), unit.down(fixed / m));
            member_left += if e.members.is_empty() { prize } else { prize - each * m };
            awards.push(Award {
                entry: i,
                rank,
                tied: k as u32,
                prize,
                fixed,
                items: items.clone(),
                members: e
                    .members
                    .iter()
                    .map(|mb| Paid {
                        player: mb.player,
                        prize: each,
                        fixed: each_fixed,
                        bonus: 0,
                    })
                    .collect(),
            });
        }
        start += k;
    }
    if tie_left > 0 {
        notes.push(Note::Ties(tie_left));
    }
    if member_left > 0 {
        notes.push(Note::Members(member_left));
    }
    if places.len() > ranking.len() {
        let unclaimed: Cents = places[ranking.len()..].iter().sum();
        notes.push(Note::Unclaimed((places.len() - ranking.len()) as u32, unclaimed));
    }
    let to_places: Cents = awards.iter().flat_map(|a| &a.members).map(|p| p.prize).sum();
    let bonus = pay_bonus(rule, pot, pot - to_places, ranking, &mut awards, &mut notes);
    awards.retain(|a| a.prize > 0 || a.fixed > 0 || !a.items.is_empty() || a.members.iter().any(|p| p.bonus > 0));
    let fixed: Cents = awards.iter().flat_map(|a| &a.members).map(|p| p.fixed).sum();
    Ok(PrizeList {
        pot,
        fund,
        places,
        awards,
        to_places,
        bonus,
        fixed,
        kept: pot - to_places - i64::from(bonus.0) * bonus.1,
        notes,
    })
}

/// The fixed sums of the places in `span`.
fn fixed_in<'a>(rule: &'a Rule, span: &'a std::ops::RangeInclusive<usize>) -> impl Iterator<Item = (u32, Cents)> + 'a {
    rule.fixed.iter().filter_map(move |f| match f.given {
        Given::Amount(c) if span.contains(&(f.place as usize)) => Some((f.place, c)),
        _ => None,
    })
}

/// Gives the bonus to every member who has it, from `available` (what the
/// pot keeps after the places; a share is of the whole `pot`): (how many,
/// each).
fn pay_bonus(
    rule: &Rule,
    pot: Cents,
    available: Cents,
    ranking: &[Entry],
    awards: &mut Vec<Award>,
    notes: &mut Vec<Note>,
) -> (u32, Cents) {
    let Some(b) = &rule.bonus else {
        return (0, 0);
    };
    let unit = rule.rounding;
    let n = ranking.iter().flat_map(|e| &e.members).filter(|m| m.bonus).count() as i64;
    if n == 0 {
        return (0, 0);
    }
    let asked = match b.pay {
        BonusPay::Amount(c) => unit.down(c),
        BonusPay::Share(s) => unit.down(unit.down(pot * i64::from(s) / 10_000) / n),
    };
    let each = if asked * n > available {
        let given = unit.down(available.max(0) / n);
        notes.push(Note::BonusCapped { asked, given });
        given
    } else {
        asked
    };
    if each == 0 {
        return (n as u32, 0);
    }
    for (i, e) in ranking.iter().enumerate() {
        if !e.members.iter().any(|m| m.bonus) {
            continue;
        }
        if !awards.iter().any(|a| a.entry == i) {
            awards.push(Award {
                entry: i,
                rank: e.rank,
                tied: ranking.iter().filter(|o| o.rank == e.rank).count() as u32,
                prize: 0,
                fixed: 0,
                items: Vec::new(),
                members: e
                    .members
                    .iter()
                    .map(|m| Paid {
                        player: m.player,
                        prize: 0,
                        fixed: 0,
                        bonus: 0,
                    })
                    .collect(),
            });
        }
        let a = awards.iter_mut().find(|a| a.entry == i).expect("award just made");
        for (p, m) in a.members.iter_mut().zip(&e.members) {
            if m.bonus {
                p.bonus = each;
            }
        }
    }
    awards.sort_by_key(|a| (a.rank, a.entry));
    (n as u32, each)
}
