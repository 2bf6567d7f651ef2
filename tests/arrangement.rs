//! Arrangement Chess against `../shared/rules/arrangement.md`: every vectors row, the
//! spec's worked examples and step tables, the 80 arrangements, every ending with its reason
//! string, setup edge cases, bad input and random-game properties.

use std::collections::{BTreeSet, HashSet};
use std::ops::ControlFlow;
use zest::core::{FenError, MoveError};
use zest::tools::perft::perft;
use zest::variants::arrangement::{ArrMove, Arrangement, Step};
use zest::variants::{Game, GameResult, Variant};
mod variant_common;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 king";

use variant_common::words;

fn pos(fen: &str) -> Arrangement {
    variant_common::pos(fen)
}

fn moves(p: &Arrangement) -> Vec<String> {
    variant_common::moves(p)
}

fn after(fen: &str, ms: &[&str]) -> Arrangement {
    variant_common::after(fen, ms)
}

// ---------------------------------------------------------------- vectors

fn manifest(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn vectors_copy_is_identical_to_shared() {
    let shared = manifest("../shared/rules/vectors.tsv");
    let shared = std::path::Path::new(&shared);
    let shared = if shared.exists() {
        shared.to_path_buf()
    } else {
        std::path::PathBuf::from("/work/shared/rules/vectors.tsv")
    };
    if let Ok(theirs) = std::fs::read(&shared) {
        let ours = std::fs::read(manifest("tests/data/vectors.tsv")).unwrap();
        assert!(
            ours == theirs,
            "tests/data/vectors.tsv differs from {shared:?}"
        );
    }
    let list = shared.with_file_name("arrangement-positions.txt");
    if let Ok(theirs) = std::fs::read(&list) {
        let ours = std::fs::read(manifest("tests/data/arrangement-positions.txt")).unwrap();
        assert!(
            ours == theirs,
            "arrangement-positions.txt differs from {list:?}"
        );
    }
}

/// Every `arrangement` row of vectors.tsv. All run here: the deepest (perft 7 from the
/// start, 16 M nodes) takes well under a second in release.
#[test]
fn vectors_rows() {
    let text = std::fs::read_to_string(manifest("tests/data/vectors.tsv")).unwrap();
    let mut rows = 0;
    for line in text.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.first() != Some(&"arrangement") {
            continue;
        }
        let (fen, depth, nodes) = (
            cols[1],
            cols[2].parse().unwrap(),
            cols[3].parse::<u64>().unwrap(),
        );
        assert_eq!(
            perft(&pos(fen), depth),
            nodes,
            "{fen} depth {depth}: {}",
            cols[4]
        );
        rows += 1;
    }
    assert_eq!(rows, 21);
}

#[test]
fn spec_perft_from_start() {
    let p = pos(START);
    for (d, n) in [5u64, 5, 20, 1600, 32000, 716608].iter().enumerate() {
        assert_eq!(perft(&p, d as u32 + 1), *n, "depth {}", d + 1);
    }
}

// ---------------------------------------------------------------- setup steps

#[test]
fn step_king_from_start() {
    let p = pos(START);
    assert_eq!(p.step(), Step::King);
    assert_eq!(moves(&p), words("0000 e8/b8 e8/c8 e8/d8 e8/g8"));
}

#[test]
fn step_table_mirror_and_queen() {
    let table = [
        (
            "0000",
            "0000",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 queen",
            "0000 d8/b8 d8/f8 d8/g8",
        ),
        (
            "e8/b8",
            "e1/b1",
            "rkbqnbnr/pppppppp/8/8/8/8/PPPPPPPP/RKBQNBNR b KQkq - 0 1 queen",
            "0000 d8/e8 d8/f8 d8/g8",
        ),
        (
            "e8/c8",
            "e1/c1",
            "rnkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/RNKQBBNR b KQkq - 0 1 queen",
            "0000 d8/b8 d8/f8 d8/g8",
        ),
        (
            "e8/d8",
            "e1/d1",
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR b KQkq - 0 1 queen",
            "0000 e8/b8 e8/c8 e8/g8",
        ),
        (
            "e8/g8",
            "e1/g1",
            "rnbqnbkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQNBKR b KQkq - 0 1 queen",
            "0000 d8/b8 d8/e8 d8/f8",
        ),
    ];
    for (s1, s2, fen, step3) in table {
        let p = after(START, &[s1]);
        assert_eq!(p.step(), Step::Mirror);
        assert_eq!(moves(&p), vec![s2.to_string()], "mirror after {s1}");
        let q = after(START, &[s1, s2]);
        assert_eq!(q.fen(), fen);
        assert_eq!(moves(&q), words(step3), "queen step after {s1}");
        // Four queen choices for White too, 20 first moves each: 80 moves at step first.
        for m3 in moves(&q) {
            let mut r = q.clone();
            r.play(r.parse_move(&m3).unwrap());
            assert_eq!(r.step(), Step::First);
            assert_eq!(r.count_moves(), 80, "{fen} then {m3}");
        }
    }
}

#[test]
fn fen_table_of_the_spec() {
    let rows = [
        (START, 5),
        (
            "rnbqnbkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 mirror",
            1,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 mirror",
            1,
        ),
        (
            "rnbqnbkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQNBKR b KQkq - 0 1 queen",
            4,
        ),
        (
            "rqbnnbkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQNBKR w KQkq - 0 1 first",
            80,
        ),
        (
            "rqbnnbkr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBBNQKR b KQkq e3 0 1",
            20,
        ),
    ];
    for (fen, n) in rows {
        let p = pos(fen);
        assert_eq!(p.count_moves(), n, "{fen}");
        assert_eq!(p.fen(), fen);
    }
    assert_eq!(moves(&pos(rows[1].0)), words("e1/g1"));
    assert_eq!(moves(&pos(rows[2].0)), words("0000"));
}

#[test]
fn step_first_from_all_passes() {
    let p = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 first");
    let ms = moves(&p);
    assert_eq!(ms.len(), 80);
    let orthodox = words(
        "a2a3 a2a4 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g2g3 g2g4 h2h3 h2h4 \
         b1a3 b1c3 g1f3 g1h3",
    );
    let plain: Vec<String> = ms.iter().filter(|m| !m.contains(',')).cloned().collect();
    assert_eq!(plain, orthodox);
    for swap in ["d1/b1", "d1/f1", "d1/g1"] {
        let n = ms
            .iter()
            .filter(|m| m.starts_with(&format!("{swap},")))
            .count();
        assert_eq!(n, 20, "{swap}");
    }
    assert!(!ms.iter().any(|m| m.starts_with("d1/c1")));
    for m in ["d1/b1,d1c3", "d1/b1,e2e4", "d1/g1,d1e3", "d1/f1,g1f3"] {
        assert!(ms.contains(&m.to_string()), "{m}");
    }
    assert!(!ms.contains(&"d1/b1,b1c3".to_string()));
}

#[test]
fn worked_example_1_setup_sequence() {
    let p = pos(START);
    let steps = [
        (
            "e8/g8",
            "rnbqnbkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 mirror",
        ),
        (
            "e1/g1",
            "rnbqnbkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQNBKR b KQkq - 0 1 queen",
        ),
        (
            "d8/b8",
            "rqbnnbkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQNBKR w KQkq - 0 1 first",
        ),
        (
            "d1/f1,e2e4",
            "rqbnnbkr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBBNQKR b KQkq e3 0 1",
        ),
    ];
    let mut p = p;
    for (m, fen) in steps {
        p.play(p.parse_move(m).unwrap());
        assert_eq!(p.fen(), fen, "after {m}");
    }
    assert_eq!(p.step(), Step::Play);
}

#[test]
fn worked_example_2_bishop_rule() {
    let p = pos("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR b KQkq - 0 1 queen");
    assert_eq!(moves(&p), words("0000 e8/b8 e8/c8 e8/g8"));
    assert_eq!(
        p.parse_move("e8/f8"),
        Err(MoveError::IllegalBecause(
            "e8/f8".into(),
            "both bishops would stand on squares of one colour"
        ))
    );
}

#[test]
fn worked_examples_3_to_7_castling() {
    let cases = [
        (
            "rk5r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/RK5R w KQkq - 4 8",
            "a2a3 a2a4 b1a1 b1c1 b1h1 b2b3 b2b4 c3a4 c3b5 c3d1 c3d5 c3e2 d2c1 d2d1 d2e1 d2e2 d3d4
             e3a7 e3b6 e3c5 e3d4 e3f4 e3g5 e3h6 f3d4 f3e1 f3e5 f3g1 f3g5 f3h4 g2g3 g2g4 h1c1 h1d1
             h1e1 h1f1 h1g1 h2h3 h2h4",
            39,
        ),
        (
            "rk5r/ppp2ppp/2n5/3q4/8/8/PPP2PPP/RK5R w KQkq - 0 12",
            "a2a3 a2a4 b1a1 b1c1 b2b3 b2b4 c2c3 c2c4 f2f3 f2f4 g2g3 g2g4 h1c1 h1d1 h1e1 h1f1 h1g1
             h2h3 h2h4",
            19,
        ),
        (
            "r5kr/ppp2ppp/2nqbn2/1B1pp3/3PP3/n1N5/PPPQ1PPP/R5KR w KQkq - 6 8",
            "a1b1 a1c1 a1d1 a1e1 a1f1 b2a3 b2b3 b2b4 b5a4 b5a6 b5c4 b5c6 b5d3 b5e2 b5f1 c3a4 c3b1
             c3d1 c3d5 c3e2 d2c1 d2d1 d2d3 d2e1 d2e2 d2e3 d2f4 d2g5 d2h6 d4e5 e4d5 f2f3 f2f4 g1a1
             g1f1 g1h1 g2g3 g2g4 h2h3 h2h4",
            40,
        ),
        (
            "r1k1bbnr/pppqpppp/2n5/3p4/3P4/2N5/PPPQPPPP/R1K1BBNR w KQkq - 4 4",
            "a1b1 a2a3 a2a4 b2b3 b2b4 c1a1 c1b1 c1d1 c3a4 c3b1 c3b5 c3d1 c3d5 c3e4 d2d1 d2d3 d2e3
             d2f4 d2g5 d2h6 e2e3 e2e4 f2f3 f2f4 g1f3 g1h3 g2g3 g2g4 h2h3 h2h4",
            30,
        ),
        (
            "r1k4r/pp3ppp/2n5/8/8/2N1b3/PP3PPP/R1K4R w KQkq - 0 12",
            "c1b1 c1c2 c1d1 f2e3",
            4,
        ),
    ];
    for (fen, list, n) in cases {
        let p = pos(fen);
        let ms = moves(&p);
        assert_eq!(ms.len(), n, "{fen}");
        assert_eq!(ms, words(list), "{fen}");
    }
}

#[test]
fn castling_results() {
    // b1a1: king b1 -> c1, rook a1 -> d1; b1h1: king -> g1, rook -> f1.
    let fen = "rk5r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/RK5R w KQkq - 4 8";
    assert_eq!(
        after(fen, &["b1a1"]).fen(),
        "rk5r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/2KR3R b kq - 5 8"
    );
    assert_eq!(
        after(fen, &["b1h1"]).fen(),
        "rk5r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R4RK1 b kq - 5 8"
    );
    // g1h1 moves only the rook; c1a1 only the rook.
    assert_eq!(
        after(
            "r5kr/ppp2ppp/2nqbn2/1B1pp3/3PP3/n1N5/PPPQ1PPP/R5KR w KQkq - 6 8",
            &["g1h1"]
        )
        .fen(),
        "r5kr/ppp2ppp/2nqbn2/1B1pp3/3PP3/n1N5/PPPQ1PPP/R4RK1 b kq - 7 8"
    );
    assert_eq!(
        after(
            "r1k1bbnr/pppqpppp/2n5/3p4/3P4/2N5/PPPQPPPP/R1K1BBNR w KQkq - 4 4",
            &["c1a1"]
        )
        .fen(),
        "r1k1bbnr/pppqpppp/2n5/3p4/3P4/2N5/PPPQPPPP/2KRBBNR b kq - 5 4"
    );
}

#[test]
fn king_swap_keeps_castling_rights() {
    let p = after(START, &["e8/b8", "e1/b1", "0000", "e2e4"]);
    assert_eq!(
        p.fen(),
        "rkbqnbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RKBQNBNR b KQkq e3 0 1"
    );
    // Kings on g: rights kept; the knight that came to e1 makes White's first move.
    let p = after(START, &["e8/g8", "e1/g1", "0000", "e1f3"]);
    assert_eq!(
        p.fen(),
        "rnbqnbkr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQ1BKR b KQkq - 1 1"
    );
}

// ---------------------------------------------------------------- the 80 arrangements

/// Applies a swap to a FEN's first rank by hand (independently of the engine's swap code).
fn swap_on_rank1(placement: &str, a: usize, b: usize) -> String {
    let ranks: Vec<&str> = placement.split('/').collect();
    let mut r1: Vec<char> = ranks[7].chars().collect();
    assert_eq!(r1.len(), 8, "setup first ranks are full");
    r1.swap(a, b);
    let mut out: Vec<String> = ranks[..7].iter().map(|s| s.to_string()).collect();
    out.push(r1.into_iter().collect());
    out.join("/")
}

#[test]
fn the_80_arrangements() {
    let expected: Vec<String> =
        std::fs::read_to_string(manifest("tests/data/arrangement-positions.txt"))
            .unwrap()
            .lines()
            .map(String::from)
            .collect();
    assert_eq!(expected.len(), 80);
    let mut found = Vec::new();
    let start = pos(START);
    let _ = start.for_each_move(|m1| {
        let mut p1 = start.clone();
        p1.play(m1);
        let _ = p1.for_each_move(|m2| {
            let mut p2 = p1.clone();
            p2.play(m2);
            let _ = p2.for_each_move(|m3| {
                let mut p3 = p2.clone();
                p3.play(m3);
                assert_eq!(p3.step(), Step::First);
                let mut swaps = BTreeSet::new();
                let _ = p3.for_each_move(|m4| {
                    match m4 {
                        ArrMove::First(s, _) => {
                            swaps.insert(s.map(|s| (s.mover.file(), s.partner.file())));
                        }
                        other => panic!("{other:?} at step first"),
                    }
                    ControlFlow::Continue(())
                });
                let placement = p3.fen().split(' ').next().unwrap().to_string();
                for s in swaps {
                    let pl = match s {
                        Some((a, b)) => swap_on_rank1(&placement, a as usize, b as usize),
                        None => placement.clone(),
                    };
                    found.push(format!("{pl} w KQkq - 0 1"));
                }
                ControlFlow::Continue(())
            });
            ControlFlow::Continue(())
        });
        ControlFlow::Continue(())
    });
    assert_eq!(found.len(), 80, "one sequence per arrangement");
    let set: BTreeSet<String> = found.iter().cloned().collect();
    assert_eq!(set.len(), 80, "no arrangement reached twice");
    assert_eq!(set.into_iter().collect::<Vec<_>>(), expected);
    // 20 symmetric, kings 16 per file, queens never on a, h or the king's file; 20 first moves.
    let mut symmetric = 0;
    let mut king_files = [0; 8];
    for fen in &expected {
        let ranks: Vec<&str> = fen.split(['/', ' ']).collect();
        if ranks[0].to_uppercase() == ranks[7] {
            symmetric += 1;
        }
        let k = ranks[7].find('K').unwrap();
        king_files[k] += 1;
        for rank in [ranks[0].to_uppercase(), ranks[7].to_string()] {
            let q = rank.find('Q').unwrap();
            assert!(q != 0 && q != 7 && q != rank.find('K').unwrap(), "{fen}");
        }
        let p = pos(fen);
        assert_eq!(p.step(), Step::Play);
        assert_eq!(p.count_moves(), 20, "{fen}");
    }
    assert_eq!(symmetric, 20);
    assert_eq!(king_files, [0, 16, 16, 16, 16, 0, 16, 0]);
}

// ---------------------------------------------------------------- endings

fn outcome_str(fen: &str) -> Option<String> {
    pos(fen).outcome().map(|o| o.to_string())
}

#[test]
fn ending_white_mates() {
    let fen = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 40";
    assert_eq!(outcome_str(fen).as_deref(), Some("1-0 {White mates}"));
    assert_eq!(pos(fen).outcome().unwrap().result, GameResult::WhiteWins);
    assert_eq!(perft(&pos(fen), 1), 0);
}

#[test]
fn ending_black_mates() {
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    assert_eq!(outcome_str(fen).as_deref(), Some("0-1 {Black mates}"));
    assert_eq!(perft(&pos(fen), 1), 0);
    // Reached by play from the setup start.
    let p = after(
        START,
        &["0000", "0000", "0000", "f2f3", "e7e5", "g2g4", "d8h4"],
    );
    assert_eq!(p.fen(), fen);
    assert_eq!(p.outcome().unwrap().to_string(), "0-1 {Black mates}");
}

#[test]
fn ending_stalemate() {
    let fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 40";
    assert_eq!(outcome_str(fen).as_deref(), Some("1/2-1/2 {Stalemate}"));
    assert_eq!(perft(&pos(fen), 1), 0);
}

#[test]
fn ending_insufficient_material() {
    let dead = [
        "8/8/4k3/8/8/2B5/4K3/8 b - - 0 40", // K+B v K (the spec's example)
        "8/8/4k3/8/8/8/4K3/8 w - - 0 40",   // K v K
        "8/8/4k3/8/8/2N5/4K3/8 w - - 0 40", // K+N v K
        "8/8/4k3/4b3/8/2B5/4K3/8 w - - 0 40", // K+B v K+B, both dark
        "8/8/3bk3/8/8/2B5/4K3/8 w - - 0 40", // bishops c3 (dark), d6 (dark)
        "8/b7/3bk3/8/8/2B5/4K3/8 w - - 0 40", // three bishops, all dark
    ];
    for fen in dead {
        assert_eq!(
            outcome_str(fen).as_deref(),
            Some("1/2-1/2 {Insufficient material}"),
            "{fen}"
        );
        assert_eq!(perft(&pos(fen), 1), 0, "{fen}");
    }
    let alive = [
        "8/8/2n1k3/8/8/2N5/4K3/8 w - - 0 40", // K+N v K+N
        "8/8/2n1k3/8/8/2B5/4K3/8 w - - 0 40", // K+B v K+N
        "8/8/4k3/8/8/2NN4/4K3/8 w - - 0 40",  // K+N+N v K
        "8/8/4k3/8/8/2BB4/4K3/8 w - - 0 40",  // bishops on both colours
        "8/8/4k2p/8/8/2B5/4K3/8 w - - 0 40",  // a pawn
    ];
    for fen in alive {
        assert_eq!(outcome_str(fen), None, "{fen}");
        assert!(perft(&pos(fen), 1) > 0, "{fen}");
    }
    // The vectors row: Bxd4 leaves K+B v K.
    let p = after("8/8/4k3/8/3n4/2B5/8/4K3 w - - 0 50", &["c3d4"]);
    assert_eq!(
        p.outcome().unwrap().to_string(),
        "1/2-1/2 {Insufficient material}"
    );
}

#[test]
fn ending_fifty_move_rule() {
    let fen = "rk5r/ppp2ppp/8/8/8/8/PPP2PPP/RK5R w KQkq - 100 40";
    assert_eq!(outcome_str(fen).as_deref(), Some("1/2-1/2 {50-move rule}"));
    assert_eq!(perft(&pos(fen), 1), 0);
    // At 99 a quiet move ends the game, a pawn move does not.
    let p = pos("rk5r/ppp2ppp/8/8/8/8/PPP2PPP/RK5R w KQkq - 99 40");
    assert_eq!(p.outcome(), None);
    let mut q = p.clone();
    q.play(
        p.parse_move("h1h2")
            .unwrap_or_else(|_| p.parse_move("h1g1").unwrap()),
    );
    assert_eq!(q.outcome().unwrap().to_string(), "1/2-1/2 {50-move rule}");
    let mut q = p.clone();
    q.play(p.parse_move("a2a3").unwrap());
    assert_eq!(q.outcome(), None);
    // Mate comes first (rule 1 before rule 4).
    assert_eq!(
        outcome_str("7k/6Q1/6K1/8/8/8/8/8 b - - 100 40").as_deref(),
        Some("1-0 {White mates}")
    );
}

#[test]
fn ending_threefold_repetition() {
    // After an all-pass setup and Nf3: the step-first position (same placement, White to
    // move) is a setup position and does not count.
    let mut g: Game<Arrangement> = Game::from_fen(START).unwrap();
    for m in ["0000", "0000", "0000", "g1f3", "g8f6", "f3g1", "f6g8"] {
        g.play_str(m).unwrap();
    }
    assert_eq!(g.repetitions(), 1);
    for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        g.play_str(m).unwrap();
    }
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
    for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        g.play_str(m).unwrap();
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "1/2-1/2 {3-fold repetition}"
    );
}

#[test]
fn ending_at_step_first() {
    // Constructed: White in check with no combined move; and without check.
    let mate = pos("k7/8/8/8/8/8/5PPP/1q4K1 w - - 0 1 first");
    assert_eq!(mate.outcome().unwrap().to_string(), "0-1 {Black mates}");
    assert_eq!(mate.count_moves(), 0);
    let stale = pos("6rk/8/8/8/8/7p/7P/7K w - - 0 1 first");
    assert_eq!(stale.outcome().unwrap().to_string(), "1/2-1/2 {Stalemate}");
    assert_eq!(stale.count_moves(), 0);
    // Rules 3-5 do not apply at step first: K+B v K there still moves.
    let p = pos("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1 first");
    assert_eq!(p.outcome(), None);
    assert!(p.count_moves() > 0);
}

#[test]
fn setup_steps_never_end() {
    for fen in [
        START,
        "rnbqnbkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 mirror",
        "rnbqnbkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQNBKR b KQkq - 0 1 queen",
        // Constructed bare kings: still no ending before play.
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1 king",
    ] {
        let p = pos(fen);
        assert_eq!(p.outcome(), None, "{fen}");
        assert!(p.count_moves() >= 1, "{fen}");
    }
}

// ---------------------------------------------------------------- setup edge cases

#[test]
fn mirror_edge_cases() {
    // Same file: 0000.
    assert_eq!(
        moves(&pos(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 mirror"
        )),
        words("0000")
    );
    // A rook on the target file (constructed): no mirror swap, 0000.
    assert_eq!(
        moves(&pos(
            "rnbqnbkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBRN w - - 0 1 mirror"
        )),
        words("0000")
    );
    // White's king off its first rank (constructed): 0000.
    assert_eq!(
        moves(&pos(
            "rnbqnbkr/pppppppp/8/8/8/8/PPPPKPPP/RNBQ1BNR w - - 0 1 mirror"
        )),
        words("0000")
    );
    // The mirror swap e1/f1 would break the bishop rule (constructed): 0000.
    assert_eq!(
        moves(&pos(
            "rnbqbknr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 mirror"
        )),
        words("0000")
    );
    // After e8/b8 White must play e1/b1, though other swaps exist.
    let p = pos("rkbqnbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 mirror");
    assert_eq!(moves(&p), words("e1/b1"));
}

#[test]
fn setup_clocks_and_first_move_clocks() {
    let p = after(START, &["0000", "0000", "0000"]);
    assert_eq!(
        p.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 first"
    );
    assert_eq!(
        after(START, &["0000", "0000", "0000", "b1c3"]).fen(),
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 1 1"
    );
    let p = after(START, &["0000", "0000", "d8/g8", "d1/b1,d1c3", "e7e5"]);
    assert_eq!(
        p.fen(),
        "rnbnkbqr/pppp1ppp/8/4p3/8/2N5/PPPPPPPP/RQB1KBNR w KQkq e6 0 2"
    );
}

#[test]
fn six_field_fen_is_play_phase_and_dash_accepted() {
    let six = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(six.step(), Step::Play);
    assert_eq!(six.count_moves(), 20);
    let dash = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -");
    assert_eq!(dash, six);
    assert_eq!(
        dash.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    // Shredder castling letters are read and written as X-FEN.
    let shredder = pos("rkbqnbnr/pppppppp/8/8/8/8/PPPPPPPP/RKBQNBNR b HAha - 0 1 queen");
    assert_eq!(
        shredder.fen(),
        "rkbqnbnr/pppppppp/8/8/8/8/PPPPPPPP/RKBQNBNR b KQkq - 0 1 queen"
    );
    // Setup and play positions with the same placement have different keys.
    let first = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 first");
    assert_ne!(first.key(), six.key());
    assert_eq!(first.key(), first.key_from_scratch());
}

#[test]
fn two_queens_each_may_swap() {
    // Constructed: two black queens on the 8th rank at step queen.
    let p = pos("rqbnkbqr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 queen");
    let ms = moves(&p);
    assert!(ms.contains(&"b8/d8".to_string()), "{ms:?}");
    assert!(ms.contains(&"g8/d8".to_string()), "{ms:?}");
    assert!(
        !ms.iter().any(|m| m.contains("e8")),
        "never the king: {ms:?}"
    );
}

// ---------------------------------------------------------------- bad input

fn rejects(fen: &str, m: &str, why: Option<&str>) {
    let mut g: Game<Arrangement> = Game::from_fen(fen).unwrap();
    let before = g.position().clone();
    let err = g.play_str(m).expect_err(m);
    assert_eq!(err.text(), m, "{err}");
    if let Some(why) = why {
        assert_eq!(err, MoveError::IllegalBecause(m.to_string(), match why {
            "bishops" => "both bishops would stand on squares of one colour",
            "kingstep" => "at step king only Black's king swaps, written first (e8/g8)",
            "kingpartner" => "the king swaps only with its own knight, bishop or queen on the first rank",
            "queenstep" => "at steps queen and first only the queen on its first rank swaps, written first (d8/b8)",
            "queenpartner" => "the queen swaps only with its own knight or bishop on the first rank",
            "mirror" => "at step mirror White's only move is the mirror of Black's king swap",
            "setup" => "a setup swap or 0000 is expected at this setup step",
            "nopass" => "no pass at step first: White must make its first move",
            "swapalone" => "at step first a queen swap is joined to the first move (d1/b1,e2e4)",
            "notfirst" => "a swap joined to a move is only played at step first",
            "play" => "no swaps or passes in the play phase",
            "safety" => "the own king would be attacked",
            other => panic!("{other}"),
        }), "{fen} {m}");
    }
    assert_eq!(g.position(), &before);
    assert_eq!(g.position().fen(), before.fen());
    assert!(g.moves().is_empty());
}

#[test]
fn bad_input_bishop_rule() {
    rejects(START, "e8/f8", Some("bishops"));
    rejects(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 queen",
        "d8/c8",
        Some("bishops"),
    );
    rejects(
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR b KQkq - 0 1 queen",
        "e8/f8",
        Some("bishops"),
    );
    rejects(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 first",
        "d1/c1,e2e4",
        Some("bishops"),
    );
}

#[test]
fn bad_input_wrong_setup_step() {
    // Step king: a queen swap, a move, a combined move, the reverse order, a rook partner.
    rejects(START, "d8/b8", Some("kingstep"));
    rejects(START, "g8/e8", Some("kingstep"));
    rejects(START, "e7e5", Some("setup"));
    rejects(START, "d8/b8,e7e5", Some("notfirst"));
    rejects(START, "e8/h8", Some("kingpartner"));
    rejects(START, "e8/e7", Some("kingpartner"));
    // Step mirror: anything but the forced move.
    let mirror = "rnbqnbkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 mirror";
    rejects(mirror, "0000", Some("mirror"));
    rejects(mirror, "e1/d1", Some("mirror"));
    rejects(mirror, "e2e4", Some("mirror"));
    rejects(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 mirror",
        "e1/g1",
        Some("mirror"),
    );
    // Step queen: a king swap, a queen-king swap.
    let queen = "rnbqnbkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQNBKR b KQkq - 0 1 queen";
    rejects(queen, "g8/e8", Some("queenstep"));
    rejects(queen, "d8/g8", Some("queenpartner"));
    rejects(queen, "d8/a8", Some("queenpartner"));
    rejects(queen, "e7e5", Some("setup"));
    // Step first: passes, a swap alone, a king swap, an illegal first move after a swap.
    let first = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 first";
    rejects(first, "0000", Some("nopass"));
    rejects(first, "0000,e2e4", Some("nopass"));
    rejects(first, "d1/b1", Some("swapalone"));
    rejects(first, "e1/d1,e2e4", Some("queenstep"));
    rejects(first, "d1/e1,e2e4", Some("queenpartner"));
    rejects(first, "d1/b1,b1c3", None);
    rejects(first, "e2e5", None);
    // Play phase: no swaps, no pass, e1g1 is never castling.
    let play = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    rejects(play, "0000", Some("play"));
    rejects(play, "e1/d1", Some("play"));
    rejects(play, "e1g1", None);
    rejects(play, "e1c1", None);
    rejects(play, "d1/b1,e2e4", Some("notfirst"));
    assert!(pos(play).parse_move("e1h1").is_ok());
    assert!(pos(play).parse_move("e1a1").is_ok());
}

#[test]
fn bad_input_king_safety_and_malformed() {
    rejects(
        "rnbqkbnr/pppppp1p/8/8/8/8/PPPPPP1P/RNBQKBRN b - - 0 1 king",
        "e8/g8",
        Some("safety"),
    );
    let p = pos(START);
    for bad in [
        "",
        "e8",
        "e8/",
        "e8/g8/b8",
        "e8/g8=q",
        "e9/g8",
        "e8g8f8",
        "e8/g8,",
        "E8/G8",
        "e2e4,e7e5",
    ] {
        assert!(p.parse_move(bad).is_err(), "{bad}");
    }
    assert!(matches!(
        p.parse_move("e8/g9"),
        Err(MoveError::Malformed(_))
    ));
    // Game over: every move is refused with the ending.
    let mate = pos("7k/6Q1/6K1/8/8/8/8/8 b - - 0 40");
    assert_eq!(
        mate.parse_move("h8h7"),
        Err(MoveError::GameOver("1-0 {White mates}".into()))
    );
}

#[test]
fn king_safety_in_constructed_setup() {
    // Constructed: an open g-file and a white rook on g1 attack g8, so e8/g8 is illegal.
    let fen = "rnbqkbnr/pppppp1p/8/8/8/8/PPPPPP1P/RNBQKBRN b - - 0 1 king";
    let p = pos(fen);
    assert_eq!(
        p.parse_move("e8/g8"),
        Err(MoveError::IllegalBecause(
            "e8/g8".into(),
            "the own king would be attacked"
        ))
    );
    assert!(!moves(&p).contains(&"e8/g8".to_string()));
}

#[test]
fn malformed_fens() {
    for fen in [
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 king extra",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 kings",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 king",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 mirror",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 queen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 first",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 1 king",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 2 king",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 king",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR b KQkq - 0 1 king",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 King",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "7k/6Q1/6K1/8/8/8/8/8 w - - 0 40",
    ] {
        let r = Arrangement::from_fen(fen);
        assert!(r.is_err(), "{fen}");
    }
    assert!(matches!(
        Arrangement::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 king"),
        Err(FenError::BadExtra { .. })
    ));
}

// ---------------------------------------------------------------- properties

const ENDINGS: [&str; 6] = [
    "1-0 {White mates}",
    "0-1 {Black mates}",
    "1/2-1/2 {Stalemate}",
    "1/2-1/2 {Insufficient material}",
    "1/2-1/2 {50-move rule}",
    "1/2-1/2 {3-fold repetition}",
];

fn xorshift(s: &mut u64) -> u64 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s
}

/// Checks every property at one position; returns its moves.
fn check_position(p: &Arrangement) -> Vec<ArrMove> {
    assert_eq!(p.key(), p.key_from_scratch(), "{}", p.fen());
    let fen = p.fen();
    let back = Arrangement::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(&back, p, "{fen}");
    assert_eq!(back.fen(), fen);
    assert_eq!(
        fen.split(' ').count(),
        if p.step() == Step::Play { 6 } else { 7 }
    );
    let mut list = Vec::new();
    let _ = p.for_each_move(|m| {
        list.push(m);
        ControlFlow::Continue(())
    });
    assert_eq!(list.len() as u64, p.count_moves());
    let mut seen = HashSet::new();
    for &m in &list {
        let s = p.move_to_string(m);
        assert_eq!(p.parse_move(&s), Ok(m), "{fen}: {s}");
        assert!(seen.insert(s.clone()), "{fen}: {s} twice");
        // Copy-make: playing on a clone leaves the original as it was.
        let mut child = p.clone();
        child.play(m);
        assert_eq!(child.key(), child.key_from_scratch(), "{fen} {s}");
    }
    assert_eq!(list.is_empty(), p.outcome().is_some(), "{fen}");
    list
}

#[test]
fn random_games() {
    use proptest::test_runner::{Config, TestRunner};
    let total = std::cell::Cell::new(0usize);
    let ended = std::cell::Cell::new(0usize);
    let mut runner = TestRunner::new(Config {
        cases: 40,
        ..Config::default()
    });
    runner
        .run(&proptest::prelude::any::<u64>(), |seed| {
            let mut rng = seed | 1;
            let mut g: Game<Arrangement> = Game::from_fen(START).unwrap();
            for _ply in 0..1000 {
                let p = g.position().clone();
                let list = check_position(&p);
                total.set(total.get() + 1);
                if let Some(o) = g.outcome() {
                    let s = o.to_string();
                    assert!(ENDINGS.contains(&s.as_str()), "{s}");
                    if s.contains("mates") {
                        assert_eq!(o.result, GameResult::win(!p.turn()));
                    }
                    ended.set(ended.get() + 1);
                    break;
                }
                let m = list[(xorshift(&mut rng) % list.len() as u64) as usize];
                g.play(m);
                assert!(g.undo());
                assert_eq!(g.position(), &p);
                g.play(m);
            }
            Ok(())
        })
        .unwrap();
    eprintln!(
        "random games: {} positions, {} of 40 games ended",
        total.get(),
        ended.get()
    );
    assert!(total.get() >= 10_000, "{} positions", total.get());
    assert!(ended.get() >= 30, "{} of 40 games ended", ended.get());
}

// ---------------------------------------------------------------- CLI and constructed castling

#[test]
fn cli_moves_and_perft() {
    let zest = env!("CARGO_BIN_EXE_zest");
    let out = std::process::Command::new(zest)
        .args(["moves", "--variant", "arrangement", "--fen", START])
        .output()
        .unwrap();
    assert!(out.status.success());
    let printed = String::from_utf8(out.stdout).unwrap();
    let mut lines: Vec<&str> = printed.lines().collect();
    lines.sort();
    assert_eq!(lines, ["0000", "e8/b8", "e8/c8", "e8/d8", "e8/g8"]);
    // Every printed move parses back (step first, 80 combined moves).
    let first = "rqbnnbkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQNBKR w KQkq - 0 1 first";
    let out = std::process::Command::new(zest)
        .args(["moves", "--variant", "arrangement", "--fen", first])
        .output()
        .unwrap();
    let printed = String::from_utf8(out.stdout).unwrap();
    let p = pos(first);
    assert_eq!(printed.lines().count(), 80);
    for l in printed.lines() {
        let m = p.parse_move(l).unwrap();
        assert_eq!(p.move_to_string(m), l);
    }
    let out = std::process::Command::new(zest)
        .args(["perft", "--variant", "arrangement", "--fen", START, "5"])
        .output()
        .unwrap();
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("Nodes: 32000"));
}

#[test]
fn king_swap_past_a_castling_rook_constructed() {
    // Black's c8 rook has a right (Shredder `c`); after e8/b8 both rooks stand right of the
    // king: one h-side right per side, the outermost (h8) keeps it.
    let p = after(
        "bqrnkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkc - 0 1 king",
        &["e8/b8"],
    );
    assert_eq!(
        p.fen(),
        "bkrnqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1 mirror"
    );
    assert_eq!(p.key(), p.key_from_scratch());
}
