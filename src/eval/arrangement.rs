//! Arrangement evaluator: the chess evaluation (the chess network, as in `eval/fide.rs`) on the
//! arranged back rank; during the setup phase the same evaluation judges the arrangement being
//! built.

use super::fide::{capture_gain, endgame_knowledge, losing_capture, may_pass, mvv_lva};
use super::{Evaluate, Score, SearchHooks};
use crate::variants::arrangement::{ArrMove, Arrangement};
use crate::variants::Variant;

impl SearchHooks for Arrangement {
    const FORWARD_PRUNING: bool = true;
    const CONTINUATION_HISTORY: bool = true;
    const CACHE_EVAL: bool = false;
    const CYCLE_DETECTION: bool = true;

    #[inline]
    fn reversible_move(&self, diff: u64) -> bool {
        super::fide::reversible_fide_move(self.position(), diff)
    }
}

impl Evaluate for Arrangement {
    #[inline]
    fn evaluate(&self) -> Score {
        endgame_knowledge(self.position(), || self.network_eval())
    }

    fn prepare_search(&mut self) {
        self.refresh_network();
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

    /// The side's pieces ([`may_pass`]) are tested before the position is copied.
    fn null_move(&self) -> Option<Self> {
        may_pass(self.position())
            .then(|| Arrangement::null_move(self))
            .flatten()
    }
}

#[cfg(test)]
mod tests {
    use crate::core::MoveList;
    use crate::eval::Evaluate;
    use crate::variants::arrangement::Arrangement;
    use crate::variants::Variant;

    #[test]
    fn kept_network_sums_agree_with_a_fresh_position() {
        // Random games through the setup steps and into play: after every move the evaluation
        // from the sums kept move by move must be the one of the same position read afresh.
        let mut rng = crate::core::rng::SplitMix(5);
        let mut played = 0;
        for _ in 0..40 {
            let mut game = Arrangement::from_fen(Arrangement::START_FEN).unwrap();
            game.prepare_search();
            for _ in 0..70 {
                let mut list = MoveList::new();
                game.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                game.play(list[rng.below(list.len())]);
                played += 1;
                let fresh = Arrangement::from_fen(&game.fen()).unwrap();
                assert_eq!(game.evaluate(), fresh.evaluate(), "{}", game.fen());
            }
        }
        assert!(played > 1000);
    }
}
