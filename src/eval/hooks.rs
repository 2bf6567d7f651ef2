//! What a game may change in the generic search besides its evaluation: a few hooks, each
//! with a no-op default, that the search calls at fixed points. A game that needs a policy
//! of its own (Palindromic's contempt for dead positions and its deadlock danger, in
//! `eval/palindromic_search.rs`) overrides them beside its evaluator, so that the search
//! itself names no game. Every hook is resolved at compile time; the defaults inline away.

use super::Score;
use crate::variants::Variant;

/// The search's hooks (see the module documentation and `docs/search.md`).
pub trait SearchHooks: Variant {
    /// Nodes the main thread searches between reads of the clock: Stockfish's 1024 where
    /// nodes cost about the same; fewer where one node can cost a millisecond, so that a
    /// timed search stops on time. Read more often everywhere, the clock costs chess 3 %
    /// (every 32 nodes) to 13 % (every node).
    const CLOCK_CHECK_NODES: u32 = 1024;

    /// Whether the static evaluation judges a quiet position well enough to prune by it
    /// (reverse futility, futility, late-move, history and static-exchange pruning, and the
    /// singular test's lowered bound). Off by default: the two-action games' evaluations miss
    /// too much that one more action changes.
    const FORWARD_PRUNING: bool = false;

    /// Whether quiet moves are ordered (and reduced) by continuation histories too, keyed
    /// by the moves one and two plies back. Off by default: in the two-action games a move's
    /// half and the reply it invites are not what one ply back is in chess.
    const CONTINUATION_HISTORY: bool = false;

    /// Whether the search thread's [`crate::search::eval_cache::EvalCache`] keeps the static
    /// evaluations. Worth it where an evaluation costs more than a slot that is likely not
    /// in the processor's cache; a network whose sums are kept move by move evaluates in
    /// less time than that miss takes.
    const CACHE_EVAL: bool = true;

    /// Whether the search looks for repetitions the side to move can make
    /// ([`SearchHooks::reversible_move`]) before they are made. Off by default: only games
    /// that repeat positions and whose quiet moves are the FIDE pieces' turn it on.
    const CYCLE_DETECTION: bool = false;

    /// Whether the side to move can make, now, a reversible move that changes the key by
    /// `diff` (a piece of its own between two squares with nothing between them). A wrong
    /// `true` costs a draw score where none is; a wrong `false` costs only the ply the search
    /// takes to find the repetition.
    #[inline]
    fn reversible_move(&self, _diff: u64) -> bool {
        false
    }

    /// The table key of the position after `m`, or near it, told before `m` is played: the
    /// search fetches that slot of the TranspositionTable into the processor's cache while it
    /// plays the move, rather than after. `None` (the default): the slot is fetched once the
    /// move is played. A wrong key costs nothing but the wasted fetch.
    #[inline]
    fn key_hint(&self, _m: Self::Move) -> Option<u64> {
        None
    }

    /// The depth of the `n`-th iteration of iterative deepening (`n` from 1); a fixed-depth
    /// search still ends at the depth asked for.
    #[inline]
    fn iteration_depth(n: i32) -> i32 {
        n
    }

    /// A draw that the game foresees before its rules declare it (a dead position: neither
    /// side can win any more), or one its rules declare while its generator still lists
    /// moves, with its score for the side to move; `None` otherwise. The search looks no
    /// further there. Called at every node below the root.
    #[inline]
    fn foreseen_draw(&self) -> Option<Score> {
        None
    }

    /// Whether a move that scored `score` for the side that played it went into a foreseen
    /// draw. A node whose every move did is a foreseen draw too, scored
    /// [`SearchHooks::forced_draw_score`].
    #[inline]
    fn is_foreseen_draw_score(_score: Score) -> bool {
        false
    }

    /// The score, for the side to move `ply` plies from the root, of a node whose every move
    /// goes into a foreseen draw.
    #[inline]
    fn forced_draw_score(_ply: i32) -> Score {
        0
    }

    /// The score of a leaf `ply` plies from the root whose static evaluation is `eval`: the
    /// evaluation, unless the game adds a term that depends on who searches (and so is no
    /// part of [`crate::eval::Evaluate::evaluate`], which the root's move ordering uses).
    #[inline]
    fn leaf_eval(&self, eval: Score, _ply: i32) -> Score {
        eval
    }

    /// The score of a depth-0 node of a game without captures (quiescence has nothing to
    /// search there) that still has moves: `draw` tests the draws of the rules and
    /// [`SearchHooks::foreseen_draw`]; without one, [`SearchHooks::leaf_eval`]. `alpha` and
    /// `beta` let a game whose tests are costly return a bound instead, where that bound
    /// already fails low or high whatever the tests would say.
    #[inline]
    fn leaf_score(
        &self,
        eval: Score,
        ply: i32,
        _alpha: Score,
        _beta: Score,
        draw: impl FnOnce() -> Option<Score>,
    ) -> Score {
        draw().unwrap_or_else(|| self.leaf_eval(eval, ply))
    }
}
