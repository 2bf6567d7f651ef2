//! The FIDE evaluation as a list of features, each counted for White minus Black, each with a
//! middle-game and an endgame weight ([`super::weights`]). The evaluation sums weight × count
//! ([`Tapered`]); the tuner (`zest tune`, `tools/tune.rs`) records the counts instead and fits
//! the weights to the results of zest's own games. Both read the position through the one
//! function [`fide_terms`], so what is tuned is exactly what is evaluated.
//!
//! Features: piece-square values of the six FIDE roles (material included); mobility of
//! knights, bishops, rooks and queens (squares attacked that hold no own piece and no enemy
//! pawn attacks); bishop pair; passed pawns by rank; doubled and isolated pawns; rooks on
//! open and half-open files; attacks on the squares around the enemy king, by role; pawns
//! shielding the king; the move.

use crate::core::attacks;
use crate::core::{Bitboard, Color, Position, Role, Square};

/// Piece-square features: `role index * 64 + square from the owner's side` (a1 first).
pub const PSQ: usize = 0;
/// Mobility of N, B, R, Q (in that order).
pub const MOBILITY: usize = 384;
pub const BISHOP_PAIR: usize = 388;
/// Passed pawn on relative rank 2..=7 (`PASSED + rank - 1`).
pub const PASSED: usize = 389;
pub const DOUBLED: usize = 395;
pub const ISOLATED: usize = 396;
pub const ROOK_OPEN: usize = 397;
pub const ROOK_HALF_OPEN: usize = 398;
/// Squares next to the enemy king attacked by an N, B, R, Q (in that order).
pub const KING_ATTACK: usize = 399;
/// Own pawns on the three files around the king, one or two ranks in front of it.
pub const SHIELD: usize = 403;
/// The side to move.
pub const TEMPO: usize = 404;
/// Number of features.
pub const COUNT: usize = 405;

/// Where the counts go.
pub trait Terms {
    /// `count` more of `feature` for White (negative: for Black).
    fn add(&mut self, feature: usize, count: i32);
}

/// 0 (all pieces on) .. 24 (no pieces but kings and pawns).
#[inline]
pub fn endgame_weight(pos: &Position) -> i32 {
    let b = &pos.board;
    let phase = b.by_role(Role::Knight).count()
        + b.by_role(Role::Bishop).count()
        + 2 * b.by_role(Role::Rook).count()
        + 4 * b.by_role(Role::Queen).count();
    24 - (phase.min(24) as i32)
}

/// The weighted sum of the features: middle game and endgame, blended by
/// [`endgame_weight`] in [`Tapered::blend`].
pub struct Tapered<'w> {
    pub weights: &'w [[i16; 2]; COUNT],
    pub mg: i32,
    pub eg: i32,
}

impl Tapered<'_> {
    #[inline]
    pub fn blend(&self, endgame_weight: i32) -> i32 {
        (self.mg * (24 - endgame_weight) + self.eg * endgame_weight) / 24
    }
}

impl Terms for Tapered<'_> {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        let [mg, eg] = self.weights[feature];
        self.mg += mg as i32 * count;
        self.eg += eg as i32 * count;
    }
}

const FILE_A: u64 = 0x0101_0101_0101_0101;

#[inline]
fn file_mask(file: u8) -> u64 {
    FILE_A << file
}

#[inline]
fn adjacent_files(file: u8) -> u64 {
    let mut m = 0;
    if file > 0 {
        m |= file_mask(file - 1);
    }
    if file < 7 {
        m |= file_mask(file + 1);
    }
    m
}

/// Squares strictly in front of `sq` (towards the promotion rank) on `files`.
#[inline]
fn ahead(color: Color, sq: Square, files: u64) -> u64 {
    let rank = sq.rank() as u32;
    let mask = match color {
        Color::White => {
            if rank == 7 {
                0
            } else {
                !0u64 << (8 * (rank + 1))
            }
        }
        Color::Black => {
            if rank == 0 {
                0
            } else {
                !0u64 >> (8 * (8 - rank))
            }
        }
    };
    mask & files
}

/// Squares attacked by `color`'s pawns.
#[inline]
fn pawn_attacks(color: Color, pawns: u64) -> u64 {
    const NOT_A: u64 = !FILE_A;
    const NOT_H: u64 = !(FILE_A << 7);
    match color {
        Color::White => ((pawns & NOT_A) << 7) | ((pawns & NOT_H) << 9),
        Color::Black => ((pawns & NOT_A) >> 9) | ((pawns & NOT_H) >> 7),
    }
}

/// Counts every feature of `pos` into `t` (fairy pieces count for nothing here; their
/// fixed terms are `fide::fairy_terms`).
#[inline]
pub fn fide_terms<T: Terms>(pos: &Position, t: &mut T) {
    let b = &pos.board;
    let occ = b.occupied();
    let pawns_of = |c: Color| pos.pieces(c, Role::Pawn).0;
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let them = !color;
        let own = b.by_color(color);
        let our_pawns = pawns_of(color);
        let their_pawns = pawns_of(them);
        let safe = !(own.0 | pawn_attacks(them, their_pawns));
        let enemy_king_zone = b
            .king_of(them)
            .map_or(0, |k| attacks::king(k).0 | Bitboard::from_square(k).0);
        for role in Role::FIDE {
            let r = role.index();
            for sq in pos.pieces(color, role) {
                let rel = match color {
                    Color::White => sq.index(),
                    Color::Black => sq.flip_vertical().index(),
                };
                t.add(PSQ + r * 64 + rel, sign);
                let reach = match role {
                    Role::Knight => attacks::knight(sq),
                    Role::Bishop => attacks::bishop(sq, occ),
                    Role::Rook => attacks::rook(sq, occ),
                    Role::Queen => attacks::queen(sq, occ),
                    _ => Bitboard::EMPTY,
                }
                .0;
                if reach != 0 {
                    t.add(MOBILITY + r - 1, sign * (reach & safe).count_ones() as i32);
                    let zone = (reach & enemy_king_zone).count_ones() as i32;
                    if zone != 0 {
                        t.add(KING_ATTACK + r - 1, sign * zone);
                    }
                }
                match role {
                    Role::Pawn => pawn_terms(t, color, sq, our_pawns, their_pawns, sign),
                    Role::Rook => {
                        let file = file_mask(sq.file());
                        if file & our_pawns == 0 {
                            let f = if file & their_pawns == 0 {
                                ROOK_OPEN
                            } else {
                                ROOK_HALF_OPEN
                            };
                            t.add(f, sign);
                        }
                    }
                    Role::King => {
                        let files = file_mask(sq.file()) | adjacent_files(sq.file());
                        let two_ranks = two_ranks_ahead(color, sq) & files;
                        let shield = (two_ranks & our_pawns).count_ones() as i32;
                        if shield != 0 {
                            t.add(SHIELD, sign * shield);
                        }
                    }
                    _ => {}
                }
            }
        }
        if pos.pieces(color, Role::Bishop).more_than_one() {
            t.add(BISHOP_PAIR, sign);
        }
    }
    t.add(TEMPO, if pos.turn() == Color::White { 1 } else { -1 });
}

/// The two ranks in front of `sq` for `color`.
#[inline]
fn two_ranks_ahead(color: Color, sq: Square) -> u64 {
    let r = sq.rank() as i32;
    let ranks = match color {
        Color::White => [r + 1, r + 2],
        Color::Black => [r - 1, r - 2],
    };
    ranks
        .iter()
        .filter(|&&x| (0..8).contains(&x))
        .fold(0, |m, &x| m | (0xffu64 << (8 * x)))
}

/// Passed, doubled and isolated pawn terms of the pawn on `sq`.
#[inline]
fn pawn_terms<T: Terms>(t: &mut T, color: Color, sq: Square, ours: u64, theirs: u64, sign: i32) {
    let file = file_mask(sq.file());
    let sides = adjacent_files(sq.file());
    if ahead(color, sq, file | sides) & theirs == 0 && ahead(color, sq, file) & ours == 0 {
        let rank = sq.relative_rank(color) as usize;
        if (1..=6).contains(&rank) {
            t.add(PASSED + rank - 1, sign);
        }
    }
    if ahead(color, sq, file) & ours != 0 {
        t.add(DOUBLED, sign);
    }
    if sides & ours == 0 {
        t.add(ISOLATED, sign);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::Chess;
    use crate::variants::Variant;

    /// The counts of every feature of `fen` (White minus Black).
    fn counts(fen_text: &str) -> [i32; COUNT] {
        struct Dense([i32; COUNT]);
        impl Terms for Dense {
            fn add(&mut self, feature: usize, count: i32) {
                self.0[feature] += count;
            }
        }
        let pos = Chess::from_fen(fen_text).unwrap();
        let mut d = Dense([0; COUNT]);
        fide_terms(pos.position(), &mut d);
        d.0
    }

    #[test]
    fn passed_and_isolated_pawns() {
        // a2 is passed (nothing on the a and b files ahead); b2 is not (c6 guards b-file
        // squares); d5 is stopped by c6 and isolated, and so is c6; a2 and b2 support each other.
        let c = counts("4k3/8/2p5/3P4/8/8/PP6/4K3 w - - 0 1");
        assert_eq!(c[PASSED..PASSED + 6], [1, 0, 0, 0, 0, 0]);
        assert_eq!(c[ISOLATED], 1 - 1);
        assert_eq!(c[DOUBLED], 0);
        assert_eq!(c[TEMPO], 1);
    }

    #[test]
    fn doubled_pawns() {
        // e3 stands behind e4: doubled and not passed; e4 is passed on the 4th rank.
        let c = counts("4k3/8/8/8/4P3/4P3/8/4K3 b - - 0 1");
        assert_eq!(c[DOUBLED], 1);
        assert_eq!(c[ISOLATED], 2);
        assert_eq!(c[PASSED..PASSED + 6], [0, 0, 1, 0, 0, 0]);
        assert_eq!(c[TEMPO], -1);
    }

    #[test]
    fn rook_files_and_king_shelter() {
        // a1 on an open file, h1 on one half open (the h7 pawn); g1's shelter: f2, g2, h3.
        let c = counts("4k3/7p/8/8/8/7P/5PP1/R5KR w - - 0 1");
        assert_eq!(c[ROOK_OPEN], 1);
        assert_eq!(c[ROOK_HALF_OPEN], 0);
        assert_eq!(c[SHIELD], 3);
        let c = counts("4k3/7p/8/8/8/8/5PP1/R5KR w - - 0 1");
        assert_eq!(c[ROOK_HALF_OPEN], 1);
        assert_eq!(c[SHIELD], 2);
    }

    #[test]
    fn king_zone_attacks_and_safe_mobility() {
        // The d1 queen attacks d2..d8 (7), c1 b1 a1 (3), e2 f3 g4 h5 (4), c2 b3 a4 (3): 17
        // squares (e1 holds its own king); of the e8 king's zone, d7 and d8.
        let c = counts("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        assert_eq!(c[KING_ATTACK + 3], 2);
        assert_eq!(c[MOBILITY + 3], 17);
        // A black pawn on c3 guards d2 (and b2): one square less is safe.
        let c = counts("4k3/8/8/8/8/2p5/8/3QK3 w - - 0 1");
        assert_eq!(c[MOBILITY + 3], 16);
    }
}
