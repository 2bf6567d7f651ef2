//! Acceptance 5: a runner killed with SIGKILL mid-tournament and restarted with `--resume`
//! loses no finished game and counts none twice: its final PGN and result file equal those of
//! an uninterrupted run. Also: shards of one tournament merge into the same games.

#[path = "peers/mod.rs"]
mod peers;

#[path = "tournament_util/mod.rs"]
mod util;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use util::*;
use zest::tournament::{merge, run, RunOptions};

fn engines() -> String {
    format!(
        "{}{}{}",
        fake("alpha", "uci", &["--sleep-ms", "25"]),
        fake("beta", "xboard", &["--sleep-ms", "25"]),
        fake("gamma", "uci", &["--sleep-ms", "25"]),
    )
}

const T: &str = "format = \"round-robin\"\ntc = \"5+0.05\"\nrounds = 3\nconcurrency = 2\nseed = 7";

fn write_config(dir: &std::path::Path) -> std::path::PathBuf {
    let text = format!(
        "{}\n[tournament]\npgn_out = \"{}\"\n{T}\n",
        engines(),
        dir.join("games.pgn").display()
    );
    let p = dir.join("engines.toml");
    std::fs::write(&p, text).unwrap();
    p
}

/// The result file without the runner's own timing block.
fn results(dir: &std::path::Path) -> serde_json::Value {
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("games.json")).unwrap()).unwrap();
    v.as_object_mut().unwrap().remove("runner");
    v
}

#[test]
fn kill_9_and_resume_equals_an_uninterrupted_run() {
    if !have_python() {
        return peers::missing("python3");
    }
    // Uninterrupted.
    let a = scratch("resume-a");
    let ca = write_config(&a);
    let st = Command::new(ZEST)
        .args(["tournament", "--quiet", "--config"])
        .arg(&ca)
        .status()
        .unwrap();
    assert!(st.success());

    // Killed after a few games, then resumed.
    let b = scratch("resume-b");
    let cb = write_config(&b);
    let mut child = Command::new(ZEST)
        .args(["tournament", "--quiet", "--config"])
        .arg(&cb)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let journal = b.join("games.state.jsonl");
    let t = Instant::now();
    loop {
        let n = std::fs::read_to_string(&journal)
            .map(|s| s.matches("\"kind\":\"game\"").count())
            .unwrap_or(0);
        if n >= 5 {
            break;
        }
        assert!(t.elapsed() < Duration::from_secs(20), "no progress");
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let before = journal_games(&journal).len();
    assert!(
        (5..18).contains(&before),
        "killed mid-tournament ({before} games)"
    );
    let st = Command::new(ZEST)
        .args(["tournament", "--quiet", "--resume", "--config"])
        .arg(&cb)
        .status()
        .unwrap();
    assert!(st.success());
    let rb: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(b.join("games.json")).unwrap()).unwrap();
    assert_eq!(rb["runner"]["games_resumed"], before as u64);
    assert_eq!(rb["runner"]["games_played_now"], 18 - before as u64);

    let ga = journal_games(&a.join("games.state.jsonl"));
    let gb = journal_games(&journal);
    assert_eq!(ga.len(), 18);
    assert_eq!(gb.len(), 18);
    let raw = std::fs::read_to_string(&journal).unwrap();
    assert_eq!(
        raw.matches("\"kind\":\"game\"").count(),
        18,
        "no game journalled twice"
    );
    let pa = std::fs::read_to_string(a.join("games.pgn")).unwrap();
    let pb = std::fs::read_to_string(b.join("games.pgn")).unwrap();
    assert_eq!(pa.matches("[Event ").count(), 18);
    assert_eq!(strip_times(&pa), strip_times(&pb));
    assert_eq!(results(&a), results(&b));
}

#[test]
fn resume_refuses_another_tournaments_journal() {
    let d = scratch("resume-other");
    let c = write_config(&d);
    std::fs::write(
        d.join("games.state.jsonl"),
        "{\"kind\":\"header\",\"fingerprint\":\"0\",\"shard\":\"1/1\",\"config\":{}}\n",
    )
    .unwrap();
    let out = Command::new(ZEST)
        .args(["tournament", "--quiet", "--resume", "--config"])
        .arg(&c)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("another tournament"));
}

#[test]
fn shards_merge_into_the_whole_tournament() {
    if !have_python() {
        return peers::missing("python3");
    }
    let whole = scratch("shard-whole");
    let cfg = config(&whole, &engines(), T);
    run_quiet(&cfg);
    let mut journals = Vec::new();
    for i in 0..3 {
        let d = scratch(&format!("shard-{i}"));
        let c = config(&d, &engines(), T);
        let opts = RunOptions {
            quiet: true,
            shard: Some((i, 3)),
            ..Default::default()
        };
        run(&c, &opts).unwrap();
        let games = journal_games(&c.state_path());
        assert!(
            games.iter().all(|g| g.pair % 3 == i as u64),
            "whole pairs, pair % n == i"
        );
        journals.push(c.state_path());
    }
    let out = scratch("shard-merged");
    merge(&journals, &out.join("m.pgn"), &out.join("m.json")).unwrap();
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("m.json")).unwrap()).unwrap();
    assert_eq!(r["games"], 18);
    assert_eq!(r["complete"], true);
    let a = std::fs::read_to_string(&cfg.tournament.pgn_out).unwrap();
    let b = std::fs::read_to_string(out.join("m.pgn")).unwrap();
    assert_eq!(strip_times(&a), strip_times(&b));
    let mut ra: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(cfg.results_path()).unwrap()).unwrap();
    ra.as_object_mut().unwrap().remove("runner");
    assert_eq!(ra, r);
}
