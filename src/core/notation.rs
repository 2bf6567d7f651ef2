//! Move notation (`protocol/README.md`): the syntax only. A string is
//! first read into a [`Notation`] here; the variant then resolves it against
//! the position, so that `e1h1` is castling only where castling is legal.

use super::piece::Role;
use super::square::Square;
use arrayvec::ArrayVec;
use std::fmt;
use thiserror::Error;

/// One from/to action as written, before it is checked against a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RawAction {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
}

/// One square of a path, with the promotion written right after it (`d3=n`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PathStep {
    pub square: Square,
    pub promotion: Option<Role>,
}

/// The longest path the syntax accepts: a swap sequence visits each piece at most once.
pub const MAX_PATH: usize = 64;

/// A move string's shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `e2e4`, `e7e8q`.
    Action(RawAction),
    /// `0000`.
    Pass,
    /// `e2e3,d7d6`; `None` is a passed part (`0000`).
    Turn(Option<RawAction>, Option<RawAction>),
    /// `b6/b1/d3=n/c4/f7`.
    Path(ArrayVec<PathStep, MAX_PATH>),
    /// Exile's castling `d1g1f1`: king from, king to, rook to.
    Castle3 {
        king_from: Square,
        king_to: Square,
        rook_to: Square,
    },
}

/// Why a move string could not be read or played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("malformed move: {0}")]
    Malformed(String),
    #[error("illegal move: {0}")]
    Illegal(String),
    #[error("illegal move: {0} ({1})")]
    IllegalBecause(String, &'static str),
    #[error("no moves: the game is over ({0})")]
    GameOver(String),
}

impl MoveError {
    /// The offending move text.
    pub fn text(&self) -> &str {
        match self {
            MoveError::Malformed(s)
            | MoveError::Illegal(s)
            | MoveError::IllegalBecause(s, _)
            | MoveError::GameOver(s) => s,
        }
    }
}

fn parse_action(s: &str) -> Option<RawAction> {
    let b = s.as_bytes();
    if b.len() != 4 && b.len() != 5 {
        return None;
    }
    let from = Square::from_bytes(b[0], b[1])?;
    let to = Square::from_bytes(b[2], b[3])?;
    let promotion = match b.get(4) {
        None => None,
        Some(&c) if c.is_ascii_lowercase() => Some(Role::from_char(c as char)?),
        Some(_) => return None,
    };
    Some(RawAction {
        from,
        to,
        promotion,
    })
}

fn parse_part(s: &str) -> Option<Option<RawAction>> {
    if s == "0000" {
        Some(None)
    } else {
        parse_action(s).map(Some)
    }
}

impl Notation {
    /// Reads any well-formed move string; the variant decides which shapes it accepts.
    pub fn parse(s: &str) -> Result<Notation, MoveError> {
        let bad = || MoveError::Malformed(s.to_string());
        if s.is_empty() || s.len() > 400 || !s.is_ascii() {
            return Err(bad());
        }
        if s == "0000" {
            return Ok(Notation::Pass);
        }
        if let Some((a, b)) = s.split_once(',') {
            let own = parse_part(a).ok_or_else(bad)?;
            let other = parse_part(b).ok_or_else(bad)?;
            return Ok(Notation::Turn(own, other));
        }
        if s.contains('/') {
            let mut steps = ArrayVec::new();
            for part in s.split('/') {
                let (sq, promo) = match part.split_once('=') {
                    Some((sq, p)) => {
                        let pb = p.as_bytes();
                        if pb.len() != 1 || !pb[0].is_ascii_lowercase() {
                            return Err(bad());
                        }
                        (sq, Some(Role::from_char(pb[0] as char).ok_or_else(bad)?))
                    }
                    None => (part, None),
                };
                let square = Square::parse(sq).ok_or_else(bad)?;
                steps
                    .try_push(PathStep {
                        square,
                        promotion: promo,
                    })
                    .map_err(|_| bad())?;
            }
            if steps.len() < 2 {
                return Err(bad());
            }
            return Ok(Notation::Path(steps));
        }
        let b = s.as_bytes();
        if b.len() == 6 {
            if let (Some(a), Some(c), Some(d)) = (
                Square::from_bytes(b[0], b[1]),
                Square::from_bytes(b[2], b[3]),
                Square::from_bytes(b[4], b[5]),
            ) {
                return Ok(Notation::Castle3 {
                    king_from: a,
                    king_to: c,
                    rook_to: d,
                });
            }
            return Err(bad());
        }
        parse_action(s).map(Notation::Action).ok_or_else(bad)
    }
}

impl fmt::Display for RawAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(r) = self.promotion {
            write!(f, "{}", r.char())?;
        }
        Ok(())
    }
}

/// Writes a path (`b6/b1/d3=n`).
pub fn write_path(steps: &[PathStep], out: &mut impl fmt::Write) -> fmt::Result {
    for (i, st) in steps.iter().enumerate() {
        if i > 0 {
            out.write_char('/')?;
        }
        write!(out, "{}", st.square)?;
        if let Some(r) = st.promotion {
            write!(out, "={}", r.char())?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        assert!(matches!(Notation::parse("e2e4"), Ok(Notation::Action(_))));
        assert!(matches!(
            Notation::parse("e7e8d"),
            Ok(Notation::Action(RawAction {
                promotion: Some(Role::Duke),
                ..
            }))
        ));
        assert_eq!(Notation::parse("0000"), Ok(Notation::Pass));
        assert!(matches!(
            Notation::parse("0000,d7d6"),
            Ok(Notation::Turn(None, Some(_)))
        ));
        assert!(matches!(
            Notation::parse("d1g1f1"),
            Ok(Notation::Castle3 { .. })
        ));
        match Notation::parse("b6/b1/d3=n/c4/f7") {
            Ok(Notation::Path(p)) => {
                assert_eq!(p.len(), 5);
                assert_eq!(p[2].promotion, Some(Role::Knight));
                let mut s = String::new();
                write_path(&p, &mut s).unwrap();
                assert_eq!(s, "b6/b1/d3=n/c4/f7");
            }
            other => panic!("{other:?}"),
        }
        for bad in [
            "", "e2", "e2e9", "e2e4Q", "e2e4z", "e2e3,", ",", "b6/", "b6/b1=", "b6/b1=nn",
            "d1g1f9", "e2e4 ", "é2e4",
        ] {
            assert!(
                matches!(Notation::parse(bad), Err(MoveError::Malformed(_))),
                "{bad}"
            );
        }
    }
}
