//! The documentation cannot rot:
//! - every worked example of `docs/rules/*.md` (an `example` block) is replayed through the
//!   `zest` binary over UCI: the moves are played from the start FEN, the resulting FEN must be
//!   the one written in the page, the moves listed as legal must be accepted there and those
//!   listed as illegal refused, the move count (`zest moves`) and the ending must match;
//! - every relative link in README.md, docs/ and protocol/ points to an existing file, and to an
//!   existing heading where it names one;
//! - no user-facing page points to `../shared` (the rules live in docs/rules/);
//! - every command of the README's quick start runs and exits with code 0, except the blocks
//!   that say on their first line that the docs test does not run them (a GUI, a network peer).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const ZEST: &str = env!("CARGO_BIN_EXE_zest");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The fenced blocks of a page whose info string is `tag`, with the line they start on.
fn fenced(md: &str, tag: &str) -> Vec<(usize, Vec<String>)> {
    let mut out = Vec::new();
    let mut cur: Option<(usize, Vec<String>)> = None;
    let mut other = false;
    for (i, line) in md.lines().enumerate() {
        let t = line.trim_end();
        match &mut cur {
            Some(_) if t == "```" => out.push(cur.take().unwrap()),
            Some((_, b)) => b.push(t.to_string()),
            None if other && t == "```" => other = false,
            None if other => {}
            None if t == format!("```{tag}") => cur = Some((i + 1, Vec::new())),
            None if t.starts_with("```") => other = true,
            None => {}
        }
    }
    out
}

// ---------------------------------------------------------------- worked examples

/// One `example` block: `key: value` lines.
struct Example {
    page: String,
    line: usize,
    fields: BTreeMap<String, String>,
}

impl Example {
    fn get(&self, key: &str) -> Option<&str> {
        self.fields.get(key).map(String::as_str)
    }
    fn need(&self, key: &str) -> &str {
        self.get(key)
            .unwrap_or_else(|| panic!("{}:{}: example without `{key}:`", self.page, self.line))
    }
    fn words(&self, key: &str) -> Vec<&str> {
        self.get(key)
            .map(|v| v.split_whitespace().collect())
            .unwrap_or_default()
    }
}

fn examples() -> Vec<Example> {
    let dir = root().join("docs/rules");
    let mut pages: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("docs/rules")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    let mut out = Vec::new();
    for page in pages {
        let md = std::fs::read_to_string(&page).unwrap();
        let name = page.file_name().unwrap().to_string_lossy().to_string();
        for (line, block) in fenced(&md, "example") {
            let mut fields = BTreeMap::new();
            for l in block.iter().filter(|l| !l.trim().is_empty()) {
                let (k, v) = l
                    .split_once(':')
                    .unwrap_or_else(|| panic!("{name}:{line}: not `key: value`: {l}"));
                fields.insert(k.trim().to_string(), v.trim().to_string());
            }
            out.push(Example {
                page: name.clone(),
                line,
                fields,
            });
        }
    }
    out
}

/// Runs `zest uci` on `input` and returns its stdout.
fn uci(input: &[String]) -> String {
    let mut child = Command::new(ZEST)
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run zest uci");
    {
        let mut stdin = child.stdin.take().unwrap();
        for l in input {
            writeln!(stdin, "{l}").unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

fn position(fen: &str, moves: &[&str]) -> String {
    if moves.is_empty() {
        format!("position fen {fen}")
    } else {
        format!("position fen {fen} moves {}", moves.join(" "))
    }
}

/// The FEN zest holds after the `position` commands of each list of moves, sent in order. zest
/// refuses a `position` command with an illegal move as a whole and keeps the position it had.
fn fen_after(variant: &str, fen: &str, lists: &[&[&str]]) -> String {
    let mut input = vec![format!("setoption name UCI_Variant value {variant}")];
    input.extend(lists.iter().map(|m| position(fen, m)));
    input.push("d".into());
    input.push("quit".into());
    let out = uci(&input);
    out.lines()
        .filter_map(|l| l.strip_prefix("info string fen "))
        .next_back()
        .unwrap_or_else(|| panic!("no `d` answer: {out}"))
        .to_string()
}

fn check_example(ex: &Example) {
    let at = format!("{}:{}", ex.page, ex.line);
    let variant = ex.need("variant");
    let start = ex.need("fen");
    let moves = ex.words("moves");
    let want = ex.need("fen-after");
    // The start FEN must be accepted as written (a refused FEN would leave the variant's start).
    assert_eq!(
        fen_after(variant, start, &[&[]]),
        start,
        "{at}: zest does not read the start FEN as written"
    );
    assert_eq!(
        fen_after(variant, start, &[&moves]),
        want,
        "{at}: the FEN after {moves:?}"
    );
    let mut with = moves.clone();
    // Set the position, then try the move: a refused command leaves the position as it was.
    for m in ex.words("legal") {
        with.push(m);
        assert_ne!(
            fen_after(variant, start, &[&moves, &with]),
            want,
            "{at}: {m} refused"
        );
        with.pop();
    }
    for m in ex.words("illegal") {
        with.push(m);
        assert_eq!(
            fen_after(variant, start, &[&moves, &with]),
            want,
            "{at}: {m} accepted"
        );
        with.pop();
    }
    if let Some(n) = ex.get("count") {
        let out = Command::new(ZEST)
            .args(["moves", "--variant", variant, "--fen", want])
            .output()
            .unwrap();
        assert!(out.status.success(), "{at}: zest moves failed");
        let listed = String::from_utf8(out.stdout).unwrap();
        let listed: Vec<&str> = listed.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(listed.len().to_string(), n, "{at}: moves {listed:?}");
    }
    if let Some(result) = ex.get("result") {
        let out = uci(&[
            format!("setoption name UCI_Variant value {variant}"),
            format!("position fen {want}"),
            "go depth 1".into(),
            "isready".into(),
            "quit".into(),
        ]);
        assert!(
            out.lines()
                .any(|l| l.starts_with("info string") && l.contains(result)),
            "{at}: no `{result}` in {out}"
        );
    }
}

#[test]
fn worked_examples_of_the_rules_pages_replay() {
    let all = examples();
    for ex in &all {
        check_example(ex);
    }
    // Every page of a game has at least one example, and zest's seven games are all covered.
    for page in [
        "interchange.md",
        "swap.md",
        "palindromic.md",
        "exile.md",
        "arrangement.md",
        "chess.md",
    ] {
        assert!(
            all.iter().any(|e| e.page == page),
            "docs/rules/{page} has no example block"
        );
    }
    let variants: std::collections::BTreeSet<&str> =
        all.iter().map(|e| e.need("variant")).collect();
    assert_eq!(variants.len(), 7, "{variants:?}");
}

// ---------------------------------------------------------------- links

fn markdown_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        for e in rd {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "md") {
                out.push(p);
            }
        }
    }
    let mut out = vec![root().join("README.md")];
    walk(&root().join("docs"), &mut out);
    walk(&root().join("protocol"), &mut out);
    out.sort();
    out
}

/// The page's text outside fenced blocks and inline code.
fn prose(md: &str) -> String {
    let mut out = String::new();
    let mut fence = false;
    for line in md.lines() {
        if line.trim_start().starts_with("```") {
            fence = !fence;
            continue;
        }
        if fence {
            continue;
        }
        let mut code = false;
        for c in line.chars() {
            if c == '`' {
                code = !code;
            } else if !code {
                out.push(c);
            }
        }
        out.push('\n');
    }
    out
}

/// Link targets `[text](target)` and `![alt](target)`.
fn links(md: &str) -> Vec<String> {
    let text = prose(md);
    let mut out = Vec::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("](") {
        let after = &rest[i + 2..];
        match after.find(')') {
            Some(j) => {
                let target = after[..j].split_whitespace().next().unwrap_or("");
                out.push(target.to_string());
                rest = &after[j..];
            }
            None => break,
        }
    }
    out
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces to `-`.
fn anchors(md: &str) -> Vec<String> {
    prose(md)
        .lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| {
            l.trim_start_matches('#')
                .trim()
                .to_lowercase()
                .chars()
                .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
                .map(|c| if c == ' ' { '-' } else { c })
                .collect()
        })
        .collect()
}

#[test]
fn every_relative_link_resolves() {
    let mut checked = 0;
    let mut bad = Vec::new();
    for page in markdown_files() {
        let md = std::fs::read_to_string(&page).unwrap();
        for target in links(&md) {
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = match target.split_once('#') {
                Some((f, a)) => (f, Some(a)),
                None => (target.as_str(), None),
            };
            let path = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            checked += 1;
            if !path.exists() {
                bad.push(format!("{}: {target} (no such file)", page.display()));
                continue;
            }
            if let Some(a) = anchor {
                if path.extension().is_some_and(|e| e == "md") {
                    let there = std::fs::read_to_string(&path).unwrap();
                    if !anchors(&there).iter().any(|h| h == a) {
                        bad.push(format!("{}: {target} (no such heading)", page.display()));
                    }
                }
            }
        }
    }
    assert!(bad.is_empty(), "broken links:\n{}", bad.join("\n"));
    assert!(checked >= 20, "only {checked} links found");
}

#[test]
fn no_page_points_to_the_workspace() {
    for page in markdown_files() {
        let md = std::fs::read_to_string(&page).unwrap();
        for (i, line) in md.lines().enumerate() {
            assert!(
                !line.contains("../shared") && !line.contains("/work/"),
                "{}:{}: points outside the repository: {line}",
                page.display(),
                i + 1
            );
        }
    }
}

// ---------------------------------------------------------------- quick start

/// The `sh` blocks of the README's "Quick start" section.
fn quick_start() -> Vec<(usize, Vec<String>)> {
    let md = std::fs::read_to_string(root().join("README.md")).unwrap();
    let start = md
        .find("\n## Quick start")
        .expect("README has a `## Quick start` section");
    let section = &md[start + 1..];
    let end = section[3..].find("\n## ").map_or(section.len(), |i| i + 3);
    let offset = md[..start + 1].lines().count();
    fenced(&section[..end], "sh")
        .into_iter()
        .map(|(l, b)| (l + offset, b))
        .collect()
}

/// The marker that keeps a block out of this test; it is the block's first line, so readers see
/// it too.
const NOT_RUN: &str = "# not run by tests/docs.rs";

#[test]
fn quick_start_commands_run() {
    // A scratch folder laid out as a checkout after `cargo build --release`: the commands are
    // written for the repository root.
    let dir = std::env::temp_dir().join(format!("zest-docs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("target/release")).unwrap();
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::symlink;
        symlink(ZEST, dir.join("target/release/zest")).unwrap();
        symlink(ZEST, dir.join("bin/zest")).unwrap();
        for name in ["engines.toml", "tests", "docs"] {
            symlink(root().join(name), dir.join(name)).unwrap();
        }
    }
    let path = format!(
        "{}:{}",
        dir.join("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut ran = 0;
    let mut skipped = 0;
    for (line, block) in quick_start() {
        if block.first().is_some_and(|l| l.starts_with(NOT_RUN)) {
            skipped += 1;
            continue;
        }
        let script = block.join("\n");
        let out = Command::new("sh")
            .arg("-ec")
            .arg(&script)
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .expect("run sh");
        assert!(
            out.status.success(),
            "README.md:{line}: exit {:?}\n{script}\nstdout: {}\nstderr: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        ran += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(ran >= 6, "only {ran} quick-start blocks ran");
    assert!(skipped >= 1, "the GUI blocks are marked");
}
