//! SAN read against the legal move list (`zest::variants::san`), checked against
//! python-chess 1.11 (tests/data/san_python_chess.tsv, written by
//! tests/interop/san_vectors.py: every legal move of 194 chess and Chess960 positions in SAN
//! and UCI) and against a game Sjaak II played through `zest tournament`, whose castlings
//! it sent as `O-O`/`O-O-O` (tests/data/sjaakii-*.txt).

use zest::variants::arrangement::Arrangement;
use zest::variants::chess::{Chess, Chess960};
use zest::variants::san::{parse_move_or_san, parse_san};
use zest::variants::{Game, Variant};

const VECTORS: &str = include_str!("data/san_python_chess.tsv");

fn check<V: Variant>(fen: &str, moves: &str) -> usize {
    let pos = V::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let pairs: Vec<(&str, &str)> = moves
        .split_whitespace()
        .map(|p| p.rsplit_once(':').expect("SAN:UCI"))
        .collect();
    assert_eq!(pos.count_moves() as usize, pairs.len(), "{fen}");
    for (san, uci) in &pairs {
        let m = parse_san(&pos, san).unwrap_or_else(|e| panic!("{fen}: {san}: {e}"));
        assert_eq!(pos.move_to_string(m), *uci, "{fen}: {san}");
    }
    pairs.len()
}

#[test]
fn every_python_chess_san_names_its_move() {
    let (mut positions, mut moves, mut castles, mut promotions) = (0, 0, 0, 0);
    for line in VECTORS.lines().filter(|l| !l.starts_with('#')) {
        let [variant, fen, list] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("bad line {line}");
        };
        moves += match variant {
            "chess" => check::<Chess>(fen, list),
            "fischerandom" => check::<Chess960>(fen, list),
            other => panic!("{other}"),
        };
        positions += 1;
        castles += list.matches("O-O").count();
        promotions += list.matches('=').count();
    }
    assert_eq!((positions, moves), (194, 5461));
    assert!(castles > 30 && promotions > 100, "{castles} {promotions}");
}

#[test]
fn spellings_and_refusals() {
    let pos = Chess::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    for (san, uci) in [
        ("O-O", "e1g1"),
        ("0-0", "e1g1"),
        ("O-O-O+", "e1c1"),
        ("0-0-0", "e1c1"),
        ("Rad1", "a1d1"),
        ("Kf1", "e1f1"),
    ] {
        assert_eq!(
            pos.move_to_string(parse_san(&pos, san).unwrap()),
            uci,
            "{san}"
        );
    }
    // With the king on e1 only the h-rook reaches f1; with it away, both rooks reach d1.
    let two = Chess::from_fen("4k3/8/8/8/8/8/8/R3K2R w - - 0 1").unwrap();
    assert!(parse_san(&two, "Rf1").is_ok_and(|m| two.move_to_string(m) == "h1f1"));
    let both = Chess::from_fen("4k3/8/8/8/8/4K3/8/R6R w - - 0 1").unwrap();
    let err = parse_san(&both, "Rd1").unwrap_err().to_string();
    assert!(err.contains("ambiguous"), "{err}");
    assert!(parse_san(&both, "Rad1").is_ok());
    // No castling right, a piece that is not there, garbage.
    let bare = Chess::from_fen("4k3/8/8/8/8/8/8/R3K2R w - - 0 1").unwrap();
    assert!(parse_san(&bare, "O-O").is_err());
    assert!(parse_san(&bare, "Nf3").is_err());
    assert!(parse_san(&bare, "xyzzy!!").is_err());
    // zest's own notation still comes first.
    assert_eq!(
        parse_move_or_san(&pos, "e1c1").map(|m| pos.move_to_string(m)),
        Ok("e1c1".to_string())
    );
}

/// Arrangement's play phase castles as Chess960 does: `O-O` is king-takes-rook.
#[test]
fn arrangement_play_phase_reads_castling() {
    let pos = Arrangement::from_fen("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 5").unwrap();
    let m = parse_san(&pos, "O-O-O").unwrap();
    assert_eq!(pos.move_to_string(m), "b1a1");
    let m = parse_san(&pos, "O-O").unwrap();
    assert_eq!(pos.move_to_string(m), "b1h1");
}

/// Games Sjaak II played through `zest tournament` (moves as Sjaak II sent them: coordinates,
/// and SAN for castling), replayed move by move.
#[test]
fn sjaakii_games_replay() {
    for (name, text) in [
        ("normal", include_str!("data/sjaakii-normal.txt")),
        (
            "fischerandom",
            include_str!("data/sjaakii-fischerandom.txt"),
        ),
    ] {
        let mut lines = text.lines().filter(|l| !l.starts_with('#'));
        let fen = lines.next().unwrap();
        let sent: Vec<&str> = lines.flat_map(str::split_whitespace).collect();
        assert!(
            sent.iter().any(|m| m.starts_with("O-O")),
            "{name}: a SAN castling"
        );
        match name {
            "normal" => replay::<Chess>(fen, &sent),
            _ => replay::<Chess960>(fen, &sent),
        }
    }
}

fn replay<V: Variant>(fen: &str, sent: &[&str]) {
    let mut g: Game<V> = Game::from_fen(fen).unwrap();
    for m in sent {
        let mv = parse_move_or_san(g.position(), m).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.play(mv);
    }
}
