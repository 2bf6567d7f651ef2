//! One engine as a child process, spoken to through UCI or XBoard (CECP v2).
//!
//! A reader thread turns the engine's stdout into timestamped lines on a channel, so every
//! wait has a deadline (`recv_timeout`): a hung engine can never hang the runner, even under
//! node or depth limits (fastchess #981). The stamp is taken when the line is read, so the
//! think time measured around `go`→`bestmove` excludes the runner's own latency.
//! Any failure leaves the engine in an unknown state: the caller drops it (which kills the
//! process) and starts a fresh one for the next game.

use super::config::{option_value, EngineConfig, Limit, Protocol};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Longest line accepted from an engine; longer is garbage.
const MAX_LINE: usize = 1 << 16;
/// How long an XBoard engine that never says `feature done=0` gets to send its features.
const XBOARD_FEATURE_WAIT: Duration = Duration::from_secs(2);

/// Why talking to an engine failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    #[error("cannot start: {0}")]
    Spawn(String),
    #[error("no reply in time")]
    Timeout,
    #[error("disconnected")]
    Disconnect,
    #[error("sent garbage: {0}")]
    Garbage(String),
    #[error("resigned")]
    Resign,
}

/// What the reader thread sends.
enum Event {
    /// A line, its time, and the last thinking line (with a score) read before it.
    Line(String, Instant, Option<String>),
    Garbage(String),
    Eof,
}

/// An engine's report with its move.
#[derive(Clone, Debug, Default)]
pub struct Reply {
    /// The move text as sent.
    pub mv: String,
    /// From writing `go` (or the move that starts the search) to reading the move.
    pub elapsed: Duration,
    /// Last score reported, centipawns from the engine's side (mates as ±(100000 − plies)).
    pub score: Option<i32>,
    /// The score as PGN comments write it (`+0.66`, `+M3`).
    pub score_text: Option<String>,
    pub depth: Option<u32>,
}

/// The clocks at the moment the engine is asked to move.
#[derive(Clone, Copy, Debug)]
pub struct ClockState {
    pub own: Duration,
    pub opp: Duration,
    pub white: Duration,
    pub black: Duration,
    pub winc: Duration,
    pub binc: Duration,
    /// Moves to the next time control (0: none).
    pub moves_to_go: u32,
}

/// A running engine.
pub struct Engine {
    pub name: String,
    pub protocol: Protocol,
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<Event>,
    /// UCI: options the engine declared, and the choices of its `UCI_Variant`.
    uci_options: Vec<String>,
    uci_variants: Vec<String>,
    /// XBoard: features the engine declared.
    features: HashMap<String, String>,
    ping: u32,
    /// XBoard: engine in force mode, and how many plies of the game it has been told.
    in_force: bool,
    synced: usize,
    /// The engine's own name (`id name`, `myname`).
    pub id_name: Option<String>,
    /// Deadline for `readyok`/`pong` and for moves under node or depth limits.
    pub stall_timeout: Duration,
    buf: String,
}

/// The program to run for `cmd`. A relative path (with `/`, or `\` on Windows) is taken from
/// the engine's working directory `dir` on every platform, as Unix's spawn does (Windows
/// would take it from the runner's). A bare name is looked up in PATH, then in `/usr/games`
/// where that exists (Debian puts stockfish and fairymax there), as `name.exe` first on
/// Windows.
fn resolve(cmd: &str, dir: Option<&Path>) -> PathBuf {
    let p = Path::new(cmd);
    if cmd.contains(std::path::is_separator) {
        return match dir {
            Some(d) if p.is_relative() => std::path::absolute(d.join(p)).unwrap_or(d.join(p)),
            _ => p.to_path_buf(),
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let games = Path::new("/usr/games");
    let extra = (cfg!(unix) && games.is_dir()).then(|| games.to_path_buf());
    let mut names = vec![
        format!("{cmd}{}", std::env::consts::EXE_SUFFIX),
        cmd.to_string(),
    ];
    names.dedup();
    for dir in std::env::split_paths(&path).chain(extra) {
        for name in &names {
            let p = dir.join(name);
            if p.is_file() {
                return p;
            }
        }
    }
    PathBuf::from(cmd)
}

impl Engine {
    /// Spawns the engine and completes the handshake within `startup`.
    pub fn start(
        cfg: &EngineConfig,
        startup: Duration,
        stall: Duration,
    ) -> Result<Engine, EngineError> {
        let mut cmd = Command::new(resolve(&cfg.cmd, cfg.dir.as_deref()));
        cmd.args(&cfg.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(d) = &cfg.dir {
            cmd.current_dir(d);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| EngineError::Spawn(format!("{}: {e}", cfg.cmd)))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = channel();
        let uci = cfg.protocol == Protocol::Uci;
        std::thread::Builder::new()
            .name(format!("read-{}", cfg.name))
            .spawn(move || {
                let mut r = BufReader::with_capacity(1 << 16, stdout);
                let mut buf = Vec::with_capacity(256);
                // Thinking output is kept here rather than sent: only the last one before the
                // move matters, and one wake-up of the game thread per line would cost more
                // runner CPU than everything else (stockfish prints ~10 per move).
                let mut thinking: Option<String> = None;
                loop {
                    buf.clear();
                    match r.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => {
                            let _ = tx.send(Event::Eof);
                            return;
                        }
                        Ok(_) => {}
                    }
                    let now = Instant::now();
                    if buf.len() > MAX_LINE {
                        let _ = tx.send(Event::Garbage(format!("a line of {} bytes", buf.len())));
                        continue;
                    }
                    while matches!(buf.last(), Some(b'\n' | b'\r')) {
                        buf.pop();
                    }
                    let ev = match std::str::from_utf8(&buf) {
                        Ok(s) if is_thinking(s, uci) => {
                            if has_score(s, uci) {
                                thinking = Some(s.to_string());
                            }
                            continue;
                        }
                        Ok(s) => Event::Line(s.to_string(), now, thinking.take()),
                        Err(_) => Event::Garbage(format!(
                            "non-UTF-8 output '{}'",
                            String::from_utf8_lossy(&buf)
                                .chars()
                                .take(40)
                                .collect::<String>()
                        )),
                    };
                    if tx.send(ev).is_err() {
                        return;
                    }
                }
            })
            .map_err(|e| EngineError::Spawn(e.to_string()))?;
        let mut e = Engine {
            name: cfg.name.clone(),
            protocol: cfg.protocol,
            child,
            stdin,
            rx,
            uci_options: Vec::new(),
            uci_variants: Vec::new(),
            features: HashMap::new(),
            ping: 0,
            in_force: true,
            synced: 0,
            id_name: None,
            stall_timeout: stall,
            buf: String::with_capacity(4096),
        };
        let deadline = Instant::now() + startup;
        match cfg.protocol {
            Protocol::Uci => e.uci_handshake(cfg, deadline)?,
            Protocol::Xboard => e.xboard_handshake(cfg, deadline)?,
        }
        for line in &cfg.init {
            e.send(line)?;
        }
        e.sync(deadline.max(Instant::now() + stall))?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        log::trace!("{} < {line}", self.name);
        self.buf.clear();
        self.buf.push_str(line);
        self.buf.push('\n');
        self.stdin
            .write_all(self.buf.as_bytes())
            .and_then(|_| self.stdin.flush())
            .map_err(|_| EngineError::Disconnect)
    }

    /// The next line before `deadline`.
    fn recv(&mut self, deadline: Instant) -> Result<(String, Instant), EngineError> {
        self.recv_full(deadline).map(|(l, t, _)| (l, t))
    }

    /// The next line before `deadline`, with the thinking line that preceded it.
    fn recv_full(
        &mut self,
        deadline: Instant,
    ) -> Result<(String, Instant, Option<String>), EngineError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.rx.recv_timeout(wait) {
            Ok(Event::Line(l, t, info)) => {
                log::trace!("{} > {l}", self.name);
                Ok((l, t, info))
            }
            Ok(Event::Garbage(g)) => Err(EngineError::Garbage(g)),
            Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => Err(EngineError::Disconnect),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout),
        }
    }

    fn uci_handshake(&mut self, cfg: &EngineConfig, deadline: Instant) -> Result<(), EngineError> {
        self.send("uci")?;
        loop {
            let (line, _) = self.recv(deadline)?;
            let mut it = line.split_ascii_whitespace();
            match it.next() {
                Some("uciok") => break,
                Some("id") if it.next() == Some("name") => {
                    self.id_name = Some(it.collect::<Vec<_>>().join(" "));
                }
                Some("option") => {
                    let rest = line.trim_start().strip_prefix("option").unwrap_or("");
                    if let Some(after) = rest.split_once("name ").map(|x| x.1) {
                        let name = after.split(" type ").next().unwrap_or("").trim();
                        if name == "UCI_Variant" {
                            self.uci_variants = after
                                .split(" var ")
                                .skip(1)
                                .map(|v| v.split_whitespace().next().unwrap_or("").to_string())
                                .collect();
                        }
                        self.uci_options.push(name.to_string());
                    }
                }
                _ => {}
            }
        }
        for (k, v) in &cfg.options {
            self.send(&format!("setoption name {k} value {}", option_value(v)))?;
        }
        Ok(())
    }

    fn xboard_handshake(
        &mut self,
        cfg: &EngineConfig,
        deadline: Instant,
    ) -> Result<(), EngineError> {
        self.send("xboard")?;
        self.send("protover 2")?;
        let mut feature_deadline = (Instant::now() + XBOARD_FEATURE_WAIT).min(deadline);
        // After `feature done=0` the engine has until the start-up deadline to say `done=1`.
        let mut waiting_done = false;
        loop {
            let (line, _) = match self.recv(feature_deadline) {
                Err(EngineError::Timeout) if !waiting_done => break,
                r => r?,
            };
            let Some(rest) = line.trim_start().strip_prefix("feature ") else {
                continue;
            };
            let mut done = None;
            for (k, v) in parse_features(rest) {
                let known = matches!(
                    k.as_str(),
                    "ping"
                        | "setboard"
                        | "usermove"
                        | "san"
                        | "variants"
                        | "myname"
                        | "done"
                        | "sigint"
                        | "sigterm"
                        | "reuse"
                        | "analyze"
                        | "colors"
                        | "time"
                        | "draw"
                        | "playother"
                        | "name"
                        | "zestmoves"
                        | "debug"
                        | "memory"
                        | "smp"
                        | "option"
                        | "nps"
                        | "pause"
                        | "exclude"
                        | "setscore"
                        | "highlight"
                        | "egt"
                        | "ics"
                );
                // san=1 is refused: the runner sends coordinates. A SAN move from the engine is still
                // read (CECP allows it; Sjaak II castles as `O-O`).
                let accept = known && !(k == "san" && v == "1");
                if k != "done" {
                    self.send(&format!(
                        "{} {k}",
                        if accept { "accepted" } else { "rejected" }
                    ))?;
                }
                if k == "done" {
                    done = Some(v == "1");
                }
                if k == "myname" {
                    self.id_name = Some(v.clone());
                }
                self.features.insert(k, v);
            }
            match done {
                Some(true) => break,
                Some(false) => {
                    feature_deadline = deadline;
                    waiting_done = true;
                }
                None => {}
            }
        }
        self.send("easy")?;
        for (k, v) in &cfg.options {
            self.send(&format!("option {k}={}", option_value(v)))?;
        }
        Ok(())
    }

    fn feature(&self, k: &str) -> bool {
        self.features.get(k).map(|v| v == "1").unwrap_or(false)
    }

    /// `isready`/`readyok` or `ping`/`pong`: every line before the answer is dropped (a
    /// late `bestmove` of an earlier search included).
    pub fn sync(&mut self, deadline: Instant) -> Result<(), EngineError> {
        match self.protocol {
            Protocol::Uci => {
                self.send("isready")?;
                loop {
                    let (l, _) = self.recv(deadline)?;
                    if l.trim() == "readyok" {
                        return Ok(());
                    }
                }
            }
            Protocol::Xboard => {
                if !self.feature("ping") {
                    return Ok(());
                }
                self.ping += 1;
                let n = self.ping;
                self.send(&format!("ping {n}"))?;
                let want = format!("pong {n}");
                loop {
                    let (l, _) = self.recv(deadline)?;
                    if l.trim() == want {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// Prepares a new game from `fen` in variant `wire` (the engine's name for it).
    pub fn new_game(
        &mut self,
        wire: &str,
        chess960: bool,
        fen: &str,
        is_start: bool,
        limit: &Limit,
    ) -> Result<(), EngineError> {
        match self.protocol {
            Protocol::Uci => {
                if self.uci_options.iter().any(|o| o == "UCI_Variant") {
                    self.send(&format!("setoption name UCI_Variant value {wire}"))?;
                }
                if self.uci_options.iter().any(|o| o == "UCI_Chess960") {
                    self.send(&format!("setoption name UCI_Chess960 value {chess960}"))?;
                }
                self.send("ucinewgame")?;
            }
            Protocol::Xboard => {
                self.send("new")?;
                if wire.parse() != Ok(crate::variants::VariantId::Chess) {
                    self.send(&format!("variant {wire}"))?;
                }
                self.send("force")?;
                if !is_start {
                    if self.feature("setboard") {
                        self.send(&format!("setboard {fen}"))?;
                    } else {
                        self.edit_position(fen)?;
                    }
                }
                match *limit {
                    Limit::Clock { moves, time, inc } => {
                        let secs = time.as_secs();
                        let base = if secs % 60 == 0 {
                            format!("{}", secs / 60)
                        } else {
                            format!("{}:{:02}", secs / 60, secs % 60)
                        };
                        let inc = inc.as_secs_f64();
                        self.send(&format!("level {moves} {base} {inc}"))?;
                    }
                    Limit::MoveTime(t) => {
                        self.send(&format!("st {}", t.as_secs().max(1)))?;
                    }
                    Limit::Depth(d) => self.send(&format!("sd {d}"))?,
                    Limit::Nodes(_) => {
                        return Err(EngineError::Garbage(
                            "node limits are not supported over XBoard".into(),
                        ))
                    }
                }
                self.send("post")?;
                self.in_force = true;
                self.synced = 0;
            }
        }
        let deadline = Instant::now() + self.stall_timeout;
        self.sync(deadline)
    }

    /// CECP `edit` mode for engines without `setboard` (fairymax): pieces from the FEN's
    /// placement; Black to move is reached as XBoard does it, by a dummy `a2a3` first. The
    /// engine infers castling rights from the placement; en passant is lost.
    fn edit_position(&mut self, fen: &str) -> Result<(), EngineError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().unwrap_or("");
        if fields.next() == Some("b") {
            self.send("a2a3")?;
        }
        self.send("edit")?;
        self.send("#")?;
        let mut black = Vec::new();
        for (r, row) in placement.split('/').enumerate() {
            let rank = 8 - r;
            let mut file = 0u8;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as u8;
                    continue;
                }
                let sq = format!(
                    "{}{}{}",
                    c.to_ascii_uppercase(),
                    (b'a' + file) as char,
                    rank
                );
                if c.is_ascii_uppercase() {
                    self.send(&sq)?;
                } else {
                    black.push(sq);
                }
                file += 1;
            }
        }
        self.send("c")?;
        for sq in &black {
            self.send(sq)?;
        }
        self.send(".")
    }

    /// Asks for a move in the position `fen` + `moves`; `deadline` is when the move is late.
    pub fn go(
        &mut self,
        fen: &str,
        is_start: bool,
        moves: &[String],
        limit: &Limit,
        clock: &ClockState,
        deadline: Duration,
    ) -> Result<Reply, EngineError> {
        let start = match self.protocol {
            Protocol::Uci => self.uci_go(fen, is_start, moves, limit, clock)?,
            Protocol::Xboard => self.xboard_go(moves, limit, clock)?,
        };
        self.read_reply(start, start + deadline)
    }

    /// `position … moves …` and `go …`; returns when `go` was written.
    fn uci_go(
        &mut self,
        fen: &str,
        is_start: bool,
        moves: &[String],
        limit: &Limit,
        clock: &ClockState,
    ) -> Result<Instant, EngineError> {
        let mut cmd = String::with_capacity(64 + moves.len() * 6);
        if is_start {
            cmd.push_str("position startpos");
        } else {
            cmd.push_str("position fen ");
            cmd.push_str(fen);
        }
        if !moves.is_empty() {
            cmd.push_str(" moves");
            for m in moves {
                cmd.push(' ');
                cmd.push_str(m);
            }
        }
        self.send(&cmd)?;
        let go = match *limit {
            Limit::Clock { .. } => {
                let mut g = format!(
                    "go wtime {} btime {} winc {} binc {}",
                    clock.white.as_millis(),
                    clock.black.as_millis(),
                    clock.winc.as_millis(),
                    clock.binc.as_millis()
                );
                if clock.moves_to_go > 0 {
                    g.push_str(&format!(" movestogo {}", clock.moves_to_go));
                }
                g
            }
            Limit::MoveTime(t) => format!("go movetime {}", t.as_millis()),
            Limit::Nodes(n) => format!("go nodes {n}"),
            Limit::Depth(d) => format!("go depth {d}"),
        };
        let start = Instant::now();
        self.send(&go)?;
        Ok(start)
    }

    /// The moves the engine has not seen, the clocks, and `go` unless the opponent's move
    /// starts the search (play mode); returns when the search was started.
    fn xboard_go(
        &mut self,
        moves: &[String],
        limit: &Limit,
        clock: &ClockState,
    ) -> Result<Instant, EngineError> {
        let from = self.synced.min(moves.len());
        let start;
        if self.in_force || moves.len() - from != 1 {
            // Out of play mode (or out of step): replay what is missing, then `go`.
            if !self.in_force {
                self.send("force")?;
            }
            self.xboard_moves(&moves[from..])?;
            self.xboard_times(limit, clock)?;
            start = Instant::now();
            self.send("go")?;
            self.in_force = false;
        } else {
            // In play mode the opponent's move starts the search.
            self.xboard_times(limit, clock)?;
            start = Instant::now();
            self.xboard_moves(&moves[from..])?;
        }
        self.synced = moves.len() + 1;
        Ok(start)
    }

    fn xboard_moves(&mut self, moves: &[String]) -> Result<(), EngineError> {
        let usermove = self.feature("usermove");
        for m in moves {
            if usermove {
                self.send(&format!("usermove {m}"))?;
            } else {
                self.send(m)?;
            }
        }
        Ok(())
    }

    /// `time`/`otim` in centiseconds, under a clock.
    fn xboard_times(&mut self, limit: &Limit, clock: &ClockState) -> Result<(), EngineError> {
        if matches!(limit, Limit::Clock { .. }) {
            self.send(&format!("time {}", clock.own.as_millis() / 10))?;
            self.send(&format!("otim {}", clock.opp.as_millis() / 10))?;
        }
        Ok(())
    }

    /// Reads up to the move (`bestmove`, `move`) or a resignation, keeping the last thinking
    /// line's score and depth.
    fn read_reply(&mut self, start: Instant, deadline: Instant) -> Result<Reply, EngineError> {
        let mut reply = Reply::default();
        loop {
            let (line, at, info) = self.recv_full(deadline)?;
            if let Some(info) = info {
                match self.protocol {
                    Protocol::Uci => parse_uci_info(&info, &mut reply),
                    Protocol::Xboard => parse_xboard_post(&info, &mut reply),
                }
            }
            let mut it = line.split_ascii_whitespace();
            let first = it.next().unwrap_or("");
            let is_move = match self.protocol {
                Protocol::Uci => first == "bestmove",
                Protocol::Xboard => match first {
                    "move" => true,
                    "resign" => return Err(EngineError::Resign),
                    "tellusererror" | "Error" | "Illegal" => {
                        log::warn!("{}: {line}", self.name);
                        false
                    }
                    _ => false,
                },
            };
            if is_move {
                reply.mv = it.next().unwrap_or("").to_string();
                reply.elapsed = at - start;
                return Ok(reply);
            }
        }
    }

    /// Tells the engine the game is over (XBoard `result`); UCI needs nothing.
    pub fn game_over(&mut self, result: &str, reason: &str) {
        if self.protocol == Protocol::Xboard {
            let _ = self.send(&format!("result {result} {{{reason}}}"));
            let _ = self.send("force");
            self.in_force = true;
        }
    }

    /// Asks a searching engine to stop (after a timeout, before it is dropped).
    pub fn stop(&mut self) {
        let _ = match self.protocol {
            Protocol::Uci => self.send("stop"),
            Protocol::Xboard => self.send("?"),
        };
    }

    /// Whether the engine lists `name` among its `UCI_Variant` choices / `variants` feature.
    pub fn knows_variant(&self, name: &str) -> bool {
        match self.protocol {
            Protocol::Uci => self.uci_variants.iter().any(|v| v == name),
            Protocol::Xboard => self
                .features
                .get("variants")
                .map(|v| v.split(',').any(|x| x.trim() == name))
                .unwrap_or(false),
        }
    }

    /// XBoard: whether the engine can be asked for variant `wire` (it lists it, or lists no
    /// variants at all); UCI engines are always asked.
    pub fn plays_variant(&self, wire: &str) -> bool {
        self.protocol == Protocol::Uci
            || wire == crate::variants::VariantId::Chess.xboard_name()
            || !self.features.contains_key("variants")
            || self.knows_variant(wire)
    }

    /// XBoard: the variants the engine lists.
    pub fn variants_feature(&self) -> Option<&str> {
        self.features.get("variants").map(String::as_str)
    }

    pub fn is_uci(&self) -> bool {
        self.protocol == Protocol::Uci
    }
}

impl Drop for Engine {
    /// `quit`, a short grace period, then kill: no engine outlives its runner (fastchess #94).
    fn drop(&mut self) {
        let _ = self.send("quit");
        let until = Instant::now() + Duration::from_millis(200);
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => return,
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                _ => break,
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// UCI `info` lines and XBoard thinking output (`depth score time nodes pv`).
fn is_thinking(line: &str, uci: bool) -> bool {
    if uci {
        line.starts_with("info")
    } else {
        line.starts_with(|c: char| c.is_ascii_digit())
    }
}

fn has_score(line: &str, uci: bool) -> bool {
    !uci || line.contains(" score ")
}

/// `key=value` pairs of an XBoard `feature` line (values may be quoted).
fn parse_features(s: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = s.trim();
    while !rest.is_empty() {
        let Some(eq) = rest.find('=') else { break };
        let key = rest[..eq].trim().to_string();
        rest = &rest[eq + 1..];
        let value;
        if let Some(r) = rest.strip_prefix('"') {
            let end = r.find('"').unwrap_or(r.len());
            value = r[..end].to_string();
            rest = r.get(end + 1..).unwrap_or("").trim_start();
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            value = rest[..end].to_string();
            rest = rest[end..].trim_start();
        }
        out.push((key, value));
    }
    out
}

/// Score and depth from a UCI `info` line.
fn parse_uci_info(line: &str, r: &mut Reply) {
    let mut it = line.split_ascii_whitespace();
    while let Some(tok) = it.next() {
        match tok {
            "depth" => {
                if let Some(d) = it.next().and_then(|x| x.parse().ok()) {
                    r.depth = Some(d);
                }
            }
            "score" => match (it.next(), it.next().and_then(|x| x.parse::<i32>().ok())) {
                (Some("cp"), Some(v)) => {
                    r.score = Some(v);
                    r.score_text = Some(format!("{:+.2}", v as f64 / 100.0));
                }
                (Some("mate"), Some(v)) => {
                    r.score = Some(if v > 0 { 100_000 - v } else { -100_000 - v });
                    r.score_text = Some(if v > 0 {
                        format!("+M{}", 2 * v - 1)
                    } else {
                        format!("-M{}", -2 * v)
                    });
                }
                _ => {}
            },
            "pv" => return,
            _ => {}
        }
    }
}

/// `depth score time nodes pv` of XBoard thinking output.
fn parse_xboard_post(line: &str, r: &mut Reply) {
    let mut it = line.split_ascii_whitespace();
    let depth = it.next().and_then(|x| x.parse::<u32>().ok());
    let score = it.next().and_then(|x| x.parse::<i32>().ok());
    if let (Some(d), Some(s)) = (depth, score) {
        r.depth = Some(d);
        r.score = Some(s);
        r.score_text = Some(format!("{:+.2}", s as f64 / 100.0));
    }
}
