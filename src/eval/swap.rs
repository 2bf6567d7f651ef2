//! Swap evaluator and search move set.
//! - Terms: the FIDE ones (material, piece-square tables, bishop pair, mobility). Swaps trade
//!   places, not material, so material stays the backbone; what swap sequences threaten is
//!   left to the search, which sees every short sequence.
//! - Moves searched: ordinary moves plus single swaps ([`SEARCH_MAX_SWAPS`]), and sequences
//!   of up to [`SEARCH_FORCING_SWAPS`] swaps that give check or escape one (mates by a
//!   two-swap sequence; the page's mate-in-one position's only defence). Quiescence: ordinary
//!   captures and promotions. A full position has
//!   millions of sequences. Measured: with two swaps, listing the moves of crowded middlegame
//!   positions (each listed position needs its canonical, shortest name) made a depth-3 search of
//!   the bench positions run over 5 minutes; with one swap, depth 5 takes 2.6 s. Longer sequences
//!   from the opponent are still accepted (the rules code checks any path).

use super::fide::{capture_gain, evaluate_white, losing_capture, mvv_lva, value};
use super::{Evaluate, Score, SearchHooks};
use crate::core::{Color, MoveList, Role};
use crate::variants::swap::{Swap, SwapMove};
use crate::variants::{Outcome, Variant};
use std::ops::ControlFlow;

/// Longest quiet swap sequence the search generates.
pub const SEARCH_MAX_SWAPS: usize = 1;
/// Longest sequence the search generates when it gives check.
pub const SEARCH_FORCING_SWAPS: usize = 2;
/// Longest sequence the search tries to escape a check with.
pub const SEARCH_ESCAPE_SWAPS: usize = 3;

/// Longer sequences are worth listing only to escape a check.
fn forcing_bound(pos: &Swap) -> usize {
    if pos.is_check() {
        SEARCH_ESCAPE_SWAPS
    } else {
        SEARCH_FORCING_SWAPS
    }
}

/// Swap is a one-action game evaluated by the FIDE terms: it prunes by its evaluation and
/// orders by continuation histories as chess does (a swap that checks is never pruned).
impl SearchHooks for Swap {
    const FORWARD_PRUNING: bool = true;
    const CONTINUATION_HISTORY: bool = true;
    const CYCLE_DETECTION: bool = true;

    #[inline]
    fn reversible_move(&self, diff: u64) -> bool {
        super::fide::reversible_fide_move(self.position(), diff)
    }
}

impl Evaluate for Swap {
    const BENCH_DEPTH: i32 = 5;

    fn evaluate(&self) -> Score {
        let s = evaluate_white(self.position());
        if self.turn() == Color::White {
            s
        } else {
            -s
        }
    }

    fn noisy_order(&self, m: SwapMove) -> i32 {
        match m {
            SwapMove::Action(a) => mvv_lva(self.position(), a),
            SwapMove::Path(_) => value(Role::Queen) * 10,
        }
    }

    fn capture_gain(&self, m: SwapMove) -> Option<Score> {
        match m {
            SwapMove::Action(a) => Some(capture_gain(self.position(), a)),
            SwapMove::Path(_) => None,
        }
    }

    fn losing_capture(&self, m: SwapMove) -> bool {
        matches!(m, SwapMove::Action(a) if losing_capture(self.position(), a))
    }

    fn history_index(&self, m: SwapMove) -> usize {
        match m {
            SwapMove::Action(a) => a.from.index() * 64 + a.to.index(),
            SwapMove::Path(p) => p.square(0).index() * 64 + p.last().index(),
        }
    }

    /// Ordinary captures and promotions only: a swap sequence captures nothing, and looking
    /// for the rare promoting one would cost a walk over the sequences at every node.
    fn noisy_moves(&self, list: &mut MoveList<SwapMove>) -> bool {
        list.clear();
        let mut any = false;
        self.for_each_ordinary(&mut |a| {
            any = true;
            let m = SwapMove::Action(a);
            if self.is_noisy(m) {
                list.push(m);
            }
        });
        // Without an ordinary move, only a swap sequence can keep the game going.
        any || self.search_has_moves()
    }

    fn search_has_moves(&self) -> bool {
        self.for_each_move_forcing(SEARCH_MAX_SWAPS, forcing_bound(self), |_| {
            ControlFlow::Break(())
        })
        .is_break()
    }

    /// The search lists sequences up to a bound: without a move there, a check counts as mate
    /// and anything else as stalemate (proving either exactly can mean walking millions of
    /// sequences, seconds in a crowded position; the rules code, not the search, ends games).
    fn search_outcome(&self) -> Option<Outcome> {
        if self.dead() {
            return self.outcome();
        }
        crate::variants::fide::outcome(self.position(), false)
    }

    fn search_moves(&self, list: &mut MoveList<SwapMove>) {
        self.legal_moves_forcing(SEARCH_MAX_SWAPS, forcing_bound(self), list);
    }
}
