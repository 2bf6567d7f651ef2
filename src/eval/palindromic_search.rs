//! Palindromic's search policy ([`SearchHooks`]). Only the player who completes the
//! reversal wins, and a deadlocked game is lost to both, so the search:
//! - stops at a **dead position** ([`dead_position`]) and counts it
//!   [`DEAD_POSITION_SCORE`] below a draw against the player who moved into it, and a
//!   position whose every move leads to a dead one as much below a draw for the side that
//!   searches, whoever is to move there (a contempt: both players in the tree avoid a dead
//!   position while they have a live move, as real players do; counting every dead
//!   position against the side that searches made it give up live games wherever the
//!   opponent could kill them);
//! - counts the **danger** of a deadlock ([`Palindromic::danger`]) against the side that
//!   searches at the leaves, and skips it, and the dead-position tests, where the
//!   evaluation without them already settles the node;
//! - deepens by two plies, so that its own turn ends every tree, and reads the clock at
//!   every node, since one node can cost milliseconds.

use super::palindromic::dead_position;
use super::{Score, SearchHooks};
use crate::variants::palindromic::Palindromic;
use crate::variants::Variant;

/// The contempt for a dead position; odd, so never a race evaluation (those are even)
/// nor a mate score.
const DEAD_POSITION_SCORE: Score = 1001;

impl SearchHooks for Palindromic {
    /// A node costs from a microsecond to a millisecond and more (a fresh completion search,
    /// a dead-position verdict): at 1024 nodes between clock checks, searches at 100 ms a
    /// move ran up to 87 ms long, and at 1 s + 10 ms a fixed count overran the clock by up
    /// to 165 ms; reading it at every node costs under 1 % here.
    const CLOCK_CHECK_NODES: u32 = 1;

    /// Odd depths only, so that zest's own turn ends every tree (the danger counts against
    /// the side that searches: a tree that ends on the opponent's turn leaves it the last
    /// word, and every line looks doomed). At fixed depth 2 zest scored 57.5 % and 43.8 %
    /// against depth 1 on seeds 11–12; at 100 ms a move, odd depths only raised seeds 11–14
    /// from 74.7 % to 76.9 % (160 games, every seed up: 73.8 → 77.5, 76.2 → 77.5,
    /// 75.0 → 77.5, 73.8 → 75.0 %).
    #[inline]
    fn iteration_depth(n: i32) -> i32 {
        2 * n - 1
    }

    #[inline]
    fn foreseen_draw(&self) -> Option<Score> {
        dead_position(self).then_some(DEAD_POSITION_SCORE)
    }

    /// The mover's side of [`SearchHooks::foreseen_draw`].
    #[inline]
    fn is_foreseen_draw_score(score: Score) -> bool {
        score == -DEAD_POSITION_SCORE
    }

    #[inline]
    fn forced_draw_score(ply: i32) -> Score {
        against_root(DEAD_POSITION_SCORE, ply)
    }

    #[inline]
    fn leaf_eval(&self, eval: Score, ply: i32) -> Score {
        eval + against_root(self.danger(), ply)
    }

    /// Where the evaluation and every draw score there could be (a dead position, the
    /// 50-move rule) fail low or high together, the evaluation settles the node and the
    /// dead-position tests (tens of microseconds) are skipped as the danger is
    /// ([`add_danger`]).
    #[inline]
    fn leaf_score(
        &self,
        eval: Score,
        ply: i32,
        alpha: Score,
        beta: Score,
        draw: impl FnOnce() -> Option<Score>,
    ) -> Score {
        let mut low = eval.min(DEAD_POSITION_SCORE);
        let mut high = eval.max(DEAD_POSITION_SCORE);
        if Self::REPETITION_DRAWS || Self::FIFTY_MOVE_RULE {
            (low, high) = (low.min(0), high.max(0));
        }
        if let Some(bound) = settled_without_danger(ply, low, high, alpha, beta) {
            return bound;
        }
        if let Some(s) = draw() {
            return s;
        }
        add_danger(self, eval, ply, alpha, beta)
    }
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

/// [`SearchHooks::leaf_eval`] from the evaluation `e`, or a bound on it that already
/// settles the node: the danger (never negative) only ever counts against the side that
/// searches, so where the evaluation without it fails low with that side to move, or high
/// with its opponent to move, the danger cannot change the outcome and is not computed.
/// The danger is a completion search of up to milliseconds; with the root moves in
/// evaluation order, skipping it cut one turn of search in the middle game from 115–590 ms
/// to 9–207 ms.
#[inline]
fn add_danger(pos: &Palindromic, e: Score, ply: i32, alpha: Score, beta: Score) -> Score {
    settled_without_danger(ply, e, e, alpha, beta).unwrap_or_else(|| pos.leaf_eval(e, ply))
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
