//! The move-entry protocol: a move is entered as a sequence of *tokens*, one
//! per click or button, and the server answers which tokens may come next.
//! The page never knows a rule; it only draws these answers.
//!
//! Tokens: a square (`e2`: pick a piece, or move it there), a swap or setup
//! step onto a square (`/b1`: the path notation's next square), a promotion
//! (`=q`), or `pass` (a passed action, a kept setup). A move string is split
//! into tokens by [`tokens`]; for every game but Swap the next tokens come from
//! the legal move list, for Swap's sequences from the generator's prefix query
//! ([`crate::variants::swap::generator::prefix_options`]).

use serde::Serialize;

/// Longest token list a move can have (a Swap path visits each piece once).
pub const MAX_TOKENS: usize = 200;

/// One possible next token.
#[derive(Serialize, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Option_ {
    pub token: String,
    /// `square` (pick or move), `swap` (a path step), `promotion` or `pass`.
    pub kind: &'static str,
    /// The board square the token is clicked on (none for buttons).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub square: Option<String>,
}

/// The answer to a prefix: what may come next, and the move the prefix already is.
#[derive(Serialize, Debug, Clone, Default)]
pub struct Targets {
    pub options: Vec<Option_>,
    /// The complete move these tokens make (it may still go on: Swap, Exile castling).
    pub complete: Option<String>,
}

/// Describes a token for the page.
pub fn option(token: &str) -> Option_ {
    let (kind, square) = if token == "pass" {
        ("pass", None)
    } else if let Some(sq) = token.strip_prefix('/') {
        ("swap", Some(sq.to_string()))
    } else if token.starts_with('=') {
        ("promotion", None)
    } else {
        ("square", Some(token.to_string()))
    };
    Option_ {
        token: token.to_string(),
        kind,
        square,
    }
}

/// Splits one action (`e2e4`, `e7e8q`, `d1g1f1`, `0000`) or path (`b6/b1/d3=n`) into tokens.
fn part_tokens(part: &str, out: &mut Vec<String>) {
    if part == "0000" {
        out.push("pass".into());
    } else if part.contains('/') {
        for (i, step) in part.split('/').enumerate() {
            let (sq, promo) = match step.split_once('=') {
                Some((sq, p)) => (sq, Some(p)),
                None => (step, None),
            };
            out.push(if i == 0 {
                sq.to_string()
            } else {
                format!("/{sq}")
            });
            if let Some(p) = promo {
                out.push(format!("={}", p.to_ascii_lowercase()));
            }
        }
    } else {
        let b = part.as_bytes();
        let mut i = 0;
        while i + 1 < b.len() {
            out.push(part[i..i + 2].to_string());
            i += 2;
        }
        if i < b.len() {
            out.push(format!("={}", &part[i..]));
        }
    }
}

/// A move string as the tokens that enter it (`e2e3,0000` → `e2 e3 pass`).
pub fn tokens(mv: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in mv.split(',') {
        part_tokens(part, &mut out);
    }
    out
}

/// The squares a move touches, for highlighting the last move.
pub fn squares(mv: &str) -> Vec<String> {
    tokens(mv)
        .into_iter()
        .filter_map(|t| option(&t).square)
        .collect()
}

/// Next tokens after `prefix` among `moves` (a full legal list), and the move `prefix` completes.
pub fn from_listing<'a>(moves: impl IntoIterator<Item = &'a str>, prefix: &[String]) -> Targets {
    let mut next = std::collections::BTreeSet::new();
    let mut complete = None;
    for mv in moves {
        let t = tokens(mv);
        if t.len() < prefix.len() || t[..prefix.len()] != *prefix {
            continue;
        }
        match t.get(prefix.len()) {
            Some(tok) => {
                next.insert(tok.clone());
            }
            None => {
                if complete.is_none() {
                    complete = Some(mv.to_string());
                }
            }
        }
    }
    Targets {
        options: next.iter().map(|t| option(t)).collect(),
        complete,
    }
}

/// Reads a prefix from the page (`e2,e4` or empty), refusing anything that is no token.
pub fn parse_prefix(s: &str) -> Result<Vec<String>, String> {
    if s.is_empty() {
        return Ok(Vec::new());
    }
    let toks: Vec<String> = s.split(',').map(str::to_string).collect();
    if toks.len() > MAX_TOKENS {
        return Err(format!(
            "prefix too long ({} tokens, at most {MAX_TOKENS})",
            toks.len()
        ));
    }
    for t in &toks {
        let ok = t == "pass"
            || is_square(t)
            || t.strip_prefix('/').is_some_and(is_square)
            || (t.len() == 2 && t.starts_with('=') && t.as_bytes()[1].is_ascii_lowercase());
        if !ok {
            return Err(format!(
                "'{t}' is not a move token (a square, /square, =letter or pass)"
            ));
        }
    }
    Ok(toks)
}

fn is_square(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_shape_tokenizes() {
        assert_eq!(tokens("e7e8q"), ["e7", "e8", "=q"]);
        assert_eq!(tokens("0000,d7d6"), ["pass", "d7", "d6"]);
        assert_eq!(tokens("e2e3,0000"), ["e2", "e3", "pass"]);
        assert_eq!(tokens("b6/b1/d3=n/c4"), ["b6", "/b1", "/d3", "=n", "/c4"]);
        assert_eq!(tokens("d1g1f1"), ["d1", "g1", "f1"]);
        assert_eq!(tokens("d1/f1,e2e4"), ["d1", "/f1", "e2", "e4"]);
    }

    #[test]
    fn listing_gives_next_tokens_and_completion() {
        let moves = ["d1c1", "d1c1d1", "d1b1c1", "e2e4"];
        let t = from_listing(moves, &["d1".into(), "c1".into()]);
        assert_eq!(t.complete.as_deref(), Some("d1c1"));
        assert_eq!(t.options, vec![option("d1")]);
        let t = from_listing(moves, &[]);
        assert_eq!(t.options, vec![option("d1"), option("e2")]);
        assert_eq!(t.complete, None);
    }

    #[test]
    fn prefix_parsing_refuses_junk() {
        assert!(parse_prefix("e2,/e4,=q,pass").is_ok());
        assert!(parse_prefix("e9").is_err());
        assert!(parse_prefix("e2,,e4").is_err());
        assert!(parse_prefix("=Q").is_err());
    }
}
