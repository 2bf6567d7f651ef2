//! Independent clients and GUIs driving zest: python-chess over UCI and XBoard
//! (standard chess and Chess960), cutechess-cli's UCI command order, and
//! python-chess's game loop. A missing program fails the test under
//! `ZEST_REQUIRE_PEERS=1` and skips it with a notice otherwise
//! (`scripts/install-test-deps.sh` installs them).

mod protocol_common;

use protocol_common::{have_python_chess, peer_missing};
use std::process::Command;

#[test]
fn python_chess_drives_zest_over_uci_and_xboard() {
    if !have_python_chess() && peer_missing("python3 with PyPI `chess`") {
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/interop/python_chess.py");
    let out = Command::new("timeout")
        .args(["120", "python3", script, env!("CARGO_BIN_EXE_zest")])
        .output()
        .expect("run python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "stdout:\n{stdout}\nstderr:\n{stderr}");
    for line in [
        "ok uci chess960=False",
        "ok xboard chess960=False",
        "ok uci chess960=True",
        "ok xboard chess960=True",
    ] {
        assert!(
            stdout.lines().any(|l| l == line),
            "{line} missing:\n{stdout}"
        );
    }
}

/// Issue 30, acceptance 2: cutechess-cli's UCI command order (replayed from its
/// uciengine.cpp), zest against zest in Chess960 from 20 start positions, every
/// move checked by python-chess.
#[test]
fn cutechess_uci_order_plays_chess960_without_an_illegal_move() {
    if !protocol_common::have_python_chess() && protocol_common::peer_missing("python-chess") {
        return;
    }
    let out = protocol_common::run_interop_script("cutechess_uci.py", &["20"], 500);
    eprintln!("{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("ok 20 games") && l.ends_with("no illegal move")),
        "{out}"
    );
}

/// Issue 30, acceptance 2: python-chess's `while not board.is_game_over(claim_draw=False):
/// engine.play(…)` loop, 20 games, never `move=None` (threefold and 50-move positions
/// included).
#[test]
fn python_chess_play_loop_reaches_the_end_of_20_games() {
    if !protocol_common::have_python_chess() && protocol_common::peer_missing("python-chess") {
        return;
    }
    let out = protocol_common::run_interop_script("play_loop.py", &["20"], 500);
    eprintln!("{out}");
    let ok = out
        .lines()
        .find(|l| l.starts_with("ok 20 games to the end, "))
        .unwrap_or_else(|| panic!("{out}"));
    // The loop went through positions where a draw could be claimed, and got moves there.
    let claims: u32 = ok["ok 20 games to the end, ".len()..]
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(claims > 0, "{ok}");
}
