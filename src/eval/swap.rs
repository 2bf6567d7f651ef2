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
use super::{Evaluate, Score};
use crate::core::{Color, MoveList, Role};
use crate::variants::swap::{Swap, SwapMove};
use crate::variants::Variant;

/// Longest quiet swap sequence the search generates.
pub const SEARCH_MAX_SWAPS: usize = 1;
/// Longest sequence the search generates when it gives check (or, in check, escapes it).
pub const SEARCH_FORCING_SWAPS: usize = 2;

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
        any || self.has_moves()
    }

    fn search_moves(&self, list: &mut MoveList<SwapMove>) {
        self.legal_moves_forcing(SEARCH_MAX_SWAPS, SEARCH_FORCING_SWAPS, list);
    }
}
