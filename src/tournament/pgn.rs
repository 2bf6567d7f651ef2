//! PGN output: the seven-tag roster in order, then `Variant`, `SetUp`/`FEN`, `TimeControl`,
//! `PlyCount`, `Termination` and the timing tags; moves in the variant's coordinate
//! notation (the only notation every variant has) with `{score/depth time}` comments, and
//! the rules' reason string as the comment before the result (`{White mates} 1-0`).
//! An illegal move is never written as a move: it appears in the reason string only.

use super::record::GameRecord;
use std::fmt::Write;

/// Escapes a tag value.
fn tag(out: &mut String, name: &str, value: &str) {
    let v = value.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(out, "[{name} \"{v}\"]");
}

/// One game as PGN text, ending with a blank line.
pub fn write(r: &GameRecord) -> String {
    write_as(r, r.result.as_str(), r.termination.as_str())
}

/// A game still in progress (the board's export): result `*`, termination `unterminated`;
/// the record's own result and termination are not read.
pub fn write_unfinished(r: &GameRecord) -> String {
    write_as(r, "*", "unterminated")
}

fn write_as(r: &GameRecord, result: &str, termination: &str) -> String {
    let mut out = String::with_capacity(256 + r.moves.len() * 24);
    tag(&mut out, "Event", &r.event);
    tag(&mut out, "Site", &r.site);
    tag(&mut out, "Date", &r.date);
    tag(&mut out, "Round", &(r.pair + 1).to_string());
    tag(&mut out, "White", &r.white);
    tag(&mut out, "Black", &r.black);
    tag(&mut out, "Result", result);
    if !r
        .variant
        .parse()
        .is_ok_and(crate::variants::VariantId::is_orthodox)
    {
        tag(&mut out, "Variant", &r.variant);
    }
    if !r.start_is_initial {
        tag(&mut out, "SetUp", "1");
        tag(&mut out, "FEN", &r.fen);
    }
    tag(&mut out, "TimeControl", &r.time_control);
    tag(&mut out, "PlyCount", &r.moves.len().to_string());
    tag(&mut out, "Termination", termination);
    tag(&mut out, "GameStartTime", &r.start_time);
    tag(&mut out, "GameEndTime", &r.end_time);
    tag(&mut out, "GameDuration", &fmt_duration(r.duration_ms));
    out.push('\n');

    let mut line = String::new();
    let mut push = |out: &mut String, tok: &str| {
        if !line.is_empty() && line.len() + 1 + tok.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(tok);
    };
    let mut number = r.fullmove;
    let mut white = r.white_first;
    let mut need_number = true;
    for (i, m) in r.moves.iter().enumerate() {
        if white {
            push(&mut out, &format!("{number}. {m}"));
        } else if need_number {
            push(&mut out, &format!("{number}... {m}"));
        } else {
            push(&mut out, m);
        }
        need_number = false;
        if let Some(c) = r.comments.get(i).filter(|c| !c.is_empty()) {
            push(&mut out, &format!("{{{c}}}"));
            need_number = true;
        }
        if !white {
            number += 1;
        }
        white = !white;
    }
    if !r.reason.is_empty() {
        push(&mut out, &format!("{{{}}}", r.reason));
    }
    push(&mut out, result);
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

fn fmt_duration(ms: u64) -> String {
    let s = ms / 1000;
    format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}
