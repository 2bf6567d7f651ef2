//! `zest bench`: a fixed search workload over every variant. The node total
//! is a signature of the search (deterministic with one thread); nodes per
//! second measure speed.

use super::play::{random_opening, SplitMix};
use crate::eval::Evaluate;
use crate::search::{Limits, SearchOptions, Searcher};
use crate::variants::Game;
use std::time::Duration;

/// Positions of one variant: its start and positions 6, 12 and 20 random plies in (fixed seed).
pub fn positions<V: Evaluate>() -> Vec<Game<V>> {
    let mut out = vec![Game::new()];
    let mut rng = SplitMix(0x5eed);
    for plies in [6, 12, 20] {
        out.push(random_opening(plies, &mut rng));
    }
    out
}

/// Nodes and time of the workload of one variant.
#[derive(Clone, Debug, Default)]
pub struct BenchResult {
    pub nodes: u64,
    pub time: Duration,
    pub depth_reached: i32,
}

/// Searches each position to `depth` with `threads` threads, a fresh table per position.
pub fn run<V: Evaluate>(depth: i32, threads: usize, hash_mb: usize) -> BenchResult {
    let searcher = Searcher::new(threads, hash_mb);
    let mut total = BenchResult::default();
    for game in positions::<V>() {
        searcher.clear();
        log::info!(
            "bench {}: {}",
            <V as crate::variants::Variant>::NAME,
            game.position().fen()
        );
        let r = searcher.search(
            game.position(),
            &game.history_keys(),
            &Limits::depth(depth),
            &SearchOptions::default(),
            &mut |_| {},
        );
        total.nodes += r.nodes;
        total.time += r.time;
        total.depth_reached = total.depth_reached.max(r.depth);
    }
    total
}
