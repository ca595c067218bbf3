//! How the prize pages say money ("300 €", "12,50 €"; "€300" in English),
//! percents, a rule in sentences, a refusal, the notes of a list, and its
//! lines: one per player paid, shared by the page, the A4, the sheet to
//! sign and the CSV.

use std::collections::HashMap;

use crate::i18n::Lang;
use crate::tournament::ids::{PlayerId, TournamentId};
use crate::tournament::prizes::{BonusPay, Cents, Given, Note, Pot, PrizeList, Rounding, Rule, RuleError, Split};

use super::Named;

/// `n` with its thousands grouped by `sep`.
fn grouped(n: i64, sep: &str) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push_str(sep);
        }
        out.push(c);
    }
    if n < 0 {
        format!("-{out}")
    } else {
        out
    }
}

/// A sum as the language writes it: "1 040 €", "12,50 €" in French (a
/// no-break space before the sign), "€1,040", "€12.50" in English; cents
/// shown only when there are some.
pub fn money(lang: Lang, c: Cents) -> String {
    let (euros, cents) = (c / 100, (c % 100).abs());
    match lang {
        Lang::Fr if cents == 0 => format!("{}\u{a0}€", grouped(euros, "\u{202f}")),
        Lang::Fr => format!("{},{cents:02}\u{a0}€", grouped(euros, "\u{202f}")),
        Lang::En if cents == 0 => format!("€{}", grouped(euros, ",")),
        Lang::En => format!("€{}.{cents:02}", grouped(euros, ",")),
    }
}

/// A percent in hundredths as the language writes it: "90", "12,5".
pub fn percent(lang: Lang, bp: u32) -> String {
    let s = if bp.is_multiple_of(100) {
        (bp / 100).to_string()
    } else if bp.is_multiple_of(10) {
        format!("{}.{}", bp / 100, (bp % 100) / 10)
    } else {
        format!("{}.{:02}", bp / 100, bp % 100)
    };
    lang.decimal(s)
}

/// The split in a few words: "30, 20, 15 %" or "300 €, 180 €".
fn split_words(lang: Lang, split: &Split) -> String {
    match split {
        Split::Percents(v) => {
            let all: Vec<String> = v.iter().map(|p| percent(lang, *p)).collect();
            format!("{}\u{a0}%", all.join(", "))
        }
        Split::Amounts(v) => v.iter().map(|c| money(lang, *c)).collect::<Vec<_>>().join(", "),
    }
}

/// What the rule pays, in a sentence (the presets' words): "90 %
/// redistribués aux 8 premières places : 30, 20, 15, 10, 8, 7, 5, 5 %".
pub fn split_sentence(lang: Lang, rule: &Rule) -> String {
    let places = rule.split.places();
    let mut parts = vec![if rule.share == 0 || places == 0 {
        lang.t("prize-says-none")
    } else {
        lang.t_args(
            "prize-says-split",
            &[
                ("share", percent(lang, rule.share)),
                ("places", places.to_string()),
                ("split", split_words(lang, &rule.split)),
            ],
        )
    }];
    if !rule.fixed.is_empty() {
        let list: Vec<String> = rule
            .fixed
            .iter()
            .map(|f| {
                let what = match &f.given {
                    Given::Item(name) => name.clone(),
                    Given::Amount(c) => money(lang, *c),
                };
                format!("{} : {what}", lang.t_args("prize-place", &[("n", f.place.to_string())]))
            })
            .collect();
        parts.push(lang.t_args("prize-says-fixed", &[("list", list.join(", "))]));
    }
    parts.join(" ; ")
}

/// The whole rule in sentences: the pot, the split, rounding, the bonus.
pub fn rule_sentences(lang: Lang, rule: &Rule, registered: u32, others: &[(TournamentId, String)]) -> Vec<String> {
    let pot = rule.pot(registered);
    let mut said = vec![match rule.pot {
        Pot::Entries { fee, paying } => lang.t_args(
            "prize-says-pot-entries",
            &[
                ("fee", money(lang, fee)),
                ("paying", paying.unwrap_or(registered).to_string()),
                ("pot", money(lang, pot)),
            ],
        ),
        Pot::Fixed(c) => lang.t_args("prize-says-pot-fixed", &[("pot", money(lang, c))]),
    }];
    said.push(split_sentence(lang, rule));
    said.push(lang.t(match rule.rounding {
        Rounding::Euro => "prize-says-rounding-euro",
        Rounding::Cent => "prize-says-rounding-cent",
    }));
    if let Some(b) = &rule.bonus {
        let with = others
            .iter()
            .map(|(_, n)| format!("« {n} »"))
            .collect::<Vec<_>>()
            .join(", ");
        said.push(match b.pay {
            BonusPay::Amount(c) => lang.t_args("prize-says-bonus", &[("amount", money(lang, c)), ("with", with)]),
            BonusPay::Share(s) => lang.t_args("prize-says-bonus-share", &[("share", percent(lang, s)), ("with", with)]),
        });
    }
    said
}

/// A refusal of the core, said: sums as money, shares as percents.
pub fn refusal(lang: Lang, e: &RuleError) -> String {
    let args: Vec<(&str, String)> = e
        .args
        .iter()
        .map(|(k, v)| {
            let said = match *k {
                "sum" | "fund" => money(lang, *v),
                "share" | "percent" => percent(lang, *v as u32),
                _ => v.to_string(),
            };
            (*k, said)
        })
        .collect();
    lang.t_args(e.key, &args)
}

/// What a list's notes say.
pub fn notes(lang: Lang, l: &PrizeList) -> Vec<String> {
    l.notes
        .iter()
        .map(|n| match *n {
            Note::Rounding(c) => lang.t_args("prize-note-rounding", &[("sum", money(lang, c))]),
            Note::Ties(c) => lang.t_args("prize-note-ties", &[("sum", money(lang, c))]),
            Note::Members(c) => lang.t_args("prize-note-members", &[("sum", money(lang, c))]),
            Note::Unclaimed(n, c) => {
                lang.t_args("prize-note-unclaimed", &[("n", n.to_string()), ("sum", money(lang, c))])
            }
            Note::BonusCapped { asked, given } => lang.t_args(
                "prize-note-bonus-capped",
                &[("asked", money(lang, asked)), ("given", money(lang, given))],
            ),
        })
        .collect()
}

/// A player's line of the list.
#[derive(Debug, Clone)]
pub struct Line {
    /// Place.
    pub rank: u32,
    /// "1er", "2e ex æquo".
    pub place: String,
    /// Name.
    pub name: String,
    /// Club.
    pub club: String,
    /// The prize from the pot (cents).
    pub prize: Cents,
    /// Fixed sums (cents).
    pub fixed: Cents,
    /// The bonus (cents).
    pub bonus: Cents,
    /// Everything in money (cents).
    pub total: Cents,
    /// Things given ("Coupe"), with their tie said.
    pub items: String,
}

/// One line per player the list pays or gives something.
pub fn lines(lang: Lang, l: &PrizeList, names: &HashMap<PlayerId, Named>) -> Vec<Line> {
    let mut out = Vec::new();
    for a in &l.awards {
        let place = if a.tied > 1 {
            lang.t_args("prize-place-tied", &[("n", a.rank.to_string())])
        } else {
            lang.t_args("prize-place", &[("n", a.rank.to_string())])
        };
        let mut items = a.items.join(", ");
        if a.tied > 1 && !items.is_empty() {
            items = lang.t_args("prize-item-tied", &[("items", items), ("n", a.tied.to_string())]);
        }
        for p in &a.members {
            let named = names.get(&p.player);
            out.push(Line {
                rank: a.rank,
                place: place.clone(),
                name: named.map(|n| n.name.clone()).unwrap_or_default(),
                club: named.map(|n| n.club.clone()).unwrap_or_default(),
                prize: p.prize,
                fixed: p.fixed,
                bonus: p.bonus,
                total: p.total(),
                items: items.clone(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_is_written_as_each_language_writes_it() {
        assert_eq!(money(Lang::Fr, 30_000), "300\u{a0}€");
        assert_eq!(money(Lang::Fr, 1250), "12,50\u{a0}€");
        assert_eq!(money(Lang::Fr, 104_000), "1\u{202f}040\u{a0}€");
        assert_eq!(money(Lang::En, 104_050), "€1,040.50");
        assert_eq!(money(Lang::En, 5), "€0.05");
        assert_eq!(percent(Lang::Fr, 9000), "90");
        assert_eq!(percent(Lang::Fr, 1250), "12,5");
        assert_eq!(percent(Lang::En, 1255), "12.55");
    }
}
