//! A search thread's cache of static evaluations by position key.
//!
//! Quiescence stands pat on the same positions again and again (every iteration walks the
//! tree again, and transpositions meet), and the evaluation is a large part of a node's cost.
//! The cache is private to its thread, so it needs no atomics; a slot holds the full key, so a
//! hit is the same position (as far as the key tells positions apart, as the table assumes).

use crate::eval::Score;

/// Slots per thread: a power of two (16 bytes each).
const SLOTS: usize = 1 << 16;

pub struct EvalCache {
    slots: Box<[(u64, Score)]>,
}

impl EvalCache {
    pub fn new() -> EvalCache {
        // A key no position hashes to in practice marks an empty slot.
        EvalCache {
            slots: vec![(!0u64, 0); SLOTS].into_boxed_slice(),
        }
    }

    /// The evaluation of the position with `key`: the cached one, or `evaluate()` stored.
    #[inline]
    pub fn get_or(&mut self, key: u64, evaluate: impl FnOnce() -> Score) -> Score {
        let slot = &mut self.slots[key as usize & (SLOTS - 1)];
        if slot.0 == key {
            return slot.1;
        }
        let score = evaluate();
        *slot = (key, score);
        score
    }
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hit_returns_the_stored_score_and_a_collision_evaluates_again() {
        let mut cache = EvalCache::new();
        assert_eq!(cache.get_or(42, || 7), 7);
        assert_eq!(cache.get_or(42, || panic!("evaluated twice")), 7);
        // Same slot, other key: evaluated, and it replaces the first.
        let other = 42 + SLOTS as u64;
        assert_eq!(cache.get_or(other, || -3), -3);
        assert_eq!(cache.get_or(42, || 9), 9);
    }
}
