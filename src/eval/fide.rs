//! Evaluation for FIDE material: chess and Chess960 (Arrangement and Swap
//! build on the same terms). Terms, one line each:
//! - material: P 100, N 320, B 330, R 500, Q 900;
//! - piece-square tables: centralisation for N/B/Q, advanced pawns, rooks on the 7th, king shelter
//!   in the middlegame and centralisation in the endgame (blended by remaining material);
//! - bishop pair: +30;
//! - mobility: +3 per square a knight, bishop, rook or queen attacks that its side does not occupy.

use super::{Evaluate, Score, SearchHooks};
use crate::core::attacks;
use crate::core::{Action, ActionKind, Bitboard, Color, Position, Role, Square};
use crate::variants::chess::Fide;
use crate::variants::Variant;

/// Piece values by [`Role`] index: P N B R Q K, then L (a rook), A (B+N), D (short queen), X.
pub type Values = [Score; Role::COUNT];

/// FIDE values; the fairy pieces get the values Exile uses (see `eval::exile`).
pub const VALUES: Values = [100, 320, 330, 500, 900, 0, 500, 800, 600, 280];

/// Value of a role.
#[inline]
pub fn value(role: Role) -> Score {
    VALUES[role.index()]
}

#[rustfmt::skip]
const PAWN: [i8; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
     5, 10, 10,-20,-20, 10, 10,  5,
     5, -5,-10,  0,  0,-10, -5,  5,
     0,  0,  0, 20, 20,  0,  0,  0,
     5,  5, 10, 25, 25, 10,  5,  5,
    10, 10, 20, 30, 30, 20, 10, 10,
    50, 50, 50, 50, 50, 50, 50, 50,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const KNIGHT: [i8; 64] = [
    -50,-40,-30,-30,-30,-30,-40,-50,
    -40,-20,  0,  5,  5,  0,-20,-40,
    -30,  5, 10, 15, 15, 10,  5,-30,
    -30,  0, 15, 20, 20, 15,  0,-30,
    -30,  5, 15, 20, 20, 15,  5,-30,
    -30,  0, 10, 15, 15, 10,  0,-30,
    -40,-20,  0,  0,  0,  0,-20,-40,
    -50,-40,-30,-30,-30,-30,-40,-50,
];
#[rustfmt::skip]
const BISHOP: [i8; 64] = [
    -20,-10,-10,-10,-10,-10,-10,-20,
    -10,  5,  0,  0,  0,  0,  5,-10,
    -10, 10, 10, 10, 10, 10, 10,-10,
    -10,  0, 10, 10, 10, 10,  0,-10,
    -10,  5,  5, 10, 10,  5,  5,-10,
    -10,  0,  5, 10, 10,  5,  0,-10,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -20,-10,-10,-10,-10,-10,-10,-20,
];
#[rustfmt::skip]
const ROOK: [i8; 64] = [
     0,  0,  0,  5,  5,  0,  0,  0,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
     5, 10, 10, 10, 10, 10, 10,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const QUEEN: [i8; 64] = [
    -20,-10,-10, -5, -5,-10,-10,-20,
    -10,  0,  5,  0,  0,  0,  0,-10,
    -10,  5,  5,  5,  5,  5,  0,-10,
      0,  0,  5,  5,  5,  5,  0, -5,
     -5,  0,  5,  5,  5,  5,  0, -5,
    -10,  0,  5,  5,  5,  5,  0,-10,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -20,-10,-10, -5, -5,-10,-10,-20,
];
#[rustfmt::skip]
const KING_MID: [i8; 64] = [
     20, 30, 10,  0,  0, 10, 30, 20,
     20, 20,  0,  0,  0,  0, 20, 20,
    -10,-20,-20,-20,-20,-20,-20,-10,
    -20,-30,-30,-40,-40,-30,-30,-20,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
];
#[rustfmt::skip]
const KING_END: [i8; 64] = [
    -50,-30,-30,-30,-30,-30,-30,-50,
    -30,-30,  0,  0,  0,  0,-30,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-20,-10,  0,  0,-10,-20,-30,
    -50,-40,-30,-20,-20,-30,-40,-50,
];

/// Piece-square bonus of a FIDE piece for `color` (tables are from White's side, a1 first).
#[inline]
pub fn pst(role: Role, color: Color, sq: Square, endgame_weight: i32) -> Score {
    let i = match color {
        Color::White => sq.index(),
        Color::Black => sq.flip_vertical().index(),
    };
    (match role {
        Role::Pawn => PAWN[i],
        Role::Knight => KNIGHT[i],
        Role::Bishop => BISHOP[i],
        Role::Rook => ROOK[i],
        Role::Queen => QUEEN[i],
        // Fairy pieces: the table of the FIDE piece they move most like.
        Role::LeftRook => ROOK[i],
        Role::Archbishop | Role::Duke | Role::Exile => KNIGHT[i],
        Role::King => {
            let (m, e) = (KING_MID[i] as i32, KING_END[i] as i32);
            return (m * (24 - endgame_weight) + e * endgame_weight) / 24;
        }
    }) as Score
}

/// 0 (all pieces on) .. 24 (no pieces but kings and pawns).
pub fn endgame_weight(pos: &Position) -> i32 {
    let b = &pos.board;
    let phase = b.by_role(Role::Knight).count()
        + b.by_role(Role::Bishop).count()
        + 2 * b.by_role(Role::Rook).count()
        + 4 * b.by_role(Role::Queen).count();
    24 - (phase.min(24) as i32)
}

/// Material, piece-square tables, bishop pair and mobility for White minus Black.
pub fn evaluate_white(pos: &Position) -> Score {
    evaluate_white_with(pos, &VALUES)
}

/// [`evaluate_white`] with a variant's own piece values.
pub fn evaluate_white_with(pos: &Position, values: &Values) -> Score {
    let eg = endgame_weight(pos);
    let occ = pos.board.occupied();
    let mut score = 0;
    for (sq, p) in pos.board.pieces() {
        let sign = if p.color == Color::White { 1 } else { -1 };
        let mut s = values[p.role.index()] + pst(p.role, p.color, sq, eg);
        let own = pos.board.by_color(p.color);
        let mob = match p.role {
            Role::Knight => attacks::knight(sq),
            Role::Bishop => attacks::bishop(sq, occ),
            Role::Rook => attacks::rook(sq, occ),
            Role::Queen => attacks::queen(sq, occ),
            Role::Archbishop => attacks::bishop(sq, occ) | attacks::knight(sq),
            _ => Bitboard::EMPTY,
        };
        s += 3 * (mob & !own).count() as Score;
        score += sign * s;
    }
    for color in Color::ALL {
        if pos.pieces(color, Role::Bishop).count() >= 2 {
            score += if color == Color::White { 30 } else { -30 };
        }
    }
    score
}

/// Most material a FIDE action can win: its victim plus what a promotion adds.
#[inline]
pub fn capture_gain(pos: &Position, m: Action) -> Score {
    let victim = match m.kind {
        ActionKind::EnPassant => value(Role::Pawn),
        _ => pos.piece_at(m.to).map_or(0, |p| value(p.role)),
    };
    victim + m.promotion.map_or(0, |r| value(r) - value(Role::Pawn))
}

/// A capture by a piece worth more than its victim onto a square the opponent defends
/// (a one-step static exchange estimate, FIDE attacks only).
#[inline]
pub fn losing_capture(pos: &Position, m: Action) -> bool {
    let Some(mover) = pos.piece_at(m.from) else {
        return false;
    };
    if m.promotion.is_some() || mover.role == Role::King {
        return false;
    }
    let gain = capture_gain(pos, m);
    value(mover.role) > gain
        && crate::variants::fide::attackers(
            pos,
            m.to,
            !mover.color,
            pos.board.occupied().without(m.from),
        )
        .any()
}

/// MVV-LVA for a FIDE action.
#[inline]
pub fn mvv_lva(pos: &Position, m: Action) -> i32 {
    let victim = match m.kind {
        ActionKind::EnPassant => 100,
        _ => pos.piece_at(m.to).map_or(0, |p| value(p.role)),
    };
    let attacker = pos.piece_at(m.from).map_or(0, |p| value(p.role));
    victim * 10 - attacker / 10 + m.promotion.map_or(0, |r| value(r) * 10)
}

impl<const FRC: bool> SearchHooks for Fide<FRC> {
    const FORWARD_PRUNING: bool = true;
}

impl<const FRC: bool> Evaluate for Fide<FRC> {
    #[inline]
    fn evaluate(&self) -> Score {
        let s = evaluate_white(self.position());
        if self.turn() == Color::White {
            s
        } else {
            -s
        }
    }

    #[inline]
    fn noisy_order(&self, m: Action) -> i32 {
        mvv_lva(self.position(), m)
    }

    #[inline]
    fn capture_gain(&self, m: Action) -> Option<Score> {
        Some(capture_gain(self.position(), m))
    }

    #[inline]
    fn losing_capture(&self, m: Action) -> bool {
        losing_capture(self.position(), m)
    }

    #[inline]
    fn history_index(&self, m: Action) -> usize {
        m.from.index() * 64 + m.to.index()
    }

    fn null_move(&self) -> Option<Self> {
        let mut pos = self.position().clone();
        pos.pass_turn();
        Some(Fide::from_position(pos))
    }
}
