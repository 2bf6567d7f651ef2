//! Acceptance 6 (zest side): zest against zest through UCI in every registered variant, random
//! openings, every game refereed by zest's rules and replayable move by move. Skipped with a
//! notice while the binary has no engine mode (the protocol front end is built on its own
//! branch).

#[path = "tournament_util/mod.rs"]
mod util;

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::Duration;
use util::*;
use zest::registry::{self, VariantFn};
use zest::variants::{self, Game};

/// Whether `zest uci` answers `uciok` within two seconds.
fn speaks_uci() -> bool {
    let Ok(mut child) = Command::new(ZEST)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    else {
        return false;
    };
    let _ = child.stdin.take().unwrap().write_all(b"uci\nquit\n");
    let mut out = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        let _ = tx.send(s);
    });
    let ok = rx
        .recv_timeout(Duration::from_secs(2))
        .map(|s| s.contains("uciok"))
        .unwrap_or(false);
    let _ = child.kill();
    let _ = child.wait();
    ok
}

struct Replay(Vec<zest::tournament::game::GameRecord>);
impl VariantFn for Replay {
    type Output = ();
    fn call<V: zest::eval::Evaluate>(self) {
        for g in self.0 {
            let mut game = Game::<V>::from_fen(&g.fen).unwrap();
            for m in &g.moves {
                game.play_str(m)
                    .unwrap_or_else(|e| panic!("{}: {m}: {e}", V::NAME));
            }
            if g.termination == Termination::Normal {
                let o = game.outcome().expect("the rules' ending");
                assert_eq!(o.reason.as_ref(), g.reason, "{}", V::NAME);
            }
        }
    }
}

/// A Palindromic node can cost milliseconds (a completion search), so a 1 500-node move takes
/// up to some 6 s on an idle machine: the stall limit leaves room for a loaded one.
#[test]
fn zest_plays_zest_in_every_variant() {
    if !speaks_uci() {
        eprintln!("SKIP: this zest binary has no UCI engine mode yet");
        return;
    }
    for name in variants::NAMES {
        let dir = scratch(&format!("zz-{name}"));
        let e = format!(
            "[[engine]]\nname=\"a\"\ncmd=\"{ZEST}\"\n[[engine]]\nname=\"b\"\ncmd=\"{ZEST}\"\n"
        );
        let cfg = config(
            &dir,
            &e,
            &format!("variant=\"{name}\"\nnodes=1500\nrounds=1\nconcurrency=2\nmax_moves=60\nstall_timeout_ms=30000\n[tournament.openings]\nfile=\"random:plies=8\"\n"),
        );
        eprintln!("{name}");
        let games = games_ending_normally(&cfg, 2);
        registry::dispatch(name, Replay(games)).unwrap();
    }
}
