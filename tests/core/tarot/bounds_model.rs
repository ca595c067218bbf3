//! Cross-checks `possible_points` (hand-derived formulas) against a brute
//! enumeration of how a deal can end: tricks won by each camp, who won the
//! last trick, where the petit, the monde and the excuse ended up and how
//! the excuse was played, then the best and worst cards in each camp's slots.
//!
//! The model (same as RULES.md): tricks of n cards; the dog goes to the
//! taker (who discards an écart without kings or oudlers) in petite and
//! garde, to the attack in garde sans, to the defence in garde contre; the
//! excuse is kept by its owner, who gives a low card to the trick's winners
//! (counted net: +8 half points to the owner, +1 to the winners, even when the
//! owner has no card); played to the last trick it changes camp — even if a
//! partner of its owner wins the trick — unless its camp won every earlier
//! trick. A petit au bout camp won the last trick with the petit in it.

use chelem::tarot::{possible_points, Camp, Contract, HalfPoints};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Who {
    A,
    D,
}

const POOL_DESC: [u16; 75] = {
    let mut p = [1u16; 75];
    let vals = [9, 9, 9, 9, 7, 7, 7, 7, 5, 5, 5, 5, 3, 3, 3, 3];
    let mut i = 0;
    while i < 16 {
        p[i] = vals[i];
        i += 1;
    }
    p
};

fn lowest(k: usize) -> u16 {
    POOL_DESC[75 - k..].iter().sum()
}

fn highest_with_ecart(f: usize, ecart: usize) -> u16 {
    let unrestricted = f - ecart;
    let kings = unrestricted.min(4);
    let rest: u16 = POOL_DESC[4..4 + (f - kings)].iter().sum();
    9 * kings as u16 + rest
}

type Key = (Option<Camp>, u8, Option<Camp>); // (made_by, oudlers, petit au bout)

fn enumerate(players: u8, partner: bool, contract: Contract) -> std::collections::HashMap<Key, (u16, u16)> {
    let n = players as i32;
    let d: i32 = if players == 5 { 3 } else { 6 };
    let t = (78 - d) / n;
    let dog_camp = match contract {
        Contract::GardeSans => Some(Who::A),
        Contract::GardeContre => Some(Who::D),
        _ => None,
    };
    let ecart = if dog_camp.is_none() { d } else { 0 };
    let multi = |w: Who| w == Who::D || partner;
    let mut out: std::collections::HashMap<Key, (u16, u16)> = Default::default();
    for ka in 0..=t {
        let kd = t - ka;
        let k = |w: Who| if w == Who::A { ka } else { kd };
        let status = if ka == t {
            Some(Camp::Attack)
        } else if ka == 0 {
            Some(Camp::Defence)
        } else {
            None
        };
        let lasts: Vec<Who> = if ka == t {
            vec![Who::A]
        } else if ka == 0 {
            vec![Who::D]
        } else {
            vec![Who::A, Who::D]
        };
        for &l in &lasts {
            // Non-last tricks won by w.
            let early = |w: Who| k(w) - i32::from(l == w);
            // Excuse scenarios: (holder at the end, trick slot removed from A, from D,
            // fixed half points to A, to D, excuse in dog)
            let mut excuse = Vec::new();
            if let Some(c) = dog_camp {
                // In the dog: a 9 in the dog camp's pile, one dog slot fewer.
                let (fa, fd) = if c == Who::A { (9, 0) } else { (0, 9) };
                excuse.push((c, 0, 0, fa, fd, true));
            }
            for h in [Who::A, Who::D] {
                let o = if h == Who::A { Who::D } else { Who::A };
                let split = |x: i32, y: i32| if h == Who::A { (x, y) } else { (y, x) };
                // Kept, played in a trick its camp won (not last, or last after all others).
                if early(h) >= 1 || k(h) == t {
                    let (ra, rd) = split(1, 0);
                    let (fa, fd) = split(9, 0);
                    excuse.push((h, ra, rd, fa, fd, false));
                }
                // Kept by exchange: played in a non-last trick the other camp won.
                if early(o) >= 1 {
                    let (ra, rd) = split(0, 1);
                    let (fa, fd) = split(8, 1);
                    excuse.push((h, ra, rd, fa, fd, false));
                }
                // Played to the last trick without having won every earlier one:
                // it changes camp; the last trick's winner has one card fewer.
                if early(o) >= 1 && (l == o || multi(h)) {
                    let (ra, rd) = if l == Who::A { (1, 0) } else { (0, 1) };
                    let (fa, fd) = split(0, 9);
                    excuse.push((o, ra, rd, fa, fd, false));
                }
            }
            for &(ex_camp, ra, rd, fixa, fixd, ex_dog) in &excuse {
                // Petit and monde: 0 = attack's tricks, 1 = defence's tricks, 2 = dog.
                for petit in 0..3 {
                    for monde in 0..3 {
                        if (petit == 2 || monde == 2) && dog_camp.is_none() {
                            continue;
                        }
                        let place = |p: i32| match p {
                            0 => Who::A,
                            1 => Who::D,
                            _ => dog_camp.unwrap(),
                        };
                        let in_tricks = |w: Who| {
                            i32::from(petit < 2 && place(petit) == w) + i32::from(monde < 2 && place(monde) == w)
                        };
                        let in_dog = i32::from(petit == 2) + i32::from(monde == 2) + i32::from(ex_dog);
                        let tricks_a = ka * n - ra;
                        let tricks_d = kd * n - rd;
                        if in_tricks(Who::A) > tricks_a.max(0) || in_tricks(Who::D) > tricks_d.max(0) || in_dog > d {
                            continue;
                        }
                        let dog_a = if dog_camp == Some(Who::A) {
                            d - i32::from(ex_dog)
                        } else {
                            0
                        };
                        let dog_d = if dog_camp == Some(Who::D) {
                            d - i32::from(ex_dog)
                        } else {
                            0
                        };
                        let pm_a = i32::from(place(petit) == Who::A) + i32::from(place(monde) == Who::A);
                        let pm_d = 2 - pm_a;
                        let f_a = tricks_a + dog_a + ecart - pm_a;
                        let f_d = tricks_d + dog_d - pm_d;
                        assert_eq!(f_a + f_d, 75, "card count");
                        let oudlers = pm_a as u8 + u8::from(ex_camp == Who::A);
                        let fixed_a = fixa as u16 + 9 * pm_a as u16;
                        let min_a = fixed_a + lowest(f_a as usize);
                        let max_a = fixed_a + highest_with_ecart(f_a as usize, ecart as usize);
                        let _ = fixd;
                        let mut pabs = vec![None];
                        // Petit au bout: the petit in the last trick, won by its winner.
                        if petit < 2 && place(petit) == l {
                            pabs.push(Some(if l == Who::A { Camp::Attack } else { Camp::Defence }));
                        }
                        for pab in pabs {
                            let e = out.entry((status, oudlers, pab)).or_insert((u16::MAX, 0));
                            e.0 = e.0.min(min_a);
                            e.1 = e.1.max(max_a);
                        }
                    }
                }
            }
        }
    }
    out
}

#[test]
fn formulas_match_the_enumeration() {
    let mut checked = 0;
    for (players, partner) in [(3, false), (4, false), (5, false), (5, true), (6, false), (6, true)] {
        for contract in Contract::ALL {
            let model = enumerate(players, partner, contract);
            for made_by in [None, Some(Camp::Attack), Some(Camp::Defence)] {
                for oudlers in 0..=3u8 {
                    for pab in [None, Some(Camp::Attack), Some(Camp::Defence)] {
                        let formula = possible_points(players, partner, contract, oudlers, pab, made_by);
                        let expected = model
                            .get(&(made_by, oudlers, pab))
                            .map(|&(lo, hi)| (HalfPoints(lo), HalfPoints(hi)));
                        assert_eq!(
                            formula, expected,
                            "{players} players, partner {partner}, {contract}, made_by {made_by:?}, {oudlers} oudlers, petit au bout {pab:?}"
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 6 * 4 * 3 * 4 * 3);
}
