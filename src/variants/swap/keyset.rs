//! The deduplication set of the swap generator: open addressing over 64-bit
//! position keys, cleared in O(1) by an epoch stamp, and recycled through a
//! per-thread pool so that a generation allocates nothing once warm.
//!
//! Why a pool: generation nests (perft generates inside the callback of its
//! parent's generation), so each nesting level needs its own set; the pool hands
//! out one per live generation and takes it back afterwards. A set grows (by
//! doubling, amortised) only when a position has more distinct swap results than
//! any before it on this thread; millions of results cost 16 bytes × 2 each.

use std::cell::RefCell;

#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    epoch: u32,
}

/// A set of keys valid for one generation (one epoch).
pub struct KeySet {
    slots: Vec<Slot>,
    epoch: u32,
    len: usize,
}

const MIN_SLOTS: usize = 1 << 10;

impl KeySet {
    fn new() -> KeySet {
        KeySet {
            slots: vec![Slot::default(); MIN_SLOTS],
            epoch: 0,
            len: 0,
        }
    }

    /// Empties the set (a new epoch).
    fn begin(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.slots.iter_mut().for_each(|s| *s = Slot::default());
            self.epoch = 1;
        }
        self.len = 0;
    }

    /// Inserts `key`; true when it was not there yet.
    #[inline]
    pub fn insert(&mut self, key: u64) -> bool {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        // Keys are Zobrist hashes: their high bits are as good as any index.
        let mut i = (key >> 20) as usize & mask;
        loop {
            let s = &mut self.slots[i];
            if s.epoch != self.epoch {
                *s = Slot {
                    key,
                    epoch: self.epoch,
                };
                self.len += 1;
                return true;
            }
            if s.key == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    #[cold]
    fn grow(&mut self) {
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); 0]);
        self.slots = vec![Slot::default(); old.len() * 2];
        let epoch = self.epoch;
        let live = old.iter().filter(|s| s.epoch == epoch);
        let mask = self.slots.len() - 1;
        for s in live {
            let mut i = (s.key >> 20) as usize & mask;
            while self.slots[i].epoch == epoch {
                i = (i + 1) & mask;
            }
            self.slots[i] = *s;
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

thread_local! {
    static POOL: RefCell<Vec<KeySet>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with an empty set from this thread's pool.
pub fn with_set<R>(f: impl FnOnce(&mut KeySet) -> R) -> R {
    let mut set = POOL
        .with(|p| p.borrow_mut().pop())
        .unwrap_or_else(KeySet::new);
    set.begin();
    let r = f(&mut set);
    POOL.with(|p| p.borrow_mut().push(set));
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dedup_and_growth() {
        with_set(|s| {
            for k in 0..10_000u64 {
                assert!(s.insert(k.wrapping_mul(0x9e37_79b9_7f4a_7c15)));
            }
            for k in 0..10_000u64 {
                assert!(!s.insert(k.wrapping_mul(0x9e37_79b9_7f4a_7c15)));
            }
            assert_eq!(s.len(), 10_000);
        });
        with_set(|s| {
            assert!(s.is_empty());
            assert!(s.insert(0x9e37_79b9_7f4a_7c15));
        });
    }
}
