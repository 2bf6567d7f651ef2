//! One search thread: iterative deepening over principal-variation
//! alpha-beta with aspiration windows, quiescence, check extension,
//! null-move pruning and late-move reductions, generic over the variant.
//! The search never asks which variant it plays: what differs is data
//! (`Variant` consts) and the variant's own [`Evaluate`] implementation.

use super::ordering::{is_killer, pick_next, score_moves, OrderingTables, MAX_PLY};
use super::timeman::{Limits, TimeManager};
use super::tt::{score_from_tt, score_to_tt, Bound, TranspositionTable, TtEntry};
use crate::core::{MoveList, MAX_MOVES};
use crate::eval::{Evaluate, Score, INFINITE, MATE, MATE_BOUND};
use arrayvec::ArrayVec;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

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

/// Delta pruning's allowance for positional gain beyond the material a capture wins.
const DELTA_MARGIN: Score = 200;

struct RootMove<M> {
    mv: M,
    index: u16,
    score: Score,
    pv: ArrayVec<M, MAX_PLY>,
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
    tables: OrderingTables<V::Move>,
    pv: Vec<ArrayVec<V::Move, MAX_PLY>>,
    nodes: u64,
    unflushed: u64,
    seldepth: i32,
    aborted: bool,
    /// Nodes since the main thread last read the clock ([`Evaluate::CLOCK_CHECK_NODES`]).
    since_clock: u32,
}

impl<'a, V: Evaluate> Worker<'a, V> {
    pub fn new(
        id: usize,
        shared: &'a Shared,
        limits: &'a Limits,
        time: &'a TimeManager,
        options: &'a SearchOptions,
        game_keys: &[u64],
    ) -> Self {
        let mut keys = Vec::with_capacity(game_keys.len() + MAX_PLY + 8);
        keys.extend_from_slice(game_keys);
        Worker {
            id,
            shared,
            limits,
            time,
            options,
            keys,
            tables: OrderingTables::new(),
            pv: vec![ArrayVec::new(); MAX_PLY + 2],
            nodes: 0,
            unflushed: 0,
            seldepth: 0,
            aborted: false,
            since_clock: 0,
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

    /// A draw inside the tree: repetition or the 50-move rule (0), or a dead position
    /// (the variant's contempt, counted against the player who moved into it; see
    /// [`dead_score`]).
    #[inline]
    fn drawn(&self, pos: &V, ply: i32) -> Option<Score> {
        if ply == 0 {
            return None;
        }
        if pos.is_dead_position() {
            return Some(V::DEAD_POSITION_SCORE);
        }
        self.is_draw(pos).then_some(0)
    }

    /// Repetition or the 50-move rule.
    #[inline]
    fn is_draw(&self, pos: &V) -> bool {
        let p = pos.position();
        if V::FIFTY_MOVE_RULE && p.halfmove_clock >= 100 {
            return true;
        }
        if V::REPETITION_DRAWS {
            let key = pos.key();
            let n = self.keys.len();
            // `keys` ends with the parent's key: the same side moved 2, 4, … plies back.
            let span = (p.halfmove_clock as usize).min(n);
            let mut i = 2;
            while i <= span {
                if self.keys[n - i] == key {
                    return true;
                }
                i += 2;
            }
        }
        false
    }

    /// Iterative deepening from `root`; reports each finished iteration (thread 0) to `report`.
    pub fn iterate(
        &mut self,
        root: &V,
        report: &mut dyn FnMut(&Iteration<V::Move>),
    ) -> Option<Iteration<V::Move>> {
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
        if root_moves.is_empty() {
            return None;
        }
        // Best static evaluation first, so that a search stopped inside its first iteration
        // has looked at the likely best moves, and the lazy danger ([`add_danger`])
        // finds a high alpha early.
        root_moves.sort_by_cached_key(|r| {
            let mut child = root.clone();
            child.play(r.mv);
            child.evaluate()
        });
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
            let depth = (1 + (iteration - 1) * V::DEPTH_STEP).min(max_depth);
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
                let mut delta = 25;
                let (mut alpha, mut beta) =
                    if self.options.pruning && depth >= 4 && prev.abs() < MATE_BOUND {
                        (prev - delta, prev + delta)
                    } else {
                        (-INFINITE, INFINITE)
                    };
                loop {
                    let score = self.root_search(root, &mut root_moves, pv_idx, depth, alpha, beta);
                    if self.aborted {
                        break;
                    }
                    if score <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (score - delta).max(-INFINITE);
                    } else if score >= beta {
                        beta = (score + delta).min(INFINITE);
                    } else {
                        break;
                    }
                    delta += delta / 2;
                }
                if self.aborted {
                    break;
                }
                root_moves[pv_idx..].sort_by_key(|r| std::cmp::Reverse(r.score));
            }
            if self.aborted && last.is_some() {
                break;
            }
            // Stopped inside the first iteration: fall back on the first move, unscored.
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
            let it = Iteration {
                depth,
                seldepth: self.seldepth,
                nodes: self.shared.nodes.load(Ordering::Relaxed),
                lines,
            };
            if self.id == 0 {
                report(&it);
            }
            last = Some(it);
            if self.aborted {
                break;
            }
            // A helper through the last depth of a fixed-depth search ends it for all.
            if self.id > 0 && depth == max_depth && self.limits.depth.is_some() {
                self.shared.stop.store(true, Ordering::Relaxed);
                break;
            }
            let best = root_moves[0].score;
            if self.id == 0
                && (!self.time.may_start_iteration()
                    || (best.abs() >= MATE_BOUND
                        && depth > MATE - best.abs() + 2
                        && self.limits.depth.is_none()))
            {
                break;
            }
            if depth == max_depth {
                break;
            }
        }
        self.flush_nodes();
        last
    }

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
        let in_check = root.is_check();
        // Previous best first; the rest in previous score order.
        for i in pv_idx..moves.len() {
            let mv = moves[i].mv;
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
            let _ = in_check;
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
                eval: 0,
                depth,
                bound: Bound::Exact,
            };
            if best > -INFINITE {
                self.shared.tt.store(root.key(), e);
            }
        }
        best
    }

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
            return static_eval(pos, ply);
        }
        let pv_node = beta - alpha > 1;
        // Mate distance pruning.
        if pruning {
            let a = alpha.max(-(MATE - ply));
            let b = beta.min(MATE - ply - 1);
            if a >= b {
                return a;
            }
        }

        let key = pos.key();
        let tt = self.shared.tt.probe(key);
        let tt_index = tt.and_then(|e| e.move_index);
        if pruning && !pv_node {
            if let Some(e) = tt {
                if e.depth >= depth {
                    let s = score_from_tt(e.score, ply);
                    let cut = match e.bound {
                        Bound::Exact => true,
                        Bound::Lower => s >= beta,
                        Bound::Upper => s <= alpha,
                    };
                    if cut {
                        return s;
                    }
                }
            }
        }

        let in_check = pos.is_check();
        let mut list = MoveList::new();
        pos.search_moves(&mut list);
        if list.is_empty() {
            return self.terminal(pos, ply);
        }
        let shared = self.shared;
        let crumb = (ply < BREADCRUMB_PLIES).then(|| shared.breadcrumbs.enter(key, self.id));
        let marked = crumb.as_ref().is_some_and(|c| c.marked);
        if pruning && in_check {
            depth += 1;
        }

        // Null-move pruning: if passing still fails high, the position is good enough.
        if pruning
            && !pv_node
            && can_null
            && !in_check
            && depth >= 3
            && V::NULL_MOVE_OK
            && beta.abs() < MATE_BOUND
        {
            let static_eval = static_eval(pos, ply);
            if static_eval >= beta {
                if let Some(null) = pos.null_move() {
                    let r = 2 + depth / 4;
                    self.keys.push(key);
                    let s = -self.negamax(&null, depth - 1 - r, ply + 1, -beta, -beta + 1, false);
                    self.keys.pop();
                    if self.aborted {
                        return 0;
                    }
                    if s >= beta {
                        return if s >= MATE_BOUND { beta } else { s };
                    }
                }
            }
        }

        // Sized to the list: zeroing MAX_MOVES entries per node cost more than the scoring.
        let mut scores: ArrayVec<i32, MAX_MOVES> = list.iter().map(|_| 0).collect();
        let mut order: ArrayVec<u16, MAX_MOVES> = (0..list.len() as u16).collect();
        score_moves(
            pos,
            &list,
            tt_index,
            &self.tables,
            ply as usize,
            &mut scores,
        );

        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_index = None;
        let mut quiets_tried: ArrayVec<usize, 64> = ArrayVec::new();
        // Whether every move searched leads to a dead position (then this one is dead).
        let mut all_dead = V::DEAD_POSITION_SCORE != 0;
        self.keys.push(key);
        for i in 0..list.len() {
            pick_next(&mut list, &mut scores, &mut order, i);
            let mv = list[i];
            let noisy = pos.is_noisy(mv);
            let mut child = pos.clone();
            child.play(mv);
            let gives_check = child.is_check();
            let new_depth = depth - 1;
            let mut score;
            if i == 0 {
                score = -self.negamax(&child, new_depth, ply + 1, -beta, -alpha, true);
            } else {
                // Late-move reductions for quiet moves ordered late.
                let mut r = 0;
                if pruning
                    && depth >= 3
                    && i >= 3
                    && !noisy
                    && !in_check
                    && !gives_check
                    && !is_killer(&self.tables, ply as usize, mv)
                {
                    r = lmr(depth, i);
                    if pv_node {
                        r -= 1;
                    }
                    if marked {
                        r += 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                score = -self.negamax(&child, new_depth - r, ply + 1, -alpha - 1, -alpha, true);
                if score > alpha && r > 0 && !self.aborted {
                    score = -self.negamax(&child, new_depth, ply + 1, -alpha - 1, -alpha, true);
                }
                if score > alpha && score < beta && !self.aborted {
                    score = -self.negamax(&child, new_depth, ply + 1, -beta, -alpha, true);
                }
            }
            if self.aborted {
                self.keys.pop();
                return 0;
            }
            all_dead &= score == -V::DEAD_POSITION_SCORE;
            if score > best {
                best = score;
                if score > alpha {
                    best_index = Some(order[i]);
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply as usize + 1);
                    let line = &mut head[ply as usize];
                    line.clear();
                    line.push(mv);
                    let _ = line.try_extend_from_slice(&tail[0]);
                    if score >= beta {
                        if !noisy {
                            self.tables
                                .reward(mv, pos.history_index(mv), ply as usize, depth);
                            for &q in &quiets_tried {
                                self.tables.punish(q, depth);
                            }
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
        if all_dead && best < beta {
            best = dead_score::<V>(ply);
            alpha = best.max(original_alpha + 1);
        }

        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            key,
            TtEntry {
                move_index: best_index,
                score: score_to_tt(best, ply),
                eval: 0,
                depth,
                bound,
            },
        );
        best
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
        static_eval(pos, ply)
    }

    /// A depth-0 node of a game without captures (nothing is noisy, so it is a leaf). Its
    /// score is the game's end, a draw (a dead position, a repetition), or the evaluation
    /// with the danger; where every one of these that can be fails low or high, the
    /// evaluation alone settles the node and the dead-position tests (tens of microseconds
    /// in Palindromic) are skipped as the danger is ([`add_danger`]).
    fn quiet_leaf(&mut self, pos: &V, ply: i32, alpha: Score, beta: Score) -> Score {
        if !self.count_and_go_on(ply) {
            return 0;
        }
        if !pos.search_has_moves() {
            return self
                .drawn(pos, ply)
                .unwrap_or_else(|| self.terminal(pos, ply));
        }
        let e = pos.evaluate();
        let mut low = e.min(V::DEAD_POSITION_SCORE);
        let mut high = e.max(V::DEAD_POSITION_SCORE);
        if V::REPETITION_DRAWS || V::FIFTY_MOVE_RULE {
            (low, high) = (low.min(0), high.max(0));
        }
        if let Some(bound) = settled_without_danger(ply, low, high, alpha, beta) {
            return bound;
        }
        if let Some(s) = self.drawn(pos, ply) {
            return s;
        }
        add_danger(pos, e, ply, alpha, beta)
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
            return self.quiet_leaf(pos, ply, alpha, beta);
        }
        if let Some(s) = self.enter_node(pos, ply) {
            return s;
        }
        let in_check = pos.is_check();
        let evasions = in_check && qply < QS_EVASION_PLIES;
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
        if ply as usize >= MAX_PLY - 4 {
            return static_eval(pos, ply);
        }
        let mut best = -INFINITE;
        let mut stand = -INFINITE;
        if !evasions {
            stand = static_eval(pos, ply);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut scores: ArrayVec<i32, MAX_MOVES> = list
            .iter()
            .map(|&m| {
                if pos.is_noisy(m) {
                    pos.noisy_order(m)
                } else {
                    -1_000_000
                }
            })
            .collect();
        let mut order: ArrayVec<u16, MAX_MOVES> = (0..list.len() as u16).collect();
        self.keys.push(pos.key());
        for i in 0..list.len() {
            pick_next(&mut list, &mut scores, &mut order, i);
            let m = list[i];
            if !evasions
                && (pos.losing_capture(m)
                    || pos
                        .capture_gain(m)
                        .is_some_and(|g| stand + g + DELTA_MARGIN <= alpha))
            {
                continue;
            }
            let mut child = pos.clone();
            child.play(m);
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

/// `x` for the side to move `ply` plies from the root, counted against the side that
/// searches whoever moves (a contempt): below 0 for it, above 0 for its opponent.
#[inline]
fn against_root(x: Score, ply: i32) -> Score {
    if ply % 2 == 0 {
        -x
    } else {
        x
    }
}

/// The score of a position whose every move leads to a dead one, for the side to move
/// `ply` plies from the root: the side that searches counts it
/// [`Evaluate::DEAD_POSITION_SCORE`] below a draw (contempt), whoever is to move there. A
/// dead position itself is scored against the player who moved into it ([`Worker::drawn`]),
/// so both players in the tree avoid one while they have a live move, as real players do
/// (each counts a deadlock against itself). Counting every dead position against the side
/// that searches made it give up live games wherever the opponent could kill them.
#[inline]
fn dead_score<V: Evaluate>(ply: i32) -> Score {
    against_root(V::DEAD_POSITION_SCORE, ply)
}

/// The static evaluation for the side to move `ply` plies from the root, with the
/// variant's danger counted against the side that searches ([`Evaluate::danger`]).
#[inline]
fn static_eval<V: Evaluate>(pos: &V, ply: i32) -> Score {
    pos.evaluate() + against_root(pos.danger(), ply)
}

/// [`static_eval`] from the evaluation `e`, or a bound on it that already settles the
/// node: the danger (never negative) only ever counts against the side that searches, so
/// where the evaluation without it fails low with that side to move, or high with its
/// opponent to move, the danger cannot change the outcome and is not computed.
/// Palindromic's danger is a completion search of up to milliseconds; with the root moves
/// in evaluation order, skipping it cut one turn of search in its middle game from
/// 115–590 ms to 9–207 ms.
#[inline]
fn add_danger<V: Evaluate>(pos: &V, e: Score, ply: i32, alpha: Score, beta: Score) -> Score {
    settled_without_danger(ply, e, e, alpha, beta)
        .unwrap_or_else(|| e + against_root(pos.danger(), ply))
}

/// The bound that settles a node whose score without the danger lies in `low..=high`, if
/// one does: the danger lowers the score with the side that searches to move (even plies)
/// and raises it with its opponent to move (odd plies), so a fail low there, or a fail
/// high here, stands whatever the danger is.
#[inline]
fn settled_without_danger(
    ply: i32,
    low: Score,
    high: Score,
    alpha: Score,
    beta: Score,
) -> Option<Score> {
    if ply % 2 == 0 {
        (high <= alpha).then_some(high)
    } else {
        (low >= beta).then_some(low)
    }
}

/// Late-move reduction in plies for the `i`-th move at `depth`.
#[inline]
fn lmr(depth: i32, i: usize) -> i32 {
    let r = 0.75 + (depth as f32).ln() * (i as f32).ln() / 2.25;
    r as i32
}

#[cfg(test)]
mod tests {
    use super::Breadcrumbs;

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
