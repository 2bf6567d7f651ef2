//! PGN export through the tournament's writer, and import of what it writes
//! (and of ordinary PGN whose moves are in zest's notation).

use super::game::{new_table, BoardGame};
use crate::tournament::game::{GameRecord, Termination};
use crate::tournament::{pgn, stamp};
use crate::variants::GameResult;

/// The game as PGN, written by the tournament's PGN writer.
pub fn export(g: &dyn BoardGame) -> String {
    let (date, stamp) = stamp::utc_stamp(stamp::now_ms());
    let (result, reason) = match g.outcome() {
        Some(o) => (Some(o.result), o.reason.to_string()),
        None => (None, String::new()),
    };
    let initial = g.initial_fen().to_string();
    let start = super::names::start_fen(g.variant()).unwrap_or_default();
    let fields: Vec<&str> = initial.split_whitespace().collect();
    let fullmove = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1);
    let white_first = fields.get(1) != Some(&"b");
    let r = GameRecord {
        index: 0,
        pair: 0,
        round: 0,
        game_in_pair: 0,
        white_player: 0,
        black_player: 1,
        white: "?".into(),
        black: "?".into(),
        variant: g.variant().to_string(),
        start_is_initial: initial == start,
        fen: initial.clone(),
        white_first,
        fullmove,
        moves: g.moves().to_vec(),
        comments: Vec::new(),
        termination: Termination::Normal,
        result: result.unwrap_or(GameResult::Draw),
        reason,
        event: "zest board".into(),
        site: "zest board".into(),
        date,
        start_time: stamp.clone(),
        end_time: stamp,
        duration_ms: 0,
        time_control: "-".into(),
        engine_plies: 0,
    };
    match result {
        Some(_) => pgn::write(&r),
        None => pgn::write_unfinished(&r),
    }
}

/// The value of tag `name` in `text`, if present.
fn tag<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    text.lines().find_map(|l| {
        let l = l.trim();
        let rest = l.strip_prefix('[')?.strip_suffix(']')?;
        let (n, v) = rest.split_once(' ')?;
        (n == name).then(|| v.trim().trim_matches('"'))
    })
}

/// Reads the first game of a PGN: the `Variant` and `FEN` tags, then the moves,
/// each checked by the rules. The error names the first move refused.
pub fn import(text: &str) -> Result<Box<dyn BoardGame>, String> {
    if text.len() > 1_000_000 {
        return Err("PGN too long (at most 1 MB)".into());
    }
    let variant = super::names::canonical(tag(text, "Variant").unwrap_or("chess"))?;
    let mut game = new_table(variant, tag(text, "FEN"))?;
    // Movetext: everything after the tags, without comments, numbers, NAGs and the result.
    let mut body = String::new();
    let mut depth = 0;
    for line in text.lines().filter(|l| !l.trim_start().starts_with('[')) {
        for c in line.chars() {
            match c {
                '{' => depth += 1,
                '}' if depth > 0 => depth -= 1,
                _ if depth == 0 => body.push(c),
                _ => {}
            }
        }
        body.push(' ');
    }
    for tok in body.split_whitespace() {
        // A move number (`12.`, `12...`) may stand glued to the move; moves have no dot.
        let tok = tok.rfind('.').map_or(tok, |i| &tok[i + 1..]);
        if tok.is_empty() || tok.starts_with('$') || matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*")
        {
            continue;
        }
        game.play(tok)
            .map_err(|e| format!("move {} ({tok}): {e}", game.moves().len() + 1))?;
    }
    Ok(game)
}
