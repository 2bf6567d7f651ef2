//! Engine mode: zest on stdin/stdout as an XBoard/CECP v2 or UCI engine.
//!
//! Both front ends ([`xboard`], [`uci`]) drive the same [`engine::Engine`];
//! `protocol/xboard.md` and `protocol/uci.md` document what they accept.

pub mod engine;
pub mod uci;
pub mod xboard;

use crate::eval::score::{score_json, ScoreJson};
use crate::eval::Score;
use engine::Event;
use std::sync::mpsc;

/// Which protocol to speak.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    Xboard,
    /// Decided by the first command line (`uci` or `xboard`/`protover`).
    Auto,
}

/// Runs the engine until `quit` or end of input.
pub fn run(protocol: Protocol) {
    crate::core::attacks::init();
    let (tx, rx) = mpsc::channel();
    engine::spawn_stdin_reader(tx.clone());
    let mut chosen = protocol;
    let mut first = None;
    while chosen == Protocol::Auto {
        match rx.recv() {
            Ok(Event::Line(l)) => match l.split_whitespace().next() {
                Some("uci") => {
                    chosen = Protocol::Uci;
                    first = Some(l);
                }
                Some("xboard") | Some("protover") => {
                    chosen = Protocol::Xboard;
                    first = Some(l);
                }
                Some("quit") | None if !l.trim().is_empty() => return,
                None => {}
                Some(_) => {
                    // Neither protocol is chosen yet, so answer in both forms' spirit:
                    // a plain line naming what we expect.
                    engine::send(&format!(
                        "Error (unknown command): {} (send 'uci' or 'xboard' first)",
                        l.trim()
                    ));
                }
            },
            Ok(Event::Eof) | Err(_) => return,
            Ok(Event::Done(_)) => {}
        }
    }
    match chosen {
        Protocol::Uci => uci::Uci::new(tx, rx).run(first),
        _ => xboard::Xboard::new(tx).run(rx, first),
    }
}

/// `cp N` or `mate N` (moves, negative when being mated), as UCI writes a score.
pub fn uci_score(s: Score) -> String {
    match score_json(s) {
        ScoreJson::Cp(c) => format!("cp {c}"),
        ScoreJson::Mate(m) => format!("mate {m}"),
    }
}

/// A score in xboard's thinking output: centipawns, mates as ±(100000 + moves).
pub fn xboard_score(s: Score) -> i64 {
    match score_json(s) {
        ScoreJson::Cp(c) => c as i64,
        ScoreJson::Mate(m) if m > 0 => 100_000 + m as i64,
        ScoreJson::Mate(m) => -100_000 + m as i64,
    }
}
