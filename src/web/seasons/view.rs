//! A season's standings as its pages say them: the rule in a sentence,
//! each row's figures explained (which results counted), in the reader's
//! language. Shared by the page, the projector, the A4 and the CSV.

use std::collections::HashMap;

use crate::db::ops::seasons::read::SeasonStandings;
use crate::i18n::Lang;
use crate::tournament::ids::{PlayerId, TournamentId};
use crate::tournament::season::{as_points, Centi, PointsKind, Rule};

/// Points with 2 decimals at most, as the language writes them ("12,5").
pub fn points(lang: Lang, c: Centi) -> String {
    let s = if c % 100 == 0 {
        (c / 100).to_string()
    } else if c % 10 == 0 {
        format!("{:.1}", as_points(c))
    } else {
        format!("{:.2}", as_points(c))
    };
    match lang {
        Lang::Fr => s.replace('.', ","),
        _ => s,
    }
}

/// The rule in a sentence: "Points à la place : 1er de 28 : 28 points ; les
/// 10 meilleurs résultats comptent".
pub fn rule_sentence(lang: Lang, rule: &Rule) -> String {
    let mut parts = vec![match (rule.points, &rule.scale) {
        (PointsKind::Places, None) => lang.t("season-says-places"),
        (PointsKind::Places, Some(scale)) => {
            let shown: Vec<String> = scale.iter().take(8).map(|c| points(lang, *c)).collect();
            let more = if scale.len() > 8 { "…" } else { "" };
            lang.t_args("season-says-scale", &[("scale", format!("{}{more}", shown.join(", ")))])
        }
        (PointsKind::Total, _) => lang.t("season-says-total"),
        (PointsKind::Percent, _) => lang.t("season-says-percent"),
    }];
    parts.push(match rule.best_of {
        Some(n) => lang.t_args("season-says-best", &[("n", n.to_string())]),
        None => lang.t("season-says-all"),
    });
    if rule.participation > 0 {
        parts.push(lang.t_args("season-says-participation", &[("p", points(lang, rule.participation))]));
    }
    let said = parts.join(match lang {
        Lang::Fr => " ; ",
        _ => "; ",
    });
    let mut chars = said.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// One tournament's figure in a row, said.
#[derive(Debug, Clone)]
pub struct FigureView {
    /// The tournament's name.
    pub tournament: String,
    /// Its id.
    pub id: TournamentId,
    /// "3e sur 20 : 18 pts".
    pub said: String,
    /// Whether it counts.
    pub counted: bool,
}

/// A row of the standings, said.
#[derive(Debug, Clone)]
pub struct RowView {
    /// Place.
    pub rank: u32,
    /// The player (their page's address).
    pub player: PlayerId,
    /// Name.
    pub name: String,
    /// Club.
    pub club: String,
    /// Points, said.
    pub points: String,
    /// Tournaments played.
    pub played: u32,
    /// Participation points, said (empty when none).
    pub participation: String,
    /// Every result, best first.
    pub figures: Vec<FigureView>,
}

/// The rows of a season's standings, said in `lang`.
pub fn rows(lang: Lang, s: &SeasonStandings) -> Vec<RowView> {
    let names: HashMap<TournamentId, &str> = s.tournaments.iter().map(|t| (t.id, t.name.as_str())).collect();
    let unit = match s.season.rule.points {
        PointsKind::Percent => "season-figure-percent",
        _ => "season-figure",
    };
    s.lines
        .iter()
        .map(|l| RowView {
            rank: l.row.rank,
            player: l.row.player,
            name: l.name.clone(),
            club: l.club.clone(),
            points: points(lang, l.row.points),
            played: l.row.played,
            participation: if l.row.participation > 0 {
                points(lang, l.row.participation)
            } else {
                String::new()
            },
            figures: l
                .row
                .figures
                .iter()
                .map(|f| FigureView {
                    tournament: names.get(&f.tournament).copied().unwrap_or_default().to_owned(),
                    id: f.tournament,
                    said: lang.t_args(
                        unit,
                        &[
                            ("rank", f.rank.to_string()),
                            ("of", f.of.to_string()),
                            ("points", points(lang, f.points)),
                        ],
                    ),
                    counted: f.counted,
                })
                .collect(),
        })
        .collect()
}
