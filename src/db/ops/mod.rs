//! Tournament operations: the units of work the organizer pages, the table
//! pages and the JSON API share. Each runs on one connection, inside a
//! transaction where it writes more than one row.

pub mod accounts;
pub mod deals;
pub mod player_input;
pub mod players;
pub mod rounds;
pub mod standings;
pub mod tournaments;

use crate::i18n::Lang;

/// A sentence to show, as a message key of `locales/` and its arguments, so
/// that pages say it in the visitor's language and the API in English.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Msg {
    /// Fluent message id.
    pub key: std::borrow::Cow<'static, str>,
    /// Its arguments.
    pub args: Vec<(&'static str, String)>,
}

impl Msg {
    /// A message without arguments.
    pub fn new(key: &'static str) -> Msg {
        Msg {
            key: std::borrow::Cow::Borrowed(key),
            args: Vec::new(),
        }
    }

    /// A message whose id is built at run time.
    pub fn owned(key: String) -> Msg {
        Msg {
            key: std::borrow::Cow::Owned(key),
            args: Vec::new(),
        }
    }

    /// Adds an argument.
    pub fn arg(mut self, name: &'static str, value: impl ToString) -> Msg {
        self.args.push((name, value.to_string()));
        self
    }

    /// The sentence in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        // Field names are translated too (`field-rounds` → « nombre de parties »).
        let args: Vec<(&str, String)> = self
            .args
            .iter()
            .map(|(k, v)| {
                let key = format!("field-{v}");
                if *k == "field" && lang.has(&key) {
                    (*k, lang.t(&key))
                } else {
                    (*k, v.clone())
                }
            })
            .collect();
        lang.t_args(&self.key, &args)
    }
}

/// Why an operation did not happen. Nothing was written when it fails.
#[derive(Debug, thiserror::Error)]
pub enum OpError {
    /// Bad input (422).
    #[error("{}", .0.render(Lang::En))]
    Invalid(Msg),
    /// Not possible in the current state (409).
    #[error("{}", .0.render(Lang::En))]
    Conflict(Msg),
    /// Not allowed (403).
    #[error("{}", .0.render(Lang::En))]
    Forbidden(Msg),
    /// No such thing (404).
    #[error("not found")]
    NotFound,
    /// Database failure (500).
    #[error("database error: {0}")]
    Db(#[from] diesel::result::Error),
}

impl OpError {
    /// The sentence in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        match self {
            OpError::Invalid(m) | OpError::Conflict(m) | OpError::Forbidden(m) => m.render(lang),
            OpError::NotFound => lang.t("error-not-found"),
            OpError::Db(_) => lang.t("error-internal"),
        }
    }
}

/// Shorthand for a 422.
pub fn invalid(key: &'static str) -> OpError {
    OpError::Invalid(Msg::new(key))
}

/// Result of an operation.
pub type OpResult<T> = Result<T, OpError>;
