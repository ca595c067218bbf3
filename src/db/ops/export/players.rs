//! Where a document names players: [`Document::map_players`] passes every
//! player field through one function (database ids to `ref`s on export, and
//! back on import), and the plan's fingerprint, which names database ids.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::db::ops::deals::deal_refusal;
use crate::tournament::deal::TableDeal;
use crate::tournament::ids::PlayerId;
use crate::tournament::table::{constraint_lists, Constraint, StoredPlan};

use super::error::invalid;
use super::{Document, ImportError};

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
        for (i, entry) in d.audit_log.iter_mut().enumerate() {
            let what = || format!("audit entry {} ({})", i + 1, entry.action);
            let map_text = |text: &Option<String>,
                            f: &mut dyn FnMut(PlayerId) -> Result<PlayerId, E>|
             -> Result<Option<String>, E> {
                let Some(text) = text else { return Ok(None) };
                let v: Value = serde_json::from_str(text).map_err(|e| invalid(what(), e))?;
                let mapped = match entry.action.as_str() {
                    // The tables seated (or undone, or reseated), player
                    // ids in seat order.
                    "round.start" | "round.undo" | "round.seats" => {
                        let mut tables: Vec<Vec<PlayerId>> =
                            serde_json::from_value(v).map_err(|e| invalid(what(), e))?;
                        for t in &mut tables {
                            map_list(t, &mut *f)?;
                        }
                        serde_json::to_string(&tables).expect("numbers serialize")
                    }
                    // The deal before and after the correction.
                    "deal.correct" => parse_deal(&v, &what)?.try_map_players(&mut *f)?.to_json().to_string(),
                    // The points awarded, [[player, points], ...].
                    "table.award" | "table.award.withdraw" => {
                        let mut points: Vec<(PlayerId, i32)> =
                            serde_json::from_value(v).map_err(|e| invalid(what(), e))?;
                        for (p, _) in &mut points {
                            *p = f(*p)?;
                        }
                        serde_json::to_string(&points).expect("numbers serialize")
                    }
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
