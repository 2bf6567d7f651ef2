//! The XBoard/CECP v2 front end with zest's `zestmoves` extension (see `protocol/xboard.md`).
//!
//! Without the extension moves are translated to the shapes xboard 4.9 can carry
//! (`@@@@` for a pass, 4-character castlings); turns and paths that have no such
//! shape are never emitted. A client that answers `accepted zestmoves` gets
//! zest's own notation in both directions.

use super::engine::{send, Done, Engine, Event, Info};
use super::xboard_score;
use crate::core::Color;
use crate::search::Limits;
use crate::variants::VariantId;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// xboard's piece-type slots (`-pieceToCharTable` order of xboard's common.h)
/// chosen for zest's extra pieces: L in the Lance slot, A in the Angel
/// (archbishop) slot, D in the Cardinal slot, X in the Alfil slot (drawn as an
/// elephant; the Silver slot has no glyph in xboard 4.9 and showed a knight).
/// One table serves every variant; letters a variant does not use are simply absent.
const PIECE_TO_CHAR: &str = "PNBRQ.XA.....D....L...Kpnbrq.xa.....d....l...k";

/// Betza descriptions of the non-FIDE pieces, sent as `piece` lines so xboard
/// can draw moves and write `VariantMen`. The left-handed rook's real rule has
/// no Betza form; with legality testing off (required) the line is cosmetic.
const BETZA: &[(char, &str)] = &[('L', "R"), ('A', "BN"), ('D', "Q2"), ('X', "WA")];

/// A zest move, played from the position `fen`, in the form xboard 4.9
/// understands, or None when it has none.
pub fn to_xboard(m: &str, fen: &str) -> Option<String> {
    if m == "0000" {
        return Some("@@@@".into());
    }
    if m.contains(',') || m.contains('/') {
        return None;
    }
    let b = m.as_bytes();
    if b.len() == 6 {
        // Exile castling: king from, king to, rook to. xboard reads a king move
        // of two or more files as castling with the nearest piece beyond the
        // king's destination, which it puts next to the king on the inner
        // side: only castlings of that shape have a form.
        let (kf, kt, rt) = (b[0] as i32, b[2] as i32, b[4] as i32);
        let same_rank = b[1] == b[3] && b[3] == b[5];
        let dir = (kt - kf).signum();
        if !same_rank || (kt - kf).abs() < 2 || rt != kt - dir {
            return None;
        }
        let rank = (b[1] - b'1') as i32;
        let (kt, kf) = (kt - b'a' as i32, kf - b'a' as i32);
        let pieces = board_pieces(fen)?;
        let at = |f: i32| pieces.iter().find(|p| p.1 == f && p.2 == rank).map(|p| p.0);
        if at(kt).is_some() {
            return None; // the king lands on the rook: xboard reads king-takes-rook castling
        }
        let mut f = kt + dir;
        while (0..8).contains(&f) {
            if let Some(c) = at(f) {
                let king = at(kf)?;
                let rook = if king.is_ascii_uppercase() { 'R' } else { 'r' };
                return (c == rook).then(|| m[..4].to_string());
            }
            f += dir;
        }
        return None;
    }
    Some(m.to_string())
}

/// (letter, file 0-7, rank 0-7) of every piece in a FEN's placement field.
fn board_pieces(fen: &str) -> Option<Vec<(char, i32, i32)>> {
    let board = fen.split_whitespace().next()?;
    let mut pieces = Vec::new();
    for (i, row) in board.split('/').enumerate() {
        let rank = 7 - i as i32;
        let mut file = 0i32;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as i32;
            } else {
                pieces.push((c, file, rank));
                file += 1;
            }
        }
    }
    Some(pieces)
}

/// Time control as `level`/`st`/`sd` set it.
#[derive(Clone, Debug, Default)]
struct Clock {
    mps: u32,
    base: Duration,
    inc: Duration,
    st: Option<Duration>,
    sd: Option<i32>,
    own: Option<Duration>,
}

/// The CECP session.
pub struct Xboard {
    engine: Engine,
    /// The game `variant` selected.
    variant: VariantId,
    force: bool,
    engine_color: Color,
    analyze: bool,
    post: bool,
    zestmoves: bool,
    clock: Clock,
    /// Game-mode search in progress (its result becomes `move`).
    thinking: Option<u64>,
    /// `ping`s that arrived while thinking: answered after the move (spec).
    pongs: Vec<String>,
    /// Option `StartFEN` (`-` = none): the position engine-defined variants start from
    /// (sent in `setup`), e.g. an arranged Arrangement position; xboard takes
    /// the start board only from the first engine's `setup`.
    start_fen: Option<String>,
    last: Arc<Mutex<Info>>,
}

impl Xboard {
    pub fn new(tx: Sender<Event>) -> Xboard {
        Xboard {
            engine: Engine::new(tx),
            variant: VariantId::Chess,
            force: false,
            engine_color: Color::Black,
            analyze: false,
            post: true,
            zestmoves: false,
            clock: Clock {
                mps: 40,
                base: Duration::from_secs(300),
                ..Clock::default()
            },
            thinking: None,
            pongs: Vec::new(),
            start_fen: None,
            last: Arc::new(Mutex::new(Info::default())),
        }
    }

    pub fn run(&mut self, rx: Receiver<Event>, first: Option<String>) {
        if let Some(l) = first {
            if !self.line(&l) {
                return;
            }
        }
        while let Ok(ev) = rx.recv() {
            match ev {
                Event::Line(l) => {
                    if !self.line(&l) {
                        break;
                    }
                }
                Event::Eof => {
                    // End of input means `quit`: stop at once, still sending the
                    // move being thought about (a piped script expects it).
                    self.engine.stop();
                    while self.thinking.is_some() {
                        match rx.recv() {
                            Ok(Event::Done(d)) => self.done(d),
                            Ok(_) => {}
                            Err(_) => break,
                        }
                    }
                    break;
                }
                Event::Done(d) => self.done(d),
            }
        }
        self.engine.stop_and_wait();
    }

    fn features(&self) {
        let names: Vec<&str> = VariantId::ALL.iter().map(|v| v.xboard_name()).collect();
        send(&format!(
            "feature myname=\"zest {}\" setboard=1 usermove=1 ping=1 time=1 playother=1 \
             colors=0 draw=0 reuse=1 analyze=1 sigint=0 sigterm=0 name=0 memory=1 smp=1 \
             debug=1 variants=\"{}\" zestmoves=1",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ));
        // Options go on their own feature lines, as Fairy-Stockfish sends them.
        send("feature option=\"StartFEN -string -\"");
        send("feature done=1");
    }

    /// Stops whatever search runs; its result is dropped.
    fn abandon(&mut self) {
        self.engine.stop_and_wait();
        self.thinking = None;
        self.flush_pongs();
    }

    fn flush_pongs(&mut self) {
        for p in self.pongs.drain(..) {
            send(&format!("pong {p}"));
        }
    }

    /// `go`: the engine takes the side to move and thinks.
    fn go(&mut self) {
        self.abandon();
        self.force = false;
        self.analyze = false;
        self.engine_color = self.engine.game.turn();
        self.think();
    }

    /// `analyze`: infinite analysis of the position, in force mode.
    fn start_analysis(&mut self) {
        self.abandon();
        self.analyze = true;
        self.force = true;
        self.analyse();
    }

    /// `new`: chess from its start, the engine playing Black, the table cleared.
    fn new_game(&mut self) {
        self.abandon();
        self.force = false;
        self.engine_color = Color::Black;
        self.clock.sd = None;
        self.engine.clear_hash();
        self.set_variant(VariantId::Chess);
        self.after_position_change();
    }

    /// `st`, `sd`, `time`, `otim`; false when the argument is not a number.
    fn clock_command(&mut self, cmd: &str, arg: &str) -> bool {
        match cmd {
            "st" => match arg.parse::<f64>() {
                Ok(s) if s.is_finite() && s >= 0.0 => {
                    self.clock.st = Some(Duration::from_secs_f64(s.min(1e6)))
                }
                _ => return false,
            },
            "sd" => match arg.parse::<i32>() {
                Ok(d) => self.clock.sd = Some(d.clamp(1, 127)),
                _ => return false,
            },
            "time" => match arg.parse::<i64>() {
                Ok(cs) => self.clock.own = Some(Duration::from_millis(cs.max(0) as u64 * 10)),
                _ => return false,
            },
            _ => return arg.parse::<i64>().is_ok(),
        }
        true
    }

    /// `memory MB` or `cores N`: the table or the thread count, the other kept.
    fn resources(&mut self, cmd: &str, n: usize) {
        let (threads, hash) = match cmd {
            "memory" => (self.engine.threads(), n),
            _ => (n, self.engine.hash_mb()),
        };
        self.abandon();
        self.engine.configure(threads, hash);
    }

    /// `.` in analyze mode: time and nodes as of now, not of the last finished iteration.
    fn stat01(&self) {
        let i = self.last.lock().map(|i| i.clone()).unwrap_or_default();
        let (time_ms, nodes) = self
            .engine
            .progress()
            .map_or((i.time_ms, i.nodes), |(t, n)| (t.as_millis() as u64, n));
        send(&format!(
            "stat01: {} {} {} 0 0",
            time_ms / 10,
            nodes,
            i.depth
        ));
    }

    /// `undo` (n = 1) or `remove` (n = 2).
    fn take_back(&mut self, n: usize, cmd: &str) {
        self.abandon();
        if self.engine.game.plies() < n {
            send(&format!("Error (no move to take back): {cmd}"));
            return;
        }
        for _ in 0..n {
            self.engine.game.undo();
        }
        if self.analyze {
            self.analyse();
        }
    }

    /// Handles one line; false on `quit`.
    fn line(&mut self, raw: &str) -> bool {
        let line = raw.trim();
        let (cmd, arg) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        match cmd {
            "" => {}
            "quit" => return false,
            "xboard" | "accepted" if arg != "zestmoves" => {}
            "protover" => self.features(),
            "accepted" => self.zestmoves = true,
            "rejected" => {
                if arg == "zestmoves" {
                    self.zestmoves = false;
                }
            }
            "new" => self.new_game(),
            "variant" => match arg.parse::<VariantId>() {
                Ok(v) => {
                    self.abandon();
                    self.set_variant(v);
                    self.after_position_change();
                }
                Err(_) => send(&format!("Error (unsupported variant): {arg}")),
            },
            "setboard" => self.setboard(arg),
            "usermove" => self.usermove(arg),
            "go" => self.go(),
            "playother" => {
                self.abandon();
                self.force = false;
                self.engine_color = !self.engine.game.turn();
            }
            "force" => {
                self.abandon();
                self.force = true;
            }
            "?" => {
                if self.thinking.is_some() {
                    self.engine.stop();
                }
            }
            "ping" => {
                if self.thinking.is_some() {
                    self.pongs.push(arg.to_string());
                } else {
                    send(&format!("pong {arg}"));
                }
            }
            "level" => self.level(arg),
            "st" | "sd" | "time" | "otim" => {
                if !self.clock_command(cmd, arg) {
                    send(&format!("Error (bad argument): {line}"));
                }
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            "hard" | "easy" | "random" | "computer" | "name" | "rating" | "ics" | "draw"
            | "hint" | "bk" | "lift" | "put" | "hover" | "ponder" => {}
            "option" => match arg.split_once('=') {
                Some(("StartFEN", v)) => {
                    self.start_fen =
                        Some(v.trim().to_string()).filter(|v| !v.is_empty() && v != "-")
                }
                _ => send(&format!("Error (unknown option): {line}")),
            },
            "memory" | "cores" => match arg.parse::<usize>() {
                Ok(n) => self.resources(cmd, n.max(1)),
                _ => send(&format!("Error (bad argument): {line}")),
            },
            "analyze" => self.start_analysis(),
            "exit" if self.analyze => {
                self.abandon();
                self.analyze = false;
            }
            "exit" => send("Error (not analyzing): exit"),
            "." if self.analyze => self.stat01(),
            "." => {}
            "undo" => self.take_back(1, cmd),
            "remove" => self.take_back(2, cmd),
            "result" => {
                self.abandon();
                self.force = true;
            }
            _ => {
                // Protocol v1 GUIs (usermove rejected) send bare moves.
                if looks_like_move(cmd) && arg.is_empty() {
                    self.usermove(cmd);
                } else {
                    send(&format!("Error (unknown command): {line}"));
                }
            }
        }
        true
    }

    /// `variant NAME`: the start position, and for names xboard does not know
    /// the board (`setup`) and the new pieces' moves (`piece`), before any `pong`.
    fn set_variant(&mut self, id: VariantId) {
        let custom = self.start_fen.clone().filter(|_| !id.xboard_native());
        let loaded = match &custom {
            Some(fen) => match self.engine.set_game(id, Some(fen)) {
                Ok(()) => true,
                Err(e) => {
                    send(&format!("tellusererror Start FEN invalid for {id}: {e}"));
                    false
                }
            },
            None => false,
        };
        if !loaded && self.engine.set_game(id, None).is_err() {
            return;
        }
        self.variant = id;
        if !id.xboard_native() {
            let start = if loaded {
                self.engine.game.fen()
            } else {
                self.engine.game.start_fen().to_string()
            };
            // xboard reads the six standard fields only (the research note).
            let fen: Vec<&str> = start.split_whitespace().take(6).collect();
            send(&format!(
                "setup ({PIECE_TO_CHAR}) 8x8+0_fairy {}",
                fen.join(" ")
            ));
            let board = fen[0];
            for (letter, betza) in BETZA {
                if board.contains(*letter) || board.contains(letter.to_ascii_lowercase()) {
                    send(&format!("piece {letter}& {betza}"));
                }
            }
        }
    }

    fn after_position_change(&mut self) {
        if self.analyze {
            self.analyse();
        }
    }

    fn setboard(&mut self, fen: &str) {
        self.abandon();
        // xboard relays an opponent's pass as `setboard <position after it>`:
        // keep the game's history by playing the pass when that is what it is.
        let passed = self.engine.game.is_legal("0000") && self.engine.game.leads_to("0000", fen);
        if passed {
            let _ = self.engine.game.play("0000");
        } else {
            let registry = self.engine.game.variant();
            if let Err(e) = self.engine.set_game(registry, Some(fen)) {
                log::warn!("setboard {fen}: {e}");
                send("tellusererror Illegal position");
                send(&format!("Error (illegal position: {e}): setboard {fen}"));
                return;
            }
        }
        if self.analyze {
            self.analyse();
        } else if !self.force && self.engine.game.turn() == self.engine_color {
            self.think();
        }
    }

    /// The GUI's move token as zest notation, if it denotes a legal move.
    fn resolve(&self, token: &str) -> Option<String> {
        // A direct check first: listing every move is out of the question in Swap.
        if self.engine.game.is_legal(token) {
            return Some(token.to_string());
        }
        if self.zestmoves && !token.starts_with('O') {
            return None;
        }
        let legal = self.engine.game.legal_moves();
        let fen = self.engine.game.fen();
        if !self.zestmoves {
            if let Some(m) = legal
                .iter()
                .find(|m| to_xboard(m, &fen).as_deref() == Some(token))
            {
                return Some(m.clone());
            }
        }
        castling_from_san(token, &fen, &legal)
    }

    fn usermove(&mut self, token: &str) {
        if self.thinking.is_some() {
            // The GUI should not move while we think; take it as a move on our behalf refused.
            send(&format!("Illegal move (not your turn): {token}"));
            return;
        }
        let Some(mv) = self.resolve(token) else {
            send(&format!("Illegal move: {token}"));
            return;
        };
        if self.engine.game.play(&mv).is_err() {
            send(&format!("Illegal move: {token}"));
            return;
        }
        if self.analyze {
            self.analyse();
            return;
        }
        if self.force {
            return;
        }
        if let Some(o) = self.engine.game.outcome() {
            send(&o.to_string());
            return;
        }
        if self.engine.game.turn() == self.engine_color {
            self.think();
        }
    }

    fn level(&mut self, arg: &str) {
        let parts: Vec<&str> = arg.split_whitespace().collect();
        let ok = (|| -> Option<()> {
            let [mps, base, inc] = parts[..] else {
                return None;
            };
            let mps: u32 = mps.parse().ok()?;
            let base = match base.split_once(':') {
                Some((m, s)) => m.parse::<u64>().ok()? * 60 + s.parse::<u64>().ok()?,
                None => base.parse::<u64>().ok()? * 60,
            };
            let inc: f64 = inc
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite() && *v >= 0.0)?;
            self.clock.mps = mps;
            self.clock.base = Duration::from_secs(base);
            self.clock.inc = Duration::from_secs_f64(inc.min(1e6));
            self.clock.st = None;
            Some(())
        })();
        if ok.is_none() {
            send(&format!("Error (bad argument): level {arg}"));
        }
    }

    fn limits(&self) -> Limits {
        let c = &self.clock;
        let mut l = Limits {
            depth: c.sd,
            ..Limits::default()
        };
        if let Some(st) = c.st {
            l.movetime = Some(st);
            return l;
        }
        l.time = Some(c.own.unwrap_or(c.base));
        l.increment = c.inc;
        if c.mps > 0 {
            let made = (self.engine.game.plies() / 2) as u32;
            l.moves_to_go = Some(c.mps - made % c.mps);
        }
        l
    }

    /// Why this position cannot be played through plain CECP, if it cannot.
    fn unplayable(&self) -> Option<String> {
        if self.zestmoves {
            return None;
        }
        let registry = self.engine.game.variant();
        let structural = !registry.has_xboard_moves()
            || self
                .engine
                .game
                .legal_moves()
                .iter()
                .any(|m| m.contains(',') || m.contains('/'));
        if structural {
            // The first sentence fits xboard's dialog; protocol/xboard.md says the rest.
            return Some(format!(
                "zest cannot play {registry} in xboard: its moves have no XBoard form."
            ));
        }
        None
    }

    fn think(&mut self) {
        if let Some(o) = self.engine.game.outcome() {
            send(&o.to_string());
            return;
        }
        if let Some(why) = self.unplayable() {
            send(&format!("tellusererror {why}"));
            self.force = true;
            return;
        }
        let limits = self.limits();
        let sink = self.info_sink();
        self.thinking = Some(self.engine.go(limits, 1, sink));
    }

    fn analyse(&mut self) {
        self.engine.stop_and_wait();
        self.thinking = None;
        if self.engine.game.outcome().is_some() {
            return;
        }
        let sink = self.info_sink();
        let mpv = self.engine.multipv;
        self.engine.go(
            Limits {
                infinite: true,
                ..Limits::default()
            },
            mpv,
            sink,
        );
    }

    fn info_sink(&self) -> Box<dyn FnMut(&Info) + Send> {
        let post = self.post || self.analyze;
        let last = self.last.clone();
        Box::new(move |i: &Info| {
            if let Ok(mut l) = last.lock() {
                *l = i.clone();
            }
            if !post {
                return;
            }
            if let Some((score, pv)) = i.lines.first() {
                // ply score time(cs) nodes, then (tab-separated PV) seldepth nps tbhits.
                send(&format!(
                    "{} {} {} {} {} {} 0\t{}",
                    i.depth,
                    xboard_score(*score),
                    i.time_ms / 10,
                    i.nodes,
                    i.seldepth,
                    i.nps(),
                    pv.join(" ")
                ));
            }
        })
    }

    fn done(&mut self, d: Done) {
        if !self.engine.finished(d.id) || self.thinking != Some(d.id) {
            return;
        }
        self.thinking = None;
        let fen = self.engine.game.fen();
        let chosen = if self.zestmoves {
            d.best.clone()
        } else {
            // Best move first, then the other reported lines, then any legal
            // move: never a move xboard would garble.
            d.best
                .iter()
                .chain(d.alternatives.iter())
                .cloned()
                .chain(self.engine.game.legal_moves())
                .find(|m| to_xboard(m, &fen).is_some())
        };
        match chosen {
            Some(m) if self.engine.game.play(&m).is_ok() => {
                let out = if self.zestmoves {
                    m.clone()
                } else {
                    to_xboard(&m, &fen).unwrap_or(m.clone())
                };
                send(&format!("move {out}"));
                // The game's end, or (chess) the draw zest's move lets it claim.
                if let Some(o) = self
                    .engine
                    .game
                    .outcome()
                    .or_else(|| self.engine.game.claimable_draw())
                {
                    send(&o.to_string());
                }
            }
            _ => {
                if let Some(o) = self.engine.game.outcome() {
                    send(&o.to_string());
                } else {
                    send("tellusererror zest found no move it can send in this position");
                }
            }
        }
        self.flush_pongs();
    }
}

/// xboard sends Chess960 castling as `O-O` / `O-O-O`: the legal move from the
/// king's square that lands on (or takes) its own rook on that side, or moves
/// the king two files that way.
fn castling_from_san(token: &str, fen: &str, legal: &[String]) -> Option<String> {
    let kingside = match token.replace('0', "O").as_str() {
        "O-O" => true,
        "O-O-O" => false,
        _ => return None,
    };
    let white = fen.split_whitespace().nth(1)? == "w";
    let pieces = board_pieces(fen)?;
    let (king, rook) = if white { ('K', 'R') } else { ('k', 'r') };
    let &(_, kf, kr) = pieces.iter().find(|p| p.0 == king)?;
    let sq = |f: i32, r: i32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
    let from = sq(kf, kr);
    let side = |f: i32| if kingside { f > kf } else { f < kf };
    legal
        .iter()
        .filter(|m| m.len() == 4 && m.starts_with(&from))
        .find(|m| {
            let b = m.as_bytes();
            let (tf, tr) = ((b[2] - b'a') as i32, (b[3] - b'1') as i32);
            tr == kr
                && side(tf)
                && (pieces.iter().any(|p| p.0 == rook && p.1 == tf && p.2 == tr)
                    || (tf - kf).abs() == 2)
        })
        .cloned()
}

/// A bare token that could be a move (protocol v1 style input).
fn looks_like_move(s: &str) -> bool {
    s == "@@@@" || crate::core::Notation::parse(s).is_ok()
}
