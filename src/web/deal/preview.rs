//! A deal's score as the pages show it: the explanation sentence and each
//! player's score ([`Preview`]), for a stored deal or a form as typed.

use std::collections::HashMap;

use crate::i18n::Lang;
use crate::tarot::{score, DealRecord, HandfulSize, ScoreOutput, TermNames};
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
    let sizes: Vec<HandfulSize> = d.handfuls.iter().map(|h| h.1).collect();
    said(lang, o, names.get(&d.taker).map_or("", String::as_str), &sizes)
}

/// The sentence explaining a deal played on the devices, as [`explain`]
/// says an entered one's.
pub fn explain_record(lang: Lang, record: &DealRecord, taker: &str) -> String {
    let sizes: Vec<HandfulSize> = record.handfuls().iter().map(|h| h.size).collect();
    said(
        lang,
        &ScoreOutput::from_score(score(record), record.rules()),
        taker,
        &sizes,
    )
}

/// What the pages call a formula's terms in `lang`, the handfuls by their
/// `sizes` ("simple poignée", "simple poignée + double poignée").
pub fn term_names(lang: Lang, sizes: &[HandfulSize]) -> TermNames {
    let handful = sizes
        .iter()
        .map(|s| handful_name(lang, *s))
        .collect::<Vec<_>>()
        .join(" + ");
    TermNames {
        petit_au_bout: Some(lang.t("formula-petit-au-bout")),
        handful: Some(handful).filter(|h| !h.is_empty()),
        chelem: Some(lang.t("formula-chelem")),
        misere: Some(lang.t("formula-misere")),
    }
}

/// A handful's name in a formula.
pub fn handful_name(lang: Lang, size: HandfulSize) -> String {
    lang.t(&format!("play-handful-{}", size.name()))
}

/// The sentence of a scored deal taken by `taker`, where handfuls of
/// `sizes` were shown.
fn said(lang: Lang, o: &ScoreOutput, taker: &str, sizes: &[HandfulSize]) -> String {
    summary(
        lang,
        o.won,
        &lang.t(&format!("contract-{}", o.contract.name())),
        taker,
        &o.margin.to_string(),
        &o.formula_named(&term_names(lang, sizes)),
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
