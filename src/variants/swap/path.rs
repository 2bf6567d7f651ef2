//! Swap Chess moves: an ordinary FIDE [`Action`] or a swap sequence [`SwapPath`],
//! both `Copy` and fixed-size, and the path notation (`b6/b1/d3=n/c4/f7`).

use crate::core::{Action, MoveError, Role, Square};
use std::fmt;

/// The most squares a path can have. A sequence visits P1's square and then one
/// square per partner, and no piece is swapped twice (rule 3), so a path has at
/// most one square per piece on the board but the enemy king; positions are
/// limited to 32 pieces (the FIDE material), hence 31 squares.
pub const MAX_PATH_SQUARES: usize = 32;

/// Promotion roles in the order of their letters (`b` < `n` < `q` < `r`), the
/// order in which the generator tries them so that it meets paths in character order.
pub const PROMOTION_ORDER: [Role; 4] = [Role::Bishop, Role::Knight, Role::Queen, Role::Rook];

/// A swap sequence: P1's start square, then each square P1 swaps to, with the
/// promotion a swap caused (if any) on that swap's square.
///
/// Each step is one byte: the square in bits 0–5 and the promotion role's
/// index in [`PROMOTION_ORDER`] in bits 6–7, with `promo` telling which steps
/// promote. Bytes past `len` stay zero so that derived `Eq`/`Hash` compare paths.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct SwapPath {
    len: u8,
    promo: u32,
    steps: [u8; MAX_PATH_SQUARES],
}

impl SwapPath {
    /// A path holding only P1's start square (no swap yet).
    #[inline]
    pub fn start(sq: Square) -> SwapPath {
        let mut steps = [0; MAX_PATH_SQUARES];
        steps[0] = sq.index() as u8;
        SwapPath {
            len: 1,
            promo: 0,
            steps,
        }
    }

    /// Number of squares (swaps + 1).
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Never true for a path built by [`SwapPath::start`].
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Number of swaps.
    #[inline]
    pub fn swaps(&self) -> usize {
        self.len() - 1
    }

    #[inline]
    pub fn square(&self, i: usize) -> Square {
        Square::new(self.steps[i] & 63)
    }

    /// P1's last square.
    #[inline]
    pub fn last(&self) -> Square {
        self.square(self.len() - 1)
    }

    /// The promotion caused by the swap onto square `i`.
    #[inline]
    pub fn promotion(&self, i: usize) -> Option<Role> {
        if self.promo & (1 << i) != 0 {
            Some(PROMOTION_ORDER[(self.steps[i] >> 6) as usize])
        } else {
            None
        }
    }

    /// Whether any swap of the sequence promoted a pawn.
    #[inline]
    pub fn has_promotion(&self) -> bool {
        self.promo != 0
    }

    #[inline]
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.len()).map(move |i| self.square(i))
    }

    /// Appends a swap square; false when the path is full.
    #[inline]
    pub fn push(&mut self, sq: Square, promotion: Option<Role>) -> bool {
        let i = self.len();
        if i >= MAX_PATH_SQUARES {
            return false;
        }
        let mut b = sq.index() as u8;
        if let Some(r) = promotion {
            let code = PROMOTION_ORDER.iter().position(|&x| x == r).unwrap_or(2) as u8;
            b |= code << 6;
            self.promo |= 1 << i;
        }
        self.steps[i] = b;
        self.len += 1;
        true
    }

    /// Drops the last square (keeping unused bytes zero).
    #[inline]
    pub fn pop(&mut self) {
        self.len -= 1;
        let i = self.len();
        self.steps[i] = 0;
        self.promo &= !(1 << i);
    }

    /// The KO field's part of the position's Zobrist key (never 0).
    pub fn hash(&self) -> u64 {
        let mut h: u64 = 0x2545_f491_4f6c_dd1d;
        for i in 0..self.len() {
            h = (h ^ crate::core::zobrist::extra(self.steps[i] as usize))
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .rotate_left(27);
        }
        h | 1
    }

    /// Reads a path (`b6/b1/d3=n/c4/f7`; promotion letters of either case).
    pub fn parse(s: &str) -> Result<SwapPath, MoveError> {
        let bad = || MoveError::Malformed(s.to_string());
        if !s.is_ascii() || s.len() > 200 {
            return Err(bad());
        }
        let mut path: Option<SwapPath> = None;
        for part in s.split('/') {
            let (sq, promo) = match part.split_once('=') {
                Some((sq, p)) => {
                    let pb = p.as_bytes();
                    if pb.len() != 1 {
                        return Err(bad());
                    }
                    let r = Role::from_char(pb[0] as char).ok_or_else(bad)?;
                    (sq, Some(r))
                }
                None => (part, None),
            };
            let sq = Square::parse(sq).ok_or_else(bad)?;
            if let Some(r) = promo {
                if !PROMOTION_ORDER.contains(&r) {
                    return Err(MoveError::IllegalBecause(
                        s.to_string(),
                        "a pawn promotes to a queen, rook, bishop or knight",
                    ));
                }
            }
            match path.as_mut() {
                None => {
                    if promo.is_some() {
                        return Err(bad());
                    }
                    path = Some(SwapPath::start(sq));
                }
                Some(p) => {
                    if !p.push(sq, promo) {
                        return Err(MoveError::IllegalBecause(s.to_string(), "re-uses a piece"));
                    }
                }
            }
        }
        match path {
            Some(p) if p.len() >= 2 => Ok(p),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for SwapPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..self.len() {
            if i > 0 {
                f.write_str("/")?;
            }
            write!(f, "{}", self.square(i))?;
            if let Some(r) = self.promotion(i) {
                write!(f, "={}", r.char())?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for SwapPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A Swap Chess move: one ordinary FIDE move or one swap sequence.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub enum SwapMove {
    Action(Action),
    Path(SwapPath),
}

impl fmt::Display for SwapMove {
    /// Castling prints as king square + rook square (`e1h1`), as swap.md writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwapMove::Action(a) => fmt::Display::fmt(a, f),
            SwapMove::Path(p) => fmt::Display::fmt(p, f),
        }
    }
}

impl fmt::Debug for SwapMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwapMove::Action(a) => fmt::Debug::fmt(a, f),
            SwapMove::Path(p) => fmt::Display::fmt(p, f),
        }
    }
}
