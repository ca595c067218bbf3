//! The transposition table: a fixed number of slots, allocated once, each
//! holding bounds on the taker's final score for one position at the start
//! of a trick (see `key.rs` for what the key covers, and why that is exact),
//! each bound with the attack's points where it was found: the key leaves
//! those points out, and a bound found at some points holds for more
//! (a lower bound) or fewer (an upper bound).
//!
//! Four slots of 16 bytes per bucket, a bucket on one cache line (the
//! table's reads are most of what a node waits for): three keep the
//! positions with the most cards left (the dearest to search again), the
//! fourth always takes the newest.

/// Bounds on the taker's final score for one keyed position.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Bounds {
    /// The score is at least this.
    pub lo: i32,
    /// The score is at most this.
    pub hi: i32,
    /// The card (index) that gave the best value, 0xff when none.
    pub best: u8,
}

/// What a slot keeps (16 bytes): a lower bound valid at the attack's
/// points `lo_at` and above, an upper bound valid at `hi_at` and below (the
/// value never falls when the attack has more points: `key.rs`). The bounds
/// are kept in 16 bits, each rounded the safe way (a lower bound down, an
/// upper bound up; scores are far inside that range anyway).
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    lo: i16,
    hi: i16,
    lo_at: u8,
    hi_at: u8,
    best: u8,
    /// Cards left at that position (0: empty slot).
    left: u8,
}

/// Four slots on one cache line: a probe reads memory once.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([Slot; 4]);

const NO_LO: i16 = i16::MIN;
const NO_HI: i16 = i16::MAX;

fn lo16(v: i32) -> i16 {
    if v <= i32::from(NO_LO) {
        NO_LO
    } else {
        v.min(i32::from(NO_HI) - 1) as i16
    }
}

fn hi16(v: i32) -> i16 {
    if v >= i32::from(NO_HI) {
        NO_HI
    } else {
        v.max(i32::from(NO_LO) + 1) as i16
    }
}

impl Slot {
    /// The bounds it gives when the attack has `points`.
    fn at(&self, points: u16) -> Bounds {
        Bounds {
            lo: if self.lo != NO_LO && points >= u16::from(self.lo_at) {
                i32::from(self.lo)
            } else {
                i32::MIN
            },
            hi: if self.hi != NO_HI && points <= u16::from(self.hi_at) {
                i32::from(self.hi)
            } else {
                i32::MAX
            },
            best: self.best,
        }
    }

    /// Takes in bounds found at `points`: each bound kept unless the one
    /// already there is at least as strong where it holds and holds wider.
    fn merge(&mut self, points: u16, b: Bounds) {
        let (lo, hi) = (lo16(b.lo), hi16(b.hi));
        // A lower bound holds from its points up, an upper one down to 0.
        let (lo_at, hi_at) = (points.min(255) as u8, points.min(255) as u8);
        if lo != NO_LO && !(self.lo != NO_LO && self.lo >= lo && self.lo_at <= lo_at) {
            self.lo = lo;
            self.lo_at = lo_at;
        }
        if hi != NO_HI && !(self.hi != NO_HI && self.hi <= hi && self.hi_at >= hi_at) {
            self.hi = hi;
            self.hi_at = hi_at;
        }
        if b.best != 0xff {
            self.best = b.best;
        }
    }
}

/// A transposition table of fixed size (memory bounded: it never grows).
pub struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` slots (16 bytes each; `bits` from 4 to 30).
    pub fn with_bits(bits: u32) -> Table {
        let bits = bits.clamp(4, 30);
        Table {
            buckets: vec![Bucket::default(); 1 << (bits - 2)],
            mask: (1 << (bits - 2)) - 1,
        }
    }

    /// A table of about `mb` megabytes (rounded down to a power of two of slots).
    pub fn with_megabytes(mb: usize) -> Table {
        let slots = (mb.max(1) << 20) / std::mem::size_of::<Slot>();
        Table::with_bits(usize::BITS - 1 - slots.max(16).leading_zeros())
    }

    /// Its size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
    }

    /// The bounds known for `key` when the attack has `points`.
    pub(super) fn probe(&self, key: u64, points: u16) -> Option<Bounds> {
        let b = &self.buckets[(key as usize) & self.mask];
        b.0.iter().find(|s| s.left > 0 && s.key == key).map(|s| s.at(points))
    }

    /// Stores bounds found for `key` when the attack has `points`, merged
    /// with what a slot already knows of it. A new position takes an empty
    /// slot, else the one of the first three with the fewest cards left if
    /// it has no more than the new one, else the fourth (always the newest).
    pub(super) fn store(&mut self, key: u64, points: u16, left: u8, b: Bounds) {
        let bucket = &mut self.buckets[(key as usize) & self.mask].0;
        if let Some(s) = bucket.iter_mut().find(|s| s.left > 0 && s.key == key) {
            s.merge(points, b);
            return;
        }
        let victim = match bucket.iter().position(|s| s.left == 0) {
            Some(i) => i,
            None => {
                let i = (0..3).min_by_key(|&i| bucket[i].left).expect("three slots");
                if bucket[i].left <= left {
                    i
                } else {
                    3
                }
            }
        };
        let mut slot = Slot {
            key,
            lo: NO_LO,
            hi: NO_HI,
            lo_at: 0,
            hi_at: 0,
            best: 0xff,
            left,
        };
        slot.merge(points, b);
        bucket[victim] = slot;
    }
}

impl Default for Table {
    /// 64 MB.
    fn default() -> Table {
        Table::with_bits(22)
    }
}
