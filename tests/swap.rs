//! Swap Chess (`../shared/rules/swap.md`): the shared perft vectors, the page's
//! sample game and mate-in-one, the worked examples, every ending, bad input and
//! property tests over random games.

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::path::Path;
use std::time::Instant;
use zest::core::MoveError;
use zest::tools::perft::perft;
use zest::variants::swap::{Swap, SwapMove};
use zest::variants::{Game, Variant};
mod variant_common;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";

use variant_common::words;

fn pos(fen: &str) -> Swap {
    variant_common::pos(fen)
}

fn moves(p: &Swap) -> Vec<String> {
    variant_common::moves(p)
}

fn after(fen: &str, mv: &str) -> Swap {
    let mut p = pos(fen);
    let m = p.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    p.play(m);
    p
}

// ---------------------------------------------------------------- vectors

#[test]
fn vectors_copy_matches_shared_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shared = root.join("../shared/rules/vectors.tsv");
    if shared.exists() {
        assert_eq!(
            std::fs::read(&shared).unwrap(),
            std::fs::read(root.join("tests/data/vectors.tsv")).unwrap(),
            "tests/data/vectors.tsv differs from ../shared/rules/vectors.tsv"
        );
    }
}

/// Every `swap` row, the 46 821-move position and all depth-3 rows included
/// (about 2 s in all in release).
#[test]
fn vectors_swap_rows() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/vectors.tsv"
    ))
    .unwrap();
    let mut rows = 0;
    for line in text.lines().filter(|l| l.starts_with("swap\t")) {
        let c: Vec<&str> = line.split('\t').collect();
        let (fen, depth, nodes) = (c[1], c[2].parse().unwrap(), c[3].parse::<u64>().unwrap());
        let t = Instant::now();
        assert_eq!(perft(&pos(fen), depth), nodes, "{fen} depth {depth}");
        eprintln!("{fen} depth {depth}: {nodes} in {:.2?}", t.elapsed());
        rows += 1;
    }
    assert_eq!(rows, 35);
}

// ---------------------------------------------------------------- sample game

/// The page's whole game: every ply legal, printed canonically, every FEN equal, 1-0 {White mates}.
#[test]
fn sample_game_replays() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/swap-sample-game.txt"
    ))
    .unwrap();
    let mut game: Game<Swap> = Game::from_fen(START).unwrap();
    let mut plies = 0;
    let mut result = None;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let c: Vec<&str> = line.split('\t').collect();
        if c[0] == "result" {
            result = Some(format!("{} {}", c[1], c[2]));
            continue;
        }
        assert_eq!(game.outcome(), None, "game over before ply {}", c[0]);
        let before = game.position().clone();
        let m = game
            .play_str(c[1])
            .unwrap_or_else(|e| panic!("ply {}: {e}", c[0]));
        assert_eq!(before.move_to_string(m), c[1], "ply {} canonical", c[0]);
        assert_eq!(game.position().fen(), c[2], "ply {} {}", c[0], c[1]);
        plies += 1;
    }
    assert_eq!(plies, 71);
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.to_string(), "1-0 {White mates}");
    assert_eq!(Some(outcome.to_string()), result);
}

/// The page's non-canonical forms of plies 7, 29, 41 reach the same positions.
#[test]
fn sample_game_page_paths_accepted() {
    let cases = [
        (
            "r1bqk1nr/pppp1ppp/2n5/2b1p3/4P1P1/2N5/PPPP1P1P/R1BQKBNR w KQkq - 1 4 -",
            "d1/g4/g7/h8",
            "d1/c2/e4/g4/g7/h8",
        ),
        (
            "r1n3bp/pp1k2Nn/2p2p2/1bQ1p3/4P1PN/8/PPPP1P2/R1BPK2r w Q - 0 15 h7/g7/g4/h4/h1",
            "c5/f2/e1/d1/c1/c2",
            "c5/f2/e1/d1/c1/b2/c2",
        ),
        (
            "r1p5/pp1k2pp/2p1bp2/1bP5/4P2N/6K1/PPQP4/R1P1P2r w - - 0 21 -",
            "c2/e4/h7",
            "c2/b2/c1/e1/e4/h7",
        ),
    ];
    for (fen, page, canonical) in cases {
        let p = pos(fen);
        let a = p.parse_move(page).unwrap();
        let b = p.parse_move(canonical).unwrap();
        assert_eq!(a, b);
        assert_eq!(p.move_to_string(a), canonical);
    }
}

// ---------------------------------------------------------------- worked examples

const MATE_IN_ONE: &str = "3rk3/5r2/1Q6/8/2b5/3p4/5R2/1B5K w - - 0 1 -";

/// Worked example 2: the page's mate-in-one is check, not mate.
#[test]
fn mate_in_one_is_only_check() {
    let p = pos(MATE_IN_ONE);
    let all = moves(&p);
    assert_eq!(all.len(), 59);
    let swaps: Vec<String> = all.iter().filter(|m| m.contains('/')).cloned().collect();
    assert_eq!(
        swaps,
        words(
            "b1/d3=b b1/d3=b/c4 b1/d3=b/c4/f7 b1/d3=n b1/d3=n/c4 b1/d3=n/c4/f7 b6/b1 b6/b1/d3=b
             b6/b1/d3=b/c4 b6/b1/d3=b/c4/f7 b6/b1/d3=b/d8 b6/b1/d3=n b6/b1/d3=n/c4 b6/b1/d3=n/c4/f7
             b6/b1/d3=n/d8 b6/b1/h1 b6/d8 b6/f2 b6/f2/f7 f2/f7"
        )
    );
    let q = after(MATE_IN_ONE, "b6/b1/d3=n/c4/f7");
    assert_eq!(q.fen(), "3rk3/5Q2/1B6/8/2r5/3b4/5R2/1n5K b - - 0 1 -");
    assert!(q.is_check());
    assert_eq!(moves(&q), vec!["d3/c4/f7"]);
    assert_eq!(q.outcome(), None);
    // Black's other tries and why they fail.
    for (m, why) in [
        ("d8/e8", "ends with its own king in check"),
        ("d3/c4/f7/e8", "puts its own king in check"),
    ] {
        match q.parse_move(m) {
            Err(MoveError::IllegalBecause(s, w)) => {
                assert_eq!(s, m);
                assert_eq!(w, why, "{m}");
            }
            other => panic!("{m}: {other:?}"),
        }
    }
    let r = after(&q.fen(), "d3/c4/f7");
    assert_eq!(
        r.fen(),
        "3rk3/5b2/1B6/8/2Q5/3r4/5R2/1n5K w - - 1 2 d3/c4/f7"
    );
    assert_eq!(moves(&r).len(), 57);
    // No White move mates at once in the mate-in-one position.
    let _ = p.for_each_move(|m| {
        let mut c = p.clone();
        c.play(m);
        assert!(c.has_moves(), "{} mates", p.move_to_string(m));
        ControlFlow::Continue(())
    });
    // b1/d3=q and b1/d3=r would check the own king h1.
    for m in ["b1/d3=q", "b1/d3=r"] {
        assert!(p.parse_move(m).is_err(), "{m}");
    }
}

/// Worked example 3: a pawn on its own first rank; en passant after its double step.
#[test]
fn first_rank_pawn_and_en_passant() {
    let fen = "4k3/8/8/8/8/3p4/8/R3P1K1 w - - 0 1 -";
    assert_eq!(
        moves(&pos(fen)),
        words("a1/e1 a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1e2 e1e3 g1f1 g1f2 g1g2 g1h1 g1h2")
    );
    let q = after(fen, "e1e3");
    assert_eq!(q.fen(), "4k3/8/8/8/8/3pP3/8/R5K1 b - e2 0 1 -");
    assert_eq!(moves(&q), words("d3d2 d3e2 e8d7 e8d8 e8e7 e8f7 e8f8"));
    let r = after(&q.fen(), "d3e2");
    assert_eq!(r.fen(), "4k3/8/8/8/8/8/4p3/R5K1 w - - 0 2 -");
}

/// Worked example 4: castling, promotions, swaps with the own king drop the rights.
#[test]
fn castling_and_swaps_with_own_king() {
    let fen = "4k3/1P6/8/8/8/8/6p1/R3K2R w KQ - 0 1 -";
    assert_eq!(
        moves(&pos(fen)),
        words(
            "a1/e1 a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 b7b8b b7b8n b7b8q b7b8r e1a1
             e1d1 e1d2 e1e2 e1f2 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8"
        )
    );
    // a1/e1 drops both rights and checks e8 along the e-file.
    let q = after(fen, "a1/e1");
    assert_eq!(q.fen(), "4k3/1P6/8/8/8/8/6p1/K3R2R b - - 1 1 a1/e1");
    assert!(q.is_check());
    assert_eq!(
        q.parse_move("g2/h1=q"),
        Err(MoveError::IllegalBecause(
            "g2/h1=q".into(),
            "ends with its own king in check"
        ))
    );
    assert!(moves(&q).contains(&"g2/h1=q/e1".to_string()));
    // Black's pawn g2 swaps with the rook h1 and promotes on the spot (Black's
    // choice; the queen checks e1, which ends the sequence); White loses the h1 right.
    let b = "4k3/1P6/8/8/8/8/6p1/R3K2R b KQ - 0 1 -";
    let ms = moves(&pos(b));
    for m in ["g2/h1=b", "g2/h1=n", "g2/h1=q", "g2/h1=r"] {
        assert!(ms.contains(&m.to_string()), "{m}");
    }
    assert_eq!(
        after(b, "g2/h1=Q").fen(),
        "4k3/1P6/8/8/8/8/6R1/R3K2q w Q - 0 2 -"
    );
    // Castling also in the king's two-square form.
    let c = pos(fen);
    assert_eq!(c.parse_move("e1c1").unwrap(), c.parse_move("e1a1").unwrap());
    assert_eq!(
        after(fen, "e1c1").fen(),
        "4k3/1P6/8/8/8/8/6p1/2KR3R b - - 1 1 -"
    );
}

/// Worked example 5: escape from check, also by a sequence whose first swap keeps the check.
#[test]
fn escape_from_check() {
    let fen = "4k3/8/8/b7/8/8/8/R2NK3 w Q - 0 1 -";
    assert_eq!(
        moves(&pos(fen)),
        words("a1/a5 a1/d1/e1 a1a5 d1c3 e1e2 e1f1 e1f2")
    );
    assert_eq!(
        after(fen, "a1/d1/e1").fen(),
        "4k3/8/8/b7/8/8/8/N2KR3 b - - 1 1 a1/d1/e1"
    );
}

/// Worked example 6: the KO rule.
#[test]
fn ko_rule() {
    let ko = "k7/2R5/2Q2p2/1PP5/p2Kb2r/3p2r1/1PP5/P1P1P3 b - - 0 35 e4/c6";
    let expected = "a8b8 e4/c6/b5 e4/c6/b5/a4 e4/c6/b5/a4/c2 e4/c6/b5/a4/c2/d3 e4/c6/b5/d3
        e4/c6/b5/d3/c2 e4/c6/b5/d3/c2/a4 e4/d3/b5/c6 e4/d3/c2/a4/b5/c6 e4c6";
    assert_eq!(moves(&pos(ko)), words(expected));
    let free = "k7/2R5/2Q2p2/1PP5/p2Kb2r/3p2r1/1PP5/P1P1P3 b - - 0 35 -";
    let mut with_undo = words(expected);
    with_undo.push("e4/c6".into());
    with_undo.sort();
    assert_eq!(moves(&pos(free)), with_undo);
    // The KO field is part of the position (repetition, key).
    assert_ne!(pos(ko).key(), pos(free).key());
    // An ordinary move clears the KO field; a promotion sets none.
    assert!(after(ko, "a8b8").fen().ends_with(" -"));
    assert!(after(MATE_IN_ONE, "b1/d3=n").fen().ends_with(" -"));
}

/// Worked example 7: the canonical name is the smallest path.
#[test]
fn canonical_names() {
    let mut g: Game<Swap> = Game::from_fen(START).unwrap();
    for m in ["e2e4", "e7e5", "b1c3", "b8c6", "g2g4", "f8c5"] {
        g.play_str(m).unwrap();
    }
    let p = g.position().clone();
    let m = p.parse_move("d1/g4/g7/h8").unwrap();
    assert_eq!(p.move_to_string(m), "d1/c2/e4/g4/g7/h8");
    assert_eq!(m, p.parse_move("d1/c2/e4/g4/g7/h8").unwrap());
    let listed = p.for_each_move_upto(4, |x| {
        if x == m {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert!(
        listed.is_break(),
        "the 4-swap route lists the move by its canonical name"
    );
}

/// Worked example 9: checks inside a sequence.
#[test]
fn checks_inside_a_sequence() {
    let a = "b5B1/Q4r2/7K/7q/8/8/6Q1/4k2r w - - 0 1 -";
    assert_eq!(
        moves(&pos(a)),
        words("a7/a8/g8/f7/h5 a7/f7/h5 g2/a8/g8/f7/h5 g2/g8/f7/h5 g8/f7/h5")
    );
    for (m, why) in [
        ("g2/h1", "gives check while its own king is in check"),
        ("g2/h1/h5", "gives check while its own king is in check"),
    ] {
        assert_eq!(
            pos(a).parse_move(m),
            Err(MoveError::IllegalBecause(m.into(), why))
        );
    }
    let b = "6N1/k7/1R6/1q3b2/8/8/3q4/3N1KR1 w - - 0 1 -";
    assert_eq!(
        moves(&pos(b)),
        words("b6/b5 b6b5 g1/f1 g1/f1/d1 g1/f1/d1/d2 g1/f1/f5 g1/f1/f5/b5")
    );
    for m in ["b6/b5/f5", "b6/b5/f5/f1"] {
        assert_eq!(
            pos(b).parse_move(m),
            Err(MoveError::IllegalBecause(
                m.into(),
                "puts its own king in check"
            ))
        );
    }
    // A check given mid-sequence ends it (vectors row: no e6/e4/b4).
    let c = pos("6R1/P7/4Q3/8/1b2nk2/8/8/2K5 w - - 0 1 -");
    assert!(moves(&c).contains(&"e6/e4".to_string()));
    assert_eq!(
        c.parse_move("e6/e4/b4"),
        Err(MoveError::IllegalBecause(
            "e6/e4/b4".into(),
            "a check given ends the sequence"
        ))
    );
}

/// Worked example 1: the start position's swap sequences by number of swaps.
#[test]
fn start_position_bounded_counts() {
    let p = pos(START);
    let mut one = Vec::new();
    let _ = p.for_each_move_upto(1, |m| {
        one.push(p.move_to_string(m));
        ControlFlow::Continue(())
    });
    one.retain(|m| m.contains('/'));
    one.sort();
    // swap.md lists the one-swap paths; two of them have a smaller name by a longer route
    // (d1/d2 = d1/c2/d2: the pawns c2 and d2 are alike).
    let mut named: Vec<String> = words(
        "a1/a2 a1/b1 b1/d2 c1/b2 c1/d2 d1/c1 d1/c2 d1/d2 d1/e1 d1/e2 f1/e2 f1/g2 g1/e2 h1/g1 h1/h2",
    )
    .iter()
    .map(|m| p.move_to_string(p.parse_move(m).unwrap()))
    .collect();
    named.sort();
    assert_eq!(one, named);
    assert!(one.contains(&"d1/c2/d2/e2".to_string()));
    let counts = [15, 50, 145, 425, 1249, 3614, 10501, 29738, 79634];
    for (n, count) in (1..=9).zip(counts) {
        let t = Instant::now();
        let mut swaps = 0;
        let mut ordinary = 0;
        let _ = p.for_each_move_upto(n, |m| {
            match m {
                SwapMove::Path(_) => swaps += 1,
                SwapMove::Action(_) => ordinary += 1,
            }
            ControlFlow::Continue(())
        });
        assert_eq!((ordinary, swaps), (20, count), "at most {n} swaps");
        eprintln!("at most {n} swaps: {count} in {:.2?}", t.elapsed());
    }
}

/// The bounded generator gives the positions fewest swaps first.
#[test]
fn bounded_lists_fewest_swaps_first() {
    let p = pos(START);
    let list = |n: usize| {
        let mut v = Vec::new();
        let _ = p.for_each_move_upto(n, |m| {
            if let SwapMove::Path(_) = m {
                v.push(m);
            }
            ControlFlow::Continue(())
        });
        v
    };
    let (one, two, three) = (list(1), list(2), list(3));
    let mut fixed = zest::core::MoveList::new();
    p.legal_moves_upto(3, &mut fixed);
    assert_eq!(fixed.len(), 20 + 145);
    assert_eq!(fixed[20..], three[..]);
    let set = |v: &[SwapMove]| v.iter().copied().collect::<HashSet<_>>();
    assert_eq!(set(&three[..15]), set(&one));
    assert_eq!(set(&three[..50]), set(&two));
    assert_eq!(three.len(), 145);
}

#[test]
fn six_field_fen_is_the_same_position() {
    let a = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(a, pos(START));
    assert_eq!(a.fen(), START);
    assert_eq!(Swap::START_FEN, START);
}

// ---------------------------------------------------------------- endings

fn outcome(fen: &str) -> String {
    pos(fen)
        .outcome()
        .map(|o| o.to_string())
        .unwrap_or_default()
}

#[test]
fn ending_checkmate() {
    let fen = "1kR5/p7/2Q2p2/1PP5/p2Kb2r/3p2r1/1PP5/P1P1P3 b - - 0 36 -";
    assert_eq!(outcome(fen), "1-0 {White mates}");
    assert_eq!(pos(fen).count_moves(), 0);
    // Black mates: a back-rank mate no swap can lift.
    let black = "6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1 -";
    assert_eq!(outcome(black), "0-1 {Black mates}");
}

#[test]
fn ending_stalemate() {
    let fen = "k7/8/1Q6/8/8/8/8/7K b - - 0 1 -";
    assert_eq!(outcome(fen), "1/2-1/2 {Stalemate}");
}

#[test]
fn ending_insufficient_material() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -",
        "4k3/8/8/8/8/8/8/4KB2 w - - 0 1 -",
        "4k3/8/8/8/8/8/8/4KN2 b - - 0 1 -",
        "4kn2/8/8/8/8/8/8/4K3 w - - 0 1 -",
    ] {
        assert_eq!(outcome(fen), "1/2-1/2 {Insufficient material}", "{fen}");
        assert_eq!(pos(fen).count_moves(), 0, "{fen}");
    }
    // Narrow on purpose: bishops change colour by swaps.
    for fen in [
        "4kb2/8/8/8/8/8/8/4KB2 w - - 0 1 -",
        "4k3/8/8/8/8/8/8/3BKB2 w - - 0 1 -",
        "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1 -",
    ] {
        assert_eq!(outcome(fen), "", "{fen}");
    }
}

#[test]
fn ending_fifty_moves() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 100 80 -";
    assert_eq!(outcome(fen), "1/2-1/2 {50-move rule}");
    assert_eq!(pos(fen).count_moves(), 0);
    assert!(matches!(
        pos(fen).parse_move("a1a2"),
        Err(MoveError::GameOver(_))
    ));
    assert_eq!(outcome("4k3/8/8/8/8/8/8/R3K3 w - - 99 80 -"), "");
    // A swap without a pawn counts towards the rule; one that moves a pawn resets it.
    let p = after("4k3/8/8/8/8/8/8/RB2K3 w - - 99 80 -", "a1/b1");
    assert_eq!(p.outcome().unwrap().to_string(), "1/2-1/2 {50-move rule}");
    let q = after("4k3/8/8/8/8/8/1P6/R3K3 w - - 99 80 -", "a1/e1");
    assert_eq!(q.position().halfmove_clock, 100);
    let r = after("4k3/8/8/8/8/8/P7/R3K3 w - - 99 80 -", "a1/a2");
    assert_eq!(r.position().halfmove_clock, 0);
}

#[test]
fn ending_threefold_repetition() {
    let mut g: Game<Swap> = Game::from_fen(START).unwrap();
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        g.play_str(m).unwrap();
        assert_eq!(g.outcome(), None);
    }
    g.play_str("f6g8").unwrap();
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "1/2-1/2 {3-fold repetition}"
    );
    // Swaps back and forth: the KO field keeps the start apart from the later positions.
    let mut g: Game<Swap> = Game::from_fen("4k1br/8/8/8/8/8/8/RB2K3 w - - 0 1 -").unwrap();
    let cycle = ["a1/b1", "h8/g8", "b1/a1", "g8/h8"];
    for m in cycle {
        g.play_str(m).unwrap();
    }
    assert!(g
        .position()
        .fen()
        .starts_with("4k1br/8/8/8/8/8/8/RB2K3 w - - 4 3 g8/h8"));
    assert_eq!(g.repetitions(), 1, "the KO field differs from the start's");
    for m in cycle {
        g.play_str(m).unwrap();
        assert_eq!(g.outcome(), None);
    }
    assert_eq!(g.repetitions(), 2);
    for m in cycle {
        g.play_str(m).unwrap();
    }
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "1/2-1/2 {3-fold repetition}"
    );
}

// ---------------------------------------------------------------- bad input

/// Each kind of illegal move gets a typed error naming the move; the game is unchanged.
#[test]
fn illegal_moves_are_rejected() {
    let cases: &[(&str, &str, Option<&str>)] = &[
        (
            "4k3/8/8/8/8/8/8/RR2K3 w - - 0 1 -",
            "a1/b1",
            Some("swap with an identical piece"),
        ),
        (MATE_IN_ONE, "b6/b1/b6", Some("re-uses a piece")),
        (
            "k7/2R5/2Q2p2/1PP5/p2Kb2r/3p2r1/1PP5/P1P1P3 b - - 0 35 e4/c6",
            "e4/c6",
            Some("KO: it undoes the opponent's last swap sequence"),
        ),
        (
            MATE_IN_ONE,
            "b1/d3",
            Some("a pawn reaching its last rank must promote"),
        ),
        (
            MATE_IN_ONE,
            "b6/d8=q",
            Some("promotion where no pawn reaches its last rank"),
        ),
        (MATE_IN_ONE, "b6/b2", Some("swap with an empty square")),
        (
            MATE_IN_ONE,
            "b6/c4",
            Some("swap with a piece the swapping piece does not attack"),
        ),
        (
            MATE_IN_ONE,
            "c4/f7",
            Some("the swapping piece must belong to the side to move"),
        ),
        (
            MATE_IN_ONE,
            "h1/g1",
            Some("the king cannot start a swap sequence"),
        ),
        (
            MATE_IN_ONE,
            "a1/b1",
            Some("no piece on the path's first square"),
        ),
        (
            "4k3/8/8/b7/8/8/8/R2NK3 w Q - 0 1 -",
            "a1/d1",
            Some("ends with its own king in check"),
        ),
        ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 -", "a1a9", None),
        (START, "e2e5", None),
        (START, "e1g1", None),
        (START, "a1/", None),
        (START, "a1/a2=x", None),
        (
            START,
            "a1/a2=k",
            Some("a pawn promotes to a queen, rook, bishop or knight"),
        ),
        (START, "", None),
        (START, "0000", None),
    ];
    for &(fen, m, why) in cases {
        let mut g: Game<Swap> = Game::from_fen(fen).unwrap();
        let before = g.position().fen();
        let err = g.play_str(m).expect_err(m);
        assert_eq!(err.text(), m, "{m}: {err}");
        if let Some(why) = why {
            assert_eq!(err, MoveError::IllegalBecause(m.to_string(), why), "{m}");
        }
        assert_eq!(g.position().fen(), before, "{m} changed the position");
        assert!(g.moves().is_empty());
    }
}

#[test]
fn malformed_fens_are_rejected() {
    for fen in [
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - x",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e2",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e2/e2",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e2/e4",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e2/d1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 e2/d1=q",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e2/d1/",
        "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1 -",
        "rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNp w KQkq - 0 1 -",
        "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -   extra",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBXKBNR w KQkq - 0 1 -",
        "4k3/8/8/8/8/8/8/R3K2r b - - 0 1 -",
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1 -",
    ] {
        assert!(Swap::from_fen(fen).is_err(), "{fen}");
    }
    // Pawns on their own first rank are fine; en passant after a first-rank double step too.
    assert!(Swap::from_fen("rnbqkbnp/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1 -").is_ok());
    assert!(Swap::from_fen("4k3/8/8/8/8/3pP3/8/R5K1 b - e2 0 1 -").is_ok());
}

// ---------------------------------------------------------------- properties

mod properties {
    use super::*;
    use proptest::test_runner::{Config, TestCaseError, TestRunner};
    use std::cell::Cell;

    /// Swaps per sequence that random play considers (the full set is out of reach at the start).
    const RANDOM_PLAY_SWAPS: usize = 2;
    const ENDINGS: [&str; 6] = [
        "1-0 {White mates}",
        "0-1 {Black mates}",
        "1/2-1/2 {Stalemate}",
        "1/2-1/2 {Insufficient material}",
        "1/2-1/2 {50-move rule}",
        "1/2-1/2 {3-fold repetition}",
    ];

    /// The state a move leads to, up to the KO field (which names the route).
    fn result_state(p: &Swap) -> (u64, u32) {
        (p.position().key_from_scratch(), p.position().halfmove_clock)
    }

    fn check_position(p: &Swap, list: &[SwapMove]) -> Result<(), TestCaseError> {
        let fen = p.fen();
        let back = Swap::from_fen(&fen).map_err(|e| TestCaseError::fail(format!("{fen}: {e}")))?;
        proptest::prop_assert_eq!(&back, p, "FEN round trip {}", fen);
        proptest::prop_assert_eq!(p.key(), p.key_from_scratch(), "key {}", fen);
        let mut seen = HashSet::new();
        for &m in list {
            let s = p.move_to_string(m);
            let parsed = p.parse_move(&s);
            proptest::prop_assert_eq!(parsed, Ok(m), "{} in {}", s, fen);
            let mut c = p.clone();
            c.play(m);
            proptest::prop_assert!(
                seen.insert(result_state(&c)),
                "{} repeats a position in {}",
                s,
                fen
            );
        }
        Ok(())
    }

    #[test]
    fn random_games() {
        let positions = Cell::new(0usize);
        let ended = Cell::new(0usize);
        let mut runner = TestRunner::new(Config {
            cases: 48,
            ..Config::default()
        });
        runner
            .run(&proptest::num::u64::ANY, |seed| {
                let mut rng = seed | 1;
                let mut game: Game<Swap> = Game::from_fen(START).unwrap();
                for _ in 0..260 {
                    let p = game.position().clone();
                    let mut list = Vec::new();
                    let _ = p.for_each_move_upto(RANDOM_PLAY_SWAPS, |m| {
                        list.push(m);
                        ControlFlow::Continue(())
                    });
                    check_position(&p, &list)?;
                    positions.set(positions.get() + 1);
                    if let Some(o) = game.outcome() {
                        proptest::prop_assert!(ENDINGS.contains(&o.to_string().as_str()), "{}", o);
                        ended.set(ended.get() + 1);
                        break;
                    }
                    proptest::prop_assert!(!list.is_empty(), "no listed move in {}", p.fen());
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    let m = list[(rng % list.len() as u64) as usize];
                    game.play(m);
                    proptest::prop_assert_eq!(
                        game.position().key(),
                        game.position().key_from_scratch()
                    );
                }
                Ok(())
            })
            .unwrap();
        eprintln!("{} positions, {} games ended", positions.get(), ended.get());
        assert!(positions.get() >= 10_000);
    }

    /// In positions of the sample game (where the full set is small enough), the
    /// full generator lists no position twice and every move parses back.
    #[test]
    fn full_lists_in_sample_positions() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/swap-sample-game.txt"
        ))
        .unwrap();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let c: Vec<&str> = line.split('\t').collect();
            if c.len() != 3 || c[0] == "result" || c[0].parse::<u32>().unwrap() < 40 {
                continue;
            }
            let p = pos(c[2]);
            let mut list = Vec::new();
            let _ = p.for_each_move(|m| {
                list.push(m);
                ControlFlow::Continue(())
            });
            check_position(&p, &list).unwrap();
        }
    }
}

/// The direct path check agrees with the generator: in the sample game's later
/// positions (full lists of a few thousand), paths made by extending, cutting
/// and altering listed paths parse exactly when they name a listed move.
#[test]
fn path_check_agrees_with_generator() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/swap-sample-game.txt"
    ))
    .unwrap();
    let squares: Vec<String> = (0..64)
        .map(|i| format!("{}{}", (b'a' + i % 8) as char, 1 + i / 8))
        .collect();
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    let (mut accepted, mut rejected) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let c: Vec<&str> = line.split('\t').collect();
        if c.len() != 3 || c[0] == "result" || c[0].parse::<u32>().unwrap() < 33 {
            continue;
        }
        let p = pos(c[2]);
        let mut listed = HashSet::new();
        let _ = p.for_each_move(|m| {
            listed.insert(m);
            ControlFlow::Continue(())
        });
        let paths: Vec<String> = listed
            .iter()
            .map(|&m| p.move_to_string(m))
            .filter(|s| s.contains('/'))
            .collect();
        if paths.is_empty() {
            continue;
        }
        for _ in 0..300 {
            let base = &paths[next(paths.len())];
            let mut parts: Vec<String> = base.split('/').map(str::to_string).collect();
            match next(4) {
                0 => parts.push(squares[next(64)].clone()),
                1 if parts.len() > 2 => {
                    parts.pop();
                }
                2 => {
                    let i = 1 + next(parts.len() - 1);
                    parts[i] = squares[next(64)].clone();
                }
                _ => {
                    let n = parts.len();
                    let (i, j) = (next(n), next(n));
                    parts.swap(i, j);
                }
            }
            let s = parts.join("/");
            match p.parse_move(&s) {
                Ok(m) => {
                    assert!(
                        listed.contains(&m),
                        "{s} parses in {} but is not listed",
                        c[2]
                    );
                    accepted += 1;
                }
                Err(e) => {
                    assert!(
                        !paths.contains(&s),
                        "{s} listed in {} but rejected: {e}",
                        c[2]
                    );
                    assert_eq!(e.text(), s);
                    rejected += 1;
                }
            }
        }
    }
    eprintln!("{accepted} accepted, {rejected} rejected");
    assert!(accepted > 500 && rejected > 500);
}

/// Mutated FENs and move strings never panic: each gives a position or a typed error.
#[test]
fn mutated_input_never_panics() {
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    let fens = [
        START,
        MATE_IN_ONE,
        "k7/2R5/2Q2p2/1PP5/p2Kb2r/3p2r1/1PP5/P1P1P3 b - - 0 35 e4/c6",
        "4k3/8/8/8/8/3pP3/8/R5K1 b - e2 0 1 -",
    ];
    let moves = [
        "b6/b1/d3=n/c4/f7",
        "e4/c6/b5",
        "e2e4",
        "e1h1",
        "d3e2",
        "a1/e1",
    ];
    let alphabet = b"rnbqkpRNBQKP12345678/ -wbKQkqabcdefgh=e3";
    let mutate = |s: &str, next: &mut dyn FnMut(usize) -> usize| {
        let mut b: Vec<u8> = s.bytes().collect();
        for _ in 0..=next(3) {
            let i = next(b.len() + 1);
            match next(3) {
                0 if i < b.len() => b[i] = alphabet[next(alphabet.len())],
                1 if i < b.len() => {
                    b.remove(i);
                }
                _ => b.insert(i, alphabet[next(alphabet.len())]),
            }
        }
        String::from_utf8_lossy(&b).into_owned()
    };
    let mut valid = 0;
    for _ in 0..20_000 {
        let fen = mutate(fens[next(fens.len())], &mut next);
        let mv = mutate(moves[next(moves.len())], &mut next);
        if let Ok(p) = Swap::from_fen(&fen) {
            valid += 1;
            assert_eq!(Swap::from_fen(&p.fen()).unwrap(), p);
            if let Ok(m) = p.parse_move(&mv) {
                let mut c = p.clone();
                c.play(m);
                assert_eq!(c.key(), c.key_from_scratch());
            }
        }
    }
    assert!(valid > 100);
}
