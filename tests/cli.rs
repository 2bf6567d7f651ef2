//! The command line: outputs and clean failures on bad input.

use std::io::Write;
use std::process::{Command, Stdio};

fn zest(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_zest"))
        .args(args)
        .output()
        .expect("zest runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn perft_prints_node_count_last() {
    let (code, out, _) = zest(&["perft", "--variant", "chess", "4"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last().unwrap(), "Nodes: 197281");
    let (code, out, _) = zest(&["perft", "--variant", "chess", "--divide", "2"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 21);
    assert!(out.contains("e2e4: 20"));
    assert_eq!(out.lines().last().unwrap(), "Nodes: 400");
}

#[test]
fn moves_lists_legal_moves() {
    let (code, out, _) = zest(&[
        "moves",
        "--variant",
        "fischerandom",
        "--fen",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    ]);
    assert_eq!(code, 0);
    assert!(out.lines().any(|l| l == "e1h1"));
    assert!(out.lines().any(|l| l == "e1a1"));
    assert_eq!(out.lines().count(), 26);
}

#[test]
fn variants_lists_names_and_fens() {
    let (code, out, _) = zest(&["variants"]);
    assert_eq!(code, 0);
    assert!(out.contains("chess\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    assert!(out.contains("fischerandom\t"));
}

#[test]
fn bad_input_is_one_line_on_stderr_exit_2() {
    for args in [
        vec![
            "perft",
            "--variant",
            "chess",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
            "1",
        ],
        vec!["perft", "--variant", "chess", "--fen", "garbage", "1"],
        vec![
            "moves",
            "--variant",
            "chess",
            "--fen",
            "8/8/8/8/8/8/8/8 w - - 0 1",
        ],
    ] {
        let (code, out, err) = zest(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("zest: "), "{err}");
    }
}

/// `zest` with `input` on stdin.
fn zest_stdin(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_zest"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("zest runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(line: &str) -> serde_json::Value {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"))
}

/// Issue 30 item 10: a finished position reports its ending (not a bare 0.00).
#[test]
fn finished_positions_say_how_they_ended() {
    let mated = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1";
    let stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    let (code, out, _) = zest(&["analyse", "--fen", mated, "--depth", "3"]);
    assert_eq!(code, 0);
    let j = json(out.trim());
    assert_eq!(
        (j["result"].as_str(), j["reason"].as_str()),
        (Some("1-0"), Some("White mates"))
    );
    assert!(j["bestmove"].is_null());
    let (_, out, _) = zest(&["analyse", "--fen", stalemate, "--depth", "3"]);
    assert_eq!(json(out.trim())["result"], "1/2-1/2");
    let (_, out, _) = zest(&["analyse", "--depth", "1"]);
    assert!(
        json(out.trim()).get("result").is_none(),
        "a running game has no result"
    );
    let (code, out, err) = zest(&["moves", "--fen", mated]);
    assert_eq!(code, 0);
    assert!(out.is_empty());
    assert!(err.contains("the game is over, 1-0 {White mates}"), "{err}");
}

/// Issue 30 item 11: zero counts and depths are refused by clap, not silently changed.
#[test]
fn zero_limits_are_refused() {
    for args in [
        vec!["analyse", "--depth", "0"],
        vec!["analyse", "--multipv", "0", "--depth", "1"],
        vec!["analyse", "--threads", "0", "--depth", "1"],
        vec!["bench", "--threads", "0"],
        vec!["play", "--games", "0"],
        vec!["perft", "--variant", "nosuchvariant", "1"],
    ] {
        let (code, out, err) = zest(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert!(
            err.contains("is not in 1..") || err.contains("unknown variant 'nosuchvariant'"),
            "{args:?}: {err}"
        );
    }
}

/// Issue 30 item 11: variant names in any case.
#[test]
fn variant_names_in_any_case() {
    let (code, out, _) = zest(&["perft", "--variant", "Chess", "2"]);
    assert_eq!((code, out.lines().last()), (0, Some("Nodes: 400")));
    let (code, out, _) = zest(&["moves", "--variant", "FischeRandom", "--count"]);
    assert_eq!((code, out.trim()), (0, "20"));
}

/// Issue 30 item 11: Swap's start has 106 330 401 moves; `--limit` lists a few and says so.
#[test]
fn moves_limit_and_count() {
    let (code, out, err) = zest(&["moves", "--variant", "swap", "--limit", "3"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 3);
    assert!(err.contains("first 3 legal moves; there are more"), "{err}");
    let (_, out, err) = zest(&["moves", "--limit", "30"]);
    assert_eq!(out.lines().count(), 20);
    assert!(err.is_empty(), "all 20 listed: {err}");
    let (_, out, _) = zest(&["moves", "--variant", "interchange", "--count"]);
    let listed = zest(&["moves", "--variant", "interchange"])
        .1
        .lines()
        .count();
    assert_eq!(out.trim().parse::<usize>().unwrap(), listed);
}

/// Issue 30 item 11: with no limit, analysis says what it does and shows its progress.
#[test]
fn analyse_without_a_limit_shows_progress() {
    let (code, out, err) = zest(&["analyse", "--fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"]);
    assert_eq!(code, 0);
    assert!(err.contains("searching to depth 10"), "{err}");
    for d in 1..=10 {
        assert!(
            err.contains(&format!("depth {d} score ")),
            "depth {d}: {err}"
        );
    }
    assert!(
        err.contains("score mate 1 nodes") && err.contains("pv a1a8"),
        "{err}"
    );
    assert_eq!(json(out.trim())["depth"], 10);
}

/// Issue 30 item 12: EPD `bm`/`am` in SAN (hand-checked: Ra8# mates; O-O is e1g1).
#[test]
fn epd_best_and_avoid_moves_in_san() {
    let dir = std::env::temp_dir().join(format!("zest-cli-epd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let epd = dir.join("t.epd");
    std::fs::write(
        &epd,
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"mate\";\n\
         6k1/5ppp/8/8/8/8/8/R5K1 w - - am Ra8#; id \"avoid\";\n\
         4k3/8/8/8/8/8/8/4K2R w K - bm O-O; id \"castle\";\n\
         4k3/8/8/8/8/8/8/4K2R w K - bm Nf3; id \"no knight\";\n",
    )
    .unwrap();
    let (code, out, err) = zest(&["analyse", "--epd", epd.to_str().unwrap(), "--depth", "3"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out.lines().map(json).collect();
    assert_eq!(lines[0]["bm"], serde_json::json!(["a1a8"]));
    assert_eq!(lines[0]["solved"], true);
    assert_eq!(lines[1]["am"], serde_json::json!(["a1a8"]));
    assert_eq!(lines[1]["solved"], false);
    assert_eq!(lines[2]["bm"], serde_json::json!(["e1g1"]));
    assert!(
        lines[3]["error"]
            .as_str()
            .unwrap()
            .contains("bm Nf3: illegal move"),
        "{}",
        lines[3]
    );
}

/// Issue 30 item 13: move numbers, mate scores as `#N`, PGN of a match, openings.
#[test]
fn play_reads_like_a_game_score() {
    let (code, out, _) = zest(&[
        "play",
        "--fen",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "--white",
        "depth=3",
        "--black",
        "depth=3",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("1. a1a8 (#1)"), "{out}");
    assert!(out.contains("game 1/1: 1-0 {White mates}"), "{out}");
    let (_, out, _) = zest(&[
        "play",
        "--white",
        "depth=1",
        "--black",
        "depth=1",
        "--max-plies",
        "3",
    ]);
    let numbers: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| w.ends_with('.'))
        .collect();
    assert_eq!(numbers, ["1.", "1...", "2."], "{out}");

    let dir = std::env::temp_dir().join(format!("zest-cli-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    let _ = std::fs::remove_file(&pgn);
    let book = dir.join("book.epd");
    std::fs::write(
        &book,
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n4k3/4p3/8/8/8/8/8/4K3 w - - 0 1\n",
    )
    .unwrap();
    let (code, out, err) = zest(&[
        "play",
        "--games",
        "4",
        "--white",
        "depth=1",
        "--black",
        "depth=1",
        "--max-plies",
        "6",
        "--openings",
        book.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("game ").count(), 4, "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Event \"zest play\"]").count(), 4);
    assert_eq!(
        text.matches("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]")
            .count(),
        2
    );
    assert_eq!(
        text.matches("[FEN \"4k3/4p3/8/8/8/8/8/4K3 w - - 0 1\"]")
            .count(),
        2
    );
}

/// Issue 30 item 13: a person plays from the terminal; an illegal move is refused with the
/// reason, then a legal one is played.
#[test]
fn a_human_plays_from_stdin() {
    let (code, out, _) = zest_stdin(
        &[
            "play",
            "--white",
            "human",
            "--black",
            "depth=1",
            "--max-plies",
            "2",
        ],
        "e2e5\ne3e4\ne7e5\nmoves\ne2e4\n",
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("illegal move: e2e5 (the piece on e2 can play e2e3 e2e4)"),
        "{out}"
    );
    assert!(
        out.contains("illegal move: e3e4 (there is no piece on e3)"),
        "{out}"
    );
    assert!(
        out.contains("illegal move: e7e5 (the piece on e7 is Black's, and White is to move)"),
        "{out}"
    );
    assert!(out.contains("1. e2e4\n"), "{out}");
    assert!(out.contains("game 1/1: 1/2-1/2 {Move limit}"), "{out}");
    // End of input during the person's turn abandons the game cleanly.
    let (code, out, _) = zest_stdin(&["play", "--white", "human"], "");
    assert_eq!(code, 0);
    assert!(out.contains("end of input: game 1 abandoned"), "{out}");
}

/// Issue 30 item 13: each of the seven games can be played by a person from the terminal.
#[test]
fn a_human_can_play_every_variant() {
    let (_, list, _) = zest(&["variants"]);
    let mut played = 0;
    for line in list.lines() {
        let (name, fen) = line.split_once('\t').unwrap();
        let first = zest(&["moves", "--variant", name, "--limit", "1"]).1;
        let mv = first.trim();
        assert!(!mv.is_empty(), "{name}");
        let human = if fen.split_whitespace().nth(1) == Some("b") {
            "--black"
        } else {
            "--white"
        };
        let (code, out, err) = zest_stdin(
            &[
                "play",
                "--variant",
                name,
                human,
                "human",
                "--max-plies",
                "1",
            ],
            &format!("{mv}\n"),
        );
        assert_eq!(code, 0, "{name}: {err}");
        assert!(out.contains(&format!(" {mv}\n")), "{name}: {out}");
        assert!(
            out.contains("game 1/1: 1/2-1/2 {Move limit}"),
            "{name}: {out}"
        );
        played += 1;
    }
    assert_eq!(played, 7);
}

/// Issue 30 item 9: the tournament's configuration errors, from the command line.
#[test]
fn tournament_configuration_errors() {
    let dir = std::env::temp_dir().join(format!("zest-cli-tour-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_zest"))
            .arg("tournament")
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, err) = run(&["--depth", "1"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("no engines.toml in the current directory"),
        "{err}"
    );
    // zest over UCI, then `second`, an engine table whose binary does not exist.
    let engines = |second: &str| {
        let zest = env!("CARGO_BIN_EXE_zest");
        let toml =
            format!("[[engine]]\nname = \"zest\"\ncmd = \"{zest}\"\nargs = [\"uci\"]\n{second}");
        std::fs::write(dir.join("engines.toml"), toml).unwrap();
    };
    engines("[[engine]]\nname = \"gone\"\ncmd = \"./engines/gone\"\n");
    let (code, err) = run(&["--depth", "1", "--quiet"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("engine 'gone' cannot start: ./engines/gone"),
        "{err}"
    );
    assert!(err.contains("relative paths are read from"), "{err}");
    assert!(!dir.join("tournament.pgn").exists() && !dir.join("tournament.json").exists());
    // CECP's st is whole seconds: half a second a move reaches an XBoard engine as `st 1`,
    // which the runner says before it starts the engines; whole seconds raise no warning.
    engines("[[engine]]\nname = \"xb\"\ncmd = \"./engines/gone\"\nprotocol = \"xboard\"\n");
    let (code, err) = run(&["--st", "0.5", "--quiet"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("engine 'xb' speaks XBoard, whose st takes whole seconds: it gets st 1 where UCI engines get 0.5 s a move"),
        "{err}"
    );
    let (_, err) = run(&["--st", "2", "--quiet"]);
    assert!(!err.contains("whole seconds"), "{err}");
    assert!(err.contains("engine 'xb' cannot start"), "{err}");
}

/// `zest train` fits the chess network to games: the held-out loss falls from where it
/// starts, the file it writes is a network the engine reads, and the same games and arguments
/// write the same file, whatever the number of threads (the training is reproducible).
#[test]
fn train_fits_a_network_reproducibly() {
    let dir = std::env::temp_dir().join(format!("zest-cli-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let train = |name: &str, threads: &str| {
        let out = dir.join(name);
        let o = Command::new(env!("CARGO_BIN_EXE_zest"))
            .args([
                "train",
                "tests/data/tune-sample.state.jsonl",
                "--epochs",
                "3",
            ])
            .args(["--lambda", "0", "--mirror", "--batch", "256", "--out"])
            .arg(&out)
            .env("RAYON_NUM_THREADS", threads)
            .output()
            .expect("zest runs");
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert!(o.status.success(), "{err}");
        (std::fs::read(&out).unwrap(), err)
    };
    let (a, err) = train("a.nnue", "1");
    let held_out = |line: &str| -> f64 {
        let after = line.split("held out ").nth(1).unwrap();
        after.trim_end_matches(')').trim().parse().unwrap()
    };
    let start = err
        .lines()
        .find(|l| l.starts_with("start:"))
        .expect("start");
    let kept = err
        .lines()
        .find(|l| l.starts_with("kept epoch"))
        .expect("kept");
    assert!(held_out(kept) < held_out(start), "{err}");
    assert!(zest::eval::nnue::Network::from_bytes(&a).is_some());
    let (b, _) = train("b.nnue", "2");
    assert!(a == b, "two trainings of the same games differ");
    let _ = std::fs::remove_dir_all(&dir);
    // Nothing usable: a clear error, no network.
    let (code, _, err) = zest(&["train", "Cargo.toml", "--out", "/nonexistent/x"]);
    assert_eq!(code, 2);
    assert!(err.contains("no chess positions"), "{err}");
}

/// `zest train --init` goes on from a network rather than from random weights: with no epoch
/// to train it writes back the network it read, byte for byte, and its held-out loss starts
/// where that network stands (below a start from material values alone); a file that is no
/// network, or one trained with another scale K, is a clear error, given before the games are
/// read.
#[test]
fn train_goes_on_from_a_network() {
    let dir = std::env::temp_dir().join(format!("zest-cli-init-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("same.nnue");
    let train = |extra: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_zest"))
            .args([
                "train",
                "tests/data/tune-sample.state.jsonl",
                "--lambda",
                "0",
            ])
            .args(extra)
            .arg("--out")
            .arg(&out)
            .output()
            .expect("zest runs");
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let start = |err: &str| -> f64 {
        let line = err
            .lines()
            .find(|l| l.starts_with("start:"))
            .expect("start");
        line.rsplit(' ').next().unwrap().parse().unwrap()
    };
    let (code, random) = train(&["--epochs", "0"]);
    assert_eq!(code, Some(0), "{random}");
    let (code, err) = train(&["--epochs", "0", "--init", "nets/chess.nnue"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        std::fs::read(&out).unwrap() == std::fs::read("nets/chess.nnue").unwrap(),
        "the network read was not written back unchanged"
    );
    assert!(start(&err) < start(&random), "{random}\n{err}");
    let (code, err) = train(&["--epochs", "0", "--init", "Cargo.toml"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("Cargo.toml: not a network"), "{err}");
    // Refused before the games are read, not after.
    assert!(!err.contains("training positions"), "{err}");
    let (code, err) = train(&["--epochs", "0", "--init", "nets/chess.nnue", "--k", "3"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("not --k 3"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `zest tune` fits weights to games: the loss on the games it learns from falls, and what it
/// writes is a weights table with one row per feature.
#[test]
fn tune_fits_weights_to_games() {
    let (code, out, err) = zest(&[
        "tune",
        "tests/data/tune-sample.state.jsonl",
        "--epochs",
        "50",
    ]);
    assert_eq!(code, 0, "{err}");
    let loss = |line: &str| -> f64 {
        let after = line.split("loss ").nth(1).unwrap();
        after.split_whitespace().next().unwrap().parse().unwrap()
    };
    let start = err
        .lines()
        .find(|l| l.starts_with("K "))
        .expect("starting loss");
    let end = err
        .lines()
        .find(|l| l.starts_with("epoch 50:"))
        .expect("final loss");
    assert!(loss(end) < loss(start), "{err}");
    assert!(out.contains("pub const WEIGHTS: [[i16; 2]; COUNT] = ["));
    // One `[` opens each row; `#[rustfmt::skip]` and `[[i16; 2]; COUNT] = [` hold four more.
    assert_eq!(
        out.matches('[').count() - 4,
        zest::eval::terms::COUNT,
        "{out}"
    );
    // `--from-landed` starts from the evaluation's own weights: with no epoch, it writes
    // back exactly the rows of `src/eval/weights.rs`.
    let (code, out, err) = zest(&[
        "tune",
        "tests/data/tune-sample.state.jsonl",
        "--epochs",
        "0",
        "--from-landed",
    ]);
    assert_eq!(code, 0, "{err}");
    let rows = |text: &str| -> Vec<String> {
        let table = text.split("= [").nth(1).expect("a weights table");
        table
            .split(['[', ']'])
            .map(str::trim)
            .filter(|p| p.contains(',') && !p.starts_with(','))
            .map(str::to_string)
            .collect()
    };
    let landed = std::fs::read_to_string("src/eval/weights.rs").unwrap();
    assert_eq!(rows(&out).len(), zest::eval::terms::COUNT);
    assert_eq!(rows(&out), rows(&landed));
    // Nothing usable: a clear error, no weights.
    let (code, out, err) = zest(&["tune", "Cargo.toml"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("no chess positions"), "{err}");
}
