//! A game in progress: a position plus its history, so that repetition can be
//! judged and moves taken back. The engine, the protocols and the tournament
//! all keep their games in this one type.

use super::{Outcome, Variant};
use crate::core::{FenError, MoveError};

/// Positions from the start (or last `setboard`) to now.
#[derive(Clone, Debug)]
pub struct Game<V: Variant> {
    history: Vec<V>,
    moves: Vec<V::Move>,
}

impl<V: Variant> Default for Game<V> {
    fn default() -> Self {
        Game::new()
    }
}

impl<V: Variant> Game<V> {
    pub fn new() -> Game<V> {
        Game::from_position(V::from_fen(V::START_FEN).expect("start FEN is valid"))
    }

    pub fn from_fen(fen: &str) -> Result<Game<V>, FenError> {
        Ok(Game::from_position(V::from_fen(fen)?))
    }

    pub fn from_position(pos: V) -> Game<V> {
        Game {
            history: vec![pos],
            moves: Vec::new(),
        }
    }

    pub fn position(&self) -> &V {
        self.history.last().expect("a game has a position")
    }

    pub fn moves(&self) -> &[V::Move] {
        &self.moves
    }

    /// The position the game started from.
    pub fn initial(&self) -> &V {
        &self.history[0]
    }

    /// Parses and plays `s`; the game is unchanged on error.
    pub fn play_str(&mut self, s: &str) -> Result<V::Move, MoveError> {
        let m = self.position().parse_move(s)?;
        self.play(m);
        Ok(m)
    }

    /// Plays a move known to be legal.
    pub fn play(&mut self, m: V::Move) {
        let mut next = self.position().clone();
        next.play(m);
        self.history.push(next);
        self.moves.push(m);
    }

    /// Takes the last move back; false at the start.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.history.pop();
            true
        } else {
            false
        }
    }

    /// How often the current position occurred (only positions since the last irreversible move can match).
    pub fn repetitions(&self) -> usize {
        let key = self.position().key();
        let clock = self.position().position().halfmove_clock as usize;
        self.history
            .iter()
            .rev()
            .take(clock + 1)
            .filter(|p| p.key() == key)
            .count()
    }

    /// The game's end, if any: the position's own endings first, then threefold repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.position().outcome() {
            return Some(o);
        }
        if V::REPETITION_DRAWS && self.repetitions() >= 3 {
            return Some(Outcome::draw("3-fold repetition"));
        }
        None
    }

    /// Keys of the positions before the current one (oldest first), for the search's repetition check.
    pub fn history_keys(&self) -> Vec<u64> {
        let n = self.history.len() - 1;
        self.history[..n].iter().map(|p| p.key()).collect()
    }
}
