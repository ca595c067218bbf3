//! How the hub's batches reach the event streams: not all at once. The
//! streams are dealt round the [`LANES`] lanes as they open, and the hub
//! hands a batch to one lane after the other, spread over a window that
//! grows with the number of streams open ([`spread`]), well within
//! FORMATS.md's second.
//!
//! Handed to every stream at once, a batch woke 4,000 streams on the
//! request workers in one go (and each set a timer for its own moment to
//! write): a tablet's request that came then waited behind all of them.
//! A lane wakes a sixteenth of them, which write at once and are done.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::broadcast;

/// The lanes the streams are dealt round.
pub const LANES: usize = 16;
/// Batches of events a slow SSE client may fall behind before it is told to reload.
const CHANNEL_CAPACITY: usize = 1024;
/// The window per open stream, up to [`SPREAD_SHARE`] of the time between
/// two reads: a few streams get a batch at once, 500 over 80 ms.
const SPREAD_PER_STREAM: Duration = Duration::from_micros(160);
/// The share of the time between two reads the window may take at most:
/// the last lane has its batch before the next read.
const SPREAD_SHARE: f64 = 0.8;

/// The lanes of the streams of one hub.
pub struct Lanes<T> {
    senders: Vec<broadcast::Sender<Arc<T>>>,
    next: AtomicUsize,
}

impl<T> Default for Lanes<T> {
    fn default() -> Self {
        Lanes {
            senders: (0..LANES).map(|_| broadcast::channel(CHANNEL_CAPACITY).0).collect(),
            next: AtomicUsize::new(0),
        }
    }
}

impl<T> Lanes<T> {
    /// A new stream's receiver, on the next lane round.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<T>> {
        let lane = self.next.fetch_add(1, Ordering::Relaxed) % LANES;
        self.senders[lane].subscribe()
    }

    /// The streams open (receivers not dropped).
    pub fn streams(&self) -> usize {
        self.senders.iter().map(|s| s.receiver_count()).sum()
    }

    /// Hands `items` to every lane in turn, the lanes spread evenly over
    /// `window`: lane `i` gets them `i × window / LANES` after the first.
    /// Sleeps the thread meanwhile (the hub's own). `stop` ends it early,
    /// handing the rest at once.
    pub fn hand(&self, items: &[Arc<T>], window: Duration, stop: impl Fn() -> bool) {
        let start = Instant::now();
        for (i, sender) in self.senders.iter().enumerate() {
            if !stop() {
                let at = window.mul_f64(i as f64 / LANES as f64);
                std::thread::sleep(at.saturating_sub(start.elapsed()));
            }
            if sender.receiver_count() == 0 {
                continue;
            }
            for item in items {
                // No receiver left is not an error: nobody is watching.
                let _ = sender.send(item.clone());
            }
        }
    }
}

/// The window over which the lanes get a batch, with `streams` open and
/// reads `interval` apart.
pub fn spread(streams: usize, interval: Duration) -> Duration {
    SPREAD_PER_STREAM
        .saturating_mul(u32::try_from(streams).unwrap_or(u32::MAX))
        .min(interval.mul_f64(SPREAD_SHARE))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_dealt_round_the_lanes_evenly() {
        let lanes: Lanes<u32> = Lanes::default();
        let receivers: Vec<_> = (0..LANES * 5 + 3).map(|_| lanes.subscribe()).collect();
        assert_eq!(lanes.streams(), LANES * 5 + 3);
        let per_lane: Vec<usize> = lanes.senders.iter().map(|s| s.receiver_count()).collect();
        assert!(per_lane.iter().all(|n| (5..=6).contains(n)), "{per_lane:?}");
        drop(receivers);
        assert_eq!(lanes.streams(), 0);
    }

    #[test]
    fn every_stream_gets_every_batch_in_order_each_lane_at_its_moment() {
        let lanes: Lanes<u32> = Lanes::default();
        let mut receivers: Vec<_> = (0..LANES * 2).map(|_| lanes.subscribe()).collect();
        let window = Duration::from_millis(160);
        let start = Instant::now();
        let (tx, rx) = std::sync::mpsc::channel();
        let watcher = {
            // The last lane's first stream: it waits for its moment.
            let mut last = lanes.senders[LANES - 1].subscribe();
            std::thread::spawn(move || {
                let got = last.blocking_recv().unwrap();
                tx.send((*got, start.elapsed())).unwrap();
            })
        };
        lanes.hand(&[Arc::new(1), Arc::new(2)], window, || false);
        let took = start.elapsed();
        assert!(took >= window.mul_f64((LANES - 1) as f64 / LANES as f64), "{took:?}");
        let (first, at) = rx.recv().unwrap();
        watcher.join().unwrap();
        assert_eq!(first, 1);
        assert!(at >= window.mul_f64((LANES - 1) as f64 / LANES as f64), "{at:?}");
        for r in &mut receivers {
            assert_eq!(*r.try_recv().unwrap(), 1);
            assert_eq!(*r.try_recv().unwrap(), 2);
            assert!(r.try_recv().is_err());
        }
        // Stopping: the rest at once.
        let start = Instant::now();
        lanes.hand(&[Arc::new(3)], Duration::from_secs(10), || true);
        assert!(start.elapsed() < Duration::from_secs(1));
        assert!(receivers.iter_mut().all(|r| *r.try_recv().unwrap() == 3));
    }

    #[test]
    fn the_window_grows_with_the_streams_and_ends_before_the_next_read() {
        let interval = Duration::from_millis(100);
        assert_eq!(spread(0, interval), Duration::ZERO);
        assert_eq!(spread(1, interval), Duration::from_micros(160));
        assert_eq!(spread(100, interval), Duration::from_millis(16));
        assert_eq!(spread(500, interval), Duration::from_millis(80));
        assert_eq!(spread(4_000, Duration::from_millis(200)), Duration::from_millis(160));
        assert_eq!(spread(usize::MAX, interval), Duration::from_millis(80));
    }
}
