//! The [`Variant`] interface, one implementation per game, and the registry by name.
//!
//! Generic code (perft, search, protocols, tournament) is written once over
//! `V: Variant` and dispatched statically through `crate::registry`, which
//! stands on both this module and `eval` (so that `variants` needs no evaluator).

pub mod arrangement;
pub mod chess;
pub mod exile;
pub mod fide;
pub mod game;
pub mod id;
pub mod interchange;
pub mod palindromic;
pub mod san;
pub mod swap;
pub mod two_action;

use crate::core::{Color, FenError, MoveError, MoveList, Position};
use std::borrow::Cow;
use std::fmt;
use std::hash::Hash;
use std::ops::ControlFlow;

pub use game::Game;
pub use id::{UnknownVariant, VariantId, NAMES};

/// `1-0`, `0-1` or `1/2-1/2`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

impl GameResult {
    pub fn win(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// Score from `color`'s side: 1, ½ or 0.
    pub fn score_for(self, color: Color) -> f64 {
        match (self, color) {
            (GameResult::Draw, _) => 0.5,
            (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => 1.0,
            _ => 0.0,
        }
    }
}

/// How a game ended: the result and the reason string of the rules (`White mates`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub result: GameResult,
    pub reason: Cow<'static, str>,
}

impl Outcome {
    pub fn new(result: GameResult, reason: impl Into<Cow<'static, str>>) -> Outcome {
        Outcome {
            result,
            reason: reason.into(),
        }
    }

    pub fn draw(reason: impl Into<Cow<'static, str>>) -> Outcome {
        Outcome::new(GameResult::Draw, reason)
    }

    /// `winner` mates: `{White mates}` / `{Black mates}`.
    pub fn mate(winner: Color) -> Outcome {
        Outcome::new(
            GameResult::win(winner),
            match winner {
                Color::White => "White mates",
                Color::Black => "Black mates",
            },
        )
    }
}

impl fmt::Display for Outcome {
    /// `1-0 {White mates}`, as protocols and PGN write it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {{{}}}", self.result.as_str(), self.reason)
    }
}

/// One game's rules. The implementing type is the game's position (the core
/// [`Position`] plus the variant's extra state).
pub trait Variant: Clone + fmt::Debug + Send + Sync + Sized + 'static {
    /// A whole move in this game's notation: one action, a two-action turn, a path.
    type Move: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static;

    /// Which game this is (its names and front-end facts).
    const ID: VariantId;
    /// Registry name (`chess`, `fischerandom`, `interchange`, …).
    const NAME: &'static str = Self::ID.name();
    /// The start position; for Chess960 the standard array (the others: `Fide::start_position`).
    const START_FEN: &'static str;
    /// Whether the game has captures (quiescence search is pointless without).
    const HAS_CAPTURES: bool = true;
    /// Whether threefold repetition ends the game.
    const REPETITION_DRAWS: bool = true;
    /// Whether the 50-move rule ends the game (halfmove clock at 100).
    const FIFTY_MOVE_RULE: bool = true;

    fn from_fen(fen: &str) -> Result<Self, FenError>;
    fn fen(&self) -> String;

    /// The shared part of the state.
    fn position(&self) -> &Position;

    /// Key of the whole state, variant extras included.
    fn key(&self) -> u64 {
        self.position().key()
    }

    /// The key recomputed from nothing; tests compare it with [`Variant::key`].
    fn key_from_scratch(&self) -> u64 {
        self.position().key_from_scratch()
    }

    #[inline]
    fn turn(&self) -> Color {
        self.position().turn()
    }

    /// Streams every legal move, stopping early on `Break`. A finished game has none.
    fn for_each_move<F: FnMut(Self::Move) -> ControlFlow<()>>(&self, f: F) -> ControlFlow<()>;

    /// Legal moves into a fixed-capacity list (the first [`crate::core::MAX_MOVES`]).
    fn legal_moves(&self, list: &mut MoveList<Self::Move>) {
        list.clear();
        let _ = self.for_each_move(|m| match list.try_push(m) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        });
    }

    /// Number of legal moves (perft's last ply).
    fn count_moves(&self) -> u64 {
        let mut n = 0;
        let _ = self.for_each_move(|_| {
            n += 1;
            ControlFlow::Continue(())
        });
        n
    }

    fn has_moves(&self) -> bool {
        self.for_each_move(|_| ControlFlow::Break(())).is_break()
    }

    /// Plays a legal move (from this position's generator or [`Variant::parse_move`]).
    fn play(&mut self, m: Self::Move);

    /// The side to move is in check (false where the game has no check).
    fn is_check(&self) -> bool;

    /// Whether playing `m` puts the other side in check. The search asks it of moves it
    /// may prune without playing them; the default plays `m` on a copy, a game with a
    /// cheaper test overrides it.
    #[inline]
    fn gives_check(&self, m: Self::Move) -> bool {
        gives_check_by_playing(self, m)
    }

    /// Captures and promotions: what quiescence search looks at.
    fn is_noisy(&self, m: Self::Move) -> bool;

    /// The ending this position shows by itself (not repetition), with its reason string.
    fn outcome(&self) -> Option<Outcome>;

    /// The move in notation.
    fn move_to_string(&self, m: Self::Move) -> String;

    /// Reads a move in notation and checks it against this position.
    fn parse_move(&self, s: &str) -> Result<Self::Move, MoveError> {
        parse_by_listing(self, s)
    }
}

/// Whether `m` checks, found by playing it on a copy ([`Variant::gives_check`]'s default,
/// and the fallback of games that answer most moves without playing them).
#[inline]
pub fn gives_check_by_playing<V: Variant>(pos: &V, m: V::Move) -> bool {
    let mut child = pos.clone();
    child.play(m);
    child.is_check()
}

/// Default move parsing: the syntax first, then the legal move printed the same way.
pub fn parse_by_listing<V: Variant>(pos: &V, s: &str) -> Result<V::Move, MoveError> {
    crate::core::Notation::parse(s)?;
    let mut found = None;
    let _ = pos.for_each_move(|m| {
        if pos.move_to_string(m) == s {
            found = Some(m);
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    match found {
        Some(m) => Ok(m),
        None => match pos.outcome() {
            Some(o) => Err(MoveError::GameOver(o.to_string())),
            None => Err(MoveError::Illegal(s.to_string())),
        },
    }
}

/// Moves of a PV in notation, each printed in the position it is played from.
pub fn pv_strings<V: Variant>(root: &V, pv: &[V::Move]) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(pv.len());
    for &m in pv {
        out.push(pos.move_to_string(m));
        pos.play(m);
    }
    out
}
