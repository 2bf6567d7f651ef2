//! Correction history (Stockfish's pawn and non-pawn correction histories): what the
//! search found a position worth minus its static evaluation, learnt per pawn structure,
//! per each side's other pieces, and per side to move, and added back to the static
//! evaluation where forward pruning and quiescence judge by it. An evaluation that
//! misjudges a kind of pawn structure, or a placement of one side's pieces, is corrected
//! the same way wherever it comes back in the tree.

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

/// One table: an entry per key index and side to move.
type Table = [[i16; SIZE]; 2];

/// A thread's correction history, kept between the searches of one game: one table by the
/// pawns, and one by each side's pieces other than pawns.
pub struct CorrectionHistory {
    pawn: Box<Table>,
    non_pawn: Box<[Table; 2]>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            pawn: Box::new([[0; SIZE]; 2]),
            non_pawn: Box::new([[[0; SIZE]; 2]; 2]),
        }
    }
}

/// Where a position's entries are: its pawn structure's index and each side's non-pawn
/// pieces' index (white first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CorrectionKeys {
    pawn: usize,
    non_pawn: [usize; 2],
}

impl CorrectionKeys {
    #[inline]
    pub fn of(pos: &Position) -> Self {
        CorrectionKeys {
            pawn: pawn_index(pos),
            non_pawn: [
                non_pawn_index(pos, Color::White),
                non_pawn_index(pos, Color::Black),
            ],
        }
    }
}

#[inline]
fn mix(mut h: u64) -> usize {
    h ^= h >> 31;
    h = h.wrapping_mul(0x94D0_49BB_1331_11EB);
    (h >> (64 - BITS)) as usize
}

/// The index of `pos`'s pawn structure: both sides' pawns hashed together.
#[inline]
pub fn pawn_index(pos: &Position) -> usize {
    let Bitboard(white) = pos.pieces(Color::White, Role::Pawn);
    let Bitboard(black) = pos.pieces(Color::Black, Role::Pawn);
    mix(white.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ black.wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
}

/// The index of `color`'s pieces other than pawns, king included: each role's squares
/// hashed with a multiplier of its own.
#[inline]
pub fn non_pawn_index(pos: &Position, color: Color) -> usize {
    /// Odd multipliers, one per role (the pawn's unused).
    const MULT: [u64; Role::COUNT] = [
        0,
        0x9E37_79B9_7F4A_7C15,
        0xC2B2_AE3D_27D4_EB4F,
        0x1656_67B1_9E37_79F9,
        0xD6E8_FEB8_6659_FD93,
        0xFF51_AFD7_ED55_8CCD,
        0xC4CE_B9FE_1A85_EC53,
        0x2545_F491_4F6C_DD1D,
        0x9FB2_1C65_1E98_DF25,
        0x8CB9_2BA7_2F3D_8DD7,
    ];
    let mut h = 0u64;
    for role in &Role::ALL[1..] {
        let Bitboard(b) = pos.pieces(color, *role);
        h ^= b.wrapping_mul(MULT[*role as usize]);
    }
    mix(h)
}

impl CorrectionHistory {
    /// `eval` for the side to move `turn`, corrected by what the searches of positions
    /// with the same pawns, and with the same pieces of either side, found.
    #[inline]
    pub fn correct(&self, turn: Color, keys: CorrectionKeys, eval: Score) -> Score {
        let t = turn as usize;
        let sum = self.pawn[t][keys.pawn] as i32
            + self.non_pawn[0][t][keys.non_pawn[0]] as i32
            + self.non_pawn[1][t][keys.non_pawn[1]] as i32;
        eval + sum / SCALE
    }

    /// Learns from a search of `depth` plies that found `best` where the (corrected) static
    /// evaluation said `eval`: deeper searches teach more.
    #[inline]
    pub fn update(
        &mut self,
        turn: Color,
        keys: CorrectionKeys,
        depth: i32,
        best: Score,
        eval: Score,
    ) {
        let bonus = ((best - eval) * depth / 8).clamp(-LIMIT / 4, LIMIT / 4);
        let t = turn as usize;
        let [white, black] = &mut *self.non_pawn;
        for e in [
            &mut self.pawn[t][keys.pawn],
            &mut white[t][keys.non_pawn[0]],
            &mut black[t][keys.non_pawn[1]],
        ] {
            let v = *e as i32;
            *e = (v + bonus - v * bonus.abs() / LIMIT) as i16;
        }
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
    fn the_non_pawn_index_sees_one_sides_pieces_alone() {
        let of = |fen: &str| CorrectionKeys::of(Chess::from_fen(fen).unwrap().position());
        // Black's knight moved: black's index changes, white's and the pawns' do not.
        let a = of("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let b = of("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        assert_eq!(a.pawn, b.pawn);
        assert_eq!(a.non_pawn[0], b.non_pawn[0]);
        assert_ne!(a.non_pawn[1], b.non_pawn[1]);
        // A pawn moved: only the pawns' index changes.
        let c = of("r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 2 3");
        assert_ne!(a.pawn, c.pawn);
        assert_eq!(a.non_pawn, c.non_pawn);
        // A knight and a bishop swapped: the same squares, other roles, other index.
        let d = of("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5B2/PPPP1PPP/RNBQKN1R w KQkq - 2 3");
        assert_ne!(a.non_pawn[0], d.non_pawn[0]);
    }

    #[test]
    fn searches_that_find_more_raise_the_evaluation_up_to_its_bound() {
        let mut h = CorrectionHistory::default();
        let (w, b) = (Color::White, Color::Black);
        let k = CorrectionKeys {
            pawn: 7,
            non_pawn: [3, 9],
        };
        assert_eq!(h.correct(w, k, 50), 50);
        h.update(w, k, 8, 150, 50);
        let once = h.correct(w, k, 50);
        assert!(once > 50 && once < 150, "{once}");
        // The other side's entries are its own.
        assert_eq!(h.correct(b, k, 50), 50);
        // Another pawn structure with the same pieces shares the pieces' entries alone.
        let other = CorrectionKeys { pawn: 8, ..k };
        let shared = h.correct(w, other, 50);
        assert!(shared > 50 && shared < once, "{shared} {once}");
        for _ in 0..1000 {
            h.update(w, k, 20, 1000, 0);
        }
        assert_eq!(h.correct(w, k, 0), 3 * LIMIT / SCALE);
        for _ in 0..1000 {
            h.update(w, k, 20, -1000, 0);
        }
        assert_eq!(h.correct(w, k, 0), -3 * LIMIT / SCALE);
    }
}
