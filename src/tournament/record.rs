//! A finished game as the runner keeps it: the record that the PGN writer, the statistics
//! and the resume journal read. It sits apart from the game loop (`game.rs`) and the PGN
//! writer (`pgn.rs`) so that both depend on it and not on each other.

use crate::variants::GameResult;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a game ended, as the PGN `Termination` tag writes it (the values cutechess and
/// fastchess use; fastchess calls this `MatchTermination`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Termination {
    /// The rules ended it (mate, stalemate, repetition, a variant's own ending) or a resignation.
    #[serde(rename = "normal")]
    Normal,
    /// The runner ended it by score or by move count.
    #[serde(rename = "adjudication")]
    Adjudication,
    #[serde(rename = "time forfeit")]
    TimeForfeit,
    /// An illegal or unreadable move.
    #[serde(rename = "illegal move")]
    IllegalMove,
    /// An engine disconnected or could not be started.
    #[serde(rename = "abandoned")]
    Abandoned,
    /// An engine stopped answering outside a clock (`readyok`, a depth-limited search).
    #[serde(rename = "stall")]
    Stall,
    /// Garbage on the wire, an empty move.
    #[serde(rename = "rules infraction")]
    RulesInfraction,
}

impl Termination {
    pub const fn as_str(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::Abandoned => "abandoned",
            Termination::Stall => "stall",
            Termination::RulesInfraction => "rules infraction",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A game's result written as PGN writes it (`1-0`, `0-1`, `1/2-1/2`) in the journal.
mod result_text {
    use crate::variants::GameResult;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(r: &GameResult, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(r.as_str())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<GameResult, D::Error> {
        match String::deserialize(d)?.as_str() {
            "1-0" => Ok(GameResult::WhiteWins),
            "0-1" => Ok(GameResult::BlackWins),
            "1/2-1/2" => Ok(GameResult::Draw),
            other => Err(D::Error::custom(format!("not a game result: {other}"))),
        }
    }
}

/// A finished game: everything the PGN, the statistics and the resume journal need.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub index: u64,
    pub pair: u64,
    pub round: u64,
    pub game_in_pair: u32,
    /// Player indices (into the tournament's engine list) and names.
    pub white_player: usize,
    pub black_player: usize,
    pub white: String,
    pub black: String,
    pub variant: String,
    /// The game's first position (before any book move).
    pub fen: String,
    pub start_is_initial: bool,
    pub white_first: bool,
    pub fullmove: u32,
    /// Every move played, book moves included, in the variant's notation.
    pub moves: Vec<String>,
    /// One comment per move (`book`, `+0.66/6 0.002s`).
    pub comments: Vec<String>,
    #[serde(with = "result_text")]
    pub result: GameResult,
    pub termination: Termination,
    /// The rules' reason string (`White mates`) or the runner's (`Black loses on time`).
    pub reason: String,
    pub event: String,
    pub site: String,
    pub date: String,
    pub start_time: String,
    pub end_time: String,
    pub duration_ms: u64,
    pub time_control: String,
    /// Plies the engines played (book moves excluded).
    pub engine_plies: u32,
}

impl GameRecord {
    /// Score of player `p` in this game (None if `p` did not play).
    pub fn score_of(&self, p: usize) -> Option<f64> {
        use crate::core::Color;
        if p == self.white_player {
            Some(self.result.score_for(Color::White))
        } else if p == self.black_player {
            Some(self.result.score_for(Color::Black))
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn journal_text_is_the_pgn_text() {
        let t: Termination = serde_json::from_str("\"time forfeit\"").unwrap();
        assert_eq!(t, Termination::TimeForfeit);
        assert_eq!(
            serde_json::to_string(&Termination::RulesInfraction).unwrap(),
            "\"rules infraction\""
        );
        #[derive(Serialize, Deserialize)]
        struct R(#[serde(with = "result_text")] GameResult);
        assert_eq!(
            serde_json::to_string(&R(GameResult::Draw)).unwrap(),
            "\"1/2-1/2\""
        );
        assert!(serde_json::from_str::<R>("\"*\"").is_err());
    }
}
