//! The `chelem score` / `POST /api/score` JSON interface (FORMATS.md).
//!
//! Input: one record object; output: `{"won", "target", "scores", ...}` or,
//! for an invalid record, a [`RecordError`] (rendered `{"error": "..."}`).
//! Names (contract, handful size, camps) are read as strings and converted
//! here, so an unknown one gets a sentence rather than a decoder message;
//! wrong-typed fields are diagnosed field by field.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::contract::{Camp, Chelem, Contract, HalfPoints, Handful, HandfulSize, Misere, MisereKind, Seat};
use super::error::RecordError;
use super::record::{DealRecord, RecordInput};
use super::rules::ScoringRules;
use super::score::{score, DealScore, FormulaParts, TermNames};

/// One declared handful as sent: `{"seat": 1, "size": "simple"}`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct HandfulInput<'a> {
    /// Seat of the player who showed it.
    pub seat: i64,
    /// `simple`, `double` or `triple`.
    #[serde(borrow)]
    pub size: Cow<'a, str>,
}

/// The chelem object as sent: `{"announced": false, "made_by": null}`.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
pub struct ChelemInput<'a> {
    /// Announced by the taker (absent or null: no).
    #[serde(default)]
    pub announced: Option<bool>,
    /// `attack`, `defence` or null.
    #[serde(default, borrow)]
    pub made_by: Option<Cow<'a, str>>,
}

/// One misère as sent (variant): `{"seat": 2, "kind": "trumps"}`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct MisereInput<'a> {
    /// Seat of the declarer.
    pub seat: i64,
    /// `trumps` or `heads`.
    #[serde(borrow)]
    pub kind: Cow<'a, str>,
}

/// The `partner` field as sent: one seat (5 players) or a list of seats
/// (6 players).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum PartnerInput {
    /// One seat: the called card's holder at 5 players.
    One(i64),
    /// A list of seats: the called cards' holders at 6 players.
    List(Vec<i64>),
}

/// A `chelem score` input record, as decoded from JSON (FORMATS.md).
/// Numbers are wide and names are strings: [`ScoreInput::to_record_input`]
/// checks them with sentences a player understands. Unknown fields are ignored.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ScoreInput<'a> {
    /// 3, 4, 5 or 6.
    pub players: i64,
    /// Taker's seat.
    pub taker: i64,
    /// Partner's seat (5 players; null, absent or the taker's seat: alone)
    /// or list of partners' seats (6 players; null or absent: alone).
    #[serde(default)]
    pub partner: Option<PartnerInput>,
    /// `petite`, `garde`, `garde_sans` or `garde_contre`.
    #[serde(borrow)]
    pub contract: Cow<'a, str>,
    /// Attack's oudlers, 0..=3.
    pub oudlers: i64,
    /// Attack's card points, 0..=91, a multiple of 0.5.
    pub points: f64,
    /// Declared handfuls (absent or null: none).
    #[serde(default, borrow)]
    pub handfuls: Option<Vec<HandfulInput<'a>>>,
    /// `attack`, `defence` or null.
    #[serde(default, borrow)]
    pub petit_au_bout: Option<Cow<'a, str>>,
    /// Chelem facts (absent or null: none announced, none made).
    #[serde(default, borrow)]
    pub chelem: Option<ChelemInput<'a>>,
    /// Misères (variant; absent or null: none).
    #[serde(default, borrow)]
    pub miseres: Option<Vec<MisereInput<'a>>>,
}

fn seat(v: i64, players: u8, err: impl Fn(i64) -> RecordError) -> Result<u8, RecordError> {
    if (0..i64::from(players)).contains(&v) {
        Ok(v as u8)
    } else {
        Err(err(v))
    }
}

impl ScoreInput<'_> {
    /// Converts to the domain's [`RecordInput`], checking ranges and names.
    pub fn to_record_input(&self) -> Result<RecordInput, RecordError> {
        if !(3..=6).contains(&self.players) {
            return Err(RecordError::PlayersCount { players: self.players });
        }
        let players = self.players as u8;
        let last = players - 1;
        let taker = seat(self.taker, players, |taker| RecordError::TakerSeat { taker, last })?;
        let partner_seat = |p: &i64| seat(*p, players, |partner| RecordError::PartnerSeat { partner, last });
        let partners = match &self.partner {
            None => Vec::new(),
            Some(_) if players < 5 => return Err(RecordError::PartnerNotFivePlayers),
            Some(PartnerInput::One(p)) if players == 5 => vec![partner_seat(p)?],
            Some(PartnerInput::One(_)) => return Err(RecordError::PartnerNotList),
            Some(PartnerInput::List(_)) if players == 5 => return Err(RecordError::PartnerListNotSix),
            Some(PartnerInput::List(list)) => list.iter().map(partner_seat).collect::<Result<Vec<u8>, _>>()?,
        };
        let points = HalfPoints::from_points(self.points)?;
        if !(0..=3).contains(&self.oudlers) {
            return Err(RecordError::OudlersRange { oudlers: self.oudlers });
        }
        let contract = Contract::from_name(&self.contract)?;
        let handfuls = match &self.handfuls {
            None => Vec::new(),
            Some(list) => list
                .iter()
                .map(|h| {
                    Ok(Handful {
                        seat: Seat(seat(h.seat, players, |seat| RecordError::HandfulSeat { seat, last })?),
                        size: HandfulSize::from_name(&h.size)?,
                    })
                })
                .collect::<Result<Vec<_>, RecordError>>()?,
        };
        let petit_au_bout = self
            .petit_au_bout
            .as_deref()
            .map(|c| Camp::from_name(c, "petit_au_bout"))
            .transpose()?;
        let chelem = match &self.chelem {
            None => Chelem::default(),
            Some(c) => Chelem {
                announced: c.announced.unwrap_or(false),
                made_by: c
                    .made_by
                    .as_deref()
                    .map(|c| Camp::from_name(c, "chelem.made_by"))
                    .transpose()?,
            },
        };
        let miseres = match &self.miseres {
            None => Vec::new(),
            Some(list) => list
                .iter()
                .map(|m| {
                    Ok(Misere {
                        seat: Seat(seat(m.seat, players, |seat| RecordError::MisereSeat { seat, last })?),
                        kind: MisereKind::from_name(&m.kind)?,
                    })
                })
                .collect::<Result<Vec<_>, RecordError>>()?,
        };
        Ok(RecordInput {
            players,
            taker,
            partners,
            contract,
            oudlers: self.oudlers as u8,
            points,
            handfuls,
            petit_au_bout,
            chelem,
            miseres,
        })
    }

    /// Converts and checks: the [`DealRecord`], or why it is refused.
    pub fn to_record(&self, rules: &ScoringRules) -> Result<DealRecord, RecordError> {
        DealRecord::new(self.to_record_input()?, rules)
    }
}

/// The score terms of [`ScoreOutput`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Breakdown {
    /// `w·(25 + margin)`.
    pub base: i64,
    /// P: ±10 or 0, before the multiplier.
    pub petit_au_bout: i64,
    /// M.
    pub multiplier: i64,
    /// `w·H`: handful bonuses to the winning camp.
    pub handful: i64,
    /// C: chelem bonus.
    pub chelem: i64,
    /// Misère adjustments per seat (all 0 without misères).
    pub misere: Vec<i64>,
    /// S, the amount per defender (after rounding under `round_to_10`).
    pub per_defender: i64,
    /// S before rounding; present only under `round_to_10`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_defender_exact: Option<i64>,
}

/// A valid record's answer: `{"won": true, "target": 41, "scores": [...], ...}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ScoreOutput {
    /// Whether the attack made its contract.
    pub won: bool,
    /// Points needed.
    pub target: u8,
    /// Each seat's score, summing to zero.
    pub scores: Vec<i64>,
    /// Made or failed by this much.
    pub margin: u16,
    /// The contract, by its wire name.
    pub contract: Contract,
    /// The terms of the computation.
    pub breakdown: Breakdown,
    /// The computation, e.g. `(25 + 8 + 10) × 2 + 20 = 106`.
    pub formula: String,
}

impl ScoreOutput {
    /// The formula with its terms named (the pages' explanation); the
    /// `formula` field is the same with no names.
    pub fn formula_named(&self, names: &TermNames) -> String {
        let b = &self.breakdown;
        FormulaParts {
            won: self.won,
            margin: self.margin,
            base: b.base,
            petit_au_bout: b.petit_au_bout,
            multiplier: b.multiplier,
            handful: b.handful,
            chelem: b.chelem,
            exact: b.per_defender_exact.unwrap_or(b.per_defender),
            scored: b.per_defender,
            misere: &b.misere,
        }
        .write(names)
    }

    /// Builds the answer from a deal's score.
    pub fn from_score(s: DealScore, rules: &ScoringRules) -> ScoreOutput {
        let formula = s.formula();
        ScoreOutput {
            won: s.won,
            target: s.target,
            margin: s.margin,
            contract: s.contract,
            breakdown: Breakdown {
                base: s.base,
                petit_au_bout: s.petit_au_bout,
                multiplier: s.multiplier,
                handful: s.handful,
                chelem: s.chelem,
                misere: s.misere,
                per_defender: s.per_defender,
                per_defender_exact: rules.round_to_10.then_some(s.per_defender_exact),
            },
            scores: s.scores,
            formula,
        }
    }
}

/// An invalid record's answer: `{"error": "<sentence>"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ErrorOutput {
    /// The sentence.
    pub error: String,
}

impl From<&RecordError> for ErrorOutput {
    fn from(e: &RecordError) -> ErrorOutput {
        ErrorOutput { error: e.to_string() }
    }
}

/// Scores a decoded input record.
pub fn score_input(input: &ScoreInput<'_>, rules: &ScoringRules) -> Result<ScoreOutput, RecordError> {
    let record = input.to_record(rules)?;
    Ok(ScoreOutput::from_score(score(&record), rules))
}

/// Scores one JSON record (the CLI and `POST /api/score` share this).
pub fn score_value(v: &Value, rules: &ScoringRules) -> Result<ScoreOutput, RecordError> {
    match ScoreInput::deserialize(v) {
        Ok(input) => score_input(&input, rules),
        Err(e) => Err(diagnose(v, &e.to_string())),
    }
}

/// Scores one line of JSON text. The outer `Err` means the text is not JSON
/// at all; the inner result is [`score_value`]'s. Faster than parsing a
/// [`Value`] first: valid records are decoded straight into [`ScoreInput`].
pub fn score_json(text: &[u8], rules: &ScoringRules) -> Result<Result<ScoreOutput, RecordError>, serde_json::Error> {
    match serde_json::from_slice::<ScoreInput<'_>>(text) {
        Ok(input) => Ok(score_input(&input, rules)),
        Err(e) => {
            // Not a well-shaped record: is it JSON at all?
            let v: Value = serde_json::from_slice(text)?;
            Ok(Err(diagnose(&v, &e.to_string())))
        }
    }
}

#[derive(Clone, Copy)]
enum Shape {
    Int,
    /// An integer, or a list of integers (the partner at 6 players).
    IntOrList,
    Number,
    Str,
    Bool,
    Array,
    Object,
}

impl Shape {
    fn matches(self, v: &Value) -> bool {
        match self {
            Shape::Int => v.is_i64(),
            Shape::IntOrList => v.is_i64() || v.as_array().is_some_and(|a| a.iter().all(Value::is_i64)),
            Shape::Number => v.is_number(),
            Shape::Str => v.is_string(),
            Shape::Bool => v.is_boolean(),
            Shape::Array => v.is_array(),
            Shape::Object => v.is_object(),
        }
    }

    fn expected(self, nullable: bool) -> &'static str {
        match (self, nullable) {
            (Shape::Int, false) => "an integer",
            (Shape::Int, true) => "an integer or null",
            (Shape::IntOrList, _) => "a list of integers or null",
            (Shape::Number, _) => "a number",
            (Shape::Str, false) => "a string",
            (Shape::Str, true) => "a string or null",
            (Shape::Bool, _) => "true, false or null",
            (Shape::Array, _) => "a list or null",
            (Shape::Object, _) => "an object or null",
        }
    }
}

/// Checks one field of `obj`: `required` fields must be present and not
/// null; optional ones may be absent or null.
fn check_field(
    obj: &serde_json::Map<String, Value>,
    path: &dyn Fn() -> String,
    name: &str,
    shape: Shape,
    required: bool,
) -> Result<(), RecordError> {
    match obj.get(name) {
        None | Some(Value::Null) if required => Err(RecordError::MissingField { field: path() }),
        None | Some(Value::Null) => Ok(()),
        Some(v) if shape.matches(v) => Ok(()),
        Some(_) => Err(RecordError::WrongType {
            field: path(),
            expected: shape.expected(!required),
        }),
    }
}

/// The partner is a list at 6 players; elsewhere (or when the table size
/// itself is wrong) the usual integer, so that the sentences of 3 to 5
/// players stay as they were.
fn partner_shape(obj: &serde_json::Map<String, Value>) -> Shape {
    if obj.get("players").and_then(Value::as_i64) == Some(6) {
        Shape::IntOrList
    } else {
        Shape::Int
    }
}

/// Finds the first wrong-typed or missing field of a record that did not
/// decode; `detail` is the decoder's message, the fallback.
fn diagnose(v: &Value, detail: &str) -> RecordError {
    let Some(obj) = v.as_object() else {
        return RecordError::NotAnObject;
    };
    let top = [
        ("players", Shape::Int, true),
        ("taker", Shape::Int, true),
        ("partner", partner_shape(obj), false),
        ("contract", Shape::Str, true),
        ("oudlers", Shape::Int, true),
        ("points", Shape::Number, true),
        ("handfuls", Shape::Array, false),
        ("petit_au_bout", Shape::Str, false),
        ("chelem", Shape::Object, false),
        ("miseres", Shape::Array, false),
    ];
    let run = || -> Result<(), RecordError> {
        for (name, shape, required) in top {
            check_field(obj, &|| name.to_string(), name, shape, required)?;
        }
        for (list, second) in [("handfuls", "size"), ("miseres", "kind")] {
            if let Some(Value::Array(items)) = obj.get(list) {
                for (i, item) in items.iter().enumerate() {
                    let Some(o) = item.as_object() else {
                        return Err(RecordError::WrongType {
                            field: format!("{list}[{i}]"),
                            expected: "an object",
                        });
                    };
                    for (name, shape) in [("seat", Shape::Int), (second, Shape::Str)] {
                        check_field(o, &|| format!("{list}[{i}].{name}"), name, shape, true)?;
                    }
                }
            }
        }
        if let Some(Value::Object(c)) = obj.get("chelem") {
            check_field(c, &|| "chelem.announced".into(), "announced", Shape::Bool, false)?;
            check_field(c, &|| "chelem.made_by".into(), "made_by", Shape::Str, false)?;
        }
        Ok(())
    };
    match run() {
        Err(e) => e,
        Ok(()) => RecordError::Malformed {
            detail: detail.to_string(),
        },
    }
}
