//! Both sides of every impossibility bound on the attack's points: the bound
//! itself is accepted, half a point beyond is refused with the right error.

use super::common::*;
use chelem::tarot::{possible_points, score_value, Camp, Contract, HalfPoints, ScoringRules};
use serde_json::{json, Value};

/// A record with everything but the points.
fn deal(
    players: u8,
    partner: Option<u8>,
    contract: &str,
    oudlers: u8,
    pab: Option<&str>,
    made_by: Option<&str>,
) -> Value {
    json!({"players": players, "taker": 0, "partner": partner, "contract": contract,
           "oudlers": oudlers, "petit_au_bout": pab,
           "chelem": {"announced": false, "made_by": made_by}})
}

fn code_at(record: &Value, points: f64) -> Result<(), &'static str> {
    let v = set(record.clone(), "points", json!(points));
    score_value(&v, &ScoringRules::default())
        .map(|_| ())
        .map_err(|e| e.code())
}

/// (record, min, code below min, max, code above max), in points.
#[allow(clippy::type_complexity)]
fn cases() -> Vec<(Value, f64, &'static str, f64, &'static str)> {
    vec![
        // No chelem, 4 players, petite/garde/garde sans: écart or dog (3) +
        // one trick (2) + 4 per oudler; the defence keeps at least one trick:
        // 3 low cards (1.5) when a defender's excuse changed camp at the last
        // trick, else 4 cards (2), plus 4 per oudler it holds.
        (
            deal(4, None, "garde", 0, None, None),
            5.0,
            "points-below-no-chelem-ecart",
            77.0,
            "points-above-no-chelem",
        ),
        (
            deal(4, None, "petite", 1, None, None),
            9.0,
            "points-below-no-chelem-ecart",
            81.5,
            "points-above-no-chelem",
        ),
        (
            deal(4, None, "garde_sans", 2, None, None),
            13.0,
            "points-below-no-chelem-ecart",
            85.5,
            "points-above-no-chelem",
        ),
        (
            deal(4, None, "garde", 3, None, None),
            17.0,
            "points-below-no-chelem-ecart",
            89.5,
            "points-above-no-chelem",
        ),
        // Petit au bout for the attack: it won the last trick, so the
        // defence's trick is a full one.
        (
            deal(4, None, "garde", 3, Some("attack"), None),
            17.0,
            "points-below-no-chelem-ecart",
            89.0,
            "points-above-no-chelem",
        ),
        (
            deal(4, None, "garde", 1, Some("defence"), None),
            9.0,
            "points-below-no-chelem-ecart",
            81.5,
            "points-above-no-chelem",
        ),
        // Garde contre: the dog (6 cards, at least 3) is the defence's.
        (
            deal(4, None, "garde_contre", 0, None, None),
            2.0,
            "points-below-no-chelem",
            74.0,
            "points-above-garde-contre",
        ),
        (
            deal(4, None, "garde_contre", 3, None, None),
            14.0,
            "points-below-no-chelem",
            86.5,
            "points-above-garde-contre",
        ),
        // 3 players: tricks of 3 cards.
        (
            deal(3, None, "garde", 0, None, None),
            4.5,
            "points-below-no-chelem-ecart",
            77.5,
            "points-above-no-chelem",
        ),
        (
            deal(3, None, "garde", 3, None, None),
            16.5,
            "points-below-no-chelem-ecart",
            90.0,
            "points-above-no-chelem",
        ),
        // 5 players, dog of 3: with a partner the attack's only trick can be
        // the last one, won by the partner while the taker's excuse goes over.
        (
            deal(5, Some(2), "garde", 0, None, None),
            3.5,
            "points-below-no-chelem-ecart",
            76.5,
            "points-above-no-chelem",
        ),
        (
            deal(5, None, "garde", 0, None, None),
            4.0,
            "points-below-no-chelem-ecart",
            76.5,
            "points-above-no-chelem",
        ),
        (
            deal(5, Some(2), "garde", 3, None, None),
            16.0,
            "points-below-no-chelem-ecart",
            89.0,
            "points-above-no-chelem",
        ),
        (
            deal(5, Some(2), "garde_contre", 3, None, None),
            14.5,
            "points-below-no-chelem",
            87.5,
            "points-above-garde-contre",
        ),
        // Chelem by the attack, outside garde contre: exactly 91, or 87 when
        // the defence kept the excuse.
        (
            deal(4, None, "garde", 3, None, Some("attack")),
            91.0,
            "chelem-attack-points",
            91.0,
            "points-range",
        ),
        (
            deal(4, None, "petite", 2, Some("attack"), Some("attack")),
            87.0,
            "chelem-attack-points",
            87.0,
            "points-above-oudlers",
        ),
        (
            deal(5, Some(1), "garde_sans", 2, None, Some("attack")),
            87.0,
            "chelem-attack-points",
            87.0,
            "points-above-oudlers",
        ),
        // Garde contre: the defence has the dog (up to 4 kings and 2 queens,
        // or the oudlers) and the excuse it kept.
        (
            deal(4, None, "garde_contre", 3, None, Some("attack")),
            66.0,
            "chelem-attack-points-below",
            88.0,
            "points-above-garde-contre",
        ),
        (
            deal(4, None, "garde_contre", 0, None, Some("attack")),
            60.0,
            "chelem-attack-points-below",
            76.0,
            "points-above-garde-contre",
        ),
        (
            deal(5, None, "garde_contre", 3, None, Some("attack")),
            77.5,
            "chelem-attack-points-below",
            89.5,
            "points-above-garde-contre",
        ),
        (
            deal(3, None, "garde_contre", 1, Some("attack"), Some("attack")),
            61.0,
            "chelem-attack-points-below",
            80.0,
            "points-above-garde-contre",
        ),
        // Chelem by the defence: the attack has its écart (no king: at most
        // 4 queens and 2 knights = 19) and the excuse if it kept it.
        (
            deal(4, None, "garde", 0, None, Some("defence")),
            3.0,
            "points-below-ecart",
            19.0,
            "chelem-defence-points-above",
        ),
        (
            deal(4, None, "petite", 1, None, Some("defence")),
            7.0,
            "points-below-ecart",
            23.0,
            "chelem-defence-points-above",
        ),
        (
            deal(5, None, "garde", 1, Some("defence"), Some("defence")),
            5.5,
            "points-below-ecart",
            14.5,
            "chelem-defence-points-above",
        ),
        // Garde sans: the dog is the attack's, anything may lie there.
        (
            deal(4, None, "garde_sans", 0, None, Some("defence")),
            3.0,
            "points-below-ecart",
            25.0,
            "chelem-defence-points-above",
        ),
        (
            deal(4, None, "garde_sans", 3, None, Some("defence")),
            15.0,
            "points-below-ecart",
            31.0,
            "chelem-defence-points-above",
        ),
        (
            deal(5, None, "garde_sans", 2, None, Some("defence")),
            9.5,
            "points-below-ecart",
            17.5,
            "chelem-defence-points-above",
        ),
        // Garde contre: nothing, or the excuse kept.
        (
            deal(4, None, "garde_contre", 0, None, Some("defence")),
            0.0,
            "points-range",
            0.0,
            "chelem-defence-points-above",
        ),
        (
            deal(4, None, "garde_contre", 1, None, Some("defence")),
            4.0,
            "points-below-oudlers",
            4.0,
            "chelem-defence-points-above",
        ),
    ]
}

#[test]
fn both_sides_of_each_bound() {
    for (record, min, below, max, above) in cases() {
        assert_eq!(code_at(&record, min), Ok(()), "{record} at {min}");
        assert_eq!(code_at(&record, max), Ok(()), "{record} at {max}");
        assert_eq!(code_at(&record, min - 0.5), Err(below), "{record} at {}", min - 0.5);
        assert_eq!(code_at(&record, max + 0.5), Err(above), "{record} at {}", max + 0.5);
    }
}

#[test]
fn five_players_petit_au_bout_defence_needs_full_attack_trick() {
    // The defence won the last trick: the attack's trick is a full one (5 cards).
    let record = deal(5, Some(2), "garde", 0, Some("defence"), None);
    assert_eq!(code_at(&record, 4.0), Ok(()));
    assert_eq!(code_at(&record, 3.5), Err("points-below-no-chelem-ecart"));
}

#[test]
fn oudler_bounds_whatever_happened() {
    // Each oudler lacking is worth at least 4 to the defence, each held at
    // least 4 to the attack.
    for (o, max) in [(0u8, 79.0), (1, 83.0), (2, 87.0), (3, 91.0)] {
        let g = four("garde_sans", o, max + 0.5);
        let err = fft(g).unwrap_err();
        assert!(
            matches!(err.code(), "points-above-oudlers" | "points-range"),
            "{o}: {err}"
        );
    }
    for (o, min) in [(1u8, 4.0), (2, 8.0), (3, 12.0)] {
        let err = fft(four("garde_contre", o, min - 0.5)).unwrap_err();
        assert_eq!(err.code(), "points-below-oudlers", "{o}");
    }
}

#[test]
fn possible_points_matches_the_records() {
    assert_eq!(
        possible_points(4, false, Contract::Garde, 2, None, None),
        Some((HalfPoints(26), HalfPoints(171)))
    );
    assert_eq!(
        possible_points(4, false, Contract::Garde, 2, None, Some(Camp::Attack)),
        Some((HalfPoints(174), HalfPoints(174)))
    );
    // Contradictions give None.
    assert_eq!(
        possible_points(4, false, Contract::Garde, 1, None, Some(Camp::Attack)),
        None
    );
    assert_eq!(
        possible_points(4, false, Contract::Garde, 0, Some(Camp::Attack), None),
        None
    );
    assert_eq!(possible_points(4, true, Contract::Garde, 2, None, None), None);
    // Six players: a partner allowed, the bounds of a 12-trick deal.
    assert_eq!(
        possible_points(6, true, Contract::Garde, 2, None, None),
        Some((HalfPoints(27), HalfPoints(169)))
    );
    // Facts no deal can have: a table of 2 or 7, four oudlers.
    for players in [0, 2, 7, 255] {
        assert_eq!(
            possible_points(players, false, Contract::Garde, 2, None, None),
            None,
            "{players} players"
        );
    }
    assert_eq!(possible_points(4, false, Contract::Garde, 4, None, None), None);
    // Garde contre lets a chelem by the attack lack the petit and the monde
    // (they lay in the dog); garde sans lets a chelem by the defence leave
    // the attack all three oudlers (in the dog).
    assert!(possible_points(4, false, Contract::GardeContre, 0, None, Some(Camp::Attack)).is_some());
    assert!(possible_points(4, false, Contract::GardeSans, 3, None, Some(Camp::Defence)).is_some());
    assert!(possible_points(
        4,
        false,
        Contract::GardeSans,
        3,
        Some(Camp::Defence),
        Some(Camp::Defence)
    )
    .is_none());
}

#[test]
fn chelem_structure() {
    // Attack chelem with 1 oudler: fine in garde contre only.
    assert!(fft(set(
        four("garde_contre", 1, 70.0),
        "chelem",
        json!({"made_by": "attack"})
    ))
    .is_ok());
    assert_eq!(
        fft(set(four("garde_sans", 1, 83.0), "chelem", json!({"made_by": "attack"})))
            .unwrap_err()
            .code(),
        "chelem-attack-oudlers"
    );
    // Defence chelem with 2 oudlers: fine in garde sans only.
    assert!(fft(set(
        four("garde_sans", 2, 20.0),
        "chelem",
        json!({"made_by": "defence"})
    ))
    .is_ok());
    assert_eq!(
        fft(set(
            four("garde_contre", 2, 8.0),
            "chelem",
            json!({"made_by": "defence"})
        ))
        .unwrap_err()
        .code(),
        "chelem-defence-oudlers"
    );
    // A chelem by the attack always makes the contract, one by the defence never does.
    for contract in ["petite", "garde", "garde_sans", "garde_contre"] {
        for o in 0..=3u8 {
            for pab in [None, Some("attack")] {
                let made_by = Some("attack");
                let c = Contract::from_name(contract).unwrap();
                let camp = pab.map(|p| Camp::from_name(p, "petit_au_bout").unwrap());
                if let Some((lo, _)) = possible_points(4, false, c, o, camp, Some(Camp::Attack)) {
                    let r = deal(4, None, contract, o, pab, made_by);
                    let out = score_value(&set(r, "points", json!(lo.as_points())), &ScoringRules::default()).unwrap();
                    assert!(out.won);
                }
                if let Some((_, hi)) = possible_points(4, false, c, o, None, Some(Camp::Defence)) {
                    let r = deal(4, None, contract, o, None, Some("defence"));
                    let out = score_value(&set(r, "points", json!(hi.as_points())), &ScoringRules::default()).unwrap();
                    assert!(!out.won);
                }
            }
        }
    }
}

#[test]
fn handful_trump_limits() {
    // 22 trumps and excuse in all. 4 players: 10 + 10 fits, 10 + 13 doesn't.
    let h = |list: Value| set(four("garde", 2, 50.0), "handfuls", list);
    assert!(fft(h(json!([{"seat": 0, "size": "simple"}, {"seat": 3, "size": "simple"}]))).is_ok());
    assert_eq!(
        fft(h(json!([{"seat": 0, "size": "simple"}, {"seat": 3, "size": "double"}])))
            .unwrap_err()
            .code(),
        "handfuls-too-many-trumps"
    );
    // 3 players: a single handful at most (13 + 13 > 22); triple 18 alone fits.
    let three = |list: Value| json!({"players": 3, "taker": 0, "contract": "garde", "oudlers": 2, "points": 50, "handfuls": list});
    assert!(fft(three(json!([{"seat": 1, "size": "triple"}]))).is_ok());
    assert_eq!(
        fft(three(
            json!([{"seat": 1, "size": "simple"}, {"seat": 2, "size": "simple"}])
        ))
        .unwrap_err()
        .code(),
        "handfuls-too-many-trumps"
    );
    // 5 players: two simples (16) fit, three (24) don't; simple + triple = 21 fits.
    let five = |list: Value| json!({"players": 5, "taker": 0, "contract": "garde", "oudlers": 2, "points": 50, "handfuls": list});
    assert!(fft(five(
        json!([{"seat": 1, "size": "simple"}, {"seat": 2, "size": "triple"}])
    ))
    .is_ok());
    assert_eq!(
        fft(five(
            json!([{"seat": 1, "size": "simple"}, {"seat": 2, "size": "simple"}, {"seat": 3, "size": "simple"}])
        ))
        .unwrap_err()
        .code(),
        "handfuls-too-many-trumps"
    );
}

#[test]
fn misere_counts() {
    let on = ScoringRules {
        misere: true,
        ..Default::default()
    };
    let m = |players: u8, kind: &str, count: u8| {
        let list: Vec<Value> = (0..count).map(|s| json!({"seat": s, "kind": kind})).collect();
        json!({"players": players, "taker": 0, "contract": "garde", "oudlers": 2, "points": 50, "miseres": list})
    };
    // Without trumps: the other hands and the dog hold the 22.
    assert!(with(m(4, "trumps", 3), on).is_ok());
    assert!(with(m(3, "trumps", 2), on).is_ok());
    assert!(with(m(5, "trumps", 3), on).is_ok());
    assert_eq!(
        with(m(5, "trumps", 4), on).unwrap_err().code(),
        "too-many-miseres-trumps"
    );
    assert_eq!(
        with(m(3, "trumps", 3), on).unwrap_err().code(),
        "too-many-miseres-trumps"
    );
    // Without face cards: the 16 heads.
    assert!(with(m(5, "heads", 4), on).is_ok());
    assert_eq!(with(m(5, "heads", 5), on).unwrap_err().code(), "too-many-miseres-heads");
    assert!(with(m(4, "heads", 3), on).is_ok());
    // A misère of heads and a handful by one seat is fine.
    let ok = set(m(4, "heads", 1), "handfuls", json!([{"seat": 0, "size": "simple"}]));
    assert!(with(ok, on).is_ok());
}
