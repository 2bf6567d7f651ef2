//! The reversible moves of the FIDE pieces, found by the Zobrist difference they make.
//!
//! A knight, bishop, rook, queen or king moving from `a` to `b` without a capture changes a
//! position's key by `piece(p, a) ^ piece(p, b) ^ SIDE`, whichever way it goes. Those 3 668
//! differences (both colours) sit in a cuckoo hash table (Kerrigan's idea, as Stockfish keeps
//! it), so that one or two probes tell whether two keys are one such move apart. The search
//! uses it to see a repetition the side to move can make before making it.

use std::sync::LazyLock;

use super::attacks;
use super::bitboard::Bitboard;
use super::piece::{Piece, Role};
use super::square::{Color, Square};
use super::zobrist;

const SIZE: usize = 8192;

/// A reversible move: the piece and the two squares it moves between (either way).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Reversible {
    pub piece: Piece,
    pub a: Square,
    pub b: Square,
}

struct Table {
    keys: Vec<u64>,
    moves: Vec<Option<Reversible>>,
}

static TABLE: LazyLock<Table> = LazyLock::new(build);

#[inline]
fn h1(key: u64) -> usize {
    (key & (SIZE as u64 - 1)) as usize
}

#[inline]
fn h2(key: u64) -> usize {
    ((key >> 16) & (SIZE as u64 - 1)) as usize
}

/// The key difference of `piece` moving between `a` and `b`.
#[inline]
pub fn key_of(piece: Piece, a: Square, b: Square) -> u64 {
    zobrist::piece(piece, a) ^ zobrist::piece(piece, b) ^ zobrist::SIDE
}

fn build() -> Table {
    let mut keys = vec![0u64; SIZE];
    let mut moves: Vec<Option<Reversible>> = vec![None; SIZE];
    for color in Color::ALL {
        for role in [
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ] {
            let piece = Piece::new(color, role);
            for a in Square::all() {
                let reach = match role {
                    Role::Knight => attacks::knight(a),
                    Role::Bishop => attacks::bishop(a, Bitboard::EMPTY),
                    Role::Rook => attacks::rook(a, Bitboard::EMPTY),
                    Role::Queen => attacks::queen(a, Bitboard::EMPTY),
                    _ => attacks::king(a),
                };
                for b in Square::all().filter(|&b| b.index() > a.index() && reach.contains(b)) {
                    // Insert, evicting into the other slot of whatever sat there, until a
                    // slot is empty (8 192 slots for 3 668 keys: it always ends).
                    let mut key = key_of(piece, a, b);
                    let mut mv = Some(Reversible { piece, a, b });
                    let mut i = h1(key);
                    loop {
                        std::mem::swap(&mut keys[i], &mut key);
                        std::mem::swap(&mut moves[i], &mut mv);
                        if mv.is_none() {
                            break;
                        }
                        i = if i == h1(key) { h2(key) } else { h1(key) };
                    }
                }
            }
        }
    }
    Table { keys, moves }
}

/// The reversible move whose key difference is `diff`, if there is one.
#[inline]
pub fn lookup(diff: u64) -> Option<Reversible> {
    let t = &*TABLE;
    [h1(diff), h2(diff)]
        .into_iter()
        .find(|&i| t.keys[i] == diff)
        .and_then(|i| t.moves[i])
}

/// Builds the table now (so that a timed search does not pay for it).
pub fn init() {
    LazyLock::force(&TABLE);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many moves the table holds.
    fn len() -> usize {
        TABLE.moves.iter().flatten().count()
    }

    #[test]
    fn holds_every_reversible_move_of_the_fide_pieces() {
        // Stockfish's count: 2 × (knight 168 + bishop 280 + rook 448 + queen 728 + king 210).
        assert_eq!(len(), 3668);
        let n = Piece::new(Color::Black, Role::Knight);
        let (g8, f6) = (Square::parse("g8").unwrap(), Square::parse("f6").unwrap());
        let found = lookup(key_of(n, f6, g8)).unwrap();
        assert_eq!((found.piece, found.a, found.b), (n, f6, g8));
        let q = Piece::new(Color::White, Role::Queen);
        // A queen's move that is a knight's jump is not one.
        assert_eq!(lookup(key_of(q, g8, f6)), None);
    }
}
