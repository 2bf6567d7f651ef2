//! Palindromic Chess against `../shared/rules/palindromic.md`, its perft vectors and a slow
//! independent model of the rules (`two_action_oracle`: breadth-first reachability, the
//! no-preclusion test applied literally to every piece, maximum distance per piece).

mod two_action_oracle;
mod variant_common;

use proptest::prelude::*;
use two_action_oracle as oracle;
use zest::core::{Color, FenError, MoveError, Role, Square};
use zest::tools::perft::perft;
use zest::variants::palindromic::{reachable_on_empty_board, Palindromic};
use zest::variants::{Game, Variant};

const START: &str = "lnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNL w - - 0 1";

fn pos(fen: &str) -> Palindromic {
    variant_common::pos(fen)
}

fn sorted_turns(p: &Palindromic) -> Vec<String> {
    variant_common::moves(p)
}

fn cross(own: &[&str], other: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = own
        .iter()
        .flat_map(|a| other.iter().map(move |b| format!("{a},{b}")))
        .collect();
    v.sort();
    v
}

use variant_common::vectors;

#[test]
fn perft_vectors() {
    let rows = vectors("palindromic");
    assert_eq!(rows.len(), 23);
    for (fen, depth, nodes, note) in rows {
        if nodes > 100_000_000 {
            continue; // the start position at depth 3: `perft_start_depth_3` below
        }
        assert_eq!(
            perft(&pos(&fen), depth),
            nodes,
            "{fen} depth {depth} ({note})"
        );
    }
}

/// The slow row (329 810 245 turns, about 5 s in release on one core).
#[test]
fn perft_start_depth_3() {
    assert_eq!(perft(&pos(START), 3), 329_810_245);
}

#[test]
fn start_position_26_by_26() {
    let p = pos(START);
    let mut own: Vec<String> = sorted_turns(&p)
        .iter()
        .map(|t| t.split(',').next().unwrap().to_string())
        .collect();
    own.dedup();
    assert_eq!(own.len(), 26);
    assert!(!own.contains(&"e2e4".to_string()), "no double step");
    assert_eq!(p.count_moves(), 676);
    let mut o = oracle::Oracle::default();
    assert_eq!(sorted_turns(&p), oracle::palindromic_turns(&mut o, START));
}

#[test]
fn precluded_squares_table() {
    // The spec's table of squares from which a White piece reaches no destination square.
    let table: [(Role, &str); 6] = [
        (Role::Pawn, "a8 b8 c8 d8 e8 f8 g8 h8"),
        (
            Role::King,
            "h5 a6 g6 h6 a7 b7 f7 g7 h7 a8 b8 c8 e8 f8 g8 h8",
        ),
        (
            Role::Queen,
            "a5 a6 b6 h6 a7 b7 c7 g7 h7 a8 b8 c8 d8 f8 g8 h8",
        ),
        (Role::Bishop, "a5 h5 b6 g6 a7 c7 f7 h7 a8 b8 d8 e8 g8 h8"),
        (
            Role::Knight,
            "b5 g5 d6 e6 a7 b7 c7 f7 g7 h7 a8 c8 d8 e8 f8 h8",
        ),
        (Role::Rook, ""),
    ];
    for (role, squares) in table {
        let never: Vec<Square> = squares
            .split_whitespace()
            .map(|s| Square::parse(s).unwrap())
            .collect();
        for sq in Square::all() {
            let white = reachable_on_empty_board(Color::White, role).contains(sq);
            assert_eq!(white, !never.contains(&sq), "{role:?} {sq}");
            // Black: the half-turn image.
            let image = Square::new(63 - sq.index() as u8);
            assert_eq!(
                reachable_on_empty_board(Color::Black, role).contains(image),
                white
            );
        }
    }
    assert_eq!(
        reachable_on_empty_board(Color::White, Role::LeftRook).count(),
        64
    );
}

#[test]
fn worked_example_2_maximum_distance() {
    let p = pos("4k3/8/R7/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        sorted_turns(&p),
        cross(&["a6h6", "e1d2", "e1e2", "e1f2"], &["e8d7", "e8e7", "e8f7"])
    );
}

#[test]
fn worked_example_3_maximum_among_legal_moves() {
    let p = pos("4k3/8/8/8/3B4/8/8/4K3 w - - 0 1");
    assert_eq!(
        sorted_turns(&p),
        cross(&["d4g7", "e1d2", "e1e2", "e1f2"], &["e8d7", "e8e7", "e8f7"])
    );
}

#[test]
fn worked_example_4_own_versus_opponent_piece() {
    // Forced pass of the opponent part: Black has no piece.
    let p = pos("8/8/8/8/3Q4/8/8/8 w - - 0 1");
    assert_eq!(sorted_turns(&p), ["d4d7,0000"]);
    // Forced pass of the own part; the opponent's queen moves any legal distance.
    let p = pos("8/8/8/8/3Q4/8/8/8 b - - 0 1");
    assert_eq!(
        sorted_turns(&p),
        [
            "0000,d4c5",
            "0000,d4d5",
            "0000,d4d6",
            "0000,d4d7",
            "0000,d4e5",
            "0000,d4f6"
        ]
    );
}

#[test]
fn every_action_of_a_piece_precludes_it() {
    // The king on g5 has the geometric moves g6 and h6 (f6 is occupied), from which d8
    // cannot be reached: White's own part is a pass.
    let p = pos("4k3/8/5p2/6K1/8/8/8/8 w - - 0 1");
    assert_eq!(
        sorted_turns(&p),
        [
            "0000,e8d7",
            "0000,e8e7",
            "0000,e8f7",
            "0000,f6e5",
            "0000,f6f5"
        ]
    );
    because(&p, "g5g6,e8e7", "precludes its piece");
    because(&p, "g5h6,e8e7", "precludes its piece");
    because(&p, "g5f6,e8e7", "capture");
    // The g6 pawn's only geometric move walls in the R on h3.
    let p = pos("4k3/5PP1/6P1/8/8/7R/8/8 w - - 0 1");
    assert!(!sorted_turns(&p).iter().any(|t| t.starts_with("g6")));
    because(&p, "g6h7,e8d7", "precludes another piece");
}

#[test]
fn worked_example_5_completing_the_reversal() {
    let fen = "LNBKQBNR/1PPPPPPP/P7/8/8/8/pppppppp/rnbqkbnl w - - 0 40";
    let mut g = Game::<Palindromic>::from_fen(fen).unwrap();
    assert_eq!(sorted_turns(g.position()), ["a6a7,0000"]);
    g.play_str("a6a7,0000").unwrap();
    assert_eq!(
        g.position().fen(),
        "LNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnl b - - 0 40"
    );
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "1-0 {White completes the reversal}"
    );
    assert_eq!(g.position().count_moves(), 0);
    let mut g = Game::<Palindromic>::from_fen(&fen.replace(" w ", " b ")).unwrap();
    assert_eq!(sorted_turns(g.position()), ["0000,a6a7"]);
    g.play_str("0000,a6a7").unwrap();
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "0-1 {Black completes the reversal}"
    );
}

#[test]
fn worked_example_6_both_sides_finish_in_one_turn() {
    let fen = "LNBKQBNR/1PPPPPPP/P7/8/8/7p/ppppppp1/rnbqkbnl w - - 0 40";
    let mut g = Game::<Palindromic>::from_fen(fen).unwrap();
    assert_eq!(sorted_turns(g.position()), ["a6a7,h3h2"]);
    g.play_str("a6a7,h3h2").unwrap();
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "1-0 {White completes the reversal}"
    );
}

#[test]
fn reversal_given_by_fen_is_won_by_the_side_not_to_move() {
    let p = pos("LNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnl b - - 0 54");
    assert_eq!(
        p.outcome().unwrap().to_string(),
        "1-0 {White completes the reversal}"
    );
    let p = pos("LNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnl w - - 0 54");
    assert_eq!(
        p.outcome().unwrap().to_string(),
        "0-1 {Black completes the reversal}"
    );
    assert!(matches!(
        p.parse_move("0000,0000"),
        Err(MoveError::GameOver(_))
    ));
}

#[test]
fn mover_whose_pieces_are_all_home_still_moves_the_opponent() {
    // White's pieces are all home; White passes its own part and moves a Black piece.
    let p = pos("3K4/8/8/8/8/2b5/8/8 w - - 0 1");
    assert_eq!(sorted_turns(&p), ["0000,c3b2", "0000,c3d2"]);
    let p = pos("3K4/8/8/8/8/8/1b6/8 w - - 0 1");
    assert_eq!(sorted_turns(&p), ["0000,b2c1"]);
    let mut g = Game::from_position(p);
    g.play_str("0000,b2c1").unwrap();
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "1-0 {White completes the reversal}"
    );
}

#[test]
fn worked_example_7_deadlock() {
    let p = pos("5RN1/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(p.count_moves(), 0);
    assert_eq!(perft(&p, 2), 0);
    assert_eq!(p.outcome().unwrap().to_string(), "1/2-1/2 {Deadlock}");
    // The spec's order-dependent deadlock: every piece free-reaching, nothing can move.
    let p = pos("LNBKQBNR/PPPPPPPP/8/8/2b5/3plp2/pppknppp/rnbq4 w - - 0 1");
    assert_eq!(p.count_moves(), 0);
    assert_eq!(p.outcome().unwrap().to_string(), "1/2-1/2 {Deadlock}");
}

#[test]
fn worked_example_8_walling_in_another_piece() {
    let p = pos("4kR2/8/7N/8/8/8/8/8 w - - 0 1");
    assert_eq!(
        sorted_turns(&p),
        cross(&["f8h8"], &["e8d7", "e8e7", "e8f7"])
    );
    because(&p, "h6g8,e8e7", "precludes another piece");
    let p = pos("4k3/8/6P1/8/8/7R/8/8 w - - 0 1");
    let t = sorted_turns(&p);
    assert_eq!(t.len(), 8);
    assert!(t.iter().any(|s| s.starts_with("g6f7,")));
    assert!(t.iter().any(|s| s.starts_with("g6g7,")));
    because(&p, "g6h7,e8e7", "precludes another piece");
    let p = pos("8/8/8/8/8/2n5/p7/R3K3 b - - 0 1");
    assert_eq!(
        sorted_turns(&p),
        cross(&["c3e2"], &["a1b1", "a1c1", "a1d1", "e1d2", "e1f2"])
    );
    because(&p, "c3b1,a1b1", "precludes another piece");
    because(&p, "c3d1,a1b1", "precludes its piece");
}

fn because(p: &Palindromic, turn: &str, reason: &'static str) {
    let before = p.clone();
    assert_eq!(
        p.parse_move(turn),
        Err(MoveError::IllegalBecause(turn.to_string(), reason)),
        "{turn}"
    );
    assert_eq!(p, &before);
    let mut g = Game::from_position(p.clone());
    assert!(g.play_str(turn).is_err());
    assert_eq!(g.position(), p);
}

#[test]
fn bad_turns_have_typed_errors() {
    let p = pos(START);
    because(&p, "e7e6,e2e3", "wrong order of actions");
    because(&p, "a1a2,e7e6", "capture");
    because(&p, "e2e3,e8e7", "capture");
    because(&p, "0000,e7e6", "pass while an action exists");
    because(&p, "e2e3,0000", "pass while an action exists");
    because(&p, "e2e4,e7e6", "not a move of this piece");
    let p = pos("4k3/8/R7/8/8/8/8/4K3 w - - 0 1");
    because(&p, "a6a7,e8e7", "not maximal distance");
    because(&p, "a6d6,e8e7", "not maximal distance");
    because(&p, "a6a5,e8e7", "backward move");
    because(&p, "e1d1,e8e7", "sideways move");
    // The opponent's rook is not bound by the maximum distance.
    let p = pos("4k3/8/R7/8/8/8/8/4K3 b - - 0 1");
    assert!(p.parse_move("e8e7,a6a7").is_ok());
    because(&p, "e8e7,a6a5", "backward move");
    let p = pos("4k3/8/8/8/3B4/8/8/4K3 w - - 0 1");
    because(&p, "d4h8,e8e7", "precludes its piece");
    because(&p, "d4b6,e8e7", "precludes its piece");
    because(&p, "d4e5,e8e7", "not maximal distance");
    for s in ["", "e2e3", "0000", "e2e3,", "e2e3,e7e6,e6e5", "e2e3,e7e6q"] {
        assert!(
            matches!(
                p.parse_move(s),
                Err(MoveError::Malformed(_)) | Err(MoveError::IllegalBecause(_, _))
            ),
            "{s}"
        );
    }
    assert!(matches!(p.parse_move("e2e3"), Err(MoveError::Malformed(_))));
}

#[test]
fn bad_fens() {
    for (fen, ok) in [
        (START, true),
        ("8/8/8/8/8/8/8/8 w - - 0 1", true),
        ("lnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNL w - - 0", false),
        (
            "lnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1",
            false,
        ),
        (
            "lnbkqbnr/pppppppp/8/8/8/8/PPPPPPP/RNBQKBNL w - - 0 1",
            false,
        ),
        ("P7/8/8/8/8/8/8/8 w - - 0 1", false),
        ("8/8/8/8/8/8/8/8 w - - 0 0", false),
        ("8/8/8/8/8/8/8/8 - - - 0 1", false),
        // A White king on h5 or a knight on e6 can never get home.
        ("8/8/8/7K/8/8/8/8 w - - 0 1", false),
        ("8/8/4N3/8/8/8/8/8 w - - 0 1", false),
        ("8/8/8/8/k7/8/8/8 w - - 0 1", false),
        ("8/8/8/8/8/8/8/8/8 w - - 0 1", false),
    ] {
        let r = Palindromic::from_fen(fen);
        assert_eq!(r.is_ok(), ok, "{fen}: {r:?}");
    }
    assert!(matches!(
        Palindromic::from_fen("8/8/8/7K/8/8/8/8 w - - 0 1"),
        Err(FenError::Illegal(_))
    ));
}

#[test]
fn ten_thousand_random_games_end_as_the_board_says() {
    let mut o = oracle::Oracle::default();
    let mut deadlocks = 0;
    for seed in 0..10_000u64 {
        let mut rng = oracle::Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let mut p = pos(START);
        let mut turns = 0;
        loop {
            let n = p.count_moves();
            if n == 0 {
                break;
            }
            p.play(variant_common::nth_move(&p, rng.below(n)));
            turns += 1;
            assert!(turns <= 236);
        }
        let fen = p.fen();
        let b = oracle::parse_board(&fen);
        let expected = if oracle::Oracle::reversal_complete(&b) {
            assert_eq!(
                fen.split(' ').next().unwrap(),
                "LNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnl"
            );
            if oracle::side_to_move_white(&fen) {
                "0-1 {Black completes the reversal}"
            } else {
                "1-0 {White completes the reversal}"
            }
        } else {
            // Independently: no piece of either colour has a legal action.
            assert!(o.palindromic_actions(&b, true, false).is_empty(), "{fen}");
            assert!(o.palindromic_actions(&b, false, false).is_empty(), "{fen}");
            deadlocks += 1;
            "1/2-1/2 {Deadlock}"
        };
        assert_eq!(p.outcome().unwrap().to_string(), expected, "{fen}");
    }
    assert!(deadlocks > 9_000);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    /// Along random games: turns print and parse back, FEN and keys are consistent, undo
    /// restores, and the turn list equals the slow model's (forward-only moves, maximum
    /// distance for the own piece, no preclusion of any piece).
    #[test]
    fn random_game_properties(seed in any::<u64>()) {
        let mut o = oracle::Oracle::default();
        let mut rng = oracle::Rng(seed | 1);
        let mut g = Game::<Palindromic>::new();
        let mut ply = 0;
        loop {
            let p = g.position().clone();
            let fen = p.fen();
            let back = Palindromic::from_fen(&fen).unwrap();
            prop_assert_eq!(&back, &p);
            prop_assert_eq!(back.fen(), fen.clone());
            prop_assert_eq!(p.key(), p.key_from_scratch());
            let listed = sorted_turns(&p);
            for s in &listed {
                let m = p.parse_move(s).unwrap();
                prop_assert_eq!(&p.move_to_string(m), s);
            }
            if ply % 10 == 0 {
                prop_assert_eq!(&listed, &oracle::palindromic_turns(&mut o, &fen), "{}", fen);
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
