//! Interchange Chess (`docs/rules/interchange.md`): a race without captures.
//! Every piece moves forward only (rooks also sideways, each in one fixed direction);
//! a turn moves one own piece then one of the opponent's; when nothing can move, the
//! side with more pieces on their destination squares wins.

use super::two_action::{self, TwoAction};
use super::{GameResult, Outcome, Variant};
use crate::core::fen::{self, FenError};
use crate::core::{Action, Color, MoveError, Position, Turn};
use std::ops::ControlFlow;

/// An Interchange position: the core position is the whole state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Interchange {
    pos: Position,
}

impl TwoAction for Interchange {
    const DOUBLE_STEP: bool = true;

    #[inline]
    fn pos(&self) -> &Position {
        &self.pos
    }

    #[inline]
    fn pos_mut(&mut self) -> &mut Position {
        &mut self.pos
    }

    /// Every move of the pieces table to an empty square is legal; no other constraint.
    #[inline]
    fn actions<F: FnMut(Action) -> ControlFlow<()>>(
        &self,
        color: Color,
        _own: bool,
        mut f: F,
    ) -> ControlFlow<()> {
        let occ = self.pos.board.occupied();
        for from in self.pos.board.by_color(color) {
            let role = two_action::piece_on(&self.pos, from).role;
            for to in two_action::targets(color, role, from, occ, true) {
                f(Action::new(from, to))?;
            }
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn count_other_actions(&self) -> u64 {
        let color = !self.pos.turn();
        let occ = self.pos.board.occupied();
        let mut n = 0;
        for from in self.pos.board.by_color(color) {
            let role = two_action::piece_on(&self.pos, from).role;
            n += two_action::targets(color, role, from, occ, true).count() as u64;
        }
        n
    }
}

impl Variant for Interchange {
    type Move = Turn;
    const ID: super::VariantId = super::VariantId::Interchange;
    const START_FEN: &'static str = "lnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNL w - - 0 1";
    const HAS_CAPTURES: bool = false;
    const REPETITION_DRAWS: bool = false;

    fn from_fen(text: &str) -> Result<Self, FenError> {
        Ok(Interchange {
            pos: two_action::parse_fen(text)?,
        })
    }

    fn fen(&self) -> String {
        fen::write(&self.pos)
    }

    #[inline]
    fn position(&self) -> &Position {
        &self.pos
    }

    #[inline]
    fn for_each_move<F: FnMut(Turn) -> ControlFlow<()>>(&self, f: F) -> ControlFlow<()> {
        two_action::for_each_turn(self, f)
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        two_action::count_turns(self)
    }

    fn has_moves(&self) -> bool {
        two_action::any_geometric_move(&self.pos, true)
    }

    #[inline]
    fn play(&mut self, m: Turn) {
        two_action::play_turn(self, m);
    }

    fn is_check(&self) -> bool {
        false
    }

    fn is_noisy(&self, _m: Turn) -> bool {
        false
    }

    /// Over when no piece of either colour can move; the side with more pieces home wins.
    fn outcome(&self) -> Option<Outcome> {
        if self.has_moves() {
            return None;
        }
        let white = two_action::pieces_home(&self.pos, Color::White);
        let black = two_action::pieces_home(&self.pos, Color::Black);
        Some(score_outcome(white, black))
    }

    fn move_to_string(&self, m: Turn) -> String {
        m.to_string()
    }

    fn parse_move(&self, s: &str) -> Result<Turn, MoveError> {
        two_action::parse_turn(self, s, || self.outcome())
    }
}

/// The result and reason string for the final counts of pieces home.
pub fn score_outcome(white: u32, black: u32) -> Outcome {
    use std::cmp::Ordering::*;
    match white.cmp(&black) {
        Greater => Outcome::new(
            GameResult::WhiteWins,
            format!("White has more pieces home: {white} to {black}"),
        ),
        Less => Outcome::new(
            GameResult::BlackWins,
            format!("Black has more pieces home: {black} to {white}"),
        ),
        Equal => Outcome::draw(format!("Equal pieces home: {white} to {black}")),
    }
}
