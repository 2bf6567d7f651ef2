//! One search thread: iterative deepening over principal-variation
//! alpha-beta with aspiration windows, quiescence, check extension,
//! null-move pruning and late-move reductions, generic over the variant.
//! The search never asks which variant it plays: what differs is data
//! (`Variant` consts), the variant's own [`Evaluate`] implementation, and the
//! [`SearchHooks`] a game overrides beside its evaluator.

use super::correction::{CorrectionHistory, CorrectionKeys};
use super::cycle::upcoming_repetition;
use super::eval_cache::EvalCache;
use super::ordering::{
    history_bonus, history_malus, is_killer, pick_next, score_moves, Contexts, OrderingTables,
    MAX_PLY, NO_CONTEXT,
};
use super::params;
use super::timeman::{Limits, Progress, TimeManager};
use super::tt::{score_from_tt, score_to_tt, Bound, TranspositionTable, TtEntry};
use crate::core::{MoveList, MAX_MOVES};
#[cfg(doc)]
use crate::eval::SearchHooks;
use crate::eval::{Evaluate, Score, INFINITE, MATE, MATE_BOUND};
use crate::variants::GameResult;
use arrayvec::ArrayVec;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::LazyLock;

/// State all threads of one search share: the table, the stop flag, the node count, the
/// breadcrumbs.
pub struct Shared {
    pub tt: TranspositionTable,
    pub stop: AtomicBool,
    pub nodes: AtomicU64,
    pub breadcrumbs: Breadcrumbs,
}

/// Which thread is searching which node near the root (Stockfish 10's breadcrumbs): a
/// thread that finds another one already in a node reduces its late moves more there, so
/// that the threads spread over the tree instead of searching the same subtrees.
pub struct Breadcrumbs(Box<[(AtomicU64, AtomicUsize)]>);

/// Nodes this close to the root carry marks (deeper subtrees are too small to share out) ...
const BREADCRUMB_PLIES: i32 = 8;
/// ... in this many slots, by key (a slot held by one thread is not taken by another).
const BREADCRUMB_SLOTS: usize = 1024;

impl Default for Breadcrumbs {
    fn default() -> Self {
        Breadcrumbs(
            (0..BREADCRUMB_SLOTS)
                .map(|_| (AtomicU64::new(0), AtomicUsize::new(0)))
                .collect(),
        )
    }
}

/// A thread's mark on a node, removed when it leaves the node.
struct Crumb<'a> {
    owned: Option<&'a AtomicUsize>,
    /// Another thread is searching this node.
    marked: bool,
}

impl Breadcrumbs {
    fn enter(&self, key: u64, thread: usize) -> Crumb<'_> {
        let (k, owner) = &self.0[key as usize % BREADCRUMB_SLOTS];
        let holder = owner.load(Ordering::Relaxed);
        let marked = holder != 0 && holder != thread + 1 && k.load(Ordering::Relaxed) == key;
        let owned = (holder == 0).then(|| {
            k.store(key, Ordering::Relaxed);
            owner.store(thread + 1, Ordering::Relaxed);
            owner
        });
        Crumb { owned, marked }
    }
}

impl Drop for Crumb<'_> {
    fn drop(&mut self) {
        if let Some(o) = self.owned {
            o.store(0, Ordering::Relaxed);
        }
    }
}

/// Search switches (pruning off gives a plain alpha-beta, for tests against brute force).
#[derive(Clone, Debug)]
pub struct SearchOptions {
    pub pruning: bool,
    pub multipv: usize,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            pruning: true,
            multipv: 1,
        }
    }
}

/// One line of the root's result.
#[derive(Clone, Debug)]
pub struct Line<M> {
    pub score: Score,
    pub pv: Vec<M>,
}

/// Progress after an iteration (thread 0 only).
#[derive(Clone, Debug)]
pub struct Iteration<M> {
    pub depth: i32,
    pub seldepth: i32,
    pub nodes: u64,
    pub lines: Vec<Line<M>>,
}

pub use crate::eval::outcome_score;

/// Quiescence answers a check with every move only this many plies deep; below, it stands
/// pat (a check at the edge of the tree may be misjudged, but checks chain without end in
/// crowded Swap and Exile positions).
const QS_EVASION_PLIES: i32 = 2;

/// The depth quiescence stores in the table and probes it at: below every full search's.
const QS_DEPTH: i32 = 0;

struct RootMove<M> {
    mv: M,
    index: u16,
    score: Score,
    pv: ArrayVec<M, MAX_PLY>,
}

/// What the move loop of an interior node needs to know of it.
struct Node {
    key: u64,
    /// Plies left, the check extension included.
    depth: i32,
    ply: i32,
    pv_node: bool,
    /// A principal-variation node now or, by the table, in an earlier search.
    tt_pv: bool,
    in_check: bool,
    /// Another thread is searching this node ([`Breadcrumbs`]).
    marked: bool,
    /// The static evaluation where forward pruning uses it ([`NO_EVAL`] otherwise).
    eval: Score,
    /// `eval` sharpened by the table's bound ([`bound_eval`]): what futility judges by.
    bound_eval: Score,
    /// Where the correction history keeps this position's entries, hashed once for both
    /// `eval`'s correction and the update after the moves (`None` where `eval` is unknown).
    correction_keys: Option<CorrectionKeys>,
    /// The side to move stands better than two plies earlier ([`Worker::improving`]).
    improving: bool,
    /// The table's move, where it is singular and searched one ply deeper
    /// ([`Worker::singular_extension`]).
    singular: Option<u16>,
    /// The move this node's search leaves out (the singular test's own search).
    excluded: Option<u16>,
}

/// Marks a ply without a static evaluation (in check, or a game without forward pruning).
const NO_EVAL: Score = -INFINITE;

// The margins and divisors of the rules below live in `params`, where SPSA can tune them;
// the depths they apply to stay here.

/// Reverse futility pruning: the deepest node it applies to.
const RFP_DEPTH: i32 = 7;
/// Futility pruning of late quiet moves: the deepest depth their reduction leaves.
const FUTILITY_DEPTH: i32 = 6;
/// Static-exchange pruning at depth up to this.
const SEE_DEPTH: i32 = 8;
/// Singular extensions: from this depth, a table move whose lower bound is at most
/// `SINGULAR_DEPTH_SLACK` plies shallower, tested at half depth.
const SINGULAR_DEPTH: i32 = 6;
const SINGULAR_DEPTH_SLACK: i32 = 3;
/// History pruning ([`Worker::search_move`]) up to this depth.
const HISTORY_PRUNING_DEPTH: i32 = 4;
/// Internal iterative reduction from this depth on ([`Worker::negamax`]).
const IIR_DEPTH: i32 = 4;

/// Late-move pruning: the deepest non-PV node it applies to.
const LMP_DEPTH: i32 = 4;

/// What a search thread keeps from one search to the next of the same game (Stockfish keeps
/// its histories until `ucinewgame` too): the move-ordering histories, which the next search
/// would otherwise learn again from nothing in its first iterations, and the evaluations.
pub struct ThreadState<M: Copy> {
    pub tables: OrderingTables<M>,
    pub eval_cache: EvalCache,
    pub correction: CorrectionHistory,
}

impl<M: Copy + PartialEq> Default for ThreadState<M> {
    fn default() -> Self {
        ThreadState {
            tables: OrderingTables::new(),
            eval_cache: EvalCache::new(),
            correction: CorrectionHistory::default(),
        }
    }
}

/// A search thread's private state.
pub struct Worker<'a, V: Evaluate> {
    pub id: usize,
    shared: &'a Shared,
    limits: &'a Limits,
    time: &'a TimeManager,
    options: &'a SearchOptions,
    /// Keys from the game's start to the current node, for repetition.
    keys: Vec<u64>,
    /// How many of `keys` come before the null move of the current line (0 without one):
    /// a cycle is not looked for across it.
    before_null: usize,
    tables: OrderingTables<V::Move>,
    pv: Vec<ArrayVec<V::Move, MAX_PLY>>,
    nodes: u64,
    unflushed: u64,
    seldepth: i32,
    aborted: bool,
    /// Nodes since the main thread last read the clock ([`SearchHooks::CLOCK_CHECK_NODES`]).
    since_clock: u32,
    /// Static evaluation at each ply of the current line ([`NO_EVAL`] where none), to tell
    /// whether the side to move is improving on its position two plies earlier.
    evals: [Score; MAX_PLY + 2],
    /// History index of the move that led to each ply of the current line ([`NO_CONTEXT`]
    /// at the root and after a null move), for the continuation histories.
    moves_to: [usize; MAX_PLY + 2],
    /// The best move and score of the last finished iteration, and how stable they have
    /// been, for the TimeManager (thread 0).
    last_best: Option<(V::Move, Score)>,
    progress: Progress,
    eval_cache: EvalCache,
    correction: CorrectionHistory,
    /// The move each ply's node leaves out while it tests the table move for singularity
    /// (an index in its move list).
    excluded: [Option<u16>; MAX_PLY + 2],
}

impl<'a, V: Evaluate> Worker<'a, V> {
    pub fn new(
        id: usize,
        shared: &'a Shared,
        limits: &'a Limits,
        time: &'a TimeManager,
        options: &'a SearchOptions,
        game_keys: &[u64],
        state: ThreadState<V::Move>,
    ) -> Self {
        let mut keys = Vec::with_capacity(game_keys.len() + MAX_PLY + 8);
        keys.extend_from_slice(game_keys);
        let ThreadState {
            mut tables,
            eval_cache,
            correction,
        } = state;
        tables.new_search();
        Worker {
            id,
            shared,
            limits,
            time,
            options,
            keys,
            before_null: 0,
            tables,
            pv: vec![ArrayVec::new(); MAX_PLY + 2],
            nodes: 0,
            unflushed: 0,
            seldepth: 0,
            aborted: false,
            since_clock: 0,
            evals: [NO_EVAL; MAX_PLY + 2],
            excluded: [None; MAX_PLY + 2],
            moves_to: [NO_CONTEXT; MAX_PLY + 2],
            last_best: None,
            progress: Progress::default(),
            eval_cache,
            correction,
        }
    }

    /// What this thread learned, for its next search of the same game.
    pub fn into_state(self) -> ThreadState<V::Move> {
        ThreadState {
            tables: self.tables,
            eval_cache: self.eval_cache,
            correction: self.correction,
        }
    }

    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= 1024 {
            let total = self
                .shared
                .nodes
                .fetch_add(self.unflushed, Ordering::Relaxed)
                + self.unflushed;
            self.unflushed = 0;
            if self.shared.stop.load(Ordering::Relaxed)
                || self.limits.nodes.is_some_and(|n| total >= n)
            {
                self.shared.stop.store(true, Ordering::Relaxed);
            }
        }
        if self.id == 0 {
            self.since_clock += 1;
            if self.since_clock >= V::CLOCK_CHECK_NODES {
                self.check_clock();
            }
        }
    }

    /// Stops the search when its time is up.
    #[cold]
    fn check_clock(&mut self) {
        self.since_clock = 0;
        if self.time.out_of_time() {
            self.shared.stop.store(true, Ordering::Relaxed);
        }
    }

    #[inline]
    fn should_stop(&mut self) -> bool {
        if !self.aborted && self.shared.stop.load(Ordering::Relaxed) {
            self.aborted = true;
        }
        self.aborted
    }

    fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
    }

    /// Bookkeeping on entering a node; `Some` when its score is known at once (stopped:
    /// any score, the caller discards it; drawn: the draw's score).
    #[inline]
    fn enter_node(&mut self, pos: &V, ply: i32) -> Option<Score> {
        if !self.count_and_go_on(ply) {
            return Some(0);
        }
        self.drawn(pos, ply)
    }

    /// The bookkeeping of [`Worker::enter_node`] without the draw test; false when stopped.
    #[inline]
    fn count_and_go_on(&mut self, ply: i32) -> bool {
        self.count_node();
        if self.should_stop() {
            return false;
        }
        self.seldepth = self.seldepth.max(ply);
        true
    }

    /// A draw inside the tree: the game's foreseen draw ([`SearchHooks::foreseen_draw`]),
    /// or repetition or the 50-move rule (0).
    #[inline]
    fn drawn(&self, pos: &V, ply: i32) -> Option<Score> {
        if ply == 0 {
            return None;
        }
        pos.foreseen_draw()
            .or_else(|| self.is_draw(pos, ply).then_some(0))
    }

    /// The 50-move rule (unless the move that reached it mated: mate outranks it), or
    /// repetition as Stockfish judges it: a position met before inside the tree is a draw at
    /// once (the side that steered into it can repeat again), but one the game reached
    /// before the search began only at its third occurrence, the game's own rule: the
    /// opponent need not walk into a draw that is not yet there.
    #[inline]
    fn is_draw(&self, pos: &V, ply: i32) -> bool {
        let p = pos.position();
        if V::FIFTY_MOVE_RULE && p.halfmove_clock >= 100 {
            return !pos.is_check()
                || pos
                    .search_outcome()
                    .is_none_or(|o| o.result == GameResult::Draw);
        }
        if V::REPETITION_DRAWS {
            let key = pos.key();
            let n = self.keys.len();
            // `keys` ends with the parent's key: the same side moved 2, 4, … plies back; the
            // root's key is `ply` back.
            let span = (p.halfmove_clock as usize).min(n);
            let mut before_root = false;
            let mut i = 2;
            while i <= span {
                if self.keys[n - i] == key {
                    if i < ply as usize || before_root {
                        return true;
                    }
                    before_root = true;
                }
                i += 2;
            }
        }
        false
    }

    /// Where alpha is below a draw and the side to move can repeat ([`upcoming_repetition`]),
    /// alpha is raised to the draw; the draw is the node's score if that meets beta.
    #[inline]
    fn cycle_draw(&self, pos: &V, ply: i32, alpha: &mut Score, beta: Score) -> Option<Score> {
        if V::CYCLE_DETECTION
            && self.options.pruning
            && *alpha < 0
            && upcoming_repetition(pos, &self.keys, self.before_null, ply)
        {
            *alpha = 0;
            if *alpha >= beta {
                return Some(0);
            }
        }
        None
    }

    /// Iterative deepening from `root`; reports each finished iteration (thread 0) to `report`.
    pub fn iterate(
        &mut self,
        root: &V,
        report: &mut dyn FnMut(&Iteration<V::Move>),
    ) -> Option<Iteration<V::Move>> {
        let mut prepared = root.clone();
        prepared.prepare_search();
        let root = &prepared;
        let mut root_moves = root_moves(root);
        if root_moves.is_empty() {
            return None;
        }
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as i32 - 8)
            .clamp(1, MAX_PLY as i32 - 8);
        let multipv = self.options.multipv.clamp(1, root_moves.len());
        let mut last: Option<Iteration<V::Move>> = None;
        // Lazy SMP: helpers skip iterations (Stockfish 9's pattern: skip blocks of `size`
        // iterations, phase-shifted per thread), so threads diverge and run ahead.
        for iteration in 1.. {
            let depth = V::iteration_depth(iteration).min(max_depth);
            if self.id > 0 && depth < max_depth && skip_iteration(self.id, iteration) {
                continue;
            }
            self.seldepth = 0;
            for pv_idx in 0..multipv {
                let prev = if last.is_some() {
                    root_moves[pv_idx].score
                } else {
                    -INFINITE
                };
                self.aspiration_search(root, &mut root_moves, pv_idx, depth, prev);
                if self.aborted {
                    break;
                }
                root_moves[pv_idx..].sort_by_key(|r| std::cmp::Reverse(r.score));
                // A later line can score above an earlier one (the earlier line's search
                // reduced or pruned its move): the lines so far are ranked again by score,
                // as Stockfish does, so that MultiPV reports them best first.
                root_moves[..=pv_idx].sort_by_key(|r| std::cmp::Reverse(r.score));
            }
            if self.aborted {
                if let Some(done) = last.as_mut().filter(|_| multipv == 1) {
                    adopt_stopped_best(done, &root_moves[0]);
                }
                if last.is_some() {
                    break;
                }
            }
            let it = self.iteration_result(&mut root_moves, multipv, depth);
            if self.id == 0 {
                report(&it);
            }
            last = Some(it);
            let best = (root_moves[0].mv, root_moves[0].score);
            if let Some((mv, score)) = self.last_best {
                self.progress.update(mv == best.0, score, best.1);
            }
            self.last_best = Some(best);
            if self.aborted || self.iterations_done(depth, max_depth, best.1) {
                break;
            }
        }
        self.flush_nodes();
        last
    }

    /// Searches the `pv_idx`-th line at `depth` in a window around the previous iteration's
    /// score `prev`, widened on the failing side until the score falls inside it (or the
    /// search stops); the scores and lines land in `root_moves`.
    fn aspiration_search(
        &mut self,
        root: &V,
        root_moves: &mut [RootMove<V::Move>],
        pv_idx: usize,
        depth: i32,
        prev: Score,
    ) {
        let mut delta = params::aspiration_delta();
        let (mut alpha, mut beta) = if self.options.pruning && depth >= 4 && prev.abs() < MATE_BOUND
        {
            (prev - delta, prev + delta)
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.root_search(root, root_moves, pv_idx, depth, alpha, beta);
            if self.aborted {
                return;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return;
            }
            delta += delta / 2;
        }
    }

    /// The report of an iteration at `depth`, which may have been stopped in its first
    /// iteration: then the moves it did not score fall back on 0, the first move first.
    fn iteration_result(
        &mut self,
        root_moves: &mut [RootMove<V::Move>],
        multipv: usize,
        depth: i32,
    ) -> Iteration<V::Move> {
        if self.aborted {
            for r in root_moves.iter_mut().filter(|r| r.score == -INFINITE) {
                r.score = 0;
            }
        }
        self.flush_nodes();
        let lines = root_moves[..multipv]
            .iter()
            .map(|r| {
                let mut pv = vec![r.mv];
                pv.extend(r.pv.iter().copied());
                Line { score: r.score, pv }
            })
            .collect();
        Iteration {
            depth,
            seldepth: self.seldepth,
            nodes: self.shared.nodes.load(Ordering::Relaxed),
            lines,
        }
    }

    /// Whether iterative deepening ends after the iteration at `depth`, whose best score is
    /// `best`: the depth asked for is reached, thread 0 has no time for another iteration,
    /// or a mate is found and proven short enough.
    fn iterations_done(&mut self, depth: i32, max_depth: i32, best: Score) -> bool {
        // A helper through the last depth of a fixed-depth search ends it for all.
        if self.id > 0 && depth == max_depth && self.limits.depth.is_some() {
            self.shared.stop.store(true, Ordering::Relaxed);
            return true;
        }
        let mate_proven = best.abs() >= MATE_BOUND
            && depth > MATE - best.abs() + 2
            && self.limits.depth.is_none();
        (self.id == 0 && (!self.time.may_start_iteration(&self.progress) || mate_proven))
            || depth == max_depth
    }

    /// The root's move loop for the `pv_idx`-th line (the lines before it are settled):
    /// principal-variation search as in [`Worker::move_loop`], each move's score and line
    /// kept in `moves`, the best one moved to `pv_idx`.
    fn root_search(
        &mut self,
        root: &V,
        moves: &mut [RootMove<V::Move>],
        pv_idx: usize,
        depth: i32,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        self.keys.push(root.key());
        let mut best = -INFINITE;
        // Previous best first; the rest in previous score order.
        for i in pv_idx..moves.len() {
            let mv = moves[i].mv;
            self.moves_to[1] = root.history_index(mv);
            let mut child = root.clone();
            child.play(mv);
            let ext = if self.options.pruning && child.is_check() {
                1
            } else {
                0
            };
            let d = depth - 1 + ext;
            let score = if i == pv_idx {
                -self.negamax(&child, d, 1, -beta, -alpha, true)
            } else {
                let mut s = -self.negamax(&child, d, 1, -alpha - 1, -alpha, true);
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(&child, d, 1, -beta, -alpha, true);
                }
                s
            };
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
            }
            if score > alpha || i == pv_idx {
                moves[i].score = score;
                moves[i].pv = self.pv[1].clone();
                if score > alpha {
                    alpha = score;
                    // Keep the best move at pv_idx so the next search tries it first.
                    moves[pv_idx..=i].rotate_right(1);
                }
                if score >= beta {
                    break;
                }
            } else {
                moves[i].score = -INFINITE;
            }
        }
        self.keys.pop();
        if !self.aborted {
            let e = TtEntry {
                move_index: Some(moves[pv_idx].index),
                score: score_to_tt(best, 0),
                depth,
                bound: Bound::Exact,
                pv: true,
            };
            if best > -INFINITE {
                self.shared.tt.store(root.key(), e);
            }
        }
        best
    }

    /// Principal-variation search of a node with `depth` plies left (quiescence below).
    fn negamax(
        &mut self,
        pos: &V,
        mut depth: i32,
        ply: i32,
        mut alpha: Score,
        beta: Score,
        can_null: bool,
    ) -> Score {
        self.pv[ply as usize].clear();
        let pruning = self.options.pruning;
        if depth <= 0 {
            return if pruning {
                self.quiesce(pos, ply, alpha, beta, 0)
            } else {
                self.leaf(pos, ply)
            };
        }
        if let Some(s) = self.enter_node(pos, ply) {
            return s;
        }
        if ply as usize >= MAX_PLY - 4 {
            return self.static_eval(pos, ply);
        }
        let pv_node = beta - alpha > 1;
        if let Some(s) = self.cycle_draw(pos, ply, &mut alpha, beta) {
            return s;
        }
        // Mate distance pruning.
        if pruning {
            let a = alpha.max(-(MATE - ply));
            let b = beta.min(MATE - ply - 1);
            if a >= b {
                return a;
            }
        }

        let key = pos.key();
        let excluded = self.excluded[ply as usize];
        let tt = self.shared.tt.probe(key);
        if pruning && !pv_node && excluded.is_none() {
            if let Some(s) = tt.and_then(|e| tt_cutoff(e, depth, ply, alpha, beta)) {
                return s;
            }
        }

        // Internal iterative reduction (the games that trust their evaluation to prune): a
        // node deep enough that no search has left a move for it in the table is searched a
        // ply shallower (its ordering is a guess, and the next iteration comes back with the
        // table's move).
        if V::FORWARD_PRUNING
            && pruning
            && depth >= IIR_DEPTH
            && excluded.is_none()
            && tt.and_then(|e| e.move_index).is_none()
        {
            depth -= 1;
        }
        let in_check = pos.is_check();
        let forward = V::FORWARD_PRUNING && pruning && !in_check;
        let correction_keys = forward.then(|| CorrectionKeys::of(pos.position()));
        let eval = match correction_keys {
            Some(keys) => self.corrected_eval(pos, ply, keys),
            None => NO_EVAL,
        };
        self.evals[ply as usize] = eval;
        let improving = self.improving(ply, eval);
        let sharpened = match tt {
            Some(e) if excluded.is_none() => bound_eval(eval, e, ply),
            _ => eval,
        };
        if forward && !pv_node && excluded.is_none() {
            if let Some(s) = Self::reverse_futility(depth, sharpened, improving, beta) {
                return s;
            }
        }
        let mut list = MoveList::new();
        pos.search_moves(&mut list);
        if list.is_empty() {
            return self.terminal(pos, ply);
        }
        let shared = self.shared;
        let crumb = (ply < BREADCRUMB_PLIES).then(|| shared.breadcrumbs.enter(key, self.id));
        if pruning && in_check {
            depth += 1;
        }
        if pruning && !pv_node && can_null && !in_check && excluded.is_none() {
            if let Some(s) = self.null_move_search(pos, key, depth, ply, sharpened, beta) {
                return s;
            }
        }
        let tt_index = tt.and_then(|e| e.move_index);
        let singular = match tt {
            Some(e) if V::FORWARD_PRUNING && pruning && excluded.is_none() => {
                match self.singular_extension(pos, e, depth, ply, beta) {
                    Ok(s) => s,
                    Err(cut) => return cut,
                }
            }
            _ => None,
        };
        let node = Node {
            key,
            depth,
            ply,
            pv_node,
            tt_pv: pv_node || tt.is_some_and(|e| e.pv),
            in_check,
            marked: crumb.as_ref().is_some_and(|c| c.marked),
            eval,
            bound_eval: sharpened,
            correction_keys,
            improving,
            singular,
            excluded,
        };
        self.move_loop(pos, &node, &mut list, tt_index, alpha, beta)
    }

    /// Singular extensions: where the table's move failed high deep enough, the node is
    /// searched again at half depth without it, against a bound a little below its score.
    /// If every other move falls short, the table move is the only good one and is searched
    /// one ply deeper (`Ok(Some(index))`); if even that bound is at or above beta, several
    /// moves beat beta and the node is cut (`Err(score)`, the multi-cut).
    fn singular_extension(
        &mut self,
        pos: &V,
        e: TtEntry,
        depth: i32,
        ply: i32,
        beta: Score,
    ) -> Result<Option<u16>, Score> {
        let Some(index) = e.move_index else {
            return Ok(None);
        };
        let score = score_from_tt(e.score, ply);
        if ply == 0
            || depth < SINGULAR_DEPTH
            || e.depth < depth - SINGULAR_DEPTH_SLACK
            || e.bound == Bound::Upper
            || score.abs() >= MATE_BOUND
        {
            return Ok(None);
        }
        let singular_beta = score - params::singular_margin() * depth;
        let p = ply as usize;
        self.excluded[p] = Some(index);
        let s = self.negamax(
            pos,
            (depth - 1) / 2,
            ply,
            singular_beta - 1,
            singular_beta,
            false,
        );
        self.excluded[p] = None;
        if self.aborted {
            return Ok(None);
        }
        if s < singular_beta {
            Ok(Some(index))
        } else if singular_beta >= beta {
            Err(singular_beta)
        } else {
            Ok(None)
        }
    }

    /// Reverse futility pruning: the evaluation, where it stands so far above beta at a low
    /// depth that the few plies left will not bring it back (less far when the side to
    /// move is improving on its position two plies earlier).
    fn reverse_futility(depth: i32, eval: Score, improving: bool, beta: Score) -> Option<Score> {
        let margin = params::rfp_margin() * (depth - improving as i32);
        (depth <= RFP_DEPTH && beta.abs() < MATE_BOUND && eval - margin >= beta).then_some(eval)
    }

    /// Whether the static evaluation `eval` at `ply` is better than two plies earlier (both
    /// known): positions getting better for the side to move deserve less pruning.
    fn improving(&self, ply: i32, eval: Score) -> bool {
        let before = if ply >= 2 {
            self.evals[ply as usize - 2]
        } else {
            NO_EVAL
        };
        eval != NO_EVAL && before != NO_EVAL && eval > before
    }

    /// Null-move pruning: the score, where passing still fails high (the position is good
    /// enough), in a game where passing is a fair lower bound ([`Evaluate::null_move`]).
    fn null_move_search(
        &mut self,
        pos: &V,
        key: u64,
        depth: i32,
        ply: i32,
        eval: Score,
        beta: Score,
    ) -> Option<Score> {
        if depth < 3 || beta.abs() >= MATE_BOUND {
            return None;
        }
        let null = pos.null_move()?;
        // The node's evaluation where forward pruning computed it (not twice).
        let eval = if eval == NO_EVAL {
            self.static_eval(pos, ply)
        } else {
            eval
        };
        if eval < beta {
            return None;
        }
        let r = params::nmp_base() + depth / params::nmp_divisor();
        self.moves_to[ply as usize + 1] = NO_CONTEXT;
        self.keys.push(key);
        let before_null = std::mem::replace(&mut self.before_null, self.keys.len());
        let s = -self.negamax(&null, depth - 1 - r, ply + 1, -beta, -beta + 1, false);
        self.before_null = before_null;
        self.keys.pop();
        if self.aborted {
            return Some(0);
        }
        (s >= beta).then_some(if s >= MATE_BOUND { beta } else { s })
    }

    /// The move loop of an interior node: the moves in order ([`score_moves`]) until one
    /// fails high, the best one and its line kept; then the table entry.
    fn move_loop(
        &mut self,
        pos: &V,
        node: &Node,
        list: &mut MoveList<V::Move>,
        tt_index: Option<u16>,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        let ply = node.ply as usize;
        // Sized to the list: zeroing MAX_MOVES entries per node cost more than the scoring.
        // Filled in place: `collect` builds the array apart and copies all of it out.
        let mut scores = ArrayVec::<i32, MAX_MOVES>::new();
        scores.extend(list.iter().map(|_| 0));
        let mut order = ArrayVec::<u16, MAX_MOVES>::new();
        order.extend(0..list.len() as u16);
        let ctx = self.contexts(node.ply);
        score_moves(pos, list, tt_index, &self.tables, ply, ctx, &mut scores);

        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_index = None;
        let mut best_noisy = false;
        let mut quiets_tried: ArrayVec<usize, 64> = ArrayVec::new();
        // Whether every move searched goes into a foreseen draw (then this node is one too).
        let mut all_drawn = true;
        self.keys.push(node.key);
        for i in 0..list.len() {
            pick_next(list, &mut scores, &mut order, i);
            if node.excluded == Some(order[i]) {
                continue;
            }
            let mv = list[i];
            let noisy = pos.is_noisy(mv);
            let prunable = node.eval != NO_EVAL && best > -MATE_BOUND;
            let extension = (node.singular == Some(order[i])) as i32;
            let late = prunable && !node.pv_node && late_move(node, quiets_tried.len());
            let Some(score) = self.search_move(
                pos, node, mv, i, extension, noisy, prunable, late, alpha, beta,
            ) else {
                continue;
            };
            if self.aborted {
                self.keys.pop();
                return 0;
            }
            all_drawn &= V::is_foreseen_draw_score(score);
            if score > best {
                best = score;
                if score > alpha {
                    best_index = Some(order[i]);
                    best_noisy = noisy;
                    alpha = score;
                    self.extend_pv(ply, mv);
                    if score >= beta {
                        if !noisy {
                            self.reward_quiet(pos, mv, node, &quiets_tried);
                        }
                        break;
                    }
                }
            }
            if !noisy {
                let _ = quiets_tried.try_push(pos.history_index(mv));
            }
        }
        self.keys.pop();
        if node.excluded.is_some() {
            // The singular test: its bound is about the other moves, not the node's to keep.
            return if best == -INFINITE { alpha } else { best };
        }
        if all_drawn && best < beta {
            best = V::forced_draw_score(node.ply);
            alpha = best.max(original_alpha + 1);
        }

        let bound = bound_of(best, alpha > original_alpha, beta);
        // The correction history learns where the search's bound says the evaluation was
        // wrong (a fail high above it, a fail low below it, or an exact score), and no
        // capture decided the node (the evaluation is not meant to see those).
        let eval_missed = match bound {
            Bound::Lower => best > node.eval,
            Bound::Upper => best < node.eval,
            Bound::Exact => true,
        };
        let learns = eval_missed && !best_noisy && best.abs() < MATE_BOUND;
        if let Some(keys) = node.correction_keys.filter(|_| learns) {
            self.correction
                .update(pos.turn(), keys, node.depth, best, node.eval);
        }
        self.shared.tt.store(
            node.key,
            TtEntry {
                move_index: best_index,
                score: score_to_tt(best, node.ply),
                depth: node.depth,
                bound,
                pv: node.tt_pv,
            },
        );
        best
    }

    /// The score of `mv`, the `i`-th move of `node`: the first with the full window, the
    /// others with a null window (reduced when late and quiet), searched again at full
    /// depth and then with the full window while they beat alpha. `None` where a move of a
    /// `prunable` node (forward pruning on, not in check, not mated yet) is pruned: it loses
    /// too much by static exchange ([`Worker::see_prunable`]), or it is a quiet move giving no
    /// check that is futile (at a low depth, the evaluation plus a margin for what it might
    /// gain stays at or below alpha).
    #[allow(clippy::too_many_arguments)]
    fn search_move(
        &mut self,
        pos: &V,
        node: &Node,
        mv: V::Move,
        i: usize,
        extension: i32,
        noisy: bool,
        prunable: bool,
        late: bool,
        alpha: Score,
        beta: Score,
    ) -> Option<Score> {
        // The depth a late quiet move would be searched to once reduced (Stockfish's
        // `lmrDepth`): static-exchange and futility pruning judge the move by it. Nodes more
        // than 3 plies past `FUTILITY_DEPTH` (and `SEE_DEPTH`) skip the logarithms: neither
        // rule reaches them.
        let lmr_depth = (i > 0 && prunable && !noisy && node.depth <= FUTILITY_DEPTH + 3)
            .then(|| (node.depth - lmr(node.depth, i)).max(1));
        let hist_index = pos.history_index(mv);
        // Read where a rule uses it: history pruning, and the reduction of a move searched
        // (not a late quiet move: it is pruned, or it checks and is not reduced).
        let history = if noisy || i == 0 || late {
            0
        } else {
            self.tables.history_of(hist_index, self.contexts(node.ply))
        };
        // A later quiet move giving no check is not searched where one of three rules says
        // so (the check is tested last, and without playing the move where the game can):
        // late-move pruning (enough quiet moves of a shallow non-PV node have failed),
        // futility by the reduced depth (a late move's margin is that of the shallower search
        // it gets), history pruning (at a low depth, its histories say it has failed again
        // and again).
        if i > 0
            && !noisy
            && (late
                || lmr_depth.is_some_and(|d| {
                    d <= FUTILITY_DEPTH
                        && node.bound_eval
                            + params::futility_base()
                            + params::futility_per_ply() * d
                            <= alpha
                })
                || (prunable
                    && node.depth <= HISTORY_PRUNING_DEPTH
                    && history < -params::history_pruning_margin() * node.depth))
            && !pos.gives_check(mv)
        {
            return None;
        }
        // Static exchange after them: the costlier test.
        if i > 0 && prunable && self.see_prunable(pos, node, mv, noisy, lmr_depth) {
            return None;
        }
        self.moves_to[node.ply as usize + 1] = hist_index;
        let fetched = self.prefetch_child(pos, mv);
        let mut child = pos.clone();
        child.play(mv);
        if !fetched {
            self.shared.tt.prefetch(child.key());
        }
        let (depth, ply) = (node.depth - 1 + extension, node.ply + 1);
        if i == 0 {
            return Some(-self.negamax(&child, depth, ply, -beta, -alpha, true));
        }
        let r = self.reduction(node, mv, i, noisy, child.is_check(), history);
        let mut score = -self.negamax(&child, depth - r, ply, -alpha - 1, -alpha, true);
        if score > alpha && r > 0 && !self.aborted {
            score = -self.negamax(&child, depth, ply, -alpha - 1, -alpha, true);
        }
        if score > alpha && score < beta && !self.aborted {
            score = -self.negamax(&child, depth, ply, -beta, -alpha, true);
        }
        Some(score)
    }

    /// Static-exchange pruning: at a low depth, outside check and once a move has kept the
    /// node from being mated, a move that loses more material than the depth can recover.
    /// A quiet move is judged by `lmr_depth`, the depth its reduction leaves.
    fn see_prunable(
        &self,
        pos: &V,
        node: &Node,
        mv: V::Move,
        noisy: bool,
        lmr_depth: Option<i32>,
    ) -> bool {
        if node.depth > SEE_DEPTH {
            return false;
        }
        let threshold = if noisy {
            -params::see_noisy_margin() * node.depth
        } else {
            let d = lmr_depth.unwrap_or(node.depth);
            -params::see_quiet_margin() * d * d
        };
        pos.see_ge(mv, threshold) == Some(false)
    }

    /// Late-move reduction, in plies, of `mv`, the `i`-th move of `node` (`gives_check` where
    /// it checks): quiet moves ordered late, outside check, that give no check (killers less).
    #[allow(clippy::too_many_arguments)]
    fn reduction(
        &self,
        node: &Node,
        mv: V::Move,
        i: usize,
        noisy: bool,
        gives_check: bool,
        history: i32,
    ) -> i32 {
        if !self.options.pruning || node.depth < 3 || i < 3 || noisy || node.in_check || gives_check
        {
            return 0;
        }
        let mut r = lmr(node.depth, i);
        // A killer refuted a sibling: reduced, but a ply less than other quiet moves.
        if is_killer(&self.tables, node.ply as usize, mv) {
            r -= 1;
        }
        // A node in a principal variation, now or by its table entry in an earlier search: its
        // moves are likelier to matter (Stockfish's `ttPv`).
        if node.tt_pv {
            r -= 1;
        }
        if node.marked {
            r += 1;
        }
        // Less where the position is getting better (its moves matter more); a move whose
        // history says it often refutes is reduced less, one that often fails more.
        if node.eval != NO_EVAL && !node.improving {
            r += 1;
        }
        r -= history / params::history_reduction_divisor();
        r.clamp(0, node.depth - 2)
    }

    /// The line at `ply` becomes `mv` followed by the line of the child it leads to.
    fn extend_pv(&mut self, ply: usize, mv: V::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        let _ = line.try_extend_from_slice(&tail[0]);
    }

    /// The quiet `mv` failed high at `node`: it becomes a killer and gains history, and the
    /// quiet moves tried before it lose some.
    fn reward_quiet(&mut self, pos: &V, mv: V::Move, node: &Node, quiets_tried: &[usize]) {
        let ctx = self.contexts(node.ply);
        let bonus = history_bonus(node.depth, V::FORWARD_PRUNING);
        self.tables
            .reward(mv, pos.history_index(mv), node.ply as usize, bonus, ctx);
        let malus = history_malus(bonus, V::FORWARD_PRUNING);
        for &q in quiets_tried {
            self.tables.punish(q, malus, ctx);
        }
    }

    /// The continuation contexts at `ply`: the moves one and two plies back (none where
    /// the game orders without them, [`SearchHooks::CONTINUATION_HISTORY`]).
    #[inline]
    fn contexts(&self, ply: i32) -> Contexts {
        let p = ply as usize;
        if !V::CONTINUATION_HISTORY {
            return [NO_CONTEXT; 2];
        }
        [
            self.moves_to[p],
            if p >= 1 {
                self.moves_to[p - 1]
            } else {
                NO_CONTEXT
            },
        ]
    }

    /// The static evaluation of `pos` as a score at `ply` ([`SearchHooks::leaf_eval`]), the
    /// evaluation itself from the thread's [`EvalCache`].
    #[inline]
    fn static_eval(&mut self, pos: &V, ply: i32) -> Score {
        let eval = self.cached_eval(pos);
        pos.leaf_eval(eval, ply)
    }

    /// Fetches the TranspositionTable slot of `pos` after `m` into the processor's cache
    /// where the game tells the child's key before the move ([`SearchHooks::key_hint`]), so
    /// that the fetch overlaps the move's making; false where it cannot, and the caller
    /// fetches the slot once the move is played.
    #[inline(always)]
    fn prefetch_child(&self, pos: &V, m: V::Move) -> bool {
        match pos.key_hint(m) {
            Some(key) => {
                self.shared.tt.prefetch(key);
                true
            }
            None => false,
        }
    }

    /// The static evaluation of `pos`, from the thread's [`EvalCache`] where the game keeps
    /// one ([`SearchHooks::CACHE_EVAL`]).
    #[inline]
    fn cached_eval(&mut self, pos: &V) -> Score {
        if V::CACHE_EVAL {
            self.eval_cache.get_or(pos.key(), || pos.evaluate())
        } else {
            pos.evaluate()
        }
    }

    /// The static evaluation corrected by the thread's [`CorrectionHistory`] (the games that
    /// prune by it): where forward pruning and quiescence judge a position.
    #[inline]
    fn corrected_eval(&mut self, pos: &V, ply: i32, keys: CorrectionKeys) -> Score {
        let eval = self.static_eval(pos, ply);
        if eval.abs() >= MATE_BOUND {
            return eval;
        }
        self.correction
            .correct(pos.turn(), keys, eval)
            .clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// Depth-0 node without quiescence (pruning off): the game's end or the static evaluation.
    fn leaf(&mut self, pos: &V, ply: i32) -> Score {
        self.count_node();
        if let Some(s) = self.drawn(pos, ply) {
            return s;
        }
        if !pos.search_has_moves() {
            return self.terminal(pos, ply);
        }
        self.static_eval(pos, ply)
    }

    /// A depth-0 node of a game without captures (nothing is noisy, so quiescence has
    /// nothing to search): the game's end, or the game's leaf score
    /// ([`SearchHooks::leaf_score`]).
    fn static_leaf(&mut self, pos: &V, ply: i32, alpha: Score, beta: Score) -> Score {
        if !self.count_and_go_on(ply) {
            return 0;
        }
        if !pos.search_has_moves() {
            return self
                .drawn(pos, ply)
                .unwrap_or_else(|| self.terminal(pos, ply));
        }
        let eval = self.cached_eval(pos);
        pos.leaf_score(eval, ply, alpha, beta, || self.drawn(pos, ply))
    }

    /// A position without moves: the variant says how the game ended.
    fn terminal(&self, pos: &V, ply: i32) -> Score {
        match pos.search_outcome() {
            Some(o) => pos.terminal_score(&o, ply),
            None => 0,
        }
    }

    fn quiesce(&mut self, pos: &V, ply: i32, mut alpha: Score, beta: Score, qply: i32) -> Score {
        if !V::HAS_CAPTURES {
            return self.static_leaf(pos, ply, alpha, beta);
        }
        if let Some(s) = self.enter_node(pos, ply) {
            return s;
        }
        if let Some(s) = self.cycle_draw(pos, ply, &mut alpha, beta) {
            return s;
        }
        let in_check = pos.is_check();
        let evasions = in_check && qply < QS_EVASION_PLIES;
        if ply as usize >= MAX_PLY - 4 {
            return self.static_eval(pos, ply);
        }
        // Any table entry is at least as deep as quiescence: outside the principal
        // variation its bound settles the node before anything is evaluated or generated.
        let key = pos.key();
        if beta - alpha == 1 {
            let tt = self.shared.tt.probe(key);
            if let Some(s) = tt.and_then(|e| tt_cutoff(e, QS_DEPTH, ply, alpha, beta)) {
                return s;
            }
        }
        let original_alpha = alpha;
        // Outside check, standing pat comes before generating: most quiescence nodes end
        // there, and a position without moves that stands at or above beta (a stalemate) is
        // left to the full search, as every engine does at the horizon. In check, a mate is
        // found first.
        let stand = if evasions {
            -INFINITE
        } else if V::FORWARD_PRUNING {
            self.corrected_eval(pos, ply, CorrectionKeys::of(pos.position()))
        } else {
            self.static_eval(pos, ply)
        };
        if !in_check && stand >= beta {
            return stand;
        }
        let mut list = MoveList::new();
        let any = if evasions {
            pos.search_moves(&mut list);
            !list.is_empty()
        } else {
            pos.noisy_moves(&mut list)
        };
        if !any {
            return self.terminal(pos, ply);
        }
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut scores = ArrayVec::<i32, MAX_MOVES>::new();
        scores.extend(list.iter().map(|&m| {
            if pos.is_noisy(m) {
                pos.noisy_order(m)
            } else {
                -1_000_000
            }
        }));
        let mut order = ArrayVec::<u16, MAX_MOVES>::new();
        order.extend(0..list.len() as u16);
        self.keys.push(key);
        for i in 0..list.len() {
            pick_next(&mut list, &mut scores, &mut order, i);
            let m = list[i];
            if !evasions
                && (!pos.see_ge(m, 0).unwrap_or_else(|| !pos.losing_capture(m))
                    || pos
                        .capture_gain(m)
                        .is_some_and(|g| stand + g + params::delta_margin() <= alpha))
            {
                continue;
            }
            let fetched = self.prefetch_child(pos, m);
            let mut child = pos.clone();
            child.play(m);
            if !fetched {
                self.shared.tt.prefetch(child.key());
            }
            let score = -self.quiesce(&child, ply + 1, -beta, -alpha, qply + 1);
            if self.aborted {
                self.keys.pop();
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.keys.pop();
        // The list here holds only the noisy moves, so its indices are not the full
        // search's: the entry keeps no move (and a full search's move stays).
        let bound = bound_of(best, best > original_alpha, beta);
        self.shared.tt.store(
            key,
            TtEntry {
                move_index: None,
                score: score_to_tt(best, ply),
                depth: QS_DEPTH,
                bound,
                pv: false,
            },
        );
        best
    }
}

/// Whether helper `id` skips the `iteration`-th iteration: thread 1 searches every other
/// one, thread 2 the other half, then blocks of two, three, four for later threads.
fn skip_iteration(id: usize, iteration: i32) -> bool {
    const SIZE: [i32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const PHASE: [i32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    let i = (id - 1) % 20;
    ((iteration + PHASE[i]) / SIZE[i]) % 2 == 1
}

/// A stopped iteration's first move where it is not the last completed iteration's best:
/// it was moved first only by beating that move's bound at the deeper depth, so it is the
/// better guess (Stockfish plays it too). The completed depth stays the iteration's, which
/// is what Lazy SMP's choice of thread compares.
fn adopt_stopped_best<M: Copy + PartialEq>(done: &mut Iteration<M>, first: &RootMove<M>) {
    let Some(line) = done.lines.first_mut() else {
        return;
    };
    if line.pv.first() == Some(&first.mv) || first.score == -INFINITE {
        return;
    }
    line.score = first.score;
    line.pv.clear();
    line.pv.push(first.mv);
    line.pv.extend(first.pv.iter().copied());
}

/// The root's moves, best static evaluation first, so that a search stopped inside its
/// first iteration has looked at the likely best moves, and a game whose leaf score skips
/// costly terms outside the window ([`SearchHooks::leaf_score`]) finds a high alpha early.
fn root_moves<V: Evaluate>(root: &V) -> Vec<RootMove<V::Move>> {
    let mut list = MoveList::new();
    root.search_moves(&mut list);
    if list.is_empty() {
        // A bounded search set (Swap) can miss the only, long, legal moves: play one.
        let _ = root.for_each_move(|m| {
            list.push(m);
            std::ops::ControlFlow::Break(())
        });
    }
    let mut root_moves: Vec<RootMove<V::Move>> = list
        .iter()
        .enumerate()
        .map(|(i, &mv)| RootMove {
            mv,
            index: i as u16,
            score: -INFINITE,
            pv: ArrayVec::new(),
        })
        .collect();
    root_moves.sort_by_cached_key(|r| {
        let mut child = root.clone();
        child.play(r.mv);
        child.evaluate()
    });
    root_moves
}

/// The table bound of a node's `best` score: a lower bound where it reached `beta`, exact
/// where the node `raised` alpha, else an upper bound.
#[inline]
fn bound_of(best: Score, raised: bool, beta: Score) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if raised {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// The static evaluation `eval` sharpened by the table's entry `e` for the pruning rules
/// (Stockfish's use of `ttValue`): where the entry's score lies beyond the evaluation on its
/// bound's side (a lower bound above it, an upper bound below it, or an exact score), the
/// score a search found is the better guess. Mate scores and an unknown evaluation are kept.
fn bound_eval(eval: Score, e: TtEntry, ply: i32) -> Score {
    let s = score_from_tt(e.score, ply);
    if eval == NO_EVAL || s.abs() >= MATE_BOUND {
        return eval;
    }
    match e.bound {
        Bound::Exact => s,
        Bound::Lower if s > eval => s,
        Bound::Upper if s < eval => s,
        _ => eval,
    }
}

/// The score of a table entry that settles a node with `depth` plies left by itself: as
/// deep, and a bound on the side of the window that it cuts.
#[inline]
fn tt_cutoff(e: TtEntry, depth: i32, ply: i32, alpha: Score, beta: Score) -> Option<Score> {
    if e.depth < depth {
        return None;
    }
    let s = score_from_tt(e.score, ply);
    let cut = match e.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    cut.then_some(s)
}

/// Whether `node` has searched enough quiet moves (`quiets`) for the next quiet ones to be
/// pruned ([`LMP_DEPTH`]): `params::lmp_base() + d²`, half of it where the position is not improving.
#[inline]
fn late_move(node: &Node, quiets: usize) -> bool {
    let d = node.depth;
    let limit = (params::lmp_base() + d * d) / (2 - node.improving as i32);
    d <= LMP_DEPTH && quiets as i32 >= limit
}

/// Natural logarithms of 0..=MAX_MOVES for [`lmr`], which every late move of a node asks
/// for (a table read where the logarithm itself showed in profiles).
static LN: LazyLock<[f32; MAX_MOVES + 1]> =
    LazyLock::new(|| std::array::from_fn(|n| (n as f32).ln()));

/// Late-move reduction in plies for the `i`-th move at `depth`.
#[inline]
fn lmr(depth: i32, i: usize) -> i32 {
    let ln = &*LN;
    let base = params::lmr_base() as f32 / 100.0;
    let divisor = params::lmr_divisor() as f32 / 100.0;
    let r = base + ln[depth.clamp(0, MAX_MOVES as i32) as usize] * ln[i.min(MAX_MOVES)] / divisor;
    r as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(score: Score, bound: Bound) -> TtEntry {
        TtEntry {
            move_index: None,
            score,
            depth: 5,
            bound,
            pv: false,
        }
    }

    #[test]
    fn the_table_sharpens_the_evaluation_only_on_its_bounds_side() {
        // An exact score replaces the evaluation either way.
        assert_eq!(bound_eval(40, entry(-30, Bound::Exact), 3), -30);
        // A lower bound only raises it, an upper bound only lowers it.
        assert_eq!(bound_eval(40, entry(90, Bound::Lower), 3), 90);
        assert_eq!(bound_eval(40, entry(10, Bound::Lower), 3), 40);
        assert_eq!(bound_eval(40, entry(10, Bound::Upper), 3), 10);
        assert_eq!(bound_eval(40, entry(90, Bound::Upper), 3), 40);
        // Mate scores and a node without an evaluation keep what they had.
        assert_eq!(bound_eval(40, entry(MATE - 10, Bound::Lower), 3), 40);
        assert_eq!(bound_eval(40, entry(-MATE + 10, Bound::Upper), 3), 40);
        assert_eq!(bound_eval(NO_EVAL, entry(90, Bound::Exact), 3), NO_EVAL);
    }

    fn root_move(mv: u8, score: Score, pv: &[u8]) -> RootMove<u8> {
        RootMove {
            mv,
            index: 0,
            score,
            pv: pv.iter().copied().collect(),
        }
    }

    #[test]
    fn a_stopped_iteration_keeps_a_move_that_beat_the_last_best() {
        let done = || Iteration {
            depth: 7,
            seldepth: 12,
            nodes: 1000,
            lines: vec![Line {
                score: 30,
                pv: vec![1, 2, 3],
            }],
        };
        // The last best move again first: the completed line stands.
        let mut it = done();
        adopt_stopped_best(&mut it, &root_move(1, 45, &[9]));
        assert_eq!(it.lines[0].pv, vec![1, 2, 3]);
        assert_eq!(it.lines[0].score, 30);
        // Another move first: it beat the last best at depth 8, its line is played.
        let mut it = done();
        adopt_stopped_best(&mut it, &root_move(4, 52, &[5, 6]));
        assert_eq!(it.lines[0].pv, vec![4, 5, 6]);
        assert_eq!(it.lines[0].score, 52);
        assert_eq!(
            it.depth, 7,
            "the completed depth is what threads are compared by"
        );
        // A move never scored (the stop came before any) changes nothing.
        let mut it = done();
        adopt_stopped_best(&mut it, &root_move(4, -INFINITE, &[]));
        assert_eq!(it.lines[0].pv, vec![1, 2, 3]);
    }

    #[test]
    fn breadcrumbs_mark_a_node_for_other_threads_until_it_is_left() {
        let crumbs = Breadcrumbs::default();
        let first = crumbs.enter(42, 0);
        assert!(first.owned.is_some() && !first.marked);
        // The owner itself re-entering (a transposition) is not told it is marked.
        assert!(!crumbs.enter(42, 0).marked);
        let other = crumbs.enter(42, 1);
        assert!(other.marked && other.owned.is_none());
        // Another key in the same slot is neither marked nor owned while the slot is held.
        let clash = crumbs.enter(42 + 1024, 1);
        assert!(!clash.marked && clash.owned.is_none());
        drop(first);
        let again = crumbs.enter(42, 1);
        assert!(again.owned.is_some() && !again.marked);
    }
}
