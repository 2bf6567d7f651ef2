//! Palindromic's evaluator. Only the player who completes the reversal wins, and games
//! between players who do not plan end in deadlock, so the first question about a
//! position is whether the reversal can still be completed at all:
//! - a **dead position** (the reversal can no longer be completed, [`dead_position`]) ends
//!   the search there: it is a draw, which the player who moves into it counts 1001
//!   below 0, and the side that searches as much when it was forced (a contempt, the
//!   search policy in `palindromic_search.rs`), because only play can win this game: scored 0,
//!   the side behind on the race terms walked into dead positions on purpose and nearly
//!   every game deadlocked; charged to the mover even when forced, the search liked lines
//!   where the opponent must kill the game; counted against the side that searches
//!   whoever moved, it gave up live games wherever the opponent could kill them;
//! - otherwise the race terms of Interchange (home pieces, moves still needed), for the
//!   side to move, and the **danger** of a deadlock, which the side that searches counts
//!   against itself whoever caused it ([`Palindromic::danger`]): pieces away without a legal
//!   action now, and, with at most [`PLAN_MAX_AWAY`] pieces away, no completion found by a
//!   short search of single actions ([`completion_plan_found`]). The dead-position tests
//!   below see a deadlock only once it is certain, often many turns after the turn that
//!   caused it; the danger steers both players away from positions likely to be doomed
//!   (the depth-1 players of self-play share this evaluator, so they keep games alive too).
//!
//! Dead, in increasing cost, with the home pieces (which never move) as walls: a piece
//! that is not home reaches no free destination square around them (no preclusion keeps
//! this from arising in play); more pieces of a type away than free destination squares,
//! or pieces of one type that cannot take *distinct* ones (a matching: two pawns whose
//! only reachable free square is `d7`); a set of pieces frozen for good
//! ([`Palindromic::frozen_for_good`]); a knot of nearby pieces that cannot all get home
//! even alone on the board, one action at a time in any order ([`local_deadlock`],
//! bounded); and, with at most [`SOLVER_MAX_PIECES`] pieces away, no sequence of turns
//! completing the reversal with both players cooperating ([`cooperative_completion`],
//! bounded). Blocks that the budgets do not settle are not seen (deciding them is a
//! search over whole games).

use super::two_action::{moves_home, race_white};
use super::{Evaluate, Score};
use crate::core::{Action, Bitboard, Color, Role, Square, Turn};
use crate::variants::palindromic::{compute_reach, Palindromic};
use crate::variants::two_action::{self, destinations_by_index, type_index, TwoAction, ROLES};
use crate::variants::{Outcome, Variant};
use arrayvec::ArrayVec;
use std::cell::RefCell;
use std::ops::ControlFlow;

/// Types with more than one destination square: pawns (8), knights and bishops (2), both
/// colours (the others have one: at most one such piece may be away from home).
const MULTI: [(Color, Role); 6] = [
    (Color::White, Role::Pawn),
    (Color::White, Role::Knight),
    (Color::White, Role::Bishop),
    (Color::Black, Role::Pawn),
    (Color::Black, Role::Knight),
    (Color::Black, Role::Bishop),
];

/// Per multi-destination type and destination square (in square order): the squares
/// that reach that square around the walls.
type ReachTable = [[Bitboard; 8]; MULTI.len()];

fn compute_reach_table(walls: Bitboard) -> ReachTable {
    std::array::from_fn(|i| {
        let (color, role) = MULTI[i];
        let t = type_index(color, role);
        let mut per = [Bitboard::EMPTY; 8];
        for (k, d) in destinations_by_index(t).into_iter().enumerate() {
            per[k] = compute_reach(t, Bitboard::from_square(d), walls);
        }
        per
    })
}

const CACHE_BITS: u32 = 10;

thread_local! {
    /// Direct-mapped by wall set, as the rules' free-reaching cache: walls change only
    /// when a piece arrives home.
    static REACH_CACHE: RefCell<Box<[(u64, ReachTable)]>> = RefCell::new(
        (0..1usize << CACHE_BITS)
            .map(|_| (!0, [[Bitboard::EMPTY; 8]; MULTI.len()]))
            .collect(),
    );
}

fn reach_table(walls: Bitboard) -> ReachTable {
    REACH_CACHE.with(|c| {
        let mut c = c.borrow_mut();
        let i = (walls.0.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - CACHE_BITS)) as usize;
        if c[i].0 != walls.0 {
            c[i] = (walls.0, compute_reach_table(walls));
        }
        c[i].1
    })
}

/// Whether every piece can take a distinct destination square from its mask (bit k:
/// destination k reachable); augmenting paths over at most eight pieces and squares.
fn perfect_matching(masks: &[u8]) -> bool {
    fn augment(masks: &[u8], p: usize, seen: &mut u8, owner: &mut [Option<usize>; 8]) -> bool {
        let mut free = masks[p] & !*seen;
        while free != 0 {
            let k = free.trailing_zeros() as usize;
            free &= free - 1;
            *seen |= 1 << k;
            if owner[k].is_none_or(|q| augment(masks, q, seen, owner)) {
                owner[k] = Some(p);
                return true;
            }
        }
        false
    }
    let mut owner = [None; 8];
    (0..masks.len()).all(|p| augment(masks, p, &mut 0, &mut owner))
}

/// Whether the reversal can no longer be completed: the cheap necessary conditions above,
/// and with few pieces left the cooperative solver ([`cooperative_completion`], which
/// applies them first).
pub fn dead_position(p: &Palindromic) -> bool {
    let away = p.away().count();
    if away == 0 {
        return false;
    }
    if violates_necessary_conditions(p) || local_deadlock(p) {
        return true;
    }
    if away > SOLVER_MAX_PIECES {
        return false;
    }
    let key = p.position().key();
    SOLVER_CACHE.with(|c| {
        let mut c = c.borrow_mut();
        let i = (key >> (64 - SOLVER_CACHE_BITS)) as usize;
        if c[i].0 == key {
            return c[i].1;
        }
        let mut budget = SOLVER_BUDGET;
        let dead = cooperative_completion(p, &mut budget) == Some(false);
        c[i] = (key, dead);
        dead
    })
}

/// The solver runs when at most this many pieces are not home ...
pub const SOLVER_MAX_PIECES: u32 = 12;
/// ... and gives up (the position counts as live) after examining this many positions.
const SOLVER_BUDGET: u32 = 300;
const SOLVER_CACHE_BITS: u32 = 14;

thread_local! {
    /// Solver verdicts by position key (direct-mapped; the search revisits positions).
    static SOLVER_CACHE: RefCell<Box<[(u64, bool)]>> =
        RefCell::new(vec![(0, false); 1 << SOLVER_CACHE_BITS].into_boxed_slice());
}

/// Whether some sequence of turns, both players cooperating, completes the reversal:
/// `Some(false)` proves that no play can, the position is dead. Depth-first over the real
/// turns (turn order and the maximum-distance rule doom many positions that single
/// actions in any order would still complete), turns that bring pieces home first,
/// the cheap conditions cutting dead branches; `None` when `budget` positions did not
/// settle it.
pub fn cooperative_completion(p: &Palindromic, budget: &mut u32) -> Option<bool> {
    let mut failed = [0u64; FAILED_SLOTS];
    solve(p, Step::Turn, 0, budget, &mut failed)
}

/// Positions proved dead during one solve (direct-mapped by key).
const FAILED_SLOTS: usize = 1024;

/// What one step of a completion search is: a real turn (both actions, the turn order
/// and the maximum-distance rule) or a single legal action of either colour, at any
/// distance (the relaxation of [`local_deadlock`]).
#[derive(Clone, Copy)]
enum Step {
    Turn,
    Action,
    /// As `Action`, ordered also by the pieces each action leaves stuck
    /// ([`stuck_after`]): the completion search of the danger term.
    Plan,
}

/// Streams the positions one `step` on from `p`, those that bring a piece home first.
/// Single actions are ordered by what they gain, so that the first line tried is the
/// greedy completion ([`action_order`]; `seed` varies the ties between restarts); turns,
/// far more numerous, only by whether they bring a piece home. Breaks with `Some(false)`
/// when actions were left out (more than the list holds): then no verdict of "dead".
fn for_each_step(
    p: &Palindromic,
    step: Step,
    seed: u64,
    f: &mut dyn FnMut(Palindromic) -> ControlFlow<()>,
) -> ControlFlow<bool> {
    match step {
        Step::Turn => {
            for arrivals in [true, false] {
                let flow = p.for_each_move(|t| {
                    let home = [t.own, t.other]
                        .iter()
                        .any(|a| !a.is_pass() && arrives_home(p, a.from, a.to));
                    if home != arrivals {
                        return ControlFlow::Continue(());
                    }
                    let mut next = p.clone();
                    next.play(t);
                    f(next)
                });
                if flow.is_break() {
                    return ControlFlow::Break(true);
                }
            }
            ControlFlow::Continue(())
        }
        Step::Action | Step::Plan => {
            let mut list: ArrayVec<(i32, Action), MAX_ACTIONS> = ArrayVec::new();
            let mut complete = true;
            // The squares each piece can move to (a piece's actions come together).
            let mut reach: ArrayVec<(Square, Bitboard), 32> = ArrayVec::new();
            for color in Color::ALL {
                let _ = p.actions(color, false, |a| {
                    match reach.last_mut() {
                        Some((from, to)) if *from == a.from => to.set(a.to),
                        _ => complete &= reach.try_push((a.from, a.to.into())).is_ok(),
                    }
                    complete &= list.try_push((action_order(p, a, seed), a)).is_ok();
                    ControlFlow::Continue(())
                });
            }
            if matches!(step, Step::Plan) {
                for (order, a) in &mut list {
                    *order -= STUCK_ORDER * stuck_after(p, *a, &reach);
                }
            }
            list.sort_unstable_by_key(|&(order, _)| -order);
            for &(_, a) in &list {
                let mut next = p.clone();
                next.apply(a);
                if f(next).is_break() {
                    return ControlFlow::Break(true);
                }
            }
            if complete {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(false)
            }
        }
    }
}

/// What a piece left stuck by an action costs in the completion search's order: more than
/// the progress of any action (a slide saves at most a few moves), less than an arrival.
/// Greedy lines that bring pieces face to face (a rook and a rook on one file, a bishop and
/// a bishop on one diagonal) end in knots; steering them away from stuck pieces found a
/// completion in 72 % of the positions with 24–27 pieces away of completed self-play
/// games, against 27 % without, and in 17 % (3 %) of those of deadlocked games.
const STUCK_ORDER: i32 = 50;

/// Pieces away without a legal action after `a`, less those without one before (`reach`:
/// the pieces that have actions, with their targets). Only the pieces `a` can change are
/// looked at: the moved piece, those that could move to its new square, those stuck before;
/// an arrival changes the walls, so then all of them.
fn stuck_after(p: &Palindromic, a: Action, reach: &[(Square, Bitboard)]) -> i32 {
    let mut next = p.clone();
    next.apply(a);
    let stuck_before = p.away().count() as i32 - reach.len() as i32;
    let away = next.away();
    let mut changed = away;
    if away.contains(a.to) {
        // Not an arrival: a piece that could move before keeps its actions unless it is the
        // moved one or its target was the new square.
        for &(from, to) in reach {
            if from != a.from && !to.contains(a.to) {
                changed.clear(from);
            }
        }
    }
    let stuck = changed
        .into_iter()
        .filter(|&sq| next.legal_targets_from(sq).is_empty())
        .count() as i32;
    stuck - stuck_before
}

/// Single actions of both colours a completion search keeps per position (more are
/// ignored, and the position is then never proved dead).
const MAX_ACTIONS: usize = 256;

/// How promising a single action is for a completion: a piece arriving home first, then
/// the moves its piece still needs on an empty board saved (a rook's sideways slide
/// saves none); `seed` > 0 adds a small hash of the action and position that reorders
/// near-ties, so that restarts try other lines (a greedy line that goes wrong early is
/// rarely repaired by backtracking near its end).
fn action_order(p: &Palindromic, a: Action, seed: u64) -> i32 {
    let pc = two_action::piece_on(p.position(), a.from);
    let base = if two_action::destinations(pc.color, pc.role).contains(a.to) {
        1000
    } else {
        let t = type_index(pc.color, pc.role);
        10 * (moves_home(t, a.from) as i32 - moves_home(t, a.to) as i32)
    };
    if seed == 0 {
        return base;
    }
    let h = (p.key() ^ seed.wrapping_mul(0x9e37_79b9_7f4a_7c15))
        ^ ((a.from.index() * 64 + a.to.index()) as u64).wrapping_mul(0xff51_afd7_ed55_8ccd);
    base + (h.wrapping_mul(0xc4ce_b9fe_1a85_ec53) >> 58) as i32
}

/// Depth-first search for a completion by `step`s (see [`for_each_step`] for the
/// order), the cheap conditions cutting dead branches, positions proved dead remembered
/// in `failed` (direct-mapped by key; only exhaustive failures are stored, so the table
/// may outlive one search). Every position examined counts against `budget` (the cheap
/// conditions dominate the cost), so that one verdict costs a bounded time inside a
/// timed search; `None` when the budget did not settle it.
fn solve(
    p: &Palindromic,
    step: Step,
    seed: u64,
    budget: &mut u32,
    failed: &mut [u64],
) -> Option<bool> {
    if p.reversal_complete() {
        return Some(true);
    }
    let key = p.key();
    let slot = (key % failed.len() as u64) as usize;
    if failed[slot] == key {
        return Some(false);
    }
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    if violates_necessary_conditions(p) {
        failed[slot] = key;
        return Some(false);
    }
    let mut unknown = false;
    let flow = for_each_step(p, step, seed, &mut |next| match solve(
        &next, step, seed, budget, failed,
    ) {
        Some(true) => ControlFlow::Break(()),
        Some(false) => ControlFlow::Continue(()),
        None => {
            unknown = true;
            if *budget == 0 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
    });
    match flow {
        ControlFlow::Break(true) if !(*budget == 0 && unknown) => Some(true),
        ControlFlow::Break(_) => None,
        ControlFlow::Continue(()) if unknown => None,
        ControlFlow::Continue(()) => {
            failed[slot] = key;
            Some(false)
        }
    }
}

/// Whether the piece on `from` stands on one of its destination squares once on `to`
/// (the second action of a turn moves a piece of the other colour, so each is looked up).
fn arrives_home(p: &Palindromic, from: Square, to: Square) -> bool {
    p.position()
        .piece_at(from)
        .is_some_and(|pc| two_action::destinations(pc.color, pc.role).contains(to))
}

/// The cheap necessary conditions (see the module comment): a frozen set, a piece that
/// reaches no free destination, or a type whose pieces cannot take distinct ones. Public
/// so that tests can tell which of the detector's parts sees a position.
pub fn violates_necessary_conditions(p: &Palindromic) -> bool {
    if p.reversal_complete() {
        return false;
    }
    let pos = p.position();
    let walls = p.walls();
    let away = p.away();
    for color in Color::ALL {
        for role in ROLES {
            let t = type_index(color, role);
            let pieces = pos.pieces(color, role) & away;
            if (pieces & !p.free_reaching(t)).any()
                || pieces.count() > (destinations_by_index(t) & !walls).count()
            {
                return true;
            }
        }
    }
    if p.frozen_for_good().any() {
        return true;
    }
    let mut table = None;
    for (i, (color, role)) in MULTI.into_iter().enumerate() {
        let pieces = pos.pieces(color, role) & away;
        if pieces.count() < 2 {
            continue;
        }
        let table = table.get_or_insert_with(|| reach_table(walls));
        let mut masks = [0u8; 8];
        let mut n = 0;
        for sq in pieces {
            if n == 8 {
                return true;
            }
            for (k, reach) in table[i].iter().enumerate() {
                if reach.contains(sq) {
                    masks[n] |= 1 << k;
                }
            }
            n += 1;
        }
        if !perfect_matching(&masks[..n]) {
            return true;
        }
    }
    false
}

/// With at most this many pieces away, a position in which [`completion_plan_found`] finds
/// no completion counts as dangerous (further out, in the opening, the lines finish as
/// rarely in live positions as in doomed ones, and each verdict costs milliseconds).
/// Depth-1 self-play completed 70 % of 60 games at 24, 89 % of 56 at 28 ...
pub const PLAN_MAX_AWAY: u32 = 28;
/// ... by this much, against the side that searches ([`Palindromic::danger`]) ...
const NO_PLAN_DANGER: Score = 200;
/// ... and each piece away without a legal action now by this much.
const BLOCKED_DANGER: Score = 30;
/// Restarts of the completion search, each with its own tie order ...
const PLAN_RESTARTS: u64 = 5;

/// ... and positions each may examine: a completion takes about two actions per piece away,
/// plus room to backtrack.
fn plan_budget(away: u32) -> u32 {
    40 + 8 * away
}

const PLAN_CACHE_BITS: u32 = 16;
const PLAN_FAILED_SLOTS: usize = 1 << 12;

thread_local! {
    /// Verdicts of [`completion_plan_found`] by position key (direct-mapped).
    static PLAN_CACHE: RefCell<Box<[(u64, bool)]>> =
        RefCell::new(vec![(0, false); 1 << PLAN_CACHE_BITS].into_boxed_slice());
    /// Positions the completion search proved dead (one verdict's restarts share them).
    static PLAN_FAILED: RefCell<Box<[u64]>> =
        RefCell::new(vec![0; PLAN_FAILED_SLOTS].into_boxed_slice());
}

/// Whether a short search finds single actions of either colour, in any order and at any
/// distance, that complete the reversal: greedy lines (arrivals, then fewest pieces left
/// stuck, then progress) with a little backtracking, restarted with other tie orders. Not
/// a proof either way: turns may still fail where single actions succeed, and a live
/// position may need a line the budget does not reach. But it separates the two kinds of
/// positions well: over 200 depth-1 self-play games, with 24–27 pieces away, it found a
/// completion in 74 % of the positions of games that were completed and in 17 % of those
/// of games that ended in deadlock (most of them already lost, though the dead-position
/// tests could not yet tell); with 12–23 away, 72–88 % and 4–12 %. Cached by key.
pub fn completion_plan_found(p: &Palindromic) -> bool {
    let key = p.position().key();
    let slot = (key >> (64 - PLAN_CACHE_BITS)) as usize;
    if let Some(found) = PLAN_CACHE.with(|c| {
        let (k, found) = c.borrow()[slot];
        (k == key).then_some(found)
    }) {
        return found;
    }
    let away = p.away().count();
    let found = PLAN_FAILED.with(|failed| {
        let mut failed = failed.borrow_mut();
        // A verdict depends on the position alone (the search's threads and a brute-force
        // test must agree), so nothing carries over from the last one.
        failed.fill(0);
        for seed in 0..PLAN_RESTARTS {
            let mut budget = plan_budget(away);
            if let Some(found) = solve(p, Step::Plan, seed, &mut budget, &mut failed) {
                return found;
            }
        }
        false
    });
    PLAN_CACHE.with(|c| c.borrow_mut()[slot] = (key, found));
    found
}

/// Pieces not home that have no legal action now (either colour's).
fn blocked_pieces(p: &Palindromic) -> u32 {
    let away = p.away();
    let mut movable = Bitboard::EMPTY;
    for color in Color::ALL {
        let _ = p.actions(color, false, |a| {
            movable.set(a.from);
            ControlFlow::Continue(())
        });
    }
    (away & !movable).count()
}

fn for_side_to_move(p: &Palindromic) -> Score {
    let s = race_white(p.position());
    if p.turn() == Color::White {
        s
    } else {
        -s
    }
}

impl Palindromic {
    /// Both players lose a game that deadlocks, so what makes a deadlock likely is counted
    /// against the side that searches, whoever caused it: pieces stuck now, and no
    /// completion found by a short search ([`completion_plan_found`]). Measured on 400
    /// depth-1 self-play games: 7.5 % completed with neither term, 21 % with the first, 57 %
    /// with both (200 games), 89 % once the search steered clear of stuck pieces and ran
    /// from 28 pieces away (56 games). Never negative, so that the search can skip it where
    /// the evaluation alone already fails low or high.
    pub fn danger(&self) -> Score {
        let away = self.away().count();
        let mut danger = BLOCKED_DANGER * blocked_pieces(self) as Score;
        if away <= PLAN_MAX_AWAY && !completion_plan_found(self) {
            danger += NO_PLAN_DANGER;
        }
        danger
    }
}

impl Evaluate for Palindromic {
    const BENCH_DEPTH: i32 = 3;

    fn evaluate(&self) -> Score {
        for_side_to_move(self)
    }

    fn noisy_order(&self, _: Turn) -> i32 {
        0
    }

    fn history_index(&self, t: Turn) -> usize {
        super::two_action::turn_index(t)
    }

    /// A win (mate score) or a deadlock.
    fn terminal_score(&self, o: &Outcome, ply: i32) -> Score {
        super::outcome_score(o, self.turn(), ply)
    }
}

/// A local deadlock is looked for among the pieces not home within this many squares
/// (king steps) of each piece not home ...
const LOCAL_RADIUS: i8 = 2;
/// ... when there are two to this many of them ...
const LOCAL_MAX_PIECES: u32 = 8;
/// ... examining at most this many placements per group.
const LOCAL_BUDGET: u32 = 200;
const LOCAL_CACHE_BITS: u32 = 16;

thread_local! {
    /// Group verdicts (true: dead) by the group's placement and the walls.
    static LOCAL_CACHE: RefCell<Box<[(u64, bool)]>> =
        RefCell::new(vec![(0, false); 1 << LOCAL_CACHE_BITS].into_boxed_slice());
}

/// Squares within [`LOCAL_RADIUS`] king steps of `sq`.
fn neighbourhood(sq: Square) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for df in -LOCAL_RADIUS..=LOCAL_RADIUS {
        for dr in -LOCAL_RADIUS..=LOCAL_RADIUS {
            if let Some(s) = sq.offset(df, dr) {
                b.set(s);
            }
        }
    }
    b
}

/// Whether some group of nearby pieces not home can never all get home, even alone on the
/// board with the home pieces, one action at a time in any order and at any distance
/// (`Step::Action` on the reduced board). Sound: a completing game, its actions
/// of the group's pieces kept, is such a sequence on the reduced board (fewer pieces block
/// nothing that was free, fewer walls preclude nothing that was legal), so a group that
/// cannot finish alone dooms the position. Deadlocks are local (a knot of pieces around
/// a corner of home squares), and a group is a few pieces, so the exhaustive search over
/// their placements is small where the whole board's is hopeless; verdicts are cached by
/// the group's placement and the walls, which a turn changes only near its two actions.
pub fn local_deadlock(p: &Palindromic) -> bool {
    let pos = p.position();
    let walls = p.walls();
    let away = p.away();
    let walls_key = walls.0.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut seen = [Bitboard::EMPTY; 32];
    let mut n_seen = 0;
    for x in away {
        let group = away & neighbourhood(x);
        let size = group.count();
        if !(2..=LOCAL_MAX_PIECES).contains(&size) || seen[..n_seen].contains(&group) {
            continue;
        }
        if n_seen < seen.len() {
            seen[n_seen] = group;
            n_seen += 1;
        }
        let mut key = walls_key;
        for sq in group {
            key ^= crate::core::zobrist::piece(two_action::piece_on(pos, sq), sq);
        }
        let dead = LOCAL_CACHE.with(|c| {
            let i = (key >> (64 - LOCAL_CACHE_BITS)) as usize;
            let (k, dead) = c.borrow()[i];
            if k == key {
                return dead;
            }
            let mut reduced = p.clone();
            for sq in away & !group {
                reduced.remove_piece(sq);
            }
            let mut budget = LOCAL_BUDGET;
            let mut failed = [0u64; LOCAL_FAILED_SLOTS];
            let dead = solve(&reduced, Step::Action, 0, &mut budget, &mut failed) == Some(false);
            c.borrow_mut()[i] = (key, dead);
            dead
        });
        if dead {
            return true;
        }
    }
    false
}

const LOCAL_FAILED_SLOTS: usize = 256;
