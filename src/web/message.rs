//! What the storage layer refuses, said in words: a [`Msg`] (a message key
//! and its arguments) or an [`OpError`] in the visitor's language for the
//! pages, in English for the API. The only place below the templates where
//! the storage layer's refusals meet a language.

use crate::db::ops::{Msg, OpError};
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
        // Field names are translated too (`field-rounds` → « nombre de parties »).
        let args: Vec<(&str, String)> = self
            .args
            .iter()
            .map(|(k, v)| {
                let key = format!("field-{v}");
                if *k == "field" && lang.has(&key) {
                    (*k, lang.t(&key))
                } else if isolate && self.names.contains(k) {
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
            AccountError::NoSuchUser(_) | AccountError::Db(_) | AccountError::Hash(_) => return None,
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
}
