//! Piece placement: bitboards by role and colour plus a mailbox for O(1) lookup.

use super::bitboard::Bitboard;
use super::piece::{Piece, Role};
use super::square::{Color, Square};

/// Where the pieces stand. Knows nothing of turns or rules.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    by_role: [Bitboard; Role::COUNT],
    by_color: [Bitboard; 2],
    occupied: Bitboard,
    mailbox: [Option<Piece>; 64],
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    pub const fn empty() -> Board {
        Board {
            by_role: [Bitboard::EMPTY; Role::COUNT],
            by_color: [Bitboard::EMPTY; 2],
            occupied: Bitboard::EMPTY,
            mailbox: [None; 64],
        }
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.mailbox[sq.index()]
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role[piece.role.index()] & self.by_color[piece.color.index()]
    }

    /// The king of `color`, if there is exactly one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.by_piece(Piece::new(color, Role::King)).single()
    }

    /// Puts `piece` on an empty square.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.mailbox[sq.index()].is_none(), "put on occupied {sq}");
        self.mailbox[sq.index()] = Some(piece);
        self.by_role[piece.role.index()].set(sq);
        self.by_color[piece.color.index()].set(sq);
        self.occupied.set(sq);
    }

    /// Removes and returns the piece on `sq`.
    #[inline]
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.mailbox[sq.index()].take()?;
        self.by_role[piece.role.index()].clear(sq);
        self.by_color[piece.color.index()].clear(sq);
        self.occupied.clear(sq);
        Some(piece)
    }

    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied
            .map(move |sq| (sq, self.mailbox[sq.index()].expect("mailbox in sync")))
    }

    /// Material count of one role for one side.
    #[inline]
    pub fn count(&self, color: Color, role: Role) -> u32 {
        self.by_piece(Piece::new(color, role)).count()
    }
}
