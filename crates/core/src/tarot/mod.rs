//! The game of French Tarot, pure: cards, deal records, FFT scoring.
//!
//! No I/O here: the CLI (`cli_score`) and the web layer call into it.
//!
//! * [`card`]: the 78 cards and their notation.
//! * [`contract`]: seats, half points, contracts, camps, handfuls, chelem, misère.
//! * [`rules`]: tournament scoring variants.
//! * [`cards`]: sets of cards as a 128-bit mask.
//! * [`play`]: a deal played card by card (the state machine), its views and log.
//! * [`record`]: a recorded deal, checked on construction.
//! * [`bounds`]: which card points a deal allows (the impossibility rules).
//! * [`mod@score`]: the FFT score of a deal.
//! * [`wire`]: the `chelem score` JSON interface.

pub mod bounds;
pub mod card;
pub mod cards;
pub mod contract;
pub mod error;
pub mod play;
pub mod play_error;
pub mod record;
pub mod rules;
pub mod score;
pub mod wire;

pub use bounds::possible_points;
pub use card::{Card, CardKind, ParseCardError, Rank, Suit};
pub use cards::CardSet;
pub use contract::{Camp, Chelem, Contract, HalfPoints, Handful, HandfulSize, Misere, MisereKind, Seat};
pub use error::RecordError;
pub use play::{Action, Call, CompactDeal, Game, GameLog, Phase, SeatView};
pub use play_error::PlayError;
pub use record::{target, DealRecord, RecordInput};
pub use rules::ScoringRules;
pub use score::{score, DealScore, FormulaParts, Outcome, TermNames};
pub use wire::{score_json, score_value, ErrorOutput, ScoreInput, ScoreOutput};
