//! `zest train`: fits the network of `eval/nnue.rs` to zest's own games, from the same
//! tournament journals and quiet positions as `zest tune`. Each position's target blends the
//! game's result with the engine's score there (`--lambda`, as in `zest tune`); the network
//! predicts it as `sigmoid(output)`, by mini-batch Adam on the squared error; with `--blend`
//! the prediction is that of the evaluation the engine plays, the network's output being half
//! of it and the feature evaluation the other half. Every tenth game, in the order the
//! journals are given, is held out; the epoch that predicts them best is written. Every step
//! is seeded and summed in a fixed order, so the same journals and arguments give the same
//! file.

use crate::core::rng::SplitMix;
use crate::core::{Color, Role};
use crate::eval::fide;
use crate::eval::nnue::{
    bucket, feature, Activation, Network, BUCKETS, HIDDEN, INPUTS, PIECE_INPUTS, QA, QB,
};
use crate::tools::tune::{quiet_positions, read_games};
use crate::variants::chess::Fide;
use crate::variants::Variant;
use rayon::prelude::*;
use std::path::PathBuf;

/// `zest train` arguments.
#[derive(clap::Args, Debug, Clone)]
pub struct TrainArgs {
    /// Tournament journals (`*.state.jsonl`) of chess games.
    #[arg(required = true)]
    pub journals: Vec<PathBuf>,
    /// Where to write the network.
    #[arg(long)]
    pub out: PathBuf,
    /// Full passes over the positions.
    #[arg(long, default_value_t = 30)]
    pub epochs: usize,
    /// Weight of the game's result in each position's target; the rest goes to the engine's
    /// score there, `sigmoid(K · score / 400)`.
    #[arg(long, default_value_t = 0.5)]
    pub lambda: f64,
    /// The scale K of the scores (`zest tune` fits it for the evaluation that played).
    #[arg(long, default_value_t = 2.2)]
    pub k: f64,
    /// Adam's step size (lowered tenfold for the last quarter of the epochs).
    #[arg(long, default_value_t = 0.002)]
    pub lr: f32,
    /// Positions per step.
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Plies of each game skipped before positions are taken.
    #[arg(long, default_value_t = 8)]
    pub skip: usize,
    /// Also train on each position without castling rights mirrored left to right.
    #[arg(long)]
    pub mirror: bool,
    /// Seed of the initial weights and of the order of the positions.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Start from this network (a file `zest train` wrote, with the same `--k`) instead of
    /// random weights: training goes on from it on the journals given, so that a network
    /// learns from new games without the old ones.
    #[arg(long)]
    pub init: Option<PathBuf>,
    /// Fit the evaluation the engine plays, the mean of the feature evaluation and the
    /// network, rather than the network alone: the network learns what the features miss.
    #[arg(long)]
    pub blend: bool,
    /// Decoupled weight decay (AdamW) of the input rows: each step shrinks each of their
    /// weights by `lr × decay` of itself, so that rows the games seldom use drift back towards
    /// zero rather than keep what a few positions taught them.
    #[arg(long, default_value_t = 0.0)]
    pub weight_decay: f32,
    /// Train each input's rows as the sum of its king bucket's row and a row shared by all
    /// four buckets (a factoriser, summed into the buckets' rows when the file is written):
    /// what a piece on a square is worth whatever the king's place is learnt from every
    /// position holding it, and each bucket learns only its difference.
    #[arg(long)]
    pub factorise: bool,
    /// Square each unit's clipped sum (SCReLU) where it was only clipped: a network of
    /// `--init` trained so keeps its weights as the start; one trained so stays so.
    #[arg(long)]
    pub squared: bool,
}

/// The positions as feature lists: per position, its pieces' features from White's side
/// and from Black's, who is to move, and the target.
#[derive(Default)]
struct Data {
    features: Vec<u16>,
    /// Start of each position's features; its piece count `n` gives `2n` entries (White's
    /// view, then Black's).
    start: Vec<u32>,
    count: Vec<u8>,
    white_to_move: Vec<bool>,
    target: Vec<f32>,
    /// The part of each position's logit the network does not give (the feature
    /// evaluation's half, with `--blend`; else nothing).
    offset: Vec<f32>,
    /// The network's share of the logit: a half with `--blend`, else all of it (set before
    /// any position is pushed: the default, zero, is no share).
    share: f32,
    /// Whether the shared rows of `--factorise` are read and trained.
    factorise: bool,
    /// Whether the units square their clipped sums.
    squared: bool,
}

impl Data {
    /// Adds `pos`, mirrored left to right where `mirror` (the files reversed: the same game
    /// where no castling right tells the wings apart).
    fn push(&mut self, pos: &crate::core::Position, target: f32, mirror: bool, offset: f32) {
        let flip = if mirror { 7 } else { 0 };
        self.start.push(self.features.len() as u32);
        let mut n = 0;
        for side in [Color::White, Color::Black] {
            let king = pos.king(side).index() ^ flip;
            for color in [Color::White, Color::Black] {
                for role in Role::FIDE {
                    for sq in pos.pieces(color, role) {
                        self.features
                            .push(feature(side, color, role, sq.index() ^ flip, king) as u16);
                        n += 1;
                    }
                }
            }
        }
        self.count.push((n / 2) as u8);
        self.white_to_move.push(pos.turn() == Color::White);
        self.target.push(target);
        self.offset.push(offset);
    }

    /// The logit the engine's evaluation gives position `i`, from the network's output.
    #[inline]
    fn logit(&self, i: usize, network: f32) -> f32 {
        self.share * network + self.offset[i]
    }

    fn len(&self) -> usize {
        self.target.len()
    }

    /// The features of position `i` from the side to move's view and the other's.
    fn views(&self, i: usize) -> (&[u16], &[u16]) {
        let (s, n) = (self.start[i] as usize, self.count[i] as usize);
        let (white, black) = (&self.features[s..s + n], &self.features[s + n..s + 2 * n]);
        if self.white_to_move[i] {
            (white, black)
        } else {
            (black, white)
        }
    }
}

/// The network in floats: the first layer's weights (a row per feature) and bias, the
/// output weights (side to move's units first) and bias of each bucket. Also the shape of a
/// gradient.
#[derive(Clone)]
struct Params {
    w: Vec<f32>,
    b: Vec<f32>,
    o: Vec<f32>,
    ob: Vec<f32>,
    /// The linear value of each feature (the side to move's view less the other's, halved).
    psqt: Vec<f32>,
}

impl Params {
    fn zeros() -> Params {
        Params {
            w: vec![0.0; (INPUTS + PIECE_INPUTS) * HIDDEN],
            b: vec![0.0; HIDDEN],
            o: vec![0.0; BUCKETS * 2 * HIDDEN],
            ob: vec![0.0; BUCKETS],
            psqt: vec![0.0; INPUTS + PIECE_INPUTS],
        }
    }

    /// Random hidden weights, and the linear values started at the pieces' values (pawn 100
    /// … queen 900 centipawns, in logits of scale `k`), so that the hidden units start from
    /// material rather than learn it.
    fn random(seed: u64, k: f64) -> Params {
        let mut rng = SplitMix(seed);
        let mut uniform =
            |a: f32| (rng.next_u64() >> 11) as f32 / (1u64 << 53) as f32 * 2.0 * a - a;
        let mut p = Params::zeros();
        p.w[..INPUTS * HIDDEN]
            .iter_mut()
            .for_each(|x| *x = uniform(0.1));
        p.b.iter_mut().for_each(|x| *x = uniform(0.1) + 0.2);
        p.o.iter_mut().for_each(|x| *x = uniform(0.1));
        for (f, x) in p.psqt[..INPUTS].iter_mut().enumerate() {
            let f = f % PIECE_INPUTS;
            let value = [100.0, 320.0, 330.0, 500.0, 900.0, 0.0][f % 384 / 64];
            let own = if f < 384 { 1.0 } else { -1.0 };
            *x = (own * value * k / 400.0) as f32;
        }
        p
    }

    /// The floats a quantised network stands for (the inverse of [`Params::quantise`], up
    /// to its rounding).
    fn from_network(net: &Network) -> Params {
        let (qa, qab) = (QA as f32, (QA * QB) as f32);
        Params {
            w: net
                .ft_weights
                .iter()
                .flatten()
                .map(|&x| x as f32 / qa)
                .chain(std::iter::repeat_n(0.0, PIECE_INPUTS * HIDDEN))
                .collect(),
            b: net.ft_bias.iter().map(|&x| x as f32 / qa).collect(),
            o: net
                .out_weights
                .iter()
                .flatten()
                .map(|&x| x as f32 / QB as f32)
                .collect(),
            ob: net.out_bias.iter().map(|&x| x as f32 / qab).collect(),
            psqt: net
                .psqt
                .iter()
                .map(|&x| x as f32 / qab)
                .chain(std::iter::repeat_n(0.0, PIECE_INPUTS))
                .collect(),
        }
    }

    /// The accumulator (pre-activation) of one view.
    #[inline]
    fn accumulate(&self, features: &[u16], factorise: bool) -> [f32; HIDDEN] {
        let mut a = [0.0f32; HIDDEN];
        a.copy_from_slice(&self.b);
        for &f in features {
            for r in rows(f, factorise) {
                let row = &self.w[r * HIDDEN..][..HIDDEN];
                for (x, w) in a.iter_mut().zip(row) {
                    *x += w;
                }
            }
        }
        a
    }

    /// The linear value of one view.
    #[inline]
    fn linear(&self, features: &[u16], factorise: bool) -> f32 {
        features
            .iter()
            .flat_map(|&f| rows(f, factorise))
            .map(|r| self.psqt[r])
            .sum()
    }

    /// The output (a logit) of position `i`, with both views' accumulators and its bucket.
    #[inline]
    fn forward(&self, data: &Data, i: usize) -> (f32, [f32; HIDDEN], [f32; HIDDEN], usize) {
        let (us, them) = data.views(i);
        let fz = data.factorise;
        let (a, b) = (self.accumulate(us, fz), self.accumulate(them, fz));
        let linear = self.linear(us, fz) - self.linear(them, fz);
        // Each view holds every piece on the board.
        let k = bucket(us.len());
        let o = &self.o[k * 2 * HIDDEN..][..2 * HIDDEN];
        let mut y = self.ob[k] + linear / 2.0;
        let act = |x: f32| activate(x, data.squared).0;
        for h in 0..HIDDEN {
            y += act(a[h]) * o[h] + act(b[h]) * o[HIDDEN + h];
        }
        (y, a, b, k)
    }

    /// Adds the gradient of position `i`'s squared error to `g`; returns the error.
    fn backward(&self, data: &Data, i: usize, g: &mut Params) -> f32 {
        let (y, a, b, k) = self.forward(data, i);
        let p = 1.0 / (1.0 + (-data.logit(i, y)).exp());
        let err = p - data.target[i];
        let dy = 2.0 * err * p * (1.0 - p) * data.share;
        g.ob[k] += dy;
        let out = k * 2 * HIDDEN;
        let (us, them) = data.views(i);
        for &f in us {
            for r in rows(f, data.factorise) {
                g.psqt[r] += dy / 2.0;
            }
        }
        for &f in them {
            for r in rows(f, data.factorise) {
                g.psqt[r] -= dy / 2.0;
            }
        }
        for (acc, view, off) in [(&a, us, 0), (&b, them, HIDDEN)] {
            let mut da = [0.0f32; HIDDEN];
            for h in 0..HIDDEN {
                let (value, slope) = activate(acc[h], data.squared);
                g.o[out + off + h] += dy * value;
                da[h] = dy * slope * self.o[out + off + h];
            }
            for (x, d) in g.b.iter_mut().zip(&da) {
                *x += d;
            }
            for &f in view {
                for r in rows(f, data.factorise) {
                    let row = &mut g.w[r * HIDDEN..][..HIDDEN];
                    for (x, d) in row.iter_mut().zip(&da) {
                        *x += d;
                    }
                }
            }
        }
        err * err
    }

    fn add(&mut self, other: &Params) {
        for (x, y) in self.w.iter_mut().zip(&other.w) {
            *x += y;
        }
        for (x, y) in self.b.iter_mut().zip(&other.b) {
            *x += y;
        }
        for (x, y) in self.o.iter_mut().zip(&other.o) {
            *x += y;
        }
        for (x, y) in self.ob.iter_mut().zip(&other.ob) {
            *x += y;
        }
        for (x, y) in self.psqt.iter_mut().zip(&other.psqt) {
            *x += y;
        }
    }

    fn slices_mut(&mut self) -> [&mut [f32]; 5] {
        [
            &mut self.w,
            &mut self.b,
            &mut self.o,
            &mut self.ob,
            &mut self.psqt,
        ]
    }

    /// The network as the engine reads it (weights clipped to what the integers hold).
    fn quantise(&self, k: f64, activation: Activation) -> Network {
        let q = |x: f32, s: i32| (x * s as f32).round().clamp(-32_000.0, 32_000.0) as i16;
        let mut ft_weights = Box::new([[0i16; HIDDEN]; INPUTS]);
        for (f, row) in ft_weights.iter_mut().enumerate() {
            for (h, w) in row.iter_mut().enumerate() {
                let shared = self.w[(INPUTS + f % PIECE_INPUTS) * HIDDEN + h];
                *w = q((self.w[f * HIDDEN + h] + shared).clamp(-CLIP, CLIP), QA);
            }
        }
        Network {
            ft_weights,
            ft_bias: std::array::from_fn(|h| q(self.b[h], QA)),
            out_weights: std::array::from_fn(|k| {
                std::array::from_fn(|h| q(self.o[k * 2 * HIDDEN + h], QB))
            }),
            out_bias: std::array::from_fn(|k| (self.ob[k] * (QA * QB) as f32).round() as i32),
            psqt: Box::new(std::array::from_fn(|f| {
                let shared = self.psqt[INPUTS + f % PIECE_INPUTS];
                ((self.psqt[f] + shared) * (QA * QB) as f32).round() as i32
            })),
            cp_per_logit: (400.0 / k) as f32,
            activation,
        }
    }
}

/// A unit's output and its slope at the sum `x`: clipped to [0, 1], and squared where
/// `squared` (the network's [`Activation`]).
#[inline]
fn activate(x: f32, squared: bool) -> (f32, f32) {
    let c = x.clamp(0.0, 1.0);
    let inside = (x > 0.0 && x < 1.0) as u8 as f32;
    if squared {
        (c * c, 2.0 * c * inside)
    } else {
        (c, inside)
    }
}

/// The rows of `Params::w` (and entries of `Params::psqt`) that input `f` sums: its own,
/// and with `factorise` the row its piece and square share across the king buckets.
#[inline]
fn rows(f: u16, factorise: bool) -> impl Iterator<Item = usize> {
    let f = f as usize;
    std::iter::once(f).chain(factorise.then_some(INPUTS + f % PIECE_INPUTS))
}

/// The feature evaluation's half of the logit of `pos` (`--blend`), for the side to move: the
/// half that `fide::blend`'s mean gives it (the two halves change together).
fn features_half_logit(pos: &Fide<false>, k: f64) -> f32 {
    let white = fide::evaluate_white(pos.position()) as f64;
    let own = if pos.turn() == Color::White {
        white
    } else {
        -white
    };
    (0.5 * k * own / 400.0) as f32
}

/// `fen` mirrored left to right (each rank read backwards, the en-passant file reversed);
/// only for positions without castling rights.
fn mirror_fen(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    if let Some(board) = fields.first_mut() {
        *board = board
            .split('/')
            .map(|rank| rank.chars().rev().collect::<String>())
            .collect::<Vec<_>>()
            .join("/");
    }
    if let Some(ep) = fields.get_mut(3) {
        *ep = ep
            .chars()
            .map(|c| match c {
                'a'..='h' => (b'h' - (c as u8 - b'a')) as char,
                c => c,
            })
            .collect();
    }
    fields.join(" ")
}

/// One step of Adam (β 0.9 and 0.999) on the weights `p`, with moments `m` and `v`, of
/// the gradient `g × scale` at step `step` (from 1): each weight moves by about `lr` against
/// its gradient's sign, less its decay (`lr × decay` of itself, AdamW's decoupled weight
/// decay), and is clamped to `±clip` where given.
#[allow(clippy::too_many_arguments)]
fn adam_step(
    p: &mut [f32],
    m: &mut [f32],
    v: &mut [f32],
    g: &[f32],
    scale: f32,
    step: i32,
    lr: f32,
    decay: f32,
    clip: Option<f32>,
) {
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let (c1, c2) = (1.0 - b1.powi(step), 1.0 - b2.powi(step));
    for j in 0..p.len() {
        let gj = g[j] * scale;
        m[j] = b1 * m[j] + (1.0 - b1) * gj;
        v[j] = b2 * v[j] + (1.0 - b2) * gj * gj;
        p[j] -= lr * ((m[j] / c1) / ((v[j] / c2).sqrt() + eps) + decay * p[j]);
        if let Some(c) = clip {
            p[j] = p[j].clamp(-c, c);
        }
    }
}

/// Mean squared error over `data`, in chunks summed in order.
fn loss(p: &Params, data: &Data) -> f64 {
    let chunks: Vec<f64> = (0..data.len())
        .collect::<Vec<_>>()
        .par_chunks(4096)
        .map(|c| {
            c.iter()
                .map(|&i| {
                    let y = data.logit(i, p.forward(data, i).0);
                    let e = 1.0 / (1.0 + (-y).exp()) - data.target[i];
                    (e * e) as f64
                })
                .sum()
        })
        .collect();
    chunks.iter().sum::<f64>() / data.len().max(1) as f64
}

/// Positions per parallel part of a step (the parts' gradients are summed in order).
const PART: usize = 1024;
/// The largest weight magnitude: the integer network's sums must not overflow.
const CLIP: f32 = 1.98;

/// The network of `--init` as floats to train on; it must have been trained with the same
/// scale K, or its scores would change meaning.
fn read_network(path: &std::path::Path, k: f64) -> Result<(Params, Activation), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let net = Network::from_bytes(&bytes)
        .ok_or_else(|| format!("{}: not a network of this build", path.display()))?;
    if (net.cp_per_logit - (400.0 / k) as f32).abs() > 1e-3 {
        return Err(format!(
            "{}: trained with K = {}, not --k {k}",
            path.display(),
            400.0 / net.cp_per_logit
        ));
    }
    Ok((Params::from_network(&net), net.activation))
}

pub fn main(args: TrainArgs) -> Result<(), String> {
    let k = args.k;
    // The starting network is read first: a bad file is reported before the games are read.
    let init = args
        .init
        .as_deref()
        .map(|path| read_network(path, k))
        .transpose()?;
    let squared = args.squared
        || init
            .as_ref()
            .is_some_and(|(_, a)| *a == Activation::SquaredClipped);
    let activation = if squared {
        Activation::SquaredClipped
    } else {
        Activation::Clipped
    };
    let games = read_games(&args.journals)?;
    let (mut train, mut test) = (Data::default(), Data::default());
    (train.squared, test.squared) = (squared, squared);
    let share = if args.blend { 0.5 } else { 1.0 };
    (train.share, test.share) = (share, share);
    (train.factorise, test.factorise) = (args.factorise, args.factorise);
    let features = |pos: &Fide<false>| {
        if args.blend {
            features_half_logit(pos, k)
        } else {
            0.0
        }
    };
    for (i, g) in games.iter().enumerate() {
        let data = if i % 10 == 9 { &mut test } else { &mut train };
        quiet_positions(g, args.skip, |pos, result, score| {
            let target = if score.is_finite() {
                let searched = 1.0 / (1.0 + (-k * score as f64 / 400.0).exp());
                args.lambda * result as f64 + (1.0 - args.lambda) * searched
            } else {
                result as f64
            };
            // Targets are for the side to move.
            let target = if pos.turn() == Color::White {
                target
            } else {
                1.0 - target
            };
            data.push(pos.position(), target as f32, false, features(pos));
            if args.mirror && i % 10 != 9 && pos.position().castles().is_empty() {
                let mirrored = Fide::<false>::from_fen(&mirror_fen(&pos.fen()));
                let offset = mirrored.as_ref().map_or(features(pos), features);
                data.push(pos.position(), target as f32, true, offset);
            }
        });
    }
    if train.len() == 0 {
        return Err("no chess positions with a result in the journals".into());
    }
    eprintln!(
        "{} games, {} training positions, {} held out",
        games.len(),
        train.len(),
        test.len()
    );
    let mut p = init.map_or_else(|| Params::random(args.seed, k), |(p, _)| p);
    let (mut m, mut v) = (Params::zeros(), Params::zeros());
    let mut rng = SplitMix(args.seed ^ 0x5eed);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut best = (loss(&p, &test), p.clone(), 0);
    eprintln!("start: held out {:.6}", best.0);
    let mut step = 0i32;
    for epoch in 1..=args.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let lr = if epoch * 4 > args.epochs * 3 {
            args.lr / 10.0
        } else {
            args.lr
        };
        let mut sum = 0.0f64;
        for batch in order.chunks(args.batch) {
            let parts: Vec<(Params, f64)> = batch
                .par_chunks(PART)
                .map(|c| {
                    let mut g = Params::zeros();
                    let e: f64 = c
                        .iter()
                        .map(|&i| p.backward(&train, i, &mut g) as f64)
                        .sum();
                    (g, e)
                })
                .collect();
            let mut g = Params::zeros();
            for (part, e) in &parts {
                g.add(part);
                sum += e;
            }
            step += 1;
            let scale = 1.0 / batch.len() as f32;
            let ps = p.slices_mut();
            let ms = m.slices_mut();
            let vs = v.slices_mut();
            let gs = g.slices_mut();
            for (n, (((pp, mm), vv), gg)) in ps.into_iter().zip(ms).zip(vs).zip(gs).enumerate() {
                // The linear values are summed in 32 bits: not clipped.
                let clipped = n < 4;
                // Only the input rows decay: they are most of the weights, and a row is
                // trained only by the positions holding its piece on its square.
                let decay = if n == 0 { args.weight_decay } else { 0.0 };
                adam_step(
                    pp,
                    mm,
                    vv,
                    gg,
                    scale,
                    step,
                    lr,
                    decay,
                    clipped.then_some(CLIP),
                );
            }
        }
        let held_out = loss(&p, &test);
        eprintln!(
            "epoch {epoch}: loss {:.6} (held out {held_out:.6})",
            sum / train.len() as f64
        );
        if held_out < best.0 {
            best = (held_out, p.clone(), epoch);
        }
    }
    let (held_out, p, epoch) = best;
    eprintln!("kept epoch {epoch}: held out {held_out:.6}");
    let net = p.quantise(k, activation);
    std::fs::write(&args.out, net.to_bytes()).map_err(|e| format!("{}: {e}", args.out.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::Chess;

    /// `--init` starts from exactly the network it reads: the shipped network, read back into
    /// floats and quantised again, is the same file byte for byte.
    #[test]
    fn a_network_read_back_into_floats_quantises_to_itself() {
        let bytes = include_bytes!("../../nets/chess.nnue");
        let net = Network::from_bytes(bytes).unwrap();
        let k = 400.0 / net.cp_per_logit as f64;
        assert_eq!(
            Params::from_network(&net)
                .quantise(k, net.activation)
                .to_bytes(),
            net.to_bytes()
        );
    }

    /// Positions in every output bucket (32, 21 and 4 pieces: buckets 7, 4 and 0) and king
    /// bucket (the kings castled on either wing, in the centre, up the board).
    const BUCKET_FENS: [&str; 5] = [
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r4rk1/pp3ppp/2n5/3q4/3P4/5N2/PP3PPP/R2Q1RK1 b - - 0 14",
        "8/5k2/8/3Pp3/8/8/2K5/8 b - - 0 1",
        "2kr3r/ppp2ppp/2n5/8/8/2N5/PPP2PPP/2KR3R w - - 0 12",
        "8/8/3k4/2p5/8/4K3/5P2/8 w - - 0 50",
    ];

    /// The integer network the engine runs agrees with the float one it stands for, in
    /// every output and king bucket ([`BUCKET_FENS`]). The floats are read back
    /// from the integers, so the tolerance is the engine's integer rounding alone; another
    /// bucket's random layer would miss by hundreds.
    #[test]
    fn the_quantised_network_matches_the_float_one() {
        for activation in [Activation::Clipped, Activation::SquaredClipped] {
            let net = Params::random(7, 2.0).quantise(2.0, activation);
            let p = Params::from_network(&net);
            let mut data = Data {
                squared: activation == Activation::SquaredClipped,
                ..Data::default()
            };
            for fen in BUCKET_FENS {
                let pos = Chess::from_fen(fen).unwrap();
                data.push(pos.position(), 0.5, false, 0.0);
                let float_cp = p.forward(&data, data.len() - 1).0 * 200.0;
                let int_cp = net.evaluate(pos.position()) as f32;
                assert!(
                    (float_cp - int_cp).abs() < 1.5,
                    "{activation:?} {fen}: {float_cp} {int_cp}"
                );
            }
        }
    }

    /// With `--blend` the trainer fits the mean of the feature evaluation and the network
    /// (`fide::blend`), for either side to move and for a mirrored position alike.
    #[test]
    fn the_blended_logit_is_the_blend() {
        let k = 2.2;
        let net = Params::random(11, k).quantise(k, Activation::Clipped);
        let p = Params::from_network(&net);
        let mut data = Data {
            share: 0.5,
            ..Data::default()
        };
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "r4rk1/pp3ppp/2n5/3q4/3P4/5N2/PP3PPP/R2Q1RK1 b - - 0 14",
            "6k1/5p2/8/3Pp3/8/8/2K5/1R6 w - e6 0 40",
        ] {
            // Only positions without castling rights are mirrored.
            let mirrored = (fen.split(' ').nth(2) == Some("-")).then(|| mirror_fen(fen));
            for fen in std::iter::once(fen.to_string()).chain(mirrored) {
                let pos = Fide::<false>::from_fen(&fen).unwrap();
                data.push(pos.position(), 0.5, false, features_half_logit(&pos, k));
                let i = data.len() - 1;
                let cp = data.logit(i, p.forward(&data, i).0) * (400.0 / k) as f32;
                let engine = fide::blend(pos.position(), net.evaluate(pos.position()));
                assert!((cp - engine as f32).abs() < 1.5, "{fen}: {cp} {engine}");
            }
        }
    }

    /// `--factorise`: the rows shared by the king buckets are summed into each bucket's rows
    /// when the network is written, so that the integer network scores as the float one
    /// trained with them; without the shared rows the same buckets would miss by their sums.
    #[test]
    fn a_factorised_network_is_written_with_its_shared_rows_summed_in() {
        // K = 2 makes a logit 200 centipawns.
        let k = 2.0;
        let mut p = Params::from_network(&Params::random(5, k).quantise(k, Activation::Clipped));
        let mut rng = SplitMix(9);
        for x in &mut p.w[INPUTS * HIDDEN..] {
            *x = ((rng.next_u64() % 81) as f32 - 40.0) / QA as f32 / 10.0;
        }
        for x in &mut p.psqt[INPUTS..] {
            *x = ((rng.next_u64() % 2001) as f32 - 1000.0) / (QA * QB) as f32;
        }
        // Shared rows on a grid the integers hold, so that only rounding of sums is left.
        for x in &mut p.w[INPUTS * HIDDEN..] {
            *x = (*x * QA as f32).round() / QA as f32;
        }
        let net = p.quantise(k, Activation::Clipped);
        let mut data = Data {
            factorise: true,
            ..Data::default()
        };
        let mut unfactorised = Data::default();
        let mut missed = 0;
        for fen in BUCKET_FENS {
            let pos = Chess::from_fen(fen).unwrap();
            data.push(pos.position(), 0.5, false, 0.0);
            unfactorised.push(pos.position(), 0.5, false, 0.0);
            let i = data.len() - 1;
            let float_cp = p.forward(&data, i).0 * 200.0;
            let int_cp = net.evaluate(pos.position()) as f32;
            assert!(
                (float_cp - int_cp).abs() < 1.5,
                "{fen}: {float_cp} {int_cp}"
            );
            missed += ((p.forward(&unfactorised, i).0 * 200.0 - int_cp).abs() > 5.0) as usize;
        }
        assert!(missed > 0, "the shared rows changed no score");
    }

    /// Adam's first step moves each weight by the step size against its gradient's sign;
    /// weight decay then takes `lr × decay` of the weight itself, and a weight with no
    /// gradient is moved by the decay alone.
    #[test]
    fn adam_steps_against_the_gradient_and_decays_the_weights() {
        let (lr, decay) = (0.01f32, 0.5f32);
        let mut p = [1.0f32, -2.0, 0.5];
        let (mut m, mut v) = ([0.0f32; 3], [0.0f32; 3]);
        adam_step(
            &mut p,
            &mut m,
            &mut v,
            &[4.0, -0.25, 0.0],
            1.0,
            1,
            lr,
            0.0,
            None,
        );
        assert!(
            (p[0] - 0.99).abs() < 1e-6 && (p[1] + 1.99).abs() < 1e-6,
            "{p:?}"
        );
        assert_eq!(p[2], 0.5);
        let mut q = [1.0f32, -2.0];
        let (mut m, mut v) = ([0.0f32; 2], [0.0f32; 2]);
        adam_step(&mut q, &mut m, &mut v, &[0.0, 0.0], 1.0, 1, lr, decay, None);
        assert!(
            (q[0] - 0.995).abs() < 1e-6 && (q[1] + 1.99).abs() < 1e-6,
            "{q:?}"
        );
        let mut r = [1.9f32];
        let (mut m, mut v) = ([0.0f32; 1], [0.0f32; 1]);
        adam_step(
            &mut r,
            &mut m,
            &mut v,
            &[-1.0],
            1.0,
            1,
            0.5,
            0.0,
            Some(CLIP),
        );
        assert_eq!(r[0], CLIP);
    }

    #[test]
    fn a_mirrored_fen_reverses_the_files() {
        assert_eq!(
            mirror_fen("6k1/5p2/8/3Pp3/8/8/2K5/1R6 w - e6 0 40"),
            "1k6/2p5/8/3pP3/8/8/5K2/6R1 w - d6 0 40"
        );
    }
}
