//! What real GUIs and clients send (issue 30, items 1–7): cutechess's variant
//! names, draws a player may claim, options and malformed `go` fields during a
//! search, end of input, Chess960 FENs in chess, and xboard's analysis and
//! dialog details. Expected positions come from python-chess (quoted).

mod protocol_common;

use protocol_common::Zest;
use std::time::{Duration, Instant};

const T: Duration = Duration::from_secs(20);

fn uci() -> Zest {
    let mut z = Zest::start(&["uci"]);
    z.send("uci");
    z.until_eq(T, "uciok");
    z
}

fn bestmoves(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("bestmove")).collect()
}

/// The FEN `d` reports.
fn fen(z: &mut Zest) -> String {
    z.send("d");
    let l = z.until(T, |l| l.starts_with("info string fen "));
    l.last().unwrap()["info string fen ".len()..].to_string()
}

/// Castling rights b1/e1 and b8/e8 with the king on c1/c8.
const FRC: &str = "1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3 w BEbe - 0 1";

#[test]
fn cutechess_uci_variant_chess960_selects_chess960() {
    // cutechess-cli sends exactly this for its `fischerandom` (uciengine.cpp, variantToUci).
    for name in ["chess960", "Chess960", "fischerandom", "960"] {
        let mut z = uci();
        z.send(&format!("setoption name UCI_Variant value {name}"));
        z.until(T, |l| l.starts_with("info string variant fischerandom"));
        // King takes own rook = O-O-O; python-chess: 2KRR3 after c1b1.
        z.send(&format!("position fen {FRC} moves c1b1"));
        assert_eq!(
            fen(&mut z),
            "1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/2KRR3 b kq - 1 1",
            "{name}: {:?}",
            z.seen
        );
    }
    // Back to chess under any of its names.
    for name in ["standard", "normal", "Chess"] {
        let mut z = uci();
        z.send("setoption name UCI_Variant value chess960");
        z.send(&format!("setoption name UCI_Variant value {name}"));
        z.until(T, |l| l.starts_with("info string variant chess "));
    }
}

#[test]
fn a_chess960_fen_in_chess_is_refused_naming_fischerandom() {
    let mut z = uci();
    z.send(&format!("position fen {FRC}"));
    let lines = z.until(T, |l| l.starts_with("info string"));
    let l = lines.last().unwrap();
    assert!(
        l.contains("invalid FEN for chess") && l.contains("fischerandom"),
        "{l}"
    );
    // The position stayed the start position.
    assert_eq!(
        fen(&mut z),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    // The standard array with standard rights stays chess.
    z.send("position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 moves e1g1");
    assert_eq!(
        fen(&mut z),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1"
    );
}

#[test]
fn repetition_and_fifty_moves_in_chess_still_get_a_move() {
    let mut z = uci();
    // The start position for the third time: a draw White may claim (FIDE 9.2).
    z.send("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    z.send("go depth 3");
    let lines = z.until(T, |l| l.starts_with("bestmove"));
    assert!(
        lines
            .iter()
            .any(|l| l == "info string draw may be claimed: 1/2-1/2 {3-fold repetition}"),
        "{lines:?}"
    );
    let b = lines.last().unwrap();
    assert!(b != "bestmove (none)" && b.len() >= 13, "{b}");
    // Halfmove clock at 100 (FIDE 9.3): claimable, and the rook still mates eventually.
    for cmd in ["go depth 3", "go movetime 100", "go infinite"] {
        z.send("position fen 8/8/8/4k3/8/8/4K3/R7 w - - 100 80");
        z.send(cmd);
        if cmd == "go infinite" {
            z.send("stop");
        }
        let lines = z.until(T, |l| l.starts_with("bestmove"));
        assert!(
            lines
                .iter()
                .any(|l| l == "info string draw may be claimed: 1/2-1/2 {50-move rule}"),
            "{lines:?}"
        );
        assert!(lines.iter().any(|l| l.contains(" score cp ")), "{lines:?}");
        assert_ne!(lines.last().unwrap(), "bestmove (none)");
    }
}

#[test]
fn automatic_draws_of_the_variants_still_end_the_game() {
    // Arrangement's rules make the 50-move rule automatic (rules: Game end, 4).
    let mut z = uci();
    z.send("setoption name UCI_Variant value arrangement");
    z.send("position fen rk5r/ppp2ppp/8/8/8/8/PPP2PPP/RK5R w KQkq - 100 40");
    z.send("go depth 2");
    let lines = z.until(T, |l| l.starts_with("bestmove"));
    assert!(lines
        .iter()
        .any(|l| l == "info string game over: 1/2-1/2 {50-move rule}"));
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
}

#[test]
fn options_during_a_search_keep_its_bestmove() {
    for opt in [
        "setoption name Hash value 32",
        "setoption name Threads value 2",
        "setoption name Clear Hash",
        "setoption name UCI_Variant value chess",
        "setoption name UCI_Chess960 value true",
        "ucinewgame",
    ] {
        for go in ["go infinite", "go depth 60"] {
            let mut z = uci();
            z.send("position startpos");
            z.send(go);
            z.until(T, |l| l.starts_with("info depth 2 "));
            z.send(opt);
            let lines = z.sync_uci();
            assert_eq!(bestmoves(&lines).len(), 1, "{opt} after {go}: {lines:?}");
            // The engine is usable afterwards and answers the next search once.
            z.send("go depth 2");
            let lines = z.until(T, |l| l.starts_with("bestmove"));
            let more = z.sync_uci();
            assert_eq!(bestmoves(&lines).len() + bestmoves(&more).len(), 1);
        }
    }
}

#[test]
fn malformed_go_fields_still_end_in_one_bestmove() {
    for go in [
        "go wtime 99999999999999999999",
        "go wtime abc",
        "go wtime abc btime 1000",
        "go depth",
        "go depth x movetime 200",
        "go nodes -5",
        "go frobnicate depth 2",
        "go movetime 99999999999999999999999",
    ] {
        let mut z = uci();
        z.send("position startpos moves e2e4");
        z.send(go);
        let lines = z.until(T, |l| l.starts_with("bestmove"));
        assert!(
            lines.iter().any(|l| l.starts_with("info string go")) || go == "go nodes -5",
            "{go}: {lines:?}"
        );
        let b = lines.last().unwrap();
        assert!(
            b.starts_with("bestmove ") && b != "bestmove (none)",
            "{go}: {b}"
        );
        assert!(
            bestmoves(&z.sync_uci()).is_empty(),
            "{go}: a second bestmove"
        );
    }
}

#[test]
fn end_of_input_stops_a_search_and_exits() {
    for (args, go, answer) in [
        (&["uci"][..], "go depth 60", "bestmove"),
        (&["uci"][..], "go infinite", "bestmove"),
        (&["xboard"][..], "analyze", ""),
    ] {
        let mut z = Zest::start(args);
        if args[0] == "uci" {
            z.send("uci");
            z.send("position startpos");
        } else {
            z.send("xboard");
            z.send("protover 2");
            z.send("post");
        }
        z.send(go);
        // The third iteration reported (UCI `info depth 3`, XBoard's thinking line `3 …`).
        z.until(T, |l| l.starts_with("3 ") || l.starts_with("info depth 3 "));
        let t = Instant::now();
        z.close_stdin();
        assert!(z.wait_exit(Duration::from_secs(10)), "{go}: still running");
        eprintln!("{go}: exit {:?} after EOF", t.elapsed());
        z.drain();
        if !answer.is_empty() {
            assert_eq!(
                z.seen.iter().filter(|l| l.starts_with(answer)).count(),
                1,
                "{:?}",
                z.seen
            );
        }
    }
    // XBoard in game mode: the move being thought about still comes.
    let mut z = Zest::start(&["xboard"]);
    z.send("xboard");
    z.send("protover 2");
    z.send("new");
    z.send("st 1000");
    z.send("go");
    z.until(T, |l| l.starts_with("3 "));
    z.close_stdin();
    assert!(z.wait_exit(Duration::from_secs(10)));
    z.drain();
    assert_eq!(z.seen.iter().filter(|l| l.starts_with("move ")).count(), 1);
}

fn xboard() -> Zest {
    let mut z = Zest::start(&["xboard"]);
    z.send("xboard");
    z.send("protover 2");
    z.until_eq(T, "feature done=1");
    z
}

#[test]
fn xboard_accepts_gui_variant_names() {
    let mut z = xboard();
    for name in ["fischerandom", "chess960", "normal", "standard", "Exile"] {
        z.send("new");
        z.send(&format!("variant {name}"));
        let lines = z.sync_xboard(1);
        assert!(
            !lines.iter().any(|l| l.starts_with("Error")),
            "{name}: {lines:?}"
        );
    }
}

#[test]
fn xboard_plays_on_in_a_repetition_and_claims_the_draw_it_makes() {
    let mut z = xboard();
    z.send("new");
    z.send("force");
    for m in [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ] {
        z.send(&format!("usermove {m}"));
    }
    z.send("sd 3");
    z.send("go");
    let lines = z.until(T, |l| l.starts_with("move "));
    assert!(!lines.iter().any(|l| l.starts_with("1/2-1/2")), "{lines:?}");
    z.sync_xboard(2);
    // 50-move position: a real move, never an ending.
    z.send("new");
    z.send("force");
    z.send("setboard 8/8/8/4k3/8/8/4K3/R7 w - - 100 80");
    z.send("sd 3");
    z.send("go");
    let lines = z.until(T, |l| l.starts_with("move ") || l.starts_with("1/2"));
    assert!(lines.last().unwrap().starts_with("move "), "{lines:?}");
    z.sync_xboard(3);
    // Halfmove clock 99 and no capture or pawn move possible: zest's move brings it to
    // 100, and zest claims the draw after the move (CECP's RESULT command).
    z.send("new");
    z.send("force");
    z.send("setboard 8/8/8/4k3/8/8/4K3/R7 w - - 99 80");
    z.send("sd 3");
    z.send("go");
    z.until(T, |l| l.starts_with("move "));
    let lines = z.sync_xboard(4);
    assert_eq!(lines, ["1/2-1/2 {50-move rule}"]);
}

#[test]
fn xboard_stat01_is_current() {
    let mut z = xboard();
    z.send("new");
    z.send("variant swap");
    z.send("post");
    z.send("analyze");
    std::thread::sleep(Duration::from_millis(1500));
    z.send(".");
    let a = z.until(T, |l| l.starts_with("stat01:"));
    std::thread::sleep(Duration::from_millis(700));
    z.send(".");
    let b = z.until(T, |l| l.starts_with("stat01:"));
    let nums = |l: &str| -> Vec<u64> {
        l.split_whitespace()
            .skip(1)
            .map(|w| w.parse().unwrap())
            .collect()
    };
    let (a, b) = (nums(a.last().unwrap()), nums(b.last().unwrap()));
    // Time in centiseconds grows with the wall clock (700 ms = 70 cs), nodes grow.
    assert!(b[0] >= a[0] + 50, "{a:?} {b:?}");
    assert!(b[1] > a[1], "{a:?} {b:?}");
    assert!(a[0] >= 120, "{a:?}");
    z.send("exit");
}

#[test]
fn xboard_unplayable_variant_error_fits_a_dialog() {
    for v in ["interchange", "swap", "palindromic"] {
        let mut z = xboard();
        z.send("new");
        z.send(&format!("variant {v}"));
        z.send("go");
        let lines = z.until(T, |l| l.starts_with("tellusererror"));
        let text = &lines.last().unwrap()["tellusererror ".len()..];
        assert!(text.len() <= 80, "{} chars: {text}", text.len());
        assert!(text.contains(v) && text.ends_with('.'), "{text}");
    }
}
