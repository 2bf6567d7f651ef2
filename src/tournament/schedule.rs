//! Who plays whom, with which opening and colours.
//!
//! The schedule is a pure function of the configuration and the seed: every game has a
//! global index, pairs (one opening, colours swapped) are never split, and `--shard i/n`
//! keeps the pairs whose index is `i` modulo `n`. Shards of one configuration therefore
//! cover the whole tournament exactly once, on any machine.

use crate::core::MoveList;
use crate::variants::{Game, Variant};

/// One game to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// Global game number, 0-based.
    pub index: u64,
    /// Global pair number (also the opening's slot).
    pub pair: u64,
    pub round: u64,
    /// 0 or 1 within the pair.
    pub game_in_pair: u32,
    /// Engine indices into the players list.
    pub white: usize,
    pub black: usize,
    /// Index into the opening list.
    pub opening: usize,
}

/// A start: a FEN plus book moves in the variant's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub fen: String,
    pub moves: Vec<String>,
}

/// The same deterministic generator as `zest play` (SplitMix64), so seeds mean one thing.
pub use crate::core::rng::SplitMix;

/// The encounters of a format: pairs of engine indices, the first one "ours" for statistics.
pub fn encounters(format: &str, players: usize) -> Vec<(usize, usize)> {
    if format == "gauntlet" {
        (1..players).map(|j| (0, j)).collect()
    } else {
        let mut v = Vec::new();
        for i in 0..players {
            for j in i + 1..players {
                v.push((i, j));
            }
        }
        v
    }
}

/// Every game of the tournament in order: round by round, encounter by encounter, one
/// opening per pair, the second game of a pair with colours swapped. (Plain arguments rather
/// than a struct: every one of them decides the schedule, and tests spell them out.)
#[allow(clippy::too_many_arguments)]
pub fn build(
    format: &str,
    players: usize,
    rounds: usize,
    games: u32,
    openings: usize,
    order_random: bool,
    start: usize,
    seed: u64,
) -> Vec<Job> {
    let enc = encounters(format, players);
    let pairs = rounds * enc.len();
    let n = openings.max(1);
    // Random order: a seeded Fisher–Yates permutation of the book, reused cyclically.
    let mut perm: Vec<usize> = (0..n).collect();
    if order_random {
        let mut rng = SplitMix(seed ^ 0x6f70_656e_696e_6773);
        for i in (1..n).rev() {
            perm.swap(i, rng.below(i + 1));
        }
    }
    let mut jobs = Vec::with_capacity(pairs * games as usize);
    for round in 0..rounds {
        for (e, &(a, b)) in enc.iter().enumerate() {
            let pair = (round * enc.len() + e) as u64;
            let opening = perm[(start.saturating_sub(1) + pair as usize) % n];
            for k in 0..games {
                let (white, black) = if k == 0 { (a, b) } else { (b, a) };
                jobs.push(Job {
                    index: pair * games as u64 + k as u64,
                    pair,
                    round: round as u64,
                    game_in_pair: k,
                    white,
                    black,
                    opening,
                });
            }
        }
    }
    jobs
}

/// The jobs of shard `i` of `n` (0-based): whole pairs, `pair % n == i`.
pub fn shard(jobs: Vec<Job>, i: usize, n: usize) -> Vec<Job> {
    jobs.into_iter()
        .filter(|j| j.pair % n as u64 == i as u64)
        .collect()
}

/// Reads `i/n` as given on the command line (1-based `i`), returned 0-based.
pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("bad shard '{s}' (want i/n with 1 ≤ i ≤ n)");
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let i: usize = i.trim().parse().map_err(|_| bad())?;
    let n: usize = n.trim().parse().map_err(|_| bad())?;
    if i == 0 || n == 0 || i > n {
        return Err(bad());
    }
    Ok((i - 1, n))
}

/// Positions of an EPD/FEN file: the first four fields of each line, plus the halfmove and
/// fullmove fields where given (EPD opcodes such as `bm`/`id` are dropped).
pub fn read_epd(text: &str) -> Vec<Opening> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let fields: Vec<&str> = l.split_whitespace().collect();
            let n = fields.len();
            let mut fen: Vec<&str> = fields[..n.min(4)].to_vec();
            // Keep numeric clocks (and any variant field) only when they look like a FEN's tail.
            let tail: Vec<&str> = fields[n.min(4)..]
                .iter()
                .take_while(|f| !f.ends_with(';') && !is_opcode(f))
                .copied()
                .collect();
            fen.extend(tail);
            if fen.len() == 4 {
                fen.push("0");
                fen.push("1");
            }
            Opening {
                fen: fen.join(" "),
                moves: Vec::new(),
            }
        })
        .collect()
}

fn is_opcode(f: &str) -> bool {
    matches!(
        f,
        "bm" | "am" | "id" | "c0" | "c1" | "c2" | "c3" | "hmvc" | "fmvn" | "pm" | "ce" | "acd"
    )
}

/// Openings of a PGN book: the `FEN` tag (or the variant's start) and the movetext moves,
/// which must be in the variant's coordinate notation (zest has no generic SAN reader).
pub fn read_pgn(text: &str, start_fen: &str, plies: Option<usize>) -> Vec<Opening> {
    let mut out = Vec::new();
    let mut fen: Option<String> = None;
    let mut moves: Vec<String> = Vec::new();
    let mut in_moves = false;
    let flush = |fen: &mut Option<String>, moves: &mut Vec<String>, out: &mut Vec<Opening>| {
        let mut m = std::mem::take(moves);
        if let Some(p) = plies {
            m.truncate(p);
        }
        out.push(Opening {
            fen: fen.take().unwrap_or_else(|| start_fen.to_string()),
            moves: m,
        });
    };
    for line in text.lines() {
        let l = line.trim();
        if l.starts_with('[') {
            if in_moves {
                flush(&mut fen, &mut moves, &mut out);
                in_moves = false;
            }
            if let Some(v) = l.strip_prefix("[FEN \"") {
                fen = Some(v.trim_end_matches("\"]").to_string());
            }
            continue;
        }
        if l.is_empty() {
            continue;
        }
        in_moves = true;
        let mut depth = 0;
        let mut clean = String::new();
        for c in l.chars() {
            match c {
                '{' | '(' => depth += 1,
                '}' | ')' => depth -= 1,
                _ if depth == 0 => clean.push(c),
                _ => {}
            }
        }
        for tok in clean.split_whitespace() {
            if matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*") {
                continue;
            }
            let t = tok.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if !t.is_empty() && !t.starts_with('$') {
                moves.push(t.to_string());
            }
        }
    }
    if in_moves || fen.is_some() {
        flush(&mut fen, &mut moves, &mut out);
    }
    out
}

/// A random opening of `plies` legal moves from the variant's start that leaves the game
/// running, drawn from `seed` (each pair has its own seed, so shards agree).
pub fn random_opening<V: Variant>(plies: usize, seed: u64) -> Opening {
    let mut rng = SplitMix(seed);
    for _ in 0..1000 {
        let mut game: Game<V> = Game::new();
        let mut ok = true;
        for _ in 0..plies {
            let mut list = MoveList::new();
            game.position().legal_moves(&mut list);
            if list.is_empty() || game.outcome().is_some() {
                ok = false;
                break;
            }
            let m = list[rng.below(list.len())];
            game.play(m);
        }
        if ok && game.outcome().is_none() {
            return Opening {
                fen: game.position().fen(),
                moves: Vec::new(),
            };
        }
    }
    Opening {
        fen: V::START_FEN.to_string(),
        moves: Vec::new(),
    }
}

/// `random:plies=N` → `Some(N)`.
pub fn parse_random(spec: &str) -> Option<usize> {
    let rest = spec.strip_prefix("random")?;
    let rest = rest.trim_start_matches(':');
    if rest.is_empty() {
        return Some(8);
    }
    rest.strip_prefix("plies=")?.parse().ok()
}

/// The seed of pair `pair`'s random opening.
pub fn pair_seed(seed: u64, pair: u64) -> u64 {
    let mut r = SplitMix(seed ^ pair.wrapping_mul(0xa076_1d64_78bd_642f));
    r.next_u64()
}
