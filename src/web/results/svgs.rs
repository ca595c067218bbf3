//! The three charts of the statistics in the page's words, as SVG text: the
//! standings race, the contracts taken and made, the scores per deal.

use crate::i18n::Lang;
use crate::tournament::ids::RoundNo;
use crate::tournament::standings::Standings;
use crate::tournament::stats::{self, ByContract, Taken};
use crate::web::charts::{svg, ContractsChart, Highlight, HistogramChart, RaceChart, Words};

use super::figures::{contract_name, made_of};

/// The standings race as SVG.
pub fn race_svg(lang: Lang, s: &Standings, rounds: RoundNo, highlight: Highlight, player_name: Option<&str>) -> String {
    let lines = stats::race(&s.lines, rounds);
    let desc = match player_name {
        Some(name) => lang.t_args(
            "chart-race-desc-player",
            &[("name", crate::web::filters::isolated(&name))],
        ),
        None => lang.t("chart-race-desc"),
    };
    svg(&RaceChart::new(
        &lines,
        highlight,
        Words {
            title: lang.t("chart-race-title"),
            desc,
            x_label: lang.t("chart-race-x"),
            y_label: lang.t("chart-race-y"),
        },
    ))
}

/// The contracts taken and made as SVG.
pub fn contracts_svg(lang: Lang, by: &ByContract) -> String {
    let rows: Vec<(String, Taken)> = by
        .lines()
        .into_iter()
        .map(|(c, t)| (contract_name(lang, c), t))
        .collect();
    svg(&ContractsChart::new(
        &rows,
        |t| made_of(lang, t),
        (lang.t("chart-contracts-taken"), lang.t("chart-contracts-made")),
        Words {
            title: lang.t("chart-contracts-title"),
            desc: lang.t("chart-contracts-desc"),
            x_label: lang.t("chart-contracts-x"),
            y_label: String::new(),
        },
    ))
}

/// The distribution of scores per deal as SVG.
pub fn scores_svg(lang: Lang, values: &[i32]) -> String {
    svg(&HistogramChart::new(
        values,
        |lo, hi, count| {
            lang.t_args(
                "chart-scores-column",
                &[
                    ("lo", lo.to_string()),
                    ("hi", hi.to_string()),
                    ("count", count.to_string()),
                ],
            )
        },
        Words {
            title: lang.t("chart-scores-title"),
            desc: lang.t("chart-scores-desc"),
            x_label: lang.t("chart-scores-x"),
            y_label: lang.t("chart-scores-y"),
        },
    ))
}
