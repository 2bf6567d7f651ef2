//! The command line: outputs and clean failures on bad input.

use std::process::Command;

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
        vec!["perft", "--variant", "nosuchvariant", "1"],
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
