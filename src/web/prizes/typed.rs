//! The prize form as typed, and the rule it says: a preset, then the
//! fields that change it. Sums are typed as a French or English organizer
//! writes them ("10", "7,50", "12.50 €", "1 040"); the split as numbers apart
//! by spaces or semicolons; fixed prizes one a line ("1 : Coupe", "2 : 20 €");
//! the bonus as "2 €" each or "5 %" of the pot shared.

use crate::i18n::Lang;
use crate::tournament::ids::TournamentId;
use crate::tournament::prizes::{Bonus, BonusPay, Cents, Fixed, Given, Pot, Rounding, Rule, Split, MAX_PLACES};

use super::view;
use super::view::{money, percent};

fn percents(v: &[u32]) -> Split {
    Split::Percents(v.iter().map(|p| p * 100).collect())
}

/// The presets: (name, share in hundredths, split, fixed prizes). The
/// first is chosen by default.
pub fn presets() -> Vec<(&'static str, u32, Split, Vec<Fixed>)> {
    vec![
        ("top8", 9000, percents(&[30, 20, 15, 10, 8, 7, 5, 5]), vec![]),
        (
            "top16",
            9000,
            percents(&[20, 14, 10, 8, 7, 6, 5, 5, 4, 4, 3, 3, 3, 3, 3, 2]),
            vec![],
        ),
        ("equal4", 9000, percents(&[25, 25, 25, 25]), vec![]),
        (
            "trophy",
            0,
            Split::Percents(vec![]),
            vec![Fixed {
                place: 1,
                given: Given::Item("Coupe".into()),
            }],
        ),
    ]
}

/// A preset as the form offers it: (name, its sentence, chosen).
pub type PresetView = (&'static str, String, bool);

/// The form, as typed.
#[derive(Debug, Clone, Default)]
pub struct PrizeForm {
    pub(super) preset: String,
    pub(super) fee: String,
    pub(super) paying: String,
    pub(super) pot: String,
    pub(super) share: String,
    pub(super) places: String,
    pub(super) split: String,
    pub(super) kind: String,
    pub(super) rounding: String,
    pub(super) fixed: String,
    pub(super) bonus: String,
    /// Tournament ids (the boxes checked).
    pub(super) with: Vec<String>,
}

impl PrizeForm {
    pub(super) fn of(fields: Vec<(String, String)>) -> PrizeForm {
        let mut f = PrizeForm::default();
        for (k, v) in fields {
            let slot = match k.as_str() {
                "preset" => &mut f.preset,
                "fee" => &mut f.fee,
                "paying" => &mut f.paying,
                "pot" => &mut f.pot,
                "share" => &mut f.share,
                "places" => &mut f.places,
                "split" => &mut f.split,
                "kind" => &mut f.kind,
                "rounding" => &mut f.rounding,
                "fixed" => &mut f.fixed,
                "bonus" => &mut f.bonus,
                "with" => {
                    f.with.push(v);
                    continue;
                }
                _ => continue,
            };
            *slot = v;
        }
        f
    }

    /// The form of a stored rule (the sums as a French organizer types them).
    pub(super) fn of_rule(r: &Rule) -> PrizeForm {
        let lang = Lang::Fr;
        let plain = |c: Cents| money(lang, c).replace(['\u{a0}', '\u{202f}', '€'], "");
        let mut f = PrizeForm {
            share: percent(lang, r.share),
            places: r.split.places().to_string(),
            rounding: if r.rounding == Rounding::Cent { "cent" } else { "euro" }.into(),
            ..PrizeForm::default()
        };
        match r.pot {
            Pot::Entries { fee, paying } => {
                f.fee = plain(fee);
                f.paying = paying.map(|n| n.to_string()).unwrap_or_default();
            }
            Pot::Fixed(c) => f.pot = plain(c),
        }
        (f.kind, f.split) = match &r.split {
            Split::Percents(v) => (
                "percents".into(),
                v.iter().map(|p| percent(lang, *p)).collect::<Vec<_>>().join(" "),
            ),
            Split::Amounts(v) => (
                "amounts".into(),
                v.iter().map(|c| plain(*c)).collect::<Vec<_>>().join(" "),
            ),
        };
        f.fixed = r
            .fixed
            .iter()
            .map(|x| match &x.given {
                Given::Item(name) => format!("{} : {name}", x.place),
                Given::Amount(c) => format!("{} : {} €", x.place, plain(*c)),
            })
            .collect::<Vec<_>>()
            .join("\n");
        if let Some(b) = &r.bonus {
            f.bonus = match b.pay {
                BonusPay::Amount(c) => format!("{} €", plain(c)),
                BonusPay::Share(s) => format!("{} %", percent(lang, s)),
            };
            f.with = b.with.iter().map(|t| t.to_string()).collect();
        }
        f
    }
}

/// A decimal with at most two decimals ("12", "12,5", "12.50", "1 040 €"),
/// in hundredths; `None` when it is not one.
fn hundredths(s: &str, unit: char) -> Option<i64> {
    let s: String = s.chars().filter(|c| !c.is_whitespace() && *c != unit).collect();
    let s = s.replace(',', ".");
    let (whole, frac) = s.split_once('.').unwrap_or((&s, ""));
    let digits = |t: &str| t.chars().all(|c| c.is_ascii_digit());
    if whole.is_empty() || whole.len() > 9 || frac.len() > 2 || !digits(whole) || !digits(frac) {
        return None;
    }
    let frac: i64 = format!("{frac:0<2}").parse().ok()?;
    Some(whole.parse::<i64>().ok()? * 100 + frac)
}

/// A refusal: the sentence `key` with `value`.
fn bad(lang: Lang, key: &str, value: &str) -> String {
    lang.t_args(key, &[("value", value.trim().to_owned())])
}

/// The split typed: numbers apart by spaces or semicolons ("30 20 15",
/// "30 %; 20 %", "300, 180, 110").
fn split_of(lang: Lang, f: &PrizeForm) -> Result<Split, String> {
    let amounts = f.kind == "amounts";
    let tokens = f
        .split
        .split(|c: char| c.is_whitespace() || c == ';')
        .map(|t| t.trim_end_matches(',').trim_matches(['%', '€']))
        .filter(|t| !t.is_empty());
    let mut steps = Vec::new();
    for t in tokens {
        match hundredths(t, '€') {
            Some(h) if amounts => steps.push(h),
            Some(h) if h <= 10_000 => steps.push(h),
            _ => return Err(bad(lang, "prize-form-split-token", t)),
        }
    }
    Ok(if amounts {
        Split::Amounts(steps)
    } else {
        Split::Percents(steps.into_iter().map(|h| h as u32).collect())
    })
}

/// A fixed prize's line: "1 : Coupe", "2e : 20 €".
fn fixed_of(lang: Lang, line: &str) -> Result<Fixed, String> {
    let refuse = || bad(lang, "prize-form-fixed-line", line);
    let (place, what) = line.split_once(':').ok_or_else(refuse)?;
    let digits: String = place.trim().chars().take_while(|c| c.is_ascii_digit()).collect();
    let place: u32 = digits.parse().map_err(|_| refuse())?;
    let what = what.trim();
    let given = match hundredths(what, '€') {
        Some(c) => Given::Amount(c),
        None if !what.is_empty() => Given::Item(what.to_owned()),
        None => return Err(refuse()),
    };
    Ok(Fixed { place, given })
}

/// The rule the form says, checked; `others`: the tournaments a bonus may name.
pub(super) fn rule_of(lang: Lang, f: &PrizeForm, others: &[TournamentId]) -> Result<Rule, String> {
    let preset = if f.preset.is_empty() { "top8" } else { f.preset.as_str() };
    let (_, share, split, fixed) = presets()
        .into_iter()
        .find(|p| p.0 == preset)
        .ok_or_else(|| lang.t("prize-form-preset"))?;
    let money_of = |s: &str, key| hundredths(s, '€').ok_or_else(|| bad(lang, key, s));
    let pot = if !f.pot.trim().is_empty() {
        Pot::Fixed(money_of(&f.pot, "prize-form-pot")?)
    } else if f.fee.trim().is_empty() {
        return Err(lang.t("prize-form-fee-missing"));
    } else {
        let paying = match f.paying.trim() {
            "" => None,
            n => Some(
                n.parse::<u32>()
                    .ok()
                    .filter(|n| *n <= 100_000)
                    .ok_or_else(|| bad(lang, "prize-form-paying", n))?,
            ),
        };
        Pot::Entries {
            fee: money_of(&f.fee, "prize-form-fee")?,
            paying,
        }
    };
    let share = match f.share.trim() {
        "" => share,
        s => hundredths(s, '%')
            .filter(|h| *h <= 10_000)
            .ok_or_else(|| bad(lang, "prize-form-share", s))? as u32,
    };
    let split = if f.split.trim().is_empty() {
        split
    } else {
        split_of(lang, f)?
    };
    if let Some(p) = Some(f.places.trim()).filter(|p| !p.is_empty()) {
        let n = p
            .parse::<usize>()
            .ok()
            .filter(|n| *n <= MAX_PLACES)
            .ok_or_else(|| bad(lang, "prize-form-places", p))?;
        if n != split.places() {
            let args = [("places", n.to_string()), ("split", split.places().to_string())];
            return Err(lang.t_args("prize-form-split-count", &args));
        }
    }
    let fixed = if f.fixed.trim().is_empty() && f.split.trim().is_empty() {
        fixed
    } else {
        f.fixed
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| fixed_of(lang, l))
            .collect::<Result<_, _>>()?
    };
    let rule = Rule {
        pot,
        share,
        split,
        rounding: if f.rounding == "cent" {
            Rounding::Cent
        } else {
            Rounding::Euro
        },
        fixed,
        bonus: bonus_of(lang, f, others)?,
    };
    rule.check().map_err(|e| view::refusal(lang, &e))?;
    Ok(rule)
}

/// The bonus typed: "2", "2 €" (each) or "5 %" (of the pot, shared).
fn bonus_of(lang: Lang, f: &PrizeForm, others: &[TournamentId]) -> Result<Option<Bonus>, String> {
    let typed = f.bonus.trim();
    if typed.is_empty() && f.with.is_empty() {
        return Ok(None);
    }
    if typed.is_empty() {
        return Err(lang.t("prize-form-bonus-missing"));
    }
    let pay = if typed.contains('%') {
        BonusPay::Share(hundredths(typed, '%').ok_or_else(|| bad(lang, "prize-form-bonus", typed))? as u32)
    } else {
        BonusPay::Amount(hundredths(typed, '€').ok_or_else(|| bad(lang, "prize-form-bonus", typed))?)
    };
    let with = f
        .with
        .iter()
        .map(|s| {
            s.trim()
                .parse()
                .ok()
                .filter(|t| others.contains(t))
                .ok_or_else(|| bad(lang, "prize-form-bonus-with", s))
        })
        .collect::<Result<Vec<TournamentId>, String>>()?;
    Ok(Some(Bonus { with, pay }))
}
