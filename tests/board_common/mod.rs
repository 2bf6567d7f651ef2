//! Shared by the board tests: a `zest board` process on a free loopback port.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// A running `zest board`; killed when dropped.
pub struct Server {
    child: Child,
    pub url: String,
}

impl Server {
    /// Starts the real binary on a free port and reads the URL it prints.
    pub fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_zest"))
            .args(["board", "--port", "0", "--max-searches", "2"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start zest board");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("read the URL");
        let url = line.trim().trim_end_matches('/').to_string();
        assert!(url.starts_with("http://127.0.0.1:"), "printed {line:?}");
        Server { child, url }
    }

    /// Whether the process is still alive.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn agent() -> ureq::Agent {
    ureq::AgentBuilder::new()
        .timeout(std::time::Duration::from_secs(30))
        .build()
}

/// (status, body) of a request; errors with a status are answers too.
pub fn call(a: &ureq::Agent, method: &str, url: &str, body: Option<&str>) -> (u16, String) {
    let req = a.request(method, url);
    let r = match body {
        Some(b) => req.send_string(b),
        None => req.call(),
    };
    match r {
        Ok(resp) => (resp.status(), resp.into_string().unwrap_or_default()),
        Err(ureq::Error::Status(code, resp)) => (code, resp.into_string().unwrap_or_default()),
        Err(e) => panic!("{method} {url}: transport error {e}"),
    }
}

pub fn json(a: &ureq::Agent, method: &str, url: &str, body: Option<&str>) -> serde_json::Value {
    let (code, text) = call(a, method, url, body);
    assert_eq!(code, 200, "{method} {url} {body:?}: {text}");
    serde_json::from_str(&text).expect("JSON answer")
}

/// A new session of `variant` (optional FEN); returns its id.
pub fn session(a: &ureq::Agent, base: &str, variant: &str, fen: Option<&str>) -> String {
    let body = match fen {
        Some(f) => serde_json::json!({ "variant": variant, "fen": f }),
        None => serde_json::json!({ "variant": variant }),
    };
    let s = json(
        a,
        "POST",
        &format!("{base}/api/session"),
        Some(&body.to_string()),
    );
    s["id"].as_str().expect("id").to_string()
}

/// The next tokens after `prefix`: (options' tokens, the move it completes).
pub fn targets(
    a: &ureq::Agent,
    base: &str,
    id: &str,
    prefix: &[String],
) -> (Vec<String>, Option<String>) {
    let q = prefix.join(",");
    let t = json(
        a,
        "GET",
        &format!("{base}/api/session/{id}/targets?prefix={q}"),
        None,
    );
    let opts = t["options"]
        .as_array()
        .expect("options")
        .iter()
        .map(|o| o["token"].as_str().expect("token").to_string())
        .collect();
    (opts, t["complete"].as_str().map(str::to_string))
}

/// Every move the entry protocol lets a person enter, by walking the token tree.
pub fn enterable(a: &ureq::Agent, base: &str, id: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![Vec::<String>::new()];
    while let Some(p) = stack.pop() {
        let (opts, complete) = targets(a, base, id, &p);
        if let Some(m) = complete {
            out.push(m);
        }
        for o in opts {
            let mut q = p.clone();
            q.push(o);
            stack.push(q);
        }
    }
    out
}
