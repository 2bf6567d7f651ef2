//! Moves: the fixed-size building blocks every variant's move type is made of.
//!
//! Each variant picks its own `Move` type (an associated type of
//! [`crate::variants::Variant`]) so that FIDE chess keeps a 4-byte move while
//! Interchange carries two actions and Swap a whole path. All are `Copy`.

use super::piece::Role;
use super::square::Square;
use arrayvec::ArrayVec;
use std::fmt;

/// What kind of action a from/to pair stands for; decides how it is played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ActionKind {
    Normal,
    /// A pawn's two-square step; sets the en passant square.
    DoubleStep,
    EnPassant,
    /// `from` is the king's square, `to` the castling rook's square.
    Castle,
    /// No piece moves (`0000`).
    Pass,
}

/// One piece moving once: the FIDE move, and one half of a two-action turn.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Action {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
    pub kind: ActionKind,
}

impl Action {
    pub const PASS: Action = Action {
        from: Square::A1,
        to: Square::A1,
        promotion: None,
        kind: ActionKind::Pass,
    };

    #[inline]
    pub const fn new(from: Square, to: Square) -> Action {
        Action {
            from,
            to,
            promotion: None,
            kind: ActionKind::Normal,
        }
    }

    #[inline]
    pub const fn with_kind(from: Square, to: Square, kind: ActionKind) -> Action {
        Action {
            from,
            to,
            promotion: None,
            kind,
        }
    }

    #[inline]
    pub const fn promote(from: Square, to: Square, role: Role) -> Action {
        Action {
            from,
            to,
            promotion: Some(role),
            kind: ActionKind::Normal,
        }
    }

    #[inline]
    pub fn is_pass(self) -> bool {
        self.kind == ActionKind::Pass
    }

    #[inline]
    pub fn is_castle(self) -> bool {
        self.kind == ActionKind::Castle
    }

    /// Coordinate notation with castling as king-square + rook-square (`e1h1`).
    pub fn write_uci(self, out: &mut impl fmt::Write) -> fmt::Result {
        if self.is_pass() {
            return out.write_str("0000");
        }
        write!(out, "{}{}", self.from, self.to)?;
        if let Some(r) = self.promotion {
            out.write_char(r.char())?;
        }
        Ok(())
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_uci(f)
    }
}

impl fmt::Debug for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_uci(f)?;
        if !matches!(self.kind, ActionKind::Normal | ActionKind::Pass) {
            write!(f, "[{:?}]", self.kind)?;
        }
        Ok(())
    }
}

/// A two-action turn (Interchange, Palindromic): own piece first, then the opponent's.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Turn {
    pub own: Action,
    pub other: Action,
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.own, self.other)
    }
}

impl fmt::Debug for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Capacity of a [`MoveList`]: enough for every variant's largest fixed-size move set
/// (two-action turns multiply; Swap streams its moves instead of listing them).
pub const MAX_MOVES: usize = 2048;

/// A fixed-capacity, heap-free list of moves.
pub type MoveList<M> = ArrayVec<M, MAX_MOVES>;
