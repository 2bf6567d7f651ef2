//! Correction history (Stockfish's pawn correction history): what the search found a
//! position worth minus its static evaluation, learnt per pawn structure and side to move,
//! and added back to the static evaluation where forward pruning and quiescence judge by
//! it. An evaluation that misjudges a kind of pawn structure is corrected the same way
//! wherever that structure comes back in the tree.

use crate::core::{Bitboard, Color, Position, Role};
use crate::eval::Score;

/// Entries per side to move: `1 << BITS`.
const BITS: u32 = 14;
const SIZE: usize = 1 << BITS;
/// Bound of an entry: updates pull it towards their bonus less as it nears this (the
/// histories' gravity).
const LIMIT: i32 = 1024;
/// An entry's share of the correction: at `LIMIT`, 32 cp.
const SCALE: i32 = 32;

/// A thread's correction history, kept between the searches of one game.
pub struct CorrectionHistory(Box<[[i16; SIZE]; 2]>);

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory(Box::new([[0; SIZE]; 2]))
    }
}

/// The index of `pos`'s pawn structure: both sides' pawns hashed together.
#[inline]
pub fn pawn_index(pos: &Position) -> usize {
    let Bitboard(white) = pos.pieces(Color::White, Role::Pawn);
    let Bitboard(black) = pos.pieces(Color::Black, Role::Pawn);
    let mut h =
        white.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ black.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    h ^= h >> 31;
    h = h.wrapping_mul(0x94D0_49BB_1331_11EB);
    (h >> (64 - BITS)) as usize
}

impl CorrectionHistory {
    /// `eval` for the side to move `turn`, corrected by what the searches of positions
    /// with the same pawns found.
    #[inline]
    pub fn correct(&self, turn: Color, index: usize, eval: Score) -> Score {
        eval + self.0[turn as usize][index] as Score / SCALE
    }

    /// Learns from a search of `depth` plies that found `best` where the (corrected) static
    /// evaluation said `eval`: deeper searches teach more.
    #[inline]
    pub fn update(&mut self, turn: Color, index: usize, depth: i32, best: Score, eval: Score) {
        let bonus = ((best - eval) * depth / 8).clamp(-LIMIT / 4, LIMIT / 4);
        let e = &mut self.0[turn as usize][index];
        let v = *e as i32;
        *e = (v + bonus - v * bonus.abs() / LIMIT) as i16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::Chess;
    use crate::variants::Variant;

    fn index_of(fen: &str) -> usize {
        pawn_index(Chess::from_fen(fen).unwrap().position())
    }

    #[test]
    fn the_index_sees_pawns_alone() {
        // The same pawns with the pieces elsewhere share an entry; one pawn moved does not.
        let a = index_of("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let b = index_of("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3");
        let c = index_of("rnbqkb1r/pppp1ppp/5n2/4p3/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 3");
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn searches_that_find_more_raise_the_evaluation_up_to_its_bound() {
        let mut h = CorrectionHistory::default();
        let (w, b) = (Color::White, Color::Black);
        assert_eq!(h.correct(w, 7, 50), 50);
        h.update(w, 7, 8, 150, 50);
        let once = h.correct(w, 7, 50);
        assert!(once > 50 && once < 150, "{once}");
        // The other side's entry is its own.
        assert_eq!(h.correct(b, 7, 50), 50);
        for _ in 0..1000 {
            h.update(w, 7, 20, 1000, 0);
        }
        assert_eq!(h.correct(w, 7, 0), LIMIT / SCALE);
        for _ in 0..1000 {
            h.update(w, 7, 20, -1000, 0);
        }
        assert_eq!(h.correct(w, 7, 0), -LIMIT / SCALE);
    }
}
