//! A deal's facts as words, in the visitor's language: what the printed score
//! sheet and the `deals.csv` export show of each deal (taker, partner,
//! contract, oudlers, points, result, bonuses, who dealt and who sat out).

use std::collections::HashMap;

use crate::db::models::Tournament;
use crate::i18n::Lang;
use crate::tournament::deal::TableDeal;
use crate::tournament::ids::PlayerId;
use crate::tournament::table::{deal_players, dealer_seat};

/// One deal, told.
#[derive(Debug, Clone, Default)]
pub struct DealFacts {
    /// The dealer's name.
    pub dealer: String,
    /// The player sitting the deal out (the dealer at an FFT table of 5).
    pub sits_out: String,
    /// The taker ("" when everyone passed).
    pub taker: String,
    /// The called partner ("" when none).
    pub partner: String,
    /// The contract, or "everyone passed".
    pub contract: String,
    /// Oudlers of the attack (none when passed).
    pub oudlers: Option<u8>,
    /// Card points of the attack (none when passed).
    pub points: Option<f64>,
    /// Made or failed ("" when passed).
    pub result: String,
    /// By how much it was made or failed.
    pub margin: Option<u16>,
    /// Which camp took the petit au bout.
    pub petit_au_bout: String,
    /// Handfuls shown: "Name: single handful", comma-separated.
    pub handfuls: String,
    /// The chelem: announced, made by which camp.
    pub chelem: String,
    /// Misères declared (variant).
    pub miseres: String,
}

impl DealFacts {
    /// The bonuses in one line (petit au bout, handfuls, chelem, misères).
    pub fn bonuses(&self, lang: Lang) -> String {
        let c = colon(lang);
        let mut parts = Vec::new();
        if !self.petit_au_bout.is_empty() {
            parts.push(format!("{}{c}{}", lang.t("deal-petit-au-bout"), self.petit_au_bout));
        }
        for p in [&self.handfuls, &self.miseres] {
            if !p.is_empty() {
                parts.push(p.clone());
            }
        }
        if !self.chelem.is_empty() {
            parts.push(format!("{}{c}{}", lang.t("deal-chelem"), self.chelem));
        }
        parts.join(" · ")
    }
}

/// A colon as the language writes it: French puts a no-break space before.
pub fn colon(lang: Lang) -> &'static str {
    match lang {
        Lang::Fr => "\u{a0}: ",
        Lang::En => ": ",
    }
}

/// A number of card points with a decimal comma: `41,5`, `56`.
pub fn decimal_comma(points: f64) -> String {
    crate::i18n::Lang::Fr.decimal(points)
}

/// The dealer and the player sitting out of deal `k` at a table whose players
/// are `ids` (seat order).
pub fn dealer_and_out(t: &Tournament, ids: &[PlayerId], k: i32, names: &HashMap<PlayerId, String>) -> (String, String) {
    let name = |p: &PlayerId| names.get(p).cloned().unwrap_or_default();
    let dealer = ids.get(dealer_seat(ids.len(), k)).map(name).unwrap_or_default();
    let (_, out) = deal_players(ids, k, t.table5_mode);
    (dealer, out.as_ref().map(name).unwrap_or_default())
}

/// The facts of deal `k` entered at a table whose players are `ids` (seat
/// order). The deal is scored again for its result: one source of truth, the
/// rules core.
pub fn facts(
    lang: Lang,
    t: &Tournament,
    ids: &[PlayerId],
    k: i32,
    deal: &TableDeal,
    names: &HashMap<PlayerId, String>,
) -> DealFacts {
    let name = |p: &PlayerId| names.get(p).cloned().unwrap_or_default();
    let (dealer, sits_out) = dealer_and_out(t, ids, k, names);
    let Some(d) = deal.played() else {
        return DealFacts {
            dealer,
            sits_out,
            contract: lang.t("deal-all-passed"),
            ..DealFacts::default()
        };
    };
    let output = deal
        .score_at(ids, k, t.table5_mode, &t.rules)
        .ok()
        .and_then(|s| s.output);
    let c = colon(lang);
    let camp = |k: crate::tarot::Camp| lang.t(&format!("camp-{}", k.name()));
    let mut chelem = Vec::new();
    if d.chelem.announced {
        chelem.push(lang.t("facts-chelem-announced"));
    }
    if let Some(c) = d.chelem.made_by {
        chelem.push(lang.t_args("facts-chelem-made-by", &[("camp", camp(c))]));
    }
    DealFacts {
        dealer,
        sits_out,
        taker: name(&d.taker),
        partner: d.partner.as_ref().map(name).unwrap_or_default(),
        contract: lang.t(&format!("contract-{}", d.contract.name())),
        oudlers: Some(d.oudlers),
        points: Some(d.points.as_points()),
        result: output
            .as_ref()
            .map(|o| lang.t(if o.won { "facts-made" } else { "facts-failed" }))
            .unwrap_or_default(),
        margin: output.as_ref().map(|o| o.margin),
        petit_au_bout: d.petit_au_bout.map(camp).unwrap_or_default(),
        handfuls: d
            .handfuls
            .iter()
            .map(|(p, size)| format!("{}{c}{}", name(p), lang.t(&format!("handful-{}", size.name()))))
            .collect::<Vec<_>>()
            .join(", "),
        chelem: chelem.join(", "),
        miseres: d
            .miseres
            .iter()
            .map(|(p, kind)| format!("{}{c}{}", name(p), lang.t(&format!("misere-{}", kind.name()))))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_take_a_decimal_comma() {
        assert_eq!(decimal_comma(41.5), "41,5");
        assert_eq!(decimal_comma(56.0), "56");
        assert_eq!(decimal_comma(0.0), "0");
    }
}
