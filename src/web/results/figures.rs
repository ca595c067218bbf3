//! The statistics as words: the contracts table and the other figures of a
//! tournament or a player, written as the page's language writes them.

use crate::i18n::Lang;
use crate::tarot::Contract;
use crate::tournament::stats::{self, ByContract, PlayerStats, Taken, TournamentStats};

/// A decimal as the language writes it: 69,6 in French, 69.6 in English.
fn decimal(lang: Lang, v: Option<f64>) -> String {
    match v {
        None => "—".into(),
        Some(v) => lang.decimal(v),
    }
}

/// "3 of 4 (75 %)", or "—" when never.
pub(super) fn made_of(lang: Lang, t: &Taken) -> String {
    match t.rate() {
        None => "—".into(),
        Some(rate) => lang.t_args(
            "stats-made-of",
            &[
                ("won", t.won.to_string()),
                ("taken", t.taken.to_string()),
                ("rate", rate.to_string()),
            ],
        ),
    }
}

/// A line of the contracts table.
pub struct ContractRow {
    /// The contract's name.
    pub name: String,
    /// Taken.
    pub taken: u32,
    /// Made.
    pub won: u32,
    /// Success rate ("75 %", "—").
    pub rate: String,
}

/// Statistics ready to show: contracts and facts (label, value).
pub struct StatsView {
    /// One line per contract, and the total last.
    pub contracts: Vec<ContractRow>,
    /// Other figures.
    pub facts: Vec<(String, String)>,
}

fn contract_rows(lang: Lang, by: &ByContract) -> Vec<ContractRow> {
    let row = |name: String, t: Taken| ContractRow {
        name,
        taken: t.taken,
        won: t.won,
        rate: t
            .rate()
            .map(|r| lang.t_args("stats-rate", &[("rate", r.to_string())]))
            .unwrap_or_else(|| "—".into()),
    };
    let mut rows: Vec<ContractRow> = by
        .lines()
        .into_iter()
        .map(|(c, t)| row(contract_name(lang, c), t))
        .collect();
    rows.push(row(lang.t("total"), by.total()));
    rows
}

pub(super) fn contract_name(lang: Lang, c: Contract) -> String {
    lang.t(&format!("contract-{}", c.name()))
}

fn handfuls(h: &stats::Handfuls) -> String {
    format!("{} / {} / {}", h.0[0], h.0[1], h.0[2])
}

impl StatsView {
    /// The tournament's figures.
    pub fn tournament(lang: Lang, s: &TournamentStats) -> StatsView {
        let mut facts = vec![
            (lang.t("stats-deals"), s.deals.to_string()),
            (lang.t("stats-passed"), s.passed.to_string()),
            (lang.t("stats-taken"), made_of(lang, &s.taken.total())),
        ];
        if s.with_partner > 0 {
            facts.push((lang.t("stats-with-partner"), s.with_partner.to_string()));
        }
        facts.extend([
            (lang.t("stats-taker-average"), decimal(lang, s.taker_average())),
            (lang.t("stats-handfuls"), handfuls(&s.handfuls)),
            (
                lang.t("stats-petit-camps"),
                format!("{} / {}", s.petit_attack, s.petit_defence),
            ),
            (
                lang.t("stats-chelems-camps"),
                format!("{} / {}", s.chelems_attack, s.chelems_defence),
            ),
            (lang.t("stats-chelems-failed"), s.chelems_failed.to_string()),
        ]);
        StatsView {
            contracts: contract_rows(lang, &s.taken),
            facts,
        }
    }

    /// A player's figures.
    pub fn player(lang: Lang, s: &PlayerStats) -> StatsView {
        let mut facts = vec![(lang.t("stats-played"), s.played.to_string())];
        if s.sat_out > 0 {
            facts.push((lang.t("stats-sat-out"), s.sat_out.to_string()));
        }
        facts.extend([
            (lang.t("stats-average"), decimal(lang, s.average())),
            (lang.t("stats-taken"), made_of(lang, &s.taken.total())),
            (lang.t("stats-partner"), made_of(lang, &s.partner)),
            (lang.t("stats-defence"), made_of(lang, &s.defence)),
            (lang.t("stats-handfuls"), handfuls(&s.handfuls)),
            (
                lang.t("stats-petit-player"),
                format!("{} / {}", s.petit_won, s.petit_lost),
            ),
            (lang.t("stats-chelems"), s.chelems.to_string()),
        ]);
        if s.chelems_failed > 0 {
            facts.push((lang.t("stats-chelems-failed"), s.chelems_failed.to_string()));
        }
        StatsView {
            contracts: contract_rows(lang, &s.taken),
            facts,
        }
    }
}
