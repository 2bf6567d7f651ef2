//! UCI sessions against the built binary: handshake, options, positions in
//! every registered variant, searches, stop/ponder, errors and fuzzing.

mod protocol_common;

use protocol_common::{mutate, variant_names, Rng, Zest};
use std::time::{Duration, Instant};
use zest::protocol::engine::new_game;

const T: Duration = Duration::from_secs(20);

fn handshake(z: &mut Zest) -> Vec<String> {
    z.send("uci");
    z.until_eq(T, "uciok")
}

fn bestmove(lines: &[String]) -> String {
    let last = lines.last().expect("a line");
    let mut w = last.split_whitespace();
    assert_eq!(w.next(), Some("bestmove"), "{lines:#?}");
    w.next().expect("move token").to_string()
}

#[test]
fn handshake_lists_every_variant_and_option() {
    let mut z = Zest::start(&[]);
    let lines = handshake(&mut z);
    assert!(lines.iter().any(|l| l.starts_with("id name zest")));
    let combo = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess"))
        .expect("UCI_Variant");
    for v in variant_names() {
        assert!(combo.contains(&format!(" var {v}")), "{combo}");
    }
    for o in [
        "UCI_Chess960",
        "Threads",
        "Hash",
        "MultiPV",
        "Move Overhead",
        "Clear Hash",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {o} type"))),
            "{o} missing: {lines:#?}"
        );
    }
    assert!(z.sync_uci().is_empty());
    z.send("quit");
    assert!(z.wait_exit(Duration::from_secs(5)));
}

/// `quit` during a search stops it and still answers it: exactly one `bestmove`, then exit.
#[test]
fn quit_during_a_search_answers_it_first() {
    for go in ["go depth 30", "go infinite", "go movetime 60000"] {
        let mut z = Zest::start(&[]);
        handshake(&mut z);
        z.send("position startpos");
        z.send(go);
        z.send("quit");
        let mut lines = Vec::new();
        while let Some(l) = z.next_line(T) {
            lines.push(l);
        }
        let answers = lines.iter().filter(|l| l.starts_with("bestmove ")).count();
        assert_eq!(answers, 1, "{go}: {lines:#?}");
        assert!(z.wait_exit(Duration::from_secs(5)), "{go}");
    }
}

/// The search's margins are UCI options only in a build made for tuning them
/// (`--features tune`): the shipped engine neither lists nor accepts them.
#[test]
fn search_constants_are_options_only_in_a_tuning_build() {
    use zest::search::params::{PARAMS, RUNTIME};
    let mut z = Zest::start(&[]);
    let lines = handshake(&mut z);
    for p in PARAMS {
        let listed = format!(
            "option name {} type spin default {} min {} max {}",
            p.name, p.default, p.min, p.max
        );
        assert_eq!(lines.contains(&listed), RUNTIME, "{listed}");
    }
    z.send("setoption name rfp_margin value 100");
    let replies = z.sync_uci();
    let refused = replies
        .iter()
        .any(|l| l == "info string unknown option: rfp_margin");
    assert_eq!(refused, !RUNTIME, "{replies:#?}");
    z.send("quit");
    assert!(z.wait_exit(Duration::from_secs(5)));
}

/// Each registered variant: a short game of engine moves through
/// `position startpos moves …` / `go nodes`, every bestmove legal in zest's rules.
#[test]
fn every_variant_plays_legal_moves() {
    let mut z = Zest::start(&["uci"]);
    handshake(&mut z);
    for v in variant_names() {
        z.send(&format!("setoption name UCI_Variant value {v}"));
        z.send("ucinewgame");
        let mut game = new_game(&v, None).unwrap();
        let mut moves: Vec<String> = Vec::new();
        for _ in 0..8 {
            if game.outcome().is_some() {
                break;
            }
            z.send(&format!("position startpos moves {}", moves.join(" ")));
            z.send("go nodes 3000");
            let lines = z.until(T, |l| l.starts_with("bestmove"));
            let m = bestmove(&lines);
            game.play(&m)
                .unwrap_or_else(|e| panic!("{v}: bestmove {m} illegal after {moves:?}: {e}"));
            moves.push(m);
        }
        assert!(z.sync_uci().is_empty(), "{v}: unexpected output");
    }
}

#[test]
fn go_infinite_stops_and_isready_answers_while_thinking() {
    let mut z = Zest::start(&[]);
    handshake(&mut z);
    z.send("position startpos moves e2e4");
    z.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    z.send("isready");
    z.until_eq(Duration::from_secs(5), "readyok");
    // Generous: the test machine is shared; an engine blocked by its search would take the whole search.
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    // An infinite search never ends by itself.
    std::thread::sleep(Duration::from_millis(300));
    z.send("stop");
    let lines = z.until(Duration::from_secs(5), |l| l.starts_with("bestmove"));
    let m = bestmove(&lines);
    let mut g = new_game("chess", None).unwrap();
    g.play("e2e4").unwrap();
    g.play(&m).unwrap();
    // Search output may have come before `readyok` too.
    let info = z
        .seen
        .iter()
        .find(|l| l.starts_with("info depth"))
        .expect("info lines");
    for field in [
        " seldepth ",
        " score ",
        " nodes ",
        " nps ",
        " hashfull ",
        " time ",
        " pv ",
    ] {
        assert!(info.contains(field), "{info}");
    }
}

#[test]
fn ponder_then_ponderhit_gives_bestmove() {
    let mut z = Zest::start(&[]);
    handshake(&mut z);
    z.send("position startpos moves e2e4 e7e5");
    z.send("go ponder wtime 2000 btime 2000 winc 0 binc 0");
    std::thread::sleep(Duration::from_millis(200));
    z.sync_uci();
    z.send("ponderhit");
    let lines = z.until(Duration::from_secs(5), |l| l.starts_with("bestmove"));
    let m = bestmove(&lines);
    let mut g = new_game("chess", None).unwrap();
    g.play("e2e4").unwrap();
    g.play("e7e5").unwrap();
    g.play(&m).unwrap();
}

#[test]
fn multipv_three_lines_and_clock_limits() {
    let mut z = Zest::start(&[]);
    handshake(&mut z);
    z.send("setoption name MultiPV value 3");
    z.send("position startpos");
    z.send("go depth 5");
    let lines = z.until(T, |l| l.starts_with("bestmove"));
    for k in 1..=3 {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info depth 5 ") && l.contains(&format!(" multipv {k} "))),
            "multipv {k}: {lines:#?}"
        );
    }
    z.send("setoption name MultiPV value 1");
    z.send("go wtime 1000 btime 1000 winc 10 binc 10 movestogo 20");
    let t = Instant::now();
    z.until(T, |l| l.starts_with("bestmove"));
    assert!(
        t.elapsed() < Duration::from_millis(900),
        "{:?}",
        t.elapsed()
    );
    z.send("go movetime 200");
    z.until(T, |l| l.starts_with("bestmove"));
    z.send("go mate 1");
    z.until(T, |l| l.starts_with("bestmove"));
}

#[test]
fn chess960_option_and_fen_castling() {
    let mut z = Zest::start(&[]);
    handshake(&mut z);
    z.send("setoption name UCI_Chess960 value true");
    z.send("position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w HAha - 0 1 moves e1h1");
    z.send("d");
    let out = z.sync_uci();
    assert!(
        out.iter().any(|l| l.contains("R4RK1 b")),
        "castling e1h1 not played: {out:#?}"
    );
}

#[test]
fn errors_keep_engine_running_and_position_unchanged() {
    let mut z = Zest::start(&[]);
    handshake(&mut z);
    z.send("position startpos moves e2e4");
    z.send("d");
    let before = z.sync_uci();
    for bad in [
        "foo",
        "position fen this/is/not/a/fen w - - 0 1",
        "position fen",
        "position",
        "position startpos moves e2e4 e2e5",
        "position startpos moves zz99",
        "position startpos moves e2e4,d7d6",
        // Malformed `go` fields are searched with defaults and end in a bestmove
        // (tests/protocol_clients.rs, malformed_go_fields_still_end_in_one_bestmove).
        "setoption name Threads value many",
        "setoption name UCI_Variant value nosuchvariant",
        "setoption",
    ] {
        z.send(bad);
        let out = z.sync_uci();
        assert!(
            !out.is_empty() && out.iter().all(|l| l.starts_with("info string")),
            "{bad}: {out:#?}"
        );
        z.send("d");
        assert_eq!(z.sync_uci(), before, "position changed by {bad}");
    }
    // Truncated line (no newline) followed by a real one, and invalid UTF-8.
    z.send_raw(b"isrea");
    z.send_raw(b"\n\xff\xfe position startpos\n");
    z.sync_uci();
    z.send("position startpos moves e2e4 e7e5");
    z.send("go depth 3");
    let m = bestmove(&z.until(T, |l| l.starts_with("bestmove")));
    let mut g = new_game("chess", None).unwrap();
    g.play("e2e4").unwrap();
    g.play("e7e5").unwrap();
    g.play(&m).unwrap();
    z.send("quit");
    assert!(z.wait_exit(Duration::from_secs(5)));
}

#[test]
fn game_over_gives_bestmove_none() {
    let mut z = Zest::start(&[]);
    handshake(&mut z);
    z.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    z.send("go depth 3");
    let lines = z.until(T, |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    assert!(lines
        .iter()
        .any(|l| l == "info string game over: 0-1 {Black mates}"));
}

/// 100 000 random and mutated lines; afterwards `isready` answers at once and a game goes on.
#[test]
fn fuzz_lines_never_kill_or_hang() {
    let corpus = [
        "uci",
        "isready",
        "ucinewgame",
        "position startpos",
        "position startpos moves e2e4 e7e5 g1f3",
        "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 moves c7c5",
        "position startpos moves e8/b8 e1/b1",
        "setoption name UCI_Variant value arrangement",
        "setoption name UCI_Variant value chess",
        "setoption name UCI_Chess960 value true",
        "setoption name MultiPV value 2",
        "setoption name Move Overhead value 30",
        "stop",
        "ponderhit",
        "debug on",
        "position startpos moves e2e3,d7d6 0000 b6/b1/d3=n/c4/f7 d1g1f1",
    ];
    let mut z = Zest::start(&["uci"]);
    handshake(&mut z);
    let mut rng = Rng(0x9e3779b97f4a7c15);
    let mut burst = Vec::new();
    for i in 0..100_000 {
        let line = corpus[rng.below(corpus.len())];
        let mut b = mutate(&mut rng, line);
        // Searches and table resizes are real work, not protocol handling: keep them out.
        let head = String::from_utf8_lossy(&b).to_string();
        let first = head.split_whitespace().next().unwrap_or("");
        if first == "go" || first == "quit" || head.to_ascii_lowercase().contains("hash") {
            b = b"isready\n".to_vec();
        }
        burst.extend_from_slice(&b);
        if i % 5000 == 4999 {
            z.send_raw(&burst);
            burst.clear();
            let t = Instant::now();
            z.sync_uci();
            assert!(t.elapsed() < Duration::from_secs(10));
        }
    }
    assert!(z.alive());
    z.send("setoption name UCI_Chess960 value false");
    z.send("setoption name UCI_Variant value chess");
    z.send("position startpos moves d2d4");
    z.send("go nodes 2000");
    let m = bestmove(&z.until(T, |l| l.starts_with("bestmove")));
    let mut g = new_game("chess", None).unwrap();
    g.play("d2d4").unwrap();
    g.play(&m).unwrap();
}
