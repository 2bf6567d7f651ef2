//! Helpers the per-variant rule tests share: positions from FEN, sorted move lists.
#![allow(dead_code)]

use std::ops::ControlFlow;
use zest::variants::Variant;

/// The position of `fen`, or a panic naming the FEN.
pub fn pos<V: Variant>(fen: &str) -> V {
    V::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Every legal move in notation, sorted.
pub fn moves<V: Variant>(p: &V) -> Vec<String> {
    let mut v = Vec::new();
    let _ = p.for_each_move(|m| {
        v.push(p.move_to_string(m));
        ControlFlow::Continue(())
    });
    v.sort();
    v
}

/// Whitespace-separated words, sorted (expected move lists written in the rules files).
pub fn words(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// The position after playing `line` from `fen`.
pub fn after<V: Variant>(fen: &str, line: &[&str]) -> V {
    let mut p: V = pos(fen);
    for s in line {
        let m = p.parse_move(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        p.play(m);
    }
    p
}
