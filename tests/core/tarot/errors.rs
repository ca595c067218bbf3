//! Every RecordError variant: its exact sentence, code and arguments.

use super::common::*;
use chelem::tarot::{score_json, score_value, RecordError, ScoringRules};
use serde_json::{json, Value};

fn misere_rules() -> ScoringRules {
    ScoringRules {
        misere: true,
        ..Default::default()
    }
}

fn chelem(made_by: &str) -> Value {
    json!({"announced": false, "made_by": made_by})
}

/// (record, rules, code, exact message)
fn cases() -> Vec<(Value, ScoringRules, &'static str, &'static str)> {
    let fft = ScoringRules::default();
    let mis = misere_rules();
    let g = |o: u8, p: f64| four("garde", o, p);
    vec![
        (set(g(2, 50.0), "players", json!(7)), fft, "players-count",
         "a table has 3, 4, 5 or 6 players, not 7"),
        (set(g(2, 50.0), "taker", json!(4)), fft, "taker-seat",
         "taker seat 4 is not at the table: seats go from 0 to 3"),
        (set(g(2, 50.0), "taker", json!(-1)), fft, "taker-seat",
         "taker seat -1 is not at the table: seats go from 0 to 3"),
        (set(g(2, 50.0), "partner", json!(1)), fft, "partner-not-five",
         "partner is only for 5 players"),
        // Not "partner seat 9 is not at the table": no partner at all at 4.
        (set(g(2, 50.0), "partner", json!(9)), fft, "partner-not-five",
         "partner is only for 5 players"),
        (set(set(g(2, 50.0), "partner", json!(5)), "players", json!(5)), fft, "partner-seat",
         "partner seat 5 is not at the table: seats go from 0 to 4"),
        (set(set(g(2, 50.0), "partner", json!([1, 6])), "players", json!(6)), fft, "partner-seat",
         "partner seat 6 is not at the table: seats go from 0 to 5"),
        // A list at 3 and 4: no partner at all there.
        (set(g(2, 50.0), "partner", json!([1])), fft, "partner-not-five",
         "partner is only for 5 players"),
        (set(set(g(2, 50.0), "partner", json!([1])), "players", json!(5)), fft, "partner-list-not-six",
         "a list of partners is only for 6 players: at 5 players partner is one seat or null"),
        (set(set(g(2, 50.0), "partner", json!(1)), "players", json!(6)), fft, "partner-not-list",
         "at 6 players partner is a list of seats (the holders of the called king and queen), or null"),
        (set(set(g(2, 50.0), "partner", json!([1, 2, 3])), "players", json!(6)), fft, "too-many-partners",
         "at 6 players the taker has 2 partners at most, not 3"),
        (set(set(g(2, 50.0), "partner", json!([0, 2])), "players", json!(6)), fft, "partner-is-taker",
         "the taker (seat 0) can't be in the list of partners: a called card in the taker's hand gives no partner"),
        (set(set(g(2, 50.0), "partner", json!([4, 4])), "players", json!(6)), fft, "partner-twice",
         "partner seat 4 is listed twice"),
        (g(2, 91.5), fft, "points-range", "points must be between 0 and 91"),
        (g(2, -0.5), fft, "points-range", "points must be between 0 and 91"),
        (g(2, 43.2), fft, "points-not-half", "points must be a multiple of 0.5, not 43.2"),
        (g(4, 50.0), fft, "oudlers-range", "oudlers must be between 0 and 3, not 4"),
        (g(-1i8 as u8, 50.0), fft, "oudlers-range", "oudlers must be between 0 and 3, not 255"),
        (four("petite", 2, 50.0), ScoringRules { no_petite: true, ..fft }, "petite-refused",
         "a petite is not allowed in this tournament: garde is the lowest contract"),
        (set(g(2, 50.0), "miseres", json!([{"seat": 1, "kind": "heads"}])), fft, "misere-disabled",
         "misère is not played in this tournament"),
        (set(g(2, 50.0), "miseres", json!([{"seat": 4, "kind": "heads"}])), mis, "misere-seat",
         "misère seat 4 is not at the table: seats go from 0 to 3"),
        (set(g(2, 50.0), "miseres", json!([{"seat": 1, "kind": "trumps"}, {"seat": 1, "kind": "trumps"}])),
         mis, "misere-twice", "seat 1 declared the same misère (trumps) twice"),
        (set(set(g(2, 50.0), "miseres", json!([{"seat": 1, "kind": "trumps"}])), "handfuls",
             json!([{"seat": 1, "size": "simple"}])),
         mis, "misere-trumps-with-handful",
         "seat 1 can't show a handful of trumps after declaring a misère without trumps"),
        (set(g(2, 50.0), "miseres", json!([0, 1, 2, 3].map(|s| json!({"seat": s, "kind": "trumps"})))),
         mis, "too-many-miseres-trumps",
         "4 players without trumps is impossible: the other hands and the dog can't hold the 21 trumps and the excuse"),
        (set(g(2, 50.0), "miseres", json!([0, 1, 2, 3].map(|s| json!({"seat": s, "kind": "heads"})))),
         mis, "too-many-miseres-heads",
         "4 players without face cards is impossible: the other hands and the dog can't hold the 16 face cards"),
        (set(g(2, 50.0), "handfuls", json!([{"seat": 7, "size": "simple"}])), fft, "handful-seat",
         "handful seat 7 is not at the table: seats go from 0 to 3"),
        (set(g(2, 50.0), "handfuls", json!([{"seat": 2, "size": "simple"}, {"seat": 2, "size": "double"}])),
         fft, "handful-twice", "seat 2 showed two handfuls, but a player shows one at most"),
        (set(g(2, 50.0), "handfuls", json!([{"seat": 1, "size": "simple"}, {"seat": 2, "size": "double"}])),
         fft, "handfuls-too-many-trumps",
         "these handfuls need 23 trumps, more than the 21 trumps and the excuse of the deck"),
        (set(g(0, 50.0), "petit_au_bout", json!("attack")), fft, "petit-au-bout-attack-no-oudler",
         "petit au bout for the attack needs the petit, but the attack has no oudler"),
        (set(g(3, 50.0), "petit_au_bout", json!("defence")), fft, "petit-au-bout-defence-all-oudlers",
         "petit au bout for the defence is impossible: the attack has all three oudlers, the petit among them"),
        (set(set(g(1, 5.0), "petit_au_bout", json!("attack")), "chelem", chelem("defence")), fft,
         "petit-au-bout-attack-defence-chelem",
         "petit au bout for the attack is impossible when the defence took every trick"),
        (set(set(g(2, 87.0), "petit_au_bout", json!("defence")), "chelem", chelem("attack")), fft,
         "petit-au-bout-defence-attack-chelem",
         "petit au bout for the defence is impossible when the attack took every trick"),
        (set(g(1, 83.0), "chelem", chelem("attack")), fft, "chelem-attack-oudlers",
         "the attack took every trick, so it won the petit and the monde: at least 2 oudlers, not 1"),
        (set(g(2, 10.0), "chelem", chelem("defence")), fft, "chelem-defence-oudlers",
         "the defence took every trick, so the attack can only have kept the excuse: at most 1 oudler, not 2"),
        (set(g(2, 40.0), "chelem", chelem("attack")), fft, "chelem-attack-lost",
         "the attack took every trick, so it can't have failed its contract"),
        (set(four("garde_sans", 3, 40.0), "chelem", chelem("defence")), fft, "chelem-defence-won",
         "the defence took every trick, so the attack can't have made its contract"),
        (g(2, 87.5), fft, "points-above-oudlers",
         "with 2 oudlers the attack can't have more than 87 points: each oudler it lacks is worth 4.5 to the defence (at least 4, as the excuse may owe a half-point card)"),
        (g(3, 11.5), fft, "points-below-oudlers",
         "with 3 oudlers the attack has at least 12 points: each oudler is worth 4.5 (at least 4, as the excuse may owe a half-point card)"),
        (g(3, 90.0), fft, "points-above-no-chelem",
         "without a chelem the defence won at least one trick, so with 3 oudlers the attack can't have more than 89.5 points"),
        (four("garde_contre", 3, 87.0), fft, "points-above-garde-contre",
         "in a garde contre the dog counts for the defence, so with 3 oudlers the attack can't have more than 86.5 points"),
        (four("garde_contre", 0, 1.5), fft, "points-below-no-chelem",
         "without a chelem the attack won at least one trick, so with 0 oudlers it has at least 2 points"),
        (g(0, 4.5), fft, "points-below-no-chelem-ecart",
         "without a chelem the attack won at least one trick and counts the écart or the dog too, so with 0 oudlers it has at least 5 points"),
        (set(g(0, 2.5), "chelem", chelem("defence")), fft, "points-below-ecart",
         "the attack keeps the écart or the dog even when the defence takes every trick, so with 0 oudlers it has at least 3 points"),
        (set(g(2, 86.0), "chelem", chelem("attack")), fft, "chelem-attack-points",
         "the attack took every trick with 2 oudlers, so it has exactly 87 points"),
        (set(four("garde_contre", 3, 65.5), "chelem", chelem("attack")), fft, "chelem-attack-points-below",
         "the attack took every trick and the defence has only the dog and the excuse, so with 3 oudlers the attack has at least 66 points"),
        (set(g(0, 19.5), "chelem", chelem("defence")), fft, "chelem-defence-points-above",
         "the defence took every trick, so with 0 oudlers the attack can't have more than 19 points"),
        (four("gard", 2, 50.0), fft, "unknown-contract",
         "unknown contract \"gard\": expected petite, garde, garde_sans or garde_contre"),
        (set(g(2, 50.0), "handfuls", json!([{"seat": 1, "size": "big"}])), fft, "unknown-handful-size",
         "unknown handful size \"big\": expected simple, double or triple"),
        (set(g(2, 50.0), "petit_au_bout", json!("both")), fft, "unknown-camp",
         "unknown camp \"both\" for petit_au_bout: expected attack or defence"),
        (set(g(2, 50.0), "chelem", json!({"made_by": "taker"})), fft, "unknown-camp",
         "unknown camp \"taker\" for chelem.made_by: expected attack or defence"),
        (set(g(2, 50.0), "miseres", json!([{"seat": 1, "kind": "poor"}])), mis, "unknown-misere-kind",
         "unknown misère kind \"poor\": expected trumps or heads"),
        (json!({"players": 4, "taker": 0, "contract": "garde", "oudlers": 2}), fft, "missing-field",
         "the record has no points"),
        (set(g(2, 50.0), "handfuls", json!([{"seat": 1}])), fft, "missing-field",
         "the record has no handfuls[0].size"),
        (set(g(2, 50.0), "points", json!("50")), fft, "wrong-type", "points must be a number"),
        (set(g(2, 50.0), "players", json!(4.5)), fft, "wrong-type", "players must be an integer"),
        (set(g(2, 50.0), "partner", json!("1")), fft, "wrong-type", "partner must be an integer or null"),
        (set(set(g(2, 50.0), "partner", json!([1, "2"])), "players", json!(6)), fft, "wrong-type",
         "partner must be a list of integers or null"),
        (set(set(g(2, 50.0), "partner", json!([1])), "players", json!(3)), fft, "partner-not-five",
         "partner is only for 5 players"),
        (set(g(2, 50.0), "contract", json!(2)), fft, "wrong-type", "contract must be a string"),
        (set(g(2, 50.0), "handfuls", json!({"seat": 1})), fft, "wrong-type", "handfuls must be a list or null"),
        (set(g(2, 50.0), "handfuls", json!([3])), fft, "wrong-type", "handfuls[0] must be an object"),
        (set(g(2, 50.0), "handfuls", json!([{"seat": "1", "size": "simple"}])), fft, "wrong-type",
         "handfuls[0].seat must be an integer"),
        (set(g(2, 50.0), "chelem", json!(true)), fft, "wrong-type", "chelem must be an object or null"),
        (set(g(2, 50.0), "chelem", json!({"announced": "yes"})), fft, "wrong-type",
         "chelem.announced must be true, false or null"),
        (set(g(2, 50.0), "petit_au_bout", json!(true)), fft, "wrong-type",
         "petit_au_bout must be a string or null"),
        (json!([1, 2]), fft, "not-an-object", "a record must be a JSON object"),
        (json!("garde"), fft, "not-an-object", "a record must be a JSON object"),
    ]
}

#[test]
fn every_variant_message_and_code() {
    for (record, rules, code, message) in cases() {
        let err = score_value(&record, &rules).expect_err(&record.to_string());
        assert_eq!(err.to_string(), message, "{record}");
        assert_eq!(err.code(), code, "{record}");
        // The same through the text path the CLI uses.
        let text = serde_json::to_vec(&record).unwrap();
        let err2 = score_json(&text, &rules).unwrap().expect_err(&record.to_string());
        assert_eq!(err2, err);
    }
}

#[test]
fn every_variant_is_covered() {
    let covered: std::collections::BTreeSet<&str> = cases().iter().map(|c| c.2).collect();
    // Malformed is only reachable through the text path (see below).
    assert_eq!(covered.len() + 1, 48, "{covered:?}");
}

#[test]
fn malformed_fallback() {
    let text = br#"{"players": 4, "players": 4, "taker": 0, "contract": "garde", "oudlers": 2, "points": 50}"#;
    let err = score_json(text, &ScoringRules::default()).unwrap().unwrap_err();
    assert_eq!(err.code(), "malformed");
    assert!(
        err.to_string()
            .starts_with("the record is malformed: duplicate field `players`"),
        "{err}"
    );
}

#[test]
fn not_json_is_outer_error() {
    assert!(score_json(b"{\"players\": 4", &ScoringRules::default()).is_err());
    assert!(score_json(b"nope", &ScoringRules::default()).is_err());
    assert!(score_json(b"{} {}", &ScoringRules::default()).is_err());
}

#[test]
fn args_name_the_variable_parts() {
    let err = fft(four("garde", 2, 87.5)).unwrap_err();
    assert_eq!(
        err.args(),
        vec![("oudlers", "2".to_string()), ("max", "87".to_string())]
    );
    let err = fft(four("gard", 2, 50.0)).unwrap_err();
    assert_eq!(err.args(), vec![("value", "gard".to_string())]);
    assert!(RecordError::PointsRange.args().is_empty());
    // Every arg named in the English sentence appears in it.
    for (record, rules, _, message) in cases() {
        let err = score_value(&record, &rules).unwrap_err();
        for (_, value) in err.args() {
            assert!(message.contains(&value), "{message} lacks {value}");
        }
    }
}

#[test]
fn codes_are_kebab_case_and_unique_per_variant() {
    for (_, _, code, _) in cases() {
        assert!(code.chars().all(|c| c.is_ascii_lowercase() || c == '-'), "{code}");
    }
}

#[test]
fn one_oudler_is_singular() {
    assert_eq!(
        error(four("garde", 1, 83.5)),
        "with 1 oudler the attack can't have more than 83 points: each oudler it lacks is worth 4.5 to the defence (at least 4, as the excuse may owe a half-point card)"
    );
}
