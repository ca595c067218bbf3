//! Interface languages: French by default, English available, through the
//! Fluent message files in `locales/`.

use std::borrow::Cow;
use std::collections::HashMap;

use fluent_templates::fluent_bundle::types::{FluentNumber, FluentNumberOptions};
use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{static_loader, LanguageIdentifier, Loader};

use crate::tarot::{Card, CardKind};
use crate::tournament::ids::RoundNo;
use crate::tournament::standings::PerDeal;

static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "fr",
        customise: |bundle| {
            bundle.set_use_isolating(false);
            // `{ ELIDE("de", $name) }`: "d'Odile", "de Paul" (see [`elide`]).
            let _ = bundle.add_function("ELIDE", |positional, _named| match positional {
                [FluentValue::String(word), name] => {
                    let name = match name {
                        FluentValue::String(s) => s.to_string(),
                        FluentValue::Number(n) => n.as_string().to_string(),
                        _ => String::new(),
                    };
                    FluentValue::from(elide(word, &name))
                }
                _ => FluentValue::Error,
            });
        },
    };
}

/// French elision before a name: `word` ("de", "le", "que", "je"…) then
/// `name`, the word's final e dropped for an apostrophe when the name starts
/// with a vowel sound: "d'Odile", "qu'Étienne", "d'Yves", "d'Henri" but "de
/// Paul", "de Yannick" (a y before a vowel is a consonant sound). A name
/// starting with h is taken as a mute h, the common case of first names.
pub fn elide(word: &str, name: &str) -> String {
    // A name isolated for display (U+2066..U+2068 before it) elides as the
    // name itself: "d'\u{2068}Odile\u{2069}".
    let mut chars = name
        .trim_start()
        .trim_start_matches(['\u{2066}', '\u{2067}', '\u{2068}'])
        .chars();
    let first = chars.next().map(|c| c.to_lowercase().next().unwrap_or(c));
    let second = chars.next().map(|c| c.to_lowercase().next().unwrap_or(c));
    let vowel = |c: char| "aeiouàâäéèêëîïôöùûüœæ".contains(c);
    let elides = match first {
        Some('y') => second.is_some_and(|c| !vowel(c)),
        Some('h') => true,
        Some(c) => vowel(c),
        None => false,
    };
    match word.strip_suffix('e') {
        Some(stem) if elides => format!("{stem}'{name}"),
        _ => format!("{word} {name}"),
    }
}

/// A language of the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    /// Français, the default.
    #[default]
    Fr,
    /// English.
    En,
}

impl Lang {
    /// Every supported language.
    pub const ALL: [Lang; 2] = [Lang::Fr, Lang::En];

    /// The BCP 47 code (`fr`, `en`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::Fr => "fr",
            Lang::En => "en",
        }
    }

    /// Parses a code such as `fr`, `en`, `en-GB`.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "fr" => Some(Lang::Fr),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The best language for an `Accept-Language` header (by q-value), or French.
    pub fn from_accept_language(header: &str) -> Lang {
        let mut best: Option<(f32, Lang)> = None;
        for part in header.split(',') {
            let mut pieces = part.split(';');
            let tag = pieces.next().unwrap_or("").trim();
            let q = pieces
                .find_map(|p| p.trim().strip_prefix("q=").and_then(|v| v.parse::<f32>().ok()))
                .unwrap_or(1.0);
            if let Some(lang) = Lang::from_code(tag) {
                if best.is_none_or(|(bq, _)| q > bq) {
                    best = Some((q, lang));
                }
            }
        }
        best.map(|(_, l)| l).unwrap_or_default()
    }

    fn id(self) -> LanguageIdentifier {
        self.code().parse().expect("static language code")
    }

    /// The message `key` in this language.
    pub fn t(self, key: &str) -> String {
        LOCALES.lookup(&self.id(), key)
    }

    /// The message `key` with its arguments.
    pub fn t_args(self, key: &str, args: &[(&str, String)]) -> String {
        let map: HashMap<Cow<'static, str>, FluentValue> = args
            .iter()
            .map(|(k, v)| {
                let numeric = !v.is_empty() && v.chars().all(|c| c.is_ascii_digit() || c == '-' || c == '.');
                let value = match v.parse::<f64>() {
                    // A whole number stays a number, for plural forms.
                    Ok(n) if numeric && !v.contains('.') => FluentValue::from(n),
                    // French writes 43,5 where English writes 43.5.
                    Ok(_) if numeric && self == Lang::Fr => FluentValue::from(v.replace('.', ",")),
                    // A decimal keeps the digits it was written with: "1588.0"
                    // stays "1588.0", not "1588".
                    Ok(n) if numeric => {
                        let digits = v.split_once('.').map_or(0, |(_, f)| f.len());
                        let options = FluentNumberOptions {
                            minimum_fraction_digits: Some(digits),
                            ..Default::default()
                        };
                        FluentValue::Number(FluentNumber::new(n, options))
                    }
                    _ => FluentValue::from(v.clone()),
                };
                (Cow::Owned((*k).to_owned()), value)
            })
            .collect();
        LOCALES.lookup_with_args(&self.id(), key, &map)
    }

    /// What the standings say beside a late or withdrawn player's name
    /// ("en retard (partie 2)", "abandon après la partie 3"), empty for
    /// the others.
    pub fn mark(self, late_from: &Option<RoundNo>, withdrawn_after: &Option<RoundNo>) -> String {
        let late = late_from.map(|n| self.t_args("mark-late", &[("n", n.to_string())]));
        let withdrawn = withdrawn_after.map(|n| self.t_args("mark-withdrawn", &[("n", n.to_string())]));
        late.into_iter().chain(withdrawn).collect::<Vec<_>>().join(" · ")
    }

    /// A number as the language writes it: `41,5` in French, `41.5` in
    /// English (`n` written with a decimal point, as Rust writes numbers).
    pub fn decimal(self, n: impl std::fmt::Display) -> String {
        match self {
            Lang::Fr => n.to_string().replace('.', ","),
            Lang::En => n.to_string(),
        }
    }

    /// A date (`2026-11-28`, as the settings keep it) written out in the
    /// language: "28 novembre 2026", "28 November 2026". Anything else as
    /// it is.
    pub fn date(self, iso: &str) -> String {
        use chrono::Datelike;
        match chrono::NaiveDate::parse_from_str(iso.trim(), "%Y-%m-%d") {
            Ok(d) => self.t_args(
                "date-long",
                &[
                    ("day", d.day().to_string()),
                    ("month", d.month().to_string()),
                    ("year", d.year().to_string()),
                ],
            ),
            Err(_) => iso.to_owned(),
        }
    }

    /// An average per deal as the language writes it (`12,35` in French,
    /// `12.35` in English), `—` for a player who played no deal.
    pub fn per_deal(self, deals: u32, per_deal: PerDeal) -> String {
        match deals {
            0 => "—".into(),
            _ => self.decimal(per_deal),
        }
    }

    /// Whether `key` exists in this language's files.
    pub fn has(self, key: &str) -> bool {
        LOCALES.try_lookup(&self.id(), key).is_some()
    }

    /// `card` named in words inside a sentence, with its article: "le roi
    /// de cœur", "la dame de pique", "l'as de trèfle", "le 14 d'atout",
    /// "l'excuse"; "the king of hearts", "the 14 of trumps".
    pub fn card_words(self, card: Card) -> String {
        self.card_named("card-the-", card)
    }

    /// `card` named as a label ("Roi de cœur", "14 d'atout", "Excuse"):
    /// the same kinds as [`Lang::card_words`], another set of messages.
    pub fn card_label(self, card: Card) -> String {
        self.card_named("card-", card)
    }

    /// `card` named by the messages `{prefix}excuse`, `{prefix}petit`,
    /// `{prefix}trump` (`$n`) and, for a suited card, `{prefix}ace`,
    /// `-jack`, `-knight`, `-queen`, `-king` or `-pip` (`$n`, `$suit`).
    fn card_named(self, prefix: &str, card: Card) -> String {
        match card.kind() {
            CardKind::Excuse => self.t(&format!("{prefix}excuse")),
            CardKind::Trump(1) => self.t(&format!("{prefix}petit")),
            CardKind::Trump(n) => self.t_args(&format!("{prefix}trump"), &[("n", n.to_string())]),
            CardKind::Suited(suit, rank) => {
                let kind = match rank.value() {
                    1 => "ace",
                    11 => "jack",
                    12 => "knight",
                    13 => "queen",
                    14 => "king",
                    _ => "pip",
                };
                let suit = self.t(&format!("card-suit-{}", suit.letter()));
                self.t_args(
                    &format!("{prefix}{kind}"),
                    &[("n", rank.value().to_string()), ("suit", suit)],
                )
            }
        }
    }

    /// Cards by their codes a space apart (`KS KH`), named in words and
    /// joined as the language lists things: "le roi de pique et le roi de
    /// cœur". A code that is no card stays as it was written.
    pub fn cards_words(self, codes: &str) -> String {
        let named: Vec<String> = codes
            .split_whitespace()
            .map(|c| {
                c.parse::<Card>()
                    .map_or_else(|_| c.to_owned(), |card| self.card_words(card))
            })
            .collect();
        self.list(&named)
    }

    /// Items joined as the language lists things: "a, b et c".
    pub fn list<S: AsRef<str>>(self, items: &[S]) -> String {
        let items: Vec<&str> = items.iter().map(AsRef::as_ref).collect();
        match items.split_last() {
            None => String::new(),
            Some((last, [])) => (*last).to_owned(),
            Some((last, rest)) => self.t_args("list-and", &[("a", rest.join(", ")), ("b", (*last).to_owned())]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_best_supported() {
        assert_eq!(Lang::from_accept_language("en-GB,en;q=0.9,fr;q=0.8"), Lang::En);
        assert_eq!(Lang::from_accept_language("de-DE,fr;q=0.5,en;q=0.4"), Lang::Fr);
        assert_eq!(Lang::from_accept_language("de"), Lang::Fr);
        assert_eq!(Lang::from_accept_language(""), Lang::Fr);
    }

    #[test]
    fn numbers_follow_the_language() {
        assert_eq!(Lang::Fr.decimal(41.5), "41,5");
        assert_eq!(Lang::En.decimal(41.5), "41.5");
        assert_eq!(Lang::Fr.decimal(56), "56");
    }

    #[test]
    fn decimals_follow_the_language() {
        let args = [("points", "43.5".to_owned())];
        assert!(Lang::Fr.t_args("record-points-not-half", &args).contains("43,5"));
        assert!(Lang::En.t_args("record-points-not-half", &args).contains("43.5"));
        // A whole value written with its decimal keeps it in both languages.
        let whole = [("rating", "1588.0".to_owned())];
        assert_eq!(Lang::En.t_args("career-rating-line", &whole), "Rating: 1588.0");
        assert_eq!(Lang::Fr.t_args("career-rating-line", &whole), "Cote : 1588,0");
    }

    #[test]
    fn dates_are_written_in_the_language() {
        assert_eq!(Lang::Fr.date("2026-11-28"), "28 novembre 2026");
        assert_eq!(Lang::Fr.date("2026-12-01"), "1er décembre 2026");
        assert_eq!(Lang::En.date("2026-11-28"), "28 November 2026");
        assert_eq!(Lang::Fr.date(""), "");
    }

    #[test]
    fn names_after_de_le_que_are_elided() {
        assert_eq!(elide("de", "Odile"), "d'Odile");
        assert_eq!(elide("de", "Paul"), "de Paul");
        assert_eq!(elide("que", "Étienne"), "qu'Étienne");
        assert_eq!(elide("le", "Henri"), "l'Henri");
        assert_eq!(elide("de", "Yves"), "d'Yves");
        assert_eq!(elide("de", "Yannick"), "de Yannick");
        assert_eq!(elide("de", ""), "de ");
        // A name isolated for display elides as itself.
        assert_eq!(elide("de", "\u{2068}Odile\u{2069}"), "d'\u{2068}Odile\u{2069}");
        assert_eq!(elide("de", "\u{2068}Paul\u{2069}"), "de \u{2068}Paul\u{2069}");
        // Through the Fluent function, in the deal's sentence.
        let args = [
            ("contract", "Garde".to_owned()),
            ("taker", "Odile".to_owned()),
            ("margin", "10".to_owned()),
            ("formula", "f".to_owned()),
        ];
        assert_eq!(
            Lang::Fr.t_args("deal-summary-made", &args),
            "Garde d'Odile faite de 10 : f"
        );
        assert_eq!(
            Lang::En.t_args("deal-summary-made", &args),
            "Garde by Odile made by 10: f"
        );
    }

    #[test]
    fn messages_exist_in_both_languages() {
        assert_eq!(Lang::Fr.t("nav-home"), "Accueil");
        assert_eq!(Lang::En.t("nav-home"), "Home");
    }
}
