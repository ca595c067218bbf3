//! The transposition table: a fixed number of slots, allocated once, each
//! holding bounds on the taker's final score for one position at the start
//! of a trick (see `key.rs` for what the key covers, and why that is exact).
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

#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    /// Cards left at that position (0: empty slot).
    left: u8,
    bounds: Bounds,
}

/// A transposition table of fixed size (memory bounded: it never grows).
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` slots (24 bytes each; `bits` from 4 to 30).
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

    pub(super) fn probe(&self, key: u64) -> Option<Bounds> {
        let i = (key as usize) & self.mask;
        self.slots[i..i + 2]
            .iter()
            .find(|s| s.left > 0 && s.key == key)
            .map(|s| s.bounds)
    }

    /// Stores bounds for `key`, merged with what a slot already knows of it.
    pub(super) fn store(&mut self, key: u64, left: u8, mut b: Bounds) {
        let i = (key as usize) & self.mask;
        let pair = &mut self.slots[i..i + 2];
        for s in pair.iter_mut() {
            if s.left > 0 && s.key == key {
                b.lo = b.lo.max(s.bounds.lo);
                b.hi = b.hi.min(s.bounds.hi);
                if b.best == 0xff {
                    b.best = s.bounds.best;
                }
                s.bounds = b;
                return;
            }
        }
        let new = Slot { key, left, bounds: b };
        if left >= pair[0].left {
            pair[1] = pair[0];
            pair[0] = new;
        } else {
            pair[1] = new;
        }
    }
}

impl Default for Table {
    /// About 48 MB.
    fn default() -> Table {
        Table::with_bits(21)
    }
}
