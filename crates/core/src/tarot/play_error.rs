//! Why an action of a deal in play is refused.
//!
//! Like [`super::RecordError`]: `Display` is one English sentence,
//! [`PlayError::code`] a stable kebab-case id (Fluent message `play-<code>`
//! in `locales/*/play.ftl`) and [`PlayError::args`] the variable parts.

use super::contract::Seat;

/// An action refused by the rules; the deal is left unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// A seat outside the table.
    #[error("seat {seat} is not at the table: seats go from 0 to {last}")]
    NoSuchSeat {
        /// The seat given.
        seat: Seat,
        /// The last seat.
        last: Seat,
    },
    /// The deal is over.
    #[error("the deal is over: no more actions")]
    DealOver,
    /// Not this seat's turn.
    #[error("it is not seat {seat}'s turn: seat {to_act} is to act")]
    NotYourTurn {
        /// Who tried.
        seat: Seat,
        /// Who is to act.
        to_act: Seat,
    },
    /// An action that does not belong to the current phase.
    #[error("a {action} is not possible now: the deal is in the {phase} phase")]
    WrongPhase {
        /// The action tried (`bid`, `call`, ...).
        action: &'static str,
        /// The phase (`bidding`, ...).
        phase: &'static str,
    },
    /// A bid not above the highest one.
    #[error("a bid must be higher than the last one: {bid} is not higher than {highest}")]
    BidTooLow {
        /// The bid.
        bid: &'static str,
        /// The highest bid so far.
        highest: &'static str,
    },
    /// A called card that is not a king.
    #[error("the taker calls a king, not {card}")]
    CallKing {
        /// The card called.
        card: String,
    },
    /// A called card that is not a queen while holding the four kings.
    #[error("holding the four kings, the taker calls a queen, not {card}")]
    CallQueen {
        /// The card called.
        card: String,
    },
    /// One card called at 6 players (two there: a king and a queen).
    #[error("at 6 players the taker calls two cards, a king and a queen, not one")]
    CallTwo,
    /// Two cards called at 5 players (one there).
    #[error("at 5 players the taker calls one card, not two")]
    CallOne,
    /// At 6 players, a pair that is not a king and a queen.
    #[error("at 6 players the taker calls a king and a queen, not {}", .cards.replace(' ', " and "))]
    CallKingQueen {
        /// The cards called, their codes a space apart (`KH KS`).
        cards: String,
    },
    /// At 6 players holding the four kings, a pair that is not two queens.
    #[error("holding the four kings, the taker calls two different queens, not {}", .cards.replace(' ', " and "))]
    CallTwoQueens {
        /// The cards called (`QH QH`).
        cards: String,
    },
    /// At 6 players holding the four kings and queens, a pair that is not two knights.
    #[error("holding the four kings and the four queens, the taker calls two different knights, not {}", .cards.replace(' ', " and "))]
    CallTwoKnights {
        /// The cards called (`NH NH`).
        cards: String,
    },
    /// A called card that is not a knight while holding the four kings and queens.
    #[error("holding the four kings and the four queens, the taker calls a knight, not {card}")]
    CallKnight {
        /// The card called.
        card: String,
    },
    /// An écart of the wrong size.
    #[error("the écart has as many cards as the dog: {needed}, not {count}")]
    DiscardCount {
        /// Cards given.
        count: u32,
        /// Cards needed.
        needed: u32,
    },
    /// An écart card the taker does not hold.
    #[error("{card} is not in your hand")]
    DiscardNotInHand {
        /// The card.
        card: String,
    },
    /// A king in the écart.
    #[error("a king can't go in the écart ({card})")]
    DiscardKing {
        /// The card.
        card: String,
    },
    /// An oudler in the écart.
    #[error("an oudler can't go in the écart ({card})")]
    DiscardOudler {
        /// The card.
        card: String,
    },
    /// A trump in the écart while other cards could go.
    #[error("a trump can go in the écart only when no other card can ({card})")]
    DiscardTrump {
        /// The card.
        card: String,
    },
    /// A handful after the seat's first card, or a second one.
    #[error("a handful is shown once, before your first card")]
    HandfulLate,
    /// A handful of a size that is none of the three.
    #[error("a handful shows {simple}, {double} or {triple} trumps at this table, not {count}")]
    HandfulSize {
        /// Cards shown.
        count: u32,
        /// Simple size.
        simple: u8,
        /// Double size.
        double: u8,
        /// Triple size.
        triple: u8,
    },
    /// A handful card that is not a trump (nor the excuse).
    #[error("a handful shows trumps only, not {card}")]
    HandfulNotTrump {
        /// The card.
        card: String,
    },
    /// A handful card the seat does not hold.
    #[error("{card} is not in your hand")]
    HandfulNotInHand {
        /// The card.
        card: String,
    },
    /// The excuse shown while holding other trumps.
    #[error("the excuse stands for a trump in a handful only when you have no other trump")]
    HandfulExcuse,
    /// A card the seat does not hold.
    #[error("{card} is not in your hand")]
    CardNotInHand {
        /// The card.
        card: String,
    },
    /// Not following the suit led.
    #[error("you must follow the suit led ({led}): {card} is not of that suit")]
    MustFollow {
        /// The card played.
        card: String,
        /// The card that set the suit.
        led: String,
    },
    /// Not trumping without the suit led.
    #[error("without the suit led you must trump: {card} is not a trump")]
    MustTrump {
        /// The card played.
        card: String,
    },
    /// Not overtrumping when possible.
    #[error("you must play a trump higher than {highest} when you can: {card} is lower")]
    MustOvertrump {
        /// The card played.
        card: String,
        /// The highest trump of the trick.
        highest: String,
    },
    /// A called suit led on the first trick at 5 or 6 players.
    #[error("on the first trick the called suit can't be led, except the called card itself ({card})")]
    CalledSuitFirstTrick {
        /// The card played.
        card: String,
    },
}

impl PlayError {
    /// A stable kebab-case id of the variant (the Fluent id is `play-<code>`).
    pub fn code(&self) -> &'static str {
        use PlayError::*;
        match self {
            NoSuchSeat { .. } => "no-such-seat",
            DealOver => "deal-over",
            NotYourTurn { .. } => "not-your-turn",
            WrongPhase { .. } => "wrong-phase",
            BidTooLow { .. } => "bid-too-low",
            CallKing { .. } => "call-king",
            CallQueen { .. } => "call-queen",
            CallKnight { .. } => "call-knight",
            CallTwo => "call-two",
            CallOne => "call-one",
            CallKingQueen { .. } => "call-king-queen",
            CallTwoQueens { .. } => "call-two-queens",
            CallTwoKnights { .. } => "call-two-knights",
            DiscardCount { .. } => "discard-count",
            DiscardNotInHand { .. } => "discard-not-in-hand",
            DiscardKing { .. } => "discard-king",
            DiscardOudler { .. } => "discard-oudler",
            DiscardTrump { .. } => "discard-trump",
            HandfulLate => "handful-late",
            HandfulSize { .. } => "handful-size",
            HandfulNotTrump { .. } => "handful-not-trump",
            HandfulNotInHand { .. } => "handful-not-in-hand",
            HandfulExcuse => "handful-excuse",
            CardNotInHand { .. } => "card-not-in-hand",
            MustFollow { .. } => "must-follow",
            MustTrump { .. } => "must-trump",
            MustOvertrump { .. } => "must-overtrump",
            CalledSuitFirstTrick { .. } => "called-suit-first-trick",
        }
    }

    /// The variable parts of the message (Fluent arguments).
    pub fn args(&self) -> Vec<(&'static str, String)> {
        use PlayError::*;
        match self {
            NoSuchSeat { seat, last } => vec![("seat", seat.to_string()), ("last", last.to_string())],
            NotYourTurn { seat, to_act } => vec![("seat", seat.to_string()), ("to_act", to_act.to_string())],
            WrongPhase { action, phase } => vec![("action", action.to_string()), ("phase", phase.to_string())],
            BidTooLow { bid, highest } => vec![("bid", bid.to_string()), ("highest", highest.to_string())],
            CallKing { card }
            | CallQueen { card }
            | CallKnight { card }
            | DiscardNotInHand { card }
            | DiscardKing { card }
            | DiscardOudler { card }
            | DiscardTrump { card }
            | HandfulNotTrump { card }
            | HandfulNotInHand { card }
            | CardNotInHand { card }
            | MustTrump { card }
            | CalledSuitFirstTrick { card } => vec![("card", card.clone())],
            DiscardCount { count, needed } => vec![("count", count.to_string()), ("needed", needed.to_string())],
            HandfulSize {
                count,
                simple,
                double,
                triple,
            } => vec![
                ("count", count.to_string()),
                ("simple", simple.to_string()),
                ("double", double.to_string()),
                ("triple", triple.to_string()),
            ],
            MustFollow { card, led } => vec![("card", card.clone()), ("led", led.clone())],
            MustOvertrump { card, highest } => vec![("card", card.clone()), ("highest", highest.clone())],
            CallKingQueen { cards } | CallTwoQueens { cards } | CallTwoKnights { cards } => {
                vec![("cards", cards.clone())]
            }
            DealOver | HandfulLate | HandfulExcuse | CallTwo | CallOne => vec![],
        }
    }
}
