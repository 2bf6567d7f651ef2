//! FIDE chess and Chess960 against shakmaty, the independent oracle.

use proptest::prelude::*;
use shakmaty::{fen::Fen, CastlingMode, Position as _};
use std::collections::BTreeSet;
use zest::core::MoveList;
use zest::eval::Evaluate;
use zest::tools::perft::perft;
use zest::variants::chess::{chess960_fen, Chess, Chess960};
use zest::variants::{Game, Variant};

fn sm_pos(fen: &str) -> shakmaty::Chess {
    let f: Fen = fen.parse().expect("shakmaty reads the FEN");
    f.into_position(CastlingMode::Chess960)
        .expect("shakmaty accepts the position")
}

fn zest_moves<V: Variant>(pos: &V) -> BTreeSet<String> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter().map(|&m| pos.move_to_string(m)).collect()
}

fn sm_moves(pos: &shakmaty::Chess, mode: CastlingMode) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .map(|m| m.to_uci(mode).to_string())
        .collect()
}

/// Published perft counts (Chess Programming Wiki, "Perft Results").
const PUBLISHED: &[(&str, u32, u64)] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11_030_083),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    ),
    (
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        5,
        15_833_292,
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        5,
        89_941_194,
    ),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        5,
        164_075_551,
    ),
];

#[test]
fn published_perft_counts() {
    for &(fen, depth, nodes) in PUBLISHED {
        let pos = Chess::from_fen(fen).unwrap();
        assert_eq!(perft(&pos, depth), nodes, "{fen} depth {depth}");
    }
}

#[test]
fn perft_matches_shakmaty_on_published_positions_shallow() {
    for &(fen, _, _) in PUBLISHED {
        let z = Chess::from_fen(fen).unwrap();
        let s = sm_pos(fen);
        for d in 1..=3 {
            assert_eq!(perft(&z, d), shakmaty::perft(&s, d), "{fen} depth {d}");
        }
    }
}

#[test]
fn chess960_all_positions_depth_3() {
    for n in 0..960 {
        let fen = chess960_fen(n);
        let z = Chess960::from_fen(&fen).unwrap();
        assert_eq!(
            perft(&z, 3),
            shakmaty::perft(&sm_pos(&fen), 3),
            "960 #{n}: {fen}"
        );
    }
}

#[test]
fn chess960_hundred_positions_depth_4() {
    for n in (0..960).step_by(9).take(107) {
        let fen = chess960_fen(n);
        let z = Chess960::from_fen(&fen).unwrap();
        assert_eq!(
            perft(&z, 4),
            shakmaty::perft(&sm_pos(&fen), 4),
            "960 #{n}: {fen}"
        );
    }
}

#[test]
fn chess960_numbering() {
    // Scharnagl numbering: 518 is the standard array, 0 is BBQNNRKR.
    assert_eq!(
        chess960_fen(518),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert!(chess960_fen(0).starts_with("bbqnnrkr/"));
    let all: BTreeSet<String> = (0..960).map(chess960_fen).collect();
    assert_eq!(all.len(), 960);
}

#[test]
fn chess960_castling_positions() {
    // Castling through/onto the rook's square, rooks next to the king, both sides.
    for fen in [
        "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
        "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",
        "r5kr/8/8/8/8/8/8/R5KR w KQkq - 0 1",
        "2r1kr2/8/8/8/8/8/8/2R1KR2 w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/qRK4R w KQ - 0 1",
    ] {
        let z = Chess960::from_fen(fen).unwrap();
        let s = sm_pos(fen);
        assert_eq!(
            zest_moves(&z),
            sm_moves(&s, CastlingMode::Chess960),
            "{fen}"
        );
        for d in 1..=4 {
            assert_eq!(perft(&z, d), shakmaty::perft(&s, d), "{fen} depth {d}");
        }
    }
}

/// A small deterministic RNG so a proptest seed fixes a whole game.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// Plays a random game, checking zest against shakmaty at every node; returns positions seen.
fn random_game<V: Variant<Move = zest::core::Action> + Evaluate>(
    start_fen: &str,
    seed: u64,
    mode: CastlingMode,
) -> usize {
    let mut rng = Rng(seed);
    let mut game: Game<V> = Game::from_fen(start_fen).unwrap();
    let mut sm = sm_pos(start_fen);
    let mut seen = 0;
    for _ in 0..300 {
        let pos = game.position();
        seen += 1;
        let fen = pos.fen();
        // FEN round trip and agreement on the position itself.
        assert_eq!(V::from_fen(&fen).unwrap().fen(), fen);
        assert_eq!(pos.key(), pos.key_from_scratch(), "{fen}");
        let zm = zest_moves(pos);
        assert_eq!(zm, sm_moves(&sm, mode), "{fen}");
        assert_eq!(pos.is_check(), sm.is_check(), "{fen}");
        // Quiescence's generator: exactly shakmaty's captures and promotions, and whether
        // any move at all exists.
        let mut noisy = MoveList::new();
        let any = pos.noisy_moves(&mut noisy);
        assert_eq!(any, !zm.is_empty(), "{fen}");
        let zn: BTreeSet<String> = noisy.iter().map(|&m| pos.move_to_string(m)).collect();
        let sn: BTreeSet<String> = sm
            .capture_moves()
            .iter()
            .chain(sm.promotion_moves().iter())
            .map(|m| m.to_uci(mode).to_string())
            .collect();
        assert_eq!(zn, sn, "{fen}");
        // Whether each move checks, as the search asks it before playing the move:
        // shakmaty plays it and looks.
        for s in &zm {
            let m = pos.parse_move(s).unwrap();
            let um: shakmaty::uci::UciMove = s.parse().unwrap();
            let mut after = sm.clone();
            after.play_unchecked(um.to_move(&sm).unwrap());
            assert_eq!(pos.gives_check(m), after.is_check(), "{fen} {s}");
            // The table's prefetch key, told before the move: the key zest reaches by
            // playing it, wherever shakmaty sees neither castling rights nor an en passant
            // square change (and the move does not castle).
            let same_rights = after.castles().castling_rights() == sm.castles().castling_rights();
            let no_ep = sm.maybe_ep_square().is_none() && after.maybe_ep_square().is_none();
            if same_rights && no_ep && !um.to_move(&sm).unwrap().is_castle() {
                let mut played = pos.clone();
                played.play(m);
                assert_eq!(pos.key_hint(m), Some(played.key()), "{fen} {s}");
            }
        }
        if zm.is_empty() {
            assert!(game.outcome().is_some());
            break;
        }
        let pick = zm.iter().nth(rng.below(zm.len())).unwrap().clone();
        // Every printed move parses back to a move printing the same.
        let before = pos.clone();
        let m = pos.parse_move(&pick).unwrap();
        assert_eq!(pos.move_to_string(m), pick);
        game.play(m);
        // Copy-make: the previous position is untouched, and undo returns to it exactly.
        game.undo();
        assert_eq!(format!("{:?}", game.position()), format!("{before:?}"));
        game.play(m);
        let um: shakmaty::uci::UciMove = pick.parse().unwrap();
        let smm = um.to_move(&sm).unwrap();
        sm.play_unchecked(smm);
        if game.outcome().is_some() {
            break;
        }
    }
    seen
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_chess_games_agree_with_shakmaty(seed in any::<u64>()) {
        let seen = random_game::<Chess>(Chess::START_FEN, seed, CastlingMode::Standard);
        prop_assert!(seen > 0);
    }

    #[test]
    fn random_chess960_games_agree_with_shakmaty(seed in any::<u64>(), n in 0u16..960) {
        let seen = random_game::<Chess960>(&chess960_fen(n), seed, CastlingMode::Chess960);
        prop_assert!(seen > 0);
    }
}

#[test]
fn ten_thousand_positions_checked() {
    // The property tests above run 64 games each; this fixes a floor on positions compared.
    let mut seen = 0;
    let mut seed = 1;
    while seen < 10_000 {
        seen += random_game::<Chess>(Chess::START_FEN, seed, CastlingMode::Standard);
        seen += random_game::<Chess960>(
            &chess960_fen((seed * 37 % 960) as u16),
            seed,
            CastlingMode::Chess960,
        );
        seed += 1;
    }
}

#[test]
fn endings_and_reasons() {
    let mate = Chess::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 40").unwrap();
    assert_eq!(mate.outcome().unwrap().to_string(), "1-0 {White mates}");
    let stalemate = Chess::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 40").unwrap();
    assert_eq!(
        stalemate.outcome().unwrap().to_string(),
        "1/2-1/2 {Stalemate}"
    );
    let bare = Chess::from_fen("8/8/4k3/8/8/2B5/4K3/8 b - - 0 40").unwrap();
    assert_eq!(
        bare.outcome().unwrap().to_string(),
        "1/2-1/2 {Insufficient material}"
    );
    let fifty = Chess::from_fen("8/8/4k3/8/8/2R5/4K3/8 b - - 100 90").unwrap();
    assert_eq!(
        fifty.outcome().unwrap().to_string(),
        "1/2-1/2 {50-move rule}"
    );
    let mut g: Game<Chess> = Game::new();
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        g.play_str(m).unwrap();
        assert!(g.outcome().is_none());
    }
    g.play_str("f6g8").unwrap();
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "1/2-1/2 {3-fold repetition}"
    );
}

#[test]
fn castling_notation() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let chess = Chess::from_fen(fen).unwrap();
    let moves = zest_moves(&chess);
    assert!(moves.contains("e1g1") && moves.contains("e1c1"));
    let frc = Chess960::from_fen(fen).unwrap();
    let moves = zest_moves(&frc);
    assert!(moves.contains("e1h1") && moves.contains("e1a1"));
    // e1h1 is castling only where castling is legal.
    let no_rights = Chess960::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").unwrap();
    assert!(no_rights.parse_move("e1h1").is_err());
}
