//! The protocol-agnostic engine core shared by the XBoard and UCI front ends.
//!
//! It owns the game (a [`Game<V>`] for whichever variant is selected, behind the
//! type-erased [`GameBox`] so the front ends never name a variant type), one
//! [`Searcher`], and the background thread a search runs on. The main thread
//! keeps reading commands while a search runs, so `stop`, `?`, `isready`,
//! `ping` and `quit` are answered at once. Searches report through plain data
//! ([`Info`], [`Done`]); the front end decides how to print them, so the search
//! never knows the protocol.

use crate::core::{Color, MoveError};
use crate::eval::{Evaluate, Score};
use crate::registry::{self, VariantFn};
use crate::search::{Iteration, Limits, SearchOptions, Searcher, StopHandle};
use crate::variants::pv_strings;
use crate::variants::{Game, Outcome, VariantId};
use std::io::Write;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

/// What the front end's main loop waits on: a line from the GUI, the end of
/// input, or a finished search (sent by the search thread).
#[derive(Debug)]
pub enum Event {
    Line(String),
    Eof,
    Done(Done),
}

/// One reported iteration (or MultiPV line set), moves already in zest notation.
#[derive(Clone, Debug, Default)]
pub struct Info {
    pub depth: i32,
    pub seldepth: i32,
    pub nodes: u64,
    pub time_ms: u64,
    pub hashfull: u32,
    /// (score from the side to move's view, principal variation) per MultiPV line.
    pub lines: Vec<(Score, Vec<String>)>,
}

impl Info {
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.time_ms.max(1)
    }
}

/// A finished search.
#[derive(Clone, Debug)]
pub struct Done {
    /// Which search (the engine ignores results of searches it abandoned).
    pub id: u64,
    pub best: Option<String>,
    pub ponder: Option<String>,
    /// The best few root moves with scores, best first (for fallbacks when the
    /// best move cannot be expressed on a protocol).
    pub alternatives: Vec<String>,
    pub info: Info,
}

/// Callback receiving each iteration's report on the search thread.
pub type InfoSink = Box<dyn FnMut(&Info) + Send>;

/// A game of some variant, operated through strings.
pub trait GameBox: Send {
    fn variant(&self) -> VariantId;
    fn fen(&self) -> String;
    fn start_fen(&self) -> &'static str;
    fn turn(&self) -> Color;
    /// Moves played since the start / last `setboard`.
    fn plies(&self) -> usize;
    /// Parses and plays a move; unchanged on error.
    fn play(&mut self, mv: &str) -> Result<(), MoveError>;
    fn undo(&mut self) -> bool;
    /// The game is over: no move may be played (a draw the player may only
    /// claim does not count, see [`GameBox::claimable_draw`]).
    fn outcome(&self) -> Option<Outcome>;
    /// Where the rules make threefold repetition and the 50-move rule a player's
    /// claim (FIDE 9.2, 9.3: chess and Chess960), the draw that may be claimed now.
    fn claimable_draw(&self) -> Option<Outcome>;
    /// Every legal move in notation. Swap's full positions have millions: prefer
    /// [`GameBox::is_legal`] wherever one move is to be checked.
    fn legal_moves(&self) -> Vec<String>;
    /// Whether `mv` is a legal move now (a direct check, never a listing).
    fn is_legal(&self, mv: &str) -> bool;
    /// Whether playing `mv` now leads to a position with this FEN: placement,
    /// side, castling, en passant and any variant fields after the sixth are
    /// compared; the clocks are not (xboard rewrites them when relaying).
    fn leads_to(&self, mv: &str, fen: &str) -> bool;
    fn clone_box(&self) -> Box<dyn GameBox>;
    /// Starts a search of the current position on a new thread; the result is
    /// sent as [`Event::Done`] with `id`.
    fn spawn_search(&self, job: SearchJob) -> JoinHandle<()>;
}

/// Everything a search thread needs.
pub struct SearchJob {
    pub id: u64,
    pub searcher: Arc<Searcher>,
    pub limits: Limits,
    pub options: SearchOptions,
    pub info: InfoSink,
    pub events: Sender<Event>,
    /// Set by [`Engine::stop`]. The searcher clears its own stop flag when a
    /// search starts, so a stop that arrives before that would be lost: each
    /// report re-applies it.
    pub cancel: Arc<AtomicBool>,
}

/// The rules' reason strings of the two claimable draws.
const FIFTY_MOVES: &str = "50-move rule";
const REPETITION: &str = "3-fold repetition";

struct Session<V: Evaluate> {
    game: Game<V>,
}

impl<V: Evaluate> GameBox for Session<V> {
    fn variant(&self) -> VariantId {
        V::ID
    }
    fn fen(&self) -> String {
        self.game.position().fen()
    }
    fn start_fen(&self) -> &'static str {
        V::START_FEN
    }
    fn turn(&self) -> Color {
        self.game.position().turn()
    }
    fn plies(&self) -> usize {
        self.game.moves().len()
    }
    fn play(&mut self, mv: &str) -> Result<(), MoveError> {
        self.game.play_str(mv).map(|_| ())
    }
    fn undo(&mut self) -> bool {
        self.game.undo()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game
            .outcome()
            .filter(|_| self.claimable_draw().is_none())
    }
    fn claimable_draw(&self) -> Option<Outcome> {
        if !V::ID.draws_are_claims() {
            return None;
        }
        let pos = self.game.position();
        match pos.outcome() {
            // Mate, stalemate and dead positions end the game at once, the clock does not.
            Some(o) if o.reason == FIFTY_MOVES && pos.has_moves() => Some(o),
            Some(_) => None,
            None => (V::REPETITION_DRAWS && self.game.repetitions() >= 3)
                .then(|| Outcome::draw(REPETITION)),
        }
    }
    fn legal_moves(&self) -> Vec<String> {
        let pos = self.game.position();
        let mut out = Vec::new();
        let _ = pos.for_each_move(|m| {
            out.push(pos.move_to_string(m));
            ControlFlow::Continue(())
        });
        out
    }
    fn is_legal(&self, mv: &str) -> bool {
        self.game.position().parse_move(mv).is_ok()
    }
    fn leads_to(&self, mv: &str, fen: &str) -> bool {
        let Ok(m) = self.game.position().parse_move(mv) else {
            return false;
        };
        let mut p = self.game.position().clone();
        p.play(m);
        let head = |f: &str| {
            let w: Vec<&str> = f.split_whitespace().collect();
            let mut k: Vec<&str> = w.iter().take(4).copied().collect();
            k.extend(w.iter().skip(6).copied());
            k.join(" ")
        };
        head(&p.fen()) == head(fen)
    }
    fn clone_box(&self) -> Box<dyn GameBox> {
        Box::new(Session {
            game: self.game.clone(),
        })
    }
    fn spawn_search(&self, job: SearchJob) -> JoinHandle<()> {
        let root = self.game.position().clone();
        let history = self.game.history_keys();
        std::thread::Builder::new()
            .name("zest-protocol-search".into())
            .spawn(move || run_search(root, history, job))
            .expect("spawn search thread")
    }
}

fn run_search<V: Evaluate>(root: V, history: Vec<u64>, job: SearchJob) {
    let SearchJob {
        id,
        searcher,
        limits,
        options,
        mut info,
        events,
        cancel,
    } = job;
    let stop = searcher.stop_handle();
    let start = Instant::now();
    let mut last = Info::default();
    let mut report = |it: &Iteration<V::Move>| {
        let i = Info {
            depth: it.depth,
            seldepth: it.seldepth,
            nodes: it.nodes,
            time_ms: start.elapsed().as_millis() as u64,
            hashfull: searcher.hashfull(),
            lines: it
                .lines
                .iter()
                .map(|l| (l.score, pv_strings(&root, &l.pv)))
                .collect(),
        };
        info(&i);
        last = i;
        if cancel.load(Ordering::Relaxed) {
            stop.stop();
        }
    };
    let r = searcher.search(&root, &history, &limits, &options, &mut report);
    let mut best = r.best.map(|m| root.move_to_string(m));
    let ponder = r
        .lines
        .first()
        .and_then(|l| (l.pv.len() > 1).then(|| pv_strings(&root, &l.pv[..2])[1].clone()));
    if best.is_none() && root.outcome().is_none() {
        // Stopped before the first iteration ended: any legal move beats none.
        let _ = root.for_each_move(|m| {
            best = Some(root.move_to_string(m));
            ControlFlow::Break(())
        });
    }
    let alternatives = r
        .lines
        .iter()
        .filter_map(|l| l.pv.first().map(|&m| root.move_to_string(m)))
        .collect();
    last.nodes = r.nodes;
    last.time_ms = r.time.as_millis() as u64;
    let _ = events.send(Event::Done(Done {
        id,
        best,
        ponder,
        alternatives,
        info: last,
    }));
}

struct NewGame<'a>(Option<&'a str>);

impl VariantFn for NewGame<'_> {
    type Output = Result<Box<dyn GameBox>, String>;
    fn call<V: Evaluate>(self) -> Self::Output {
        let game = match self.0 {
            None => Game::<V>::new(),
            Some(fen) => Game::<V>::from_fen(fen).map_err(|e| e.to_string())?,
        };
        Ok(Box::new(Session { game }))
    }
}

/// Builds a game of `variant` from its start (`fen` None) or a FEN.
pub fn new_game_of(variant: VariantId, fen: Option<&str>) -> Result<Box<dyn GameBox>, String> {
    registry::run(variant, NewGame(fen))
}

/// [`new_game_of`] the variant any of its names selects.
pub fn new_game(variant: &str, fen: Option<&str>) -> Result<Box<dyn GameBox>, String> {
    new_game_of(variant.parse().map_err(|e| format!("{e}"))?, fen)
}

/// Writes protocol lines to stdout, one whole line at a time, flushed (GUIs wait on them).
pub fn send(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
    log::debug!("> {line}");
}

/// Reads stdin on its own thread so the main loop can also receive search results.
pub fn spawn_stdin_reader(tx: Sender<Event>) {
    std::thread::Builder::new()
        .name("zest-stdin".into())
        .spawn(move || {
            use std::io::BufRead;
            let stdin = std::io::stdin();
            let mut lock = stdin.lock();
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match lock.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        // Invalid UTF-8 must not kill the engine: replace it.
                        let line = String::from_utf8_lossy(&buf);
                        let line = line.trim_end_matches(['\n', '\r']).to_string();
                        log::debug!("< {line}");
                        if tx.send(Event::Line(line)).is_err() {
                            return;
                        }
                    }
                }
            }
            let _ = tx.send(Event::Eof);
        })
        .expect("spawn stdin reader");
}

struct Running {
    id: u64,
    start: Instant,
    stop: StopHandle,
    cancel: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

/// Engine settings and state shared by both protocols.
pub struct Engine {
    pub game: Box<dyn GameBox>,
    searcher: Arc<Searcher>,
    threads: usize,
    hash_mb: usize,
    pub multipv: usize,
    pub move_overhead_ms: u64,
    running: Option<Running>,
    next_id: u64,
    events: Sender<Event>,
}

impl Engine {
    pub fn new(events: Sender<Event>) -> Engine {
        Engine {
            game: new_game_of(VariantId::Chess, None).expect("chess starts"),
            searcher: Arc::new(Searcher::new(1, 16)),
            threads: 1,
            hash_mb: 16,
            multipv: 1,
            move_overhead_ms: 10,
            running: None,
            next_id: 1,
            events,
        }
    }

    pub fn threads(&self) -> usize {
        self.threads
    }
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Resizes the searcher (waits for a running search to stop first).
    pub fn configure(&mut self, threads: usize, hash_mb: usize) {
        let threads = threads.clamp(1, 256);
        let hash_mb = hash_mb.clamp(1, 4096);
        if threads != self.threads || hash_mb != self.hash_mb {
            self.stop_and_wait();
            self.threads = threads;
            self.hash_mb = hash_mb;
            self.searcher = Arc::new(Searcher::new(threads, hash_mb));
        }
    }

    pub fn clear_hash(&mut self) {
        self.stop_and_wait();
        self.searcher.clear();
    }

    /// Replaces the game; on error the old game stays.
    pub fn set_game(&mut self, variant: VariantId, fen: Option<&str>) -> Result<(), String> {
        let g = new_game_of(variant, fen)?;
        self.stop_and_wait();
        self.game = g;
        Ok(())
    }

    /// Time and nodes of the running search so far.
    pub fn progress(&self) -> Option<(std::time::Duration, u64)> {
        let r = self.running.as_ref()?;
        Some((r.start.elapsed(), self.searcher.nodes()))
    }

    pub fn searching(&self) -> Option<u64> {
        self.running.as_ref().map(|r| r.id)
    }

    /// Starts searching the current position; returns the search id.
    pub fn go(&mut self, limits: Limits, multipv: usize, info: InfoSink) -> u64 {
        self.stop_and_wait();
        let id = self.next_id;
        self.next_id += 1;
        let searcher = match Arc::get_mut(&mut self.searcher) {
            Some(s) => {
                s.move_overhead = std::time::Duration::from_millis(self.move_overhead_ms);
                self.searcher.clone()
            }
            None => self.searcher.clone(),
        };
        let stop = searcher.stop_handle();
        let cancel = Arc::new(AtomicBool::new(false));
        let handle = self.game.spawn_search(SearchJob {
            id,
            searcher,
            limits,
            options: SearchOptions {
                pruning: true,
                multipv: multipv.max(1),
            },
            info,
            events: self.events.clone(),
            cancel: cancel.clone(),
        });
        self.running = Some(Running {
            id,
            start: Instant::now(),
            stop,
            cancel,
            handle,
        });
        id
    }

    /// Asks the running search to finish; its result still arrives as an event.
    pub fn stop(&self) {
        if let Some(r) = &self.running {
            r.cancel.store(true, Ordering::Relaxed);
            r.stop.stop();
        }
    }

    /// Stops the running search and waits for its thread; its result will be
    /// ignored (the caller must treat the returned id as abandoned).
    pub fn stop_and_wait(&mut self) -> Option<u64> {
        let r = self.running.take()?;
        r.cancel.store(true, Ordering::Relaxed);
        // Repeat the stop until the thread ends (see `SearchJob::cancel`).
        while !r.handle.is_finished() {
            r.stop.stop();
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        let _ = r.handle.join();
        Some(r.id)
    }

    /// Called by the front end when a search's result arrives: true if it is
    /// the current search (and marks it finished), false for an abandoned one.
    pub fn finished(&mut self, id: u64) -> bool {
        match &self.running {
            Some(r) if r.id == id => {
                let r = self.running.take().expect("running");
                let _ = r.handle.join();
                true
            }
            _ => false,
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop_and_wait();
    }
}
