//! A slow, obviously-correct model of Interchange and Palindromic Chess, written from
//! the spec tables only (nothing from `zest::variants`): boards as 64 letters, moves by
//! walking (file, rank) vectors, reachability by breadth-first search. The tests compare
//! the engine with it.
#![allow(dead_code, clippy::needless_range_loop, clippy::type_complexity)]

use std::collections::{HashMap, HashSet, VecDeque};

/// 64 squares, a1 = 0 … h8 = 63; b'.' is empty, otherwise the FEN letter.
pub type Board = [u8; 64];

pub fn parse_board(fen: &str) -> Board {
    let mut b = [b'.'; 64];
    let placement = fen.split_whitespace().next().unwrap();
    for (i, row) in placement.split('/').enumerate() {
        let rank = 7 - i;
        let mut file = 0;
        for c in row.bytes() {
            if c.is_ascii_digit() {
                file += (c - b'0') as usize;
            } else {
                b[rank * 8 + file] = c;
                file += 1;
            }
        }
        assert_eq!(file, 8);
    }
    b
}

pub fn side_to_move_white(fen: &str) -> bool {
    fen.split_whitespace().nth(1) == Some("w")
}

pub fn sq_name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

pub fn sq(name: &str) -> usize {
    let b = name.as_bytes();
    (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
}

pub fn is_white(letter: u8) -> bool {
    letter.is_ascii_uppercase()
}

/// The spec's move table, White's frame (file, rank); Black negates both.
fn vectors(letter: u8) -> (Vec<(i32, i32)>, bool) {
    let v: (Vec<(i32, i32)>, bool) = match letter.to_ascii_uppercase() {
        b'P' | b'K' => (vec![(0, 1), (1, 1), (-1, 1)], false),
        b'N' => (vec![(1, 2), (-1, 2), (2, 1), (-2, 1)], false),
        b'B' => (vec![(1, 1), (-1, 1)], true),
        b'Q' => (vec![(0, 1), (1, 1), (-1, 1)], true),
        b'R' => (vec![(0, 1), (1, 0)], true),
        b'L' => (vec![(0, 1), (-1, 0)], true),
        _ => panic!("letter {letter}"),
    };
    if is_white(letter) {
        v
    } else {
        (v.0.into_iter().map(|(f, r)| (-f, -r)).collect(), v.1)
    }
}

fn step(sq: usize, f: i32, r: i32) -> Option<usize> {
    let nf = (sq % 8) as i32 + f;
    let nr = (sq / 8) as i32 + r;
    if (0..8).contains(&nf) && (0..8).contains(&nr) {
        Some((nr * 8 + nf) as usize)
    } else {
        None
    }
}

/// The destination squares of a letter, from the spec's home-square table.
pub fn destinations(letter: u8) -> Vec<usize> {
    let names: &[&str] = match letter {
        b'P' => &["a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7"],
        b'N' => &["b8", "g8"],
        b'B' => &["c8", "f8"],
        b'K' => &["d8"],
        b'Q' => &["e8"],
        b'R' => &["h8"],
        b'L' => &["a8"],
        b'p' => &["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"],
        b'n' => &["b1", "g1"],
        b'b' => &["c1", "f1"],
        b'k' => &["e1"],
        b'q' => &["d1"],
        b'r' => &["a1"],
        b'l' => &["h1"],
        _ => panic!("letter {letter}"),
    };
    names.iter().map(|n| sq(n)).collect()
}

pub fn is_home(letter: u8, at: usize) -> bool {
    static MASKS: std::sync::OnceLock<[u64; 128]> = std::sync::OnceLock::new();
    let masks = MASKS.get_or_init(|| {
        let mut m = [0u64; 128];
        for &l in b"PNBKQRLpnbkqrl" {
            m[l as usize] = destinations(l).iter().fold(0, |a, &s| a | 1 << s);
        }
        m
    });
    masks[letter as usize] >> at & 1 == 1
}

/// Moves of the pieces table from `from`, where `blocked(sq)` says a square may be
/// neither entered nor crossed (`jump_blocked` for a knight's landing square).
/// Returns (to, squares travelled).
fn pattern_moves(
    letter: u8,
    from: usize,
    blocked: &dyn Fn(usize) -> bool,
    double_step: bool,
) -> Vec<(usize, u32)> {
    let (vecs, slider) = vectors(letter);
    let mut out = Vec::new();
    for (f, r) in vecs {
        let mut cur = from;
        let mut n = 0;
        while let Some(next) = step(cur, f, r) {
            if blocked(next) {
                break;
            }
            n += 1;
            out.push((next, n));
            cur = next;
            if !slider {
                break;
            }
        }
    }
    if double_step && letter.eq_ignore_ascii_case(&b'p') {
        let fwd = if is_white(letter) { 1 } else { -1 };
        let start_rank = if is_white(letter) { 1 } else { 6 };
        if from / 8 == start_rank {
            let one = step(from, 0, fwd).unwrap();
            let two = step(from, 0, 2 * fwd).unwrap();
            if !blocked(one) && !blocked(two) {
                out.push((two, 2));
            }
        }
    }
    out
}

/// Geometric moves on a board: empty target, sliders stopped by any piece; a pawn never
/// onto its last rank when `pawn_last_rank` is false (Interchange's table).
pub fn geometric_moves(b: &Board, from: usize, double_step: bool) -> Vec<(usize, u32)> {
    let letter = b[from];
    pattern_moves(letter, from, &|s| b[s] != b'.', double_step)
}

fn last_rank(letter: u8, at: usize) -> bool {
    at / 8 == if is_white(letter) { 7 } else { 0 }
}

// ------------------------------------------------------------------ Interchange

/// Interchange's legal actions of one colour: the pieces table, no pawn onto the last rank.
pub fn interchange_actions(b: &Board, white: bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for from in 0..64 {
        let l = b[from];
        if l == b'.' || is_white(l) != white {
            continue;
        }
        for (to, _) in geometric_moves(b, from, true) {
            if l.eq_ignore_ascii_case(&b'p') && last_rank(l, to) {
                continue;
            }
            out.push((from, to));
        }
    }
    out
}

pub fn interchange_home_counts(b: &Board) -> (u32, u32) {
    let (mut w, mut k) = (0, 0);
    for (at, &l) in b.iter().enumerate() {
        if l != b'.' && is_home(l, at) {
            if is_white(l) {
                w += 1
            } else {
                k += 1
            }
        }
    }
    (w, k)
}

// ------------------------------------------------------------------ Palindromic

/// Breadth-first search: can `letter` from `from` reach one of its destination squares not
/// in `walls`, moving by its pattern with walls neither entered nor crossed (a knight only
/// may not land on one), every other piece ignored?
pub fn reaches(letter: u8, from: usize, walls: u64) -> bool {
    let wall = |s: usize| walls >> s & 1 == 1;
    let dests: Vec<usize> = destinations(letter)
        .into_iter()
        .filter(|&d| !wall(d))
        .collect();
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([from]);
    seen.insert(from);
    while let Some(s) = queue.pop_front() {
        if dests.contains(&s) {
            return true;
        }
        // Geometric moves here include a pawn's step onto the last rank (a dead end).
        for (t, _) in pattern_moves(letter, s, &wall, false) {
            if seen.insert(t) {
                queue.push_back(t);
            }
        }
    }
    false
}

/// Memoised reachability: the answer depends only on (letter, square, walls).
#[derive(Default)]
pub struct Oracle {
    memo: HashMap<(u8, usize, u64), bool>,
}

impl Oracle {
    fn reaches(&mut self, letter: u8, from: usize, walls: u64) -> bool {
        *self
            .memo
            .entry((letter, from, walls))
            .or_insert_with(|| reaches(letter, from, walls))
    }

    pub fn walls(b: &Board) -> u64 {
        (0..64)
            .filter(|&s| b[s] != b'.' && is_home(b[s], s))
            .fold(0, |w, s| w | 1 << s)
    }

    /// Home, or reaching a free destination around the home pieces.
    pub fn free_reaching(&mut self, b: &Board, at: usize) -> bool {
        is_home(b[at], at) || self.reaches(b[at], at, Self::walls(b))
    }

    /// The spec's no-preclusion test, literally: part 1 for the moved piece, part 2 for
    /// every piece on the board.
    pub fn no_preclusion(&mut self, b: &Board, from: usize, to: usize) -> bool {
        let letter = b[from];
        if !self.reaches(letter, to, 0) {
            return false;
        }
        let mut after = *b;
        after[to] = letter;
        after[from] = b'.';
        let (walls_before, walls_after) = (Self::walls(b), Self::walls(&after));
        for s in 0..64 {
            if b[s] == b'.' {
                continue;
            }
            let s_after = if s == from { to } else { s };
            let before = is_home(b[s], s) || self.reaches(b[s], s, walls_before);
            let now = is_home(b[s], s_after) || self.reaches(b[s], s_after, walls_after);
            if before && !now {
                return false;
            }
        }
        true
    }

    /// Palindromic's legal actions of one colour; `own` keeps only each piece's longest.
    pub fn palindromic_actions(
        &mut self,
        b: &Board,
        white: bool,
        own: bool,
    ) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for from in 0..64 {
            let l = b[from];
            if l == b'.' || is_white(l) != white {
                continue;
            }
            let legal: Vec<(usize, u32)> = geometric_moves(b, from, false)
                .into_iter()
                .filter(|&(to, _)| self.no_preclusion(b, from, to))
                .collect();
            let max = legal.iter().map(|m| m.1).max().unwrap_or(0);
            for (to, d) in legal {
                if !own || d == max {
                    out.push((from, to));
                }
            }
        }
        out
    }

    pub fn reversal_complete(b: &Board) -> bool {
        (0..64).all(|s| b[s] == b'.' || is_home(b[s], s))
    }
}

fn apply(b: &Board, a: (usize, usize)) -> Board {
    let mut n = *b;
    n[a.1] = n[a.0];
    n[a.0] = b'.';
    n
}

fn action_str(a: Option<(usize, usize)>) -> String {
    match a {
        None => "0000".to_string(),
        Some((f, t)) => format!("{}{}", sq_name(f), sq_name(t)),
    }
}

/// Every turn of the position, sorted, built from a one-colour action generator.
pub fn turns(
    b: &Board,
    white: bool,
    gen: &mut dyn FnMut(&Board, bool, bool) -> Vec<(usize, usize)>,
) -> Vec<String> {
    let mut out = Vec::new();
    let own = gen(b, white, true);
    if own.is_empty() {
        for o in gen(b, !white, false) {
            out.push(format!("0000,{}", action_str(Some(o))));
        }
    } else {
        for a in own {
            let after = apply(b, a);
            let others = gen(&after, !white, false);
            if others.is_empty() {
                out.push(format!("{},0000", action_str(Some(a))));
            }
            for o in others {
                out.push(format!("{},{}", action_str(Some(a)), action_str(Some(o))));
            }
        }
    }
    out.sort();
    out
}

pub fn interchange_turns(fen: &str) -> Vec<String> {
    let b = parse_board(fen);
    turns(&b, side_to_move_white(fen), &mut |b, w, _| {
        interchange_actions(b, w)
    })
}

pub fn palindromic_turns(oracle: &mut Oracle, fen: &str) -> Vec<String> {
    let b = parse_board(fen);
    if Oracle::reversal_complete(&b) {
        return Vec::new();
    }
    turns(&b, side_to_move_white(fen), &mut |b, w, own| {
        oracle.palindromic_actions(b, w, own)
    })
}

/// A small deterministic generator for the random games.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}
