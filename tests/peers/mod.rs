//! Interop tests need real peers (xboard, stockfish, sjaakii, python-chess, …). On a
//! developer's machine without one, the test skips with a notice; in CI (`.ci/run` sets
//! `ZEST_REQUIRE_PEERS=1`) a missing peer fails the test, so a broken install can never
//! turn into green runs with no interop coverage.
#![allow(dead_code)]

use std::path::PathBuf;

/// Whether this run must have every peer (`ZEST_REQUIRE_PEERS=1`).
pub fn required() -> bool {
    std::env::var("ZEST_REQUIRE_PEERS").is_ok_and(|v| v == "1")
}

/// Reports a missing peer: a panic when peers are required, else a notice (the test then
/// returns early). `what` names the peer and how to get it.
pub fn missing(what: &str) {
    if required() {
        panic!(
            "{what} is missing and ZEST_REQUIRE_PEERS=1 (scripts/install-test-deps.sh installs it)"
        );
    }
    eprintln!("notice: {what} not installed; skipped (scripts/install-test-deps.sh)");
}

/// The first of `candidates` that exists.
pub fn find(candidates: &[&str]) -> Option<PathBuf> {
    candidates.iter().map(PathBuf::from).find(|p| p.exists())
}

/// A program found in PATH or in `/usr/games` (Debian's place for engines).
pub fn program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// `python3 -c <code>` succeeds.
pub fn python_has(code: &str) -> bool {
    std::process::Command::new("python3")
        .args(["-c", code])
        .output()
        .is_ok_and(|o| o.status.success())
}
