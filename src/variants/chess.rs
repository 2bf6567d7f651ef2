//! FIDE chess and Chess960 (`fischerandom`): the [`fide`] rules with each
//! game's castling notation (`e1g1` in chess, king + rook square `e1h1` in Chess960).

use super::{fide, Outcome, Variant, VariantId};
use crate::core::fen::{self, FenError};
use crate::core::{Action, ActionKind, Position, Role, Square};
use crate::eval::nnue::{self, Accumulator};
use std::fmt;
use std::ops::ControlFlow;

/// A FIDE position; `FRC` selects Chess960 castling notation.
#[derive(Clone)]
pub struct Fide<const FRC: bool> {
    pos: Position,
    /// The chess network's sums, kept move by move once a search has asked for them
    /// ([`crate::eval::Evaluate::prepare_search`]); no part of the position itself.
    nnue: Accumulator,
}

impl<const FRC: bool> fmt::Debug for Fide<FRC> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Fide").field("pos", &self.pos).finish()
    }
}

pub type Chess = Fide<false>;
pub type Chess960 = Fide<true>;

impl<const FRC: bool> Fide<FRC> {
    pub fn from_position(pos: Position) -> Self {
        Fide {
            pos,
            nnue: Accumulator::default(),
        }
    }

    /// The same position with the other side to move (the search's null move).
    pub fn with_turn_passed(&self) -> Self {
        let mut passed = self.clone();
        passed.pos.pass_turn();
        passed
    }

    /// Sums the network's first layer here, to be kept up to date by every move played after.
    pub fn refresh_network(&mut self) {
        self.nnue.refresh(&nnue::CHESS, &self.pos);
    }

    /// The network's evaluation for the side to move: from the kept sums where there are
    /// some, else from scratch.
    #[inline]
    pub fn network_eval(&self) -> crate::eval::Score {
        self.nnue.evaluate_position(&nnue::CHESS, &self.pos)
    }

    /// Chess960 start position number `n` (0..960) in the Scharnagl numbering (518 = standard).
    pub fn start_position(n: u16) -> Self {
        let fen = chess960_fen(n);
        Self::from_fen(&fen).expect("generated 960 FEN is valid")
    }
}

/// The back rank of Chess960 position `n` (Scharnagl's numbering), as piece letters.
pub fn chess960_back_rank(n: u16) -> [char; 8] {
    let mut rank = [' '; 8];
    let mut n = n % 960;
    let light = (n % 4) as usize;
    n /= 4;
    rank[2 * light + 1] = 'B';
    let dark = (n % 4) as usize;
    n /= 4;
    rank[2 * dark] = 'B';
    let queen = (n % 6) as usize;
    n /= 6;
    let place_nth_empty = |rank: &mut [char; 8], k: usize, c: char| {
        let idx = rank
            .iter()
            .enumerate()
            .filter(|(_, &x)| x == ' ')
            .nth(k)
            .map(|(i, _)| i)
            .expect("free square");
        rank[idx] = c;
    };
    place_nth_empty(&mut rank, queen, 'Q');
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = KNIGHTS[n as usize];
    place_nth_empty(&mut rank, b, 'N');
    place_nth_empty(&mut rank, a, 'N');
    for c in ['R', 'K', 'R'] {
        place_nth_empty(&mut rank, 0, c);
    }
    rank
}

/// FEN of Chess960 start position `n`.
pub fn chess960_fen(n: u16) -> String {
    let white: String = chess960_back_rank(n).iter().collect();
    let black = white.to_ascii_lowercase();
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1")
}

impl<const FRC: bool> Variant for Fide<FRC> {
    type Move = Action;
    const ID: VariantId = if FRC {
        VariantId::Chess960
    } else {
        VariantId::Chess
    };
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        let parsed = fen::parse(fen, 6, 6, "6")?;
        fen::check_roles(&parsed.position, &Role::FIDE)?;
        let pos = parsed.position;
        if (pos.board.by_role(Role::Pawn)
            & (crate::core::Bitboard::rank(0) | crate::core::Bitboard::rank(7)))
        .any()
        {
            return Err(FenError::Illegal("pawn on the first or last rank"));
        }
        if fide::king_attacked(&pos, !pos.turn()) {
            return Err(FenError::Illegal("the side not to move is in check"));
        }
        if !FRC && !standard_castling(&pos) {
            // Chess's castling notation (king two files) cannot write such a castling.
            return Err(FenError::Illegal(
                "castling from a Chess960 array (king off the e-file or rook off the a/h-file): \
                 use the variant fischerandom",
            ));
        }
        Ok(Fide::from_position(pos))
    }

    fn fen(&self) -> String {
        fen::write(&self.pos)
    }

    #[inline]
    fn position(&self) -> &Position {
        &self.pos
    }

    #[inline]
    fn for_each_move<F: FnMut(Action) -> ControlFlow<()>>(&self, mut f: F) -> ControlFlow<()> {
        // The FIDE generator cannot stop early; the flag keeps later moves from being passed on.
        let mut flow = ControlFlow::Continue(());
        fide::generate(&self.pos, &mut |m| {
            if flow.is_continue() {
                flow = f(m);
            }
        });
        flow
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        fide::count(&self.pos)
    }

    #[inline]
    fn play(&mut self, m: Action) {
        if self.nnue.is_valid() {
            self.nnue.play(&nnue::CHESS, &self.pos, m);
            fide::play(&mut self.pos, m);
            self.nnue.settle(&nnue::CHESS, &self.pos);
        } else {
            fide::play(&mut self.pos, m);
        }
    }

    #[inline]
    fn is_check(&self) -> bool {
        fide::is_check(&self.pos)
    }

    #[inline]
    fn gives_check(&self, m: Action) -> bool {
        fide::gives_check(&self.pos, m).unwrap_or_else(|| super::gives_check_by_playing(self, m))
    }

    #[inline]
    fn is_noisy(&self, m: Action) -> bool {
        m.promotion.is_some()
            || m.kind == ActionKind::EnPassant
            || (m.kind != ActionKind::Castle && self.pos.piece_at(m.to).is_some())
    }

    fn outcome(&self) -> Option<Outcome> {
        fide::outcome(&self.pos, self.has_moves())
    }

    fn move_to_string(&self, m: Action) -> String {
        if !FRC && m.kind == ActionKind::Castle {
            let (king_to, _) = fide::castle_targets(m.from, m.to);
            return format!("{}{}", m.from, king_to);
        }
        m.to_string()
    }

    fn parse_move(&self, s: &str) -> Result<Action, crate::core::MoveError> {
        // Also accept the king-two-squares form of castling in chess, and `e1g1` in Chess960
        // where it cannot mean a king step (what GUIs send): resolved by listing.
        match super::parse_by_listing(self, s) {
            Ok(m) => Ok(m),
            Err(e) => {
                if let Some(m) = castle_by_king_target(self, s) {
                    return Ok(m);
                }
                Err(e)
            }
        }
    }
}

/// Every castling right is FIDE's: king on the e-file, rook in the corner.
fn standard_castling(pos: &Position) -> bool {
    pos.castles().iter().all(|(color, side, rook)| {
        let corner = match side {
            crate::core::CastleSide::King => 7,
            crate::core::CastleSide::Queen => 0,
        };
        pos.king(color).file() == 4 && rook.file() == corner
    })
}

/// `e1g1` meaning castling in Chess960 when no king step has that form.
fn castle_by_king_target<const FRC: bool>(p: &Fide<FRC>, s: &str) -> Option<Action> {
    if s.len() != 4 || !s.is_ascii() {
        return None;
    }
    let from = Square::parse(&s[0..2])?;
    let to = Square::parse(&s[2..4])?;
    let mut found = None;
    let _ = p.for_each_move(|m| {
        if m.kind == ActionKind::Castle
            && m.from == from
            && fide::castle_targets(m.from, m.to).0 == to
        {
            found = Some(m);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    found
}
