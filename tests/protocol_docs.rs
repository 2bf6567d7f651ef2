//! Replays every `transcript` block of `protocol/*.md` against the built binary
//! and compares zest's output line by line (search output with its timing
//! fields is skipped between expectations).

mod protocol_common;

use protocol_common::Zest;
use std::time::Duration;

const T: Duration = Duration::from_secs(20);

fn blocks(md: &str) -> Vec<Vec<String>> {
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

fn replay(doc: &str, n: usize, block: &[String]) {
    let mut z = Zest::start(&[]);
    for step in block {
        if let Some(cmd) = step.strip_prefix("> ") {
            z.send(cmd);
            continue;
        }
        let (kind, want) = step.split_once(' ').unwrap_or((step.as_str(), ""));
        let got = loop {
            let l = z
                .next_line(T)
                .unwrap_or_else(|| panic!("{doc} #{n}: no line for `{step}`; got {:#?}", z.seen));
            let matches = match kind {
                "<" => l == want,
                "<~" | "<*" => l.starts_with(want),
                other => panic!("{doc} #{n}: bad step kind {other}"),
            };
            if matches {
                break l;
            }
            if kind == "<*" || (is_search_output(&l) && !is_search_output(want)) {
                continue;
            }
            panic!(
                "{doc} #{n}: expected `{step}`, got `{l}`; all: {:#?}",
                z.seen
            );
        };
        let _ = got;
    }
    assert!(
        z.wait_exit(Duration::from_secs(10)),
        "{doc} #{n}: zest did not exit"
    );
    z.drain();
}

#[test]
fn transcripts_in_protocol_docs() {
    let mut count = 0;
    for doc in ["uci.md", "xboard.md"] {
        let path = format!("{}/protocol/{doc}", env!("CARGO_MANIFEST_DIR"));
        let md = std::fs::read_to_string(&path).expect("protocol doc");
        for (n, b) in blocks(&md).iter().enumerate() {
            replay(doc, n, b);
            count += 1;
        }
    }
    assert!(count >= 8, "{count} transcripts");
}
