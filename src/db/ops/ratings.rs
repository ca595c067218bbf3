//! What the rating (`rating`, docs/rating.md) is computed from, read from
//! the database as anyone may see it: every counted free deal of every
//! tournament in one query, and each duplicate tournament's results as its
//! public standings give them (no deal that is not complete yet).

use std::collections::BTreeMap;

use chrono::NaiveDate;
use diesel::prelude::*;

use crate::db::models::deal::counts;
use crate::db::models::Tournament;
use crate::db::schema::{deal_scores, deals, round_tables, rounds};
use crate::db::AnyConnection;
use crate::rating::{self, DuplicateResult, FreeDeal, Model, Ratings, TournamentDeals};
use crate::tournament::duplicate::Format;
use crate::tournament::ids::{PlayerId, TournamentId};

use super::visible::{Audience, Visible};
use super::{duplicate, OpResult};

/// Every player's rating and its history, from every tournament's counted
/// deals (the model's defaults); none when the deals cannot be rated (a
/// table whose scores do not sum to zero: said in the log).
pub fn ratings(conn: &mut AnyConnection) -> OpResult<Option<Ratings>> {
    let input = rating_input(conn)?;
    match rating::rate(&input, &Model::default()) {
        Ok(r) => Ok(Some(r)),
        Err(e) => {
            tracing::warn!("the deals cannot be rated: {e}");
            Ok(None)
        }
    }
}

/// The rating's input: each tournament with its date, its free deals (the
/// scores of the players who played each: a dealer sitting a deal out at a
/// table of 5 scores 0 there and is left out; a deal every player passed
/// tells nothing and is left out) and a duplicate tournament's results.
pub fn rating_input(conn: &mut AnyConnection) -> OpResult<Vec<TournamentDeals>> {
    let mut out = Vec::new();
    let lines: Vec<(TournamentId, i32, PlayerId, i32)> = deal_scores::table
        .inner_join(deals::table.inner_join(round_tables::table.inner_join(rounds::table)))
        .filter(counts())
        .order((rounds::tournament_id, deals::id, deal_scores::id))
        .select((
            rounds::tournament_id,
            deals::id,
            deal_scores::player_id,
            deal_scores::score,
        ))
        .load(conn)?;
    let mut free: BTreeMap<TournamentId, BTreeMap<i32, Vec<(PlayerId, i64)>>> = BTreeMap::new();
    for (t, deal, player, score) in lines {
        free.entry(t)
            .or_default()
            .entry(deal)
            .or_default()
            .push((player, i64::from(score)));
    }
    for t in Tournament::list(conn)? {
        let date = NaiveDate::parse_from_str(&t.event_date, "%Y-%m-%d").unwrap_or_default();
        let mut entry = TournamentDeals {
            date,
            id: t.id,
            free: Vec::new(),
            duplicate: Vec::new(),
        };
        if t.format == Format::Duplicate {
            let visible = Visible::load(conn, &t, Audience::Public)?;
            entry.duplicate = duplicate::standings_of(conn, &t, visible.duplicate_deals())?
                .into_iter()
                .filter(|r| r.deals > 0)
                .map(|r| DuplicateResult {
                    player: r.player,
                    percent: r.percent,
                    deals: r.deals,
                })
                .collect();
        } else if let Some(deals) = free.remove(&t.id) {
            entry.free = deals.into_values().filter_map(played).collect();
        }
        if !entry.free.is_empty() || !entry.duplicate.is_empty() {
            out.push(entry);
        }
    }
    Ok(out)
}

/// A deal's scores as the rating takes them: the players who played it
/// (a played deal never scores 0 but for the one sitting out), none for a
/// deal every player passed.
fn played(scores: Vec<(PlayerId, i64)>) -> Option<FreeDeal> {
    let scores: Vec<(PlayerId, i64)> = scores.into_iter().filter(|(_, s)| *s != 0).collect();
    (scores.len() >= 3).then_some(FreeDeal { scores })
}
