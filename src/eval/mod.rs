//! Static evaluation, one evaluator per variant, behind the [`Evaluate`]
//! trait the search is generic over. Scores are centipawns from the side to
//! move's point of view.

pub mod arrangement;
pub mod exile;
pub mod fide;
pub mod hooks;
pub mod nnue;
pub mod palindromic;
mod palindromic_search;
pub mod score;
pub mod see;
pub mod swap;
pub mod terms;
pub mod two_action;
pub mod weights;

pub use hooks::SearchHooks;

use crate::variants::{GameResult, Outcome};

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

/// The squares the opponent of the side to move attacks with pawns, with pawns or minor
/// pieces, and with pawns, minor pieces or rooks: a piece on one of them is threatened by
/// something worth less ([`Evaluate::threats`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Threats {
    pub by_pawn: crate::core::Bitboard,
    pub by_minor: crate::core::Bitboard,
    pub by_rook: crate::core::Bitboard,
}

/// What the search needs of a variant beyond its rules (and the [`SearchHooks`] a game may
/// override).
pub trait Evaluate: SearchHooks {
    /// Depth of `zest bench` for this game (branching factors differ by orders of magnitude).
    const BENCH_DEPTH: i32 = 7;

    /// Static evaluation for the side to move.
    fn evaluate(&self) -> Score;

    /// Makes ready what the evaluation keeps up to date move by move (the chess network's
    /// sums), on the search's copy of the root: positions made by the rules alone keep
    /// nothing, so that perft and the referee do not pay for it.
    fn prepare_search(&mut self) {}

    /// Ordering value of a noisy move (victim value minus a fraction of the mover's).
    fn noisy_order(&self, m: Self::Move) -> i32;

    /// What the side to move's pieces are threatened by, computed once per node for
    /// [`Evaluate::quiet_order`] (the default knows nothing of threats).
    fn threats(&self) -> Threats {
        Threats::default()
    }

    /// An ordering bonus of a quiet move beside its history: a threatened piece stepping to
    /// safety is tried earlier (Stockfish's threatened pieces).
    fn quiet_order(&self, _m: Self::Move, _threats: &Threats) -> i32 {
        0
    }

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

    /// Whether `m` keeps at least `threshold` of material through the exchange it starts
    /// (static exchange evaluation, `eval/see.rs`); `None` where the game cannot tell (the
    /// search then orders and prunes without it).
    #[inline]
    fn see_ge(&self, _m: Self::Move, _threshold: Score) -> Option<bool> {
        None
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

    /// The position after passing, where passing is a fair lower bound on the score (null-move
    /// pruning is sound); `None` otherwise.
    fn null_move(&self) -> Option<Self> {
        None
    }
}
