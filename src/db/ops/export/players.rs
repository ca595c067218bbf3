//! Where a document names players: [`Document::map_players`] passes every
//! player field through one function (database ids to `ref`s on export, and
//! back on import), the document's players found or added in the directory
//! on import (its bots: this database's), and the plan's fingerprint, which
//! names database ids.

use std::collections::{BTreeSet, HashMap};

use serde_json::Value;

use crate::db::models::{AuditAction, NewPlayer, Player};
use crate::db::ops::deals::deal_refusal;
use crate::db::ops::player_input::PlayerFields;
use crate::db::Tx;
use crate::tournament::deal::TableDeal;
use crate::tournament::ids::PlayerId;
use crate::tournament::table::{constraint_lists, Constraint, StoredPlan};

use super::error::invalid;
use super::{AuditDoc, Document, ImportError};

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
        for team in &mut d.teams {
            map_list(&mut team.players, f)?;
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
                for award in &mut table.awards {
                    for s in &mut award.points {
                        s.player = f(s.player)?;
                    }
                }
                for deal in &mut table.deals {
                    deal.taker = deal.taker.map(&mut *f).transpose()?;
                    deal.confirmed_by = deal.confirmed_by.map(&mut *f).transpose()?;
                    for s in &mut deal.scores {
                        s.player = f(s.player)?;
                    }
                    let what = || format!("round {}, table {}, deal {}", round.number, table.number, deal.number);
                    deal.record = parse_deal(&deal.record, &what)?.try_map_players(&mut *f)?.to_json();
                }
            }
        }
        map_audit(&mut d.audit_log, f)?;
        Ok(d)
    }
}

/// The players named in the audit log's entries (the seatings, the deals
/// corrected, the points awarded), passed through `f`.
fn map_audit<E>(audit_log: &mut [AuditDoc], f: &mut impl FnMut(PlayerId) -> Result<PlayerId, E>) -> Result<(), E>
where
    E: From<ImportError>,
{
    for (i, entry) in audit_log.iter_mut().enumerate() {
        let action = entry.action(i)?;
        let what = || format!("audit entry {} ({action})", i + 1);
        let map_text = |text: &Option<String>,
                        f: &mut dyn FnMut(PlayerId) -> Result<PlayerId, E>|
         -> Result<Option<String>, E> {
            let Some(text) = text else { return Ok(None) };
            let v: Value = serde_json::from_str(text).map_err(|e| invalid(what(), e))?;
            let mapped = match action {
                // The tables seated (or undone, or reseated), player
                // ids in seat order.
                AuditAction::RoundStarted | AuditAction::RoundUndone | AuditAction::SeatsChanged => {
                    let mut tables: Vec<Vec<PlayerId>> = serde_json::from_value(v).map_err(|e| invalid(what(), e))?;
                    for t in &mut tables {
                        map_list(t, &mut *f)?;
                    }
                    serde_json::to_string(&tables).expect("numbers serialize")
                }
                // The deal before and after the correction.
                AuditAction::DealCorrected => parse_deal(&v, &what)?.try_map_players(&mut *f)?.to_json().to_string(),
                // The points awarded, [[player, points], ...].
                AuditAction::PointsAwarded | AuditAction::AwardWithdrawn => {
                    let mut points: Vec<(PlayerId, i32)> = serde_json::from_value(v).map_err(|e| invalid(what(), e))?;
                    for (p, _) in &mut points {
                        *p = f(*p)?;
                    }
                    serde_json::to_string(&points).expect("numbers serialize")
                }
                // No player named, or (`round.rooms`) players named
                // by their database ids, kept as stored.
                AuditAction::DealVoided
                | AuditAction::DealRestored
                | AuditAction::RoomsLeftOut
                | AuditAction::RoundClosed
                | AuditAction::RoundForceClosed
                | AuditAction::ClockMoved
                | AuditAction::RoomAdded
                | AuditAction::RoomChanged
                | AuditAction::RoomRemoved
                | AuditAction::NumberingChanged
                | AuditAction::AllCheckedIn
                | AuditAction::SettingsChanged
                | AuditAction::SeasonCreated
                | AuditAction::SeasonAttached
                | AuditAction::SeasonDetached
                | AuditAction::ClubShared
                | AuditAction::ClubUnshared
                | AuditAction::PrizesChanged
                | AuditAction::PlayerMerged
                | AuditAction::MergeUndone => return Ok(Some(text.clone())),
            };
            Ok(Some(mapped))
        };
        let before = map_text(&entry.before_json, f)?;
        let after = map_text(&entry.after_json, f)?;
        entry.before_json = before;
        entry.after_json = after;
    }
    Ok(())
}

fn map_list<E>(list: &mut [PlayerId], f: &mut dyn FnMut(PlayerId) -> Result<PlayerId, E>) -> Result<(), E> {
    for p in list {
        *p = f(*p)?;
    }
    Ok(())
}

pub(super) fn parse_deal(v: &Value, what: &dyn Fn() -> String) -> Result<TableDeal, ImportError> {
    TableDeal::from_json(v).map_err(|e| ImportError::Refused {
        place: what(),
        reason: deal_refusal(&e),
    })
}

/// The fingerprint a plan made for `players` under `constraints` carries
/// (see [`StoredPlan::fingerprint`]).
pub(super) fn plan_fingerprint(constraints: &[Constraint], players: &[PlayerId], extra_fives: i32) -> String {
    let active: BTreeSet<PlayerId> = players.iter().copied().collect();
    StoredPlan::fingerprint(&constraint_lists(constraints, &active), extra_fives)
}

/// The document's players in this database: each `ref` and the id it takes.
pub(super) struct PlayerIds {
    /// Database id by `ref`.
    pub(super) ids: HashMap<PlayerId, PlayerId>,
    /// Players of the directory taken as they are.
    pub(super) matched: usize,
    /// Players added to the directory.
    pub(super) added: usize,
}

/// Finds each player of the document in the directory by licence, or adds it.
pub(super) fn import_players(tx: &mut Tx<'_>, doc: &Document) -> Result<PlayerIds, ImportError> {
    let mut ids: HashMap<PlayerId, PlayerId> = HashMap::new();
    let (mut matched, mut added) = (0, 0);
    let mut bots: Option<Vec<Player>> = None;
    for p in &doc.players {
        if p.bot.is_some() {
            // A bot filling a seat: this database's bot of the same name.
            let here = match &mut bots {
                Some(b) => b,
                None => bots.insert(Player::bots(tx)?),
            };
            let Some(bot) = here.iter().find(|b| b.name == p.name) else {
                return Err(ImportError::Refused {
                    place: format!("player ref {}", p.reference),
                    reason: crate::db::ops::Msg::new("import-unknown-bot").name("name", p.name.as_str()),
                });
            };
            if ids.insert(p.reference, bot.id).is_some() {
                return Err(ImportError::DuplicatePlayer(p.reference));
            }
            matched += 1;
            continue;
        }
        // As the player form keeps them (checked already).
        let fields = PlayerFields::new(&p.name, &p.club, p.licence.as_deref().unwrap_or("")).map_err(|reason| {
            ImportError::Refused {
                place: format!("player ref {}", p.reference),
                reason,
            }
        })?;
        let licence = fields.licence.as_ref().map(|l| l.as_str().to_owned());
        let existing = match &licence {
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
                        name: fields.name.as_str().to_owned(),
                        club: fields.club,
                        licence,
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
    Ok(PlayerIds { ids, matched, added })
}
