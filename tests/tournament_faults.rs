//! Acceptance 4: engines that crash, hang, send illegal moves or garbage, start slowly or never,
//! or run out of time each lose their game with a clear termination; nothing hangs and the
//! rest of the tournament completes. The engines are `tests/fixtures/fake_engine.py`.

#[path = "peers/mod.rs"]
mod peers;

#[path = "tournament_util/mod.rs"]
mod util;

use std::time::Instant;
use util::*;
use zest::tournament::{run, RunOptions};

/// (engine name, protocol, fake-engine arguments, termination, reason fragment)
const FAULTS: &[(&str, &str, &[&str], &str, &str)] = &[
    (
        "crash",
        "uci",
        &["--mode", "crash", "--at", "2"],
        "abandoned",
        "disconnects",
    ),
    (
        "xcrash",
        "xboard",
        &["--mode", "crash", "--at", "2"],
        "abandoned",
        "disconnects",
    ),
    (
        "hang",
        "uci",
        &["--mode", "hang", "--at", "2"],
        "stall",
        "connection stalls",
    ),
    (
        "illegal",
        "uci",
        &["--mode", "illegal"],
        "illegal move",
        "makes an illegal move: e",
    ),
    (
        "xillegal",
        "xboard",
        &["--mode", "illegal", "--at", "2"],
        "illegal move",
        "makes an illegal move: e",
    ),
    (
        "garbage",
        "uci",
        &["--mode", "garbage", "--at", "1"],
        "illegal move",
        "sends a malformed move: xyzzy!!",
    ),
    (
        "binary",
        "uci",
        &["--mode", "binary", "--at", "1"],
        "rules infraction",
        "sends garbage: non-UTF-8",
    ),
    (
        "empty",
        "uci",
        &["--mode", "empty"],
        "rules infraction",
        "sends an empty move",
    ),
    (
        "noready",
        "uci",
        &["--mode", "noready"],
        "stall",
        "connection stalls",
    ),
];

#[test]
fn every_fault_loses_its_game_and_the_tournament_goes_on() {
    if !have_python() {
        return peers::missing("python3 (the fake engines are Python scripts)");
    }
    let dir = scratch("faults");
    let mut engines = fake("good", "uci", &[]);
    for (name, proto, args, _, _) in FAULTS {
        engines.push_str(&fake(name, proto, args));
    }
    engines.push_str(&fake(
        "slow",
        "uci",
        &["--mode", "slowstart", "--delay-s", "0.6"],
    ));
    let cfg = config(
        &dir,
        &engines,
        "format = \"gauntlet\"\ndepth = 3\nrounds = 1\nconcurrency = 2\nstartup_timeout_ms = 1500\nstall_timeout_ms = 1500",
    );
    let t = Instant::now();
    let report = run_quiet(&cfg);
    assert!(t.elapsed().as_secs() < 25, "took {:?}", t.elapsed());
    let games = journal_games(&cfg.state_path());
    let faults = FAULTS.len() + 1;
    assert_eq!(
        games.len(),
        2 * faults,
        "every game of the gauntlet is played"
    );
    assert_eq!(report.results["complete"], true);
    for &(name, _, _, term, reason) in FAULTS {
        for g in games.iter().filter(|g| g.white == name || g.black == name) {
            let faulty_white = g.white == name;
            let want = if faulty_white { "0-1" } else { "1-0" };
            let side = if faulty_white { "White" } else { "Black" };
            assert_eq!(g.result.as_str(), want, "{name}: {g:?}");
            assert_eq!(g.termination.as_str(), term, "{name}: {}", g.reason);
            assert!(g.reason.starts_with(side), "{name}: {}", g.reason);
            assert!(
                g.reason.contains(reason),
                "{name}: '{}' lacks '{reason}'",
                g.reason
            );
        }
    }
    // A slow start within the deadline is no fault: the scripted line ends in Black's mate.
    for g in games
        .iter()
        .filter(|g| g.white == "slow" || g.black == "slow")
    {
        assert_eq!(
            (g.result.as_str(), g.reason.as_str()),
            ("0-1", "Black mates")
        );
        assert_eq!(g.termination, Termination::Normal);
        assert_eq!(g.moves.len(), 8);
    }
    // The illegal move is not in the move list, only in the reason.
    for g in games
        .iter()
        .filter(|g| g.termination == Termination::IllegalMove)
    {
        assert!(!g
            .moves
            .iter()
            .any(|m| m == "e2e5" || m == "e7e4" || m == "xyzzy!!"));
    }
    let pgn = std::fs::read_to_string(&cfg.tournament.pgn_out).unwrap();
    assert_eq!(pgn.matches("[Event ").count(), 2 * faults);
    assert!(pgn.contains("[Termination \"stall\"]") && pgn.contains("{Black disconnects} 1-0"));
}

#[test]
fn a_hung_engine_loses_on_time_under_a_clock() {
    if !have_python() {
        return peers::missing("python3");
    }
    let dir = scratch("forfeit");
    let engines = format!(
        "{}{}{}",
        fake("good", "uci", &[]),
        fake("hang", "uci", &["--mode", "hang", "--at", "2"]),
        fake("xhang", "xboard", &["--mode", "hang", "--at", "3"]),
    );
    let cfg = config(
        &dir,
        &engines,
        "format = \"gauntlet\"\ntc = \"1+0.01\"\nrounds = 1\nconcurrency = 2",
    );
    let t = Instant::now();
    run_quiet(&cfg);
    assert!(t.elapsed().as_secs() < 15);
    let games = journal_games(&cfg.state_path());
    assert_eq!(games.len(), 4);
    for g in &games {
        let faulty_white = g.white != "good";
        assert_eq!(g.termination, Termination::TimeForfeit, "{g:?}");
        assert_eq!(g.result.as_str(), if faulty_white { "0-1" } else { "1-0" });
        assert!(g.reason.ends_with("loses on time"));
        assert_eq!(g.time_control, "1+0.01");
    }
}

/// Issue 30 item 9: an engine that cannot start before the first game is a configuration
/// error that names it and says why; no game is scored and no result file is written.
#[test]
fn an_engine_that_cannot_start_is_a_configuration_error() {
    if !have_python() {
        return peers::missing("python3");
    }
    let cases: [(&str, String, &str); 3] = [
        (
            "missing",
            "[[engine]]\nname = \"missing\"\ncmd = \"/nonexistent/engine\"\n".into(),
            "/nonexistent/engine",
        ),
        (
            "nostart",
            fake("nostart", "uci", &["--mode", "nostart"]),
            "no uci/uciok handshake within 3000 ms",
        ),
        (
            "xnostart",
            fake("xnostart", "xboard", &["--mode", "nostart"]),
            "no xboard/protover 2 handshake within 3000 ms",
        ),
    ];
    for (name, entry, why) in cases {
        let dir = scratch(&format!("nostart-{name}"));
        let engines = format!("{}{entry}", fake("good", "uci", &[]));
        let cfg = config(&dir, &engines, "depth = 2\nstartup_timeout_ms = 3000");
        let t = Instant::now();
        let err = run(
            &cfg,
            &RunOptions {
                quiet: true,
                ..Default::default()
            },
        )
        .expect_err("a configuration error")
        .to_string();
        assert!(t.elapsed().as_secs() < 20);
        assert!(
            err.starts_with(&format!("engine '{name}' cannot start: ")) && err.contains(why),
            "{err}"
        );
        assert!(!cfg.tournament.pgn_out.exists(), "no PGN for {name}");
        assert!(!cfg.results_path().exists(), "no result file for {name}");
        assert!(!cfg.state_path().exists(), "no journal for {name}");
    }
}

#[test]
fn node_limits_over_xboard_are_refused_up_front() {
    let dir = scratch("xbnodes");
    let engines = format!("{}{}", fake("a", "uci", &[]), fake("b", "xboard", &[]));
    let cfg = config(&dir, &engines, "nodes = 100");
    let err = run(&cfg, &RunOptions::default()).unwrap_err().to_string();
    assert!(err.contains("XBoard"), "{err}");
}

#[test]
fn sprt_stops_early_on_a_decision() {
    if !have_python() {
        return peers::missing("python3");
    }
    let dir = scratch("sprt");
    let engines = format!(
        "{}{}",
        fake("good", "uci", &[]),
        fake("bad", "uci", &["--mode", "illegal"])
    );
    let cfg = config(
        &dir,
        &engines,
        "depth = 2\nrounds = 200\nconcurrency = 2\n[tournament.sprt]\nelo0 = 0\nelo1 = 300\nmodel = \"logistic\"\n",
    );
    let r = run_quiet(&cfg);
    let n = r.results["games"].as_u64().unwrap();
    assert!(n < 100, "stopped early after {n} games");
    assert_eq!(r.results["complete"], false);
    assert_eq!(
        r.results["encounters"][0]["sprt"]["state"]["decision"],
        true
    );
}
