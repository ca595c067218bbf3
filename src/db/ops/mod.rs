//! Tournament operations: the units of work the organizer pages, the table
//! pages and the JSON API share. Each runs on one connection, inside a
//! transaction where it writes more than one row.

pub mod accounts;
pub mod adjust;
pub mod audit;
pub mod clubs;
pub mod deals;
pub mod duplicate;
pub mod events;
pub mod export;
pub mod games;
pub mod known;
pub mod merge;
pub mod player_file;
pub mod player_input;
pub mod players;
pub mod ratings;
pub mod rooms;
pub mod round_clock;
pub mod round_edits;
pub mod round_seating;
pub mod rounds;
pub mod seasons;
pub mod shares;
pub mod standings;
pub mod teams;
pub mod text_input;
pub mod tournaments;
pub mod visible;

/// A sentence to show, as a message key of `locales/` and its arguments: the
/// storage layer says what happened, the web layer says it in the visitor's
/// language (pages) or in English (the API), see `web::message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Msg {
    /// Fluent message id.
    pub key: std::borrow::Cow<'static, str>,
    /// Its arguments.
    pub args: Vec<(&'static str, String)>,
    /// Those of its arguments that a page does not say as they are: names
    /// people typed, cards (see [`Mark`]). One list for both, so that a
    /// message stays small (it travels in many `Err`s).
    pub marks: Vec<(&'static str, Mark)>,
    /// Why, said after it (`…: cause`): a refusal of the rules core behind
    /// a sentence naming where it happened.
    pub cause: Option<Box<Msg>>,
}

impl Msg {
    /// A message without arguments.
    pub fn new(key: &'static str) -> Msg {
        Msg {
            key: std::borrow::Cow::Borrowed(key),
            args: Vec::new(),
            marks: Vec::new(),
            cause: None,
        }
    }

    /// A message whose id is built at run time.
    pub fn owned(key: String) -> Msg {
        Msg {
            key: std::borrow::Cow::Owned(key),
            args: Vec::new(),
            marks: Vec::new(),
            cause: None,
        }
    }

    /// Adds an argument.
    pub fn arg(mut self, name: &'static str, value: impl ToString) -> Msg {
        self.args.push((name, value.to_string()));
        self
    }

    /// Says `cause` after it (see [`Msg::cause`]).
    pub fn because(mut self, cause: Msg) -> Msg {
        self.cause = Some(Box::new(cause));
        self
    }

    /// Adds an argument that is a name someone typed (see [`Msg::names`]).
    pub fn name(mut self, arg: &'static str, value: impl ToString) -> Msg {
        self.marks.push((arg, Mark::Name));
        self.arg(arg, value)
    }
}

/// What an argument of a [`Msg`] is, when a page does not say it as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// A name someone typed (a player's, a room's): a page isolates it from
    /// the sentence around it, so that a name written right to left does
    /// not reorder it.
    Name,
    /// Cards, by their codes a space apart (`KS`, `KS KH`): a page names
    /// them in words in its language.
    Cards,
}

/// Why an operation did not happen. Nothing was written when it fails.
#[derive(Debug, thiserror::Error)]
pub enum OpError {
    /// Bad input (422).
    #[error("refused ({})", .0.key)]
    Invalid(Msg),
    /// Not possible in the current state (409).
    #[error("conflict ({})", .0.key)]
    Conflict(Msg),
    /// A change made from a stale copy (409): the slot changed since the
    /// writer read it; nothing was written.
    #[error("stale ({})", .msg.key)]
    Stale {
        /// What to say.
        msg: Msg,
        /// The deal as it is stored now.
        current: Box<deals::EnteredDeal>,
    },
    /// No such thing (404).
    #[error("not found")]
    NotFound,
    /// Database failure (500).
    #[error("database error: {0}")]
    Db(#[from] diesel::result::Error),
}

/// Shorthand for a 422.
pub fn invalid(key: &'static str) -> OpError {
    OpError::Invalid(Msg::new(key))
}

/// Result of an operation.
pub type OpResult<T> = Result<T, OpError>;
