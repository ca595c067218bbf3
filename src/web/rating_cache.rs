//! Every player's rating (docs/rating.md), kept in memory. The rating is a
//! pure function of every scored deal of every tournament: it is rebuilt
//! whole (exactly, whatever the order the deals came in) at the first
//! request after any tournament changed, and kept under the live cache's
//! count of changes ([`crate::web::live::cache::Cache::changes`]) noted
//! before the database was read: a deal entered or corrected meanwhile
//! makes the next request build it again. One build at a time: the
//! requests that arrive during a build wait for it.

use std::sync::{Arc, Mutex};

use crate::db::ops::ratings as read;
use crate::rating::Ratings;

use super::{AppError, AppState};

/// What was built, and the count of changes it was built under.
type Kept = (u64, Option<Arc<Ratings>>);

/// The ratings kept, and the lock that lets one request build them.
#[derive(Default)]
pub struct RatingCache {
    kept: Mutex<Option<Kept>>,
    building: tokio::sync::Mutex<()>,
}

impl RatingCache {
    fn get(&self, changes: u64) -> Option<Option<Arc<Ratings>>> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.as_ref().filter(|(c, _)| *c == changes).map(|(_, r)| r.clone())
    }

    fn store(&self, changes: u64, value: Option<Arc<Ratings>>) {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        *kept = Some((changes, value));
    }
}

/// Every player's rating and its history as the deals stand now (none when
/// the deals cannot be rated: said in the log).
pub async fn ratings(state: &AppState) -> Result<Option<Arc<Ratings>>, AppError> {
    let cache = &state.ratings;
    if let Some(r) = cache.get(state.hub.cache().changes()) {
        return Ok(r);
    }
    let _one = cache.building.lock().await;
    // Noted before reading: a change meanwhile makes the next request build again.
    let changes = state.hub.cache().changes();
    if let Some(r) = cache.get(changes) {
        return Ok(r);
    }
    let built = state.db(|conn| Ok(read::ratings(conn)?)).await?.map(Arc::new);
    cache.store(changes, built.clone());
    Ok(built)
}
