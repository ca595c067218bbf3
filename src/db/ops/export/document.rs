//! The document's shape: its serde types, from the tournament's settings down
//! to a game's actions. Player fields hold a player's `ref` in a document
//! (database ids only while the export reads the database).

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::db::models::TournamentSettings;
use crate::tournament::ids::{PlayerId, RoomNo, RoundNo, TableNo};
use crate::tournament::rooms::Numbering;
use crate::tournament::table::{ConstraintKind, RoundStatus};

/// The `format` of the document.
pub const FORMAT: &str = "chelem-tournament";
/// The `version` of the document this build writes and reads.
pub const VERSION: u32 = 1;

/// The document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Document {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`].
    pub version: u32,
    /// Settings.
    pub tournament: TournamentDoc,
    /// Every player the tournament names, sorted by name.
    pub players: Vec<PlayerDoc>,
    /// Registrations, by player.
    pub registrations: Vec<RegistrationDoc>,
    /// Seating constraints, in the order they were made.
    pub seating_constraints: Vec<ConstraintDoc>,
    /// A team event's teams (absent: none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<TeamDoc>,
    /// The prize rule (docs/prizes.md; absent: none set).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prizes: Option<PrizesDoc>,
    /// The rooms, in order (absent: one room).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rooms: Vec<RoomDoc>,
    /// Rounds, by number, with their tables.
    pub rounds: Vec<RoundDoc>,
    /// The audit log, oldest first.
    pub audit_log: Vec<AuditDoc>,
}

/// The tournament's row: its settings (under their own names, see
/// [`TournamentSettings`]), then what the server keeps beside them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentDoc {
    /// Its settings, their fields at this level.
    #[serde(flatten)]
    pub settings: TournamentSettings,
    /// The seating planned at round 1.
    pub plan: Option<PlanDoc>,
    /// Login name of the organizer who made it.
    pub created_by: Option<String>,
    /// When.
    pub created_at: NaiveDateTime,
    /// The secret a duplicate's deals are dealt from (absent: none).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub deal_secret: i64,
    /// `run-on` or `restart`: how tables are numbered across rooms (absent:
    /// `run-on`).
    #[serde(default, skip_serializing_if = "Numbering::is_run_on")]
    pub room_numbering: Numbering,
}

/// A room.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomDoc {
    /// Its number (the rooms' order; `room` constraints name it).
    pub number: RoomNo,
    /// Its name.
    pub name: String,
    /// How many tables it holds.
    pub tables: i32,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

/// The seating planned at round 1 ([`StoredPlan`](crate::tournament::table::StoredPlan)), players by `ref`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanDoc {
    /// The players it was made for, sorted.
    pub players: Vec<PlayerId>,
    /// Every round's tables, in seat order.
    pub rounds: Vec<Vec<Vec<PlayerId>>>,
    /// Whether it was made with the seating constraints as they are (the
    /// stored fingerprint names database ids: it is made again on import).
    pub constraints_current: bool,
}

/// A player of the directory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerDoc {
    /// The player's number in this document.
    #[serde(rename = "ref")]
    pub reference: PlayerId,
    /// Name.
    pub name: String,
    /// Club.
    pub club: String,
    /// Licence: on import, a player of the directory holding it is this player.
    pub licence: Option<String>,
    /// When added to the directory.
    pub created_at: NaiveDateTime,
    /// A bot that filled a duplicate round's seat (absent: a person): on
    /// import, the bot of the same name here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<crate::bots::BotKind>,
}

/// A registration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegistrationDoc {
    /// The player (`ref`).
    pub player: PlayerId,
    /// Present.
    pub checked_in: bool,
    /// First round played.
    pub first_round: RoundNo,
    /// Last round played before withdrawing.
    pub withdrawn_after: Option<RoundNo>,
    /// When registered.
    pub created_at: NaiveDateTime,
}

/// A seating constraint.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConstraintDoc {
    /// `apart`, `fixed` or `room`.
    pub kind: ConstraintKind,
    /// The player (`ref`).
    pub player_a: PlayerId,
    /// The other player (`apart`).
    pub player_b: Option<PlayerId>,
    /// The table number (`fixed`), the room's number (`room`).
    pub table_number: Option<TableNo>,
}

/// The prize rule (docs/prizes.md), its bonus apart: the bonus names the
/// other tournaments of the day by name and date, not by id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrizesDoc {
    /// The rule, without its bonus.
    pub rule: crate::tournament::prizes::Rule,
    /// The bonus (absent: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus: Option<BonusDoc>,
}

/// A prize rule's bonus: what it pays the players of the other tournaments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BonusDoc {
    /// The other tournaments: (name, date `YYYY-MM-DD`).
    pub with: Vec<(String, String)>,
    /// What it gives.
    pub pay: crate::tournament::prizes::BonusPay,
}

/// A team of a team event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamDoc {
    /// Its name.
    pub name: String,
    /// Its members (`ref`).
    pub players: Vec<PlayerId>,
}

/// A round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundDoc {
    /// Number.
    pub number: RoundNo,
    /// `open` or `closed`.
    pub status: RoundStatus,
    /// When seated.
    pub created_at: NaiveDateTime,
    /// When closed.
    pub closed_at: Option<NaiveDateTime>,
    /// When a timed round's bell rings (absent: not timed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_at: Option<NaiveDateTime>,
    /// Its tables, by number.
    pub tables: Vec<TableDoc>,
}

/// A table of a round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableDoc {
    /// Number.
    pub number: TableNo,
    /// The tablet's secret link token.
    pub token: String,
    /// Deals to play.
    pub deal_count: i32,
    /// Players (`ref`) in seat order.
    pub seats: Vec<PlayerId>,
    /// Deals entered, by number.
    pub deals: Vec<DealDoc>,
    /// The game, when the table plays on the devices.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameDoc>,
    /// Points the organizer awarded at the table, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub awards: Vec<AwardDoc>,
}

/// Points the organizer awarded at a table (they sum to zero).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AwardDoc {
    /// Why.
    pub reason: String,
    /// The organizer who gave them.
    pub actor: String,
    /// When.
    pub created_at: NaiveDateTime,
    /// Each player's points (`ref`), in their order.
    pub points: Vec<ScoreDoc>,
}

/// A table played on the devices.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameDoc {
    /// Who set it up.
    pub created_by: String,
    /// When.
    pub created_at: NaiveDateTime,
    /// The first deal's seed when chosen.
    pub seed: Option<i64>,
    /// How fast its bots play (absent from the documents written before
    /// the setting: normal).
    #[serde(default)]
    pub pace: crate::bots::Pace,
    /// Its seats, in table order.
    pub seats: Vec<GameSeatDoc>,
    /// Its deals, by number.
    pub deals: Vec<GameDealDoc>,
}

/// A seat of a game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSeatDoc {
    /// Seat.
    pub seat: i32,
    /// Name shown.
    pub name: String,
    /// The player (`ref`).
    pub player: Option<PlayerId>,
    /// Its secret link token.
    pub token: Option<String>,
    /// The bot playing it.
    pub bot: Option<crate::bots::BotKind>,
}

/// A deal of a game: enough to replay it card by card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameDealDoc {
    /// Number (the table's slot).
    pub number: i32,
    /// The dealer, a seat of the deal.
    pub dealer: i32,
    /// The table seat of each seat of the deal.
    pub seat_map: Vec<usize>,
    /// The shuffle's seed (its 64 bits).
    pub seed: i64,
    /// Every action in order.
    pub actions: Vec<GameActionDoc>,
    /// Scores by table seat once over.
    pub scores: Option<Value>,
    /// The game-log line once over.
    pub log: Option<Value>,
    /// When dealt.
    pub created_at: NaiveDateTime,
    /// When over.
    pub finished_at: Option<NaiveDateTime>,
}

/// An action of a game's deal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameActionDoc {
    /// Who acted (a seat of the deal).
    pub seat: i32,
    /// What (FORMATS.md "Digital play: seats").
    pub action: Value,
    /// When.
    pub created_at: NaiveDateTime,
}

/// A deal entered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealDoc {
    /// Number at the table.
    pub number: i32,
    /// Everyone passed.
    pub passed: bool,
    /// The deal as entered (FORMATS.md, players by `ref`).
    pub record: Value,
    /// The taker (`ref`).
    pub taker: Option<PlayerId>,
    /// Whether the attack won.
    pub attack_won: Option<bool>,
    /// Who entered it.
    pub entered_by: String,
    /// First entry.
    pub created_at: NaiveDateTime,
    /// Last change.
    pub updated_at: NaiveDateTime,
    /// The slot's version.
    pub version: i32,
    /// Whether it counts.
    pub confirmed: bool,
    /// The defender who confirmed it (`ref`).
    pub confirmed_by: Option<PlayerId>,
    /// Voided by the organizer, with this reason (counts for nobody).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub void_reason: Option<String>,
    /// The scores as stored, in their order.
    pub scores: Vec<ScoreDoc>,
}

/// One player's score in a deal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreDoc {
    /// The player (`ref`).
    pub player: PlayerId,
    /// Score.
    pub score: i32,
}

/// An audit entry. The seating of `round.start`, `round.undo` and
/// `round.seats` and the deals of
/// `deal.correct`, and the points of `table.award` and
/// `table.award.withdraw`, name players by `ref`; other entries are as stored.
/// The action is its stored name; one this build does not know is refused
/// ([`AuditDoc::action`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuditDoc {
    /// Who.
    pub actor: String,
    /// What.
    pub action: String,
    /// On what.
    pub subject: String,
    /// Before (JSON text).
    pub before_json: Option<String>,
    /// After (JSON text).
    pub after_json: Option<String>,
    /// Why.
    pub reason: String,
    /// When.
    pub created_at: NaiveDateTime,
}
