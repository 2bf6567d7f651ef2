//! The transposition table: one fixed-size, lock-free table shared by all
//! search threads. Each slot is two atomics, the key stored XORed with the
//! data so that a torn write (two threads writing one slot) reads as a miss.
//!
//! The best move is stored as its index in the position's generated move
//! list: generation is deterministic, so the index names the same move for
//! the same key in every variant, whatever its move type.

use crate::core::large_pages::LargeSlice;
use crate::eval::{Score, MATE_BOUND};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// How the stored score bounds the true one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact = 1,
    /// Failed high: the score is at least this.
    Lower = 2,
    /// Failed low: the score is at most this.
    Upper = 3,
}

/// What a probe returns.
#[derive(Copy, Clone, Debug)]
pub struct TtEntry {
    pub move_index: Option<u16>,
    pub score: Score,
    pub depth: i32,
    pub bound: Bound,
    /// The position was searched inside a principal variation, now or in an earlier search
    /// (Stockfish's `ttPv`): its moves are reduced less there too.
    pub pv: bool,
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// Shared hash table, sized in MB.
pub struct TranspositionTable {
    slots: LargeSlice<Slot>,
    age: AtomicU8,
}

const NO_MOVE: u64 = 0xffff;

fn pack(e: &TtEntry, age: u8) -> u64 {
    let mv = e.move_index.map_or(NO_MOVE, |i| i as u64);
    (mv & 0xffff)
        | ((e.score as i16 as u16 as u64) << 16)
        | ((e.pv as u64) << 32)
        | (((e.depth.clamp(-1, 254) + 1) as u64 & 0xff) << 48)
        | ((e.bound as u64) << 56)
        | (((age & 0x3f) as u64) << 58)
}

fn unpack(d: u64) -> Option<TtEntry> {
    let bound = match (d >> 56) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    let mv = d & 0xffff;
    Some(TtEntry {
        move_index: if mv == NO_MOVE { None } else { Some(mv as u16) },
        score: ((d >> 16) & 0xffff) as u16 as i16 as Score,
        depth: ((d >> 48) & 0xff) as i32 - 1,
        bound,
        pv: (d >> 32) & 1 == 1,
    })
}

/// Mate scores are stored relative to the node, not the root.
#[inline]
pub fn score_to_tt(score: Score, ply: i32) -> Score {
    if score >= MATE_BOUND {
        score + ply
    } else if score <= -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

#[inline]
pub fn score_from_tt(score: Score, ply: i32) -> Score {
    if score >= MATE_BOUND {
        score - ply
    } else if score <= -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

impl TranspositionTable {
    pub fn new(mb: usize) -> TranspositionTable {
        let n = (mb.max(1) * 1024 * 1024 / std::mem::size_of::<Slot>()).max(1024);
        TranspositionTable {
            // SAFETY: a slot of two zero atomics is an empty slot.
            slots: unsafe { LargeSlice::zeroed(n) },
            age: AtomicU8::new(0),
        }
    }

    pub fn clear(&self) {
        for s in self.slots.iter() {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
    }

    /// Called once per search so that old entries are replaced first.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        let i = ((key as u128 * self.slots.len() as u128) >> 64) as usize;
        &self.slots[i]
    }

    /// Asks the CPU to start loading `key`'s slot (a hint, no effect on the table): called
    /// once a child's key is known, so that the child's probe a little later does not wait
    /// on memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::core::prefetch::prefetch(self.slot(key));
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let s = self.slot(key);
        let data = s.data.load(Ordering::Relaxed);
        if s.check.load(Ordering::Relaxed) ^ data != key {
            return None;
        }
        unpack(data)
    }

    /// Replaces unless the slot holds a deeper entry of the same position from this search.
    #[inline]
    pub fn store(&self, key: u64, entry: TtEntry) {
        let s = self.slot(key);
        let age = self.age.load(Ordering::Relaxed) & 0x3f;
        let old = s.data.load(Ordering::Relaxed);
        let same = s.check.load(Ordering::Relaxed) ^ old == key;
        if same {
            if let Some(o) = unpack(old) {
                let old_age = ((old >> 58) & 0x3f) as u8;
                if old_age == age && o.depth > entry.depth + 2 && entry.bound != Bound::Exact {
                    return;
                }
            }
        }
        let mut e = entry;
        if e.move_index.is_none() && same {
            e.move_index = unpack(old).and_then(|o| o.move_index);
        }
        let data = pack(&e, age);
        s.check.store(key ^ data, Ordering::Relaxed);
        s.data.store(data, Ordering::Relaxed);
    }

    /// Permille of a sample of slots written in this search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let age = (self.age.load(Ordering::Relaxed) & 0x3f) as u64;
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                (d >> 56) & 3 != 0 && (d >> 58) & 0x3f == age
            })
            .count();
        (used * 1000 / n) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe() {
        let tt = TranspositionTable::new(1);
        let e = TtEntry {
            move_index: Some(17),
            score: -123,
            depth: 7,
            bound: Bound::Lower,
            pv: true,
        };
        tt.store(0xdead_beef, e);
        let got = tt.probe(0xdead_beef).unwrap();
        assert_eq!(got.move_index, Some(17));
        assert_eq!(got.score, -123);
        assert_eq!(got.depth, 7);
        assert_eq!(got.bound, Bound::Lower);
        assert!(got.pv);
        assert!(tt.probe(0xdead_beee).is_none());
        // The PV bit both ways: a later store of the same position outside any PV clears it.
        tt.store(0xdead_beef, TtEntry { pv: false, ..e });
        assert!(!tt.probe(0xdead_beef).unwrap().pv);
        tt.clear();
        assert!(tt.probe(0xdead_beef).is_none());
    }
}
