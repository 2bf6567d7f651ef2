//! The board core shared by every variant: coordinates, bitboards, attack
//! tables, placement, common position state, moves, FEN and notation.

pub mod attacks;
pub mod bitboard;
pub mod board;
pub mod cuckoo;
pub mod fen;
pub mod large_pages;
pub mod moves;
pub mod notation;
pub mod piece;
pub mod position;
pub mod prefetch;
pub mod rng;
pub mod simd;
pub mod square;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use fen::FenError;
pub use moves::{Action, ActionKind, MoveList, Turn, MAX_MOVES};
pub use notation::{MoveError, Notation, PathStep, RawAction};
pub use piece::{Piece, Role};
pub use position::{CastleSide, Castles, Position};
pub use square::{Color, Square};
