//! Standard algebraic notation (SAN, `Nbd7`, `exd5`, `e8=Q+`, `O-O-O`), read against the
//! legal move list. CECP lets engines send SAN (Sjaak II sends `move O-O-O`), and EPD
//! writes `bm`/`am` in SAN; zest itself writes coordinates. A SAN string names the one legal
//! move whose piece, target square, promotion and disambiguation agree with it; check and
//! annotation marks are ignored. It has a meaning wherever a move is one piece going from a
//! square to a square (chess, Chess960, Exile's ordinary moves, Arrangement's play phase);
//! elsewhere no legal move matches and the string is refused.

use super::Variant;
use crate::core::{MoveError, Notation, RawAction, Role, Square};
use std::ops::ControlFlow;

/// What a SAN string asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum San {
    /// `O-O` (true) or `O-O-O` (false), also written with zeros.
    Castle { king_side: bool },
    Normal {
        role: Role,
        file: Option<u8>,
        rank: Option<u8>,
        to: Square,
        promotion: Option<Role>,
    },
}

/// Reads the shape of a SAN string; `None` when it is not SAN.
fn parse_shape(s: &str) -> Option<San> {
    let s = s.trim_end_matches(['+', '#', '!', '?']);
    match s {
        "O-O" | "0-0" | "o-o" => return Some(San::Castle { king_side: true }),
        "O-O-O" | "0-0-0" | "o-o-o" => return Some(San::Castle { king_side: false }),
        _ => {}
    }
    let mut b = s.as_bytes();
    if b.len() > 10 || !s.is_ascii() {
        return None;
    }
    // Promotion: `=Q`, `=q`, `(Q)` or a trailing capital `Q`.
    let mut promotion = None;
    let promo =
        |c: u8| Role::from_char(c as char).filter(|r| !matches!(r, Role::Pawn | Role::King));
    if let [rest @ .., b'=', p] = b {
        promotion = Some(promo(*p)?);
        b = rest;
    } else if let [rest @ .., b'(', p, b')'] = b {
        promotion = Some(promo(*p)?);
        b = rest;
    } else if let [rest @ .., p] = b {
        if p.is_ascii_uppercase() {
            promotion = Some(promo(*p)?);
            b = rest;
        }
    }
    let role = match b.first() {
        Some(c) if c.is_ascii_uppercase() => {
            let r = Role::from_char(*c as char)?;
            b = &b[1..];
            r
        }
        _ => Role::Pawn,
    };
    let [head @ .., f, r] = b else { return None };
    let to = Square::from_bytes(*f, *r)?;
    let head = match head {
        [rest @ .., b'x' | b':' | b'-'] => rest,
        _ => head,
    };
    let (mut file, mut rank) = (None, None);
    for &c in head {
        match c {
            b'a'..=b'h' if file.is_none() && rank.is_none() => file = Some(c - b'a'),
            b'1'..=b'8' if rank.is_none() => rank = Some(c - b'1'),
            _ => return None,
        }
    }
    if promotion.is_some() && role != Role::Pawn {
        return None;
    }
    Some(San::Normal {
        role,
        file,
        rank,
        to,
        promotion,
    })
}

/// Which castling a move in zest's notation is: `Some(king side)`, or `None` for no castling.
/// Castling is written king-takes-rook (Chess960, Arrangement), as the king's two-square step
/// (chess), or as Exile's `king from, king to, rook to`.
fn castling_side<V: Variant>(pos: &V, n: &Notation) -> Option<bool> {
    let board = pos.position();
    match *n {
        Notation::Action(RawAction { from, to, .. }) => {
            let king = board.piece_at(from).filter(|p| p.role == Role::King)?;
            let onto_own_rook = board
                .piece_at(to)
                .is_some_and(|p| p.color == king.color && p.role == Role::Rook);
            let two_step = from.rank() == to.rank() && from.file().abs_diff(to.file()) == 2;
            (onto_own_rook || two_step).then_some(to.file() > from.file())
        }
        Notation::Castle3 {
            king_from, king_to, ..
        } => Some(king_to.file() > king_from.file()),
        _ => None,
    }
}

/// Whether the legal move `n` (zest's notation) is the one `san` describes.
fn matches<V: Variant>(pos: &V, n: &Notation, san: &San) -> bool {
    let castle = castling_side(pos, n);
    match *san {
        San::Castle { king_side } => castle == Some(king_side),
        San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
        } => {
            let Notation::Action(a) = *n else {
                return false;
            };
            castle.is_none()
                && a.to == to
                && a.promotion == promotion
                && file.is_none_or(|f| a.from.file() == f)
                && rank.is_none_or(|r| a.from.rank() == r)
                && pos
                    .position()
                    .piece_at(a.from)
                    .is_some_and(|p| p.role == role)
        }
    }
}

/// The legal move of `pos` that the SAN string `s` names.
pub fn parse_san<V: Variant>(pos: &V, s: &str) -> Result<V::Move, MoveError> {
    let san = parse_shape(s.trim()).ok_or_else(|| MoveError::Malformed(s.to_string()))?;
    let mut found = Vec::new();
    let _ = pos.for_each_move(|m| {
        if let Ok(n) = Notation::parse(&pos.move_to_string(m)) {
            if matches(pos, &n, &san) {
                found.push(m);
            }
        }
        ControlFlow::Continue(())
    });
    match found[..] {
        [m] => Ok(m),
        [] => Err(MoveError::Illegal(s.to_string())),
        _ => Err(MoveError::IllegalBecause(
            s.to_string(),
            "ambiguous: more than one legal move fits",
        )),
    }
}

/// A move in zest's notation or, failing that, in SAN (what XBoard engines and EPD send).
pub fn parse_move_or_san<V: Variant>(pos: &V, s: &str) -> Result<V::Move, MoveError> {
    match pos.parse_move(s) {
        Err(MoveError::Malformed(_)) => parse_san(pos, s),
        r => r,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        assert_eq!(
            parse_shape("Nbd7+"),
            Some(San::Normal {
                role: Role::Knight,
                file: Some(1),
                rank: None,
                to: Square::parse("d7").unwrap(),
                promotion: None
            })
        );
        assert_eq!(
            parse_shape("0-0-0#"),
            Some(San::Castle { king_side: false })
        );
        assert!(matches!(
            parse_shape("exd8=Q"),
            Some(San::Normal {
                role: Role::Pawn,
                file: Some(4),
                promotion: Some(Role::Queen),
                ..
            })
        ));
        for bad in [
            "", "x", "Nz9", "e9", "Ke8=Q", "e8=K", "Nbbd7", "xyzzy!!", "e2e4e5",
        ] {
            assert_eq!(parse_shape(bad), None, "{bad}");
        }
    }
}
