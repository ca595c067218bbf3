//! What the storage layer refuses, said in words: a [`Msg`] (a message key
//! and its arguments) or an [`OpError`] in the visitor's language for the
//! pages, in English for the API. The only place below the templates where
//! the storage layer's refusals meet a language.

use crate::db::ops::{Mark, Msg, OpError};
use crate::i18n::Lang;

impl Msg {
    /// The sentence in `lang`, for a page: the names isolated.
    pub fn render(&self, lang: Lang) -> String {
        self.said(lang, true)
    }

    /// The sentence in `lang` as plain text (the API, the command line):
    /// no isolating marks around the names.
    pub fn plain(&self, lang: Lang) -> String {
        self.said(lang, false)
    }

    fn said(&self, lang: Lang, isolate: bool) -> String {
        // Field names are translated too (`field-rounds` → « nombre de parties »),
        // and cards named (`KH` → « le roi de cœur »).
        let args: Vec<(&str, String)> = self
            .args
            .iter()
            .map(|(k, v)| {
                let key = format!("field-{v}");
                if *k == "field" && lang.has(&key) {
                    (*k, lang.t(&key))
                } else if self.marks.contains(&(*k, Mark::Cards)) {
                    // Cards in words: « le roi de pique et le roi de cœur ».
                    (*k, lang.cards_words(v))
                } else if isolate && self.marks.contains(&(*k, Mark::Name)) {
                    (*k, crate::web::filters::isolated(v))
                } else {
                    (*k, v.clone())
                }
            })
            .collect();
        let said = lang.t_args(&self.key, &args);
        match &self.cause {
            // French sets its colon apart.
            Some(cause) => match lang {
                Lang::Fr => format!("{said} : {}", cause.said(lang, isolate)),
                _ => format!("{said}: {}", cause.said(lang, isolate)),
            },
            None => said,
        }
    }
}

impl OpError {
    /// The sentence in `lang`, for a page.
    pub fn render(&self, lang: Lang) -> String {
        self.said(lang, Msg::render)
    }

    /// The sentence in `lang` as plain text (the API, the command line).
    pub fn plain(&self, lang: Lang) -> String {
        self.said(lang, Msg::plain)
    }

    fn said(&self, lang: Lang, say: fn(&Msg, Lang) -> String) -> String {
        match self {
            OpError::Invalid(m) | OpError::Conflict(m) | OpError::Stale { msg: m, .. } => say(m, lang),
            OpError::NotFound => lang.t("error-not-found"),
            OpError::Db(e) => match crate::db::fault::fault(e) {
                Some(crate::db::fault::Fault::ReadOnly) => lang.t("error-read-only"),
                Some(crate::db::fault::Fault::Lost) => lang.t("error-unavailable"),
                None => lang.t("error-internal"),
            },
        }
    }
}

impl crate::db::ops::export::ImportError {
    /// The sentence in `lang`: a refusal is its place and its reason
    /// (`round 2, table 3, deal 4: …`); the others say themselves.
    pub fn render(&self, lang: Lang) -> String {
        match self {
            Self::Refused { place, reason } => format!("{place}: {}", reason.render(lang)),
            other => other.to_string(),
        }
    }

    /// The same as plain text (the API, the command line).
    pub fn plain(&self, lang: Lang) -> String {
        match self {
            Self::Refused { place, reason } => format!("{place}: {}", reason.plain(lang)),
            other => other.to_string(),
        }
    }
}

impl crate::db::ops::accounts::AccountError {
    /// The sentence in `lang` when the error refuses what was typed (a bad
    /// name, a short password, a name taken, an account there already);
    /// `None` for a failure of the server's own (see `AppError::from`).
    pub fn refusal(&self, lang: Lang) -> Option<String> {
        use crate::db::ops::accounts::{AccountError, MIN_PASSWORD_LEN};
        Some(match self {
            AccountError::BadUsername => lang.t("account-bad-username"),
            AccountError::WeakPassword => {
                lang.t_args("account-weak-password", &[("min", MIN_PASSWORD_LEN.to_string())])
            }
            AccountError::Exists(name) => lang.t_args("account-exists", &[("name", name.clone())]),
            AccountError::NotFirst => lang.t("setup-closed"),
            AccountError::NoSuchUser(_)
            | AccountError::WhichClub
            | AccountError::NoSuchClub(_)
            | AccountError::Db(_)
            | AccountError::Hash(_) => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_isolates_the_names_plain_text_does_not() {
        let msg = Msg::new("seats-constraint-room")
            .name("name", "\u{5D3}\u{5E0}\u{5D4}")
            .name("room", "Mezzanine");
        let page = msg.render(Lang::En);
        assert!(
            page.starts_with("\u{2068}\u{5D3}\u{5E0}\u{5D4}\u{2069} must play in room “\u{2068}Mezzanine\u{2069}”"),
            "{page}"
        );
        let plain = OpError::Conflict(msg).plain(Lang::En);
        assert!(
            plain.starts_with("\u{5D3}\u{5E0}\u{5D4} must play in room “Mezzanine”"),
            "{plain}"
        );
        // Other arguments stay as they are.
        let n = Msg::new("seats-constraint-fixed").name("name", "Zoé").arg("table", 3);
        assert!(n.render(Lang::En).contains("at table 3 "), "{}", n.render(Lang::En));
    }

    /// A card code in a sentence (`KS`, `10H`, `21T`, `EX`).
    fn has_code(text: &str) -> bool {
        text.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
            let b = w.as_bytes();
            w == "EX"
                || ((2..=3).contains(&b.len())
                    && b"SHDCT".contains(&b[b.len() - 1])
                    && b[..b.len() - 1]
                        .iter()
                        .all(|c| c.is_ascii_digit() || b"JNQK".contains(c)))
        })
    }

    #[test]
    fn every_refusal_of_the_rules_names_its_cards_in_words() {
        use crate::db::ops::games::play_reason;
        use crate::tarot::PlayError::*;
        let card = || "QH".to_owned();
        let refusals = [
            (CallKing { card: card() }, "la dame de cœur", "the queen of hearts"),
            (CallQueen { card: "KS".into() }, "le roi de pique", "the king of spades"),
            (CallKnight { card: card() }, "la dame de cœur", "the queen of hearts"),
            (
                CallKingQueen { cards: "KS KH".into() },
                "pas le roi de pique et le roi de cœur.",
                "not the king of spades and the king of hearts",
            ),
            (
                CallTwoQueens { cards: "QS QS".into() },
                "pas la dame de pique et la dame de pique.",
                "not the queen of spades and the queen of spades",
            ),
            (
                CallTwoKnights { cards: "NS KD".into() },
                "pas le cavalier de pique et le roi de carreau.",
                "not the knight of spades and the king of diamonds",
            ),
            (
                DiscardNotInHand { card: "1C".into() },
                "l'as de trèfle",
                "the ace of clubs",
            ),
            (
                DiscardKing { card: "KD".into() },
                "(le roi de carreau)",
                "(the king of diamonds)",
            ),
            (DiscardOudler { card: "EX".into() }, "(l'excuse)", "(the excuse)"),
            (
                DiscardTrump { card: "5T".into() },
                "(le 5 d'atout)",
                "(the 5 of trumps)",
            ),
            (
                HandfulNotTrump { card: "10H".into() },
                "le 10 de cœur",
                "the 10 of hearts",
            ),
            (HandfulNotInHand { card: "1T".into() }, "le petit", "the petit"),
            (
                CardNotInHand { card: "JS".into() },
                "le valet de pique",
                "the jack of spades",
            ),
            (
                MustFollow {
                    card: "7D".into(),
                    led: "2C".into(),
                },
                "(le 2 de trèfle) : le 7 de carreau",
                "(the 2 of clubs): the 7 of diamonds",
            ),
            (
                MustTrump { card: "NC".into() },
                "le cavalier de trèfle",
                "the knight of clubs",
            ),
            (
                MustOvertrump {
                    card: "3T".into(),
                    highest: "21T".into(),
                },
                "le 21 d'atout quand on le peut : le 3 d'atout",
                "than the 21 of trumps when you can: the 3 of trumps",
            ),
            (
                CalledSuitFirstTrick { card: "2H".into() },
                "(le 2 de cœur)",
                "(the 2 of hearts)",
            ),
        ];
        for (e, fr, en) in refusals {
            let msg = play_reason(&e);
            let (said_fr, said_en) = (msg.render(Lang::Fr), msg.render(Lang::En));
            assert!(said_fr.contains(fr), "{said_fr}");
            assert!(said_en.contains(en), "{said_en}");
            assert!(!has_code(&said_fr) && !has_code(&said_en), "{said_fr} / {said_en}");
            assert!(!said_fr.contains(" and "), "{said_fr}");
            // The API's plain text says the same.
            assert_eq!(msg.plain(Lang::En), said_en);
        }
        // The other arguments stay as they are: a bid is no card, nor a
        // card code someone mistyped.
        let low = play_reason(&BidTooLow {
            bid: "garde",
            highest: "garde",
        });
        assert!(low.marks.is_empty());
        assert_eq!(Lang::Fr.cards_words("ZZ 1S"), "ZZ et l'as de pique");
        assert_eq!(
            Lang::En.cards_words("KS QH NC"),
            "the king of spades, the queen of hearts and the knight of clubs"
        );
    }
}
