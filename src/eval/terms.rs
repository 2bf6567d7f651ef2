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
//! shielding the king; the move; threats (pieces attacked by a pawn, rooks and queens by a
//! minor piece, queens by a rook, pieces attacked and not defended); the danger to a king
//! attacked by several pieces at once (growing with the square of the attack); passed pawns
//! whose next square is free, and the two kings' distances to it; knights and bishops on
//! outposts; a king on a file without its own pawn; pawns defended by pawns, and backward
//! ones; rooks on the 7th rank; own pawns on a bishop's colour; squares a piece could check
//! the enemy king from safely; and on top of the linear mobility, a value for each number
//! of squares a knight, bishop, rook or queen reaches (a piece with two squares is far worse
//! off than two-sevenths of one with seven).

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
/// An enemy knight, bishop, rook or queen attacked by a pawn.
pub const THREAT_BY_PAWN: usize = 405;
/// An enemy rook or queen attacked by a knight or bishop.
pub const THREAT_BY_MINOR: usize = 406;
/// An enemy queen attacked by a rook.
pub const THREAT_BY_ROOK: usize = 407;
/// An enemy piece (not a pawn or king) attacked and not defended.
pub const HANGING: usize = 408;
/// The square of the attack on the enemy king (see [`king_danger`]).
pub const KING_DANGER: usize = 409;
/// A passed pawn whose next square is empty, counted by its rank (1 on the 2nd .. 6 on the 7th).
pub const PASSED_FREE: usize = 410;
/// Kings near a passed pawn's next square: twice the enemy king's distance less the own
/// king's, times how far the pawn has run past its 3rd rank.
pub const PASSED_KINGS: usize = 411;
/// A knight, then a bishop, on the 4th to 6th rank, defended by a pawn, that no enemy pawn
/// can ever attack.
pub const OUTPOST: usize = 412;
/// The king on a file without a pawn of its own.
pub const KING_OPEN_FILE: usize = 414;
/// A pawn defended by a pawn of its own.
pub const SUPPORTED: usize = 415;
/// A pawn that no pawn of its own can defend any more (none on the adjacent files beside or
/// behind it) and whose next square an enemy pawn attacks.
pub const BACKWARD: usize = 416;
/// A rook on the 7th rank where the enemy king stands on the 8th or enemy pawns on the 7th.
pub const ROOK_SEVENTH: usize = 417;
/// Each own pawn on the squares of a bishop's colour.
pub const BISHOP_PAWNS: usize = 418;
/// Squares from which a knight, bishop, rook or queen could give check next move that the
/// enemy does not attack (in that order).
pub const SAFE_CHECK: usize = 419;
/// A knight, bishop, rook or queen reaching exactly `n` of the squares mobility counts:
/// `MOBILITY_TABLE[role index - 1] + n`, `n` capped at [`MOBILITY_MAX`].
pub const MOBILITY_TABLE: [usize; 4] = [423, 432, 444, 457];
/// The largest count of each table (knight, bishop, rook, queen): the counts above it are
/// rare in games (a bishop reaching 12 safe squares, a queen 17), too rare to be fitted
/// apart, so they share the last entry.
pub const MOBILITY_MAX: [u32; 4] = [8, 11, 12, 16];
/// Number of features.
pub const COUNT: usize = 474;

/// Where the counts go.
pub trait Terms {
    /// `count` more of `feature` for White (negative: for Black).
    fn add(&mut self, feature: usize, count: i32);

    /// Adds the pawn-structure features of `pawns` (White's, Black's) and returns each side's
    /// passed pawns ([`pawn_structure`]). The evaluation overrides this with a cache: these
    /// features depend on the two pawn bitboards alone, which change far less often than the
    /// position.
    fn pawn_structure(&mut self, pawns: [u64; 2]) -> [u64; 2]
    where
        Self: Sized,
    {
        pawn_structure(pawns, self)
    }
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
    /// Take the pawn-structure scores from this thread's cache ([`Terms::pawn_structure`]),
    /// which holds those of the evaluation's weights ([`super::weights::WEIGHTS`]) only.
    pub cache_pawns: bool,
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

    #[inline]
    fn pawn_structure(&mut self, pawns: [u64; 2]) -> [u64; 2] {
        if !self.cache_pawns {
            return pawn_structure(pawns, self);
        }
        let weights = self.weights;
        let entry = PAWN_CACHE.with_borrow_mut(|cache| {
            *cache.get_or(pawns, || {
                let mut t = Tapered {
                    weights,
                    mg: 0,
                    eg: 0,
                    cache_pawns: false,
                };
                let passed = pawn_structure(pawns, &mut t);
                PawnEntry {
                    mg: t.mg,
                    eg: t.eg,
                    passed,
                }
            })
        });
        self.mg += entry.mg;
        self.eg += entry.eg;
        entry.passed
    }
}

thread_local! {
    /// Each search thread's pawn-structure scores ([`Terms::pawn_structure`]) under the
    /// evaluation's weights.
    static PAWN_CACHE: std::cell::RefCell<PawnCache<PawnEntry>> =
        std::cell::RefCell::new(PawnCache::new());
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
pub fn pawn_attacks(color: Color, pawns: u64) -> u64 {
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
    // Per colour: squares attacked by its pawns, its minor pieces, its rooks, all its pieces.
    let mut by_pawn = [0u64; 2];
    let mut by_minor = [0u64; 2];
    let mut by_rook = [0u64; 2];
    let mut by_any = [0u64; 2];
    // Per colour: squares attacked by its knights, bishops, rooks, queens (for safe checks).
    let mut by_role = [[0u64; 4]; 2];
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let c = color as usize;
        let them = !color;
        let own = b.by_color(color);
        let our_pawns = pawns_of(color);
        let their_pawns = pawns_of(them);
        by_pawn[c] = pawn_attacks(color, our_pawns);
        by_any[c] = by_pawn[c];
        let safe = !(own.0 | pawn_attacks(them, their_pawns));
        let enemy_king_zone = b
            .king_of(them)
            .map_or(0, |k| attacks::king(k).0 | Bitboard::from_square(k).0);
        let (mut attackers, mut danger) = (0, 0);
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
                    Role::King => attacks::king(sq),
                    _ => Bitboard::EMPTY,
                }
                .0;
                by_any[c] |= reach;
                if (1..=4).contains(&r) {
                    by_role[c][r - 1] |= reach;
                }
                match role {
                    Role::Knight | Role::Bishop => by_minor[c] |= reach,
                    Role::Rook => by_rook[c] |= reach,
                    _ => {}
                }
                if reach != 0 && role != Role::King {
                    let mobility = (reach & safe).count_ones();
                    t.add(MOBILITY + r - 1, sign * mobility as i32);
                    t.add(
                        MOBILITY_TABLE[r - 1] + mobility.min(MOBILITY_MAX[r - 1]) as usize,
                        sign,
                    );
                    let zone = (reach & enemy_king_zone).count_ones() as i32;
                    if zone != 0 {
                        t.add(KING_ATTACK + r - 1, sign * zone);
                        attackers += 1;
                        danger += zone * ATTACK_UNITS[r];
                    }
                }
                match role {
                    Role::Knight | Role::Bishop => {
                        if role == Role::Bishop {
                            let colour = if Bitboard::LIGHT.contains(sq) {
                                Bitboard::LIGHT.0
                            } else {
                                Bitboard::DARK.0
                            };
                            let n = (colour & our_pawns).count_ones() as i32;
                            if n != 0 {
                                t.add(BISHOP_PAWNS, sign * n);
                            }
                        }
                        let rank = sq.relative_rank(color);
                        if (3..=5).contains(&rank)
                            && pawn_attacks(them, Bitboard::from_square(sq).0) & our_pawns != 0
                            && ahead(color, sq, adjacent_files(sq.file())) & their_pawns == 0
                        {
                            t.add(OUTPOST + r - 1, sign);
                        }
                    }
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
                        if sq.relative_rank(color) == 6 {
                            let eighth = match color {
                                Color::White => 0xff00_0000_0000_0000u64,
                                Color::Black => 0xff,
                            };
                            let seventh = match color {
                                Color::White => 0x00ff_0000_0000_0000u64,
                                Color::Black => 0xff00,
                            };
                            let king = b.king_of(them).map_or(0, |k| Bitboard::from_square(k).0);
                            if king & eighth != 0 || their_pawns & seventh != 0 {
                                t.add(ROOK_SEVENTH, sign);
                            }
                        }
                    }
                    Role::King => {
                        let files = file_mask(sq.file()) | adjacent_files(sq.file());
                        let two_ranks = two_ranks_ahead(color, sq) & files;
                        let shield = (two_ranks & our_pawns).count_ones() as i32;
                        if shield != 0 {
                            t.add(SHIELD, sign * shield);
                        }
                        if file_mask(sq.file()) & our_pawns == 0 {
                            t.add(KING_OPEN_FILE, sign);
                        }
                    }
                    _ => {}
                }
            }
        }
        if attackers >= 2 {
            t.add(KING_DANGER, sign * king_danger(danger));
        }
        if pos.pieces(color, Role::Bishop).more_than_one() {
            t.add(BISHOP_PAIR, sign);
        }
    }
    let pawns = [Color::White, Color::Black].map(pawns_of);
    let passed = t.pawn_structure(pawns);
    for (color, passed) in [Color::White, Color::Black].into_iter().zip(passed) {
        passed_pawn_terms(t, pos, color, passed);
    }
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let (us, them) = (color as usize, !color as usize);
        let theirs = |role: Role| pos.pieces(!color, role).0;
        let minors = theirs(Role::Knight) | theirs(Role::Bishop);
        let majors = theirs(Role::Rook) | theirs(Role::Queen);
        let threats = [
            (THREAT_BY_PAWN, by_pawn[us] & (minors | majors)),
            (THREAT_BY_MINOR, by_minor[us] & majors),
            (THREAT_BY_ROOK, by_rook[us] & theirs(Role::Queen)),
            (HANGING, by_any[us] & !by_any[them] & (minors | majors)),
        ];
        for (feature, hit) in threats {
            if hit != 0 {
                t.add(feature, sign * hit.count_ones() as i32);
            }
        }
        if let Some(k) = b.king_of(!color) {
            let safe = !(b.by_color(color).0 | by_any[them]);
            let diagonal = attacks::bishop(k, occ).0;
            let straight = attacks::rook(k, occ).0;
            let checks = [
                attacks::knight(k).0,
                diagonal,
                straight,
                diagonal | straight,
            ];
            for (i, squares) in checks.into_iter().enumerate() {
                let n = (squares & by_role[us][i] & safe).count_ones() as i32;
                if n != 0 {
                    t.add(SAFE_CHECK + i, sign * n);
                }
            }
        }
    }
    t.add(TEMPO, if pos.turn() == Color::White { 1 } else { -1 });
}

/// Attack units of a piece per square it attacks next to the enemy king, by role index.
const ATTACK_UNITS: [i32; 6] = [0, 2, 2, 3, 5, 0];

/// The king-danger count of `units` of attack: quadratic, so that an attack by several
/// pieces weighs far more than the same pieces' attacks apart, capped.
#[inline]
pub fn king_danger(units: i32) -> i32 {
    let u = units.min(48);
    u * u / 8
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

/// The features of the pawns alone, from `pawns` (White's, Black's): passed pawns by rank,
/// doubled, defended by a pawn, isolated and backward pawns. Returns each side's passed pawns
/// (on their 2nd to 7th rank), whose other terms depend on the pieces ([`passed_pawn_terms`]).
pub fn pawn_structure<T: Terms>(pawns: [u64; 2], t: &mut T) -> [u64; 2] {
    let mut passed = [0u64; 2];
    for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
        let sign = if color == Color::White { 1 } else { -1 };
        let (ours, theirs) = (pawns[i], pawns[1 - i]);
        for sq in Bitboard(ours) {
            let file = file_mask(sq.file());
            let sides = adjacent_files(sq.file());
            let bit = Bitboard::from_square(sq).0;
            if ahead(color, sq, file | sides) & theirs == 0 && ahead(color, sq, file) & ours == 0 {
                let rank = sq.relative_rank(color) as usize;
                if (1..=6).contains(&rank) {
                    t.add(PASSED + rank - 1, sign);
                    passed[i] |= bit;
                }
            }
            if ahead(color, sq, file) & ours != 0 {
                t.add(DOUBLED, sign);
            }
            if pawn_attacks(!color, bit) & ours != 0 {
                t.add(SUPPORTED, sign);
            }
            if sides & ours == 0 {
                t.add(ISOLATED, sign);
            } else if sides & !ahead(color, sq, sides) & ours == 0 {
                let stop = match color {
                    Color::White => bit << 8,
                    Color::Black => bit >> 8,
                };
                if stop & pawn_attacks(!color, theirs) != 0 {
                    t.add(BACKWARD, sign);
                }
            }
        }
    }
    passed
}

/// The terms of `color`'s `passed` pawns that depend on the pieces: a free next square, and
/// the kings' distances to it.
#[inline]
fn passed_pawn_terms<T: Terms>(t: &mut T, pos: &Position, color: Color, passed: u64) {
    let sign = if color == Color::White { 1 } else { -1 };
    for sq in Bitboard(passed) {
        let rank = sq.relative_rank(color) as i32;
        let stop = match color {
            Color::White => Square::new(sq.index() as u8 + 8),
            Color::Black => Square::new(sq.index() as u8 - 8),
        };
        if !pos.board.occupied().contains(stop) {
            t.add(PASSED_FREE, sign * rank);
        }
        let run = rank - 2;
        if run > 0 {
            let dist = |c: Color| pos.board.king_of(c).map_or(0, |k| k.distance(stop) as i32);
            t.add(PASSED_KINGS, sign * run * (2 * dist(!color) - dist(color)));
        }
    }
}

/// A small cache keyed by the two pawn bitboards (compared whole, so a hit is the same pawn
/// structure).
pub struct PawnCache<E> {
    slots: Box<[([u64; 2], Option<E>)]>,
}

impl<E: Copy> PawnCache<E> {
    const SLOTS: usize = 1 << 13;

    pub fn new() -> Self {
        PawnCache {
            slots: vec![([0; 2], None); Self::SLOTS].into_boxed_slice(),
        }
    }

    /// The entry of `pawns`: the cached one, or `compute()` stored.
    #[inline]
    pub fn get_or(&mut self, pawns: [u64; 2], compute: impl FnOnce() -> E) -> &E {
        let mix = (pawns[0] ^ pawns[1].rotate_left(32)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let slot = &mut self.slots[(mix >> 51) as usize & (Self::SLOTS - 1)];
        if slot.0 != pawns || slot.1.is_none() {
            *slot = (pawns, Some(compute()));
        }
        slot.1.as_ref().expect("filled above")
    }
}

impl<E: Copy> Default for PawnCache<E> {
    fn default() -> Self {
        Self::new()
    }
}

/// What the evaluation caches of a pawn structure: its weighted features and passed pawns.
#[derive(Copy, Clone)]
struct PawnEntry {
    mg: i32,
    eg: i32,
    passed: [u64; 2],
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

    /// The evaluation's weighted sum of `fen`, with or without the pawn cache.
    fn weighted(fen_text: &str, cache_pawns: bool) -> (i32, i32) {
        let pos = Chess::from_fen(fen_text).unwrap();
        let mut t = Tapered {
            weights: &crate::eval::weights::WEIGHTS,
            mg: 0,
            eg: 0,
            cache_pawns,
        };
        fide_terms(pos.position(), &mut t);
        (t.mg, t.eg)
    }

    #[test]
    fn the_pawn_cache_gives_the_uncached_sums() {
        // Same pawns, different pieces and kings (the passed pawns' free square and king
        // distances are not cached), then other pawns in the same thread's cache.
        let fens = [
            "4k3/2p5/8/3P4/8/8/5PP1/4K3 w - - 0 1",
            "8/2p5/3k4/3P4/8/8/5PP1/4K3 w - - 0 1",
            "8/2p5/8/3P4/3k4/8/5PP1/2R1K3 b - - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
            "8/5pk1/6p1/3R4/r6P/6P1/5PK1/8 w - - 0 40",
        ];
        for _ in 0..2 {
            for fen in fens {
                assert_eq!(weighted(fen, true), weighted(fen, false), "{fen}");
            }
        }
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
        assert_eq!(c[MOBILITY_TABLE[3] + 16], 1);
        // A cornered knight with one safe square (b3; c2 holds its own pawn), against a
        // centralised one with all eight: one of each count, for their sides.
        let c = counts("4k3/8/8/3n4/8/8/2P5/N3K3 w - - 0 1");
        assert_eq!(
            (c[MOBILITY_TABLE[0] + 1], c[MOBILITY_TABLE[0] + 8]),
            (1, -1)
        );
    }

    #[test]
    fn threats_and_hanging_pieces() {
        // The e4 pawn attacks the d5 knight, which nothing defends.
        let c = counts("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
        assert_eq!((c[THREAT_BY_PAWN], c[HANGING]), (1, 1));
        // The f1 bishop attacks the a6 rook, undefended; the rook attacks nothing of White's.
        let c = counts("4k3/8/r7/8/8/8/8/4KB2 w - - 0 1");
        assert_eq!((c[THREAT_BY_MINOR], c[HANGING]), (1, 1));
        // Rook and queen attack each other along the a-file, neither defended.
        let c = counts("4k3/8/8/8/q7/8/8/R3K3 w - - 0 1");
        assert_eq!(
            (c[THREAT_BY_ROOK], c[HANGING], c[THREAT_BY_MINOR]),
            (1, 0, 0)
        );
    }

    #[test]
    fn free_passed_pawns_kings_and_outposts() {
        // d5: passed on the 5th rank (index 4), d6 empty; two ranks past the 3rd; the black
        // king is 2 from d6, the white king 5: 2 * (2 * 2 - 5).
        let c = counts("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1");
        assert_eq!(c[PASSED_FREE], 4);
        assert_eq!(c[PASSED_KINGS], -2);
        // A blocked passer is not free.
        let c = counts("4k3/8/3n4/3P4/8/8/8/4K3 w - - 0 1");
        assert_eq!(c[PASSED_FREE], 0);
        // The d5 knight, defended by e4, on an outpost; a c7 pawn could drive it away.
        assert_eq!(counts("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1")[OUTPOST], 1);
        assert_eq!(counts("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1")[OUTPOST], 0);
        // Black's king has no pawn on its file; White's has e2.
        assert_eq!(
            counts("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1")[KING_OPEN_FILE],
            -1
        );
    }

    #[test]
    fn king_danger_needs_two_attackers_and_grows_with_the_square() {
        // Queen h1 (h7, h8) and rook g1 (g7, g8) on the h8 king's zone: 2 * 5 + 2 * 3 units.
        let c = counts("7k/8/8/8/8/8/8/K5RQ b - - 0 1");
        assert_eq!(c[KING_DANGER], king_danger(16));
        assert_eq!(king_danger(16), 32);
        // The queen alone is no attack by several pieces.
        assert_eq!(counts("7k/8/8/8/8/8/8/K6Q b - - 0 1")[KING_DANGER], 0);
    }

    #[test]
    fn supported_and_backward_pawns_rooks_on_the_seventh_and_bishop_colours() {
        // e3 defends d4; e3 cannot be defended any more and f5 attacks e4, its next square.
        let c = counts("4k3/8/8/5p2/3P4/4P3/8/4K3 w - - 0 1");
        assert_eq!((c[SUPPORTED], c[BACKWARD]), (1, 1));
        // Without f5, e3 is not backward.
        assert_eq!(counts("4k3/8/8/8/3P4/4P3/8/4K3 w - - 0 1")[BACKWARD], 0);
        assert_eq!(counts("4k3/R7/8/8/8/8/8/4K3 w - - 0 1")[ROOK_SEVENTH], 1);
        assert_eq!(counts("8/R7/4k3/8/8/8/8/4K3 w - - 0 1")[ROOK_SEVENTH], 0);
        // The c1 bishop is on dark squares: d2 is dark, e2 light.
        assert_eq!(
            counts("4k3/8/8/8/8/8/3PP3/2B1K3 w - - 0 1")[BISHOP_PAWNS],
            1
        );
    }

    #[test]
    fn safe_checks() {
        // The d5 knight can check the g8 king from e7 and f6, which Black does not cover.
        assert_eq!(counts("6k1/8/8/3N4/8/8/8/4K3 w - - 0 1")[SAFE_CHECK], 2);
        // A g7 pawn covers f6.
        assert_eq!(counts("6k1/6p1/8/3N4/8/8/8/4K3 w - - 0 1")[SAFE_CHECK], 1);
        // The a1 rook reaches a8, on the g8 king's rank: one square to check from.
        let c = counts("6k1/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(c[SAFE_CHECK + 2], 1);
    }
}
