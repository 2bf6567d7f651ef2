//! Interchange Chess against `../shared/rules/interchange.md`, its perft vectors and a slow
//! independent model of the rules (`two_action_oracle`).

mod two_action_oracle;
mod variant_common;

use proptest::prelude::*;
use two_action_oracle as oracle;
use zest::core::{FenError, MoveError};
use zest::tools::perft::perft;
use zest::variants::interchange::Interchange;
use zest::variants::{Game, GameResult, Variant};

const START: &str = "lnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNL w - - 0 1";

fn pos(fen: &str) -> Interchange {
    variant_common::pos(fen)
}

fn sorted_turns(p: &Interchange) -> Vec<String> {
    variant_common::moves(p)
}

use variant_common::cross;

use variant_common::vectors;

#[test]
fn vectors_file_is_the_shared_one() {
    let ours = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/vectors.tsv");
    let shared = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/rules/vectors.tsv");
    if let Ok(s) = std::fs::read(shared) {
        assert_eq!(
            std::fs::read(ours).unwrap(),
            s,
            "tests/data/vectors.tsv differs"
        );
    }
}

#[test]
fn perft_vectors() {
    let rows = vectors("interchange");
    assert_eq!(rows.len(), 20);
    for (fen, depth, nodes, note) in rows {
        assert_eq!(
            perft(&pos(&fen), depth),
            nodes,
            "{fen} depth {depth} ({note})"
        );
    }
}

#[test]
fn start_position_34_by_34() {
    let p = pos(START);
    let mut own: Vec<String> = sorted_turns(&p)
        .iter()
        .map(|t| t.split(',').next().unwrap().to_string())
        .collect();
    own.dedup();
    assert_eq!(own.len(), 34);
    for a in [
        "b1a3", "b1c3", "g1f3", "g1h3", "a2a4", "h2h4", "a2b3", "d2c3",
    ] {
        assert!(own.contains(&a.to_string()), "{a}");
    }
    assert_eq!(p.count_moves(), 1156);
    assert_eq!(sorted_turns(&p), oracle::interchange_turns(START));
}

#[test]
fn worked_example_2_right_handed_rook() {
    let p = pos("4k3/8/8/8/R7/8/8/4K3 w - - 0 1");
    let own = [
        "a4a5", "a4a6", "a4a7", "a4a8", "a4b4", "a4c4", "a4d4", "a4e4", "a4f4", "a4g4", "a4h4",
        "e1d2", "e1e2", "e1f2",
    ];
    assert_eq!(sorted_turns(&p), cross(&own, &["e8d7", "e8e7", "e8f7"]));
}

#[test]
fn worked_example_3_black_handed_rooks() {
    let p = pos("4k3/8/8/8/8/8/4p3/l3K2L b - - 0 1");
    let own = ["a1b1", "a1c1", "a1d1", "e8d7", "e8e7", "e8f7"];
    let other = [
        "e1d2", "e1f2", "h1f1", "h1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8",
    ];
    assert_eq!(sorted_turns(&p), cross(&own, &other));
    assert!(p.parse_move("a1d1,h1h8").is_ok());
}

#[test]
fn forced_pass_of_the_own_part() {
    let p = pos("3K4/8/8/3p4/8/8/8/8 w - - 0 1");
    assert_eq!(sorted_turns(&p), ["0000,d5c4", "0000,d5d4", "0000,d5e4"]);
    assert_eq!(p.outcome(), None);
}

#[test]
fn forced_pass_of_the_opponent_part() {
    let p = pos("3K4/8/8/3p4/8/8/8/8 b - - 0 1");
    assert_eq!(sorted_turns(&p), ["d5c4,0000", "d5d4,0000", "d5e4,0000"]);
    // Worked example 7: Black has no movable piece after White's rook moves.
    let p = pos("1NBKQ2L/PPPPPPNP/B5P1/8/8/8/pppppppp/lrnqknbb w - - 0 60");
    assert_eq!(sorted_turns(&p), ["h8f8,0000", "h8g8,0000"]);
}

#[test]
fn forced_pass_of_both_parts_ends_the_game() {
    // The pawn reaches rank 2 in three turns; then neither colour can move.
    let mut g = Game::<Interchange>::from_fen("3K4/8/8/3p4/8/8/8/8 w - - 0 1").unwrap();
    for t in ["0000,d5d4", "d4d3,0000", "0000,d3d2"] {
        g.play_str(t).unwrap();
    }
    let p = g.position();
    assert_eq!(p.count_moves(), 0);
    assert_eq!(
        p.outcome().unwrap().to_string(),
        "1/2-1/2 {Equal pieces home: 1 to 1}"
    );
    assert!(matches!(
        p.parse_move("0000,0000"),
        Err(MoveError::GameOver(_))
    ));
}

#[test]
fn ending_white_more_home() {
    let p = pos("3K4/8/8/8/8/8/8/3k4 w - - 0 1");
    assert_eq!(p.count_moves(), 0);
    assert_eq!(perft(&p, 3), 0);
    assert_eq!(
        p.outcome().unwrap().to_string(),
        "1-0 {White has more pieces home: 1 to 0}"
    );
    let p = pos("1NBKQ1RL/PPPPPPNP/B5P1/8/8/8/pppppppp/lrnqknbb w - - 0 60");
    assert_eq!(p.count_moves(), 0);
    assert_eq!(
        p.outcome().unwrap().to_string(),
        "1-0 {White has more pieces home: 11 to 10}"
    );
    let p = pos("L2KNQ1N/PPPPPPPP/1B3RB1/8/8/4pk2/pppppppq/1bnrn1bl w - - 2 42");
    assert_eq!(
        p.outcome().unwrap().to_string(),
        "1-0 {White has more pieces home: 10 to 8}"
    );
}

#[test]
fn ending_black_more_home() {
    let p = pos("8/8/8/8/8/8/8/4k3 w - - 0 1");
    assert_eq!(p.count_moves(), 0);
    assert_eq!(
        p.outcome().unwrap().to_string(),
        "0-1 {Black has more pieces home: 1 to 0}"
    );
    let p = pos("3K4/8/8/8/8/8/p7/3qk3 b - - 0 1");
    assert_eq!(
        p.outcome().unwrap().to_string(),
        "0-1 {Black has more pieces home: 3 to 1}"
    );
}

#[test]
fn ending_equal_score() {
    let p = pos("3K4/8/8/8/8/8/8/4k3 w - - 0 1");
    assert_eq!(
        p.outcome().unwrap().to_string(),
        "1/2-1/2 {Equal pieces home: 1 to 1}"
    );
    let p = pos("8/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(
        p.outcome().unwrap().to_string(),
        "1/2-1/2 {Equal pieces home: 0 to 0}"
    );
}

#[test]
fn game_goes_on_while_one_side_can_move() {
    // White's only piece is home, Black's pawn can still move: no ending yet.
    let p = pos("3K4/8/8/3p4/8/8/8/8 w - - 0 1");
    assert!(p.outcome().is_none());
}

#[test]
fn pawns_double_step_straight_never_promote() {
    // Double step from rank 2 in a FEN position, both squares empty; none over a piece.
    let p = pos("4k3/8/8/8/8/3n4/P2P4/4K3 w - - 0 1");
    let t = sorted_turns(&p);
    assert!(t.iter().any(|s| s.starts_with("a2a4,")));
    assert!(!t.iter().any(|s| s.starts_with("d2d4,")));
    // A pawn on rank 7 is home and has no move; no move onto rank 8.
    let p = pos("4k3/P7/8/8/8/8/8/8 w - - 0 1");
    assert!(!sorted_turns(&p).iter().any(|s| s.starts_with("a7")));
    assert!(p.parse_move("a7a8,e8d7").is_err());
    assert!(p.parse_move("a7a8q,e8d7").is_err());
}

#[test]
fn opponent_piece_moves_in_its_owners_directions() {
    // Black moves White's R: towards rank 8 and the h-file only.
    let p = pos("4k3/8/8/8/3R4/8/8/8 b - - 0 1");
    let other: Vec<String> = sorted_turns(&p)
        .into_iter()
        .filter(|t| t.starts_with("e8f7,"))
        .map(|t| t[5..].to_string())
        .collect();
    assert_eq!(
        other,
        ["d4d5", "d4d6", "d4d7", "d4d8", "d4e4", "d4f4", "d4g4", "d4h4"]
    );
}

fn fen_unchanged(p: &Interchange, f: impl FnOnce(&Interchange)) {
    let before = p.clone();
    f(p);
    assert_eq!(p, &before);
}

fn because(p: &Interchange, turn: &str, reason: &str) {
    fen_unchanged(p, |p| {
        assert_eq!(
            p.parse_move(turn),
            Err(MoveError::IllegalBecause(turn.to_string(), leak(reason))),
            "{turn}"
        );
    });
    let mut g = Game::from_position(p.clone());
    assert!(g.play_str(turn).is_err());
    assert_eq!(g.position(), p);
    assert!(g.moves().is_empty());
}

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

#[test]
fn bad_turns_have_typed_errors() {
    let p = pos(START);
    because(&p, "e7e6,e2e4", "wrong order of actions");
    because(
        &p,
        "e2e4,d2d3",
        "second action must move an opponent's piece",
    );
    because(&p, "a1a2,e7e6", "capture");
    because(&p, "e2e4,e8e7", "capture");
    because(&p, "0000,e7e6", "pass while an action exists");
    because(&p, "e2e4,0000", "pass while an action exists");
    because(&p, "a1b1,e7e6", "capture");
    because(&p, "b1d2,e7e6", "capture");
    because(&p, "e3e4,e7e6", "no piece on the from-square");
    because(&p, "a2b4,e7e6", "not a move of this piece");
    because(&p, "a1a3,e7e6", "path blocked");
    let p = pos("4k3/8/8/8/3R4/3K4/8/8 w - - 0 1");
    because(&p, "d4d2,e8e7", "backward move");
    because(&p, "d3c2,e8e7", "backward move");
    because(&p, "d4c4,e8e7", "wrong sideways direction for this rook");
    because(&p, "d3c3,e8e7", "sideways move");
}

#[test]
fn malformed_turns() {
    let p = pos(START);
    for s in [
        "",
        "e2e4",
        "0000",
        "e2e4,",
        "e2e4,e7e5,e5e4",
        "e2e4;e7e5",
        "e2e9,e7e5",
    ] {
        assert!(
            matches!(p.parse_move(s), Err(MoveError::Malformed(ref t)) if t == s),
            "{s}: {:?}",
            p.parse_move(s)
        );
    }
}

#[test]
fn bad_fens() {
    for (fen, ok) in [
        (START, true),
        ("8/8/8/8/8/8/8/8 w - - 0 1", true),
        (
            "lnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNL w KQkq e3 0 1",
            true,
        ),
        ("lnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNL w - - 0", false),
        (
            "lnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNL w - - 0 1 x",
            false,
        ),
        (
            "lnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNA w - - 0 1",
            false,
        ),
        (
            "lnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w - - 0 1",
            false,
        ),
        (
            "lnbkqbnr/pppppppp/8/8/8/8/PPPPPPP/RNBQKBNL w - - 0 1",
            false,
        ),
        ("lnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP w - - 0 1", false),
        ("P7/8/8/8/8/8/8/8 w - - 0 1", false),
        ("8/8/8/8/8/8/8/p7 w - - 0 1", false),
        ("8/8/8/8/8/8/8/8 x - - 0 1", false),
        ("8/8/8/8/8/8/8/8 w - - a 1", false),
        ("8/8/8/8/8/8/8/8 w - - 0 0", false),
        ("", false),
        ("9/8/8/8/8/8/8/8 w - - 0 1", false),
    ] {
        let r = Interchange::from_fen(fen);
        assert_eq!(r.is_ok(), ok, "{fen}: {r:?}");
    }
    assert!(matches!(
        Interchange::from_fen("P7/8/8/8/8/8/8/8 w - - 0 1"),
        Err(FenError::Illegal(_))
    ));
}

/// Plays uniformly random turns to the end; returns the final position and the length.
fn random_game(seed: u64) -> (Interchange, u32) {
    let mut rng = oracle::Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut p = pos(START);
    let mut turns = 0;
    loop {
        let n = p.count_moves();
        if n == 0 {
            return (p, turns);
        }
        let t = variant_common::nth_move(&p, rng.below(n));
        p.play(t);
        turns += 1;
        assert!(turns <= 236, "a game longer than the potential allows");
    }
}

#[test]
fn ten_thousand_random_games_end_with_the_recounted_score() {
    let mut results = [0u32; 3];
    for seed in 0..10_000 {
        let (p, _) = random_game(seed);
        let fen = p.fen();
        let b = oracle::parse_board(&fen);
        // Independently: nothing can move, and the counts give the result and reason.
        assert!(oracle::interchange_actions(&b, true).is_empty());
        assert!(oracle::interchange_actions(&b, false).is_empty());
        let (w, k) = oracle::interchange_home_counts(&b);
        let expected = if w > k {
            format!("1-0 {{White has more pieces home: {w} to {k}}}")
        } else if k > w {
            format!("0-1 {{Black has more pieces home: {k} to {w}}}")
        } else {
            format!("1/2-1/2 {{Equal pieces home: {w} to {k}}}")
        };
        let o = p.outcome().expect("the game is over");
        assert_eq!(o.to_string(), expected, "{fen}");
        results[match o.result {
            GameResult::WhiteWins => 0,
            GameResult::BlackWins => 1,
            GameResult::Draw => 2,
        }] += 1;
    }
    // Uniform random play produces all three results.
    assert!(results.iter().all(|&n| n > 0), "{results:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 136, ..ProptestConfig::default() })]

    /// Along random games: turns print and parse back, FEN and keys are consistent,
    /// undo restores, and the turn list equals the slow model's.
    #[test]
    fn random_game_properties(seed in any::<u64>()) {
        let mut rng = oracle::Rng(seed | 1);
        let mut g = Game::<Interchange>::new();
        let mut ply = 0;
        loop {
            let p = g.position().clone();
            let fen = p.fen();
            let back = Interchange::from_fen(&fen).unwrap();
            prop_assert_eq!(&back, &p);
            prop_assert_eq!(back.fen(), fen.clone());
            prop_assert_eq!(p.key(), p.key_from_scratch());
            let listed = sorted_turns(&p);
            for s in &listed {
                let m = p.parse_move(s).unwrap();
                prop_assert_eq!(&p.move_to_string(m), s);
            }
            if ply % 8 == 0 {
                prop_assert_eq!(&listed, &oracle::interchange_turns(&fen), "{}", fen);
            }
            if listed.is_empty() {
                prop_assert!(p.outcome().is_some());
                break;
            }
            prop_assert!(p.outcome().is_none());
            let s = &listed[rng.below(listed.len() as u64) as usize];
            g.play_str(s).unwrap();
            prop_assert!(g.undo());
            prop_assert_eq!(g.position(), &p);
            g.play_str(s).unwrap();
            ply += 1;
        }
    }
}

#[test]
fn clocks_count_turns_and_pawn_moves_in_either_action() {
    let mut g = Game::<Interchange>::new();
    g.play_str("b1c3,g8f6").unwrap();
    assert_eq!(
        g.position().fen(),
        "lnbkqb1r/pppppppp/5n2/8/8/2N5/PPPPPPPP/R1BQKBNL b - - 1 1"
    );
    g.play_str("b8c6,g1f3").unwrap();
    assert_eq!(
        g.position().fen(),
        "l1bkqb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1L w - - 2 2"
    );
    // A pawn moved by the opponent action resets the clock too.
    g.play_str("c3b5,e7e5").unwrap();
    assert_eq!(g.position().position().halfmove_clock, 0);
    assert_eq!(g.position().position().fullmoves, 2);
}
