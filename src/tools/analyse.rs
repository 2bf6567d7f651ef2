//! `zest analyse`: headless analysis, one JSON object per position on stdout.

use crate::eval::Evaluate;
use crate::search::{Iteration, Limits, SearchOptions, SearchResult, Searcher};
use crate::variants::{san, Variant};
use serde::Serialize;

pub use crate::eval::score::{score_json, ScoreJson};
pub use crate::variants::pv_strings;

#[derive(Serialize, Debug)]
pub struct LineJson {
    pub multipv: usize,
    pub score: ScoreJson,
    pub pv: Vec<String>,
}

/// One analysed position.
#[derive(Serialize, Debug)]
pub struct AnalysisJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub fen: String,
    /// A finished position's result (`1-0`) and the rules' reason (`White mates`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub bestmove: Option<String>,
    pub score: ScoreJson,
    pub depth: i32,
    pub seldepth: i32,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub lines: Vec<LineJson>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bm: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub am: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solved: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// An EPD/FEN line split into the position and its opcodes (`bm`, `am`, `id`); the best and
/// avoid moves are kept in zest's notation, whether the line wrote them so or in SAN.
pub struct EpdLine<V> {
    pub pos: V,
    pub id: Option<String>,
    pub bm: Vec<String>,
    pub am: Vec<String>,
}

/// The moves of a `bm`/`am` opcode in zest's notation (SAN is read where it has a meaning).
fn epd_moves<V: Variant>(pos: &V, op: &str, args: &str) -> Result<Vec<String>, String> {
    args.split_whitespace()
        .map(|m| {
            san::parse_move_or_san(pos, m)
                .map(|mv| pos.move_to_string(mv))
                .map_err(|e| format!("{op} {m}: {e}"))
        })
        .collect()
}

/// Reads a FEN, or an EPD line (four FEN fields, optional variant fields, then opcodes `op args;`).
pub fn parse_epd<V: Variant>(line: &str) -> Result<EpdLine<V>, String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    for k in (4..=tokens.len()).rev() {
        let head = tokens[..k].join(" ");
        let candidates = if k >= 6 {
            vec![head.clone()]
        } else {
            vec![format!("{head} 0 1")]
        };
        for fen in candidates {
            if let Ok(pos) = V::from_fen(&fen) {
                let rest = tokens[k..].join(" ");
                let mut id = None;
                let (mut bm, mut am) = (Vec::new(), Vec::new());
                for op in rest.split(';').map(str::trim).filter(|s| !s.is_empty()) {
                    let (name, args) = op.split_once(' ').unwrap_or((op, ""));
                    match name {
                        "id" => id = Some(args.trim().trim_matches('"').to_string()),
                        "bm" => bm = epd_moves(&pos, name, args)?,
                        "am" => am = epd_moves(&pos, name, args)?,
                        _ => {}
                    }
                }
                return Ok(EpdLine { pos, id, bm, am });
            }
        }
    }
    V::from_fen(line)
        .map(|pos| EpdLine {
            pos,
            id: None,
            bm: Vec::new(),
            am: Vec::new(),
        })
        .map_err(|e| e.to_string())
}

/// One finished iteration as a progress line (`depth 7 score cp 31 nodes 48213 pv e2e4 e7e5`).
pub fn progress_line<V: Variant>(pos: &V, it: &Iteration<V::Move>) -> String {
    let (score, pv) = it
        .lines
        .first()
        .map(|l| (score_json(l.score), pv_strings(pos, &l.pv).join(" ")))
        .unwrap_or((ScoreJson::Cp(0), String::new()));
    let score = match score {
        ScoreJson::Cp(c) => format!("cp {c}"),
        ScoreJson::Mate(m) => format!("mate {m}"),
    };
    format!(
        "depth {} score {score} nodes {} pv {pv}",
        it.depth, it.nodes
    )
}

/// Analyses one position; with `progress`, each finished iteration is printed on stderr.
pub fn analyse<V: Evaluate>(
    searcher: &Searcher,
    line: &EpdLine<V>,
    limits: &Limits,
    options: &SearchOptions,
    progress: bool,
) -> AnalysisJson {
    let pos = &line.pos;
    let mut report = |it: &Iteration<V::Move>| {
        if progress {
            eprintln!("{}", progress_line(pos, it));
        }
    };
    let r: SearchResult<V::Move> = searcher.search(pos, &[], limits, options, &mut report);
    let bestmove = r.best.map(|m| pos.move_to_string(m));
    let solved =
        if line.bm.is_empty() && line.am.is_empty() {
            None
        } else {
            Some(bestmove.as_ref().is_some_and(|b| {
                (line.bm.is_empty() || line.bm.contains(b)) && !line.am.contains(b)
            }))
        };
    let outcome = pos.outcome();
    let ms = r.time.as_millis() as u64;
    AnalysisJson {
        id: line.id.clone(),
        fen: pos.fen(),
        result: outcome.as_ref().map(|o| o.result.as_str()),
        reason: outcome.map(|o| o.reason.into_owned()),
        bestmove,
        score: score_json(r.score),
        depth: r.depth,
        seldepth: r.seldepth,
        nodes: r.nodes,
        nps: r.nodes * 1000 / ms.max(1),
        time_ms: ms,
        lines: r
            .lines
            .iter()
            .enumerate()
            .map(|(i, l)| LineJson {
                multipv: i + 1,
                score: score_json(l.score),
                pv: pv_strings(pos, &l.pv),
            })
            .collect(),
        bm: line.bm.clone(),
        am: line.am.clone(),
        solved,
        error: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::MATE;

    #[test]
    fn mate_scores_in_moves() {
        assert_eq!(score_json(MATE - 1), ScoreJson::Mate(1));
        assert_eq!(score_json(MATE - 3), ScoreJson::Mate(2));
        assert_eq!(score_json(-(MATE - 2)), ScoreJson::Mate(-1));
        assert_eq!(score_json(35), ScoreJson::Cp(35));
    }
}
