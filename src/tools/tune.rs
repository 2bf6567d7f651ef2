//! `zest tune`: fits the FIDE evaluation's weights ([`crate::eval::terms`]) to the results of
//! zest's own games (Texel's method). The games come from tournament journals
//! (`*.state.jsonl`, the runner's record of every finished game); from each, the quiet
//! positions (no check, no capture just played or about to be played) are taken with the
//! game's result. The weights minimise the squared error between the result and
//! `sigmoid(K * eval)`, K fitted first, by full-batch Adam; a tenth of the games are held out
//! to show that the fit generalises. With `--lambda` below 1 the target blends the result with
//! the engine's own score for the position (from the journal's move comments), which is far
//! less noisy than one game's result. The output is the Rust source of `eval/weights.rs`.

use crate::eval::fide::initial_weights;
use crate::eval::terms::{endgame_weight, fide_terms, Terms, COUNT};
use crate::variants::chess::Fide;
use crate::variants::Variant;
use rayon::prelude::*;
use std::io::BufRead;
use std::path::PathBuf;

/// `zest tune` arguments.
#[derive(clap::Args, Debug, Clone)]
pub struct TuneArgs {
    /// Tournament journals (`*.state.jsonl`) of chess games.
    #[arg(required = true)]
    pub journals: Vec<PathBuf>,
    /// Where to write the weights (Rust source); stdout when absent.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Full passes over the positions.
    #[arg(long, default_value_t = 400)]
    pub epochs: usize,
    /// Tune every piece-square weight on its own (default: a value per piece, file and rank
    /// added to the starting table, which needs far fewer games).
    #[arg(long, conflicts_with = "freeze_psq")]
    pub full_psq: bool,
    /// Keep the piece-square weights as they start; tune only the other terms.
    #[arg(long)]
    pub freeze_psq: bool,
    /// Keep the weights of the epoch with the lowest held-out loss (default: the last).
    #[arg(long)]
    pub early_stop: bool,
    /// Weight of the penalty on the squared distance (in pawns) from the starting weights.
    #[arg(long, default_value_t = 0.0)]
    pub l2: f64,
    /// Plies of each game skipped before positions are taken (its opening).
    #[arg(long, default_value_t = 4)]
    pub skip: usize,
    /// Weight of the game's result in each position's target; the rest goes to the score
    /// the engine reported for the position (`sigmoid(K * score)`, read from the journal's
    /// move comments; mate scores and positions without one keep the result alone). 1: the
    /// result only (Texel's method); lower values trade the result's noise for the search's
    /// bias.
    #[arg(long, default_value_t = 1.0)]
    pub lambda: f64,
    /// Start from the weights the evaluation uses now (`eval/weights.rs`) rather than the
    /// hand-set ones: with `--epochs 0`, their loss on these games.
    #[arg(long)]
    pub from_landed: bool,
}

/// One position: its features (White minus Black counts), its phase, the result for White
/// (the target, once blended with the score), and the engine's score for White in
/// centipawns (NaN where none).
struct Sample {
    features: Vec<(u16, i16)>,
    phase: u8,
    result: f32,
    score: f32,
}

/// Dense counts, emptied into a sparse list.
struct Recorder([i16; COUNT]);

impl Terms for Recorder {
    fn add(&mut self, feature: usize, count: i32) {
        self.0[feature] += count as i16;
    }
}

#[derive(serde::Deserialize)]
pub(crate) struct JournalGame {
    kind: String,
    #[serde(default)]
    variant: String,
    #[serde(default)]
    fen: String,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    result: String,
    /// Per move, the engine's comment: `score/depth time` (`+0.34/8 0.021s`), the score in
    /// pawns for the side to move, `+M5` for mates.
    #[serde(default)]
    comments: Vec<String>,
}

/// The centipawn score of a move comment for the side to move; `None` for a mate or none.
fn comment_score(comment: &str) -> Option<f32> {
    let score = comment.split('/').next()?.trim();
    if score.contains('M') {
        return None;
    }
    score.parse::<f32>().ok().map(|p| p * 100.0)
}

fn sample(pos: &Fide<false>, result: f32, score: f32) -> Sample {
    let mut r = Recorder([0; COUNT]);
    fide_terms(pos.position(), &mut r);
    let features =
        r.0.iter()
            .enumerate()
            .filter(|(_, &c)| c != 0)
            .map(|(i, &c)| (i as u16, c))
            .collect();
    Sample {
        features,
        phase: endgame_weight(pos.position()) as u8,
        result,
        score,
    }
}

/// The quiet positions of one game with its result, or nothing for a game that is not chess
/// or did not finish with a result.
fn game_samples(g: &JournalGame, skip: usize) -> Vec<Sample> {
    let mut out = Vec::new();
    quiet_positions(g, skip, |pos, result, score| {
        out.push(sample(pos, result, score))
    });
    out
}

/// Calls `f` with each quiet position of a finished chess game (no check, no capture just
/// played or about to be played, past the first `skip` plies), the game's result for White
/// and the engine's score there for White (NaN where none).
pub(crate) fn quiet_positions(
    g: &JournalGame,
    skip: usize,
    mut f: impl FnMut(&Fide<false>, f32, f32),
) {
    let result = match g.result.as_str() {
        "1-0" => 1.0,
        "0-1" => 0.0,
        "1/2-1/2" => 0.5,
        _ => return,
    };
    if g.kind != "game" || g.variant != "chess" {
        return;
    }
    let Ok(mut pos) = Fide::<false>::from_fen(&g.fen) else {
        return;
    };
    let mut last_noisy = true;
    for (ply, text) in g.moves.iter().enumerate() {
        let Ok(m) = pos.parse_move(text) else {
            break;
        };
        let noisy = pos.is_noisy(m);
        if ply >= skip && !noisy && !last_noisy && !pos.is_check() {
            let score = g
                .comments
                .get(ply)
                .and_then(|c| comment_score(c))
                .map_or(f32::NAN, |s| {
                    if pos.turn() == crate::core::Color::White {
                        s
                    } else {
                        -s
                    }
                });
            f(&pos, result, score);
        }
        last_noisy = noisy;
        pos.play(m);
    }
}

pub(crate) fn read_games(paths: &[PathBuf]) -> Result<Vec<JournalGame>, String> {
    let mut games = Vec::new();
    for p in paths {
        let f = std::fs::File::open(p).map_err(|e| format!("{}: {e}", p.display()))?;
        for line in std::io::BufReader::new(f).lines() {
            let line = line.map_err(|e| format!("{}: {e}", p.display()))?;
            if let Ok(g) = serde_json::from_str::<JournalGame>(&line) {
                if g.kind == "game" {
                    games.push(g);
                }
            }
        }
    }
    Ok(games)
}

/// The evaluation of a sample, in centipawns for White, with weights as floats.
#[inline]
fn eval(s: &Sample, w: &[[f64; 2]]) -> f64 {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(f, c) in &s.features {
        mg += w[f as usize][0] * c as f64;
        eg += w[f as usize][1] * c as f64;
    }
    let p = s.phase as f64 / 24.0;
    mg * (1.0 - p) + eg * p
}

#[inline]
fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + (-k * e / 400.0).exp())
}

fn loss(samples: &[Sample], w: &[[f64; 2]], k: f64) -> f64 {
    let sum: f64 = samples
        .par_iter()
        .map(|s| (s.result as f64 - sigmoid(k, eval(s, w))).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// The K that best maps the starting evaluation to the results (a ternary search).
fn fit_k(samples: &[Sample], w: &[[f64; 2]]) -> f64 {
    let (mut lo, mut hi) = (0.1, 5.0);
    for _ in 0..40 {
        let a = lo + (hi - lo) / 3.0;
        let b = hi - (hi - lo) / 3.0;
        if loss(samples, w, a) < loss(samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Gradient of the loss over the weights.
fn gradient(samples: &[Sample], w: &[[f64; 2]], k: f64) -> Vec<[f64; 2]> {
    samples
        .par_chunks(4096)
        .map(|chunk| {
            let mut g = vec![[0.0; 2]; COUNT];
            for s in chunk {
                let sg = sigmoid(k, eval(s, w));
                // d/de (r - sg)^2 = -2 (r - sg) sg (1 - sg) k / 400
                let d = -2.0 * (s.result as f64 - sg) * sg * (1.0 - sg) * k / 400.0;
                let p = s.phase as f64 / 24.0;
                for &(f, c) in &s.features {
                    g[f as usize][0] += d * c as f64 * (1.0 - p);
                    g[f as usize][1] += d * c as f64 * p;
                }
            }
            g
        })
        .reduce(
            || vec![[0.0; 2]; COUNT],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(b) {
                    x[0] += y[0];
                    x[1] += y[1];
                }
                a
            },
        )
}

/// The parameters each feature's weight is tied to. A piece-square weight moves with its
/// piece's value, its file's and its rank's parameters (or alone with `full`); every other
/// feature has a parameter of its own; with `frozen`, piece-square weights have none.
fn ties(full: bool, frozen: bool) -> Vec<Vec<usize>> {
    use crate::eval::terms::PSQ;
    let mut next = 0;
    let mut fresh = || {
        next += 1;
        next - 1
    };
    let mut out = vec![Vec::new(); COUNT];
    for role in 0..6 {
        let value = fresh();
        let files: Vec<usize> = (0..8).map(|_| fresh()).collect();
        let ranks: Vec<usize> = (0..8).map(|_| fresh()).collect();
        for sq in 0..64 {
            out[PSQ + role * 64 + sq] = if frozen {
                Vec::new()
            } else if full {
                vec![fresh()]
            } else {
                vec![value, files[sq % 8], ranks[sq / 8]]
            };
        }
    }
    for tied in out.iter_mut().skip(PSQ + 6 * 64) {
        *tied = vec![fresh()];
    }
    out
}

pub fn main(args: TuneArgs) -> Result<(), String> {
    let games = read_games(&args.journals)?;
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (i, g) in games.iter().enumerate() {
        let s = game_samples(g, args.skip);
        if i % 10 == 9 {
            test.extend(s);
        } else {
            train.extend(s);
        }
    }
    if train.is_empty() {
        return Err("no chess positions with a result in the journals".into());
    }
    eprintln!(
        "{} games, {} training positions, {} held out",
        games.len(),
        train.len(),
        test.len()
    );
    let start = if args.from_landed {
        crate::eval::weights::WEIGHTS
    } else {
        initial_weights()
    };
    let mut w: Vec<[f64; 2]> = start.iter().map(|&[a, b]| [a as f64, b as f64]).collect();
    let k = fit_k(&train, &w);
    eprintln!(
        "K {k:.3}: loss {:.6} (held out {:.6})",
        loss(&train, &w, k),
        loss(&test, &w, k)
    );
    if args.lambda < 1.0 {
        for s in train.iter_mut().chain(test.iter_mut()) {
            if s.score.is_finite() {
                let searched = sigmoid(k, s.score as f64);
                s.result = (args.lambda * s.result as f64 + (1.0 - args.lambda) * searched) as f32;
            }
        }
        eprintln!(
            "targets blended, lambda {}: loss {:.6} (held out {:.6})",
            args.lambda,
            loss(&train, &w, k),
            loss(&test, &w, k)
        );
    }
    // Adam over the parameters, in centipawns; a feature's weight is its starting weight plus
    // the parameters it is tied to.
    let ties = ties(args.full_psq, args.freeze_psq);
    let params = ties.iter().flatten().copied().max().map_or(0, |p| p + 1);
    let (lr, b1, b2, eps) = (1.0, 0.9, 0.999, 1e-8);
    let n = train.len() as f64;
    let w0 = w.clone();
    let mut p = vec![[0.0f64; 2]; params];
    let mut best = (loss(&test, &w, k), w.clone(), 0);
    let mut m = vec![[0.0f64; 2]; params];
    let mut v = vec![[0.0f64; 2]; params];
    for epoch in 1..=args.epochs {
        let g = gradient(&train, &w, k);
        let mut gp = vec![[0.0f64; 2]; params];
        for (f, tied) in ties.iter().enumerate() {
            for &t in tied {
                gp[t][0] += g[f][0] / n;
                gp[t][1] += g[f][1] / n;
            }
        }
        for i in 0..params {
            for j in 0..2 {
                let gi = gp[i][j] + 2.0 * args.l2 * p[i][j] / 10_000.0;
                m[i][j] = b1 * m[i][j] + (1.0 - b1) * gi;
                v[i][j] = b2 * v[i][j] + (1.0 - b2) * gi * gi;
                let mh = m[i][j] / (1.0 - b1.powi(epoch as i32));
                let vh = v[i][j] / (1.0 - b2.powi(epoch as i32));
                p[i][j] -= lr * mh / (vh.sqrt() + eps);
            }
        }
        for (f, tied) in ties.iter().enumerate() {
            for j in 0..2 {
                w[f][j] = w0[f][j] + tied.iter().map(|&t| p[t][j]).sum::<f64>();
            }
        }
        if epoch % 10 == 0 || epoch == args.epochs {
            let held_out = loss(&test, &w, k);
            if held_out < best.0 {
                best = (held_out, w.clone(), epoch);
            }
            if epoch % 50 == 0 {
                eprintln!(
                    "epoch {epoch}: loss {:.6} (held out {held_out:.6})",
                    loss(&train, &w, k)
                );
            }
        }
    }
    // With --early-stop, the weights of the epoch that predicted the held-out games best.
    let w = if args.early_stop {
        let (held_out, w, epoch) = best;
        eprintln!("kept epoch {epoch}: held out {held_out:.6}");
        w
    } else {
        w
    };
    let origin = if args.epochs == 0 {
        let from = if args.from_landed {
            "The weights this file held"
        } else {
            "The hand-set starting weights (`fide::initial_weights`)"
        };
        format!("{from}, not fitted.")
    } else {
        format!(
            "Fitted on {} positions of {} games of zest's own, K = {k:.3}.",
            train.len(),
            games.len()
        )
    };
    let text = weights_source(&w, &origin);
    match args.out {
        Some(p) => std::fs::write(&p, text).map_err(|e| format!("{}: {e}", p.display())),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// The Rust source of `eval/weights.rs`.
fn weights_source(w: &[[f64; 2]], origin: &str) -> String {
    let mut s = String::new();
    s.push_str(
        "//! Weights of the FIDE evaluation's features (`eval/terms.rs`), middle game and\n",
    );
    s.push_str("//! endgame, written by `zest tune` (docs/strength.md says how to run it).\n");
    s.push_str(&format!("//! {origin}\n\n"));
    s.push_str(
        "use super::terms::COUNT;\n\n#[rustfmt::skip]\npub const WEIGHTS: [[i16; 2]; COUNT] = [\n",
    );
    for row in w.chunks(8) {
        s.push_str("   ");
        for x in row {
            s.push_str(&format!(
                " [{}, {}],",
                x[0].round().clamp(-32000.0, 32000.0) as i16,
                x[1].round().clamp(-32000.0, 32000.0) as i16
            ));
        }
        s.push('\n');
    }
    s.push_str("];\n");
    s
}

#[cfg(test)]
mod tests {
    use super::comment_score;

    #[test]
    fn move_comments_give_centipawns_and_no_mates() {
        assert_eq!(comment_score("+0.34/8 0.021s"), Some(34.0));
        assert_eq!(comment_score("-1.50/12 0.300s"), Some(-150.0));
        assert_eq!(comment_score("+M5/8 0.002s"), None);
        assert_eq!(comment_score("-M4/7 0.002s"), None);
        assert_eq!(comment_score("book"), None);
    }
}
