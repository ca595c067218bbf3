//! Property tests: zero-sum scores, monotonicity in points, card notation,
//! and agreement between `cli_score::run` and the library.

use chelem::cli_score;
use chelem::tarot::{possible_points, score_value, Camp, Card, Contract, ErrorOutput, ScoringRules};
use proptest::prelude::*;
use serde_json::{json, Value};

const CONTRACTS: [&str; 5] = ["petite", "garde", "garde_sans", "garde_contre", "gard"];
const SIZES: [&str; 4] = ["simple", "double", "triple", "huge"];

fn camp(i: u8) -> Option<Camp> {
    match i % 3 {
        0 => None,
        1 => Some(Camp::Attack),
        _ => Some(Camp::Defence),
    }
}

fn camp_json(c: Option<Camp>) -> Value {
    c.map_or(Value::Null, |c| json!(c.name()))
}

prop_compose! {
    fn arb_rules()(bits in 0u8..32) -> ScoringRules {
        ScoringRules {
            garde_contre_x8: bits & 1 != 0,
            handfuls_20_40_60: bits & 2 != 0,
            no_petite: bits & 4 != 0,
            misere: bits & 8 != 0,
            round_to_10: bits & 16 != 0,
        }
    }
}

prop_compose! {
    /// A record, mostly valid: the points are drawn inside the possible
    /// range most of the time, and a few fields go wrong now and then.
    fn arb_record()(
        players in prop_oneof![20 => 3u8..=6, 1 => 2u8..=7],
        taker_raw in 0u8..6,
        partner_raw in 0u8..7,
        partner2_raw in 0u8..7,
        contract_i in prop_oneof![30 => 0usize..4, 1 => Just(4usize)],
        oudlers in prop_oneof![30 => 0u8..=3, 1 => Just(4u8)],
        pab_i in 0u8..3,
        chelem_i in prop_oneof![8 => Just(0u8), 1 => 1u8..3],
        announced in prop::bool::weighted(0.1),
        handfuls in prop_oneof![
            3 => Just(vec![]),
            2 => prop::collection::vec((0u8..6, prop_oneof![20 => 0usize..3, 1 => Just(3usize)]), 1..3),
        ],
        miseres in prop_oneof![6 => Just(vec![]), 1 => prop::collection::vec((0u8..5, prop::bool::ANY), 1..3)],
        seat_noise in prop::bool::weighted(0.05),
        guided in prop::bool::weighted(0.85),
        frac in 0.0f64..=1.0,
        raw_points in 0u16..=184,
    ) -> Value {
        let pab = camp(pab_i);
        let made_by = camp(chelem_i);
        let taker = taker_raw % players.max(1);
        let partner = (players == 5 && partner_raw < 5).then_some(partner_raw);
        // 6 players: 0, 1 or 2 partners, none the taker (a seat out of the
        // table now and then under seat noise).
        let mut partners: Vec<u8> = Vec::new();
        for p in [partner_raw, partner2_raw] {
            let p = if seat_noise { p } else { p % 6 };
            if players == 6 && p != taker && !partners.contains(&p) && p < 6 + u8::from(seat_noise) {
                partners.push(p);
            }
        }
        let contract = CONTRACTS[contract_i];
        let mut points = f64::from(raw_points) / 2.0;
        if guided && (3..=6).contains(&players) && oudlers <= 3 && contract_i < 4 {
            let c = Contract::from_name(contract).unwrap();
            let with_partner = partner.is_some_and(|p| p != taker) || !partners.is_empty();
            if let Some((lo, hi)) = possible_points(players, with_partner, c, oudlers, pab, made_by) {
                let span = f64::from(hi.get() - lo.get());
                points = (f64::from(lo.get()) + (span * frac).round()) / 2.0;
            }
        }
        let mut v = json!({
            "players": players, "taker": taker, "contract": contract,
            "oudlers": oudlers, "points": points,
            "petit_au_bout": camp_json(pab),
            "chelem": {"announced": announced, "made_by": camp_json(made_by)},
        });
        if let Some(p) = partner {
            v["partner"] = json!(p);
        }
        if players == 6 && (partner_raw % 2 == 0 || !partners.is_empty()) {
            v["partner"] = json!(partners);
        }
        if !handfuls.is_empty() {
            v["handfuls"] = handfuls
                .iter()
                .map(|(s, z)| json!({"seat": if seat_noise { *s } else { s % players.max(1) }, "size": SIZES[*z]}))
                .collect();
        }
        if !miseres.is_empty() {
            v["miseres"] = miseres
                .iter()
                .map(|(s, k)| json!({"seat": if seat_noise { *s } else { s % players.max(1) }, "kind": if *k { "trumps" } else { "heads" }}))
                .collect();
        }
        v
    }
}

fn taker_score(v: &Value, rules: &ScoringRules) -> Option<i64> {
    let out = score_value(v, rules).ok()?;
    Some(out.scores[v["taker"].as_u64().unwrap() as usize])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn valid_scores_sum_to_zero(v in arb_record(), rules in arb_rules()) {
        if let Ok(out) = score_value(&v, &rules) {
            prop_assert_eq!(out.scores.iter().sum::<i64>(), 0);
            prop_assert_eq!(out.scores.len(), v["players"].as_u64().unwrap() as usize);
            prop_assert_eq!(out.breakdown.misere.iter().sum::<i64>(), 0);
            let s = out.breakdown.per_defender;
            let shown = if s < 0 { format!("= \u{2212}{}", -s) } else { format!("= {s}") };
            let ok = out.formula.ends_with(&shown) || out.formula.contains(&format!("{shown} |")) || rules.round_to_10;
            prop_assert!(ok, "{}", out.formula);
        }
    }

    /// RULES.md: each partner +S, each defender −S, the taker
    /// +S × (defenders − partners) — at every table size.
    #[test]
    fn each_partner_wins_what_each_defender_loses(v in arb_record(), rules in arb_rules()) {
        if let Ok(out) = score_value(&v, &rules) {
            prop_assume!(out.breakdown.misere.iter().all(|m| *m == 0));
            let n = out.scores.len() as i64;
            let taker = v["taker"].as_u64().unwrap() as usize;
            let partners: Vec<usize> = match &v["partner"] {
                Value::Array(list) => list.iter().map(|p| p.as_u64().unwrap() as usize).collect(),
                Value::Number(p) if p.as_u64() != Some(taker as u64) => vec![p.as_u64().unwrap() as usize],
                _ => vec![],
            };
            let s = out.breakdown.per_defender;
            for (seat, score) in out.scores.iter().enumerate() {
                let want = if seat == taker {
                    (n - 1 - 2 * partners.len() as i64) * s
                } else if partners.contains(&seat) {
                    s
                } else {
                    -s
                };
                prop_assert_eq!(*score, want, "seat {} of {}", seat, v);
            }
        }
    }

    #[test]
    fn more_points_never_lower_the_takers_score(v in arb_record(), rules in arb_rules(), step in 1u16..40) {
        if let Some(before) = taker_score(&v, &rules) {
            let p = v["points"].as_f64().unwrap();
            for more in [0.5, f64::from(step) / 2.0] {
                let mut w = v.clone();
                w["points"] = json!(p + more);
                if let Some(after) = taker_score(&w, &rules) {
                    prop_assert!(after >= before, "{} → {}: {} then {}", p, p + more, before, after);
                }
            }
        }
    }

    #[test]
    fn card_notation_round_trips(i in 0u8..78) {
        let card = Card::from_index(i).unwrap();
        let text = card.to_string();
        prop_assert_eq!(text.parse::<Card>().unwrap(), card);
        let json = serde_json::to_string(&card).unwrap();
        prop_assert_eq!(&json, &format!("\"{text}\""));
        prop_assert_eq!(serde_json::from_str::<Card>(&json).unwrap(), card);
    }

    #[test]
    fn cli_and_library_agree(records in prop::collection::vec((arb_record(), 0u8..20), 1..30), rules in arb_rules()) {
        let mut input = String::new();
        let mut expected = Vec::new();
        let mut status = 0;
        for (i, (v, noise)) in records.iter().enumerate() {
            match noise {
                0 => {
                    input.push_str("{not json\n");
                    expected.push(format!("line {} is not valid JSON", i + 1));
                    status = 2;
                }
                _ => {
                    input.push_str(&serde_json::to_string(v).unwrap());
                    input.push('\n');
                    expected.push(match score_value(v, &rules) {
                        Ok(out) => serde_json::to_string(&out).unwrap(),
                        Err(e) => {
                            status = status.max(1);
                            serde_json::to_string(&ErrorOutput::from(&e)).unwrap()
                        }
                    });
                }
            }
        }
        let mut out = Vec::new();
        let code = cli_score::run(input.as_bytes(), &mut out, &rules).unwrap();
        prop_assert_eq!(code, status);
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        prop_assert_eq!(lines.len(), expected.len());
        for (line, want) in lines.iter().zip(&expected) {
            if want.starts_with("line ") {
                prop_assert!(line.starts_with(&format!("{{\"error\":\"{want}")), "{}", line);
            } else {
                prop_assert_eq!(line, want);
            }
        }
    }
}

/// Most generated records must be valid, or the properties say little.
#[test]
fn generator_makes_mostly_valid_records() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = arb_record();
    let mut valid = 0;
    for _ in 0..1000 {
        let v = strategy.new_tree(&mut runner).unwrap().current();
        let rules = ScoringRules {
            misere: true,
            ..Default::default()
        };
        if score_value(&v, &rules).is_ok() {
            valid += 1;
        }
    }
    assert!(valid > 450, "only {valid} valid records out of 1000");
}
