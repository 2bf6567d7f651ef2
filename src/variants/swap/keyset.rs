//! The deduplication set of the swap generator: open addressing (linear
//! probing) over 64-bit position keys, emptied in time proportional to its
//! use, and recycled through a per-thread pool so that a generation allocates
//! nothing once warm.
//!
//! Why a pool: generation nests (perft generates inside the callback of its
//! parent's generation), so each nesting level needs its own set; the pool hands
//! out one per live generation and takes it back afterwards. A set grows (by
//! doubling, amortised) only when a position has more distinct swap results than
//! any before it on this thread; millions of results cost 8 to 16 bytes each.

use std::cell::RefCell;

/// A set of keys valid for one generation.
///
/// Slots hold the keys themselves (0 = empty), 8 bytes each at a load of at
/// most 3/4. Emptying costs O(len): the slots filled are remembered (up to an
/// eighth of the table; beyond that the whole table is zeroed, which is then
/// cheap next to the work that filled it). A table grown past 2^20 slots is
/// dropped when a later generation uses little of it, so one crowded position
/// does not hold its memory for the rest of the game.
pub struct KeySet {
    slots: Vec<u64>,
    touched: Vec<u32>,
    overflow: bool,
    len: usize,
}

const MIN_SLOTS: usize = 1 << 10;
const SHRINK_ABOVE: usize = 1 << 20;

impl KeySet {
    fn new() -> KeySet {
        KeySet {
            slots: vec![0; MIN_SLOTS],
            touched: Vec::with_capacity(MIN_SLOTS / 8),
            overflow: false,
            len: 0,
        }
    }

    /// Empties the set.
    fn begin(&mut self) {
        if self.overflow {
            if self.slots.len() > SHRINK_ABOVE {
                *self = KeySet::new();
                return;
            }
            self.slots.iter_mut().for_each(|s| *s = 0);
        } else {
            for &i in &self.touched {
                self.slots[i as usize] = 0;
            }
        }
        self.touched.clear();
        self.overflow = false;
        self.len = 0;
    }

    /// Inserts `key`; true when it was not there yet.
    #[inline]
    pub fn insert(&mut self, key: u64) -> bool {
        // 0 marks an empty slot; a key of 0 (one in 2^64) shares 1's place.
        let key = key.max(1);
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            let s = self.slots[i];
            if s == 0 {
                self.slots[i] = key;
                self.len += 1;
                if self.touched.len() < self.slots.len() / 8 {
                    self.touched.push(i as u32);
                } else {
                    self.overflow = true;
                }
                return true;
            }
            if s == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    /// Asks the CPU to start loading `key`'s first slot (a hint, no effect on the set).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let i = key.max(1) as usize & (self.slots.len() - 1);
        crate::core::prefetch::prefetch(&self.slots[i]);
    }

    #[cold]
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.slots = vec![0; old.len() * 2];
        let mask = self.slots.len() - 1;
        for key in old.into_iter().filter(|&k| k != 0) {
            let mut i = key as usize & mask;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = key;
        }
        // The remembered slots moved: zero the whole table next time.
        self.touched.clear();
        self.overflow = true;
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
        for _ in 0..3 {
            with_set(|s| {
                assert!(s.is_empty());
                assert!(s.insert(0x9e37_79b9_7f4a_7c15));
                assert!(s.insert(7));
                assert!(!s.insert(7));
            });
        }
    }
}
