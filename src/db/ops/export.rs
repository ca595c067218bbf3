//! A whole tournament as one JSON document, and back (FORMATS.md, "Export
//! and import"): settings, players, registrations, seating constraints,
//! rounds, tables, seats, deals with their scores, the games of the tables
//! played on the devices (each deal's seed and actions, its log), and the
//! audit log.
//!
//! The document holds no database id. Players are numbered in the document
//! (`ref`, 1 to n, sorted by name) and every player field (seats, scores, the
//! deals' records, the seating plan, the audit log's seatings and deals)
//! names that number; rounds, tables and deals are named by their numbers;
//! the organizer who made the tournament by login name. So an export of an
//! import is the original export, byte for byte, whatever ids the database
//! gave. What is not the tournament's stays out: accounts, sessions, login
//! attempts, forms' idempotency keys.

use std::collections::{BTreeSet, HashMap};

use chrono::NaiveDateTime;
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::db::models::{
    AuditEntry, Deal, DealChanges, GameActionRow, GameDeal, GameRow, GameSeat, NewAuditEntry, NewDeal, NewGameSeat,
    NewPlayer, NewTournament, Player, Registration, Round, RoundTable, SeatingConstraint, Tournament, User,
};
use crate::db::schema::{registrations, rounds};
use crate::db::{AnyConnection, Tx};
use crate::secrets::new_token;
use crate::tarot::ScoringRules;
use crate::tournament::deal::TableDeal;
use crate::tournament::ids::{PlayerId, RoundNo, TableNo, TournamentId};
use crate::tournament::standings::TieBreaker;
use crate::tournament::table::{constraint_lists, Constraint, ConstraintKind, RoundStatus, StoredPlan, Table5Mode};

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
    /// Rounds, by number, with their tables.
    pub rounds: Vec<RoundDoc>,
    /// The audit log, oldest first.
    pub audit_log: Vec<AuditDoc>,
}

/// The tournament's row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentDoc {
    /// Name.
    pub name: String,
    /// Date of play.
    pub event_date: String,
    /// Rounds to play.
    pub rounds_planned: i32,
    /// Deals at a table of 3.
    pub deals_table3: i32,
    /// Deals at a table of 4.
    pub deals_table4: i32,
    /// Deals at a table of 5.
    pub deals_table5: i32,
    /// `dealer_out` or `called_king`.
    pub table5_mode: Table5Mode,
    /// `none`, `best_round` or `taker_wins`.
    pub tie_breaker: TieBreaker,
    /// The scoring switches.
    pub rules: ScoringRules,
    /// Extra tables of 5.
    pub extra_fives: i32,
    /// Swiss seating from this round.
    pub swiss_from_round: Option<RoundNo>,
    /// Seating seed.
    pub seed: i64,
    /// The seating planned at round 1.
    pub plan: Option<PlanDoc>,
    /// Login name of the organizer who made it.
    pub created_by: Option<String>,
    /// When.
    pub created_at: NaiveDateTime,
    /// Deals entered at a table wait for a defender's confirmation.
    pub confirm_deals: bool,
}

/// The seating planned at round 1 ([`StoredPlan`]), players by `ref`.
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
    /// `apart` or `fixed`.
    pub kind: ConstraintKind,
    /// The player (`ref`).
    pub player_a: PlayerId,
    /// The other player (`apart`).
    pub player_b: Option<PlayerId>,
    /// The table number (`fixed`).
    pub table_number: Option<TableNo>,
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

fn json_text(text: &str, what: &str) -> Result<Value, ExportError> {
    serde_json::from_str(text).map_err(|e| ExportError::Stored(format!("{what} is not JSON: {e}")))
}

/// The game of a table, as the document holds it.
fn game_doc(conn: &mut AnyConnection, g: &GameRow) -> Result<GameDoc, ExportError> {
    let seats = GameSeat::of_game(conn, g.id)?
        .into_iter()
        .map(|s| GameSeatDoc {
            seat: s.seat,
            name: s.name,
            player: s.player_id,
            token: s.token,
            bot: s.bot,
        })
        .collect();
    let mut deals = Vec::new();
    for d in GameDeal::of_game(conn, g.id)? {
        let actions = GameActionRow::of_deal(conn, d.id)?
            .into_iter()
            .map(|a| {
                Ok(GameActionDoc {
                    seat: a.seat,
                    action: json_text(&a.action, "a game's action")?,
                    created_at: a.created_at,
                })
            })
            .collect::<Result<Vec<_>, ExportError>>()?;
        deals.push(GameDealDoc {
            number: d.number,
            dealer: d.dealer,
            seat_map: serde_json::from_str(&d.seat_map).unwrap_or_default(),
            seed: d.seed,
            actions,
            scores: d
                .scores
                .as_deref()
                .map(|t| json_text(t, "a game's scores"))
                .transpose()?,
            log: d.log.as_deref().map(|t| json_text(t, "a game's log")).transpose()?,
            created_at: d.created_at,
            finished_at: d.finished_at,
        });
    }
    Ok(GameDoc {
        created_by: g.created_by.clone(),
        created_at: g.created_at,
        seed: g.seed,
        seats,
        deals,
    })
}

/// Stores the game of an imported table.
fn import_game(tx: &mut Tx<'_>, tournament: TournamentId, table: &RoundTable, g: &GameDoc) -> Result<(), ImportError> {
    let row = GameRow::insert(
        tx,
        Some(tournament),
        Some(table.id),
        g.seats.len() as i32,
        table.deal_count,
        g.seed,
        &g.created_by,
        g.created_at,
    )?;
    for s in &g.seats {
        // A seat's link stays the same, unless this database has it.
        let token = match &s.token {
            Some(t) if GameSeat::by_token(tx, t)?.is_none() => Some(t.clone()),
            Some(_) => Some(new_token("")[..32].to_owned()),
            None => None,
        };
        GameSeat::insert_all(
            tx,
            &[NewGameSeat {
                game_id: row.id,
                seat: s.seat,
                name: s.name.clone(),
                player_id: s.player,
                token,
                bot: s.bot,
            }],
        )?;
    }
    for d in &g.deals {
        let map = serde_json::to_string(&d.seat_map).expect("numbers serialize");
        let stored = GameDeal::insert(tx, row.id, d.number, d.dealer, &map, d.seed, d.created_at)?;
        for (i, a) in d.actions.iter().enumerate() {
            GameActionRow::insert(tx, stored.id, i as i32, a.seat, &a.action.to_string(), a.created_at)?;
        }
        GameDeal::set_actions(tx, stored.id, d.actions.len() as i32)?;
        if let (Some(scores), Some(log), Some(at)) = (&d.scores, &d.log, d.finished_at) {
            GameDeal::finish(tx, stored.id, &scores.to_string(), &log.to_string(), at)?;
        }
    }
    Ok(())
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

/// An audit entry. The seating of `round.start` and the deals of
/// `deal.correct` name players by `ref`; other entries are as stored.
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

/// Why a document cannot be imported. Nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// Not JSON, or not the document's shape.
    #[error("the document does not read as a tournament export: {0}")]
    Json(#[from] serde_json::Error),
    /// Another kind of document, or a version this build does not read.
    #[error("this is not a Chelem tournament export of version {VERSION} (format {format:?}, version {version})")]
    Format {
        /// `format` found.
        format: String,
        /// `version` found.
        version: u32,
    },
    /// A player number used twice in `players`.
    #[error("player ref {0} appears twice in \"players\"")]
    DuplicatePlayer(PlayerId),
    /// A player field naming no player of `players`.
    #[error("player ref {0} is not in \"players\"")]
    UnknownPlayer(PlayerId),
    /// A value that does not parse.
    #[error("{what}: {detail}")]
    Invalid {
        /// Where.
        what: String,
        /// What is wrong.
        detail: String,
    },
    /// The database refused it.
    #[error("database error: {0}")]
    Db(#[from] diesel::result::Error),
}

fn invalid(what: impl Into<String>, detail: impl ToString) -> ImportError {
    ImportError::Invalid {
        what: what.into(),
        detail: detail.to_string(),
    }
}

/// Why a tournament cannot be exported.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// No such tournament.
    #[error("no tournament {0}")]
    NotFound(TournamentId),
    /// A stored value names a player the database does not have.
    #[error("{0}")]
    Stored(String),
    /// The database failed.
    #[error("database error: {0}")]
    Db(#[from] diesel::result::Error),
}

// ------------------------------------------------------------ player fields

impl Document {
    /// The same document with every player field passed through `f`: the
    /// players' own `ref`, registrations, constraints, the plan, seats, deals
    /// (taker, confirmation, scores, the record) and the audit log's seatings
    /// and deals. The one place that knows where players are named.
    pub fn map_players<E>(&self, f: &mut impl FnMut(PlayerId) -> Result<PlayerId, E>) -> Result<Document, E>
    where
        E: From<ImportError>,
    {
        let mut d = self.clone();
        for p in &mut d.players {
            p.reference = f(p.reference)?;
        }
        for r in &mut d.registrations {
            r.player = f(r.player)?;
        }
        for c in &mut d.seating_constraints {
            c.player_a = f(c.player_a)?;
            c.player_b = c.player_b.map(&mut *f).transpose()?;
        }
        if let Some(plan) = &mut d.tournament.plan {
            map_list(&mut plan.players, f)?;
            for table in plan.rounds.iter_mut().flatten() {
                map_list(table, f)?;
            }
        }
        for round in &mut d.rounds {
            for table in &mut round.tables {
                map_list(&mut table.seats, f)?;
                if let Some(g) = &mut table.game {
                    for s in &mut g.seats {
                        s.player = s.player.map(&mut *f).transpose()?;
                    }
                }
                for deal in &mut table.deals {
                    deal.taker = deal.taker.map(&mut *f).transpose()?;
                    deal.confirmed_by = deal.confirmed_by.map(&mut *f).transpose()?;
                    for s in &mut deal.scores {
                        s.player = f(s.player)?;
                    }
                    let what = || format!("round {} table {} deal {}", round.number, table.number, deal.number);
                    deal.record = parse_deal(&deal.record, &what)?.try_map_players(&mut *f)?.to_json();
                }
            }
        }
        for (i, entry) in d.audit_log.iter_mut().enumerate() {
            let what = || format!("audit entry {} ({})", i + 1, entry.action);
            let map_text = |text: &Option<String>,
                            f: &mut dyn FnMut(PlayerId) -> Result<PlayerId, E>|
             -> Result<Option<String>, E> {
                let Some(text) = text else { return Ok(None) };
                let v: Value = serde_json::from_str(text).map_err(|e| invalid(what(), e))?;
                let mapped = match entry.action.as_str() {
                    // The tables seated, player ids in seat order.
                    "round.start" => {
                        let mut tables: Vec<Vec<PlayerId>> =
                            serde_json::from_value(v).map_err(|e| invalid(what(), e))?;
                        for t in &mut tables {
                            map_list(t, &mut *f)?;
                        }
                        serde_json::to_string(&tables).expect("numbers serialize")
                    }
                    // The deal before and after the correction.
                    "deal.correct" => parse_deal(&v, &what)?.try_map_players(&mut *f)?.to_json().to_string(),
                    _ => return Ok(Some(text.clone())),
                };
                Ok(Some(mapped))
            };
            let before = map_text(&entry.before_json, f)?;
            let after = map_text(&entry.after_json, f)?;
            entry.before_json = before;
            entry.after_json = after;
        }
        Ok(d)
    }
}

fn map_list<E>(list: &mut [PlayerId], f: &mut dyn FnMut(PlayerId) -> Result<PlayerId, E>) -> Result<(), E> {
    for p in list {
        *p = f(*p)?;
    }
    Ok(())
}

fn parse_deal(v: &Value, what: &dyn Fn() -> String) -> Result<TableDeal, ImportError> {
    TableDeal::from_json(v).map_err(|e| invalid(what(), e))
}

/// The fingerprint a plan made for `players` under `constraints` carries
/// (see [`StoredPlan::fingerprint`]).
fn plan_fingerprint(constraints: &[Constraint], players: &[PlayerId], extra_fives: i32) -> String {
    let active: BTreeSet<PlayerId> = players.iter().copied().collect();
    StoredPlan::fingerprint(&constraint_lists(constraints, &active), extra_fives)
}

// ------------------------------------------------------------ export

/// Tournament `id` as a document, read in one consistent snapshot.
pub fn export(conn: &mut AnyConnection, id: TournamentId) -> Result<Document, ExportError> {
    conn.transaction(|conn| {
        if matches!(conn, AnyConnection::Postgresql(_)) {
            // One snapshot for every query (SQLite's read transaction is one).
            conn.batch_execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")?;
        }
        let raw = load(conn, id)?;
        // Number the players the tournament names, by name.
        let mut named = BTreeSet::new();
        raw.map_players(&mut |p| -> Result<PlayerId, ImportError> {
            named.insert(p);
            Ok(p)
        })
        .map_err(|e| ExportError::Stored(e.to_string()))?;
        let ids: Vec<PlayerId> = named.into_iter().collect();
        let mut players = Player::by_ids(conn, &ids)?;
        if players.len() != ids.len() {
            return Err(ExportError::Stored(format!(
                "tournament {id} names players missing from the directory"
            )));
        }
        players.sort_by(|a, b| {
            (&a.name, &a.club, &a.licence, a.created_at, a.id).cmp(&(&b.name, &b.club, &b.licence, b.created_at, b.id))
        });
        let refs: HashMap<PlayerId, PlayerId> = players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id, PlayerId(i as i32 + 1)))
            .collect();
        let mut doc = raw;
        doc.players = players
            .into_iter()
            .map(|p| PlayerDoc {
                reference: p.id,
                name: p.name,
                club: p.club,
                licence: p.licence,
                created_at: p.created_at,
            })
            .collect();
        let mut doc = doc
            .map_players(&mut |p| refs.get(&p).copied().ok_or(ImportError::UnknownPlayer(p)))
            .map_err(|e| ExportError::Stored(e.to_string()))?;
        // Sets, whose order followed the database's ids.
        doc.registrations.sort_by_key(|r| r.player);
        if let Some(plan) = &mut doc.tournament.plan {
            plan.players.sort_unstable();
        }
        Ok(doc)
    })
}

/// The tournament as stored: player fields hold database ids, `players` is empty.
fn load(conn: &mut AnyConnection, id: TournamentId) -> Result<Document, ExportError> {
    let t = Tournament::find(conn, id)?.ok_or(ExportError::NotFound(id))?;
    let constraints = SeatingConstraint::for_tournament(conn, id)?;
    let created_by = match t.created_by {
        Some(u) => User::find(conn, u)?.map(|u| u.username),
        None => None,
    };
    let plan = match &t.plan {
        Some(plan) => {
            let list = constraints
                .iter()
                .map(SeatingConstraint::constraint)
                .collect::<QueryResult<Vec<_>>>()?;
            Some(PlanDoc {
                players: plan.players.clone(),
                rounds: plan.rounds.clone(),
                constraints_current: plan.constraints == plan_fingerprint(&list, &plan.players, t.extra_fives),
            })
        }
        None => None,
    };
    let registrations = Registration::with_players(conn, id)?
        .into_iter()
        .map(|(r, _)| RegistrationDoc {
            player: r.player_id,
            checked_in: r.checked_in,
            first_round: r.first_round,
            withdrawn_after: r.withdrawn_after,
            created_at: r.created_at,
        })
        .collect();
    let seating_constraints = constraints
        .into_iter()
        .map(|c| ConstraintDoc {
            kind: c.kind,
            player_a: c.player_a,
            player_b: c.player_b,
            table_number: c.table_number,
        })
        .collect();
    // The digital tables' games, by table: one query for the tournament.
    let mut games: HashMap<i32, GameRow> = GameRow::of_tournament(conn, id)?
        .into_iter()
        .filter_map(|g| Some((g.table_id?, g)))
        .collect();
    let mut rounds = Vec::new();
    for round in Round::for_tournament(conn, id)? {
        let mut deals: HashMap<i32, Vec<DealDoc>> = HashMap::new();
        for (deal, scores) in Deal::with_scores_in_round(conn, round.id)? {
            deals.entry(deal.table_id).or_default().push(DealDoc {
                number: deal.number,
                passed: deal.passed,
                record: deal.record.to_json(),
                taker: deal.taker_id,
                attack_won: deal.attack_won,
                entered_by: deal.entered_by,
                created_at: deal.created_at,
                updated_at: deal.updated_at,
                version: deal.version,
                confirmed: deal.confirmed,
                confirmed_by: deal.confirmed_by,
                scores: scores
                    .into_iter()
                    .map(|(player, score)| ScoreDoc { player, score })
                    .collect(),
            });
        }
        let tables = RoundTable::for_round(conn, round.id)?;
        let table_ids: Vec<i32> = tables.iter().map(|t| t.id).collect();
        let mut seats: HashMap<i32, Vec<PlayerId>> = HashMap::new();
        for (table, player, _) in RoundTable::players_of_tables(conn, &table_ids)? {
            seats.entry(table).or_default().push(player);
        }
        rounds.push(RoundDoc {
            number: round.number,
            status: round.status,
            created_at: round.created_at,
            closed_at: round.closed_at,
            tables: tables
                .into_iter()
                .map(|tb| {
                    Ok(TableDoc {
                        number: tb.number,
                        seats: seats.remove(&tb.id).unwrap_or_default(),
                        deals: deals.remove(&tb.id).unwrap_or_default(),
                        game: games.remove(&tb.id).map(|g| game_doc(conn, &g)).transpose()?,
                        token: tb.token,
                        deal_count: tb.deal_count,
                    })
                })
                .collect::<Result<Vec<_>, ExportError>>()?,
        });
    }
    let mut audit = AuditEntry::for_tournament(conn, id)?;
    audit.reverse();
    let audit_log = audit
        .into_iter()
        .map(|e| AuditDoc {
            actor: e.actor,
            action: e.action,
            subject: e.subject,
            before_json: e.before_json,
            after_json: e.after_json,
            reason: e.reason,
            created_at: e.created_at,
        })
        .collect();
    Ok(Document {
        format: FORMAT.to_owned(),
        version: VERSION,
        tournament: TournamentDoc {
            name: t.name,
            event_date: t.event_date,
            rounds_planned: t.rounds_planned,
            deals_table3: t.deals_table3,
            deals_table4: t.deals_table4,
            deals_table5: t.deals_table5,
            table5_mode: t.table5_mode,
            tie_breaker: t.tie_breaker,
            rules: t.rules,
            extra_fives: t.extra_fives,
            swiss_from_round: t.swiss_from_round,
            seed: t.seed,
            plan,
            created_by,
            created_at: t.created_at,
            confirm_deals: t.confirm_deals,
        },
        players: Vec::new(),
        registrations,
        seating_constraints,
        rounds,
        audit_log,
    })
}

// ------------------------------------------------------------ import

/// What an import did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    /// The new tournament's id.
    pub tournament_id: TournamentId,
    /// Players of the directory taken as they are (same licence).
    pub players_matched: usize,
    /// Players added to the directory.
    pub players_added: usize,
    /// The tables' link tokens were already in use here (the tournament was
    /// imported into the database it came from): the copy has new ones.
    pub tokens_renewed: bool,
    /// The organizer named by `created_by` has no account here: the copy
    /// names none.
    pub creator_unknown: bool,
}

/// Reads a document (its JSON text) into the database, in one transaction.
pub fn import_json(tx: &mut Tx<'_>, text: &str) -> Result<Imported, ImportError> {
    let doc: Document = serde_json::from_str(text)?;
    import(tx, &doc)
}

/// Writes a document into the database, in one transaction: a new
/// tournament. Players holding a licence already in the directory are those
/// players; the others are added.
pub fn import(tx: &mut Tx<'_>, doc: &Document) -> Result<Imported, ImportError> {
    if doc.format != FORMAT || doc.version != VERSION {
        return Err(ImportError::Format {
            format: doc.format.clone(),
            version: doc.version,
        });
    }
    let td = &doc.tournament;
    let (table5_mode, tie_breaker) = (td.table5_mode, td.tie_breaker);
    // Players first: their new ids rename every player field.
    let mut ids: HashMap<PlayerId, PlayerId> = HashMap::new();
    let (mut matched, mut added) = (0, 0);
    for p in &doc.players {
        let existing = match &p.licence {
            Some(l) => Player::find_by_licence(tx, l)?,
            None => None,
        };
        let id = match existing {
            Some(found) => {
                matched += 1;
                found.id
            }
            None => {
                added += 1;
                Player::create(
                    tx,
                    &NewPlayer {
                        name: p.name.clone(),
                        club: p.club.clone(),
                        licence: p.licence.clone(),
                        created_at: p.created_at,
                    },
                )?
                .id
            }
        };
        if ids.insert(p.reference, id).is_some() {
            return Err(ImportError::DuplicatePlayer(p.reference));
        }
    }
    let doc = doc.map_players(&mut |r| ids.get(&r).copied().ok_or(ImportError::UnknownPlayer(r)))?;
    let td = &doc.tournament;

    let created_by = match &td.created_by {
        Some(name) => User::find_by_username(tx, name)?.map(|u| u.id),
        None => None,
    };
    let t = Tournament::create(
        tx,
        &NewTournament {
            name: td.name.clone(),
            event_date: td.event_date.clone(),
            rounds_planned: td.rounds_planned,
            deals_table3: td.deals_table3,
            deals_table4: td.deals_table4,
            deals_table5: td.deals_table5,
            table5_mode,
            tie_breaker,
            rules_json: NewTournament::rules_json(&td.rules),
            extra_fives: td.extra_fives,
            swiss_from_round: td.swiss_from_round,
            seed: td.seed,
            created_by,
            created_at: td.created_at,
            confirm_deals: td.confirm_deals,
        },
    )?;

    for r in &doc.registrations {
        diesel::insert_into(registrations::table)
            .values((
                registrations::tournament_id.eq(t.id),
                registrations::player_id.eq(r.player),
                registrations::checked_in.eq(r.checked_in),
                registrations::first_round.eq(r.first_round),
                registrations::withdrawn_after.eq(r.withdrawn_after),
                registrations::created_at.eq(r.created_at),
            ))
            .execute(tx.conn())?;
    }

    let mut constraints = Vec::new();
    for (i, c) in doc.seating_constraints.iter().enumerate() {
        let what = || format!("seating constraint {}", i + 1);
        let constraint = match (c.kind, c.player_b, c.table_number) {
            (ConstraintKind::Apart, Some(b), _) => Constraint::Apart(c.player_a, b),
            (ConstraintKind::Fixed, _, Some(n)) => Constraint::Fixed(c.player_a, n),
            _ => {
                return Err(invalid(
                    what(),
                    "an apart constraint names two players, a fixed one a table",
                ))
            }
        };
        SeatingConstraint::create(tx, t.id, constraint)?;
        constraints.push(constraint);
    }

    if let Some(plan) = &td.plan {
        let mut players = plan.players.clone();
        players.sort_unstable();
        let constraints = if plan.constraints_current {
            plan_fingerprint(&constraints, &players, td.extra_fives)
        } else {
            // Matches no fingerprint: the plan is not followed, as before.
            "outdated".to_owned()
        };
        let stored = StoredPlan {
            players,
            constraints,
            rounds: plan.rounds.clone(),
        };
        Tournament::set_plan(tx, t.id, &stored)?;
    }

    // The tables' links stay the same, unless this database has them.
    let tokens: Vec<&str> = doc
        .rounds
        .iter()
        .flat_map(|r| r.tables.iter().map(|tb| tb.token.as_str()))
        .collect();
    let mut tokens_renewed = false;
    for token in &tokens {
        if RoundTable::by_token(tx, token)?.is_some() {
            tokens_renewed = true;
            break;
        }
    }
    for round in &doc.rounds {
        let status = round.status;
        let round_id: i32 = diesel::insert_into(rounds::table)
            .values((
                rounds::tournament_id.eq(t.id),
                rounds::number.eq(round.number),
                rounds::status.eq(status),
                rounds::created_at.eq(round.created_at),
                rounds::closed_at.eq(round.closed_at),
            ))
            .returning(rounds::id)
            .get_result(tx.conn())?;
        for table in &round.tables {
            let token = if tokens_renewed {
                new_token("")[..32].to_owned()
            } else {
                table.token.clone()
            };
            let stored = RoundTable::create(tx, round_id, table.number, &token, table.deal_count, &table.seats)?;
            for deal in &table.deals {
                let what = || format!("round {} table {} deal {}", round.number, table.number, deal.number);
                let record = parse_deal(&deal.record, &what)?;
                let new = NewDeal {
                    table_id: stored.id,
                    number: deal.number,
                    created_at: deal.created_at,
                    content: DealChanges {
                        passed: deal.passed,
                        record_json: record.to_json().to_string(),
                        taker_id: deal.taker,
                        attack_won: deal.attack_won,
                        entered_by: deal.entered_by.clone(),
                        updated_at: deal.updated_at,
                        version: deal.version,
                        confirmed: deal.confirmed,
                        confirmed_by: deal.confirmed_by,
                    },
                };
                let scores: Vec<(PlayerId, i32)> = deal.scores.iter().map(|s| (s.player, s.score)).collect();
                Deal::insert(tx, &new, &scores)?;
            }
            if let Some(g) = &table.game {
                import_game(tx, t.id, &stored, g)?;
            }
        }
    }

    for e in &doc.audit_log {
        AuditEntry::write(
            tx,
            &NewAuditEntry {
                tournament_id: Some(t.id),
                actor: &e.actor,
                action: &e.action,
                subject: &e.subject,
                before_json: e.before_json.as_deref(),
                after_json: e.after_json.as_deref(),
                reason: &e.reason,
                created_at: e.created_at,
            },
        )?;
    }
    // Its pages are new, but a browser left open on an id reused after a
    // restore hears of it like of any change.
    super::events::publish_standings(tx, t.id)?;
    Ok(Imported {
        tournament_id: t.id,
        players_matched: matched,
        players_added: added,
        tokens_renewed,
        creator_unknown: td.created_by.is_some() && created_by.is_none(),
    })
}
