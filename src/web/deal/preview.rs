//! A deal's score as the pages show it: the explanation sentence and each
//! player's score ([`Preview`]), for a stored deal or a form as typed.

use std::collections::HashMap;

use crate::i18n::Lang;
use crate::tarot::{score, DealRecord, ScoreOutput};
use crate::tournament::deal::TableDeal;
use crate::tournament::ids::PlayerId;
use crate::web::filters::isolated;

/// A deal's score shown before saving (or after): the explanation and each
/// player's score, or why the form is not a deal yet.
#[derive(Debug, Clone, Default)]
pub struct Preview {
    /// The form describes a deal the rules accept.
    pub ok: bool,
    /// The explanation, or the refusal.
    pub message: String,
    /// The field at fault (empty when none, or when `ok`).
    pub field: String,
    /// Each player's score, by name (empty unless `ok`).
    pub scores: Vec<(String, i32)>,
}

/// A deal's explanation (from the rules core's `output`) and its scores:
/// a stored deal's, or a scored form's.
pub(super) fn preview_of(
    lang: Lang,
    deal: &TableDeal,
    output: Option<&ScoreOutput>,
    scores: &[(PlayerId, i32)],
    names: &HashMap<PlayerId, String>,
) -> Preview {
    Preview {
        ok: true,
        message: explain(lang, deal, output, names),
        field: String::new(),
        scores: scores
            .iter()
            .map(|(p, s)| (names.get(p).cloned().unwrap_or_default(), *s))
            .collect(),
    }
}

/// The sentence explaining a deal's score.
pub fn explain(
    lang: Lang,
    deal: &TableDeal,
    output: Option<&ScoreOutput>,
    names: &HashMap<PlayerId, String>,
) -> String {
    let (Some(d), Some(o)) = (deal.played(), output) else {
        return lang.t("deal-all-passed");
    };
    said(lang, o, names.get(&d.taker).map_or("", String::as_str))
}

/// The sentence explaining a deal played on the devices, as [`explain`]
/// says an entered one's.
pub fn explain_record(lang: Lang, record: &DealRecord, taker: &str) -> String {
    said(lang, &ScoreOutput::from_score(score(record), record.rules()), taker)
}

/// The sentence of a scored deal taken by `taker`.
fn said(lang: Lang, o: &ScoreOutput, taker: &str) -> String {
    summary(
        lang,
        o.won,
        &lang.t(&format!("contract-{}", o.contract.name())),
        taker,
        &o.margin.to_string(),
        &o.formula,
    )
}

/// The explanation sentence from its parts: "Garde de Jeanne faite de 8 :
/// (25 + 8) × 2 = 66". The deal form also gives it to its offline preview
/// (`static/score.js`) with `{contract}`, `{margin}` and `{formula}` left
/// for the page to fill in.
pub fn summary(lang: Lang, won: bool, contract: &str, taker: &str, margin: &str, formula: &str) -> String {
    let key = if won {
        "deal-summary-made"
    } else {
        "deal-summary-failed"
    };
    lang.t_args(
        key,
        &[
            ("contract", contract.to_owned()),
            ("taker", isolated(&taker)),
            ("margin", margin.to_owned()),
            ("formula", formula.to_owned()),
        ],
    )
}
