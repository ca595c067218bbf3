//! Why a recorded deal is refused.
//!
//! Each variant's `Display` is one English sentence a player understands;
//! [`RecordError::code`] is a stable kebab-case id and [`RecordError::args`]
//! the variable parts, so the web layer can translate through Fluent.

/// A deal record that is invalid or could not have happened.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// Table size other than 3, 4, 5 or 6.
    #[error("a table has 3, 4, 5 or 6 players, not {players}")]
    PlayersCount {
        /// The size given.
        players: i64,
    },
    /// Taker seat outside `0..players`.
    #[error("taker seat {taker} is not at the table: seats go from 0 to {last}")]
    TakerSeat {
        /// The seat given.
        taker: i64,
        /// The last seat of the table.
        last: u8,
    },
    /// A partner given at 3 or 4 players.
    #[error("partner is only for 5 players")]
    PartnerNotFivePlayers,
    /// A list of partners at 5 players (one seat or null there).
    #[error("a list of partners is only for 6 players: at 5 players partner is one seat or null")]
    PartnerListNotSix,
    /// A bare seat as partner at 6 players (a list there).
    #[error("at 6 players partner is a list of seats (the holders of the called king and queen), or null")]
    PartnerNotList,
    /// More than two partners at 6 players.
    #[error("at 6 players the taker has 2 partners at most, not {count}")]
    TooManyPartners {
        /// The number of partners given.
        count: usize,
    },
    /// The taker in the list of partners at 6 players.
    #[error(
        "the taker (seat {taker}) can't be in the list of partners: a called card in the taker's hand gives no partner"
    )]
    PartnerIsTaker {
        /// The taker's seat.
        taker: u8,
    },
    /// The same seat twice in the list of partners.
    #[error("partner seat {partner} is listed twice")]
    PartnerTwice {
        /// The seat given twice.
        partner: u8,
    },
    /// Partner seat outside the table.
    #[error("partner seat {partner} is not at the table: seats go from 0 to {last}")]
    PartnerSeat {
        /// The seat given.
        partner: i64,
        /// The last seat of the table.
        last: u8,
    },
    /// Points below 0 or above 91.
    #[error("points must be between 0 and 91")]
    PointsRange,
    /// Points not a multiple of 0.5.
    #[error("points must be a multiple of 0.5, not {points}")]
    PointsNotHalf {
        /// The points given, as typed.
        points: String,
    },
    /// Oudlers outside 0..=3.
    #[error("oudlers must be between 0 and 3, not {oudlers}")]
    OudlersRange {
        /// The count given.
        oudlers: i64,
    },
    /// A petite under the `no_petite` variant.
    #[error("a petite is not allowed in this tournament: garde is the lowest contract")]
    PetiteRefused,
    /// Misères while the `misere` variant is off.
    #[error("misère is not played in this tournament")]
    MisereDisabled,
    /// Misère seat outside the table.
    #[error("misère seat {seat} is not at the table: seats go from 0 to {last}")]
    MisereSeat {
        /// The seat given.
        seat: i64,
        /// The last seat of the table.
        last: u8,
    },
    /// The same misère twice for one seat.
    #[error("seat {seat} declared the same misère ({kind}) twice")]
    MisereTwice {
        /// The seat.
        seat: u8,
        /// `trumps` or `heads`.
        kind: &'static str,
    },
    /// A misère without trumps and a handful by the same seat.
    #[error("seat {seat} can't show a handful of trumps after declaring a misère without trumps")]
    MisereTrumpsWithHandful {
        /// The seat.
        seat: u8,
    },
    /// So many players without trumps that the others and the dog can't hold the 22.
    #[error("{count} players without trumps is impossible: the other hands and the dog can't hold the 21 trumps and the excuse")]
    TooManyMiseresTrumps {
        /// Players who declared a misère of trumps.
        count: u8,
    },
    /// So many players without face cards that the others and the dog can't hold the 16.
    #[error(
        "{count} players without face cards is impossible: the other hands and the dog can't hold the 16 face cards"
    )]
    TooManyMiseresHeads {
        /// Players who declared a misère of heads.
        count: u8,
    },
    /// Handful seat outside the table.
    #[error("handful seat {seat} is not at the table: seats go from 0 to {last}")]
    HandfulSeat {
        /// The seat given.
        seat: i64,
        /// The last seat of the table.
        last: u8,
    },
    /// Two handfuls for one seat.
    #[error("seat {seat} showed two handfuls, but a player shows one at most")]
    HandfulTwice {
        /// The seat.
        seat: u8,
    },
    /// Handfuls needing more than the 22 trumps and excuse.
    #[error("these handfuls need {needed} trumps, more than the 21 trumps and the excuse of the deck")]
    HandfulsTooManyTrumps {
        /// Trumps the handfuls need together.
        needed: u16,
    },
    /// Petit au bout for an attack without any oudler.
    #[error("petit au bout for the attack needs the petit, but the attack has no oudler")]
    PetitAuBoutAttackNoOudler,
    /// Petit au bout for the defence while the attack holds all three oudlers.
    #[error("petit au bout for the defence is impossible: the attack has all three oudlers, the petit among them")]
    PetitAuBoutDefenceAllOudlers,
    /// Petit au bout for the attack in a chelem by the defence.
    #[error("petit au bout for the attack is impossible when the defence took every trick")]
    PetitAuBoutAttackDefenceChelem,
    /// Petit au bout for the defence in a chelem by the attack.
    #[error("petit au bout for the defence is impossible when the attack took every trick")]
    PetitAuBoutDefenceAttackChelem,
    /// Chelem by the attack with fewer than 2 oudlers (outside garde contre).
    #[error("the attack took every trick, so it won the petit and the monde: at least 2 oudlers, not {oudlers}")]
    ChelemAttackOudlers {
        /// The count given.
        oudlers: u8,
    },
    /// Chelem by the defence with more than 1 attack oudler (outside garde sans).
    #[error(
        "the defence took every trick, so the attack can only have kept the excuse: at most 1 oudler, not {oudlers}"
    )]
    ChelemDefenceOudlers {
        /// The count given.
        oudlers: u8,
    },
    /// Chelem by the attack with points that fail the contract.
    #[error("the attack took every trick, so it can't have failed its contract")]
    ChelemAttackLost,
    /// Chelem by the defence with points that make the contract.
    #[error("the defence took every trick, so the attack can't have made its contract")]
    ChelemDefenceWon,
    /// More points than the oudlers the attack lacks leave.
    #[error("with {oudlers} {} the attack can't have more than {max} points: each oudler it lacks is worth 4.5 to the defence (at least 4, as the excuse may owe a half-point card)", oudler_word(.oudlers))]
    PointsAboveOudlers {
        /// The attack's oudlers.
        oudlers: u8,
        /// The most it can have.
        max: String,
    },
    /// Fewer points than the attack's own oudlers are worth.
    #[error("with {oudlers} {} the attack has at least {min} points: each oudler is worth 4.5 (at least 4, as the excuse may owe a half-point card)", oudler_word(.oudlers))]
    PointsBelowOudlers {
        /// The attack's oudlers.
        oudlers: u8,
        /// The least it can have.
        min: String,
    },
    /// Without a chelem the defence won a trick: a few points are out of reach.
    #[error("without a chelem the defence won at least one trick, so with {oudlers} {} the attack can't have more than {max} points", oudler_word(.oudlers))]
    PointsAboveNoChelem {
        /// The attack's oudlers.
        oudlers: u8,
        /// The most it can have.
        max: String,
    },
    /// In garde contre the dog counts for the defence.
    #[error("in a garde contre the dog counts for the defence, so with {oudlers} {} the attack can't have more than {max} points", oudler_word(.oudlers))]
    PointsAboveGardeContre {
        /// The attack's oudlers.
        oudlers: u8,
        /// The most it can have.
        max: String,
    },
    /// Without a chelem the attack won a trick (garde contre: nothing else counts for it).
    #[error("without a chelem the attack won at least one trick, so with {oudlers} {} it has at least {min} points", oudler_word(.oudlers))]
    PointsBelowNoChelem {
        /// The attack's oudlers.
        oudlers: u8,
        /// The least it can have.
        min: String,
    },
    /// Without a chelem the attack won a trick and counts the écart or the dog.
    #[error("without a chelem the attack won at least one trick and counts the écart or the dog too, so with {oudlers} {} it has at least {min} points", oudler_word(.oudlers))]
    PointsBelowNoChelemEcart {
        /// The attack's oudlers.
        oudlers: u8,
        /// The least it can have.
        min: String,
    },
    /// In a chelem by the defence the attack still counts its écart or the dog (garde sans).
    #[error("the attack keeps the écart or the dog even when the defence takes every trick, so with {oudlers} {} it has at least {min} points", oudler_word(.oudlers))]
    PointsBelowEcart {
        /// The attack's oudlers.
        oudlers: u8,
        /// The least it can have.
        min: String,
    },
    /// A chelem by the attack (not garde contre) leaves it 91, or 87 when the defence kept the excuse.
    #[error("the attack took every trick with {oudlers} oudlers, so it has exactly {expected} points")]
    ChelemAttackPoints {
        /// The attack's oudlers.
        oudlers: u8,
        /// The only possible points.
        expected: String,
    },
    /// A chelem by the attack in garde contre: the defence has only the dog and the excuse.
    #[error("the attack took every trick and the defence has only the dog and the excuse, so with {oudlers} {} the attack has at least {min} points", oudler_word(.oudlers))]
    ChelemAttackPointsBelow {
        /// The attack's oudlers.
        oudlers: u8,
        /// The least it can have.
        min: String,
    },
    /// A chelem by the defence: the attack has only the écart or dog and the excuse.
    #[error("the defence took every trick, so with {oudlers} {} the attack can't have more than {max} points", oudler_word(.oudlers))]
    ChelemDefencePointsAbove {
        /// The attack's oudlers.
        oudlers: u8,
        /// The most it can have.
        max: String,
    },
    /// A contract name that is not one of the four.
    #[error("unknown contract \"{value}\": expected petite, garde, garde_sans or garde_contre")]
    UnknownContract {
        /// The name given.
        value: String,
    },
    /// A handful size that is not one of the three.
    #[error("unknown handful size \"{value}\": expected simple, double or triple")]
    UnknownHandfulSize {
        /// The name given.
        value: String,
    },
    /// A camp name that is neither attack nor defence.
    #[error("unknown camp \"{value}\" for {field}: expected attack or defence")]
    UnknownCamp {
        /// The record field.
        field: &'static str,
        /// The name given.
        value: String,
    },
    /// A misère kind that is neither trumps nor heads.
    #[error("unknown misère kind \"{value}\": expected trumps or heads")]
    UnknownMisereKind {
        /// The name given.
        value: String,
    },
    /// A required field is absent.
    #[error("the record has no {field}")]
    MissingField {
        /// The field's path, e.g. `points` or `handfuls[0].size`.
        field: String,
    },
    /// A field of the wrong JSON type.
    #[error("{field} must be {expected}")]
    WrongType {
        /// The field's path, e.g. `points` or `handfuls[0].seat`.
        field: String,
        /// What it must be, e.g. `a number`.
        expected: &'static str,
    },
    /// The record is not a JSON object.
    #[error("a record must be a JSON object")]
    NotAnObject,
    /// Any other shape problem (fallback).
    #[error("the record is malformed: {detail}")]
    Malformed {
        /// The decoder's explanation.
        detail: String,
    },
}

/// "oudler" or "oudlers".
fn oudler_word(n: &u8) -> &'static str {
    if *n == 1 {
        "oudler"
    } else {
        "oudlers"
    }
}

impl RecordError {
    /// A stable kebab-case id of the variant (the Fluent message id suffix).
    pub fn code(&self) -> &'static str {
        use RecordError::*;
        match self {
            PlayersCount { .. } => "players-count",
            TakerSeat { .. } => "taker-seat",
            PartnerNotFivePlayers => "partner-not-five",
            PartnerListNotSix => "partner-list-not-six",
            PartnerNotList => "partner-not-list",
            TooManyPartners { .. } => "too-many-partners",
            PartnerIsTaker { .. } => "partner-is-taker",
            PartnerTwice { .. } => "partner-twice",
            PartnerSeat { .. } => "partner-seat",
            PointsRange => "points-range",
            PointsNotHalf { .. } => "points-not-half",
            OudlersRange { .. } => "oudlers-range",
            PetiteRefused => "petite-refused",
            MisereDisabled => "misere-disabled",
            MisereSeat { .. } => "misere-seat",
            MisereTwice { .. } => "misere-twice",
            MisereTrumpsWithHandful { .. } => "misere-trumps-with-handful",
            TooManyMiseresTrumps { .. } => "too-many-miseres-trumps",
            TooManyMiseresHeads { .. } => "too-many-miseres-heads",
            HandfulSeat { .. } => "handful-seat",
            HandfulTwice { .. } => "handful-twice",
            HandfulsTooManyTrumps { .. } => "handfuls-too-many-trumps",
            PetitAuBoutAttackNoOudler => "petit-au-bout-attack-no-oudler",
            PetitAuBoutDefenceAllOudlers => "petit-au-bout-defence-all-oudlers",
            PetitAuBoutAttackDefenceChelem => "petit-au-bout-attack-defence-chelem",
            PetitAuBoutDefenceAttackChelem => "petit-au-bout-defence-attack-chelem",
            ChelemAttackOudlers { .. } => "chelem-attack-oudlers",
            ChelemDefenceOudlers { .. } => "chelem-defence-oudlers",
            ChelemAttackLost => "chelem-attack-lost",
            ChelemDefenceWon => "chelem-defence-won",
            PointsAboveOudlers { .. } => "points-above-oudlers",
            PointsBelowOudlers { .. } => "points-below-oudlers",
            PointsAboveNoChelem { .. } => "points-above-no-chelem",
            PointsAboveGardeContre { .. } => "points-above-garde-contre",
            PointsBelowNoChelem { .. } => "points-below-no-chelem",
            PointsBelowNoChelemEcart { .. } => "points-below-no-chelem-ecart",
            PointsBelowEcart { .. } => "points-below-ecart",
            ChelemAttackPoints { .. } => "chelem-attack-points",
            ChelemAttackPointsBelow { .. } => "chelem-attack-points-below",
            ChelemDefencePointsAbove { .. } => "chelem-defence-points-above",
            UnknownContract { .. } => "unknown-contract",
            UnknownHandfulSize { .. } => "unknown-handful-size",
            UnknownCamp { .. } => "unknown-camp",
            UnknownMisereKind { .. } => "unknown-misere-kind",
            MissingField { .. } => "missing-field",
            WrongType { .. } => "wrong-type",
            NotAnObject => "not-an-object",
            Malformed { .. } => "malformed",
        }
    }

    /// The variable parts of the message, by the names used in `Display`
    /// (Fluent arguments).
    pub fn args(&self) -> Vec<(&'static str, String)> {
        use RecordError::*;
        match self {
            PlayersCount { players } => vec![("players", players.to_string())],
            TakerSeat { taker, last } => {
                vec![("taker", taker.to_string()), ("last", last.to_string())]
            }
            PartnerSeat { partner, last } => {
                vec![("partner", partner.to_string()), ("last", last.to_string())]
            }
            MisereSeat { seat, last } | HandfulSeat { seat, last } => {
                vec![("seat", seat.to_string()), ("last", last.to_string())]
            }
            PointsNotHalf { points } => vec![("points", points.clone())],
            TooManyPartners { count } => vec![("count", count.to_string())],
            PartnerIsTaker { taker } => vec![("taker", taker.to_string())],
            PartnerTwice { partner } => vec![("partner", partner.to_string())],
            OudlersRange { oudlers } => vec![("oudlers", oudlers.to_string())],
            MisereTwice { seat, kind } => {
                vec![("seat", seat.to_string()), ("kind", kind.to_string())]
            }
            MisereTrumpsWithHandful { seat } | HandfulTwice { seat } => {
                vec![("seat", seat.to_string())]
            }
            TooManyMiseresTrumps { count } | TooManyMiseresHeads { count } => {
                vec![("count", count.to_string())]
            }
            HandfulsTooManyTrumps { needed } => vec![("needed", needed.to_string())],
            ChelemAttackOudlers { oudlers } | ChelemDefenceOudlers { oudlers } => {
                vec![("oudlers", oudlers.to_string())]
            }
            PointsAboveOudlers { oudlers, max }
            | PointsAboveNoChelem { oudlers, max }
            | PointsAboveGardeContre { oudlers, max }
            | ChelemDefencePointsAbove { oudlers, max } => {
                vec![("oudlers", oudlers.to_string()), ("max", max.clone())]
            }
            PointsBelowOudlers { oudlers, min }
            | PointsBelowNoChelem { oudlers, min }
            | PointsBelowNoChelemEcart { oudlers, min }
            | PointsBelowEcart { oudlers, min }
            | ChelemAttackPointsBelow { oudlers, min } => {
                vec![("oudlers", oudlers.to_string()), ("min", min.clone())]
            }
            ChelemAttackPoints { oudlers, expected } => {
                vec![("oudlers", oudlers.to_string()), ("expected", expected.clone())]
            }
            UnknownContract { value } | UnknownHandfulSize { value } | UnknownMisereKind { value } => {
                vec![("value", value.clone())]
            }
            UnknownCamp { field, value } => {
                vec![("field", field.to_string()), ("value", value.clone())]
            }
            MissingField { field } => vec![("field", field.clone())],
            WrongType { field, expected } => {
                vec![("field", field.clone()), ("expected", expected.to_string())]
            }
            Malformed { detail } => vec![("detail", detail.clone())],
            PartnerNotFivePlayers
            | PartnerListNotSix
            | PartnerNotList
            | PointsRange
            | PetiteRefused
            | MisereDisabled
            | PetitAuBoutAttackNoOudler
            | PetitAuBoutDefenceAllOudlers
            | PetitAuBoutAttackDefenceChelem
            | PetitAuBoutDefenceAttackChelem
            | ChelemAttackLost
            | ChelemDefenceWon
            | NotAnObject => Vec::new(),
        }
    }
}
