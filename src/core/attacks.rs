//! Attack tables: leapers by lookup, sliders by magic bitboards, and the line
//! tables (`between`, `line`) that pin and check detection need.
//!
//! Everything is computed once, on first use, into one immutable `LazyLock`.

use super::bitboard::Bitboard;
use super::square::{Color, Square};
use std::sync::LazyLock;

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_DELTAS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_DELTAS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// One slider's magic entry for one square.
#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

struct Tables {
    knight: [Bitboard; 64],
    king: [Bitboard; 64],
    pawn: [[Bitboard; 64]; 2],
    rook_magic: [Magic; 64],
    bishop_magic: [Magic; 64],
    slider: Vec<Bitboard>,
    between: Vec<Bitboard>,
    line: Vec<Bitboard>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(build);

/// Forces the tables to be built now (so that a timed search does not pay for it).
pub fn init() {
    LazyLock::force(&TABLES);
}

fn leaper(sq: Square, deltas: &[(i8, i8)]) -> Bitboard {
    deltas
        .iter()
        .filter_map(|&(df, dr)| sq.offset(df, dr))
        .collect()
}

/// Slow ray walk used to build the tables and by tests as an oracle.
pub fn slider_attacks_slow(sq: Square, occupied: Bitboard, dirs: &[(i8, i8)]) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            bb.set(next);
            if occupied.contains(next) {
                break;
            }
            cur = next;
        }
    }
    bb
}

fn relevant_mask(sq: Square, dirs: &[(i8, i8)]) -> u64 {
    let mut bb = 0u64;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            // The last square of a ray never changes the attack set.
            if next.offset(df, dr).is_none() {
                break;
            }
            bb |= 1 << next.index();
            cur = next;
        }
    }
    bb
}

struct XorShift(u64);
impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(2_685_821_657_736_338_717)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find_magics(dirs: &[(i8, i8)], table: &mut Vec<Bitboard>, rng: &mut XorShift) -> [Magic; 64] {
    let mut magics = [Magic::default(); 64];
    let mut occs = Vec::with_capacity(4096);
    let mut refs = Vec::with_capacity(4096);
    let mut used = vec![0u32; 4096];
    let mut epoch = 0u32;
    for sq in Square::all() {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        occs.clear();
        refs.clear();
        // Carry-Rippler enumeration of every subset of the mask.
        let mut sub = 0u64;
        loop {
            occs.push(sub);
            refs.push(slider_attacks_slow(sq, Bitboard(sub), dirs));
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        let offset = table.len();
        let size = 1usize << bits;
        table.resize(offset + size, Bitboard::EMPTY);
        let shift = 64 - bits;
        'search: loop {
            let magic = rng.sparse();
            if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            epoch += 1;
            for (i, &occ) in occs.iter().enumerate() {
                let idx = (occ.wrapping_mul(magic) >> shift) as usize;
                if used[idx] == epoch {
                    if table[offset + idx] != refs[i] {
                        continue 'search;
                    }
                } else {
                    used[idx] = epoch;
                    table[offset + idx] = refs[i];
                }
            }
            magics[sq.index()] = Magic {
                mask,
                magic,
                shift,
                offset,
            };
            break;
        }
    }
    magics
}

fn build() -> Tables {
    let mut knight = [Bitboard::EMPTY; 64];
    let mut king = [Bitboard::EMPTY; 64];
    let mut pawn = [[Bitboard::EMPTY; 64]; 2];
    for sq in Square::all() {
        knight[sq.index()] = leaper(sq, &KNIGHT_DELTAS);
        king[sq.index()] = leaper(sq, &KING_DELTAS);
        pawn[0][sq.index()] = leaper(sq, &[(-1, 1), (1, 1)]);
        pawn[1][sq.index()] = leaper(sq, &[(-1, -1), (1, -1)]);
    }
    let mut slider = Vec::with_capacity(110_000);
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    let rook_magic = find_magics(&ROOK_DIRS, &mut slider, &mut rng);
    let bishop_magic = find_magics(&BISHOP_DIRS, &mut slider, &mut rng);

    let mut between = vec![Bitboard::EMPTY; 64 * 64];
    let mut line = vec![Bitboard::EMPTY; 64 * 64];
    for a in Square::all() {
        for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
            let full = slider_attacks_slow(a, Bitboard::EMPTY, dirs);
            for b in full {
                let from_a = slider_attacks_slow(a, Bitboard::from_square(b), dirs);
                let from_b = slider_attacks_slow(b, Bitboard::from_square(a), dirs);
                between[a.index() * 64 + b.index()] = from_a & from_b;
                let from_b_empty = slider_attacks_slow(b, Bitboard::EMPTY, dirs);
                line[a.index() * 64 + b.index()] =
                    (full & from_b_empty) | Bitboard::from_square(a) | Bitboard::from_square(b);
            }
        }
    }
    Tables {
        knight,
        king,
        pawn,
        rook_magic,
        bishop_magic,
        slider,
        between,
        line,
    }
}

#[inline]
fn magic_lookup(m: &Magic, occupied: Bitboard) -> Bitboard {
    let idx = ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    // SAFETY-free: the index is below 2^bits by construction of `shift`.
    TABLES.slider[m.offset + idx]
}

#[inline]
pub fn knight(sq: Square) -> Bitboard {
    TABLES.knight[sq.index()]
}

#[inline]
pub fn king(sq: Square) -> Bitboard {
    TABLES.king[sq.index()]
}

/// Squares a pawn of `color` on `sq` attacks (diagonally forward).
#[inline]
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    TABLES.pawn[color.index()][sq.index()]
}

#[inline]
pub fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&TABLES.rook_magic[sq.index()], occupied)
}

#[inline]
pub fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&TABLES.bishop_magic[sq.index()], occupied)
}

#[inline]
pub fn queen(sq: Square, occupied: Bitboard) -> Bitboard {
    rook(sq, occupied) | bishop(sq, occupied)
}

/// Squares strictly between `a` and `b` if they share a line, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    TABLES.between[a.index() * 64 + b.index()]
}

/// The whole line through `a` and `b` (edge to edge) if they share one, else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    TABLES.line[a.index() * 64 + b.index()]
}

#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magics_agree_with_ray_walk() {
        let mut rng = XorShift(12345);
        for _ in 0..2000 {
            let occ = Bitboard(rng.next() & rng.next());
            for sq in Square::all() {
                assert_eq!(rook(sq, occ), slider_attacks_slow(sq, occ, &ROOK_DIRS));
                assert_eq!(bishop(sq, occ), slider_attacks_slow(sq, occ, &BISHOP_DIRS));
            }
        }
    }

    #[test]
    fn lines() {
        let a1 = Square::A1;
        let h8 = Square::H8;
        assert_eq!(between(a1, h8).count(), 6);
        assert_eq!(
            line(Square::parse("b2").unwrap(), Square::parse("c3").unwrap()).count(),
            8
        );
        assert!(between(a1, Square::parse("b3").unwrap()).is_empty());
        assert_eq!(knight(a1).count(), 2);
        assert_eq!(king(a1).count(), 3);
    }
}
