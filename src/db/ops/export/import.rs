//! Import: a document written into the database as a new tournament, in one
//! transaction, step by step (its format, its players, the tournament's row,
//! registrations, constraints and plan, rounds with their tables, deals and
//! games, the audit log).

use diesel::prelude::*;
use serde::Deserialize;
use serde_json::Value;

use crate::db::models::{
    room, AuditEntry, Award, Deal, DealChanges, GameActionRow, GameDeal, GameRow, GameSeat, NewAuditEntry, NewDeal,
    NewGameSeat, NewTournament, RoundTable, SeatingConstraint, Teams, Tournament, TournamentSettings, User,
};
use crate::db::ops::deals::deal_refusal;
use crate::db::ops::events::publish_standings;
use crate::db::ops::Msg;
use crate::db::schema::{registrations, rounds};
use crate::db::Tx;
use crate::secrets::new_token;
use crate::tournament::clock::RoundLength;
use crate::tournament::ids::{PlayerId, RoomNo, TournamentId};
use crate::tournament::rooms::Numbering;
use crate::tournament::table::{Constraint, ConstraintKind, StoredPlan};

use super::check::check;
use super::error::invalid;
use super::players::{import_players, parse_deal, plan_fingerprint};
use super::{
    AuditDoc, ConstraintDoc, DealDoc, Document, GameDoc, ImportError, RegistrationDoc, RoundDoc, TableDoc,
    TournamentDoc, FORMAT, VERSION,
};

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
    let doc: Document =
        serde_json::from_str(text).map_err(|e| setting_refused(text).unwrap_or(ImportError::Json(e)))?;
    import(tx, &doc)
}

/// Why a document that does not read was refused, when it is a setting
/// whose value this build does not read (a numbering it does not know, a
/// round's length out of range): refused at its place, the value said.
fn setting_refused(text: &str) -> Option<ImportError> {
    let doc: Value = serde_json::from_str(text).ok()?;
    let tournament = doc.get("tournament")?;
    let settings: [Setting; 2] = [
        ("room_numbering", "import-room-numbering", |v| {
            Numbering::deserialize(v).is_ok()
        }),
        ("round_seconds", "import-round-seconds", |v| {
            Option::<RoundLength>::deserialize(v).is_ok()
        }),
    ];
    settings.into_iter().find_map(|(field, key, reads)| {
        let given = tournament.get(field).filter(|v| !reads(v))?;
        let value = given.as_str().map_or_else(|| given.to_string(), str::to_owned);
        Some(ImportError::Refused {
            place: format!("tournament.{field}"),
            reason: Msg::new(key).arg("value", value),
        })
    })
}

/// A setting of the document's tournament whose value may not read: its
/// field, the refusal's message key, whether a value reads.
type Setting = (&'static str, &'static str, fn(&Value) -> bool);

/// Writes a document into the database, in one transaction: a new
/// tournament. Players holding a licence already in the directory are those
/// players; the others are added.
pub fn import(tx: &mut Tx<'_>, doc: &Document) -> Result<Imported, ImportError> {
    check_format(doc)?;
    // Refused as a whole before anything is written.
    check(doc)?;
    // Players first: their new ids rename every player field.
    let players = import_players(tx, doc)?;
    let doc = doc.map_players(&mut |r| players.ids.get(&r).copied().ok_or(ImportError::UnknownPlayer(r)))?;
    let td = &doc.tournament;
    let (t, creator_known) = import_tournament(tx, td)?;
    import_registrations(tx, t.id, &doc.registrations)?;
    for r in &doc.rooms {
        room::insert(tx, t.id, r.number, &r.name, r.tables)?;
    }
    room::set_numbering(tx, t.id, td.room_numbering)?;
    let constraints = import_constraints(tx, t.id, &doc.seating_constraints)?;
    for team in &doc.teams {
        Teams::create(tx, t.id, &team.name, &team.players)?;
    }
    if let Some(rule) = &doc.prizes {
        super::prizes::import_prizes(tx, t.id, rule)?;
    }
    import_plan(tx, t.id, td, &constraints)?;
    let tokens_renewed = tokens_in_use(tx, &doc.rounds)?;
    for round in &doc.rounds {
        import_round(tx, t.id, td, round, tokens_renewed)?;
    }
    import_audit(tx, t.id, &doc.audit_log)?;
    // Its pages are new, but a browser left open on an id reused after a
    // restore hears of it like of any change.
    publish_standings(tx, t.id)?;
    Ok(Imported {
        tournament_id: t.id,
        players_matched: players.matched,
        players_added: players.added,
        tokens_renewed,
        creator_unknown: td.created_by.is_some() && !creator_known,
    })
}

/// Refuses another kind of document, or a version this build does not read.
fn check_format(doc: &Document) -> Result<(), ImportError> {
    if doc.format != FORMAT || doc.version != VERSION {
        return Err(ImportError::Format {
            format: doc.format.clone(),
            version: doc.version,
        });
    }
    Ok(())
}

/// The tournament's row, and whether the organizer who made it has an
/// account here (else the copy names none).
fn import_tournament(tx: &mut Tx<'_>, td: &TournamentDoc) -> Result<(Tournament, bool), ImportError> {
    let created_by = match &td.created_by {
        Some(name) => User::find_by_username(tx, name)?.map(|u| u.id),
        None => None,
    };
    let new = NewTournament {
        settings: TournamentSettings {
            name: td.settings.name.trim().to_owned(),
            ..td.settings.clone()
        },
        created_by,
        created_at: td.created_at,
        deal_secret: td.deal_secret,
    };
    let t = Tournament::create(tx, &new)?;
    Ok((t, created_by.is_some()))
}

/// The registrations, as they were.
fn import_registrations(tx: &mut Tx<'_>, t: TournamentId, list: &[RegistrationDoc]) -> Result<(), ImportError> {
    for r in list {
        diesel::insert_into(registrations::table)
            .values((
                registrations::tournament_id.eq(t),
                registrations::player_id.eq(r.player),
                registrations::checked_in.eq(r.checked_in),
                registrations::first_round.eq(r.first_round),
                registrations::withdrawn_after.eq(r.withdrawn_after),
                registrations::created_at.eq(r.created_at),
            ))
            .execute(tx.conn())?;
    }
    Ok(())
}

/// The seating constraints, in their order: each names two players
/// (`apart`) or a player and a table (`fixed`).
fn import_constraints(
    tx: &mut Tx<'_>,
    t: TournamentId,
    list: &[ConstraintDoc],
) -> Result<Vec<Constraint>, ImportError> {
    let mut constraints = Vec::new();
    for (i, c) in list.iter().enumerate() {
        let what = || format!("seating constraint {}", i + 1);
        let constraint = match (c.kind, c.player_b, c.table_number) {
            (ConstraintKind::Apart, Some(b), _) => Constraint::Apart(c.player_a, b),
            (ConstraintKind::Fixed, _, Some(n)) => Constraint::Fixed(c.player_a, n),
            (ConstraintKind::Room, _, Some(n)) => Constraint::Room(c.player_a, RoomNo::new(n.get())),
            _ => {
                return Err(invalid(
                    what(),
                    "an apart constraint names two players, a fixed one a table, a room one a room",
                ))
            }
        };
        SeatingConstraint::create(tx, t, constraint)?;
        constraints.push(constraint);
    }
    Ok(constraints)
}

/// The seating planned at round 1, its fingerprint made again with this
/// database's ids (or one matching nothing if it was outdated).
fn import_plan(tx: &mut Tx<'_>, t: TournamentId, td: &TournamentDoc, constraints: &[Constraint]) -> QueryResult<()> {
    if let Some(plan) = &td.plan {
        let mut players = plan.players.clone();
        players.sort_unstable();
        let constraints = if plan.constraints_current {
            plan_fingerprint(constraints, &players, td.settings.extra_fives)
        } else {
            // Matches no fingerprint: the plan is not followed, as before.
            "outdated".to_owned()
        };
        let stored = StoredPlan {
            players,
            constraints,
            rounds: plan.rounds.clone(),
        };
        Tournament::set_plan(tx, t, &stored)?;
    }
    Ok(())
}

/// Whether a table's link token of the document is in use here: then
/// every table gets a new one.
fn tokens_in_use(tx: &mut Tx<'_>, rounds: &[RoundDoc]) -> QueryResult<bool> {
    // The tables' links stay the same, unless this database has them.
    let tokens: Vec<&str> = rounds
        .iter()
        .flat_map(|r| r.tables.iter().map(|tb| tb.token.as_str()))
        .collect();
    for token in &tokens {
        if RoundTable::by_token(tx, token)?.is_some() {
            return Ok(true);
        }
    }
    Ok(false)
}

/// A round, its tables with their seats, their deals and their games.
fn import_round(
    tx: &mut Tx<'_>,
    t: TournamentId,
    td: &TournamentDoc,
    round: &RoundDoc,
    tokens_renewed: bool,
) -> Result<(), ImportError> {
    let status = round.status;
    let round_id: i32 = diesel::insert_into(rounds::table)
        .values((
            rounds::tournament_id.eq(t),
            rounds::number.eq(round.number),
            rounds::status.eq(status),
            rounds::created_at.eq(round.created_at),
            rounds::closed_at.eq(round.closed_at),
            rounds::ends_at.eq(round.ends_at),
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
            import_deal(tx, td, round, table, &stored, deal)?;
        }
        for a in &table.awards {
            let points: Vec<(PlayerId, i32)> = a.points.iter().map(|s| (s.player, s.score)).collect();
            Award::insert(tx, stored.id, &points, &a.reason, &a.actor, a.created_at)?;
        }
        if let Some(g) = &table.game {
            import_game(tx, t, &stored, g)?;
        }
    }
    Ok(())
}

/// A deal entered at a table (`stored`, the table as imported), with its
/// scores (checked: those the rules core gives), its record as live entry
/// stores it.
fn import_deal(
    tx: &mut Tx<'_>,
    td: &TournamentDoc,
    round: &RoundDoc,
    table: &TableDoc,
    stored: &RoundTable,
    deal: &DealDoc,
) -> Result<(), ImportError> {
    let what = || format!("round {}, table {}, deal {}", round.number, table.number, deal.number);
    let record = parse_deal(&deal.record, &what)?
        .score_at(&table.seats, deal.number, td.settings.table5_mode, &td.settings.rules)
        .map_err(|e| ImportError::Refused {
            place: what(),
            reason: deal_refusal(&e),
        })?
        .deal;
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
    let id = Deal::insert(tx, &new, &scores)?;
    if let Some(reason) = &deal.void_reason {
        Deal::set_void(tx, id, Some(reason))?;
    }
    Ok(())
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
        g.pace,
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
            GameActionRow::insert(tx, &stored, i as i32, a.seat, &a.action.to_string(), a.created_at)?;
        }
        stored.set_actions(tx, d.actions.len() as i32)?;
        if let (Some(scores), Some(log), Some(at)) = (&d.scores, &d.log, d.finished_at) {
            stored.finish(tx, &scores.to_string(), &log.to_string(), at)?;
        }
    }
    Ok(())
}

/// The audit log, oldest first, each entry at its time.
fn import_audit(tx: &mut Tx<'_>, t: TournamentId, log: &[AuditDoc]) -> Result<(), ImportError> {
    for (i, e) in log.iter().enumerate() {
        let (before, after) = (e.before_json.clone(), e.after_json.clone());
        let entry = NewAuditEntry::restored(t, e.action(i)?, &e.actor, &e.subject, before, after, &e.reason);
        AuditEntry::write(tx, &entry.at(e.created_at))?;
    }
    Ok(())
}
