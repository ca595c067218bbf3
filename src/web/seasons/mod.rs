//! Seasons on the web (FORMATS.md, "Seasons"): the JSON API ([`api`]), the
//! public page with its CSV, projector and A4 ([`pages`]), the organizer's
//! page ([`organizer`]); here, the season's standings kept in memory.
//!
//! A season's standings are kept under the generations of its tournaments'
//! standings in the live cache ([`crate::web::live::cache`]): a deal
//! entered, corrected or voided in any of them moves its generation (the
//! hub drops its standings as it reads the event), and the season's
//! standings are read again at the next request. Checking costs one query
//! (which tournaments the season holds: attaching one shows at once).

pub mod api;
pub mod organizer;
pub mod pages;
pub mod view;

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use actix_web::web;

use crate::db::models::Season;
use crate::db::ops::seasons::read::{self, SeasonStandings};
use crate::db::ops::visible::Audience;
use crate::tournament::ids::{SeasonId, TournamentId};

use super::{AppError, AppState};

/// Routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    api::configure(cfg);
    pages::configure(cfg);
    organizer::configure(cfg);
}

/// Tournaments and their generations, as a season's standings were read under.
type Under = Vec<(TournamentId, u64)>;

/// A season's standings and what they were read under.
type Kept = (Under, Arc<SeasonStandings>);

/// The seasons' standings kept, by season and audience.
#[derive(Default)]
pub struct SeasonCache {
    kept: RwLock<HashMap<(SeasonId, Audience), Kept>>,
}

impl SeasonCache {
    fn get(&self, key: (SeasonId, Audience), under: &Under) -> Option<Arc<SeasonStandings>> {
        let kept = self.kept.read().unwrap_or_else(|e| e.into_inner());
        kept.get(&key).filter(|(u, _)| u == under).map(|(_, s)| s.clone())
    }

    fn store(&self, key: (SeasonId, Audience), under: Under, value: Arc<SeasonStandings>) {
        let mut kept = self.kept.write().unwrap_or_else(|e| e.into_inner());
        kept.insert(key, (under, value));
    }
}

/// The standings of season `id` as `audience` may see them: from memory
/// when none of its tournaments changed since they were read.
pub async fn standings(state: &AppState, id: SeasonId, audience: Audience) -> Result<Arc<SeasonStandings>, AppError> {
    let ids = state.db(move |conn| Ok(Season::tournaments(conn, id)?)).await?;
    let cache = state.hub.cache();
    // Noted before reading: a change meanwhile makes the next request read again.
    let under: Under = ids.iter().map(|t| (*t, cache.generation(*t))).collect();
    if let Some(s) = state.seasons.get((id, audience), &under) {
        return Ok(s);
    }
    let built = Arc::new(state.db(move |conn| Ok(read::standings(conn, id, audience)?)).await?);
    let read_ids: Vec<TournamentId> = {
        let mut v: Vec<TournamentId> = built.tournaments.iter().map(|t| t.id).collect();
        v.sort();
        v
    };
    if read_ids == ids {
        state.seasons.store((id, audience), under, built.clone());
    }
    Ok(built)
}

/// The JSON rows of FORMATS.md: `[{"rank", "player", "name", "points",
/// "played", "counted": [{"tournament", "points"}]}]`.
pub fn json_rows(s: &SeasonStandings) -> serde_json::Value {
    use crate::tournament::season::as_points;
    s.lines
        .iter()
        .map(|l| {
            serde_json::json!({
                "rank": l.row.rank,
                "player": l.row.player,
                "name": l.name,
                "points": as_points(l.row.points),
                "played": l.row.played,
                "counted": l.row.counted().map(|f| serde_json::json!({
                    "tournament": f.tournament,
                    "points": as_points(f.points),
                })).collect::<Vec<_>>(),
            })
        })
        .collect()
}
