//! The schedule: deterministic for a seed, colour-swapped pairs on every opening, openings in
//! order or shuffled by the seed, and shards that cover the tournament exactly once.

use std::collections::BTreeSet;
use zest::registry::{self, VariantFn};
use zest::tournament::schedule::*;
use zest::variants;

const EPD: &str = include_str!("data/openings_6ply.epd");

#[test]
fn pairs_swap_colours_on_one_opening_in_order() {
    let jobs = build("round-robin", 2, 50, 2, 100, false, 1, 1);
    assert_eq!(jobs.len(), 100);
    for (i, pair) in jobs.chunks(2).enumerate() {
        assert_eq!(pair[0].opening, i, "openings in file order");
        assert_eq!(pair[0].opening, pair[1].opening);
        assert_eq!(
            (pair[0].white, pair[0].black),
            (pair[1].black, pair[1].white)
        );
        assert_eq!((pair[0].white, pair[0].black), (0, 1));
        assert_eq!(pair[0].pair, i as u64);
        assert_eq!(
            (pair[0].index, pair[1].index),
            (2 * i as u64, 2 * i as u64 + 1)
        );
    }
    // `start` skips into the book; past its end the book is reused.
    let jobs = build("round-robin", 2, 3, 2, 2, false, 2, 1);
    let ops: Vec<usize> = jobs.iter().map(|j| j.opening).collect();
    assert_eq!(ops, vec![1, 1, 0, 0, 1, 1]);
}

#[test]
fn formats_meet_the_right_opponents() {
    let rr = build("round-robin", 4, 1, 2, 10, false, 1, 1);
    let enc: BTreeSet<(usize, usize)> = rr
        .iter()
        .filter(|j| j.game_in_pair == 0)
        .map(|j| (j.white, j.black))
        .collect();
    assert_eq!(enc.len(), 6);
    let g = build("gauntlet", 4, 2, 2, 10, false, 1, 1);
    assert_eq!(g.len(), 12);
    assert!(g.iter().all(|j| j.white == 0 || j.black == 0));
    let single = build("gauntlet", 3, 2, 1, 10, false, 1, 1);
    assert_eq!(single.len(), 4);
    assert!(single.iter().all(|j| j.white == 0));
}

#[test]
fn same_seed_same_schedule_other_seed_other_order() {
    let a = build("round-robin", 3, 10, 2, 100, true, 1, 42);
    let b = build("round-robin", 3, 10, 2, 100, true, 1, 42);
    let c = build("round-robin", 3, 10, 2, 100, true, 1, 43);
    assert_eq!(a, b);
    assert_ne!(a, c);
    // A shuffled book still uses each opening once before repeating.
    let ops: BTreeSet<usize> = a.iter().map(|j| j.opening).collect();
    assert_eq!(ops.len(), 30);
}

#[test]
fn shards_partition_whole_pairs() {
    let all = build("round-robin", 3, 7, 2, 100, true, 1, 5);
    for n in [1, 2, 3, 4, 7, 30] {
        let mut seen = BTreeSet::new();
        for i in 0..n {
            let part = shard(all.clone(), i, n);
            for j in &part {
                assert!(seen.insert(j.index), "game {} in two shards", j.index);
                assert_eq!(j.pair % n as u64, i as u64);
            }
            // Pairs are never split.
            let pairs: BTreeSet<u64> = part.iter().map(|j| j.pair).collect();
            assert_eq!(part.len(), 2 * pairs.len());
            // A shard is the same jobs as in the full schedule.
            for j in &part {
                assert_eq!(&all[j.index as usize], j);
            }
        }
        assert_eq!(seen.len(), all.len());
    }
    assert_eq!(parse_shard("2/3"), Ok((1, 3)));
    assert!(
        parse_shard("0/3").is_err() && parse_shard("4/3").is_err() && parse_shard("x").is_err()
    );
}

#[test]
fn epd_openings_keep_the_position_only() {
    let ops = read_epd(EPD);
    assert_eq!(ops.len(), 100);
    assert_eq!(
        ops[0].fen,
        "rnbqkb1r/pp2pppp/2pp1n2/8/6Q1/4P3/PPPPNPPP/RNB1KB1R w KQkq - 0 1"
    );
    let ops = read_epd(
        "8/8/8/8/8/8/8/K6k w - - bm Kb2; id \"x\";\n# comment\n\nk7/8/8/8/8/8/8/7K b - - 3 40\n",
    );
    assert_eq!(ops[0].fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
    assert_eq!(ops[1].fen, "k7/8/8/8/8/8/8/7K b - - 3 40");
}

#[test]
fn pgn_openings_read_fen_and_moves() {
    let text = "[Event \"a\"]\n[FEN \"k7/8/8/8/8/8/8/7K w - - 0 1\"]\n\n1. h1g1 {book} a8b8 2. g1f1 *\n\n[Event \"b\"]\n\n1. e2e4 e7e5 (1... c7c5) 2. g1f3 1-0\n";
    let ops = read_pgn(text, "START", Some(3));
    assert_eq!(ops.len(), 2);
    assert_eq!(ops[0].fen, "k7/8/8/8/8/8/8/7K w - - 0 1");
    assert_eq!(ops[0].moves, vec!["h1g1", "a8b8", "g1f1"]);
    assert_eq!(ops[1].fen, "START");
    assert_eq!(ops[1].moves, vec!["e2e4", "e7e5", "g1f3"]);
}

struct RandomOpenings;
impl VariantFn for RandomOpenings {
    type Output = ();
    fn call<V: zest::eval::Evaluate>(self) {
        let a: Vec<String> = (0..10)
            .map(|p| random_opening::<V>(8, pair_seed(3, p)).fen)
            .collect();
        let b: Vec<String> = (0..10)
            .map(|p| random_opening::<V>(8, pair_seed(3, p)).fen)
            .collect();
        assert_eq!(a, b, "{}: same seed, same openings", V::NAME);
        let distinct: BTreeSet<&String> = a.iter().collect();
        assert!(
            distinct.len() > 5,
            "{}: openings differ between pairs",
            V::NAME
        );
        for fen in &a {
            let g = zest::variants::Game::<V>::from_fen(fen).unwrap();
            assert!(
                g.outcome().is_none(),
                "{}: opening leaves the game running",
                V::NAME
            );
        }
    }
}

#[test]
fn random_openings_are_deterministic_in_every_variant() {
    for name in variants::NAMES {
        registry::dispatch(name, RandomOpenings).unwrap();
    }
    assert_eq!(parse_random("random:plies=6"), Some(6));
    assert_eq!(parse_random("book.epd"), None);
}
