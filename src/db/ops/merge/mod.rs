//! Two directory entries that are one person, merged (issue 46): every row
//! naming the removed entry names the kept one, the removed entry's row is
//! gone, and the seasons follow (they rank by entry). In one unit of work,
//! recorded in `player_merges` (the directory's log of merges) and in the
//! audit log of every tournament the removed entry played.
//!
//! Refused, nothing written: an entry with itself (422); an unknown entry
//! (404); a bot (409); two entries that played one tournament or one game
//! (409: one person cannot have played twice at one tournament).
//!
//! Undo, "while nothing else changed": only the newest merge not undone,
//! and only while the rows naming the kept entry are exactly those the
//! merge left (no registration, seat, deal, score, award, seating
//! constraint or past result of theirs added, removed or moved since), the
//! kept entry still holds the licence it took (if it took one) and nobody
//! else holds the removed entry's licence. The removed entry comes back
//! with its id, name, club, licence and date, and every row repointed names
//! it again; otherwise 409 with the sentence why.

pub mod refs;

use std::collections::BTreeSet;

use diesel::prelude::*;
use serde_json::json;

use crate::db::models::{AuditAction, AuditEntry, NewAuditEntry, NewPlayerMerge, Player, PlayerMerge};
use crate::db::ops::events::publish_standings;
use crate::db::schema::{game_seats, past_results, players, registrations, tournaments};
use crate::db::{now, AnyConnection, Tx};
use crate::tournament::ids::{PlayerId, TournamentId};

use super::{Msg, OpError, OpResult};
use refs::RowRef;

/// A directory entry with the tournaments it played.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The entry.
    pub player: Player,
    /// Its tournaments: (id, name, date), by date.
    pub tournaments: Vec<(TournamentId, String, String)>,
}

/// The tournaments an entry played: registered, or in a past tournament's results.
pub fn tournaments_of(conn: &mut AnyConnection, p: PlayerId) -> QueryResult<BTreeSet<TournamentId>> {
    let mut ids: BTreeSet<TournamentId> = registrations::table
        .filter(registrations::player_id.eq(p))
        .select(registrations::tournament_id)
        .load::<TournamentId>(conn)?
        .into_iter()
        .collect();
    let past: Vec<TournamentId> = past_results::table
        .filter(past_results::player_id.eq(p))
        .select(past_results::tournament_id)
        .load(conn)?;
    ids.extend(past);
    Ok(ids)
}

/// An entry with its tournaments; 404 when there is none.
pub fn entry(conn: &mut AnyConnection, p: PlayerId) -> OpResult<Entry> {
    let player = Player::find(conn, p)?.ok_or(OpError::NotFound)?;
    let ids: Vec<TournamentId> = tournaments_of(conn, p)?.into_iter().collect();
    let tournaments = tournaments::table
        .filter(tournaments::id.eq_any(&ids))
        .order((tournaments::event_date, tournaments::id))
        .select((tournaments::id, tournaments::name, tournaments::event_date))
        .load(conn)?;
    Ok(Entry { player, tournaments })
}

/// The two entries when `removed` may be merged into `kept`; otherwise
/// the refusal (see the module's documentation).
pub fn check(conn: &mut AnyConnection, kept: PlayerId, removed: PlayerId) -> OpResult<(Player, Player)> {
    if kept == removed {
        return Err(OpError::Invalid(Msg::new("merge-self")));
    }
    let a = Player::find(conn, kept)?.ok_or(OpError::NotFound)?;
    let b = Player::find(conn, removed)?.ok_or(OpError::NotFound)?;
    if let Some(bot) = [&a, &b].into_iter().find(|p| p.bot.is_some()) {
        return Err(OpError::Conflict(Msg::new("merge-bot").name("name", &bot.name)));
    }
    let both = |msg: &'static str, what: String| {
        OpError::Conflict(
            Msg::new(msg)
                .name("kept", &a.name)
                .name("removed", &b.name)
                .name("what", what),
        )
    };
    let shared = tournaments_of(conn, kept)?
        .intersection(&tournaments_of(conn, removed)?)
        .next()
        .copied();
    if let Some(t) = shared {
        let name: String = tournaments::table.find(t).select(tournaments::name).first(conn)?;
        return Err(both("merge-same-tournament", name));
    }
    let games = |conn: &mut AnyConnection, p: PlayerId| -> QueryResult<BTreeSet<i32>> {
        let ids: Vec<i32> = game_seats::table
            .filter(game_seats::player_id.eq(p))
            .select(game_seats::game_id)
            .load(conn)?;
        Ok(ids.into_iter().collect())
    };
    if let Some(g) = games(conn, kept)?.intersection(&games(conn, removed)?).next() {
        return Err(both("merge-same-game", g.to_string()));
    }
    Ok((a, b))
}

/// The audit entry of `action` about a merge, in tournament `t`.
fn audit(
    action: AuditAction,
    t: TournamentId,
    actor: &str,
    kept: (PlayerId, &str),
    removed: (PlayerId, &str),
) -> NewAuditEntry {
    let what = json!({
        "kept": {"id": kept.0, "name": kept.1},
        "removed": {"id": removed.0, "name": removed.1},
    })
    .to_string();
    let subject = format!("player {} into {}", removed.0, kept.0);
    let (before, after) = match action {
        AuditAction::MergeUndone => (Some(what), None),
        _ => (None, Some(what)),
    };
    NewAuditEntry::restored(t, action, actor, &subject, before, after, "")
}

/// Merges entry `removed` into entry `kept` (see the module's
/// documentation); the merge's id. The kept entry keeps its licence, or
/// takes the removed one's when it has none.
pub fn merge(tx: &mut Tx<'_>, kept: PlayerId, removed: PlayerId, actor: &str) -> OpResult<i32> {
    let (a, b) = check(tx, kept, removed)?;
    let kept_rows = refs::rows_naming(tx, kept)?;
    let repointed = refs::rows_naming(tx, removed)?;
    let touched = tournaments_of(tx, removed)?;
    refs::repoint_all(tx, removed, kept)?;
    diesel::delete(players::table.find(removed)).execute(tx.conn())?;
    let licence_moved = a.licence.is_none() && b.licence.is_some();
    if licence_moved {
        Player::update(tx, kept, &a.name, &a.club, b.licence.as_deref())?;
    }
    let id = PlayerMerge::create(
        tx,
        &NewPlayerMerge {
            kept_id: kept,
            removed_id: removed,
            removed_name: b.name.clone(),
            removed_club: b.club.clone(),
            removed_licence: b.licence.clone(),
            removed_created_at: b.created_at,
            licence_moved,
            repointed: serde_json::to_string(&repointed).expect("names and numbers serialize"),
            kept_rows: serde_json::to_string(&kept_rows).expect("names and numbers serialize"),
            actor: actor.to_owned(),
            created_at: now(),
        },
    )?;
    for t in touched {
        let e = audit(AuditAction::PlayerMerged, t, actor, (kept, &a.name), (removed, &b.name));
        AuditEntry::write(tx, &e)?;
        publish_standings(tx, t)?;
    }
    Ok(id)
}

/// Rows stored as JSON by [`merge`].
fn stored_rows(json: &str) -> Option<Vec<RowRef>> {
    let rows: Vec<RowRef> = serde_json::from_str(json).ok()?;
    rows.iter().all(|(c, _)| refs::known(c)).then_some(rows)
}

/// Undoes merge `id` (see the module's documentation for when it may).
pub fn undo(tx: &mut Tx<'_>, id: i32, actor: &str) -> OpResult<()> {
    let m = PlayerMerge::find(tx, id)?.ok_or(OpError::NotFound)?;
    if m.undone_at.is_some() {
        return Err(OpError::Conflict(Msg::new("merge-undo-done")));
    }
    if PlayerMerge::last_standing(tx)?.map(|l| l.id) != Some(id) {
        return Err(OpError::Conflict(Msg::new("merge-undo-not-last")));
    }
    let kept = Player::find(tx, m.kept_id)?.ok_or(OpError::NotFound)?;
    let changed = || OpError::Conflict(Msg::new("merge-undo-changed").name("name", &kept.name));
    let (Some(repointed), Some(kept_rows)) = (stored_rows(&m.repointed), stored_rows(&m.kept_rows)) else {
        return Err(changed());
    };
    let left: BTreeSet<&RowRef> = kept_rows.iter().chain(&repointed).collect();
    let now_rows = refs::rows_naming(tx, m.kept_id)?;
    if now_rows.iter().collect::<BTreeSet<_>>() != left {
        return Err(changed());
    }
    if m.licence_moved && kept.licence != m.removed_licence {
        return Err(OpError::Conflict(
            Msg::new("merge-undo-licence").name("name", &kept.name),
        ));
    }
    if let (Some(l), false) = (&m.removed_licence, m.licence_moved) {
        if let Some(other) = Player::find_by_licence(tx, l)? {
            let msg = Msg::new("merge-undo-licence-taken")
                .arg("licence", l)
                .name("name", &other.name);
            return Err(OpError::Conflict(msg));
        }
    }
    if m.licence_moved {
        Player::update(tx, kept.id, &kept.name, &kept.club, None)?;
    }
    diesel::insert_into(players::table)
        .values((
            players::id.eq(m.removed_id),
            players::name.eq(&m.removed_name),
            players::club.eq(&m.removed_club),
            players::licence.eq(&m.removed_licence),
            players::created_at.eq(m.removed_created_at),
        ))
        .execute(tx.conn())?;
    refs::point_rows(tx, &repointed, m.removed_id)?;
    PlayerMerge::mark_undone(tx, id, actor)?;
    for t in tournaments_of(tx, m.removed_id)? {
        let e = audit(
            AuditAction::MergeUndone,
            t,
            actor,
            (kept.id, &kept.name),
            (m.removed_id, &m.removed_name),
        );
        AuditEntry::write(tx, &e)?;
        publish_standings(tx, t)?;
    }
    Ok(())
}
