//! The search: a [`Searcher`] owns the transposition table and a thread pool
//! and runs Lazy SMP — every thread searches the same root with the shared
//! table; thread 0 reports and decides.

pub mod correction;
pub mod cycle;
pub mod eval_cache;
pub mod ordering;
pub mod params;
pub mod searcher;
pub mod timeman;
pub mod tt;

use crate::eval::{Evaluate, Score};
pub use searcher::{Iteration, Line, SearchOptions};
use searcher::{Shared, ThreadState, Worker};
use std::any::{Any, TypeId};
use std::cmp::Reverse;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
pub use timeman::{Limits, TimeManager};
pub use tt::TranspositionTable;

/// The outcome of one search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    pub best: Option<M>,
    pub score: Score,
    pub depth: i32,
    pub seldepth: i32,
    pub nodes: u64,
    pub time: Duration,
    pub lines: Vec<Line<M>>,
}

/// Owns what outlives one search: the table, the threads, the stop flag.
pub struct Searcher {
    shared: Arc<Shared>,
    pool: rayon::ThreadPool,
    threads: usize,
    /// Each thread's [`ThreadState`] between the searches of one game, with the game type
    /// it belongs to (a state is only taken up by a search of the same game).
    states: Vec<Mutex<Option<KeptState>>>,
    /// Subtracted from every time budget for GUI and pipe latency.
    pub move_overhead: Duration,
}

impl Searcher {
    pub fn new(threads: usize, hash_mb: usize) -> Searcher {
        crate::core::attacks::init();
        crate::core::cuckoo::init();
        let threads = threads.max(1);
        Searcher {
            shared: Arc::new(Shared {
                tt: TranspositionTable::new(hash_mb),
                stop: AtomicBool::new(false),
                nodes: AtomicU64::new(0),
                breadcrumbs: Default::default(),
            }),
            pool: rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .thread_name(|i| format!("zest-search-{i}"))
                .stack_size(16 << 20)
                .build()
                .expect("thread pool"),
            threads,
            states: (0..threads).map(|_| Mutex::new(None)).collect(),
            move_overhead: Duration::from_millis(10),
        }
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// A handle that can stop a running search from another thread.
    pub fn stop_handle(&self) -> StopHandle {
        StopHandle(self.shared.clone())
    }

    /// Forgets everything learned (new game).
    pub fn clear(&self) {
        self.shared.tt.clear();
        for state in &self.states {
            *lock(state) = None;
        }
    }

    /// Thread `id`'s state from the last search, where that searched the same game.
    fn take_state<V: Evaluate>(&self, id: usize) -> ThreadState<V::Move> {
        match lock(&self.states[id]).take() {
            Some((game, state)) if game == TypeId::of::<V>() => state
                .downcast::<ThreadState<V::Move>>()
                .map_or_else(|_| ThreadState::default(), |s| *s),
            _ => ThreadState::default(),
        }
    }

    fn keep_state<V: Evaluate>(&self, id: usize, state: ThreadState<V::Move>) {
        *lock(&self.states[id]) = Some((TypeId::of::<V>(), Box::new(state)));
    }

    /// Nodes of the running (or last) search so far; workers add theirs every 1024
    /// nodes, so a GUI's progress line (`stat01`) can be current.
    pub fn nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed)
    }

    pub fn hashfull(&self) -> u32 {
        self.shared.tt.hashfull()
    }

    /// Searches `root`; `history` holds the keys of the game's earlier positions (not the root's).
    pub fn search<V: Evaluate>(
        &self,
        root: &V,
        history: &[u64],
        limits: &Limits,
        options: &SearchOptions,
        report: &mut (dyn FnMut(&Iteration<V::Move>) + Send),
    ) -> SearchResult<V::Move> {
        let start = Instant::now();
        let shared = &*self.shared;
        shared.stop.store(false, Ordering::Relaxed);
        shared.nodes.store(0, Ordering::Relaxed);
        shared.tt.new_search();
        let time = TimeManager::new(limits, self.move_overhead);
        // One slot per thread for its last completed iteration.
        let mut results: Vec<Option<Iteration<V::Move>>> =
            (0..self.threads).map(|_| None).collect();
        self.pool.scope(|s| {
            let (main_slot, helper_slots) = results.split_first_mut().expect("one thread");
            for (i, slot) in helper_slots.iter_mut().enumerate() {
                let time = &time;
                let state = self.take_state::<V>(i + 1);
                s.spawn(move |_| {
                    let mut w: Worker<V> =
                        Worker::new(i + 1, shared, limits, time, options, history, state);
                    *slot = w.iterate(root, &mut |_| {});
                    self.keep_state::<V>(i + 1, w.into_state());
                });
            }
            let state = self.take_state::<V>(0);
            let mut w: Worker<V> = Worker::new(0, shared, limits, &time, options, history, state);
            *main_slot = w.iterate(root, report);
            shared.stop.store(true, Ordering::Relaxed);
            self.keep_state::<V>(0, w.into_state());
        });
        // The deepest completed iteration decides (the main thread on ties): a helper runs
        // ahead, and one that completes the last depth first ends a fixed-depth search.
        let best_id = results
            .iter()
            .enumerate()
            .filter_map(|(id, r)| r.as_ref().map(|it| (it.depth, Reverse(id))))
            .max()
            .map_or(0, |(_, Reverse(id))| id);
        let main_result = results.swap_remove(best_id);
        if best_id != 0 {
            if let Some(it) = &main_result {
                report(it);
            }
        }
        let nodes = shared.nodes.load(Ordering::Relaxed);
        match main_result {
            Some(it) => SearchResult {
                best: it.lines.first().and_then(|l| l.pv.first().copied()),
                score: it.lines.first().map_or(0, |l| l.score),
                depth: it.depth,
                seldepth: it.seldepth,
                nodes,
                time: start.elapsed(),
                lines: it.lines,
            },
            None => SearchResult {
                best: None,
                score: 0,
                depth: 0,
                seldepth: 0,
                nodes,
                time: start.elapsed(),
                lines: Vec::new(),
            },
        }
    }
}

/// A [`ThreadState`] kept between searches, with the type of the game it belongs to.
type KeptState = (TypeId, Box<dyn Any + Send>);

/// A poisoned lock (a search thread panicked) still holds a usable state.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Stops the search it was taken from (`stop`, `?`, `exit` from a protocol thread).
#[derive(Clone)]
pub struct StopHandle(Arc<Shared>);

impl StopHandle {
    pub fn stop(&self) {
        self.0.stop.store(true, Ordering::Relaxed);
    }
}
