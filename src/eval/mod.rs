//! Static evaluation, one evaluator per variant, behind the [`Evaluate`]
//! trait the search is generic over. Scores are centipawns from the side to
//! move's point of view.

pub mod arrangement;
pub mod exile;
pub mod fide;
pub mod palindromic;
pub mod swap;
pub mod two_action;

use crate::variants::{GameResult, Outcome, Variant};

/// A search score in centipawns; wins are near [`MATE`].
pub type Score = i32;

/// A won game at the root; a win `n` plies away scores `MATE - n`.
pub const MATE: Score = 30_000;
/// Scores beyond this are wins or losses, not evaluations.
pub const MATE_BOUND: Score = MATE - 1_000;
pub const INFINITE: Score = 32_000;

/// The score of an ended game for the side to move, `ply` plies from the root.
#[inline]
pub fn outcome_score(outcome: &Outcome, stm: crate::core::Color, ply: i32) -> Score {
    match outcome.result {
        GameResult::Draw => 0,
        r if r == GameResult::win(stm) => MATE - ply,
        _ => -(MATE - ply),
    }
}

/// What the search needs of a variant beyond its rules.
pub trait Evaluate: Variant {
    /// Depth of `zest bench` for this game (branching factors differ by orders of magnitude).
    const BENCH_DEPTH: i32 = 7;

    /// Static evaluation for the side to move.
    fn evaluate(&self) -> Score;

    /// Ordering value of a noisy move (victim value minus a fraction of the mover's).
    fn noisy_order(&self, m: Self::Move) -> i32;

    /// A small index (< 4096) for history and killer tables.
    fn history_index(&self, m: Self::Move) -> usize;

    /// The moves the search looks at, in generation order (Swap bounds its sequences here).
    fn search_moves(&self, list: &mut crate::core::MoveList<Self::Move>) {
        self.legal_moves(list);
    }

    /// The noisy moves quiescence search looks at, in generation order; returns whether the
    /// side to move has any legal move at all (none: the game is over here).
    fn noisy_moves(&self, list: &mut crate::core::MoveList<Self::Move>) -> bool {
        self.search_moves(list);
        let any = !list.is_empty();
        list.retain(|m| self.is_noisy(*m));
        any
    }

    /// Most material the noisy move `m` can win (victim plus promotion); quiescence skips
    /// it when even that leaves the score below alpha (delta pruning). `None`: no bound.
    fn capture_gain(&self, _m: Self::Move) -> Option<Score> {
        None
    }

    /// Whether `m` likely loses material (quiescence skips it outside check).
    fn losing_capture(&self, _m: Self::Move) -> bool {
        false
    }

    /// Whether [`Evaluate::search_moves`] would list a move (what the search treats as the
    /// game going on).
    fn search_has_moves(&self) -> bool {
        self.has_moves()
    }

    /// How the game ended where [`Evaluate::search_moves`] found no move: the rules' exact
    /// verdict, unless the variant's search bounds its moves (Swap).
    fn search_outcome(&self) -> Option<Outcome> {
        self.outcome()
    }

    /// The score of this ended game for the side to move, `ply` plies from the root:
    /// a mate score, unless the variant ranks its results more finely.
    fn terminal_score(&self, outcome: &Outcome, ply: i32) -> Score {
        outcome_score(outcome, self.turn(), ply)
    }

    /// How far below a draw the player who moves into a dead position counts it: 0, a draw
    /// like any other; a variant whose draws throw away a win that only play can earn sets
    /// a contempt (see Palindromic). A position whose every move leads to a dead position
    /// is dead too, and counted this far below a draw for the side that searches.
    const DEAD_POSITION_SCORE: Score = 0;

    /// Plies between the depths of iterative deepening: 1, or 2 in a game whose evaluation
    /// depends on who moved last (Palindromic's danger, counted against the side that
    /// searches: a tree that ends on the opponent's turn leaves it the last word, and every
    /// line looks doomed). A fixed-depth search still ends at the depth asked for.
    const DEPTH_STEP: i32 = 1;

    /// Nodes between the main thread's clock checks: Stockfish's 1024 where nodes cost
    /// about the same; fewer where one node can cost a millisecond (Palindromic's danger
    /// terms), so that a timed search stops on time. Read more often everywhere, the clock
    /// costs chess 3 % (every 32 nodes) to 13 % (every node).
    const CLOCK_CHECK_NODES: u32 = 1024;

    /// Harm to both players' chances, a step towards a dead position, which the side that
    /// searches counts against itself at the leaves (as the contempt for dead positions);
    /// never negative, so that the search can skip it where the evaluation alone already
    /// fails low or high; the default 0 inlines away in the other games.
    #[inline]
    fn danger(&self) -> Score {
        0
    }

    /// Whether the game can only end in a draw from here (a necessary condition for either
    /// side's win fails): the search scores it with [`Evaluate::DEAD_POSITION_SCORE`] and
    /// looks no further.
    fn is_dead_position(&self) -> bool {
        false
    }

    /// The position after passing, where null-move pruning is sound here; `None` otherwise.
    fn null_move(&self) -> Option<Self> {
        None
    }
}
