//! Evaluators of the two non-capturing games, Interchange and Palindromic
//! (whose own file adds its dead positions). Both are races to destination squares,
//! so the terms are shared:
//! - a piece on one of its destination squares: +100 (Interchange scores exactly these);
//! - a piece elsewhere: −12 per move it still needs to get home on an empty board
//!   (forward-only geometry, so a piece that can never get home costs the most);
//! - an ended Interchange game: [`KNOWN_WIN`] plus 100 per piece of margin, so that the
//!   search maximises the final home count, not only the result (a win by 3 beats a win by 1).

use super::{Evaluate, Score, SearchHooks};
use crate::core::{Bitboard, Color, Position, Square, Turn};
use crate::variants::interchange::Interchange;
use crate::variants::two_action::{self, destinations_by_index, targets, type_index, ROLES};
use crate::variants::Outcome;
use crate::variants::Variant;
use std::sync::LazyLock;

/// Moves a piece still needs (an unreachable destination counts as this many).
const UNREACHABLE: u8 = 16;
const HOME: Score = 100;
const PER_MOVE: Score = 12;

/// Moves needed from each square to the nearest destination, per piece type, on an empty board
/// (breadth-first over the forward-only move patterns, pawn double steps allowed).
static MOVES_HOME: LazyLock<Vec<[u8; 64]>> = LazyLock::new(|| {
    let mut table = Vec::new();
    for color in Color::ALL {
        for role in ROLES {
            let t = type_index(color, role);
            if table.len() <= t {
                table.resize(t + 1, [UNREACHABLE; 64]);
            }
            let dest = destinations_by_index(t);
            // Backward BFS would need inverse moves; forward BFS from every square is cheap enough.
            for from in Square::all() {
                let mut dist = [u8::MAX; 64];
                dist[from.index()] = 0;
                let mut frontier = Bitboard::from_square(from);
                let mut d = 0u8;
                let mut found = if dest.contains(from) { Some(0) } else { None };
                while found.is_none() && frontier.any() && d < UNREACHABLE {
                    d += 1;
                    let mut next = Bitboard::EMPTY;
                    for sq in frontier {
                        for to in targets(color, role, sq, Bitboard::EMPTY, true) {
                            if dist[to.index()] == u8::MAX {
                                dist[to.index()] = d;
                                next.set(to);
                            }
                        }
                    }
                    if (next & dest).any() {
                        found = Some(d);
                    }
                    frontier = next;
                }
                table[t][from.index()] = found.unwrap_or(UNREACHABLE);
            }
        }
    }
    table
});

/// Moves a piece of type `t` (see [`type_index`]) on `sq` still needs on an empty board.
pub fn moves_home(t: usize, sq: Square) -> u8 {
    MOVES_HOME[t][sq.index()]
}

/// Home count and distance terms for White minus Black.
pub fn race_white(pos: &Position) -> Score {
    let table = &*MOVES_HOME;
    let mut score = 0;
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        for role in ROLES {
            let t = type_index(color, role);
            let dest = destinations_by_index(t);
            for sq in pos.pieces(color, role) {
                score += sign
                    * if dest.contains(sq) {
                        HOME
                    } else {
                        -PER_MOVE * table[t][sq.index()] as Score
                    };
            }
        }
    }
    score
}

pub(super) fn turn_index(t: Turn) -> usize {
    let a = if t.own.is_pass() { t.other } else { t.own };
    a.from.index() * 64 + a.to.index()
}

fn for_side_to_move(pos: &Position) -> Score {
    let s = race_white(pos);
    if pos.turn() == Color::White {
        s
    } else {
        -s
    }
}

/// Above any evaluation, below mate scores: a finished Interchange game.
pub const KNOWN_WIN: Score = 10_000;

/// Interchange's final score: the margin of pieces home, for the side to move.
fn home_margin_score(g: &Interchange, _: &Outcome, _: i32) -> Score {
    let pos = g.position();
    let us = two_action::pieces_home(pos, pos.turn()) as Score;
    let them = two_action::pieces_home(pos, !pos.turn()) as Score;
    let margin = us - them;
    match margin.signum() {
        0 => 0,
        s => s * KNOWN_WIN + HOME * margin,
    }
}

impl SearchHooks for Interchange {}

// Interchange's turns number in the hundreds (own action × opponent's action).
impl Evaluate for Interchange {
    const BENCH_DEPTH: i32 = 3;

    fn evaluate(&self) -> Score {
        for_side_to_move(self.position())
    }

    fn noisy_order(&self, _: Turn) -> i32 {
        0
    }

    fn history_index(&self, t: Turn) -> usize {
        turn_index(t)
    }

    fn terminal_score(&self, o: &Outcome, ply: i32) -> Score {
        home_margin_score(self, o, ply)
    }
}
