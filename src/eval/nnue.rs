//! A small neural network for the FIDE pieces (chess and Chess960): 768 inputs (colour ×
//! role × square, seen from each side), `HIDDEN` clipped-ReLU units per side sharing one set
//! of weights, and one output from the side to move's units followed by the other side's,
//! plus a linear value per input (material and piece-square values). It is evaluated from
//! scratch (a position has at most 32 pieces, so an accumulator costs 32 rows of `HIDDEN`
//! additions) and trained by `zest train` (`tools/train.rs`) on the scores of zest's own
//! games. Chess and Chess960 evaluate with the mean of it and the feature evaluation
//! (`eval/fide.rs`): each alone plays weaker than the two together.
//!
//! The output `y` is a logit: the side to move scores with probability `sigmoid(y)`; it is
//! turned into centipawns with the scale `K` of the evaluation it was trained beside
//! (`sigmoid(K · cp / 400)`), so that the search's margins keep their meaning.

use crate::core::{Color, Position, Role};
use crate::eval::Score;
use std::sync::LazyLock;

/// Hidden units per side.
pub const HIDDEN: usize = 64;
/// Input features per side: two colours (own, other) × six roles × 64 squares.
pub const INPUTS: usize = 768;
/// Quantisation of the first layer (weights and biases) and of the clipped activations.
pub const QA: i32 = 255;
/// Quantisation of the output weights.
pub const QB: i32 = 64;

const MAGIC: &[u8; 8] = b"ZNNUE\x02\0\0";

/// A quantised network.
pub struct Network {
    /// Input weights, one row of `HIDDEN` per feature.
    pub ft_weights: Box<[[i16; HIDDEN]; INPUTS]>,
    pub ft_bias: [i16; HIDDEN],
    /// Output weights: the side to move's units, then the other side's.
    pub out_weights: [i16; 2 * HIDDEN],
    /// Output bias, scaled by `QA * QB`.
    pub out_bias: i32,
    /// A value per feature added straight to the output (scaled by `QA * QB`): the side to
    /// move's view less the other's, halved. Material and piece-square values live here, so
    /// the hidden units learn what a linear sum cannot.
    pub psqt: Box<[i32; INPUTS]>,
    /// Centipawns per unit of the logit: `400 / K`.
    pub cp_per_logit: f32,
}

/// The feature of a piece (`color`, `role` on square index `sq`) seen from `side`: its own
/// pieces first, the board flipped for Black so that both sides see their pieces move up.
#[inline]
pub fn feature(side: Color, color: Color, role: Role, sq: usize) -> usize {
    let (other, sq) = if side == Color::White {
        (color != Color::White, sq)
    } else {
        (color != Color::Black, sq ^ 56)
    };
    (other as usize) * 384 + role.index() * 64 + sq
}

impl Network {
    /// Parses the file `zest train` writes; `None` where it is not one.
    pub fn from_bytes(b: &[u8]) -> Option<Network> {
        let hidden = u32::from_le_bytes(b.get(8..12)?.try_into().ok()?) as usize;
        if b.get(..8)? != MAGIC || hidden != HIDDEN {
            return None;
        }
        let cp_per_logit = f32::from_le_bytes(b.get(12..16)?.try_into().ok()?);
        let mut words = b.get(16..)?.chunks_exact(2);
        let mut next = || words.next().map(|w| i16::from_le_bytes([w[0], w[1]]));
        let mut ft_weights = Box::new([[0i16; HIDDEN]; INPUTS]);
        for row in ft_weights.iter_mut() {
            for w in row.iter_mut() {
                *w = next()?;
            }
        }
        let mut ft_bias = [0i16; HIDDEN];
        for w in ft_bias.iter_mut() {
            *w = next()?;
        }
        let mut out_weights = [0i16; 2 * HIDDEN];
        for w in out_weights.iter_mut() {
            *w = next()?;
        }
        let mut int = || {
            let lo = next()? as u16 as u32;
            let hi = next()? as u16 as u32;
            Some((lo | hi << 16) as i32)
        };
        let out_bias = int()?;
        let mut psqt = Box::new([0i32; INPUTS]);
        for v in psqt.iter_mut() {
            *v = int()?;
        }
        Some(Network {
            ft_weights,
            ft_bias,
            out_weights,
            out_bias,
            psqt,
            cp_per_logit,
        })
    }

    /// The file's bytes (the inverse of [`Network::from_bytes`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = MAGIC.to_vec();
        b.extend((HIDDEN as u32).to_le_bytes());
        b.extend(self.cp_per_logit.to_le_bytes());
        let words = self
            .ft_weights
            .iter()
            .flatten()
            .chain(&self.ft_bias)
            .chain(&self.out_weights);
        for w in words {
            b.extend(w.to_le_bytes());
        }
        for v in std::iter::once(&self.out_bias).chain(self.psqt.iter()) {
            b.extend(v.to_le_bytes());
        }
        b
    }

    /// The accumulator of `side`: the bias plus the rows of its pieces' features.
    #[inline]
    fn accumulate(&self, pos: &Position, side: Color) -> ([i16; HIDDEN], i32) {
        let mut acc = self.ft_bias;
        let mut psqt = 0;
        for color in [Color::White, Color::Black] {
            for role in Role::FIDE {
                for sq in pos.pieces(color, role) {
                    let f = feature(side, color, role, sq.index());
                    for (a, w) in acc.iter_mut().zip(&self.ft_weights[f]) {
                        *a = a.wrapping_add(*w);
                    }
                    psqt += self.psqt[f];
                }
            }
        }
        (acc, psqt)
    }

    /// The evaluation in centipawns for the side to move.
    #[inline]
    pub fn evaluate(&self, pos: &Position) -> Score {
        let stm = pos.turn();
        let (us, psqt_us) = self.accumulate(pos, stm);
        let (them, psqt_them) = self.accumulate(pos, !stm);
        let (w_us, w_them) = self.out_weights.split_at(HIDDEN);
        let mut sum = (psqt_us - psqt_them) / 2;
        for (a, w) in us.iter().zip(w_us).chain(them.iter().zip(w_them)) {
            sum += (*a as i32).clamp(0, QA) * *w as i32;
        }
        let logit = (sum + self.out_bias) as f32 / (QA * QB) as f32;
        (logit * self.cp_per_logit) as Score
    }
}

/// The chess network (`nets/chess.nnue`, written by `zest train`; docs/strength.md says on
/// which games and with which arguments), read once.
pub static CHESS: LazyLock<Network> = LazyLock::new(|| {
    Network::from_bytes(include_bytes!("../../nets/chess.nnue")).expect("nets/chess.nnue")
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::Chess;
    use crate::variants::Variant;

    fn random_network(seed: u64) -> Network {
        let mut rng = crate::core::rng::SplitMix(seed);
        let mut r = |m: i64| (rng.next_u64() % (2 * m as u64 + 1)) as i64 - m;
        let mut ft_weights = Box::new([[0i16; HIDDEN]; INPUTS]);
        for w in ft_weights.iter_mut().flatten() {
            *w = r(60) as i16;
        }
        let ft_bias = std::array::from_fn(|_| r(100) as i16);
        let out_weights = std::array::from_fn(|_| r(64) as i16);
        Network {
            ft_weights,
            ft_bias,
            out_weights,
            out_bias: r(5000) as i32,
            psqt: Box::new(std::array::from_fn(|_| r(20000) as i32)),
            cp_per_logit: 180.0,
        }
    }

    #[test]
    fn a_network_survives_its_file() {
        let n = random_network(1);
        let m = Network::from_bytes(&n.to_bytes()).unwrap();
        assert_eq!(n.ft_weights, m.ft_weights);
        assert_eq!(n.out_weights, m.out_weights);
        assert_eq!(n.psqt, m.psqt);
        assert_eq!((n.out_bias, n.cp_per_logit), (m.out_bias, m.cp_per_logit));
        assert!(Network::from_bytes(&n.to_bytes()[..100]).is_none());
    }

    #[test]
    fn colours_mirrored_score_the_same() {
        // Each position and its colour-flipped mirror (ranks reversed, colours swapped, the
        // other side to move) are the same position for the side to move.
        for n in [&random_network(2), &*CHESS] {
            mirrored_pairs_agree(n);
        }
    }

    #[test]
    fn the_shipped_network_knows_material() {
        // A queen up, either side to move: some 8 pawns for the side that has it.
        let up = Chess::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let down = Chess::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        let (up, down) = (up.unwrap(), down.unwrap());
        assert!(CHESS.evaluate(up.position()) > 500);
        assert!(CHESS.evaluate(down.position()) < -500);
        // The start position is about level.
        let start =
            Chess::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert!(CHESS.evaluate(start.position()).abs() < 60);
    }

    fn mirrored_pairs_agree(n: &Network) {
        for (a, b) in [
            (
                "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
                "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4",
            ),
            (
                "8/5k2/8/3Pp3/8/8/2K5/8 b - - 0 1",
                "8/2k5/8/8/3pP3/8/5K2/8 w - - 0 1",
            ),
        ] {
            let pa = Chess::from_fen(a).unwrap();
            let pb = Chess::from_fen(b).unwrap();
            assert_eq!(n.evaluate(pa.position()), n.evaluate(pb.position()), "{a}");
        }
    }
}
