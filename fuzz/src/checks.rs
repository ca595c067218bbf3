//! What the fuzz targets check, one function per target, each taking any
//! bytes: the parser must not panic, and what it accepts must survive a
//! round trip through its printer (`parse(print(x)) == x`). Shared by the
//! `cargo fuzz` targets (fuzz/fuzz_targets) and the normal test suite,
//! which replays every file of fuzz/corpus through them
//! (tests/core/fuzz_corpus.rs).

use chelem::db::ops::player_file::{decode_file, parse_csv};
use chelem::db::ops::player_input::PlayerFields;
use chelem::tarot::{score_json, score_value, Card, ScoringRules};
use chelem::tournament::deal::TableDeal;
use chelem::web::deal::form::DealForm;
use chelem::web::player_form::PlayerForm;
use chelem::web::settings::TournamentForm;
use serde_json::Value;

/// A target's check.
pub type Check = fn(&[u8]);

/// The targets, by the name of their corpus folder.
pub const TARGETS: &[(&str, Check)] = &[
    ("deal_json", deal_json),
    ("card", card),
    ("player_csv", player_csv),
    ("forms", forms),
];

/// The scoring variants, all off and all on.
fn variants() -> [ScoringRules; 2] {
    let on = ScoringRules {
        garde_contre_x8: true,
        handfuls_20_40_60: true,
        no_petite: true,
        misere: true,
        round_to_10: true,
    };
    [ScoringRules::default(), on]
}

/// The deal JSON of `PUT /api/tables/{token}/deals/{k}` (a table's deal,
/// players by id) and of `chelem score` / `POST /api/score` (a record,
/// players by seat).
pub fn deal_json(data: &[u8]) {
    for rules in variants() {
        // The CLI's fast path and the API's path through a Value agree.
        let answer = score_json(data, &rules);
        if let Ok(v) = serde_json::from_slice::<Value>(data) {
            let answer = answer.expect("JSON is JSON for chelem score");
            if let Ok(out) = &answer {
                assert_eq!(
                    out.scores.iter().sum::<i64>(),
                    0,
                    "scores that do not sum to zero: {out:?}"
                );
            }
            // The record decoded straight and the record read as a value
            // first (keys given twice aside: the value keeps the last one).
            let fast = score_json(&serde_json::to_vec(&v).unwrap(), &rules).unwrap();
            let slow = score_value(&v, &rules);
            assert_eq!(
                format!("{fast:?}"),
                format!("{slow:?}"),
                "the two readings of a record differ"
            );
        }
    }
    let _ = chelem::cli_score::run(data, std::io::sink(), &ScoringRules::default());
    let Ok(v) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    if let Ok(deal) = TableDeal::from_json(&v) {
        let printed = deal.to_json();
        let again = TableDeal::from_json(&printed).unwrap_or_else(|e| panic!("{printed} does not parse: {e:?}"));
        assert_eq!(again, deal, "round trip through {printed}");
    }
}

/// The card notation (FORMATS.md): a card parses from exactly one spelling,
/// the one it prints.
pub fn card(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(c) = s.parse::<Card>() {
        assert_eq!(c.to_string(), s, "a card with two spellings");
    }
    // Cards inside JSON, as game logs carry them.
    if let Ok(cards) = serde_json::from_slice::<Vec<Card>>(data) {
        let printed = serde_json::to_string(&cards).unwrap();
        assert_eq!(serde_json::from_str::<Vec<Card>>(&printed).unwrap(), cards);
    }
}

/// A player file as uploaded (any bytes: UTF-8 or Windows-1252): every
/// player it accepts comes back the same from the file printed again.
pub fn player_csv(data: &[u8]) {
    let text = decode_file(data);
    let Ok(lines) = parse_csv(&text) else {
        return;
    };
    let accepted: Vec<&PlayerFields> = lines.iter().filter_map(|l| l.player.as_ref().ok()).collect();
    let mut last = 0;
    for l in &lines {
        assert!(l.line >= last, "line numbers go back: {lines:?}");
        last = l.line;
    }
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["name", "club", "licence"]).unwrap();
    for p in &accepted {
        let licence = p.licence.as_ref().map_or("", |l| l.as_str());
        w.write_record([p.name.as_str(), p.club.as_str(), licence]).unwrap();
    }
    let printed = String::from_utf8(w.into_inner().unwrap()).unwrap();
    let again = parse_csv(&printed).unwrap_or_else(|e| panic!("{printed:?} refused: {e:?}"));
    let again: Vec<PlayerFields> = again
        .into_iter()
        .map(|l| {
            l.player
                .unwrap_or_else(|e| panic!("{printed:?}: line {} refused: {e:?}", l.line))
        })
        .collect();
    assert_eq!(
        again.iter().collect::<Vec<_>>(),
        accepted,
        "round trip through {printed:?}"
    );
}

/// The url-encoded forms as the handlers decode them: the deal form (a deal
/// it accepts shows again as a form that gives the same deal), the player
/// form (checked fields check again the same) and the tournament form.
pub fn forms(data: &[u8]) {
    if let Ok(form) = serde_urlencoded::from_bytes::<DealForm>(data) {
        let _ = form.version_read();
        for partner_allowed in [false, true] {
            if let Ok(deal) = form.parse(partner_allowed) {
                let shown = DealForm::from_deal(&deal);
                let again = shown
                    .parse(partner_allowed)
                    .unwrap_or_else(|e| panic!("{shown:?} refused: {:?}", e.msg));
                assert_eq!(again, deal, "round trip through {shown:?}");
            }
        }
    }
    if let Ok(form) = serde_urlencoded::from_bytes::<PlayerForm>(data) {
        if let Ok(p) = form.fields() {
            let licence = p.licence.as_ref().map_or("", |l| l.as_str());
            let again = PlayerFields::new(p.name.as_str(), &p.club, licence).expect("checked fields check again");
            assert_eq!(again, p);
        }
    }
    if let Ok(form) = serde_urlencoded::from_bytes::<TournamentForm>(data) {
        let _ = form.parse(None);
    }
}
