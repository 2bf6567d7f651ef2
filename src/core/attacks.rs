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

/// Magic multipliers per square, found once by a search over sparse random numbers (the
/// search took 0.3 s at every start of the program); `fill_magics` checks each against
/// every occupancy of its mask as it builds the table, and a test compares the lookups
/// with the ray walk.
#[rustfmt::skip]
const ROOK_MAGICS: [u64; 64] = [
    0x0080_0090_8064_c000, 0x0040_2000_4000_1000, 0x0180_1000_80a0_010a, 0x8880_0410_0080_0800,
    0x1200_1002_0120_0804, 0x0200_0200_0401_1008, 0x2180_0100_0080_0600, 0x0200_0050_8821_0204,
    0x0400_8000_4000_8021, 0x0400_4000_2000_5000, 0x8240_8010_0020_0080, 0x8611_0010_0420_0900,
    0x0081_8080_0c00_1800, 0x0100_8002_0080_0400, 0x0a02_0001_0200_0408, 0x8020_8023_0010_4280,
    0x0080_0040_0040_2000, 0xe010_1040_0040_2000, 0x0800_8080_1000_2000, 0xa280_2100_0810_0100,
    0x0001_8180_1400_0800, 0xa002_0101_0008_0400, 0x0080_2400_0102_0870, 0x0001_0200_0404_8845,
    0x0081_8262_8000_4004, 0x2020_8109_0028_4000, 0x0200_1000_8080_2000, 0x0200_0800_8010_0080,
    0x8083_0801_0010_0500, 0x4406_0009_0100_0400, 0x0005_0200_8080_0100, 0x0090_2042_0000_8114,
    0x0010_4000_9480_0420, 0x0900_8040_0080_2002, 0x0201_0018_4100_2000, 0x4100_0800_8080_1000,
    0x4540_0400_8080_0800, 0x0002_0010_0404_0020, 0x0281_1958_1400_1002, 0x1240_8000_4080_0100,
    0x0880_0420_0052_4004, 0x02c0_8041_0206_002c, 0x0801_2002_4105_0010, 0x8400_0800_1000_8080,
    0x0008_0005_0009_0010, 0x0082_0090_8402_0008, 0x4012_0001_0802_0004, 0x9000_104d_0886_0004,
    0x2004_2041_1480_0100, 0x0148_8021_1240_0300, 0x0202_8420_0010_0880, 0x001b_0800_8090_0080,
    0x001a_0020_0810_0600, 0x0004_0080_0402_0080, 0x5181_0006_0004_0300, 0x0000_0444_0112_8a00,
    0x8044_1104_8000_2441, 0x2008_1100_8440_2202, 0x9080_6005_0900_10c1, 0x0004_2031_0a00_4a42,
    0x0023_0010_0402_0801, 0x0882_0010_0804_0102, 0x0002_3008_8118_020c, 0x0000_0190_2504_0042,
];

#[rustfmt::skip]
const BISHOP_MAGICS: [u64; 64] = [
    0x0045_0108_0800_8680, 0x2002_0802_0400_4898, 0x0210_009a_1040_0006, 0x0824_0502_0081_0200,
    0x0006_0611_0500_4090, 0x0001_0108_c000_0000, 0x0814_0402_8210_4004, 0x0012_0122_0110_6800,
    0x1082_3014_100c_1040, 0x0080_c208_8802_808c, 0x0281_1084_1040_4000, 0x0101_2120_4182_6200,
    0x0020_1410_2822_1058, 0x2201_0202_0220_0202, 0x0000_82a8_0148_2000, 0x0000_0084_0141_1044,
    0x0007_1030_1430_0404, 0x0002_0911_1001_0100, 0x4214_0012_040c_0808, 0x0800_8088_0200_4020,
    0x90c4_0042_1014_0000, 0x0800_2009_00a0_1000, 0x00d0_4002_0110_8810, 0x8082_0183_8144_12a0,
    0x00a0_1008_2022_02b4, 0x01c2_021a_0950_0402, 0x0084_4402_0804_2400, 0x8004_0040_0c09_0100,
    0xba10_0400_1080_2100, 0xd182_0090_0600_5000, 0x5011_0210_0100_9004, 0x0020_4202_0051_0400,
    0x0292_1040_0046_8800, 0x0004_3009_091c_0500, 0x0280_4410_0002_0025, 0x0042_8200_8008_0080,
    0x0440_1010_1001_0040, 0x1000_9001_0080_8080, 0x0108_1081_2008_9800, 0x0044_0102_0001_2682,
    0xc002_5004_2090_0400, 0x0040_4822_1071_0800, 0x0002_0600_2400_0200, 0x0281_020a_4400_0800,
    0xa002_1200_a400_0200, 0x0001_3010_0084_0840, 0x2868_5001_0844_4220, 0x0004_1110_4100_0200,
    0x8044_0208_4208_0200, 0x0000_2201_0421_0200, 0x0000_0212_0104_4000, 0x0000_2808_8404_0028,
    0x4012_1140_1085_8003, 0x0000_0810_0408_2b88, 0x3892_7005_0820_8002, 0x0022_0a04_1b06_0400,
    0x0812_0202_8401_4881, 0x0104_34a2_8210_3100, 0x0490_4008_2402_0800, 0x4a20_002c_0020_8800,
    0x0000_00a0_1102_0200, 0x4002_940a_0248_2202, 0x5100_1002_0214_0406, 0x0210_2000_8405_40c1,
];

/// Fills `table` with the attack sets of every square for the given magics.
fn fill_magics(dirs: &[(i8, i8)], magics: &[u64; 64], table: &mut Vec<Bitboard>) -> [Magic; 64] {
    let mut out = [Magic::default(); 64];
    for sq in Square::all() {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let magic = magics[sq.index()];
        let shift = 64 - bits;
        let offset = table.len();
        table.resize(offset + (1usize << bits), Bitboard::EMPTY);
        let mut filled = vec![false; 1 << bits];
        // Carry-Rippler enumeration of every subset of the mask.
        let mut sub = 0u64;
        loop {
            let attacks = slider_attacks_slow(sq, Bitboard(sub), dirs);
            let idx = (sub.wrapping_mul(magic) >> shift) as usize;
            assert!(
                !filled[idx] || table[offset + idx] == attacks,
                "magic for {sq:?} maps two attack sets to one slot"
            );
            filled[idx] = true;
            table[offset + idx] = attacks;
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        out[sq.index()] = Magic {
            mask,
            magic,
            shift,
            offset,
        };
    }
    out
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
    let rook_magic = fill_magics(&ROOK_DIRS, &ROOK_MAGICS, &mut slider);
    let bishop_magic = fill_magics(&BISHOP_DIRS, &BISHOP_MAGICS, &mut slider);

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
        let mut x = 12345u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..2000 {
            let occ = Bitboard(next() & next());
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
