//! A line-level harness around the built `zest` binary: write lines, read
//! lines with timeouts (the research note's recommended test method).
#![allow(dead_code)]

#[path = "../peers/mod.rs"]
mod peers;

pub mod transcript;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

pub struct Zest {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<String>,
    /// Every line read so far (for failure messages).
    pub seen: Vec<String>,
    /// What `send` ends lines with: `"\n"`, or `"\r\n"` as Windows GUIs write.
    pub eol: &'static str,
}

impl Zest {
    pub fn start(args: &[&str]) -> Zest {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_zest"));
        cmd.args(args);
        Zest::spawn(cmd)
    }

    /// Any command that runs zest (e.g. `zest.exe` under Wine in tests/windows.rs).
    pub fn spawn(mut cmd: Command) -> Zest {
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start zest");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
        });
        let stdin = child.stdin.take();
        Zest {
            child,
            stdin,
            rx,
            seen: Vec::new(),
            eol: "\n",
        }
    }

    pub fn send(&mut self, line: &str) {
        let s = self.stdin.as_mut().expect("stdin open");
        write!(s, "{line}{}", self.eol).expect("write to zest");
        s.flush().expect("flush");
    }

    /// Raw bytes (for truncated lines and invalid UTF-8).
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let s = self.stdin.as_mut().expect("stdin open");
        s.write_all(bytes).expect("write to zest");
        s.flush().expect("flush");
    }

    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.rx.recv_timeout(timeout) {
            Ok(l) => {
                self.seen.push(l.clone());
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Lines up to and including the first that satisfies `pred`; panics on timeout.
    pub fn until(&mut self, timeout: Duration, pred: impl Fn(&str) -> bool) -> Vec<String> {
        let end = Instant::now() + timeout;
        let mut out = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(l) => {
                    let done = pred(&l);
                    out.push(l);
                    if done {
                        return out;
                    }
                }
                None => panic!(
                    "timeout after {timeout:?} waiting; lines so far: {:#?}",
                    &self.seen[self.seen.len().saturating_sub(30)..]
                ),
            }
        }
    }

    pub fn until_eq(&mut self, timeout: Duration, want: &str) -> Vec<String> {
        self.until(timeout, |l| l == want)
    }

    /// UCI: `isready` → `readyok`, returning what came before.
    pub fn sync_uci(&mut self) -> Vec<String> {
        self.send("isready");
        let mut v = self.until_eq(Duration::from_secs(10), "readyok");
        v.pop();
        v
    }

    /// XBoard: `ping N` → `pong N`, returning what came before.
    pub fn sync_xboard(&mut self, n: u32) -> Vec<String> {
        self.send(&format!("ping {n}"));
        let mut v = self.until_eq(Duration::from_secs(10), &format!("pong {n}"));
        v.pop();
        v
    }

    /// Waits for the process to exit; true if it did within the timeout.
    pub fn wait_exit(&mut self, timeout: Duration) -> bool {
        let end = Instant::now() + timeout;
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    }

    /// Reads what is left after the process ended.
    pub fn drain(&mut self) {
        while self.next_line(Duration::from_millis(200)).is_some() {}
    }

    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Zest {
    fn drop(&mut self) {
        self.stdin = None;
        if !self.wait_exit(Duration::from_secs(3)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// A test's peer program (`what`) is missing: under `ZEST_REQUIRE_PEERS=1` (CI)
/// that fails the test; on a developer's machine it skips with a notice.
/// Returns whether to skip.
pub fn peer_missing(what: &str) -> bool {
    peers::missing(what);
    true
}

/// Whether python3 can import the PyPI `chess` package (python-chess).
pub fn have_python_chess() -> bool {
    peers::python_has("import chess.engine")
}

/// Runs `tests/interop/SCRIPT zest ARGS…` under a wall-clock cap; its stdout on success.
pub fn run_interop_script(script: &str, args: &[&str], cap_s: u32) -> String {
    let path = format!("{}/tests/interop/{script}", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("timeout")
        .arg(cap_s.to_string())
        .args(["python3", &path, env!("CARGO_BIN_EXE_zest")])
        .args(args)
        .output()
        .expect("run python3");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{script} failed ({:?})\nstdout:\n{stdout}\nstderr:\n{stderr}",
        out.status
    );
    stdout
}

/// The registered variant names, as `zest variants` prints them.
pub fn variant_names() -> Vec<String> {
    zest::variants::NAMES
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// A tiny deterministic generator for the fuzz tests (no dependency needed).
pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Random edits of a valid line: truncation, byte flips, token drops/duplication, junk.
pub fn mutate(rng: &mut Rng, line: &str) -> Vec<u8> {
    let mut b = line.as_bytes().to_vec();
    match rng.below(7) {
        0 => {
            let n = rng.below(b.len() + 1);
            b.truncate(n);
        }
        1 if !b.is_empty() => {
            let i = rng.below(b.len());
            b[i] = (rng.next() % 256) as u8;
        }
        2 => {
            let words: Vec<&str> = line.split(' ').collect();
            let k = rng.below(words.len());
            let w: Vec<&str> = words
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != k)
                .map(|(_, w)| *w)
                .collect();
            b = w.join(" ").into_bytes();
        }
        3 => {
            let words: Vec<&str> = line.split(' ').collect();
            let k = rng.below(words.len());
            let mut w = words.clone();
            w.insert(k, words[k]);
            b = w.join(" ").into_bytes();
        }
        4 => {
            let n = rng.below(40);
            b = (0..n).map(|_| (rng.next() % 95 + 32) as u8).collect();
        }
        5 => {
            b.extend_from_slice(b" \t junk 999999999999999999999 -1 ");
        }
        _ => {}
    }
    b.retain(|&c| c != b'\n' && c != b'\r');
    b.push(b'\n');
    b
}
