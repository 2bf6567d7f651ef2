//! A score as the protocols and JSON report it, shared by the engine front ends, `zest
//! analyse` and the board.

use super::{Score, MATE, MATE_BOUND};
use serde::Serialize;

/// A score as UCI reports it: centipawns or moves to mate (negative: being mated).
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum ScoreJson {
    Cp(i32),
    Mate(i32),
}

/// The score `s` as centipawns, or as moves to mate where it is a mate score.
pub fn score_json(s: Score) -> ScoreJson {
    if s >= MATE_BOUND {
        ScoreJson::Mate((MATE - s + 1) / 2)
    } else if s <= -MATE_BOUND {
        ScoreJson::Mate(-((MATE + s + 1) / 2))
    } else {
        ScoreJson::Cp(s)
    }
}
