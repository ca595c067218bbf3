//! Export: a tournament read out of the database in one snapshot
//! (`load`, player fields still database ids), then its players numbered
//! by name into the document's `ref`s ([`export`]).

use std::collections::{BTreeSet, HashMap};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use serde_json::Value;

use crate::db::models::{
    room, AuditEntry, Award, Deal, GameActionRow, GameDeal, GameRow, GameSeat, Player, Registration, Round, RoundTable,
    SeatingConstraint, Teams, Tournament, UnknownAuditAction, User,
};
use crate::db::AnyConnection;
use crate::tournament::ids::{PlayerId, TournamentId};

use super::players::plan_fingerprint;
use super::{
    AuditDoc, AwardDoc, ConstraintDoc, DealDoc, Document, ExportError, GameActionDoc, GameDealDoc, GameDoc,
    GameSeatDoc, ImportError, PlanDoc, PlayerDoc, RegistrationDoc, RoomDoc, RoundDoc, ScoreDoc, TableDoc, TeamDoc,
    TournamentDoc, FORMAT, VERSION,
};

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
            .map(|(i, p)| (p.id, PlayerId::new(i as i32 + 1)))
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
                bot: p.bot,
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
    let plan = plan_doc(&t, &constraints)?;
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
    let rounds = round_docs(conn, id)?;
    let audit_log = audit_docs(conn, id)?;
    let layout = room::layout(conn, id)?;
    let rooms = layout
        .rooms
        .into_iter()
        .map(|r| RoomDoc {
            number: r.number,
            name: r.name,
            tables: r.tables,
        })
        .collect();
    Ok(Document {
        format: FORMAT.to_owned(),
        version: VERSION,
        tournament: TournamentDoc {
            settings: t.settings,
            plan,
            created_by,
            created_at: t.created_at,
            deal_secret: t.deal_secret,
            room_numbering: layout.numbering,
        },
        players: Vec::new(),
        registrations,
        seating_constraints,
        teams: Teams::of(conn, id)?
            .into_iter()
            .map(|t| TeamDoc {
                name: t.name,
                players: t.players,
            })
            .collect(),
        prizes: super::prizes::prizes(conn, id)?,
        rooms,
        rounds,
        audit_log,
    })
}

/// The seating planned at round 1, and whether it was made under the
/// seating constraints as they are.
fn plan_doc(t: &Tournament, constraints: &[SeatingConstraint]) -> QueryResult<Option<PlanDoc>> {
    let Some(plan) = &t.plan else { return Ok(None) };
    let list = constraints
        .iter()
        .map(SeatingConstraint::constraint)
        .collect::<QueryResult<Vec<_>>>()?;
    Ok(Some(PlanDoc {
        players: plan.players.clone(),
        rounds: plan.rounds.clone(),
        constraints_current: plan.constraints == plan_fingerprint(&list, &plan.players, t.extra_fives),
    }))
}

/// The rounds by number, each with its tables, their seats, deals and games.
fn round_docs(conn: &mut AnyConnection, id: TournamentId) -> Result<Vec<RoundDoc>, ExportError> {
    // The digital tables' games, by table: one query for the tournament.
    let mut games: HashMap<i32, GameRow> = GameRow::of_tournament(conn, id)?
        .into_iter()
        .filter_map(|g| Some((g.table_id?, g)))
        .collect();
    let mut rounds = Vec::new();
    for round in Round::for_tournament(conn, id)? {
        let mut deals: HashMap<i32, Vec<DealDoc>> = HashMap::new();
        for (deal, scores) in Deal::with_scores_in_round(conn, round.id)? {
            deals.entry(deal.table_id).or_default().push(deal_doc(deal, scores));
        }
        let tables = RoundTable::for_round(conn, round.id)?;
        let table_ids: Vec<i32> = tables.iter().map(|t| t.id).collect();
        let mut seats: HashMap<i32, Vec<PlayerId>> = HashMap::new();
        for (table, player, _) in RoundTable::players_of_tables(conn, &table_ids)? {
            seats.entry(table).or_default().push(player);
        }
        let mut awards: HashMap<i32, Vec<AwardDoc>> = HashMap::new();
        for a in Award::for_tables(conn, &table_ids)? {
            awards.entry(a.table_id).or_default().push(AwardDoc {
                reason: a.reason,
                actor: a.actor,
                created_at: a.created_at,
                points: a
                    .points
                    .into_iter()
                    .map(|(player, score)| ScoreDoc { player, score })
                    .collect(),
            });
        }
        rounds.push(RoundDoc {
            number: round.number,
            status: round.status,
            created_at: round.created_at,
            closed_at: round.closed_at,
            ends_at: round.ends_at,
            tables: tables
                .into_iter()
                .map(|tb| {
                    Ok(TableDoc {
                        number: tb.number,
                        seats: seats.remove(&tb.id).unwrap_or_default(),
                        deals: deals.remove(&tb.id).unwrap_or_default(),
                        awards: awards.remove(&tb.id).unwrap_or_default(),
                        game: games.remove(&tb.id).map(|g| game_doc(conn, &g)).transpose()?,
                        token: tb.token,
                        deal_count: tb.deal_count,
                    })
                })
                .collect::<Result<Vec<_>, ExportError>>()?,
        });
    }
    Ok(rounds)
}

/// A deal entered, with its scores as stored.
fn deal_doc(deal: Deal, scores: Vec<(PlayerId, i32)>) -> DealDoc {
    DealDoc {
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
        void_reason: deal.void_reason,
        scores: scores
            .into_iter()
            .map(|(player, score)| ScoreDoc { player, score })
            .collect(),
    }
}

/// The audit log, oldest first; an action this build does not know is
/// refused, named.
fn audit_docs(conn: &mut AnyConnection, id: TournamentId) -> Result<Vec<AuditDoc>, ExportError> {
    let mut audit = AuditEntry::for_tournament(conn, id).map_err(|e| match UnknownAuditAction::in_error(&e) {
        Some(unknown) => ExportError::Stored(unknown.to_string()),
        None => ExportError::Db(e),
    })?;
    audit.reverse();
    Ok(audit
        .into_iter()
        .map(|e| AuditDoc {
            actor: e.actor,
            action: e.action.name().to_owned(),
            subject: e.subject,
            before_json: e.before_json,
            after_json: e.after_json,
            reason: e.reason,
            created_at: e.created_at,
        })
        .collect())
}

fn json_text(text: &str, what: &str) -> Result<Value, ExportError> {
    serde_json::from_str(text).map_err(|e| ExportError::Stored(format!("{what} is not JSON: {e}")))
}

/// A game's deal's seat map as stored (a JSON list of table seats); one
/// that does not read is an error naming its row, never an empty map.
fn seat_map(d: &GameDeal) -> Result<Vec<usize>, ExportError> {
    serde_json::from_str(&d.seat_map).map_err(|e| {
        ExportError::Stored(format!(
            "game_deals row {} (deal {} of game {}): the stored seat_map {:?} does not read: {e}",
            d.id, d.number, d.game_id, d.seat_map
        ))
    })
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
            seat_map: seat_map(&d)?,
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
        pace: g.pace,
        seats,
        deals,
    })
}
