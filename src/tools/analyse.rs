//! `zest analyse`: headless analysis, one JSON object per position on stdout.

use crate::eval::{Evaluate, Score, MATE, MATE_BOUND};
use crate::search::{Limits, SearchOptions, SearchResult, Searcher};
use crate::variants::Variant;
use serde::Serialize;

/// A score as UCI reports it: centipawns or moves to mate (negative: being mated).
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum ScoreJson {
    Cp(i32),
    Mate(i32),
}

pub fn score_json(s: Score) -> ScoreJson {
    if s >= MATE_BOUND {
        ScoreJson::Mate((MATE - s + 1) / 2)
    } else if s <= -MATE_BOUND {
        ScoreJson::Mate(-((MATE + s + 1) / 2))
    } else {
        ScoreJson::Cp(s)
    }
}

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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solved: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
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

/// An EPD/FEN line split into the position and its opcodes (`bm`, `id`).
pub struct EpdLine<V> {
    pub pos: V,
    pub id: Option<String>,
    pub bm: Vec<String>,
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
                let mut bm = Vec::new();
                for op in rest.split(';').map(str::trim).filter(|s| !s.is_empty()) {
                    let (name, args) = op.split_once(' ').unwrap_or((op, ""));
                    match name {
                        "id" => id = Some(args.trim().trim_matches('"').to_string()),
                        "bm" => bm = args.split_whitespace().map(str::to_string).collect(),
                        _ => {}
                    }
                }
                return Ok(EpdLine { pos, id, bm });
            }
        }
    }
    V::from_fen(line)
        .map(|pos| EpdLine {
            pos,
            id: None,
            bm: Vec::new(),
        })
        .map_err(|e| e.to_string())
}

/// Analyses one position.
pub fn analyse<V: Evaluate>(
    searcher: &Searcher,
    line: &EpdLine<V>,
    limits: &Limits,
    options: &SearchOptions,
) -> AnalysisJson {
    let r: SearchResult<V::Move> = searcher.search(&line.pos, &[], limits, options, &mut |_| {});
    let pos = &line.pos;
    let bestmove = r.best.map(|m| pos.move_to_string(m));
    let solved = if line.bm.is_empty() {
        None
    } else {
        Some(bestmove.as_ref().is_some_and(|b| line.bm.contains(b)))
    };
    let ms = r.time.as_millis() as u64;
    AnalysisJson {
        id: line.id.clone(),
        fen: pos.fen(),
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
        solved,
        error: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_in_moves() {
        assert_eq!(score_json(MATE - 1), ScoreJson::Mate(1));
        assert_eq!(score_json(MATE - 3), ScoreJson::Mate(2));
        assert_eq!(score_json(-(MATE - 2)), ScoreJson::Mate(-1));
        assert_eq!(score_json(35), ScoreJson::Cp(35));
    }
}
