//! What a group of entries reads before any of them is decided: the deal
//! slots ([`Slot`]) and the rest of its [`Context`], one query each.

use std::collections::{BTreeSet, HashMap};

use chrono::NaiveDateTime;

use crate::db::models::{Deal, Round, RoundTable, Submission, Tournament};
use crate::db::AnyConnection;
use crate::tournament::deal::{DealError, ScoredDeal, TableDeal};
use crate::tournament::ids::{PlayerId, TournamentId};

use super::played::Played;
use super::{EnteredDeal, Entry};
use crate::db::ops::OpResult;

/// A deal slot as this unit of work knows it: read at its start, then as
/// its entries change it.
pub(super) struct Slot {
    /// Its row; `None` for a new deal, inserted with the group's writes.
    pub(super) id: Option<i32>,
    pub(super) record: TableDeal,
    pub(super) version: i32,
    pub(super) confirmed: bool,
    /// Its scores once an entry of this unit rewrote them (not yet stored).
    pub(super) scores: Option<Vec<(PlayerId, i32)>>,
    /// When it was first entered; `None`: by this unit of work (now).
    pub(super) created_at: Option<NaiveDateTime>,
    /// Voided by the organizer: no entry changes it until it is restored.
    pub(super) voided: bool,
}

impl Slot {
    pub(super) fn read(d: &Deal) -> Slot {
        Slot {
            id: Some(d.id),
            record: d.record.clone(),
            version: d.version,
            confirmed: d.confirmed,
            scores: None,
            created_at: Some(d.created_at),
            voided: d.void_reason.is_some(),
        }
    }

    /// The slot as an answer (no rules output): its scores from this unit
    /// of work, or as stored.
    pub(super) fn stored(&self, conn: &mut AnyConnection, number: i32) -> OpResult<EnteredDeal> {
        let scores = match (&self.scores, self.id) {
            (Some(s), _) => s.clone(),
            (None, Some(id)) => Deal::scores(conn, id)?,
            // A new deal has the scores of its entry.
            (None, None) => Vec::new(),
        };
        Ok(EnteredDeal {
            number,
            deal: self.record.clone(),
            scores,
            changed: false,
            output: None,
            version: self.version,
            confirmed: self.confirmed,
            replayed: false,
        })
    }
}

/// What entries read before any of them is decided, one query each
/// whatever their number: their tournaments, their rounds (locked: a round
/// cannot close under them), their tables' deals (locked) and seats, the
/// submissions of their keys, and which tables play on the devices.
pub(super) struct Context {
    pub(super) tournaments: HashMap<TournamentId, Tournament>,
    pub(super) rounds: HashMap<i32, Round>,
    pub(super) slots: HashMap<(i32, i32), Slot>,
    pub(super) seats: HashMap<i32, Vec<PlayerId>>,
    pub(super) submissions: HashMap<String, Submission>,
    /// The tables that play on the devices, by table id.
    pub(super) played: HashMap<i32, Played>,
}

impl Context {
    pub(super) fn read(conn: &mut AnyConnection, entries: &[Entry<'_>]) -> OpResult<Context> {
        let mut tournaments = HashMap::new();
        for id in distinct(entries.iter().map(|e| e.round.tournament_id)) {
            if let Some(t) = Tournament::find(conn, id)? {
                tournaments.insert(id, t);
            }
        }
        // Re-read the rounds inside the transaction, locked so that they
        // cannot close under us: one may have closed since.
        let mut rounds = HashMap::new();
        for id in distinct(entries.iter().map(|e| e.round.id)) {
            if let Some(r) = Round::locked(conn, id, false)? {
                rounds.insert(id, r);
            }
        }
        let tables: Vec<i32> = distinct(entries.iter().map(|e| e.table.id)).into_iter().collect();
        let slots = Deal::of_tables_for_update(conn, &tables)?
            .iter()
            .map(|d| ((d.table_id, d.number), Slot::read(d)))
            .collect();
        let mut seats: HashMap<i32, Vec<PlayerId>> = HashMap::new();
        for (table, player, _) in RoundTable::players_of_tables(conn, &tables)? {
            seats.entry(table).or_default().push(player);
        }
        let keys: Vec<&str> = entries.iter().filter_map(|e| e.key).collect();
        let submissions = if keys.is_empty() {
            HashMap::new()
        } else {
            Submission::find_all(conn, &keys)?
                .into_iter()
                .map(|s| (s.key.clone(), s))
                .collect()
        };
        let played = Played::of_tables(conn, &tables)?;
        Ok(Context {
            tournaments,
            rounds,
            slots,
            seats,
            submissions,
            played,
        })
    }

    /// An entry's deal checked at its table and scored by the rules core,
    /// under its tournament's rules as this unit of work read them;
    /// `None` when the tournament is not there (the entry is refused
    /// for that).
    pub(super) fn score(&self, entry: &Entry<'_>) -> Option<Result<ScoredDeal, DealError>> {
        let t = self.tournaments.get(&entry.round.tournament_id)?;
        let players = self.seats.get(&entry.table.id).map(Vec::as_slice).unwrap_or_default();
        Some(entry.deal.score_at(players, entry.number, t.table5_mode, &t.rules))
    }
}

/// The values of `ids` once each, in order.
fn distinct<T: Ord>(ids: impl Iterator<Item = T>) -> BTreeSet<T> {
    ids.collect()
}
