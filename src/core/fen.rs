//! FEN: the six standard fields, parsed into a [`Position`], with the extra
//! fields after the sixth handed to the variant. Every malformed input gets
//! its own [`FenError`].

use super::bitboard::Bitboard;
use super::piece::{Piece, Role};
use super::position::{CastleSide, Position};
use super::square::{Color, Square};
use std::fmt::Write;
use thiserror::Error;

/// Why a FEN was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    #[error("FEN has {found} fields, expected {expected}")]
    FieldCount {
        found: usize,
        expected: &'static str,
    },
    #[error("bad piece letter '{0}' in FEN placement")]
    BadPiece(char),
    #[error("FEN placement must have 8 ranks, found {0}")]
    RankCount(usize),
    #[error("FEN rank {rank} has {squares} squares, expected 8")]
    RankLength { rank: u8, squares: usize },
    #[error("{0} must have exactly one king")]
    KingCount(&'static str),
    #[error("bad side to move '{0}'")]
    BadTurn(String),
    #[error("bad castling field '{0}'")]
    BadCastling(String),
    #[error("bad en passant field '{0}'")]
    BadEnPassant(String),
    #[error("bad clock '{0}'")]
    BadClock(String),
    #[error("piece '{0}' is not used in this variant")]
    PieceNotInVariant(char),
    #[error("bad variant field '{field}': {why}")]
    BadExtra { field: String, why: &'static str },
    #[error("illegal position: {0}")]
    Illegal(&'static str),
}

/// The six standard fields parsed, plus the raw extra fields.
pub struct ParsedFen<'a> {
    pub position: Position,
    pub extras: Vec<&'a str>,
}

pub fn parse_placement(field: &str, pos: &mut Position) -> Result<(), FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    for (i, rank_str) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file: usize = 0;
        for c in rank_str.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || d > 8 {
                    return Err(FenError::BadPiece(c));
                }
                file += d as usize;
            } else {
                let piece = Piece::from_char(c).ok_or(FenError::BadPiece(c))?;
                if file < 8 {
                    pos.put(Square::from_coords(file as u8, rank), piece);
                }
                file += 1;
            }
            if file > 8 {
                return Err(FenError::RankLength {
                    rank: rank + 1,
                    squares: file,
                });
            }
        }
        if file != 8 {
            return Err(FenError::RankLength {
                rank: rank + 1,
                squares: file,
            });
        }
    }
    Ok(())
}

/// Rooks of `color` on its back rank beyond the king on `side`, innermost first.
fn rooks_on_side(pos: &Position, color: Color, king: Square, side: CastleSide) -> Bitboard {
    let back = Bitboard::rank(color.back_rank()) & pos.pieces(color, Role::Rook);
    back.filter(|r| match side {
        CastleSide::King => r.file() > king.file(),
        CastleSide::Queen => r.file() < king.file(),
    })
    .collect()
}

fn outermost(rooks: Bitboard, side: CastleSide) -> Option<Square> {
    match side {
        CastleSide::King => rooks.last_square(),
        CastleSide::Queen => rooks.first(),
    }
}

fn parse_castling(field: &str, pos: &mut Position) -> Result<(), FenError> {
    let bad = || FenError::BadCastling(field.to_string());
    if field == "-" {
        return Ok(());
    }
    if field.is_empty() || field.len() > 4 {
        return Err(bad());
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let king = pos.board.king_of(color).ok_or_else(bad)?;
        if king.rank() != color.back_rank() {
            return Err(bad());
        }
        let (side, rook) = match c.to_ascii_lowercase() {
            'k' => {
                let s = CastleSide::King;
                (
                    s,
                    outermost(rooks_on_side(pos, color, king, s), s).ok_or_else(bad)?,
                )
            }
            'q' => {
                let s = CastleSide::Queen;
                (
                    s,
                    outermost(rooks_on_side(pos, color, king, s), s).ok_or_else(bad)?,
                )
            }
            f @ 'a'..='h' => {
                let sq = Square::from_coords(f as u8 - b'a', color.back_rank());
                if pos.piece_at(sq) != Some(Piece::new(color, Role::Rook)) {
                    return Err(bad());
                }
                let side = if sq.file() > king.file() {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                (side, sq)
            }
            _ => return Err(bad()),
        };
        if pos.castles().rook(color, side).is_some() {
            return Err(bad());
        }
        pos.set_castle(color, side, Some(rook));
    }
    Ok(())
}

fn parse_en_passant(field: &str, pos: &mut Position) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let bad = || FenError::BadEnPassant(field.to_string());
    let sq = Square::parse(field).ok_or_else(bad)?;
    // The pawn that just double-stepped stands one square in front of the target.
    let mover = !pos.turn();
    let pawn_sq = sq.offset(0, mover.forward()).ok_or_else(bad)?;
    if pos.piece_at(sq).is_some()
        || pos.piece_at(pawn_sq) != Some(Piece::new(mover, Role::Pawn))
        || sq.rank() == 0
        || sq.rank() == 7
    {
        return Err(bad());
    }
    pos.set_ep_square(Some(sq));
    Ok(())
}

pub fn parse_clock(field: &str) -> Result<u32, FenError> {
    if field.is_empty() || field.len() > 6 || !field.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FenError::BadClock(field.to_string()));
    }
    field
        .parse()
        .map_err(|_| FenError::BadClock(field.to_string()))
}

/// Parses the six standard fields; `min_fields..=max_fields` bounds the total count.
pub fn parse<'a>(
    fen: &'a str,
    min_fields: usize,
    max_fields: usize,
    expected: &'static str,
) -> Result<ParsedFen<'a>, FenError> {
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    if fields.len() < min_fields || fields.len() > max_fields || fields.len() < 6 {
        return Err(FenError::FieldCount {
            found: fields.len(),
            expected,
        });
    }
    let mut pos = Position::empty();
    parse_placement(fields[0], &mut pos)?;
    for color in Color::ALL {
        if pos.pieces(color, Role::King).count() != 1 {
            return Err(FenError::KingCount(color.name()));
        }
    }
    let turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::BadTurn(other.to_string())),
    };
    pos.set_turn(turn);
    parse_castling(fields[2], &mut pos)?;
    parse_en_passant(fields[3], &mut pos)?;
    pos.halfmove_clock = parse_clock(fields[4])?;
    pos.fullmoves = parse_clock(fields[5])?;
    if pos.fullmoves == 0 {
        return Err(FenError::BadClock(fields[5].to_string()));
    }
    Ok(ParsedFen {
        position: pos,
        extras: fields[6..].to_vec(),
    })
}

/// Rejects pieces outside `allowed` (a variant's piece set).
pub fn check_roles(pos: &Position, allowed: &[Role]) -> Result<(), FenError> {
    for (_, p) in pos.board.pieces() {
        if !allowed.contains(&p.role) {
            return Err(FenError::PieceNotInVariant(p.char()));
        }
    }
    Ok(())
}

/// Writes the placement field.
pub fn write_placement(pos: &Position, out: &mut String) {
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match pos.piece_at(Square::from_coords(file, rank)) {
                Some(p) => {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    out.push(p.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
        if rank > 0 {
            out.push('/');
        }
    }
}

/// Writes the castling field: X-FEN letters where the rook is outermost, file letters otherwise.
pub fn write_castling(pos: &Position, out: &mut String) {
    let start = out.len();
    for color in Color::ALL {
        for side in CastleSide::ALL {
            let Some(rook) = pos.castles().rook(color, side) else {
                continue;
            };
            let king = pos.board.king_of(color);
            let outer = king.and_then(|k| outermost(rooks_on_side(pos, color, k, side), side));
            let c = if outer == Some(rook) {
                match side {
                    CastleSide::King => 'k',
                    CastleSide::Queen => 'q',
                }
            } else {
                rook.file_char()
            };
            out.push(if color == Color::White {
                c.to_ascii_uppercase()
            } else {
                c
            });
        }
    }
    if out.len() == start {
        out.push('-');
    }
}

/// The six standard fields.
pub fn write(pos: &Position) -> String {
    let mut out = String::with_capacity(90);
    write_placement(pos, &mut out);
    out.push(' ');
    out.push(pos.turn().char());
    out.push(' ');
    write_castling(pos, &mut out);
    out.push(' ');
    match pos.ep_square() {
        Some(sq) => {
            let _ = write!(out, "{sq}");
        }
        None => out.push('-'),
    }
    let _ = write!(out, " {} {}", pos.halfmove_clock, pos.fullmoves);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(f: &str) -> Result<Position, FenError> {
        parse(f, 6, 6, "6").map(|p| p.position)
    }

    #[test]
    fn typed_errors() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(p(start).is_ok());
        assert!(matches!(
            p("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0"),
            Err(FenError::FieldCount { .. })
        ));
        assert_eq!(
            p("rnbqkbnr/ppppzppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            Err(FenError::BadPiece('z'))
        );
        assert!(matches!(
            p("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            Err(FenError::RankLength { .. })
        ));
        assert!(matches!(
            p("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            Err(FenError::RankLength { .. })
        ));
        assert!(matches!(
            p("rnbqkbnr/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            Err(FenError::RankCount(7))
        ));
        assert_eq!(
            p("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"),
            Err(FenError::KingCount("Black"))
        );
        assert!(matches!(
            p("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"),
            Err(FenError::BadTurn(_))
        ));
        assert!(matches!(
            p("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1"),
            Err(FenError::BadCastling(_))
        ));
        assert!(matches!(
            p("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1"),
            Err(FenError::BadCastling(_))
        ));
        assert!(matches!(
            p("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1"),
            Err(FenError::BadEnPassant(_))
        ));
        assert!(matches!(
            p("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1"),
            Err(FenError::BadClock(_))
        ));
        assert!(matches!(
            p("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0"),
            Err(FenError::BadClock(_))
        ));
    }

    #[test]
    fn round_trip() {
        for f in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
            "1r2k1r1/8/8/8/8/8/8/R1R1K3 w Ck - 5 40",
            "r3k2r/8/8/8/8/8/8/R1R1K2R w KCkq - 0 1",
        ] {
            assert_eq!(write(&p(f).unwrap()), f);
        }
        // Shredder letters for outermost rooks print as X-FEN.
        assert_eq!(
            write(&p("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").unwrap()),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
    }
}
