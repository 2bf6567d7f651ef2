//! Engine searches for the board: the engine core's search thread
//! ([`GameBox::spawn_search`]) run under a limit on how many search at once,
//! stopped when a newer request supersedes it, when its tab goes away, or at
//! a hard time cap, so no request can make the server search forever.

use crate::eval::score::{score_json, ScoreJson};
use crate::protocol::engine::{Done, Event, GameBox, Info, SearchJob};
use crate::search::{Limits, SearchOptions, Searcher};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, Semaphore};

/// The longest any one search may run (analysis included).
pub const MAX_SEARCH: Duration = Duration::from_secs(600);
/// Transposition table per search, in MB.
const HASH_MB: usize = 16;

/// How hard to search: any of the limits (none: until stopped), threads, MultiPV lines.
#[derive(Deserialize, Debug, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct SearchRequest {
    pub movetime: Option<u64>,
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    pub threads: Option<usize>,
    pub multipv: Option<usize>,
}

impl SearchRequest {
    /// Checks the ranges; the limits the engine gets (`infinite` when none is given).
    pub fn limits(&self) -> Result<Limits, String> {
        let mut l = Limits::default();
        if let Some(ms) = self.movetime {
            if !(1..=MAX_SEARCH.as_millis() as u64).contains(&ms) {
                return Err(format!("movetime {ms} out of range (1-600000 ms)"));
            }
            l.movetime = Some(Duration::from_millis(ms));
        }
        if let Some(d) = self.depth {
            if !(1..=100).contains(&d) {
                return Err(format!("depth {d} out of range (1-100)"));
            }
            l.depth = Some(d);
        }
        if let Some(n) = self.nodes {
            if !(1..=10_000_000_000).contains(&n) {
                return Err(format!("nodes {n} out of range (1-10^10)"));
            }
            l.nodes = Some(n);
        }
        l.infinite = l.movetime.is_none() && l.depth.is_none() && l.nodes.is_none();
        if let Some(t) = self.threads {
            if !(1..=max_threads()).contains(&t) {
                return Err(format!("threads {t} out of range (1-{})", max_threads()));
            }
        }
        if let Some(m) = self.multipv {
            if !(1..=5).contains(&m) {
                return Err(format!("multipv {m} out of range (1-5)"));
            }
        }
        Ok(l)
    }
}

/// Threads one search may ask for: the machine's cores.
pub fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// One MultiPV line for the page.
#[derive(Serialize, Debug, Clone)]
pub struct LineJson {
    pub multipv: usize,
    /// From the side to move's view.
    pub score: ScoreJson,
    pub pv: Vec<String>,
}

/// One iteration's report, as the page receives it.
#[derive(Serialize, Debug, Clone)]
pub struct InfoJson {
    pub depth: i32,
    pub seldepth: i32,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub lines: Vec<LineJson>,
}

impl From<&Info> for InfoJson {
    fn from(i: &Info) -> InfoJson {
        InfoJson {
            depth: i.depth,
            seldepth: i.seldepth,
            nodes: i.nodes,
            nps: i.nps(),
            time_ms: i.time_ms,
            lines: i
                .lines
                .iter()
                .enumerate()
                .map(|(k, (s, pv))| LineJson {
                    multipv: k + 1,
                    score: score_json(*s),
                    pv: pv.clone(),
                })
                .collect(),
        }
    }
}

/// The searches of the whole server: at most `permits` at once, the others wait.
pub struct Engines {
    permits: Arc<Semaphore>,
    pub max_searches: usize,
}

/// Sets its flag when dropped: a search whose request or stream is gone stops.
pub struct CancelOnDrop(pub Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl Engines {
    pub fn new(max_searches: usize) -> Engines {
        let max_searches = max_searches.max(1);
        Engines {
            permits: Arc::new(Semaphore::new(max_searches)),
            max_searches,
        }
    }

    /// Whether a new search would have to wait for a free slot.
    pub fn busy(&self) -> bool {
        self.permits.available_permits() == 0
    }

    /// Runs one search of `game` to its end (limit, `cancel`, or [`MAX_SEARCH`]),
    /// sending each iteration to `infos`. None when cancelled before it began.
    pub async fn search(
        &self,
        game: Box<dyn GameBox>,
        req: &SearchRequest,
        cancel: Arc<AtomicBool>,
        infos: Option<mpsc::UnboundedSender<InfoJson>>,
    ) -> Result<Option<Done>, String> {
        let limits = req.limits()?;
        let threads = req.threads.unwrap_or(1);
        let multipv = req.multipv.unwrap_or(1);
        let permit = tokio::select! {
            p = self.permits.clone().acquire_owned() => p.map_err(|e| e.to_string())?,
            _ = wait_for(cancel.clone()) => return Ok(None),
        };
        let done = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            run(game, limits, threads, multipv, cancel, infos)
        })
        .await
        .map_err(|e| format!("search thread failed: {e}"))?;
        Ok(done)
    }
}

/// Resolves once `flag` is set (polled: the flag is set from synchronous code).
async fn wait_for(flag: Arc<AtomicBool>) {
    while !flag.load(Ordering::Relaxed) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn run(
    game: Box<dyn GameBox>,
    limits: Limits,
    threads: usize,
    multipv: usize,
    cancel: Arc<AtomicBool>,
    infos: Option<mpsc::UnboundedSender<InfoJson>>,
) -> Option<Done> {
    if cancel.load(Ordering::Relaxed) {
        return None;
    }
    let searcher = Arc::new(Searcher::new(threads, HASH_MB));
    let stop = searcher.stop_handle();
    let (tx, rx) = std::sync::mpsc::channel();
    let handle = game.spawn_search(SearchJob {
        id: 1,
        searcher,
        limits,
        options: SearchOptions {
            pruning: true,
            multipv,
        },
        info: Box::new(move |i: &Info| {
            if let Some(tx) = &infos {
                let _ = tx.send(InfoJson::from(i));
            }
        }),
        events: tx,
        cancel: cancel.clone(),
    });
    let start = Instant::now();
    let done = loop {
        match rx.recv_timeout(Duration::from_millis(5)) {
            Ok(Event::Done(d)) => break Some(d),
            Ok(_) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                if cancel.load(Ordering::Relaxed) || start.elapsed() > MAX_SEARCH {
                    cancel.store(true, Ordering::Relaxed);
                    stop.stop();
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break None,
        }
    };
    let _ = handle.join();
    done
}
