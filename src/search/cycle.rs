//! Stockfish's upcoming repetition: a repetition the side to move can make, seen before it
//! is made.

use crate::core::zobrist;
use crate::eval::SearchHooks;

/// Whether the side to move in `pos` has a reversible move
/// ([`SearchHooks::reversible_move`]) back into a position of the line while the opponent's
/// moves since then cancel out: `keys` are those of the game and the line up to the parent,
/// the root `ply` of them back, and a null move after the first `from` (a cycle does not
/// cross it). That position must be inside the tree, or have occurred twice already, as the
/// search's repetition rule judges it once reached: the node is then worth at least a draw,
/// a ply before the search would find it.
#[inline]
pub fn upcoming_repetition<V: SearchHooks>(pos: &V, keys: &[u64], from: usize, ply: i32) -> bool {
    let n = keys.len();
    let window = (pos.position().halfmove_clock as usize).min(n);
    let end = window.min(n - from);
    if end < 3 {
        return false;
    }
    let key = pos.key();
    // The opponent's moves since `i` plies back, as the keys they changed (turn aside).
    let mut theirs = key ^ keys[n - 1] ^ zobrist::SIDE;
    let mut i = 3;
    while i <= end {
        theirs ^= keys[n - i + 1] ^ keys[n - i] ^ zobrist::SIDE;
        if theirs == 0 && pos.reversible_move(key ^ keys[n - i]) {
            let target = keys[n - i];
            if i < ply as usize || (i + 2..=window).step_by(2).any(|j| keys[n - j] == target) {
                return true;
            }
        }
        i += 2;
    }
    false
}
