//! Zobrist keys, generated at compile time from a fixed seed so that keys
//! are identical across runs and builds (tests and the tournament rely on it).

use super::piece::Piece;
use super::square::Square;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

const fn table<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, v) = splitmix(state);
        state = s;
        out[i] = v;
        i += 1;
    }
    out
}

static PIECE_SQUARE: [u64; 2 * 10 * 64] = table(1);
static CASTLE: [u64; 64] = table(2);
static EN_PASSANT: [u64; 8] = table(3);
/// Free-form keys for variant extra state (setup phase, KO, tour counters …).
static EXTRA: [u64; 256] = table(4);
pub const SIDE: u64 = table::<1>(5)[0];

#[inline]
pub fn piece(p: Piece, sq: Square) -> u64 {
    PIECE_SQUARE[(p.color.index() * 10 + p.role.index()) * 64 + sq.index()]
}

/// Key of a castling right, identified by the castling rook's square.
#[inline]
pub fn castle(rook: Square) -> u64 {
    CASTLE[rook.index()]
}

#[inline]
pub fn en_passant_file(file: u8) -> u64 {
    EN_PASSANT[file as usize]
}

/// Variant-defined key `i` (0..256).
#[inline]
pub fn extra(i: usize) -> u64 {
    EXTRA[i & 255]
}
