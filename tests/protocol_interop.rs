//! Independent clients and GUIs driving zest: python-chess over UCI and XBoard
//! (standard chess and Chess960), and real xboard 4.9 under Xvfb. Each test
//! skips with a notice when its program is not installed
//! (`scripts/install-test-deps.sh` installs them).

#[path = "peers/mod.rs"]
mod peers;

use std::process::Command;

fn have_python_chess() -> bool {
    Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn python_chess_drives_zest_over_uci_and_xboard() {
    if !have_python_chess() {
        return peers::missing("python3 with PyPI `chess`");
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
