//! The board's Swap prefix query (issue 32: ≤ 20 ms), as the server answers a
//! click: the pieces that start a move (empty prefix) and the next squares
//! after picking the piece with the most swaps, in the start position and in
//! the most crowded position of the Swap page's sample game.

use criterion::{criterion_group, criterion_main, Criterion};
use zest::board::game::{new_table, BoardGame};
use zest::variants::swap::Swap;
use zest::variants::Variant;

/// The sample game's position with the most pieces, the latest among equals
/// (after 4. d1/g4/g7/h8 Black has 27.7 M moves: the crowded middle game).
fn crowded() -> String {
    let text = include_str!("../tests/data/swap-sample-game.txt");
    let mut best: Option<(usize, String)> = None;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 3 || f[0] == "result" {
            continue;
        }
        let pieces = f[2]
            .split(' ')
            .next()
            .unwrap()
            .chars()
            .filter(|c| c.is_ascii_alphabetic())
            .count();
        if best.as_ref().is_none_or(|(n, _)| pieces >= *n) {
            best = Some((pieces, f[2].to_string()));
        }
    }
    best.expect("sample game").1
}

/// The own piece whose one-piece prefix offers the most continuations.
fn busiest(g: &dyn BoardGame) -> String {
    let first = g.targets(&[]).unwrap();
    first
        .options
        .iter()
        .max_by_key(|o| {
            g.targets(std::slice::from_ref(&o.token))
                .map_or(0, |t| t.options.len())
        })
        .unwrap()
        .token
        .clone()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("swap-prefix-query");
    group.sample_size(20);
    for (name, fen) in [
        ("start", Swap::START_FEN.to_string()),
        ("sample-crowded", crowded()),
    ] {
        let g = new_table("swap", Some(&fen)).unwrap();
        let piece = busiest(g.as_ref());
        group.bench_function(format!("{name}/pieces"), |b| {
            b.iter(|| g.targets(&[]).unwrap())
        });
        group.bench_function(format!("{name}/after-{piece}"), |b| {
            b.iter(|| g.targets(std::slice::from_ref(&piece)).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
