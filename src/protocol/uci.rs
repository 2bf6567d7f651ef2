//! The UCI front end (see `protocol/uci.md`).
//!
//! vampirc-uci parses the commands where it is exact (`setoption`, `go`
//! without `searchmoves`, and the argument-less commands). It truncates zest's
//! move tokens and rejects variant FENs, so `position` and `go searchmoves`
//! are tokenised here and every move goes through the variant's own parser.

use super::engine::{send, Done, Engine, Event, Info};
use super::uci_score;
use crate::search::{params, Limits};
use crate::variants::{VariantId, NAMES};
use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, Sender};
use std::time::Duration;
use vampirc_uci::{UciMessage, UciTimeControl};

/// The UCI session: options, the position last set, and the pending search.
pub struct Uci {
    engine: Engine,
    /// `UCI_Variant`.
    variant: VariantId,
    /// `UCI_Chess960`: turns chess into Chess960.
    chess960: bool,
    /// The search started by `go ponder`/`go infinite` must not print
    /// `bestmove` before `stop`/`ponderhit`.
    hold: bool,
    held: Option<Done>,
    /// `go ponder`: limits to search with once `ponderhit` arrives.
    ponder_limits: Option<Limits>,
    current: Option<u64>,
    rx: Receiver<Event>,
    /// Lines that arrived while a command waited for the running search to end.
    pending: VecDeque<Event>,
}

fn millis(ms: i64) -> Duration {
    Duration::from_millis(ms.max(0) as u64)
}

impl Uci {
    pub fn new(tx: Sender<Event>, rx: Receiver<Event>) -> Uci {
        Uci {
            rx,
            pending: VecDeque::new(),
            engine: Engine::new(tx),
            variant: VariantId::Chess,
            chess960: false,
            hold: false,
            held: None,
            ponder_limits: None,
            current: None,
        }
    }

    /// The game the options select.
    fn effective_variant(&self) -> VariantId {
        if self.chess960 && self.variant == VariantId::Chess {
            VariantId::Chess960
        } else {
            self.variant
        }
    }

    fn print_id(&self) {
        send(&format!("id name zest {}", env!("CARGO_PKG_VERSION")));
        send("id author the zest authors");
        let mut combo = String::from("option name UCI_Variant type combo default chess");
        for name in NAMES {
            combo.push_str(" var ");
            combo.push_str(name);
        }
        send(&combo);
        send("option name UCI_Chess960 type check default false");
        send("option name Threads type spin default 1 min 1 max 256");
        send("option name Hash type spin default 16 min 1 max 4096");
        send("option name MultiPV type spin default 1 min 1 max 256");
        send("option name Move Overhead type spin default 10 min 0 max 5000");
        send("option name Ponder type check default false");
        send("option name Clear Hash type button");
        if params::RUNTIME {
            for p in params::PARAMS {
                send(&format!(
                    "option name {} type spin default {} min {} max {}",
                    p.name, p.default, p.min, p.max
                ));
            }
        }
        send("uciok");
    }

    /// Runs until `quit` or end of input.
    pub fn run(&mut self, first: Option<String>) {
        if let Some(l) = first {
            if !self.line(&l) {
                return;
            }
        }
        while let Some(ev) = self.pending.pop_front().or_else(|| self.rx.recv().ok()) {
            match ev {
                Event::Line(l) => {
                    if !self.line(&l) {
                        break;
                    }
                }
                Event::Eof => {
                    // End of input means `quit`: stop, still answering the running search.
                    self.interrupt();
                    break;
                }
                Event::Done(d) => self.done(d),
            }
        }
        self.engine.stop_and_wait();
    }

    fn done(&mut self, d: Done) {
        if !self.engine.finished(d.id) || self.current != Some(d.id) {
            return;
        }
        if self.hold {
            self.held = Some(d);
        } else {
            self.emit_bestmove(d);
        }
    }

    fn emit_bestmove(&mut self, d: Done) {
        self.current = None;
        match (d.best, d.ponder) {
            (Some(b), Some(p)) => send(&format!("bestmove {b} ponder {p}")),
            (Some(b), None) => send(&format!("bestmove {b}")),
            (None, _) => send("bestmove (none)"),
        }
    }

    /// Handles one line; false on `quit`.
    fn line(&mut self, raw: &str) -> bool {
        let line = raw.trim();
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return true;
        };
        match cmd {
            "quit" => {
                // A running search is stopped and still answered: every `go` gets its
                // `bestmove` (Stockfish's `quit` does the same).
                self.engine.stop();
                self.interrupt();
                return false;
            }
            "uci" => self.print_id(),
            "isready" => send("readyok"),
            "debug" | "register" => {}
            "ucinewgame" => {
                self.interrupt();
                self.engine.clear_hash();
                let _ = self.engine.set_game(self.effective_variant(), None);
            }
            "position" => self.position(line),
            "go" => self.go(line),
            "stop" => {
                self.hold = false;
                self.ponder_limits = None;
                if let Some(d) = self.held.take() {
                    self.emit_bestmove(d);
                } else {
                    self.engine.stop();
                }
            }
            "ponderhit" => self.ponderhit(),
            "setoption" => self.setoption(line),
            // Not UCI, but what a human at the console expects.
            "d" => send(&format!("info string fen {}", self.engine.game.fen())),
            _ => send(&format!("info string unknown command: {line}")),
        }
        true
    }

    /// Stops the running search (a ponder or infinite one too) and prints its
    /// `bestmove`: every `go` gets exactly one, whatever comes in between.
    /// Lines that arrive meanwhile are queued, so that an `isready` sent after the
    /// command is answered after it.
    fn interrupt(&mut self) {
        if self.current.is_none() {
            return;
        }
        if self.release_hold() {
            return;
        }
        while self.current.is_some() {
            match self.rx.recv() {
                Ok(Event::Done(d)) => self.done(d),
                Ok(other) => self.pending.push_back(other),
                Err(_) => self.current = None,
            }
        }
    }

    /// Ends an infinite or ponder hold: prints the held `bestmove` if the search already
    /// finished (true), else stops the search so that its `bestmove` follows (false).
    fn release_hold(&mut self) -> bool {
        self.hold = false;
        self.ponder_limits = None;
        if let Some(d) = self.held.take() {
            self.emit_bestmove(d);
            return true;
        }
        self.engine.stop();
        false
    }

    /// Commands are processed in order: a `position` or `go` that arrives
    /// while a search runs waits for its `bestmove` (an infinite or ponder
    /// search is ended as `stop` would). `stop`, `isready` and `quit` are
    /// answered meanwhile; other lines are queued.
    fn wait_search(&mut self) {
        if self.current.is_none() {
            return;
        }
        if self.hold && self.release_hold() {
            return;
        }
        while self.current.is_some() {
            match self.rx.recv() {
                Ok(Event::Done(d)) => self.done(d),
                Ok(Event::Line(l)) => match l.split_whitespace().next() {
                    Some("stop") => self.engine.stop(),
                    Some("isready") => send("readyok"),
                    Some("quit") => {
                        self.engine.stop();
                        self.pending.push_back(Event::Line(l));
                    }
                    _ => self.pending.push_back(Event::Line(l)),
                },
                Ok(Event::Eof) => {
                    self.engine.stop();
                    self.pending.push_back(Event::Eof);
                }
                Err(_) => {
                    self.current = None;
                }
            }
        }
    }

    fn position(&mut self, line: &str) {
        self.wait_search();
        let tokens: Vec<&str> = line.split_whitespace().skip(1).collect();
        let moves_at = tokens.iter().position(|&t| t == "moves");
        let (head, moves) = match moves_at {
            Some(i) => (&tokens[..i], &tokens[i + 1..]),
            None => (&tokens[..], &[][..]),
        };
        let fen = match head.first() {
            Some(&"startpos") if head.len() == 1 => None,
            Some(&"fen") if head.len() > 1 => Some(head[1..].join(" ")),
            _ => {
                send(&format!(
                    "info string malformed position command (expected startpos or fen FEN): {line}"
                ));
                return;
            }
        };
        let variant = self.effective_variant();
        let mut game = match super::engine::new_game_of(variant, fen.as_deref()) {
            Ok(g) => g,
            Err(e) => {
                send(&format!("info string invalid FEN for {variant}: {e}"));
                return;
            }
        };
        for m in moves {
            if let Err(e) = game.play(m) {
                send(&format!("info string position unchanged: move {m}: {e}"));
                return;
            }
        }
        self.engine.game = game;
    }

    fn go(&mut self, line: &str) {
        self.wait_search();
        let Some((limits, ponder)) = self.parse_go(line) else {
            return;
        };
        if let Some(o) = self.engine.game.outcome() {
            // A finished game has no moves; say why, then answer at once.
            send(&format!("info string game over: {o}"));
            send("bestmove (none)");
            return;
        }
        if let Some(c) = self.engine.game.claimable_draw() {
            // FIDE: the player may claim; the GUI is the arbiter, so zest still plays.
            send(&format!("info string draw may be claimed: {c}"));
        }
        let mut search_limits = limits.clone();
        if ponder || limits.infinite {
            self.hold = true;
            search_limits = Limits {
                infinite: true,
                ..Limits::default()
            };
        }
        self.ponder_limits = ponder.then_some(limits);
        self.start(search_limits);
    }

    fn start(&mut self, limits: Limits) {
        let mpv = self.engine.multipv;
        let id = self.engine.go(limits, mpv, Box::new(print_info));
        self.current = Some(id);
    }

    fn ponderhit(&mut self) {
        let Some(limits) = self.ponder_limits.take() else {
            return;
        };
        // The searcher cannot change limits in flight: restart with the real
        // ones; the transposition table keeps what pondering found.
        self.hold = false;
        if self.engine.stop_and_wait().is_some() || self.held.is_some() {
            self.held = None;
            self.start(limits);
        }
    }

    /// `go` arguments; None (after an `info string`) if malformed. vampirc-uci's
    /// strict parser is used when it accepts the whole line and no `searchmoves`
    /// (whose zest tokens it would truncate) or `ponder` with clocks is present.
    fn parse_go(&self, line: &str) -> Option<(Limits, bool)> {
        let white = self.engine.game.turn() == crate::core::Color::White;
        let simple = !line.contains("searchmoves") && !line.contains("ponder");
        let parsed = if simple {
            vampirc_uci::parse_strict(&format!("{line}\n")).ok()
        } else {
            None
        };
        let Some(UciMessage::Go {
            time_control,
            search_control,
        }) = parsed.and_then(|ml| ml.into_iter().next())
        else {
            return self.parse_go_tokens(line);
        };
        let mut l = Limits::default();
        match time_control {
            Some(UciTimeControl::Infinite) => l.infinite = true,
            Some(UciTimeControl::Ponder) => return self.parse_go_tokens(line),
            Some(UciTimeControl::MoveTime(d)) => l.movetime = Some(millis(d.num_milliseconds())),
            Some(UciTimeControl::TimeLeft {
                white_time,
                black_time,
                white_increment,
                black_increment,
                moves_to_go,
            }) => {
                let (t, i) = if white {
                    (white_time, white_increment)
                } else {
                    (black_time, black_increment)
                };
                l.time = t.map(|d| millis(d.num_milliseconds()));
                l.increment = i.map_or(Duration::ZERO, |d| millis(d.num_milliseconds()));
                l.moves_to_go = moves_to_go.filter(|&m| m > 0).map(u32::from);
            }
            None => {}
        }
        if let Some(s) = search_control {
            l.depth = s.depth.map(|d| i32::from(d).clamp(1, 127));
            l.nodes = s.nodes.map(|n| n.max(1));
            if let Some(m) = s.mate {
                l.depth = Some((2 * i32::from(m) - 1).clamp(1, 127));
            }
        }
        if !has_any_limit(&l) {
            l.infinite = true;
        }
        Some((l, false))
    }

    /// Own tokeniser: `searchmoves` with zest tokens, `ponder` with clocks, large values.
    /// A number that does not parse (or exceeds 64 bits) reads as 0, as Stockfish
    /// reads it, so a broken clock means a quick move; an unknown word is skipped.
    /// Each is said in an `info string`, and the search still runs: every `go` ends
    /// in a `bestmove`.
    fn parse_go_tokens(&self, line: &str) -> Option<(Limits, bool)> {
        let white = self.engine.game.turn() == crate::core::Color::White;
        let mut l = Limits::default();
        let mut ponder = false;
        let mut malformed = false;
        let t: Vec<&str> = line.split_whitespace().skip(1).collect();
        let mut i = 0;
        while i < t.len() {
            let key = t[i];
            i += 1;
            if !is_go_keyword(key) {
                send(&format!("info string go: ignored unknown word '{key}'"));
                malformed = true;
                continue;
            }
            if matches!(key, "infinite" | "ponder" | "searchmoves") {
                match key {
                    "infinite" => l.infinite = true,
                    "ponder" => ponder = true,
                    _ => {
                        // zest's searcher has no root-move filter: accept and say so.
                        i += t[i..].iter().take_while(|w| !is_go_keyword(w)).count();
                        send("info string searchmoves is not supported; searching all moves");
                    }
                }
                continue;
            }
            let raw = t.get(i).copied().filter(|w| !is_go_keyword(w));
            if raw.is_some() {
                i += 1;
            }
            let v = match raw.map(|w| w.parse::<i64>().ok()) {
                Some(Some(v)) => v,
                _ => {
                    send(&format!(
                        "info string go: {key} needs a 64-bit number, got '{}'; read as 0",
                        raw.unwrap_or("")
                    ));
                    malformed = true;
                    0
                }
            };
            match key {
                "wtime" if white => l.time = Some(millis(v)),
                "btime" if !white => l.time = Some(millis(v)),
                "winc" if white => l.increment = millis(v),
                "binc" if !white => l.increment = millis(v),
                "movestogo" => l.moves_to_go = Some(v.clamp(1, 1000) as u32),
                "depth" => l.depth = Some(v.clamp(1, 127) as i32),
                "nodes" => l.nodes = Some(v.max(1) as u64),
                "mate" => {
                    l.depth = Some(v.saturating_mul(2).saturating_sub(1).clamp(1, 127) as i32)
                }
                "movetime" => l.movetime = Some(millis(v)),
                _ => {} // the opponent's clock
            }
        }
        if !ponder && !has_any_limit(&l) {
            if malformed {
                // Not a deliberate `go infinite`: the GUI's fields were broken (say the
                // clock of the side not to move). Answer quickly, as with an empty clock.
                send("info string go: no usable limit; searching as with 0 ms on the clock");
                l.time = Some(Duration::ZERO);
            } else {
                l.infinite = true;
            }
        }
        Some((l, ponder))
    }

    fn setoption(&mut self, line: &str) {
        let (name, value) = match vampirc_uci::parse_one(line) {
            UciMessage::SetOption { name, value } => (name, value.unwrap_or_default()),
            _ => {
                send(&format!("info string malformed setoption: {line}"));
                return;
            }
        };
        let value = value.trim().to_string();
        let int = |lo: i64, hi: i64| value.parse::<i64>().ok().map(|v| v.clamp(lo, hi));
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match value.parse::<VariantId>() {
                Ok(v) => {
                    self.interrupt();
                    self.variant = v;
                    let ev = self.effective_variant();
                    let _ = self.engine.set_game(ev, None);
                    let fen = self.engine.game.start_fen();
                    send(&format!("info string variant {ev} startpos {fen}"));
                }
                Err(e) => send(&format!("info string {e}")),
            },
            "uci_chess960" => match value.to_ascii_lowercase().as_str() {
                v @ ("true" | "false") => {
                    self.chess960 = v == "true";
                    let ev = self.effective_variant();
                    if ev != self.engine.game.variant() {
                        self.interrupt();
                        let _ = self.engine.set_game(ev, None);
                    }
                }
                _ => send(&format!(
                    "info string UCI_Chess960 expects true or false: {value}"
                )),
            },
            "threads" => match int(1, 256) {
                Some(v) => {
                    self.interrupt();
                    let h = self.engine.hash_mb();
                    self.engine.configure(v as usize, h);
                }
                None => send(&format!("info string Threads expects a number: {value}")),
            },
            "hash" => match int(1, 4096) {
                Some(v) => {
                    self.interrupt();
                    let t = self.engine.threads();
                    self.engine.configure(t, v as usize);
                }
                None => send(&format!("info string Hash expects a number: {value}")),
            },
            "multipv" => match int(1, 256) {
                Some(v) => self.engine.multipv = v as usize,
                None => send(&format!("info string MultiPV expects a number: {value}")),
            },
            "move overhead" => match int(0, 5000) {
                Some(v) => self.engine.move_overhead_ms = v as u64,
                None => send(&format!(
                    "info string Move Overhead expects a number: {value}"
                )),
            },
            "clear hash" => {
                self.interrupt();
                self.engine.clear_hash();
            }
            "ponder" => {}
            // A search constant, where this build tunes them (`params::RUNTIME`).
            _ if params::RUNTIME && params::find(&name).is_some() => match value.parse() {
                Ok(v) => {
                    self.interrupt();
                    params::set(&name, v);
                }
                Err(_) => send(&format!("info string {name} expects a number: {value}")),
            },
            _ => send(&format!("info string unknown option: {name}")),
        }
    }
}

fn is_go_keyword(w: &str) -> bool {
    matches!(
        w,
        "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "depth"
            | "nodes"
            | "mate"
            | "movetime"
            | "infinite"
            | "ponder"
            | "searchmoves"
    )
}

fn has_any_limit(l: &Limits) -> bool {
    l.infinite || l.depth.is_some() || l.nodes.is_some() || l.movetime.is_some() || l.time.is_some()
}

/// One `info` line per MultiPV line.
fn print_info(i: &Info) {
    let multi = i.lines.len() > 1;
    for (k, (score, pv)) in i.lines.iter().enumerate() {
        let mut s = format!("info depth {} seldepth {}", i.depth, i.seldepth);
        if multi {
            s.push_str(&format!(" multipv {}", k + 1));
        }
        s.push_str(&format!(
            " score {} nodes {} nps {} hashfull {} time {} pv {}",
            uci_score(*score),
            i.nodes,
            i.nps(),
            i.hashfull,
            i.time_ms,
            pv.join(" ")
        ));
        send(&s);
    }
}
