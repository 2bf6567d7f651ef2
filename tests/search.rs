//! The search against a brute-force minimax written here, over the same evaluator,
//! for every registered variant; and mates found with pruning on.

use std::ops::ControlFlow;
use zest::core::MoveList;
use zest::eval::{Evaluate, Score, MATE};
use zest::search::searcher::outcome_score;
use zest::search::{Limits, SearchOptions, Searcher};
use zest::tools::play::{random_opening, SplitMix};
use zest::variants::{self, Variant, VariantFn};

/// Plain minimax (negamax form), no pruning of any kind.
fn minimax<V: Evaluate>(pos: &V, depth: i32, ply: i32) -> Score {
    if ply > 0 && V::FIFTY_MOVE_RULE && pos.position().halfmove_clock >= 100 {
        return 0;
    }
    if depth == 0 {
        if !pos.has_moves() {
            return pos
                .outcome()
                .map_or(0, |o| outcome_score(&o, pos.turn(), ply));
        }
        return pos.evaluate();
    }
    let mut list = MoveList::new();
    pos.search_moves(&mut list);
    if list.is_empty() {
        return pos
            .outcome()
            .map_or(0, |o| outcome_score(&o, pos.turn(), ply));
    }
    let mut best = -100_000;
    for &m in &list {
        let mut child = pos.clone();
        child.play(m);
        best = best.max(-minimax(&child, depth - 1, ply + 1));
    }
    best
}

/// Whether the side to move forces a win within `moves` of its own moves (mate or any rule win).
fn forced_win<V: Variant>(pos: &V, moves: u32) -> bool {
    if moves == 0 {
        return false;
    }
    let us = pos.turn();
    pos.for_each_move(|m| {
        let mut after = pos.clone();
        after.play(m);
        if wins(&after, us) {
            return ControlFlow::Break(());
        }
        let mut all_replies_lose = after.has_moves();
        let _ = after.for_each_move(|r| {
            let mut next = after.clone();
            next.play(r);
            if !(wins(&next, us) || forced_win(&next, moves - 1)) {
                all_replies_lose = false;
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        if all_replies_lose {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .is_break()
}

fn wins<V: Variant>(pos: &V, color: zest::core::Color) -> bool {
    pos.outcome()
        .is_some_and(|o| o.result == variants::GameResult::win(color))
}

struct AgreesWithMinimax;

impl VariantFn for AgreesWithMinimax {
    type Output = usize;
    fn call<V: Evaluate>(self) -> usize {
        let searcher = Searcher::new(1, 4);
        let plain = SearchOptions {
            pruning: false,
            multipv: 1,
        };
        let mut rng = SplitMix(77);
        let mut checked = 0;
        for i in 0..30 {
            let game = random_opening::<V>(4 + i % 24, &mut rng);
            let pos = game.position();
            if !pos.has_moves() {
                continue;
            }
            let mut list = MoveList::new();
            pos.search_moves(&mut list);
            // Depth 3 where the tree is small enough for brute force, else 2.
            let depth = if list.len() <= 60 { 3 } else { 2 };
            searcher.clear();
            let r = searcher.search(pos, &[], &Limits::depth(depth), &plain, &mut |_| {});
            assert_eq!(r.depth, depth);
            assert_eq!(
                r.score,
                minimax(pos, depth, 0),
                "{} {} depth {depth}",
                V::NAME,
                pos.fen()
            );
            checked += 1;
        }
        checked
    }
}

#[test]
fn fixed_depth_search_equals_minimax_in_every_variant() {
    for name in variants::NAMES {
        let n = variants::dispatch(name, AgreesWithMinimax).unwrap();
        assert!(n >= 25, "{name}: only {n} positions");
    }
}

fn mate_in_two<V: Evaluate>(fen: &str) -> String {
    let pos = V::from_fen(fen).unwrap();
    assert!(!forced_win(&pos, 1), "{fen} has a mate in one");
    assert!(forced_win(&pos, 2), "{fen} has no mate in two");
    let searcher = Searcher::new(1, 16);
    let r = searcher.search(
        &pos,
        &[],
        &Limits::depth(6),
        &SearchOptions::default(),
        &mut |_| {},
    );
    assert_eq!(r.score, MATE - 3, "{fen}");
    let best = r.best.unwrap();
    // The move found keeps the forced win.
    let mut after = pos.clone();
    after.play(best);
    let defended = after.for_each_move(|reply| {
        let mut next = after.clone();
        next.play(reply);
        if forced_win(&next, 1) {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
    assert!(
        defended.is_continue(),
        "{fen}: {} allows a defence",
        pos.move_to_string(best)
    );
    pos.move_to_string(best)
}

#[test]
fn finds_mate_in_two_chess_and_arrangement() {
    let fen = "k7/8/2K5/8/8/8/8/7R w - - 0 1";
    mate_in_two::<variants::chess::Chess>(fen);
    mate_in_two::<variants::arrangement::Arrangement>(fen);
    // A quiet queen move first (1. Qb7), checked by brute force in `mate_in_two`.
    mate_in_two::<variants::chess::Chess>("7k/8/5K2/8/8/8/8/1Q6 w - - 0 1");
}

#[test]
fn multipv_reports_distinct_lines() {
    let pos = variants::chess::Chess::from_fen(
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    )
    .unwrap();
    let searcher = Searcher::new(1, 16);
    let r = searcher.search(
        &pos,
        &[],
        &Limits::depth(4),
        &SearchOptions {
            pruning: true,
            multipv: 3,
        },
        &mut |_| {},
    );
    assert_eq!(r.lines.len(), 3);
    assert_eq!(pos.move_to_string(r.lines[0].pv[0]), "h5f7");
    assert!(r.lines[0].score > r.lines[1].score && r.lines[1].score >= r.lines[2].score);
    assert_ne!(r.lines[1].pv[0], r.lines[2].pv[0]);
}

#[test]
fn time_limited_search_returns_in_time() {
    let pos = variants::chess::Chess::from_fen(variants::chess::Chess::START_FEN).unwrap();
    for threads in [1, 2] {
        let searcher = Searcher::new(threads, 16);
        let r = searcher.search(
            &pos,
            &[],
            &Limits::movetime(200),
            &SearchOptions::default(),
            &mut |_| {},
        );
        assert!(r.best.is_some());
        assert!(
            r.time.as_millis() < 1000,
            "{threads} threads took {:?}",
            r.time
        );
    }
    let searcher = Searcher::new(1, 16);
    let r = searcher.search(
        &pos,
        &[],
        &Limits::nodes(5000),
        &SearchOptions::default(),
        &mut |_| {},
    );
    assert!(r.nodes < 5000 + 2048, "{}", r.nodes);
}
