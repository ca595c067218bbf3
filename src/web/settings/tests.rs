//! The form and a JSON body read into the same settings; a settings change
//! told on the audit page from either kind of audit entry.

use serde_json::json;

use super::*;
use crate::i18n::Lang;
use crate::tarot::ScoringRules;
use crate::tournament::duplicate::Comparison;
use crate::tournament::ids::RoundNo;
use crate::tournament::standings::{Ranking, TieBreaker};
use crate::tournament::table::Table5Mode;

/// Every setting away from its default, as the form sends it.
fn full_form() -> TournamentForm {
    let on = || Some("on".to_owned());
    TournamentForm {
        name: "  Open   de Dijon ".into(),
        date: "2026-11-28".into(),
        rounds: "6".into(),
        deals_table4: "5".into(),
        deals_table5: "6".into(),
        deals_table3: "2".into(),
        table5_mode: "called_king".into(),
        tie_breaker: "taker_wins".into(),
        ranking: "per_deal".into(),
        round_minutes: "1,5".into(),
        extra_fives: "1".into(),
        swiss_from_round: "3".into(),
        seed: "4242".into(),
        garde_contre_x8: on(),
        handfuls_20_40_60: on(),
        no_petite: on(),
        misere: on(),
        round_to_10: on(),
        confirm_deals: on(),
        format: "duplicate".into(),
        deals_per_round: String::new(),
        comparison: "datum".into(),
        fill_with_bots: on(),
        place: " Salle des fêtes,  Dijon ".into(),
        host_club: "Tarot Club Dijonnais".into(),
        organizer_name: "Odile Martin".into(),
        teams: "4".into(),
        club: String::new(),
    }
}

/// The same as a script sends it: numbers as numbers, switches as `true`
/// (the rule switches under `rules`).
fn full_json() -> Value {
    json!({
        "name": "  Open   de Dijon ", "date": "2026-11-28", "rounds": 6,
        "deals_table4": 5, "deals_table5": 6, "deals_table3": 2,
        "table5_mode": "called_king", "tie_breaker": "taker_wins", "ranking": "per_deal",
        "round_minutes": 1.5, "extra_fives": 1, "swiss_from_round": 3, "seed": 4242,
        "rules": {"garde_contre_x8": true, "handfuls_20_40_60": true, "no_petite": true,
                  "misere": true, "round_to_10": true},
        "confirm_deals": true, "format": "duplicate", "comparison": "datum", "fill_with_bots": true,
        "place": " Salle des fêtes,  Dijon ", "host_club": "Tarot Club Dijonnais", "organizer_name": "Odile Martin", "teams": 4,
    })
}

#[test]
fn a_json_body_and_the_same_form_read_the_same() {
    let from_form = full_form().read().unwrap();
    let from_body = from_json(&full_json()).unwrap();
    assert_eq!(from_form, from_body);
    let s = from_body.settings;
    let expected = TournamentSettings {
        name: "Open de Dijon".into(),
        event_date: "2026-11-28".into(),
        rounds_planned: 6,
        deals_table3: 2,
        deals_table4: 5,
        deals_table5: 6,
        table5_mode: Table5Mode::CalledKing,
        tie_breaker: TieBreaker::TakerWins,
        rules: ScoringRules {
            garde_contre_x8: true,
            handfuls_20_40_60: true,
            no_petite: true,
            misere: true,
            round_to_10: true,
        },
        extra_fives: 1,
        swiss_from_round: Some(RoundNo::new(3)),
        seed: 4242,
        confirm_deals: true,
        ranking: Ranking::PerDeal,
        round_length: Some(RoundLength::from_seconds(90).unwrap()),
        format: Format::Duplicate,
        comparison: Comparison::Datum,
        fill_with_bots: true,
        place: "Salle des fêtes, Dijon".into(),
        host_club: "Tarot Club Dijonnais".into(),
        organizer_name: "Odile Martin".into(),
        teams: Some(4),
    };
    assert_eq!(s, expected);
    // Read back into the form, the settings read the same again.
    assert_eq!(TournamentForm::from_settings(&s).read().unwrap().settings, s);
    // The switches at the top level of a body, numbers as their text.
    let mut flat = full_json();
    for k in [
        "garde_contre_x8",
        "handfuls_20_40_60",
        "no_petite",
        "misere",
        "round_to_10",
    ] {
        flat[k] = json!(true);
    }
    flat["rules"] = Value::Null;
    flat["rounds"] = json!("6");
    flat["round_minutes"] = json!("1,5");
    assert_eq!(from_json(&flat).unwrap().settings, s);
}

#[test]
fn a_switch_is_on_when_ticked_or_true_only() {
    let mut form = full_form();
    form.misere = Some(String::new());
    form.no_petite = Some("0".into());
    form.round_to_10 = None;
    let rules = form.read().unwrap().settings.rules;
    assert!(!rules.misere && !rules.no_petite && !rules.round_to_10 && rules.garde_contre_x8);
    let mut body = full_json();
    body["rules"] = json!({"misere": "on", "no_petite": 1, "round_to_10": false, "garde_contre_x8": true});
    let rules = from_json(&body).unwrap().settings.rules;
    assert!(!rules.misere && !rules.no_petite && !rules.round_to_10 && rules.garde_contre_x8);
}

#[test]
fn refusals_name_the_field_and_the_value_either_way() {
    let refusal = |body: Value| match from_json(&body) {
        Err(OpError::Invalid(m)) => (m.key.to_string(), m.args),
        other => panic!("{body}: refused, not {other:?}"),
    };
    let arg = |args: &[(&str, String)], k: &str| args.iter().find(|(n, _)| *n == k).map(|(_, v)| v.clone());
    for (body, key, value) in [
        (json!({"name": "X", "rounds": 2.5}), "form-not-a-number", "2.5"),
        (json!({"name": "X", "rounds": true}), "form-not-a-number", "true"),
        (json!({"name": "X", "rounds": "deux"}), "form-not-a-number", "deux"),
        (json!({"name": "X", "rounds": 0}), "form-out-of-range", ""),
        (json!({"name": "X"}), "tournament-rounds-required", ""),
        (
            json!({"name": "X", "rounds": 2, "ranking": 5}),
            "tournament-bad-ranking",
            "5",
        ),
        (
            json!({"name": "X", "rounds": 2, "round_minutes": true}),
            "form-bad-minutes",
            "true",
        ),
        (
            json!({"name": "X", "rounds": 2, "round_minutes": 1441}),
            "form-bad-minutes",
            "1441",
        ),
        (
            json!({"name": "X", "rounds": 2, "date": 2026}),
            "tournament-bad-date",
            "2026",
        ),
    ] {
        let (k, args) = refusal(body.clone());
        assert_eq!(k, key, "{body}");
        if !value.is_empty() {
            assert_eq!(arg(&args, "value").as_deref(), Some(value), "{body}");
        }
    }
    // The place, club and organizer: a name's characters, 120 at most.
    let long = "x".repeat(121);
    let (k, args) = refusal(json!({"name": "X", "rounds": 2, "host_club": long}));
    assert_eq!(k, "text-too-long");
    assert_eq!(arg(&args, "count").as_deref(), Some("121"));
    let (k, _) = refusal(json!({"name": "X", "rounds": 2, "place": "Dijon\u{0007}"}));
    assert_eq!(k, "player-control-char");
    assert!(matches!(from_json(&json!([1])), Err(OpError::Invalid(m)) if m.key == "json-not-object"));
    // Nothing given: the defaults, the seed a random one.
    let read = from_json(&json!({"name": "X", "rounds": 2, "round_minutes": null})).unwrap();
    assert!(!read.seed_given);
    assert_eq!(read.settings.deals_table4, 4);
    assert_eq!(read.settings.round_length, None);
    assert_eq!(read.settings.place, "");
}

#[test]
fn the_audit_page_reads_old_and_new_entries_alike() {
    let mut s = full_form().read().unwrap().settings;
    s.format = Format::Libres;
    s.fill_with_bots = false;
    s.comparison = Comparison::Matchpoints;
    let mut changed = s.clone();
    changed.rounds_planned = 7;
    changed.rules.misere = false;
    changed.round_length = None;
    let new = |s: &TournamentSettings| Some(serde_json::to_string(s).unwrap());
    // As the audit log kept settings before: the form's fields, numbers
    // as text, a switch "on" or null.
    let old = |s: &TournamentSettings| {
        let f = TournamentForm::from_settings(s);
        let old = json!({
            "name": f.name, "date": f.date, "rounds": f.rounds, "deals_table4": f.deals_table4,
            "deals_table5": f.deals_table5, "deals_table3": f.deals_table3, "table5_mode": f.table5_mode,
            "tie_breaker": f.tie_breaker, "ranking": f.ranking, "round_minutes": f.round_minutes,
            "extra_fives": f.extra_fives, "swiss_from_round": f.swiss_from_round, "seed": f.seed,
            "garde_contre_x8": f.garde_contre_x8, "handfuls_20_40_60": f.handfuls_20_40_60,
            "no_petite": f.no_petite, "misere": f.misere, "round_to_10": f.round_to_10,
            "confirm_deals": f.confirm_deals,
        })
        .to_string();
        Some(old)
    };
    let expected = vec![
        "misere\u{a0}: on → —".to_owned(),
        "round_minutes\u{a0}: 1,5 → ".to_owned(),
        "rounds\u{a0}: 6 → 7".to_owned(),
    ];
    let lines = setting_changes(Lang::Fr, &old(&s), &old(&changed));
    assert_eq!(lines, expected, "an old entry");
    let lines = setting_changes(Lang::Fr, &new(&s), &new(&changed));
    assert_eq!(lines, expected, "a new entry");
    // Neither: compared as the JSON it is.
    let raw = |s: &str| Some(s.to_owned());
    let lines = setting_changes(Lang::Fr, &raw(r#"{"x": 1}"#), &raw(r#"{"x": 2}"#));
    assert_eq!(lines, vec!["x\u{a0}: 1 → 2".to_owned()]);
}
