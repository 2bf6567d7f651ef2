//! The state every variant shares: placement, side to move, castling rights,
//! en passant square, clocks and the incrementally updated Zobrist key.
//! Variants wrap it and add their own extra state.

use super::attacks;
use super::bitboard::Bitboard;
use super::board::Board;
use super::piece::{Piece, Role};
use super::square::{Color, Square};
use super::zobrist;

/// Which side of the king a castling rook stands on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// Towards the h-file (O-O); the king ends on g, the rook on f.
    King = 0,
    /// Towards the a-file (O-O-O); the king ends on c, the rook on d.
    Queen = 1,
}

impl CastleSide {
    pub const ALL: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];

    /// File the king lands on.
    pub const fn king_to_file(self) -> u8 {
        match self {
            CastleSide::King => 6,
            CastleSide::Queen => 2,
        }
    }

    /// File the rook lands on.
    pub const fn rook_to_file(self) -> u8 {
        match self {
            CastleSide::King => 5,
            CastleSide::Queen => 3,
        }
    }
}

/// Castling rights as the squares of the rooks that may still castle
/// (so Chess960 and X-FEN/Shredder-FEN need no special cases).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Castles {
    rooks: [[Option<Square>; 2]; 2],
}

impl Castles {
    #[inline]
    pub fn rook(&self, color: Color, side: CastleSide) -> Option<Square> {
        self.rooks[color.index()][side as usize]
    }

    pub fn is_empty(&self) -> bool {
        self.rooks.iter().flatten().all(|r| r.is_none())
    }

    pub fn has_color(&self, color: Color) -> bool {
        self.rooks[color.index()].iter().any(|r| r.is_some())
    }

    /// All rights as (colour, side, rook square).
    pub fn iter(&self) -> impl Iterator<Item = (Color, CastleSide, Square)> + '_ {
        Color::ALL.into_iter().flat_map(move |c| {
            CastleSide::ALL
                .into_iter()
                .filter_map(move |s| self.rook(c, s).map(|r| (c, s, r)))
        })
    }
}

/// Placement plus the FEN state common to all variants.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub board: Board,
    turn: Color,
    castles: Castles,
    ep_square: Option<Square>,
    /// Whether the en passant file is in the key: only while a capture there is possible,
    /// so that repetition sees FIDE's "same position".
    ep_keyed: bool,
    pub halfmove_clock: u32,
    pub fullmoves: u32,
    key: u64,
}

impl Default for Position {
    fn default() -> Position {
        Position::empty()
    }
}

impl Position {
    pub const fn empty() -> Position {
        Position {
            board: Board::empty(),
            turn: Color::White,
            castles: Castles {
                rooks: [[None; 2]; 2],
            },
            ep_square: None,
            ep_keyed: false,
            halfmove_clock: 0,
            fullmoves: 1,
            key: 0,
        }
    }

    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    pub fn castles(&self) -> &Castles {
        &self.castles
    }

    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Zobrist key of placement, turn, castling and en passant file.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    #[inline]
    pub fn us(&self) -> Bitboard {
        self.board.by_color(self.turn)
    }

    #[inline]
    pub fn them(&self) -> Bitboard {
        self.board.by_color(!self.turn)
    }

    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.board.put(sq, piece);
        self.key ^= zobrist::piece(piece, sq);
    }

    #[inline]
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.board.take(sq)?;
        self.key ^= zobrist::piece(piece, sq);
        Some(piece)
    }

    /// Moves the piece on `from` to the empty square `to`.
    #[inline]
    pub fn shift(&mut self, from: Square, to: Square) {
        if let Some(p) = self.take(from) {
            self.put(to, p);
        }
    }

    /// Changes the side to move; the en passant keying follows.
    #[inline]
    pub fn set_turn(&mut self, color: Color) {
        if color != self.turn {
            let ep = self.ep_square;
            self.set_ep_square(None);
            self.key ^= zobrist::SIDE;
            self.turn = color;
            self.set_ep_square(ep);
        }
    }

    /// Changes the side to move, dropping the en passant square (the usual end of a move).
    #[inline]
    pub fn pass_turn(&mut self) {
        self.set_ep_square(None);
        self.key ^= zobrist::SIDE;
        self.turn = !self.turn;
    }

    #[inline]
    pub fn flip_turn(&mut self) {
        self.set_turn(!self.turn);
    }

    /// Sets the en passant target; call it after the turn has passed to the side that may capture.
    #[inline]
    pub fn set_ep_square(&mut self, sq: Option<Square>) {
        if let (Some(old), true) = (self.ep_square, self.ep_keyed) {
            self.key ^= zobrist::en_passant_file(old.file());
        }
        self.ep_keyed = sq.is_some_and(|s| self.ep_capturable(s));
        if let (Some(new), true) = (sq, self.ep_keyed) {
            self.key ^= zobrist::en_passant_file(new.file());
        }
        self.ep_square = sq;
    }

    /// A pawn of the side to move attacks the target.
    #[inline]
    fn ep_capturable(&self, target: Square) -> bool {
        (attacks::pawn(!self.turn, target) & self.pieces(self.turn, Role::Pawn)).any()
    }

    #[inline]
    pub fn set_castle(&mut self, color: Color, side: CastleSide, rook: Option<Square>) {
        let slot = &mut self.castles.rooks[color.index()][side as usize];
        if let Some(old) = *slot {
            self.key ^= zobrist::castle(old);
        }
        if let Some(new) = rook {
            self.key ^= zobrist::castle(new);
        }
        *slot = rook;
    }

    /// Drops every right of `color`.
    #[inline]
    pub fn clear_castles(&mut self, color: Color) {
        for side in CastleSide::ALL {
            self.set_castle(color, side, None);
        }
    }

    /// Drops the right whose rook stands (or stood) on `sq`, if any.
    #[inline]
    pub fn clear_castle_rook(&mut self, sq: Square) {
        for (color, side, rook) in self.castles.iter().collect::<arrayvec::ArrayVec<_, 4>>() {
            if rook == sq {
                self.set_castle(color, side, None);
            }
        }
    }

    /// XORs a variant-defined component into the key.
    #[inline]
    pub fn toggle_key(&mut self, k: u64) {
        self.key ^= k;
    }

    /// The key computed from scratch; tests compare it with the incremental one.
    pub fn key_from_scratch(&self) -> u64 {
        let mut k = 0;
        for (sq, p) in self.board.pieces() {
            k ^= zobrist::piece(p, sq);
        }
        if self.turn == Color::Black {
            k ^= zobrist::SIDE;
        }
        for (_, _, rook) in self.castles.iter() {
            k ^= zobrist::castle(rook);
        }
        if let Some(ep) = self.ep_square.filter(|&ep| self.ep_capturable(ep)) {
            k ^= zobrist::en_passant_file(ep.file());
        }
        k
    }

    /// Pieces of `color` and `role`.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.board.by_piece(Piece::new(color, role))
    }

    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.board
            .king_of(color)
            .expect("validated: one king per side")
    }
}
