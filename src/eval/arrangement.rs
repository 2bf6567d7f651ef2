//! Arrangement evaluator: the FIDE terms (material, piece-square tables,
//! bishop pair, mobility) on the arranged back rank; during the setup phase
//! the same terms judge the arrangement being built.

use super::fide::{capture_gain, evaluate_white, losing_capture, mvv_lva};
use super::{Evaluate, Score, SearchHooks};
use crate::core::Color;
use crate::variants::arrangement::{ArrMove, Arrangement};
use crate::variants::Variant;

impl SearchHooks for Arrangement {
    const FORWARD_PRUNING: bool = true;
    const CONTINUATION_HISTORY: bool = true;
}

impl Evaluate for Arrangement {
    fn evaluate(&self) -> Score {
        let s = evaluate_white(self.position());
        if self.turn() == Color::White {
            s
        } else {
            -s
        }
    }

    fn noisy_order(&self, m: ArrMove) -> i32 {
        m.action().map_or(0, |a| mvv_lva(self.position(), a))
    }

    fn capture_gain(&self, m: ArrMove) -> Option<Score> {
        m.action().map(|a| capture_gain(self.position(), a))
    }

    fn losing_capture(&self, m: ArrMove) -> bool {
        m.action()
            .is_some_and(|a| losing_capture(self.position(), a))
    }

    fn see_ge(&self, m: ArrMove, threshold: Score) -> Option<bool> {
        match m {
            ArrMove::Play(a) if !self.step().is_setup() => {
                Some(super::see::see_ge(self.position(), a, threshold))
            }
            _ => None,
        }
    }

    fn history_index(&self, m: ArrMove) -> usize {
        match m {
            ArrMove::Play(a) | ArrMove::First(_, a) => a.from.index() * 64 + a.to.index(),
            ArrMove::Swap(s) => s.mover.index() * 64 + s.partner.index(),
            ArrMove::Pass => 0,
        }
    }

    fn null_move(&self) -> Option<Self> {
        Arrangement::null_move(self)
    }
}
