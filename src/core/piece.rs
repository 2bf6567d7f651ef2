//! Piece kinds of all five variants (and FIDE chess) and their FEN letters.

use super::square::Color;
use std::fmt;

/// A piece kind. The order fixes the Zobrist table layout.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    /// The ordinary rook; in Interchange and Palindromic the right-handed rook.
    Rook = 3,
    Queen = 4,
    King = 5,
    /// Interchange/Palindromic left-handed rook (`L`).
    LeftRook = 6,
    /// Exile's archbishop: bishop + knight (`A`).
    Archbishop = 7,
    /// Exile's duke: a queen limited to one or two steps (`D`).
    Duke = 8,
    /// Exile's exile (`X`).
    Exile = 9,
}

impl Role {
    pub const COUNT: usize = 10;
    /// The six FIDE roles, least valuable first (as in [`Role::ALL`]).
    pub const FIDE: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    pub const ALL: [Role; 10] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::LeftRook,
        Role::Archbishop,
        Role::Duke,
        Role::Exile,
    ];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lowercase letter, as in promotion suffixes and Black's FEN pieces.
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
            Role::LeftRook => 'l',
            Role::Archbishop => 'a',
            Role::Duke => 'd',
            Role::Exile => 'x',
        }
    }

    /// Accepts either case.
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'p' => Role::Pawn,
            'n' => Role::Knight,
            'b' => Role::Bishop,
            'r' => Role::Rook,
            'q' => Role::Queen,
            'k' => Role::King,
            'l' => Role::LeftRook,
            'a' => Role::Archbishop,
            'd' => Role::Duke,
            'x' => Role::Exile,
            _ => return None,
        })
    }
}

/// A coloured piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// FEN letter: uppercase for White.
    pub fn char(self) -> char {
        match self.color {
            Color::White => self.role.char().to_ascii_uppercase(),
            Color::Black => self.role.char(),
        }
    }

    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
