//! FFT scoring: RULES.md's worked examples and table-driven cases.

use super::common::*;
use chelem::tarot::{
    score, Camp, Chelem, Contract, DealRecord, HalfPoints, Handful, HandfulSize, Outcome, RecordInput, ScoringRules,
    Seat,
};
use serde_json::{json, Value};

/// RULES.md, "Worked examples (4 players, from the FFT rules)": per-seat
/// scores and formulas, exactly.
#[test]
fn worked_examples() {
    let cases = [
        (
            // 1. Garde, taker's simple handful, petit au bout, 49 with 2 oudlers.
            json!({"players": 4, "taker": 0, "contract": "garde", "oudlers": 2, "points": 49,
                   "handfuls": [{"seat": 0, "size": "simple"}], "petit_au_bout": "attack"}),
            vec![318, -106, -106, -106],
            "(25 + 8 + 10) \u{d7} 2 + 20 = 106",
        ),
        (
            // 2. Garde sans won by 4 (55, 1 oudler), petit au bout by the defence.
            json!({"players": 4, "taker": 0, "contract": "garde_sans", "oudlers": 1, "points": 55,
                   "petit_au_bout": "defence"}),
            vec![228, -76, -76, -76],
            "(25 + 4 \u{2212} 10) \u{d7} 4 = 76",
        ),
        (
            // 3. Prise failed by 7 (44, 1 oudler), taker's simple handful and petit au bout.
            json!({"players": 4, "taker": 0, "contract": "petite", "oudlers": 1, "points": 44,
                   "handfuls": [{"seat": 0, "size": "simple"}], "petit_au_bout": "attack"}),
            vec![-126, 42, 42, 42],
            "(\u{2212}32 + 10) \u{d7} 1 \u{2212} 20 = \u{2212}42",
        ),
        (
            // 4. Garde won by 11 (67, no oudler), a defender's simple handful.
            json!({"players": 4, "taker": 0, "contract": "garde", "oudlers": 0, "points": 67,
                   "handfuls": [{"seat": 2, "size": "simple"}]}),
            vec![276, -92, -92, -92],
            "(25 + 11) \u{d7} 2 + 20 = 92",
        ),
        (
            // 5. Garde, chelem announced and made, simple handful, petit au bout
            //    (penultimate trick), the defence kept the excuse: 87, 2 oudlers.
            json!({"players": 4, "taker": 0, "contract": "garde", "oudlers": 2, "points": 87,
                   "handfuls": [{"seat": 0, "size": "simple"}], "petit_au_bout": "attack",
                   "chelem": {"announced": true, "made_by": "attack"}}),
            vec![1746, -582, -582, -582],
            "(25 + 46 + 10) \u{d7} 2 + 20 + 400 = 582",
        ),
    ];
    for (record, expected, formula) in cases {
        let out = fft(record.clone()).unwrap_or_else(|e| panic!("{record}: {e}"));
        assert_eq!(out.scores, expected, "{record}");
        assert_eq!(out.formula, formula, "{record}");
    }
}

/// The same examples with the taker at another seat: scores follow the seat.
#[test]
fn taker_seat_moves_scores() {
    let out = fft(
        json!({"players": 4, "taker": 2, "contract": "garde", "oudlers": 2, "points": 49,
                   "handfuls": [{"seat": 2, "size": "simple"}], "petit_au_bout": "attack"}),
    )
    .unwrap();
    assert_eq!(out.scores, vec![-106, -106, 318, -106]);
}

#[test]
fn table_sizes() {
    // (record, scores): garde, 2 oudlers, 50 points: S = (25 + 9) × 2 = 68.
    let cases = [
        (
            json!({"players": 3, "taker": 1, "contract": "garde", "oudlers": 2, "points": 50}),
            vec![-68, 136, -68],
        ),
        (
            json!({"players": 4, "taker": 3, "contract": "garde", "oudlers": 2, "points": 50}),
            vec![-68, -68, -68, 204],
        ),
        // 5 players with a partner: taker +2S, partner +S.
        (
            json!({"players": 5, "taker": 0, "partner": 3, "contract": "garde", "oudlers": 2, "points": 50}),
            vec![136, -68, -68, 68, -68],
        ),
        // Alone: partner null, absent, or equal to the taker: +4S.
        (
            json!({"players": 5, "taker": 1, "partner": null, "contract": "garde", "oudlers": 2, "points": 50}),
            vec![-68, 272, -68, -68, -68],
        ),
        (
            json!({"players": 5, "taker": 1, "contract": "garde", "oudlers": 2, "points": 50}),
            vec![-68, 272, -68, -68, -68],
        ),
        (
            json!({"players": 5, "taker": 1, "partner": 1, "contract": "garde", "oudlers": 2, "points": 50}),
            vec![-68, 272, -68, -68, -68],
        ),
        // Lost at 5 with a partner: S = −(25 + 11) × 2 = −72.
        (
            json!({"players": 5, "taker": 4, "partner": 0, "contract": "garde", "oudlers": 2, "points": 30}),
            vec![-72, 72, 72, 72, -144],
        ),
    ];
    for (record, expected) in cases {
        assert_eq!(scores(record.clone()), expected, "{record}");
    }
}

/// RULES.md's six-player rows: each partner +S, each defender −S, the taker
/// +S × (defenders − partners): +S with two partners, +3S with one, +5S alone.
#[test]
fn six_players_table() {
    // Garde, 2 oudlers, 50 points: S = (25 + 9) × 2 = 68.
    let six = |taker: u8, partner: Value| json!({"players": 6, "taker": taker, "partner": partner, "contract": "garde", "oudlers": 2, "points": 50});
    let cases = [
        (six(0, json!([2, 4])), vec![68, -68, 68, -68, 68, -68]),
        (six(3, json!([5, 1])), vec![-68, 68, -68, 68, -68, 68]),
        (six(5, json!([0])), vec![68, -68, -68, -68, -68, 204]),
        (six(1, json!([])), vec![-68, 340, -68, -68, -68, -68]),
        (six(1, json!(null)), vec![-68, 340, -68, -68, -68, -68]),
        (
            json!({"players": 6, "taker": 2, "contract": "garde", "oudlers": 2, "points": 50}),
            vec![-68, -68, 340, -68, -68, -68],
        ),
    ];
    for (record, expected) in cases {
        assert_eq!(scores(record.clone()), expected, "{record}");
    }
    // Lost with one partner: S = −(25 + 11) × 2 = −72; the attack pays.
    let lost = set(six(4, json!([0])), "points", json!(30));
    assert_eq!(scores(lost), vec![-72, 72, 72, 72, -216, 72]);
    // A simple handful at 6 is 7 trumps: 20, to the winning camp; a double
    // and a triple together need 9 + 11 = 20 trumps (allowed), three
    // triples 33 (refused).
    let handful = set(
        six(0, json!([1])),
        "handfuls",
        json!([{"seat": 3, "size": "double"}, {"seat": 4, "size": "triple"}]),
    );
    let out = fft(handful).unwrap();
    assert_eq!(out.breakdown.handful, 70);
    assert_eq!(out.scores, vec![3 * 138, 138, -138, -138, -138, -138]);
    let too_many = set(
        six(0, json!([1])),
        "handfuls",
        json!([0, 2, 3].map(|s| json!({"seat": s, "size": "triple"}))),
    );
    assert_eq!(
        error(too_many),
        "these handfuls need 33 trumps, more than the 21 trumps and the excuse of the deck"
    );
}

/// FORMATS.md's input example: 5 players, garde, 43.5 with 2 oudlers, a
/// defender's simple handful, petit au bout by the attack:
/// (25 + 3 + 10) × 2 + 20 = 96. (FORMATS.md's sample output line only
/// illustrates the shape.)
#[test]
fn formats_example_record() {
    let out = fft(json!({"players": 5, "taker": 0, "partner": 3, "contract": "garde",
        "oudlers": 2, "points": 43.5, "handfuls": [{"seat": 1, "size": "simple"}],
        "petit_au_bout": "attack", "chelem": {"announced": false, "made_by": null}}))
    .unwrap();
    assert!(out.won);
    assert_eq!(out.target, 41);
    assert_eq!(out.margin, 3);
    assert_eq!(out.scores, vec![192, -96, -96, 96, -96]);
    assert_eq!(out.formula, "(25 + 3 + 10) \u{d7} 2 + 20 = 96");
}

#[test]
fn every_contract_won_and_lost() {
    // 2 oudlers; 45 points: made by 4 (29 × M); 38 points: failed by 3 (−28 × M).
    let cases = [
        ("petite", 45.0, 29, "(25 + 4) \u{d7} 1 = 29"),
        ("petite", 38.0, -28, "\u{2212}28 \u{d7} 1 = \u{2212}28"),
        ("garde", 45.0, 58, "(25 + 4) \u{d7} 2 = 58"),
        ("garde", 38.0, -56, "\u{2212}28 \u{d7} 2 = \u{2212}56"),
        ("garde_sans", 45.0, 116, "(25 + 4) \u{d7} 4 = 116"),
        ("garde_sans", 38.0, -112, "\u{2212}28 \u{d7} 4 = \u{2212}112"),
        ("garde_contre", 45.0, 174, "(25 + 4) \u{d7} 6 = 174"),
        ("garde_contre", 38.0, -168, "\u{2212}28 \u{d7} 6 = \u{2212}168"),
    ];
    for (contract, points, s, formula) in cases {
        let out = fft(four(contract, 2, points)).unwrap();
        assert_eq!(out.scores, vec![3 * s, -s, -s, -s], "{contract} {points}");
        assert_eq!(out.breakdown.per_defender, s);
        assert_eq!(out.formula, formula);
        assert_eq!(out.won, s > 0);
    }
}

#[test]
fn half_points_and_target() {
    // (oudlers, points, won, margin, S at petite)
    let cases = [
        (2, 40.5, false, 1, -26),
        (2, 41.5, true, 1, 26),
        (2, 41.0, true, 0, 25),
        (0, 56.0, true, 0, 25),
        (0, 55.5, false, 1, -26),
        (1, 51.0, true, 0, 25),
        (1, 50.5, false, 1, -26),
        (3, 36.0, true, 0, 25),
        (3, 35.5, false, 1, -26),
        (3, 36.5, true, 1, 26),
    ];
    for (oudlers, points, won, margin, s) in cases {
        let out = fft(four("petite", oudlers, points)).unwrap();
        assert_eq!(out.won, won, "{oudlers} {points}");
        assert_eq!(out.margin, margin, "{oudlers} {points}");
        assert_eq!(out.scores[1], -s, "{oudlers} {points}");
        assert_eq!(out.target, [56, 51, 41, 36][oudlers as usize]);
    }
    // 3 and 5 players, where half points are common.
    let out = fft(json!({"players": 3, "taker": 0, "contract": "petite", "oudlers": 2, "points": 40.5})).unwrap();
    assert_eq!((out.won, out.margin, out.scores.clone()), (false, 1, vec![-52, 26, 26]));
    let out = fft(json!({"players": 5, "taker": 0, "partner": 2, "contract": "petite", "oudlers": 2, "points": 41.5}))
        .unwrap();
    assert_eq!(
        (out.won, out.margin, out.scores.clone()),
        (true, 1, vec![52, -26, 26, -26, -26])
    );
}

#[test]
fn outcome_and_library_score() {
    let record = DealRecord::new(
        RecordInput {
            players: 4,
            taker: 0,
            partners: vec![],
            contract: Contract::Garde,
            oudlers: 2,
            points: HalfPoints(98),
            handfuls: vec![Handful {
                seat: Seat(0),
                size: HandfulSize::Simple,
            }],
            petit_au_bout: Some(Camp::Attack),
            chelem: Chelem::default(),
            miseres: vec![],
        },
        &ScoringRules::default(),
    )
    .unwrap();
    let s = score(&record);
    assert_eq!(s.outcome(), Outcome::Made { margin: 8 });
    assert_eq!(
        (s.base, s.petit_au_bout, s.multiplier, s.handful, s.chelem),
        (33, 10, 2, 20, 0)
    );
    assert_eq!(s.per_defender, 106);
    assert_eq!(s.scores, vec![318, -106, -106, -106]);
    let lost = fft(four("garde", 1, 44.0)).unwrap();
    assert!(!lost.won);
    assert_eq!(lost.margin, 7);
}

#[test]
fn petit_au_bout_either_camp_either_result() {
    // garde, 2 oudlers: 50 made by 9, 30 failed by 11.
    let cases = [
        (50.0, "attack", 88, "(25 + 9 + 10) \u{d7} 2 = 88"),
        (50.0, "defence", 48, "(25 + 9 \u{2212} 10) \u{d7} 2 = 48"),
        (30.0, "attack", -52, "(\u{2212}36 + 10) \u{d7} 2 = \u{2212}52"),
        (30.0, "defence", -92, "(\u{2212}36 \u{2212} 10) \u{d7} 2 = \u{2212}92"),
    ];
    for (points, camp, s, formula) in cases {
        let out = fft(set(four("garde", 2, points), "petit_au_bout", json!(camp))).unwrap();
        assert_eq!(out.scores, vec![3 * s, -s, -s, -s], "{points} {camp}");
        assert_eq!(out.formula, formula);
        assert_eq!(out.breakdown.petit_au_bout, if camp == "attack" { 10 } else { -10 });
    }
    // null is no petit au bout.
    let out = fft(set(four("garde", 2, 50.0), "petit_au_bout", json!(null))).unwrap();
    assert_eq!(out.breakdown.per_defender, 68);
}

#[test]
fn handfuls_go_to_the_winning_camp() {
    // petite, 2 oudlers: 50 made (S = 34), 30 failed (S = −36).
    let cases = [
        (50.0, 0, "simple", 54),
        (50.0, 1, "simple", 54),
        (50.0, 0, "double", 64),
        (50.0, 3, "triple", 74),
        (30.0, 0, "simple", -56),
        (30.0, 2, "simple", -56),
        (30.0, 2, "double", -66),
        (30.0, 0, "triple", -76),
    ];
    for (points, seat, size, s) in cases {
        let record = set(
            four("petite", 2, points),
            "handfuls",
            json!([{"seat": seat, "size": size}]),
        );
        assert_eq!(scores(record), vec![3 * s, -s, -s, -s], "{points} {seat} {size}");
    }
    // Two handfuls add up: simple (10) + simple (10) at 4 players.
    let record = set(
        four("garde", 2, 50.0),
        "handfuls",
        json!([{"seat": 0, "size": "simple"}, {"seat": 1, "size": "simple"}]),
    );
    assert_eq!(fft(record).unwrap().breakdown.handful, 40);
    // Empty list and null are no handful.
    assert_eq!(scores(set(four("petite", 2, 50.0), "handfuls", json!([])))[1], -34);
    assert_eq!(scores(set(four("petite", 2, 50.0), "handfuls", json!(null)))[1], -34);
}

#[test]
fn chelem_cases() {
    let chelem = |announced: bool, made_by: serde_json::Value| json!({"announced": announced, "made_by": made_by});
    // (record, S, C)
    let cases = [
        // Announced and made: 91 with 3 oudlers, made by 55: (25 + 55) × 2 + 400.
        (
            set(four("garde", 3, 91.0), "chelem", chelem(true, json!("attack"))),
            560,
            400,
        ),
        // Made without announcement.
        (
            set(four("garde", 3, 91.0), "chelem", chelem(false, json!("attack"))),
            360,
            200,
        ),
        // Defence kept the excuse: 87 with 2 oudlers.
        (
            set(four("garde", 2, 87.0), "chelem", chelem(false, json!("attack"))),
            342,
            200,
        ),
        // Announced, not made, contract made: (25 + 9) × 2 − 200.
        (
            set(four("garde", 2, 50.0), "chelem", chelem(true, json!(null))),
            -132,
            -200,
        ),
        // Announced, not made, contract failed: −36 × 2 − 200.
        (
            set(four("garde", 2, 30.0), "chelem", chelem(true, json!(null))),
            -272,
            -200,
        ),
        // The defence took every trick: 5 points (the écart), no oudler: −76 × 2 − 200.
        (
            set(four("garde", 0, 5.0), "chelem", chelem(false, json!("defence"))),
            -352,
            -200,
        ),
        // ... after the taker announced a chelem: −200 more.
        (
            set(four("garde", 0, 5.0), "chelem", chelem(true, json!("defence"))),
            -552,
            -400,
        ),
        // Neither: chelem object with nothing.
        (set(four("garde", 2, 50.0), "chelem", chelem(false, json!(null))), 68, 0),
    ];
    for (record, s, c) in cases {
        let out = fft(record.clone()).unwrap_or_else(|e| panic!("{record}: {e}"));
        assert_eq!(out.scores, vec![3 * s, -s, -s, -s], "{record}");
        assert_eq!(out.breakdown.chelem, c, "{record}");
    }
    let out = fft(set(four("garde", 0, 5.0), "chelem", chelem(true, json!("defence")))).unwrap();
    assert_eq!(out.formula, "\u{2212}76 \u{d7} 2 \u{2212} 400 = \u{2212}552");
    // Announced only: the "announced" key alone is enough; made_by absent.
    let out = fft(set(four("garde", 2, 50.0), "chelem", json!({"announced": true}))).unwrap();
    assert_eq!(out.breakdown.chelem, -200);
}

#[test]
fn variant_garde_contre_x8() {
    let on = ScoringRules {
        garde_contre_x8: true,
        ..Default::default()
    };
    assert_eq!(
        with(four("garde_contre", 2, 45.0), on).unwrap().scores,
        vec![696, -232, -232, -232]
    );
    assert_eq!(with(four("garde_contre", 2, 38.0), on).unwrap().breakdown.multiplier, 8);
    assert_eq!(fft(four("garde_contre", 2, 45.0)).unwrap().breakdown.multiplier, 6);
    // Other contracts unchanged.
    assert_eq!(
        with(four("garde_sans", 2, 45.0), on).unwrap().breakdown.per_defender,
        116
    );
}

#[test]
fn variant_handfuls_20_40_60() {
    let on = ScoringRules {
        handfuls_20_40_60: true,
        ..Default::default()
    };
    for (size, fft_bonus, variant_bonus) in [("simple", 20, 20), ("double", 30, 40), ("triple", 40, 60)] {
        let record = set(four("petite", 2, 50.0), "handfuls", json!([{"seat": 1, "size": size}]));
        assert_eq!(fft(record.clone()).unwrap().breakdown.handful, fft_bonus);
        assert_eq!(with(record, on).unwrap().breakdown.handful, variant_bonus);
    }
}

#[test]
fn variant_no_petite() {
    let on = ScoringRules {
        no_petite: true,
        ..Default::default()
    };
    assert_eq!(
        error_with(four("petite", 2, 50.0), on),
        "a petite is not allowed in this tournament: garde is the lowest contract"
    );
    assert!(with(four("garde", 2, 50.0), on).is_ok());
    assert!(fft(four("petite", 2, 50.0)).is_ok());
}

#[test]
fn variant_misere() {
    let on = ScoringRules {
        misere: true,
        ..Default::default()
    };
    // S = 68; seat 2's misère: +30 to seat 2, −10 to each other.
    let record = set(
        four("garde", 2, 50.0),
        "miseres",
        json!([{"seat": 2, "kind": "trumps"}]),
    );
    let out = with(record.clone(), on).unwrap();
    assert_eq!(out.scores, vec![194, -78, -38, -78]);
    assert_eq!(out.breakdown.misere, vec![-10, -10, 30, -10]);
    assert_eq!(
        out.formula,
        "(25 + 9) \u{d7} 2 = 68 | mis\u{e8}re \u{2212}10 \u{2212}10 +30 \u{2212}10"
    );
    // Independent of the result: same adjustments on a lost deal.
    let lost = set(four("garde", 2, 30.0), "miseres", json!([{"seat": 2, "kind": "heads"}]));
    assert_eq!(
        with(lost, on).unwrap().scores,
        vec![-216 - 10, 72 - 10, 72 + 30, 72 - 10]
    );
    // Two misères (both kinds, one seat; and another seat), 5 players with partner.
    let five = json!({"players": 5, "taker": 0, "partner": 1, "contract": "garde", "oudlers": 2, "points": 50,
        "miseres": [{"seat": 3, "kind": "trumps"}, {"seat": 3, "kind": "heads"}, {"seat": 0, "kind": "heads"}]});
    let out = with(five, on).unwrap();
    assert_eq!(out.breakdown.misere, vec![40 - 20, -30, -30, 80 - 10, -30]);
    assert_eq!(out.scores, vec![136 + 20, 68 - 30, -68 - 30, -68 + 70, -68 - 30]);
    // Off (FFT): refused.
    assert_eq!(error(record), "misère is not played in this tournament");
    // Off, an empty list is fine.
    assert!(fft(set(four("garde", 2, 50.0), "miseres", json!([]))).is_ok());
}

#[test]
fn variant_round_to_10() {
    let on = ScoringRules {
        round_to_10: true,
        ..Default::default()
    };
    // (record, exact S, rounded S)
    let cases = [
        (four("garde", 2, 50.0), 68, 70),
        (four("garde", 2, 47.0), 62, 60),
        (four("petite", 2, 61.0), 45, 50), // half away from zero
        (four("petite", 1, 31.0), -45, -50),
        (four("petite", 1, 32.0), -44, -40),
        (four("petite", 2, 46.0), 30, 30),
    ];
    for (record, exact, rounded) in cases {
        let out = with(record.clone(), on).unwrap();
        assert_eq!(out.breakdown.per_defender, rounded, "{record}");
        assert_eq!(out.breakdown.per_defender_exact, Some(exact), "{record}");
        assert_eq!(out.scores, vec![3 * rounded, -rounded, -rounded, -rounded]);
        assert_eq!(fft(record).unwrap().breakdown.per_defender, exact);
    }
    let out = with(four("garde", 2, 50.0), on).unwrap();
    assert_eq!(out.formula, "(25 + 9) \u{d7} 2 = 68 \u{2192} 70");
    // 5 players with partner: the attack balances.
    let five = json!({"players": 5, "taker": 0, "partner": 4, "contract": "petite", "oudlers": 2, "points": 61});
    assert_eq!(with(five, on).unwrap().scores, vec![100, -50, -50, -50, 50]);
    // FFT output has no per_defender_exact field.
    let text = serde_json::to_string(&fft(four("garde", 2, 50.0)).unwrap()).unwrap();
    assert!(!text.contains("per_defender_exact"));
}

#[test]
fn output_shape() {
    let out = fft(
        json!({"players": 4, "taker": 0, "contract": "garde", "oudlers": 2, "points": 49,
        "handfuls": [{"seat": 0, "size": "simple"}], "petit_au_bout": "attack"}),
    )
    .unwrap();
    let v = serde_json::to_value(&out).unwrap();
    assert_eq!(
        v,
        json!({
            "won": true, "target": 41, "scores": [318, -106, -106, -106], "margin": 8,
            "contract": "garde",
            "breakdown": {"base": 33, "petit_au_bout": 10, "multiplier": 2, "handful": 20,
                          "chelem": 0, "misere": [0, 0, 0, 0], "per_defender": 106},
            "formula": "(25 + 8 + 10) \u{d7} 2 + 20 = 106"
        })
    );
    // FORMATS.md's three fields come first on the line.
    let line = serde_json::to_string(&out).unwrap();
    assert!(line.starts_with(r#"{"won":true,"target":41,"scores":[318,-106,-106,-106],"#));
}
