//! The transposition table: a fixed number of slots, allocated once, each
//! holding bounds on the taker's final score for one position at the start
//! of a trick (see `key.rs` for what the key covers, and why that is exact),
//! each bound with the attack's points where it was found: the key leaves
//! those points out, and a bound found at some points holds for more
//! (a lower bound) or fewer (an upper bound).
//!
//! Two slots per bucket: the first keeps the position with the most cards
//! left (the dearest to search again), the second always takes the newest.

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

/// What a slot keeps: a lower bound valid at the attack's points `lo_at`
/// and above, an upper bound valid at `hi_at` and below (the value never
/// falls when the attack has more points: `key.rs`).
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    /// Cards left at that position (0: empty slot).
    left: u8,
    lo_at: u16,
    hi_at: u16,
    bounds: Bounds,
}

impl Slot {
    /// The bounds it gives when the attack has `points`.
    fn at(&self, points: u16) -> Bounds {
        Bounds {
            lo: if points >= self.lo_at { self.bounds.lo } else { i32::MIN },
            hi: if points <= self.hi_at { self.bounds.hi } else { i32::MAX },
            best: self.bounds.best,
        }
    }

    /// Takes in bounds found at `points`: each bound kept unless the one
    /// already there is at least as strong where it holds and holds wider.
    fn merge(&mut self, points: u16, b: Bounds) {
        let old = *self;
        if b.lo != i32::MIN && !(old.bounds.lo >= b.lo && old.lo_at <= points) {
            self.bounds.lo = b.lo;
            self.lo_at = points;
        }
        if b.hi != i32::MAX && !(old.bounds.hi <= b.hi && old.hi_at >= points) {
            self.bounds.hi = b.hi;
            self.hi_at = points;
        }
        if b.best != 0xff {
            self.bounds.best = b.best;
        }
    }
}

/// A transposition table of fixed size (memory bounded: it never grows).
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` slots (32 bytes each; `bits` from 4 to 30).
    pub fn with_bits(bits: u32) -> Table {
        let bits = bits.clamp(4, 30);
        Table {
            slots: vec![Slot::default(); 1 << bits],
            mask: (1 << bits) - 2,
        }
    }

    /// A table of about `mb` megabytes (rounded down to a power of two of slots).
    pub fn with_megabytes(mb: usize) -> Table {
        let slots = (mb.max(1) << 20) / std::mem::size_of::<Slot>();
        Table::with_bits(usize::BITS - 1 - slots.max(16).leading_zeros())
    }

    /// Its size in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>()
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
    }

    /// The bounds known for `key` when the attack has `points`.
    pub(super) fn probe(&self, key: u64, points: u16) -> Option<Bounds> {
        let i = (key as usize) & self.mask;
        self.slots[i..i + 2]
            .iter()
            .find(|s| s.left > 0 && s.key == key)
            .map(|s| s.at(points))
    }

    /// Stores bounds found for `key` when the attack has `points`, merged
    /// with what a slot already knows of it.
    pub(super) fn store(&mut self, key: u64, points: u16, left: u8, b: Bounds) {
        let i = (key as usize) & self.mask;
        let pair = &mut self.slots[i..i + 2];
        for s in pair.iter_mut() {
            if s.left > 0 && s.key == key {
                s.merge(points, b);
                return;
            }
        }
        let new = Slot {
            key,
            left,
            lo_at: points,
            hi_at: points,
            bounds: b,
        };
        if left >= pair[0].left {
            pair[1] = pair[0];
            pair[0] = new;
        } else {
            pair[1] = new;
        }
    }
}

impl Default for Table {
    /// 64 MB.
    fn default() -> Table {
        Table::with_bits(21)
    }
}
