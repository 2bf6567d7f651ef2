//! perft speed, zest against shakmaty, in the same run (issue 5's speed goal).

use criterion::{criterion_group, criterion_main, Criterion};
use zest::tools::perft::perft;
use zest::variants::chess::Chess;
use zest::variants::Variant;

fn shakmaty_perft(depth: u32) -> u64 {
    shakmaty::perft(&shakmaty::Chess::default(), depth)
}

fn bench(c: &mut Criterion) {
    let depth = std::env::var("ZEST_BENCH_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(5);
    let start = Chess::from_fen(Chess::START_FEN).unwrap();
    let mut g = c.benchmark_group(format!("perft-startpos-d{depth}"));
    g.sample_size(10);
    g.bench_function("zest", |b| b.iter(|| perft(&start, depth)));
    g.bench_function("shakmaty", |b| b.iter(|| shakmaty_perft(depth)));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
