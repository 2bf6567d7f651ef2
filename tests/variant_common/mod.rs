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

/// Every pairing of the listed own and opponent actions as two-action turns, sorted.
pub fn cross(own: &[&str], other: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = own
        .iter()
        .flat_map(|a| other.iter().map(move |b| format!("{a},{b}")))
        .collect();
    v.sort();
    v
}

/// Rows of `tests/data/vectors.tsv` for `variant`: (fen, depth, nodes, note).
pub fn vectors(variant: &str) -> Vec<(String, u32, u64, String)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/vectors.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter_map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            (c.len() >= 4 && c[0] == variant).then(|| {
                (
                    c[1].to_string(),
                    c[2].parse().unwrap(),
                    c[3].parse().unwrap(),
                    c.get(4).unwrap_or(&"").to_string(),
                )
            })
        })
        .collect()
}

/// The `k`-th move in generation order (uniform random play picks `k` below the count).
pub fn nth_move<V: Variant>(p: &V, k: u64) -> V::Move {
    let mut i = 0;
    let mut found = None;
    let _ = p.for_each_move(|m| {
        if i == k {
            found = Some(m);
            return ControlFlow::Break(());
        }
        i += 1;
        ControlFlow::Continue(())
    });
    found.expect("k below the count")
}

/// A search of `pos` with no game history and the default options.
pub fn search<V: zest::eval::Evaluate>(
    searcher: &zest::search::Searcher,
    pos: &V,
    limits: &zest::search::Limits,
) -> zest::search::SearchResult<V::Move> {
    searcher.search(
        pos,
        &[],
        limits,
        &zest::search::SearchOptions::default(),
        &mut |_| {},
    )
}
