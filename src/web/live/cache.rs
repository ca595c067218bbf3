//! Standings served from memory, exact: per tournament, a
//! [`Snapshot`] of what the standings pages show (`super::snapshot`), built
//! from the database on a miss and dropped by every committed change of the
//! tournament (its live events).
//!
//! Exact under races: each tournament has a generation, bumped by every
//! invalidation. A builder notes the generation before it reads the
//! database and keeps its result only if the generation has not moved since,
//! so a snapshot read before a change is never kept after it.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use crate::tournament::ids::{RoundNo, TournamentId};

use super::snapshot::{Snapshot, View};

struct Entry<V, K> {
    generation: u64,
    views: HashMap<K, V>,
    /// The builds under way for this generation, by view.
    flights: HashMap<K, Flight<V>>,
    /// When each view's last build began (kept across generations).
    began: HashMap<K, Instant>,
    /// How long each view's last build took (kept across generations).
    took: HashMap<K, Duration>,
    /// Each view's last value, kept across generations: what is served
    /// while the database does not answer.
    last: HashMap<K, V>,
}

impl<V, K> Default for Entry<V, K> {
    fn default() -> Self {
        Entry {
            generation: 0,
            views: HashMap::new(),
            flights: HashMap::new(),
            began: HashMap::new(),
            took: HashMap::new(),
            last: HashMap::new(),
        }
    }
}

/// One build of a view: every request that misses under the same
/// generation waits for it instead of reading the database again.
pub type Flight<V> = Arc<tokio::sync::OnceCell<V>>;

/// Values kept per tournament and view (by default `None`: the whole event,
/// `Some(n)`: round `n`; the standings' views also say for whom,
/// [`View`]), with the generations that keep them exact.
pub struct Cache<V, K = Option<RoundNo>> {
    entries: RwLock<HashMap<TournamentId, Entry<V, K>>>,
    /// Invalidations of any tournament so far: what is built from every
    /// tournament at once (the ratings) is kept under it.
    changes: std::sync::atomic::AtomicU64,
}

impl<V, K> Default for Cache<V, K> {
    fn default() -> Self {
        Cache {
            entries: RwLock::new(HashMap::new()),
            changes: std::sync::atomic::AtomicU64::new(0),
        }
    }
}

/// The time between the beginnings of two builds of a view whose last build
/// took `took`: at least `interval`, and [`super::SLOW_BUILD_SHARE`] times
/// `took` up to [`super::SLOW_BUILD_SPACING_MAX`].
fn spacing(interval: Duration, took: Duration) -> Duration {
    let slow = took
        .saturating_mul(super::SLOW_BUILD_SHARE)
        .min(super::SLOW_BUILD_SPACING_MAX);
    interval.max(slow)
}

/// The standings snapshots of every tournament of an instance, by view:
/// the public's and the organizer's kept apart.
pub type StandingsCache = Cache<Arc<Snapshot>, View>;

/// The answer of [`Cache::lookup`].
pub enum Lookup<V> {
    /// In memory.
    Hit(V),
    /// To build: the generation to hand back to [`Cache::store`].
    Miss(u64),
}

impl<V: Clone, K: Copy + Eq + std::hash::Hash> Cache<V, K> {
    /// The value of a tournament's view, or the generation to build it under.
    pub fn lookup(&self, id: TournamentId, view: K) -> Lookup<V> {
        let entries = self.entries.read().unwrap_or_else(|e| e.into_inner());
        match entries.get(&id) {
            // Nothing is noted for a tournament before its first change or
            // store: made-up ids take no memory.
            None => Lookup::Miss(0),
            Some(e) => match e.views.get(&view) {
                Some(v) => Lookup::Hit(v.clone()),
                None => Lookup::Miss(e.generation),
            },
        }
    }

    /// A tournament's generation now: it moves with every change (what a
    /// season's standings, made of several tournaments, are kept under).
    pub fn generation(&self, id: TournamentId) -> u64 {
        let entries = self.entries.read().unwrap_or_else(|e| e.into_inner());
        entries.get(&id).map_or(0, |e| e.generation)
    }

    /// The last value of a view built, current or not (what the
    /// tournament looked like before its latest changes).
    pub fn last_known(&self, id: TournamentId, view: K) -> Option<V> {
        let entries = self.entries.read().unwrap_or_else(|e| e.into_inner());
        let e = entries.get(&id)?;
        e.views.get(&view).or_else(|| e.last.get(&view)).cloned()
    }

    /// Keeps a value built under `generation`, unless the tournament changed
    /// since (then the next request builds it again); whether it was kept.
    pub fn store(&self, id: TournamentId, view: K, generation: u64, value: V) -> bool {
        let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
        let entry = entries.entry(id).or_default();
        if entry.generation != generation {
            return false;
        }
        entry.views.insert(view, value);
        true
    }

    /// The build of a view under `generation` that the requests missing
    /// it share: the one under way, or a new one. A build of a changed
    /// tournament (the generation moved), or of one nothing is noted for,
    /// is nobody else's.
    pub fn flight(&self, id: TournamentId, view: K, generation: u64) -> Flight<V> {
        let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
        match entries.get_mut(&id) {
            Some(e) if e.generation == generation => {
                let began = &mut e.began;
                e.flights
                    .entry(view)
                    .or_insert_with(|| {
                        began.insert(view, Instant::now());
                        Flight::default()
                    })
                    .clone()
            }
            _ => Flight::default(),
        }
    }

    /// How long a request that missed a view should wait before building
    /// it, so that the view is built at most once per `interval`, or per
    /// [`super::SLOW_BUILD_SHARE`] times its last build's duration when
    /// that is longer, up to [`super::SLOW_BUILD_SPACING_MAX`] (none when
    /// its last build began longer ago, or never).
    pub fn pause_before_build(&self, id: TournamentId, view: K, interval: Duration) -> Option<Duration> {
        let entries = self.entries.read().unwrap_or_else(|e| e.into_inner());
        let entry = entries.get(&id)?;
        let began = entry.began.get(&view)?;
        let took = entry.took.get(&view).copied().unwrap_or_default();
        spacing(interval, took)
            .checked_sub(began.elapsed())
            .filter(|d| !d.is_zero())
    }

    /// Notes how long a build of a view took, for [`Cache::pause_before_build`].
    pub fn took(&self, id: TournamentId, view: K, took: Duration) {
        let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
        if let Some(e) = entries.get_mut(&id) {
            e.took.insert(view, took);
        }
    }

    /// Forgets a build once done (its value stored or refused), so that
    /// views nobody asks again take no memory.
    pub fn landed(&self, id: TournamentId, view: K, flight: &Flight<V>) {
        let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
        if let Some(e) = entries.get_mut(&id) {
            if e.flights.get(&view).is_some_and(|f| Arc::ptr_eq(f, flight)) {
                e.flights.remove(&view);
            }
        }
    }

    /// How many changes of any tournament were seen: it moves with each.
    pub fn changes(&self) -> u64 {
        self.changes.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Drops what is kept of a tournament: it changed.
    pub fn invalidate(&self, id: TournamentId) {
        self.changes.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
        let entry = entries.entry(id).or_default();
        entry.generation += 1;
        let Entry { views, last, .. } = entry;
        last.extend(views.drain());
        entry.flights.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_built_before_a_change_is_not_kept_after_it() {
        let cache: Cache<&str> = Cache::default();
        let Lookup::Miss(g) = cache.lookup(TournamentId::new(1), None) else {
            panic!("empty cache")
        };
        // The tournament changes while the value is being built.
        cache.invalidate(TournamentId::new(1));
        assert!(!cache.store(TournamentId::new(1), None, g, "stale"));
        assert!(matches!(cache.lookup(TournamentId::new(1), None), Lookup::Miss(1)));
        assert!(cache.store(TournamentId::new(1), None, 1, "fresh"));
        assert!(matches!(cache.lookup(TournamentId::new(1), None), Lookup::Hit("fresh")));
        // Views are kept apart, and a change drops them all.
        assert!(cache.store(TournamentId::new(1), Some(RoundNo::new(2)), 1, "round 2"));
        assert!(matches!(
            cache.lookup(TournamentId::new(1), Some(RoundNo::new(2))),
            Lookup::Hit("round 2")
        ));
        assert!(matches!(cache.lookup(TournamentId::new(2), None), Lookup::Miss(0)));
        cache.invalidate(TournamentId::new(1));
        assert!(matches!(cache.lookup(TournamentId::new(1), None), Lookup::Miss(2)));
        assert!(matches!(
            cache.lookup(TournamentId::new(1), Some(RoundNo::new(2))),
            Lookup::Miss(2)
        ));
    }

    #[test]
    fn a_build_is_shared_within_its_generation_only() {
        let cache: Cache<u8> = Cache::default();
        // Nothing noted yet: nothing shared.
        assert!(!Arc::ptr_eq(
            &cache.flight(TournamentId::new(3), None, 0),
            &cache.flight(TournamentId::new(3), None, 0)
        ));
        cache.invalidate(TournamentId::new(3));
        let first = cache.flight(TournamentId::new(3), None, 1);
        assert!(Arc::ptr_eq(&first, &cache.flight(TournamentId::new(3), None, 1)));
        // Another view, or an older generation, builds on its own.
        assert!(!Arc::ptr_eq(
            &first,
            &cache.flight(TournamentId::new(3), Some(RoundNo::new(1)), 1)
        ));
        assert!(!Arc::ptr_eq(&first, &cache.flight(TournamentId::new(3), None, 0)));
        // A change: the next requests do not wait for a build of before it.
        cache.invalidate(TournamentId::new(3));
        assert!(!Arc::ptr_eq(&first, &cache.flight(TournamentId::new(3), None, 2)));
        let second = cache.flight(TournamentId::new(3), None, 2);
        cache.landed(TournamentId::new(3), None, &first);
        assert!(Arc::ptr_eq(&second, &cache.flight(TournamentId::new(3), None, 2)));
        cache.landed(TournamentId::new(3), None, &second);
        assert!(!Arc::ptr_eq(&second, &cache.flight(TournamentId::new(3), None, 2)));
    }

    #[test]
    fn a_view_is_built_at_most_once_per_interval() {
        let cache: Cache<u8> = Cache::default();
        let long = Duration::from_secs(3600);
        // Never built: no pause.
        assert_eq!(cache.pause_before_build(TournamentId::new(4), None, long), None);
        cache.invalidate(TournamentId::new(4));
        assert_eq!(cache.pause_before_build(TournamentId::new(4), None, long), None);
        let _building = cache.flight(TournamentId::new(4), None, 1);
        // Just begun: the next build waits for the rest of the interval,
        // whatever changed meanwhile; other views do not.
        cache.invalidate(TournamentId::new(4));
        let pause = cache
            .pause_before_build(TournamentId::new(4), None, long)
            .expect("a pause");
        assert!(pause > Duration::from_secs(3500) && pause <= long, "{pause:?}");
        assert_eq!(
            cache.pause_before_build(TournamentId::new(4), Some(RoundNo::new(1)), long),
            None
        );
        assert_eq!(
            cache.pause_before_build(TournamentId::new(4), None, Duration::ZERO),
            None
        );
    }

    #[test]
    fn a_slow_build_spaces_the_next_ones_out_within_a_bound() {
        let cache: Cache<u8> = Cache::default();
        let interval = Duration::from_millis(50);
        cache.invalidate(TournamentId::new(5));
        let _building = cache.flight(TournamentId::new(5), None, 1);
        cache.took(TournamentId::new(5), None, Duration::from_millis(80));
        cache.invalidate(TournamentId::new(5));
        // 80 ms to build: the next begins 400 ms after it, not 50.
        let pause = cache
            .pause_before_build(TournamentId::new(5), None, interval)
            .expect("a pause");
        assert!(
            pause > Duration::from_millis(300) && pause <= Duration::from_millis(400),
            "{pause:?}"
        );
        // A quick build: the interval; a very slow one: the bound.
        assert_eq!(spacing(interval, Duration::from_millis(2)), interval);
        assert_eq!(
            spacing(interval, Duration::from_secs(3)),
            super::super::SLOW_BUILD_SPACING_MAX
        );
        assert_eq!(
            spacing(Duration::from_secs(3600), Duration::from_secs(3)),
            Duration::from_secs(3600)
        );
    }

    #[test]
    fn a_first_build_racing_a_first_change_is_not_kept() {
        let cache: Cache<u8> = Cache::default();
        let Lookup::Miss(g) = cache.lookup(TournamentId::new(7), None) else {
            panic!("empty cache")
        };
        cache.invalidate(TournamentId::new(7));
        assert!(!cache.store(TournamentId::new(7), None, g, 1));
    }
}
