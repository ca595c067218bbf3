//! The attack's possible card points, given what the record says about the
//! deal (table size, contract, oudlers, chelem, petit au bout).
//!
//! # The model
//!
//! Every card ends in one camp's pile. In half points an oudler or a king is
//! 9, a queen 7, a knight 5, a jack 3, every other card ("low card") 1; the
//! deck is 182. A camp's pile is made of:
//!
//! * the tricks it won, `n` cards each at `n` players (24/18/15/12 tricks);
//! * the dog (6 cards at 3, 4 and 6 players, 3 at 5): in petite and garde the
//!   taker takes it and discards as many cards (the écart, which counts for
//!   the attack and holds no king and no oudler); in garde sans the dog counts
//!   for the attack; in garde contre for the defence;
//! * the excuse rules: the excuse's owner keeps it and gives the trick's
//!   winners a low card instead (net 4 points for the owner, even when it has
//!   no card to give: RULES.md worked example 5 gives the attack 87 in a
//!   chelem where the defence kept the excuse). Played to the **last** trick,
//!   the excuse changes camp — even when a partner of its owner wins that
//!   trick — unless its camp won every earlier trick, in which case it wins.
//!
//! A camp's smallest pile is therefore: one low card per card slot it must
//! have (its tricks, its dog or écart) plus 4 for each oudler it ends with
//! (an oudler in a slot is 9 instead of 1; an excuse kept is 9 − 1 = 8 half
//! points without a slot). Its largest pile is 182 minus the other camp's
//! smallest, except when the camp won no trick at all (a chelem by the other
//! camp): then its pile is only the écart/dog and a kept excuse, and is
//! bounded by the best cards that fit there.
//!
//! Because the record gives the attack's oudler *count*, not which oudlers,
//! each bound takes the most favourable composition that the petit au bout
//! allows. The bounds are exact for that model: nothing outside them can
//! happen, and the values inside can (any card can be dealt anywhere, and low
//! cards are plentiful: 59 of them) — up to parity.
//!
//! Parity is deliberately *not* checked. Every card is an odd number of half
//! points, so a pile's half points have the parity of its card count; at 4
//! players, for instance, the attack's count is even unless the excuse
//! changed camp at the last trick, so its points are whole in most
//! situations. But that depends on exactly how a table handled the excuse
//! (and clubs count by pairs, give the half point "later", or follow older
//! editions on the last-trick excuse), and refusing a deal that was really
//! played is worse than accepting a miscount. RULES.md also states
//! "40.5 with 2 oudlers fails by 1" without naming a table size.

use super::contract::{deal_shape, Camp, Contract, HalfPoints};
use super::error::RecordError;

/// The 75 non-oudler cards' half points, highest first (the first 16; the
/// other 59 are low cards of 1).
const NON_OUDLERS_DESC: [u16; 16] = [9, 9, 9, 9, 7, 7, 7, 7, 5, 5, 5, 5, 3, 3, 3, 3];

/// Sum of the `k` most valuable non-oudler cards.
fn top(k: u16) -> u16 {
    (0..k)
        .map(|i| NON_OUDLERS_DESC.get(i as usize).copied().unwrap_or(1))
        .sum()
}

/// Sum of the `k` most valuable cards an écart may hold (no king, no oudler).
fn ecart_top(k: u16) -> u16 {
    (0..k)
        .map(|i| NON_OUDLERS_DESC.get(i as usize + 4).copied().unwrap_or(1))
        .sum()
}

/// The largest pile of a camp that won no trick and whose only cards are
/// `d` dog cards plus, if it holds it, a kept excuse, when it ends with `m`
/// oudlers. The best composition keeps the excuse (8 without a slot: never
/// worse than putting it in the dog) and puts the other `m − 1` oudlers in
/// the dog (9 each), the rest of the dog being the best non-oudler cards.
fn dog_and_excuse_max(d: u16, m: u16) -> u16 {
    if m == 0 {
        top(d)
    } else {
        8 + 9 * (m - 1) + top(d - (m - 1))
    }
}

/// The attack's points allowed by this deal, as `(min, max)` in half points,
/// and the error to give on each side. Assumes the structural checks
/// (oudlers ≤ 3, chelem and petit au bout consistent with the oudlers) passed.
#[allow(clippy::type_complexity)]
fn bounds(
    players: u8,
    with_partner: bool,
    contract: Contract,
    oudlers: u8,
    petit_au_bout: Option<Camp>,
    made_by: Option<Camp>,
) -> [(u16, fn(u8, String) -> RecordError); 2] {
    let o = u16::from(oudlers);
    let n = u16::from(players);
    let (_, d) = deal_shape(players);
    let garde_contre = contract == Contract::GardeContre;
    // The attack's own dog or écart: d card slots (garde contre: none).
    let dog_attack = if garde_contre { 0 } else { d };
    let dog_defence = if garde_contre { d } else { 0 };
    match made_by {
        Some(Camp::Attack) => {
            // The defence won no trick. Outside garde contre its pile is the
            // excuse it kept (8, RULES.md example 5) or nothing: the attack
            // has exactly 182 − 8·(3 − o) (o ≥ 2 was checked).
            if !garde_contre {
                let exact = 182 - 8 * (3 - o);
                return [
                    (exact, |o, v| RecordError::ChelemAttackPoints {
                        oudlers: o,
                        expected: v,
                    }),
                    (exact, |o, v| RecordError::PointsAboveOudlers { oudlers: o, max: v }),
                ];
            }
            // Garde contre: the defence has the dog (which may hold the petit,
            // the monde and the excuse) and possibly the excuse it kept.
            // Smallest defence pile: d low slots + 8 per oudler it holds.
            // Largest: the dog full of kings and queens plus the kept excuse.
            let max = 182 - d - 8 * (3 - o);
            let min = 182 - dog_and_excuse_max(d, 3 - o);
            [
                (min, |o, v| RecordError::ChelemAttackPointsBelow { oudlers: o, min: v }),
                (max, |o, v| RecordError::PointsAboveGardeContre { oudlers: o, max: v }),
            ]
        }
        Some(Camp::Defence) => {
            // The attack won no trick: its pile is its écart (petite, garde:
            // no king, no oudler), or the dog (garde sans: anything), or
            // nothing (garde contre), plus the excuse if it kept it (8).
            let max = match contract {
                Contract::Petite | Contract::Garde => ecart_top(d) + 8 * o,
                Contract::GardeSans => dog_and_excuse_max(d, o),
                Contract::GardeContre => 8 * o,
            };
            let min = dog_attack + 8 * o;
            [
                (min, |o, v| RecordError::PointsBelowEcart { oudlers: o, min: v }),
                (max, |o, v| RecordError::ChelemDefencePointsAbove { oudlers: o, max: v }),
            ]
        }
        None => {
            // No chelem: each camp won at least one trick.
            //
            // Defence's smallest pile: one trick of n low cards, plus 8 per
            // oudler it holds, plus the dog in garde contre. One card less
            // (n − 1) when its only trick is the last one and a defender
            // played the excuse to it: the excuse then goes to the attack
            // although a fellow defender won the trick. That needs the
            // attack to end with the excuse (o ≥ 1) and the defence to win
            // the last trick (not petit au bout for the attack).
            let low_defence = if o >= 1 && petit_au_bout != Some(Camp::Attack) {
                n - 1
            } else {
                n
            };
            let max = 182 - (8 * (3 - o) + dog_defence + low_defence);
            // Attack's smallest pile, symmetric: one trick of n low cards, its
            // écart or dog, 8 per oudler. One card less when a partner (5 and
            // 6 players) wins the last trick, the attack's only one, to which
            // the taker played the excuse, which goes to the defence (so the
            // attack doesn't end with it: o ≤ 2; and not petit au bout for
            // the defence, who would have won the last trick).
            let low_attack = if with_partner && o <= 2 && petit_au_bout != Some(Camp::Defence) {
                n - 1
            } else {
                n
            };
            let min = 8 * o + dog_attack + low_attack;
            let below: fn(u8, String) -> RecordError = if garde_contre {
                |o, v| RecordError::PointsBelowNoChelem { oudlers: o, min: v }
            } else {
                |o, v| RecordError::PointsBelowNoChelemEcart { oudlers: o, min: v }
            };
            let above: fn(u8, String) -> RecordError = if garde_contre {
                |o, v| RecordError::PointsAboveGardeContre { oudlers: o, max: v }
            } else {
                |o, v| RecordError::PointsAboveNoChelem { oudlers: o, max: v }
            };
            [(min, below), (max, above)]
        }
    }
}

/// The attack's possible points (inclusive, in half points) for a deal with
/// these facts, or `None` when the facts themselves are contradictory (e.g. a
/// chelem by the attack with fewer than 2 oudlers outside garde contre).
/// Useful to a user interface that wants to bound its input.
pub fn possible_points(
    players: u8,
    with_partner: bool,
    contract: Contract,
    oudlers: u8,
    petit_au_bout: Option<Camp>,
    made_by: Option<Camp>,
) -> Option<(HalfPoints, HalfPoints)> {
    if !(3..=6).contains(&players) || oudlers > 3 || (with_partner && players < 5) {
        return None;
    }
    if structural_check(contract, oudlers, petit_au_bout, made_by).is_err() {
        return None;
    }
    let [(min, _), (max, _)] = bounds(players, with_partner, contract, oudlers, petit_au_bout, made_by);
    let min = min.max(8 * u16::from(oudlers));
    let max = max.min(182 - 8 * (3 - u16::from(oudlers)));
    (min <= max).then_some((HalfPoints(min), HalfPoints(max)))
}

/// Chelem and petit au bout against the oudler count (no points involved).
pub(crate) fn structural_check(
    contract: Contract,
    oudlers: u8,
    petit_au_bout: Option<Camp>,
    made_by: Option<Camp>,
) -> Result<(), RecordError> {
    match petit_au_bout {
        // The camp that took the petit au bout holds the petit: the attack
        // needs at least one oudler, the defence needs the attack to lack one.
        Some(Camp::Attack) if oudlers == 0 => return Err(RecordError::PetitAuBoutAttackNoOudler),
        Some(Camp::Defence) if oudlers == 3 => return Err(RecordError::PetitAuBoutDefenceAllOudlers),
        // The petit au bout is won in a trick: a camp that took no trick
        // can't have it.
        Some(Camp::Attack) if made_by == Some(Camp::Defence) => {
            return Err(RecordError::PetitAuBoutAttackDefenceChelem)
        }
        Some(Camp::Defence) if made_by == Some(Camp::Attack) => {
            return Err(RecordError::PetitAuBoutDefenceAttackChelem)
        }
        _ => {}
    }
    match made_by {
        // The attack took every trick: the petit and the monde, played in
        // tricks, are its own — unless they lay in the dog of a garde
        // contre, which goes to the defence (petite and garde: the taker
        // takes the dog and can't discard an oudler; garde sans: the dog is
        // the attack's).
        Some(Camp::Attack) if contract != Contract::GardeContre && oudlers < 2 => {
            Err(RecordError::ChelemAttackOudlers { oudlers })
        }
        // The defence took every trick: the attack can only have kept its
        // own excuse — unless the oudlers lay in the dog of a garde sans,
        // which counts for the attack.
        Some(Camp::Defence) if contract != Contract::GardeSans && oudlers > 1 => {
            Err(RecordError::ChelemDefenceOudlers { oudlers })
        }
        _ => Ok(()),
    }
}

/// Checks the attack's points against its oudlers and the deal's facts.
/// Assumes [`structural_check`] passed.
pub(crate) fn check_points(
    players: u8,
    with_partner: bool,
    contract: Contract,
    oudlers: u8,
    points: HalfPoints,
    petit_au_bout: Option<Camp>,
    made_by: Option<Camp>,
) -> Result<(), RecordError> {
    let p = points.get();
    let o = u16::from(oudlers);
    // Whatever happened: each oudler the attack holds is worth at least 4
    // to it (4.5 as a card, 4 net for an excuse kept by exchange), and each
    // oudler it lacks at least 4 to the defence.
    let max_oudlers = 182 - 8 * (3 - o);
    if p > max_oudlers {
        return Err(RecordError::PointsAboveOudlers {
            oudlers,
            max: HalfPoints(max_oudlers).to_string(),
        });
    }
    if p < 8 * o {
        return Err(RecordError::PointsBelowOudlers {
            oudlers,
            min: HalfPoints(8 * o).to_string(),
        });
    }
    let [(min, below), (max, above)] = bounds(players, with_partner, contract, oudlers, petit_au_bout, made_by);
    if p < min {
        return Err(below(oudlers, HalfPoints(min).to_string()));
    }
    if p > max {
        return Err(above(oudlers, HalfPoints(max).to_string()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tops() {
        assert_eq!(top(6), 50); // 4 kings + 2 queens = 25 points
        assert_eq!(top(3), 27);
        assert_eq!(ecart_top(6), 38); // 4 queens + 2 knights = 19 points
        assert_eq!(ecart_top(3), 21);
        assert_eq!(top(20), 96 + 4);
    }
}
