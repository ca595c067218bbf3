//! The charts of the statistics in the page's words, as SVG text: the
//! standings race, the contracts taken and made, the scores per deal, the
//! tables of 4 and of 5.

use crate::db::models::Tournament;
use crate::db::ops::duplicate::DealResults;
use crate::i18n::Lang;
use crate::tournament::duplicate::{Comparison, Format, Hundredths};
use crate::tournament::ids::RoundNo;
use crate::tournament::standings::Standings;
use crate::tournament::stats::{self, ByContract, SizeLine, Taken};
use crate::web::charts::{svg, BarChart, BarRow, Highlight, HistogramChart, RaceChart, Words};

use super::figures::{contract_name, made_of};
use crate::web::public::hundredths;

/// The standings race as SVG: each player's cumulative score round by
/// round, or in a duplicate tournament the figure its standings rank by
/// (the average percentage or the datum so far, from the deals `dup` that
/// the page's audience may see), so that the lines end in the standings'
/// order.
pub fn race_svg(
    lang: Lang,
    t: &Tournament,
    s: &Standings,
    dup: &[DealResults],
    rounds: RoundNo,
    race: Race,
) -> RaceFigure {
    let (highlight, player_name) = race;
    let duplicate = t.format == Format::Duplicate;
    let lines = if duplicate {
        let order: Vec<_> = s.lines.iter().map(|l| (l.player, l.name.clone(), l.rank)).collect();
        let results: Vec<_> = dup
            .iter()
            .flat_map(|d| d.results.iter().map(move |r| (d.round, r)))
            .flat_map(|(round, r)| (0..r.players.len()).map(move |i| (round, r.players[i], r.compared[i])))
            .collect();
        stats::duplicate_race(t.comparison, &order, &results, rounds)
    } else {
        stats::race(&s.lines, rounds)
    };
    let key = |k: &str| match (duplicate, t.comparison) {
        (false, _) => k.to_owned(),
        (true, Comparison::Matchpoints) => format!("{k}-percent"),
        (true, Comparison::Datum) => format!("{k}-datum"),
    };
    let desc = match player_name {
        Some(name) => lang.t_args(
            &key("chart-race-desc-player"),
            &[("name", crate::web::filters::isolated(&name))],
        ),
        None => lang.t(&key("chart-race-desc")),
    };
    let words = Words {
        title: lang.t("chart-race-title"),
        desc,
        x_label: lang.t("chart-race-x"),
        y_label: lang.t(&key("chart-race-y")),
    };
    let figure = |v: i64| match (duplicate, t.comparison) {
        (false, _) => v.to_string(),
        (true, Comparison::Matchpoints) => format!("{}\u{a0}%", hundredths(lang, Hundredths(v))),
        (true, Comparison::Datum) if v > 0 => format!("+{}", hundredths(lang, Hundredths(v))),
        (true, Comparison::Datum) => hundredths(lang, Hundredths(v)),
    };
    let caption = words.desc.clone();
    RaceFigure {
        svg: svg(&RaceChart::of_figures(&lines, highlight, words, &figure)),
        caption,
    }
}

/// The race as a page shows it: the drawing and the caption under it (the
/// drawing's own description).
pub struct RaceFigure {
    /// The SVG.
    pub svg: String,
    /// What it shows, in a sentence.
    pub caption: String,
}

/// Which lines of a race stand out, and the page's player's name.
pub type Race<'a> = (Highlight, Option<&'a str>);

/// The contracts taken and made as SVG.
pub fn contracts_svg(lang: Lang, by: &ByContract) -> String {
    let rows: Vec<(String, Taken)> = by
        .lines()
        .into_iter()
        .map(|(c, t)| (contract_name(lang, c), t))
        .collect();
    svg(&BarChart::contracts(
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

/// The tables of each size, side by side: how much a taker and a defender
/// score per contract on average (absolute values), as SVG.
pub fn sizes_svg(lang: Lang, lines: &[SizeLine]) -> String {
    let rows: Vec<BarRow> = lines
        .iter()
        .map(|l| BarRow {
            label: lang.t_args("chart-sizes-row", &[("n", l.size.to_string())]),
            full: l.taker_swing,
            part: l.defender_swing,
            note: lang.t_args(
                "chart-sizes-note",
                &[
                    ("taker", format!("{:.0}", l.taker_swing)),
                    ("defender", format!("{:.0}", l.defender_swing)),
                    ("deals", l.deals.to_string()),
                ],
            ),
        })
        .collect();
    svg(&BarChart::new(
        "sizes",
        &rows,
        (lang.t("chart-sizes-taker"), lang.t("chart-sizes-defender")),
        Words {
            title: lang.t("chart-sizes-title"),
            desc: lang.t("chart-sizes-desc"),
            x_label: lang.t("chart-sizes-x"),
            y_label: String::new(),
        },
    ))
}
