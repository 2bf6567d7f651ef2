//! Exile evaluator: the FIDE terms with Exile's own piece values —
//! archbishop 800 (bishop + knight), duke 600 (a queen reaching two squares),
//! exile 280 (wazir + alfil once released) — plus piece-square tables
//! (the fairy pieces use the knight's centralisation table) and mobility.
//! A bare king loses here, so material counts for more than in chess.

use super::fide::{capture_gain, evaluate_white, mvv_lva};
use super::{Evaluate, Score, SearchHooks};
use crate::core::Color;
use crate::variants::exile::{Exile, ExileMove};
use crate::variants::Variant;

impl SearchHooks for Exile {
    const FORWARD_PRUNING: bool = true;
    const CONTINUATION_HISTORY: bool = true;
    const CYCLE_DETECTION: bool = true;

    #[inline]
    fn reversible_move(&self, diff: u64) -> bool {
        super::fide::reversible_fide_move(self.position(), diff)
    }
}

impl Evaluate for Exile {
    fn evaluate(&self) -> Score {
        let s = evaluate_white(self.position());
        if self.turn() == Color::White {
            s
        } else {
            -s
        }
    }

    fn noisy_order(&self, m: ExileMove) -> i32 {
        match m {
            ExileMove::Action(a) => mvv_lva(self.position(), a),
            _ => 0,
        }
    }

    /// Delta pruning only: the one-step exchange test needs FIDE attacks.
    fn capture_gain(&self, m: ExileMove) -> Option<Score> {
        match m {
            ExileMove::Action(a) => Some(capture_gain(self.position(), a)),
            _ => None,
        }
    }

    fn history_index(&self, m: ExileMove) -> usize {
        match m {
            ExileMove::Action(a) => a.from.index() * 64 + a.to.index(),
            ExileMove::Tour { from, to } => from.index() * 64 + to.index(),
            ExileMove::Castle { king, king_to, .. } => king.index() * 64 + king_to.index(),
        }
    }

    fn null_move(&self) -> Option<Self> {
        Exile::null_move(self)
    }
}
