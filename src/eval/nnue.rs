//! A small neural network for the FIDE pieces (chess and Chess960): 768 inputs (colour ×
//! role × square, seen from each side) for each of `KING_BUCKETS` places of that side's own
//! king ([`king_bucket`]), `HIDDEN` units per side sharing one set of weights (clipped ReLU,
//! or its square: [`Activation`]),
//! and an output from the side to move's units followed by the other side's, plus a linear
//! value per input (material and piece-square values). The output layer is one of
//! `BUCKETS`, chosen by the number of pieces on the board, so that the same units are weighed
//! differently in the opening, the middle game and the endgame. A searched position
//! carries its first layer's sums ([`Accumulator`]), updated by the few rows a move changes
//! rather than summed again from all its pieces (but a king's move into another bucket, which
//! sums its side again). It is trained by `zest train` (`tools/train.rs`) on the scores of
//! zest's own games. Chess, Chess960 and Arrangement evaluate with it alone: trained to play
//! alone, it is worth more than the feature evaluation beside it, which cost more time than it
//! added (`docs/strength.md`).
//!
//! The output `y` is a logit: the side to move scores with probability `sigmoid(y)`; it is
//! turned into centipawns with the scale `K` of the evaluation it was trained beside
//! (`sigmoid(K · cp / 400)`), so that the search's margins keep their meaning.

use crate::core::{Action, ActionKind, Color, Piece, Position, Role, Square};
use crate::eval::Score;
use crate::variants::fide::castle_targets;
use arrayvec::ArrayVec;
use std::sync::LazyLock;

mod kernels;

/// Hidden units per side.
pub const HIDDEN: usize = 128;
/// Input features per side and king bucket: two colours (own, other) × six roles × 64 squares.
pub const PIECE_INPUTS: usize = 768;
/// Places of a side's own king that choose its view's rows ([`king_bucket`]).
pub const KING_BUCKETS: usize = 4;
/// Input features per side: a set of [`PIECE_INPUTS`] for each king bucket.
pub const INPUTS: usize = KING_BUCKETS * PIECE_INPUTS;
/// Quantisation of the first layer (weights and biases) and of the clipped activations.
pub const QA: i32 = 255;
/// Quantisation of the output weights.
pub const QB: i32 = 64;

/// Output layers, chosen by the pieces on the board ([`bucket`]).
pub const BUCKETS: usize = 8;

const MAGIC: &[u8; 8] = b"ZNNUE\x05\0\0";
/// The format before the activation was chosen: every unit clipped ([`Activation::Clipped`]).
const MAGIC_CLIPPED: &[u8; 8] = b"ZNNUE\x04\0\0";
/// The format before king buckets: one set of rows, read as the same set in every king bucket.
const MAGIC_ONE_KING: &[u8; 8] = b"ZNNUE\x03\0\0";
/// The format before output buckets: one output layer, read as the same layer in every bucket.
const MAGIC_ONE_OUTPUT: &[u8; 8] = b"ZNNUE\x02\0\0";

/// The output layer for a position with `pieces` pieces on the board, kings included: four
/// piece counts a bucket, from the bare kings up.
#[inline]
pub fn bucket(pieces: usize) -> usize {
    (pieces.saturating_sub(2) / 4).min(BUCKETS - 1)
}

/// The king bucket of a side whose king stands on `sq`, seen from that side (rank 1 its own):
/// on its first two ranks by wing (a–c, d–e, f–h), farther up one bucket, so that the
/// units can weigh the pieces around a sheltered king apart from those of an active one.
#[inline]
pub fn king_bucket(sq: usize) -> usize {
    if sq >= 16 {
        3
    } else {
        match sq % 8 {
            0..=2 => 0,
            3 | 4 => 1,
            _ => 2,
        }
    }
}

/// How a hidden unit turns its sum `x` into what the output layer weighs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Activation {
    /// `clamp(x, 0, 1)`.
    Clipped,
    /// `clamp(x, 0, 1)²` (SCReLU): smooth near zero, so a unit can weigh small sums gently
    /// and large ones strongly, which a linear piece cannot.
    SquaredClipped,
}

/// A quantised network.
pub struct Network {
    /// Input weights, one row of `HIDDEN` per feature.
    pub ft_weights: Box<[[i16; HIDDEN]; INPUTS]>,
    pub ft_bias: [i16; HIDDEN],
    /// Output weights a bucket: the side to move's units, then the other side's.
    pub out_weights: [[i16; 2 * HIDDEN]; BUCKETS],
    /// Output bias a bucket, scaled by `QA * QB`.
    pub out_bias: [i32; BUCKETS],
    /// A value per feature added straight to the output (scaled by `QA * QB`): the side to
    /// move's view less the other's, halved. Material and piece-square values live here, so
    /// the hidden units learn what a linear sum cannot.
    pub psqt: Box<[i32; INPUTS]>,
    /// Centipawns per unit of the logit: `400 / K`.
    pub cp_per_logit: f32,
    pub activation: Activation,
}

/// The feature of a piece (`color`, `role` on square index `sq`) seen from `side`, whose
/// king stands on square index `king`: its own pieces first, the board flipped for Black so
/// that both sides see their pieces move up.
#[inline]
pub fn feature(side: Color, color: Color, role: Role, sq: usize, king: usize) -> usize {
    king_bucket(relative(side, king)) * PIECE_INPUTS + piece_feature(side, color, role, sq)
}

/// Square index `sq` seen from `side`.
#[inline]
fn relative(side: Color, sq: usize) -> usize {
    if side == Color::White {
        sq
    } else {
        sq ^ 56
    }
}

/// The feature of a piece within its king bucket's set.
#[inline]
fn piece_feature(side: Color, color: Color, role: Role, sq: usize) -> usize {
    ((color != side) as usize) * 384 + role.index() * 64 + relative(side, sq)
}

impl Network {
    /// Parses the file `zest train` writes; `None` where it is not one. A file of a format
    /// before output or king buckets is read with its one output layer in every output
    /// bucket and its one set of rows in every king bucket: it scores the same.
    pub fn from_bytes(b: &[u8]) -> Option<Network> {
        let u32_at = |at: usize| Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?));
        let hidden = u32_at(8)? as usize;
        let (buckets, kings, start) = match b.get(..8)? {
            m if m == MAGIC => (u32_at(16)? as usize, u32_at(20)? as usize, 28),
            m if m == MAGIC_CLIPPED => (u32_at(16)? as usize, u32_at(20)? as usize, 24),
            m if m == MAGIC_ONE_KING => (u32_at(16)? as usize, 1, 20),
            m if m == MAGIC_ONE_OUTPUT => (1, 1, 16),
            _ => return None,
        };
        let activation = if b.get(..8)? == MAGIC {
            match u32_at(24)? {
                0 => Activation::Clipped,
                1 => Activation::SquaredClipped,
                _ => return None,
            }
        } else {
            Activation::Clipped
        };
        if hidden != HIDDEN
            || (buckets != BUCKETS && buckets != 1)
            || (kings != KING_BUCKETS && kings != 1)
        {
            return None;
        }
        let rows = kings * PIECE_INPUTS;
        let cp_per_logit = f32::from_le_bytes(b.get(12..16)?.try_into().ok()?);
        let mut words = b.get(start..)?.chunks_exact(2);
        let mut next = || words.next().map(|w| i16::from_le_bytes([w[0], w[1]]));
        let mut ft_weights = Box::new([[0i16; HIDDEN]; INPUTS]);
        for row in ft_weights[..rows].iter_mut() {
            for w in row.iter_mut() {
                *w = next()?;
            }
        }
        let mut ft_bias = [0i16; HIDDEN];
        for w in ft_bias.iter_mut() {
            *w = next()?;
        }
        let mut out_weights = [[0i16; 2 * HIDDEN]; BUCKETS];
        for layer in &mut out_weights[..buckets] {
            for w in layer.iter_mut() {
                *w = next()?;
            }
        }
        let mut int = || {
            let lo = next()? as u16 as u32;
            let hi = next()? as u16 as u32;
            Some((lo | hi << 16) as i32)
        };
        let mut out_bias = [0i32; BUCKETS];
        for v in &mut out_bias[..buckets] {
            *v = int()?;
        }
        if buckets == 1 {
            out_weights = [out_weights[0]; BUCKETS];
            out_bias = [out_bias[0]; BUCKETS];
        }
        let mut psqt = Box::new([0i32; INPUTS]);
        for v in psqt[..rows].iter_mut() {
            *v = int()?;
        }
        for f in rows..INPUTS {
            ft_weights[f] = ft_weights[f % rows];
            psqt[f] = psqt[f % rows];
        }
        Some(Network {
            ft_weights,
            ft_bias,
            out_weights,
            out_bias,
            psqt,
            cp_per_logit,
            activation,
        })
    }

    /// The file's bytes (the inverse of [`Network::from_bytes`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = MAGIC.to_vec();
        b.extend((HIDDEN as u32).to_le_bytes());
        b.extend(self.cp_per_logit.to_le_bytes());
        b.extend((BUCKETS as u32).to_le_bytes());
        b.extend((KING_BUCKETS as u32).to_le_bytes());
        b.extend((self.activation as u32).to_le_bytes());
        let words = self
            .ft_weights
            .iter()
            .flatten()
            .chain(&self.ft_bias)
            .chain(self.out_weights.iter().flatten());
        for w in words {
            b.extend(w.to_le_bytes());
        }
        for v in self.out_bias.iter().chain(self.psqt.iter()) {
            b.extend(v.to_le_bytes());
        }
        b
    }

    /// The evaluation in centipawns for the side to move, summed from scratch.
    pub fn evaluate(&self, pos: &Position) -> Score {
        let mut acc = Accumulator::default();
        acc.refresh(self, pos);
        acc.evaluate(self, pos)
    }
}

/// The first layer's sums of a position, White's view and Black's, with the per-input values:
/// what a move changes in them is a few rows, so a search keeps them move by move. A position
/// made by the rules alone carries none (`valid` false) until [`Accumulator::refresh`], so that
/// perft and the referee never pay for them.
#[derive(Clone)]
pub struct Accumulator {
    hidden: [[i16; HIDDEN]; 2],
    psqt: [i32; 2],
    /// Each view's king bucket: the set of rows its pieces are summed from.
    kings: [usize; 2],
    /// A view whose king moved to another bucket: every row changes, so [`Accumulator::settle`]
    /// sums it again once the move is on the board.
    stale: [bool; 2],
    valid: bool,
}

impl Default for Accumulator {
    fn default() -> Self {
        Accumulator {
            hidden: [[0; HIDDEN]; 2],
            psqt: [0; 2],
            kings: [0; 2],
            stale: [false; 2],
            valid: false,
        }
    }
}

impl Accumulator {
    /// Whether the sums are those of the position that carries them.
    #[inline]
    pub fn is_valid(&self) -> bool {
        self.valid
    }

    /// Sums the bias and the rows of every piece of `pos`.
    pub fn refresh(&mut self, net: &Network, pos: &Position) {
        for side in [Color::White, Color::Black] {
            self.refresh_view(net, pos, side);
        }
        self.valid = true;
    }

    /// Sums `side`'s view of `pos` from its pieces.
    fn refresh_view(&mut self, net: &Network, pos: &Position, side: Color) {
        let king = king_bucket(relative(side, pos.king(side).index()));
        let (hidden, psqt) = (&mut self.hidden[side.index()], &mut self.psqt[side.index()]);
        *hidden = net.ft_bias;
        *psqt = 0;
        for color in [Color::White, Color::Black] {
            for role in Role::FIDE {
                for sq in pos.pieces(color, role) {
                    let f = king * PIECE_INPUTS + piece_feature(side, color, role, sq.index());
                    kernels::add(hidden, &net.ft_weights[f]);
                    *psqt += net.psqt[f];
                }
            }
        }
        self.kings[side.index()] = king;
        self.stale[side.index()] = false;
    }

    /// Applies `change` to both views, but a stale one: each view's rows in one pass where the
    /// change is a quiet move's or a capture's.
    #[inline]
    fn apply(&mut self, net: &Network, change: &Change) {
        for side in [Color::White, Color::Black] {
            if self.stale[side.index()] {
                continue;
            }
            let base = self.kings[side.index()] * PIECE_INPUTS;
            let f = |x: [usize; 2]| base + x[side.index()];
            let added = change.put.iter().map(|&x| f(x));
            let removed = change.removed.iter().map(|&x| f(x));
            let psqt = &mut self.psqt[side.index()];
            *psqt += added.clone().map(|i| net.psqt[i]).sum::<i32>();
            *psqt -= removed.clone().map(|i| net.psqt[i]).sum::<i32>();
            let hidden = &mut self.hidden[side.index()];
            let rows = &net.ft_weights;
            match (change.put.as_slice(), change.removed.as_slice()) {
                ([a], [r]) => kernels::add_sub(hidden, &rows[f(*a)], &rows[f(*r)]),
                ([a], [r1, r2]) => {
                    kernels::add_sub2(hidden, &rows[f(*a)], &rows[f(*r1)], &rows[f(*r2)])
                }
                _ => {
                    added.for_each(|i| kernels::add(hidden, &rows[i]));
                    removed.for_each(|i| kernels::sub(hidden, &rows[i]));
                }
            }
        }
    }

    /// Marks the mover's view stale where its king goes to `to`, in another bucket.
    #[inline]
    fn note_king_move(&mut self, us: Color, to: Square) {
        if king_bucket(relative(us, to.index())) != self.kings[us.index()] {
            self.stale[us.index()] = true;
        }
    }

    /// Sums again a view [`Accumulator::play`] left stale, from `pos`, the position after the
    /// move: call it after each move played with `play`.
    #[inline]
    pub fn settle(&mut self, net: &Network, pos: &Position) {
        if !self.valid {
            return;
        }
        for side in [Color::White, Color::Black] {
            if self.stale[side.index()] {
                self.refresh_view(net, pos, side);
            }
        }
    }

    /// Moves the sums from `pos` to the position after the FIDE action `a`, legal in `pos`;
    /// [`Accumulator::settle`] finishes a king's move to another bucket.
    #[inline]
    pub fn play(&mut self, net: &Network, pos: &Position, a: Action) {
        let us = pos.turn();
        if a.kind == ActionKind::Pass {
            return;
        }
        let Some(mover) = pos.piece_at(a.from) else {
            self.valid = false; // not a legal action: sum again when asked
            return;
        };
        let mut change = Change::default();
        match a.kind {
            ActionKind::Pass => {}
            ActionKind::Castle => {
                let (king_to, rook_to) = castle_targets(a.from, a.to);
                self.note_king_move(us, king_to);
                let rook = Piece::new(us, Role::Rook);
                change.remove(mover, a.from);
                change.remove(rook, a.to);
                change.put(mover, king_to);
                change.put(rook, rook_to);
            }
            ActionKind::EnPassant => {
                let victim = a.to.offset(0, -us.forward()).expect("ep victim on board");
                change.remove(mover, a.from);
                change.remove(Piece::new(!us, Role::Pawn), victim);
                change.put(mover, a.to);
            }
            ActionKind::Normal | ActionKind::DoubleStep => {
                if mover.role == Role::King {
                    self.note_king_move(us, a.to);
                }
                change.remove(mover, a.from);
                if let Some(victim) = pos.piece_at(a.to) {
                    change.remove(victim, a.to);
                }
                let placed = a.promotion.map_or(mover, |r| Piece::new(us, r));
                change.put(placed, a.to);
            }
        }
        self.apply(net, &change);
    }

    /// The evaluation of `pos` for its side to move: from these sums where they are kept,
    /// else summed from scratch.
    #[inline]
    pub fn evaluate_position(&self, net: &Network, pos: &Position) -> Score {
        if self.valid {
            self.evaluate(net, pos)
        } else {
            net.evaluate(pos)
        }
    }

    /// The evaluation in centipawns for the side to move of `pos`, the position these sums
    /// are of.
    #[inline]
    pub fn evaluate(&self, net: &Network, pos: &Position) -> Score {
        let stm = pos.turn();
        let (us, them) = (&self.hidden[stm.index()], &self.hidden[(!stm).index()]);
        let b = bucket(pos.board.occupied().count() as usize);
        let (w_us, w_them) = net.out_weights[b]
            .split_first_chunk::<HIDDEN>()
            .expect("two views' weights");
        let w_them = w_them.try_into().expect("two views' weights");
        let mut sum = (self.psqt[stm.index()] - self.psqt[(!stm).index()]) / 2;
        sum += match net.activation {
            Activation::Clipped => {
                kernels::dot_clipped(us, w_us) + kernels::dot_clipped(them, w_them)
            }
            Activation::SquaredClipped => {
                kernels::dot_squared(us, w_us) / QA + kernels::dot_squared(them, w_them) / QA
            }
        };
        let logit = (sum + net.out_bias[b]) as f32 / (QA * QB) as f32;
        (logit * net.cp_per_logit) as Score
    }
}

/// What a move changes in the sums: the features of the pieces it takes off squares and of
/// those it puts on, as each side sees them within a king bucket's set.
#[derive(Default)]
struct Change {
    removed: ArrayVec<[usize; 2], 2>,
    put: ArrayVec<[usize; 2], 2>,
}

impl Change {
    #[inline]
    fn features(piece: Piece, sq: Square) -> [usize; 2] {
        [Color::White, Color::Black]
            .map(|side| piece_feature(side, piece.color, piece.role, sq.index()))
    }

    #[inline]
    fn remove(&mut self, piece: Piece, sq: Square) {
        self.removed.push(Self::features(piece, sq));
    }

    #[inline]
    fn put(&mut self, piece: Piece, sq: Square) {
        self.put.push(Self::features(piece, sq));
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
        let out_weights = std::array::from_fn(|_| std::array::from_fn(|_| r(64) as i16));
        Network {
            ft_weights,
            ft_bias,
            out_weights,
            out_bias: std::array::from_fn(|_| r(5000) as i32),
            psqt: Box::new(std::array::from_fn(|_| r(20000) as i32)),
            cp_per_logit: 180.0,
            activation: Activation::Clipped,
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
        assert_eq!(m.activation, Activation::Clipped);
        assert!(Network::from_bytes(&n.to_bytes()[..100]).is_none());
        let squared = Network {
            activation: Activation::SquaredClipped,
            ..random_network(1)
        };
        let m = Network::from_bytes(&squared.to_bytes()).unwrap();
        assert_eq!(m.activation, Activation::SquaredClipped);
        // An activation this build does not know is no network of it.
        let mut b = squared.to_bytes();
        b[24] = 7;
        assert!(Network::from_bytes(&b).is_none());
    }

    #[test]
    fn a_network_before_king_buckets_reads_its_rows_into_each() {
        // The format before king buckets: the header without their count, one set of rows
        // and linear values; each king bucket then holds that set, so it scores as it did.
        let n = random_network(3);
        let mut b = MAGIC_ONE_KING.to_vec();
        b.extend((HIDDEN as u32).to_le_bytes());
        b.extend(n.cp_per_logit.to_le_bytes());
        b.extend((BUCKETS as u32).to_le_bytes());
        let words = n.ft_weights[..PIECE_INPUTS]
            .iter()
            .flatten()
            .chain(&n.ft_bias)
            .chain(n.out_weights.iter().flatten());
        for w in words {
            b.extend(w.to_le_bytes());
        }
        for v in n.out_bias.iter().chain(&n.psqt[..PIECE_INPUTS]) {
            b.extend(v.to_le_bytes());
        }
        let m = Network::from_bytes(&b).unwrap();
        for f in 0..INPUTS {
            assert_eq!(m.ft_weights[f], n.ft_weights[f % PIECE_INPUTS]);
            assert_eq!(m.psqt[f], n.psqt[f % PIECE_INPUTS]);
        }
        assert_eq!((m.out_weights, m.out_bias), (n.out_weights, n.out_bias));
        assert!(Network::from_bytes(&b[..b.len() - 1]).is_none());
    }

    #[test]
    fn king_buckets_split_the_home_ranks_by_wing() {
        // From each side's own view: a–c, d–e and f–h on its first two ranks, then the rest.
        let at = |name: &str| Square::parse(name).unwrap().index();
        let white = |name: &str| king_bucket(relative(Color::White, at(name)));
        let black = |name: &str| king_bucket(relative(Color::Black, at(name)));
        assert_eq!(
            [white("c1"), white("e1"), white("g1"), white("h2")],
            [0, 1, 2, 2]
        );
        assert_eq!([white("a2"), white("g3"), white("e8")], [0, 3, 3]);
        assert_eq!(
            [black("b8"), black("d8"), black("g7"), black("g6")],
            [0, 1, 2, 3]
        );
        assert_eq!(black("e1"), 3);
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

    #[test]
    fn sums_kept_move_by_move_equal_sums_from_scratch() {
        // Random games from positions rich in castling, en passant and promotion, in chess and
        // Chess960: after every move the kept sums (random weights, so every row counts) must
        // be the ones summed again from the pieces, and the evaluation through `Fide` too.
        use crate::core::MoveList;
        use crate::eval::Evaluate;
        use crate::variants::chess::Chess960;
        let net = random_network(7);
        let mut rng = crate::core::rng::SplitMix(11);
        let mut kinds = [0usize; 5];
        let mut promotions = 0;
        let mut crossings = 0;
        let mut starts: Vec<Chess960> = [
            "r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/2P3k1/8/1pP5/8/8/5Kp1/8 w - b6 0 1",
        ]
        .iter()
        .map(|f| Chess960::from_fen(f).unwrap())
        .collect();
        starts.extend([0, 518, 959].map(Chess960::start_position));
        for start in starts {
            for _ in 0..20 {
                let mut game = start.clone();
                game.prepare_search();
                let mut acc = Accumulator::default();
                acc.refresh(&net, game.position());
                for _ in 0..80 {
                    let mut list = MoveList::new();
                    game.legal_moves(&mut list);
                    if list.is_empty() {
                        break;
                    }
                    let m = list[rng.below(list.len())];
                    kinds[m.kind as usize] += 1;
                    promotions += m.promotion.is_some() as usize;
                    let kings = acc.kings;
                    acc.play(&net, game.position(), m);
                    game.play(m);
                    acc.settle(&net, game.position());
                    crossings += (acc.kings != kings) as usize;
                    let mut fresh = Accumulator::default();
                    fresh.refresh(&net, game.position());
                    assert_eq!(acc.kings, fresh.kings, "{}", game.fen());
                    assert_eq!(acc.hidden, fresh.hidden, "{}", game.fen());
                    assert_eq!(acc.psqt, fresh.psqt, "{}", game.fen());
                    let scratch = Chess960::from_fen(&game.fen()).unwrap();
                    assert_eq!(game.evaluate(), scratch.evaluate(), "{}", game.fen());
                }
            }
        }
        // Every kind of move was played: normal, double step, en passant, castling; promotions.
        assert!(kinds[..4].iter().all(|&n| n > 0), "{kinds:?}");
        assert!(promotions > 0);
        // Kings moved into other buckets, so their views were summed again.
        assert!(crossings > 0);
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
