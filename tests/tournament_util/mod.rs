//! Helpers shared by the tournament tests: configurations around the scripted fake engine.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use zest::tournament::config::Config;
pub use zest::tournament::record::{GameRecord, Termination};

pub const FAKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/fake_engine.py");
pub const ZEST: &str = env!("CARGO_BIN_EXE_zest");

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("zest-tournament-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// An `[[engine]]` entry running the fake engine with `args`.
pub fn fake(name: &str, protocol: &str, args: &[&str]) -> String {
    let args: Vec<String> = args.iter().map(|a| format!("\"{a}\"")).collect();
    format!(
        "[[engine]]\nname = \"{name}\"\ncmd = \"{FAKE}\"\nprotocol = \"{protocol}\"\nargs = [{}]\n",
        args.join(", ")
    )
}

/// A configuration of `engines` (TOML text) and `tournament` keys, outputs under `dir`.
pub fn config(dir: &Path, engines: &str, tournament: &str) -> Config {
    let text = format!(
        "{engines}\n[tournament]\npgn_out = \"{}\"\n{tournament}\n",
        dir.join("games.pgn").display()
    );
    Config::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Runs a tournament to the end without progress output.
pub fn run_quiet(cfg: &Config) -> zest::tournament::RunReport {
    zest::tournament::run(
        cfg,
        &zest::tournament::RunOptions {
            quiet: true,
            ..Default::default()
        },
    )
    .unwrap()
}

/// Runs a tournament and returns its `n` games, each ended by the rules or by adjudication.
pub fn games_ending_normally(cfg: &Config, n: usize) -> Vec<GameRecord> {
    run_quiet(cfg);
    let games = journal_games(&cfg.state_path());
    assert_eq!(games.len(), n);
    for g in &games {
        assert!(
            matches!(
                g.termination,
                Termination::Normal | Termination::Adjudication
            ),
            "{}: {}",
            g.termination,
            g.reason
        );
    }
    games
}

/// The games of a journal, in order.
pub fn journal_games(path: &Path) -> Vec<GameRecord> {
    zest::tournament::state::load(path)
        .unwrap()
        .1
        .into_values()
        .collect()
}

/// A PGN without the tags and comments that depend on the clock of the wall.
pub fn strip_times(pgn: &str) -> String {
    let mut out = String::new();
    for line in pgn.lines() {
        if [
            "[Date ",
            "[GameStartTime ",
            "[GameEndTime ",
            "[GameDuration ",
        ]
        .iter()
        .any(|t| line.starts_with(t))
        {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    // Move comments carry think times: drop `{... 0.012s}` comments.
    let mut clean = String::new();
    let mut rest = out.as_str();
    while let Some(i) = rest.find('{') {
        let j = rest[i..].find('}').map(|j| i + j + 1).unwrap_or(rest.len());
        clean.push_str(&rest[..i]);
        let c = &rest[i..j];
        let inner = c.trim_matches(|ch| ch == '{' || ch == '}');
        let is_time = inner
            .split_whitespace()
            .last()
            .is_some_and(|t| t.ends_with('s') && t[..t.len() - 1].parse::<f64>().is_ok());
        if !is_time {
            clean.push_str(c);
        }
        rest = &rest[j..];
    }
    clean.push_str(rest);
    clean.split_whitespace().collect::<Vec<_>>().join(" ")
}

pub fn have_python() -> bool {
    std::process::Command::new("python3")
        .arg("-c")
        .arg("pass")
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}
