//! perft: leaf counts of the legal move tree, the standard check of a move generator.

use crate::variants::Variant;
use std::ops::ControlFlow;

/// Leaf nodes `depth` moves deep (copy-make; bulk counting at the last ply).
pub fn perft<V: Variant>(pos: &V, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(),
        _ => {
            let mut nodes = 0;
            let _ = pos.for_each_move(|m| {
                let mut child = pos.clone();
                child.play(m);
                nodes += perft(&child, depth - 1);
                ControlFlow::Continue(())
            });
            nodes
        }
    }
}

/// perft split by first move: `(move in notation, count)` in generation order.
pub fn divide<V: Variant>(pos: &V, depth: u32) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    if depth == 0 {
        return out;
    }
    let _ = pos.for_each_move(|m| {
        let mut child = pos.clone();
        child.play(m);
        out.push((pos.move_to_string(m), perft(&child, depth - 1)));
        ControlFlow::Continue(())
    });
    out
}
