//! The `transcript` blocks of `protocol/*.md`, replayed against a running zest: lines
//! starting `> ` are sent, `< ` must match exactly, `<~ ` by prefix, and `<* ` by prefix
//! after skipping any lines; search output with its timing fields is skipped between
//! expectations. Used by tests/protocol_docs.rs (Linux) and tests/windows.rs (zest.exe).

use super::Zest;
use std::time::Duration;

/// The documents that hold transcripts, relative to the repository root.
pub const DOCS: [&str; 2] = ["protocol/uci.md", "protocol/xboard.md"];

/// Every transcript block of a Markdown text, one line a step.
pub fn blocks(md: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut cur: Option<Vec<String>> = None;
    for line in md.lines() {
        match (&mut cur, line.trim_end()) {
            (None, "```transcript") => cur = Some(Vec::new()),
            (Some(_), "```") => out.push(cur.take().unwrap()),
            (Some(b), l) => b.push(l.to_string()),
            _ => {}
        }
    }
    out
}

/// Thinking output: UCI `info depth …`, CECP lines starting with a digit.
fn is_search_output(l: &str) -> bool {
    l.starts_with("info depth") || l.starts_with(|c: char| c.is_ascii_digit())
}

/// Plays `block` against `z`, waiting up to `t` for each expected line; `z` must exit at
/// the end (every transcript ends with `quit`).
pub fn replay(mut z: Zest, doc: &str, n: usize, block: &[String], t: Duration) {
    for step in block {
        if let Some(cmd) = step.strip_prefix("> ") {
            z.send(cmd);
            continue;
        }
        let (kind, want) = step.split_once(' ').unwrap_or((step.as_str(), ""));
        loop {
            let l = z
                .next_line(t)
                .unwrap_or_else(|| panic!("{doc} #{n}: no line for `{step}`; got {:#?}", z.seen));
            let matches = match kind {
                "<" => l == want,
                "<~" | "<*" => l.starts_with(want),
                other => panic!("{doc} #{n}: bad step kind {other}"),
            };
            if matches {
                break;
            }
            if kind == "<*" || (is_search_output(&l) && !is_search_output(want)) {
                continue;
            }
            panic!(
                "{doc} #{n}: expected `{step}`, got `{l}`; all: {:#?}",
                z.seen
            );
        }
    }
    assert!(z.wait_exit(t), "{doc} #{n}: zest did not exit");
    z.drain();
}

/// Replays every transcript of [`DOCS`], each against a fresh zest from `start`; returns
/// how many were replayed.
pub fn replay_all(start: impl Fn() -> Zest, t: Duration) -> usize {
    let mut count = 0;
    for doc in DOCS {
        let path = format!("{}/{doc}", env!("CARGO_MANIFEST_DIR"));
        let md = std::fs::read_to_string(&path).expect("protocol doc");
        for (n, b) in blocks(&md).iter().enumerate() {
            replay(start(), doc, n, b, t);
            count += 1;
        }
    }
    count
}
