//! Evaluation for FIDE material: chess and Chess960 (Exile, Arrangement and Swap build on the
//! same terms). The terms are features with tuned middle-game and endgame weights
//! (`eval/terms.rs`, `eval/weights.rs`, fitted by `zest tune` on zest's own games); the fairy
//! pieces keep fixed values and the tables below. Chess and Chess960 evaluate with the mean of
//! the features and the chess network (`eval/nnue.rs`). The values here (P 100, N 320, B 330,
//! R 500, Q 900) order captures and estimate exchanges.

use super::terms::{self, fide_terms, Tapered};
use super::weights::WEIGHTS;
use super::{Evaluate, Score, SearchHooks, Threats};
use crate::core::{attacks, cuckoo};
use crate::core::{Action, ActionKind, Bitboard, Color, MoveList, Position, Role, Square};
use crate::variants::chess::Fide;
use crate::variants::fide as rules;
use crate::variants::Variant;

/// Piece values by [`Role`] index: P N B R Q K, then L (a rook), A (B+N), D (short queen), X.
pub type Values = [Score; Role::COUNT];

/// FIDE values; the fairy pieces get the values Exile uses (see `eval::exile`).
pub const VALUES: Values = [100, 320, 330, 500, 900, 0, 500, 800, 600, 280];

/// Value of a role.
#[inline]
pub fn value(role: Role) -> Score {
    VALUES[role.index()]
}

#[rustfmt::skip]
const PAWN: [i8; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
     5, 10, 10,-20,-20, 10, 10,  5,
     5, -5,-10,  0,  0,-10, -5,  5,
     0,  0,  0, 20, 20,  0,  0,  0,
     5,  5, 10, 25, 25, 10,  5,  5,
    10, 10, 20, 30, 30, 20, 10, 10,
    50, 50, 50, 50, 50, 50, 50, 50,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const KNIGHT: [i8; 64] = [
    -50,-40,-30,-30,-30,-30,-40,-50,
    -40,-20,  0,  5,  5,  0,-20,-40,
    -30,  5, 10, 15, 15, 10,  5,-30,
    -30,  0, 15, 20, 20, 15,  0,-30,
    -30,  5, 15, 20, 20, 15,  5,-30,
    -30,  0, 10, 15, 15, 10,  0,-30,
    -40,-20,  0,  0,  0,  0,-20,-40,
    -50,-40,-30,-30,-30,-30,-40,-50,
];
#[rustfmt::skip]
const BISHOP: [i8; 64] = [
    -20,-10,-10,-10,-10,-10,-10,-20,
    -10,  5,  0,  0,  0,  0,  5,-10,
    -10, 10, 10, 10, 10, 10, 10,-10,
    -10,  0, 10, 10, 10, 10,  0,-10,
    -10,  5,  5, 10, 10,  5,  5,-10,
    -10,  0,  5, 10, 10,  5,  0,-10,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -20,-10,-10,-10,-10,-10,-10,-20,
];
#[rustfmt::skip]
const ROOK: [i8; 64] = [
     0,  0,  0,  5,  5,  0,  0,  0,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
     5, 10, 10, 10, 10, 10, 10,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const QUEEN: [i8; 64] = [
    -20,-10,-10, -5, -5,-10,-10,-20,
    -10,  0,  5,  0,  0,  0,  0,-10,
    -10,  5,  5,  5,  5,  5,  0,-10,
      0,  0,  5,  5,  5,  5,  0, -5,
     -5,  0,  5,  5,  5,  5,  0, -5,
    -10,  0,  5,  5,  5,  5,  0,-10,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -20,-10,-10, -5, -5,-10,-10,-20,
];
#[rustfmt::skip]
const KING_MID: [i8; 64] = [
     20, 30, 10,  0,  0, 10, 30, 20,
     20, 20,  0,  0,  0,  0, 20, 20,
    -10,-20,-20,-20,-20,-20,-20,-10,
    -20,-30,-30,-40,-40,-30,-30,-20,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
];
#[rustfmt::skip]
const KING_END: [i8; 64] = [
    -50,-30,-30,-30,-30,-30,-30,-50,
    -30,-30,  0,  0,  0,  0,-30,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-20,-10,  0,  0,-10,-20,-30,
    -50,-40,-30,-20,-20,-30,-40,-50,
];

/// Piece-square bonus of a FIDE piece for `color` (tables are from White's side, a1 first).
#[inline]
pub fn pst(role: Role, color: Color, sq: Square, endgame_weight: i32) -> Score {
    let i = match color {
        Color::White => sq.index(),
        Color::Black => sq.flip_vertical().index(),
    };
    (match role {
        Role::Pawn => PAWN[i],
        Role::Knight => KNIGHT[i],
        Role::Bishop => BISHOP[i],
        Role::Rook => ROOK[i],
        Role::Queen => QUEEN[i],
        // Fairy pieces: the table of the FIDE piece they move most like.
        Role::LeftRook => ROOK[i],
        Role::Archbishop | Role::Duke | Role::Exile => KNIGHT[i],
        Role::King => {
            let (m, e) = (KING_MID[i] as i32, KING_END[i] as i32);
            return (m * (24 - endgame_weight) + e * endgame_weight) / 24;
        }
    }) as Score
}

pub use super::terms::endgame_weight;

/// Material, piece-square values, mobility, pawn structure, king safety and the move for
/// White minus Black: the tuned features ([`super::terms`]) plus the fixed terms of the fairy
/// pieces.
#[inline]
pub fn evaluate_white(pos: &Position) -> Score {
    let eg = endgame_weight(pos);
    let mut t = Tapered {
        weights: &WEIGHTS,
        mg: 0,
        eg: 0,
        cache_pawns: true,
    };
    fide_terms(pos, &mut t);
    t.eg = t.eg * drawish_scale(pos, t.eg) / 64;
    t.blend(eg) + fairy_terms(pos, eg)
}

/// How much of the endgame score (of 64) the side it favours can turn into a win, in
/// FIDE material: a quarter where that side has no pawns and at most a minor piece more
/// than the other (K+R against K+B, K+B+N against K+R: mostly drawn); a half with bishops of
/// opposite colours and no other pieces. Not a feature: `zest tune` leaves it out.
#[inline]
fn drawish_scale(pos: &Position, eg_score: i32) -> i32 {
    if eg_score == 0 || fairy_pieces(pos).any() {
        return 64;
    }
    let strong = if eg_score > 0 {
        Color::White
    } else {
        Color::Black
    };
    let pieces = |c: Color| piece_material(pos, c);
    if pos.pieces(strong, Role::Pawn).is_empty() && pieces(strong) - pieces(!strong) < 400 {
        return 16;
    }
    let lone_bishops = [Color::White, Color::Black].map(|c| {
        let bishops = pos.pieces(c, Role::Bishop);
        bishops.count() == 1 && pieces(c) == value(Role::Bishop)
    });
    if lone_bishops == [true, true] {
        let light = |c: Color| (pos.pieces(c, Role::Bishop) & Bitboard::LIGHT).any();
        if light(Color::White) != light(Color::Black) {
            return 32;
        }
    }
    64
}

/// The value of `c`'s FIDE pieces other than its king and pawns.
#[inline]
fn piece_material(pos: &Position, c: Color) -> Score {
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .map(|r| value(r) * pos.pieces(c, r).count() as Score)
        .sum()
}

/// The squares of the pieces that are not FIDE pieces (Exile's and Palindromic's).
#[inline]
fn fairy_pieces(pos: &Position) -> Bitboard {
    let b = &pos.board;
    b.by_role(Role::LeftRook)
        | b.by_role(Role::Archbishop)
        | b.by_role(Role::Duke)
        | b.by_role(Role::Exile)
}

/// Exile's and Palindromic's pieces, untuned: value, the table of the FIDE piece they move
/// most like, and mobility for the archbishop.
#[inline]
fn fairy_terms(pos: &Position, eg: i32) -> Score {
    let fairy = fairy_pieces(pos);
    if fairy.is_empty() {
        return 0;
    }
    let occ = pos.board.occupied();
    let mut score = 0;
    for sq in fairy {
        let Some(p) = pos.board.piece_at(sq) else {
            continue;
        };
        let mut s = value(p.role) + pst(p.role, p.color, sq, eg);
        if p.role == Role::Archbishop {
            let reach = attacks::bishop(sq, occ) | attacks::knight(sq);
            s += 3 * (reach & !pos.board.by_color(p.color)).count() as Score;
        }
        score += if p.color == Color::White { s } else { -s };
    }
    score
}

/// The hand-set weights, which `zest tune` starts from: the evaluation this one replaced
/// (material plus a centralisation table per piece, the king's blended by phase, 3 cp a
/// square of mobility, 30 for the bishop pair) and the pawn, rook and king terms below.
pub fn initial_weights() -> [[i16; 2]; terms::COUNT] {
    let mut w = [[0i16; 2]; terms::COUNT];
    for role in Role::FIDE {
        for sq in Square::all() {
            let f = terms::PSQ + role.index() * 64 + sq.index();
            let v = value(role);
            w[f] = [
                (v + pst(role, Color::White, sq, 0)) as i16,
                (v + pst(role, Color::White, sq, 24)) as i16,
            ];
        }
    }
    for i in 0..4 {
        w[terms::MOBILITY + i] = [3, 3];
    }
    w[terms::BISHOP_PAIR] = [30, 30];
    // Pawn structure and king safety, set by hand: a passed pawn is worth more the further
    // it has run, above all in the endgame; doubled and isolated pawns are weak; rooks want
    // open files; attacks next to the enemy king and pawns in front of one's own king count
    // in the middle game; the side to move has the initiative.
    let passed = [[0, 10], [5, 15], [10, 25], [25, 45], [45, 75], [70, 110]];
    w[terms::PASSED..terms::PASSED + 6].copy_from_slice(&passed);
    w[terms::DOUBLED] = [-10, -20];
    w[terms::ISOLATED] = [-10, -10];
    w[terms::ROOK_OPEN] = [25, 10];
    w[terms::ROOK_HALF_OPEN] = [12, 6];
    w[terms::KING_ATTACK..terms::KING_ATTACK + 4].copy_from_slice(&[
        [6, 0],
        [6, 0],
        [8, 0],
        [10, 0],
    ]);
    w[terms::SHIELD] = [8, 0];
    w[terms::TEMPO] = [10, 5];
    // Threats and the rest, set by hand as well: a piece a pawn attacks is about to be lost
    // or driven away, and so is a rook or queen a lesser piece attacks; an attack by several
    // pieces on a king is far worse than its parts; a passed pawn with a free path and the
    // kings near it matter in the endgame; an outpost is a square no pawn can challenge; a
    // king without a pawn on its file is open to the rooks.
    w[terms::THREAT_BY_PAWN] = [50, 35];
    w[terms::THREAT_BY_MINOR] = [35, 20];
    w[terms::THREAT_BY_ROOK] = [35, 15];
    w[terms::HANGING] = [20, 15];
    w[terms::KING_DANGER] = [1, 0];
    w[terms::PASSED_FREE] = [2, 8];
    w[terms::PASSED_KINGS] = [0, 2];
    w[terms::OUTPOST] = [25, 15];
    w[terms::OUTPOST + 1] = [15, 5];
    w[terms::KING_OPEN_FILE] = [-15, 0];
    // Pawns that defend each other hold; a backward pawn is a target; a rook on the 7th eats
    // pawns and cuts the king off; a bishop hemmed in by its own pawns is bad; a square to
    // check from that the enemy does not cover is the start of an attack.
    w[terms::SUPPORTED] = [8, 6];
    w[terms::BACKWARD] = [-8, -8];
    w[terms::ROOK_SEVENTH] = [15, 25];
    w[terms::BISHOP_PAWNS] = [-2, -4];
    w[terms::SAFE_CHECK..terms::SAFE_CHECK + 4].copy_from_slice(&[
        [12, 4],
        [6, 2],
        [10, 3],
        [8, 3],
    ]);
    w
}

/// Most material a FIDE action can win: its victim plus what a promotion adds.
#[inline]
pub fn capture_gain(pos: &Position, m: Action) -> Score {
    let victim = match m.kind {
        ActionKind::EnPassant => value(Role::Pawn),
        _ => pos.piece_at(m.to).map_or(0, |p| value(p.role)),
    };
    victim + m.promotion.map_or(0, |r| value(r) - value(Role::Pawn))
}

/// A capture by a piece worth more than its victim onto a square the opponent defends
/// (a one-step static exchange estimate, FIDE attacks only).
#[inline]
pub fn losing_capture(pos: &Position, m: Action) -> bool {
    let Some(mover) = pos.piece_at(m.from) else {
        return false;
    };
    if m.promotion.is_some() || mover.role == Role::King {
        return false;
    }
    let gain = capture_gain(pos, m);
    value(mover.role) > gain
        && crate::variants::fide::attackers(
            pos,
            m.to,
            !mover.color,
            pos.board.occupied().without(m.from),
        )
        .any()
}

/// The mean of the feature evaluation and the network's score, for the side to move: how chess,
/// Chess960 and Arrangement evaluated before the network learnt to play alone. `zest train
/// --blend` still fits a network to it.
#[inline]
pub fn blend(pos: &Position, network: Score) -> Score {
    let s = evaluate_white(pos);
    let features = if pos.turn() == Color::White { s } else { -s };
    (features + network) / 2
}

/// MVV-LVA for a FIDE action.
#[inline]
pub fn mvv_lva(pos: &Position, m: Action) -> i32 {
    let victim = match m.kind {
        ActionKind::EnPassant => 100,
        _ => pos.piece_at(m.to).map_or(0, |p| value(p.role)),
    };
    let attacker = pos.piece_at(m.from).map_or(0, |p| value(p.role));
    victim * 10 - attacker / 10 + m.promotion.map_or(0, |r| value(r) * 10)
}

/// Ordering bonuses of a quiet move that takes a threatened piece to a square the same
/// threat does not reach: a queen attacked by a rook or less, a rook by a minor piece or a
/// pawn, a knight or bishop by a pawn (on the ±49 152 scale of the histories summed).
const ESCAPE_QUEEN: i32 = 24_000;
const ESCAPE_ROOK: i32 = 12_000;
const ESCAPE_MINOR: i32 = 8_000;

/// Whether passing is a fair lower bound for the side to move ([`Evaluate::null_move`]): not
/// with only its king and pawns, where zugzwang is the rule rather than the exception (a
/// pawn ending is often won by the side that need not move), so null-move pruning would
/// cut the very lines that decide it (Stockfish's `non_pawn_material(us)` condition).
pub fn may_pass(pos: &Position) -> bool {
    let b = &pos.board;
    (b.by_color(pos.turn()) & !(b.by_role(Role::King) | b.by_role(Role::Pawn))).any()
}

/// The side to move's [`Threats`] in `pos`.
pub fn threats(pos: &Position) -> Threats {
    let b = &pos.board;
    let them = !pos.turn();
    let occ = b.occupied();
    let theirs = b.by_color(them);
    let by_pawn = Bitboard(terms::pawn_attacks(
        them,
        (b.by_role(Role::Pawn) & theirs).0,
    ));
    let mut by_minor = by_pawn;
    for sq in b.by_role(Role::Knight) & theirs {
        by_minor |= attacks::knight(sq);
    }
    for sq in b.by_role(Role::Bishop) & theirs {
        by_minor |= attacks::bishop(sq, occ);
    }
    let mut by_rook = by_minor;
    for sq in b.by_role(Role::Rook) & theirs {
        by_rook |= attacks::rook(sq, occ);
    }
    Threats {
        by_pawn,
        by_minor,
        by_rook,
    }
}

/// The escape bonus of the quiet action `m` ([`Evaluate::quiet_order`]).
#[inline]
pub fn escape_bonus(pos: &Position, m: Action, t: &Threats) -> i32 {
    let (threat, bonus) = match pos.piece_at(m.from).map(|p| p.role) {
        Some(Role::Queen) => (t.by_rook, ESCAPE_QUEEN),
        Some(Role::Rook) => (t.by_minor, ESCAPE_ROOK),
        Some(Role::Knight | Role::Bishop) => (t.by_pawn, ESCAPE_MINOR),
        _ => return 0,
    };
    if threat.contains(m.from) && !threat.contains(m.to) {
        bonus
    } else {
        0
    }
}

impl<const FRC: bool> SearchHooks for Fide<FRC> {
    const FORWARD_PRUNING: bool = true;
    const CONTINUATION_HISTORY: bool = true;
    const CACHE_EVAL: bool = false;
    const CYCLE_DETECTION: bool = true;

    #[inline]
    fn key_hint(&self, m: Action) -> Option<u64> {
        Some(rules::key_hint(self.position(), m))
    }

    #[inline]
    fn reversible_move(&self, diff: u64) -> bool {
        reversible_fide_move(self.position(), diff)
    }

    /// FIDE's dead positions by material are drawn by the rules, but chess's generator still
    /// lists their moves: without this the search scores K+B against K as a bishop up, and
    /// trades its last pawns into it.
    #[inline]
    fn foreseen_draw(&self) -> Option<Score> {
        rules::insufficient_material(self.position()).then_some(0)
    }
}

/// Whether the side to move has the FIDE piece move whose key difference is `diff`
/// ([`cuckoo::lookup`]) open now: the piece its own and on one of the two squares, nothing
/// between them.
#[inline]
pub fn reversible_fide_move(p: &Position, diff: u64) -> bool {
    cuckoo::lookup(diff).is_some_and(|m| {
        m.piece.color == p.turn()
            && (attacks::between(m.a, m.b) & p.board.occupied()).is_empty()
            && (p.board.piece_at(m.a) == Some(m.piece) || p.board.piece_at(m.b) == Some(m.piece))
    })
}

/// A won ending against a bare king, before material and the mop-up terms: above what the
/// network gives a decisive material edge, so that the search trades into it, and far below
/// the mate scores.
const KNOWN_WIN: Score = 2_000;

/// The network's `score` (computed only where needed), for the side to move of `pos`, with
/// what the network does not know of thin endings. Against a bare king, where the other
/// side has the material to force mate, the score is a known win that grows as the lone king
/// nears the edge (with bishop and knight, a corner of the bishop's colour) and as the kings
/// come together ([`mop_up`]): the network's score is flat there, and a search without that
/// gradient shuffles its queen until the 50-move rule. Elsewhere the score is scaled by what
/// the side it favours can win: nothing without the material to force mate, a part of it in
/// endings that side seldom wins ([`capped_to_winnable`]).
#[inline]
pub fn endgame_knowledge(pos: &Position, score: impl FnOnce() -> Score) -> Score {
    for strong in [Color::White, Color::Black] {
        if let Some(win) = mop_up(pos, strong) {
            return if strong == pos.turn() { win } else { -win };
        }
    }
    capped_to_winnable(pos, score())
}

/// The score, for `strong`, of a position where `!strong` has only its king and `strong` has
/// the material to mate it without a pawn's help (a queen, a rook, bishops of both colours, or
/// bishop and knight): [`KNOWN_WIN`] plus `strong`'s material, 20 a step of the lone king
/// from the centre and 10 a step the kings come together; with bishop and knight, 400 a step
/// of the lone king towards a corner of the bishop's colour and 20 a step the kings come
/// together (Stockfish's weights: on a gentler slope the search left the king in the wrong
/// corner). `None` elsewhere.
#[inline]
fn mop_up(pos: &Position, strong: Color) -> Option<Score> {
    let weak = !strong;
    if pos.board.by_color(weak).count() != 1 {
        return None;
    }
    let heavy = pos.pieces(strong, Role::Rook) | pos.pieces(strong, Role::Queen);
    let (bishops, knights) = (
        pos.pieces(strong, Role::Bishop),
        pos.pieces(strong, Role::Knight),
    );
    let light = (bishops & Bitboard::LIGHT).any();
    let dark = (bishops & Bitboard::DARK).any();
    if heavy.is_empty() && !(light && dark) && !(bishops.any() && knights.any()) {
        return None;
    }
    let (lone, king) = (pos.board.king_of(weak)?, pos.board.king_of(strong)?);
    let material: Score = pos
        .board
        .by_color(strong)
        .into_iter()
        .filter_map(|sq| pos.board.piece_at(sq))
        .map(|p| value(p.role))
        .sum();
    let (f, r) = (lone.file() as Score, lone.rank() as Score);
    let together = 7 - lone.distance(king) as Score;
    let bonus = if heavy.is_empty() && light != dark {
        // Bishop and knight mate only in a corner of the bishop's colour: the steps from the
        // diagonal of the other colour's corners (a1 and h8 are dark), weighted so that the
        // lone king is driven along the edge out of the wrong corner; the edge itself counts
        // for nothing here (the wrong corner is an edge too).
        let corner = if dark {
            (7 - f - r).abs()
        } else {
            (f - r).abs()
        };
        400 * corner + 20 * together
    } else {
        let edge = (3 - f).max(f - 4) + (3 - r).max(r - 4);
        20 * edge + 10 * together
    };
    Some(KNOWN_WIN + material + bonus)
}

/// `score`, for the side to move of `pos`, scaled by how much of it the side it favours can
/// turn into a win (Stockfish's scale factors, of 64): 0 where that side has too little
/// material ever to force mate (no pawn, and a minor piece at most, or two knights against
/// no pawn) or only rook pawns its bishop cannot help queen against a king in their corner;
/// a sixteenth or less where it has no pawn and at most a bishop's worth of pieces more
/// (rook against minor piece, rook and minor piece against rook). The network, which learned
/// from material, scores those endings by what is on the board, not by what can be won.
#[inline]
pub fn capped_to_winnable(pos: &Position, score: Score) -> Score {
    let strong = match score.signum() {
        1 => pos.turn(),
        -1 => !pos.turn(),
        _ => return 0,
    };
    score * winnable_scale(pos, strong) / 64
}

/// Of 64, how much of a score in its favour `strong` can win ([`capped_to_winnable`]).
#[inline]
fn winnable_scale(pos: &Position, strong: Color) -> Score {
    if cannot_force_mate(pos, strong) || wrong_rook_pawns(pos, strong) {
        return 0;
    }
    if pos.pieces(strong, Role::Pawn).is_empty() {
        let (ours, theirs) = (piece_material(pos, strong), piece_material(pos, !strong));
        if ours - theirs <= value(Role::Bishop) {
            return if theirs <= value(Role::Bishop) { 4 } else { 14 };
        }
    }
    64
}

/// Whether `strong`'s pawns all stand on one rook file, its only other pieces are bishops
/// that do not cover the queening square, and the other king stands on that square or next
/// to it: the king cannot be driven out of the corner, so the pawns never queen.
#[inline]
fn wrong_rook_pawns(pos: &Position, strong: Color) -> bool {
    let pawns = pos.pieces(strong, Role::Pawn);
    let bishops = pos.pieces(strong, Role::Bishop);
    let Some(king) = pos.board.king_of(strong) else {
        return false;
    };
    if pawns.is_empty()
        || pos.board.by_color(strong) != pawns | bishops | Bitboard::from_square(king)
    {
        return false;
    }
    let file = if (pawns & !Bitboard::file(0)).is_empty() {
        0
    } else if (pawns & !Bitboard::file(7)).is_empty() {
        7
    } else {
        return false;
    };
    let queening = Square::from_coords(file, (!strong).back_rank());
    let colour = if queening.is_light() {
        Bitboard::LIGHT
    } else {
        Bitboard::DARK
    };
    (bishops & colour).is_empty()
        && pos
            .board
            .king_of(!strong)
            .is_some_and(|k| k.distance(queening) <= 1)
}

/// Whether `c` has no pawn and at most a minor piece, or two knights against a side without
/// pawns (K+N+N cannot force mate on a bare king, but can where a pawn blocks it).
#[inline]
fn cannot_force_mate(pos: &Position, c: Color) -> bool {
    if pos.pieces(c, Role::Pawn).any()
        || pos.pieces(c, Role::Rook).any()
        || pos.pieces(c, Role::Queen).any()
    {
        return false;
    }
    let (knights, bishops) = (pos.pieces(c, Role::Knight), pos.pieces(c, Role::Bishop));
    let minors = (knights | bishops).count();
    minors <= 1 || (minors == 2 && bishops.is_empty() && pos.pieces(!c, Role::Pawn).is_empty())
}

impl<const FRC: bool> Evaluate for Fide<FRC> {
    #[inline]
    fn evaluate(&self) -> Score {
        endgame_knowledge(self.position(), || self.network_eval())
    }

    #[inline]
    fn noisy_order(&self, m: Action) -> i32 {
        mvv_lva(self.position(), m)
    }

    /// The noisy generator, not the full one filtered; the bulk counter says whether any
    /// move exists where no noisy one does.
    #[inline]
    fn noisy_moves(&self, list: &mut MoveList<Action>) -> bool {
        list.clear();
        rules::generate_noisy_into(self.position(), &mut |a| list.push(a));
        !list.is_empty() || rules::count(self.position()) > 0
    }

    #[inline]
    fn capture_gain(&self, m: Action) -> Option<Score> {
        Some(capture_gain(self.position(), m))
    }

    #[inline]
    fn losing_capture(&self, m: Action) -> bool {
        losing_capture(self.position(), m)
    }

    #[inline]
    fn see_ge(&self, m: Action, threshold: Score) -> Option<bool> {
        Some(super::see::see_ge(self.position(), m, threshold))
    }

    #[inline]
    fn threats(&self) -> Threats {
        threats(self.position())
    }

    #[inline]
    fn quiet_order(&self, m: Action, t: &Threats) -> i32 {
        escape_bonus(self.position(), m, t)
    }

    #[inline]
    fn history_index(&self, m: Action) -> usize {
        m.from.index() * 64 + m.to.index()
    }

    fn null_move(&self) -> Option<Self> {
        may_pass(self.position()).then(|| self.with_turn_passed())
    }

    fn prepare_search(&mut self) {
        self.refresh_network();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::Chess;

    fn scale(fen: &str, eg_score: i32) -> i32 {
        drawish_scale(Chess::from_fen(fen).unwrap().position(), eg_score)
    }

    /// Hand-checked: the d4 knight is attacked by the e5 pawn, and b7 covers c6 but no pawn
    /// covers f3; the a1 rook is attacked by the b3 knight, which does not reach a2; the a4
    /// queen by the a8 rook, whose file a5 stays on and b4 leaves.
    #[test]
    fn threatened_pieces_that_step_to_safety_are_ordered_first() {
        let pos = Chess::from_fen("r6k/1p6/8/4p3/Q2N4/1n6/8/R3K3 w - - 0 1").unwrap();
        let t = threats(pos.position());
        let bonus = |uci: &str| escape_bonus(pos.position(), pos.parse_move(uci).unwrap(), &t);
        assert_eq!(bonus("d4f3"), ESCAPE_MINOR);
        assert_eq!(bonus("d4c6"), 0, "c6 is attacked by the b7 pawn");
        assert_eq!(bonus("a1a2"), ESCAPE_ROOK);
        assert_eq!(bonus("a4b4"), ESCAPE_QUEEN);
        assert_eq!(bonus("a4a5"), 0, "still on the a8 rook's file");
        assert_eq!(bonus("e1f1"), 0, "the king is not ordered by threats");
    }

    /// Hand-checked: the side to move passes (null-move pruning) only with a piece beside its
    /// king and pawns; the opponent's pieces do not count.
    #[test]
    fn a_side_with_only_king_and_pawns_does_not_pass() {
        let passes = |fen: &str| Chess::from_fen(fen).unwrap().null_move().is_some();
        assert!(
            !passes("8/5k2/3p4/3P4/3K4/8/8/8 w - - 0 1"),
            "a pawn ending"
        );
        assert!(
            !passes("8/5k2/3p4/3P4/3K4/8/8/8 b - - 0 1"),
            "a pawn ending, Black"
        );
        assert!(
            !passes("8/5k2/3p4/3P4/3K4/8/8/7r w - - 0 1"),
            "Black's rook is not White's"
        );
        assert!(passes("8/5k2/3p4/3P4/3K4/8/8/7r b - - 0 1"), "a rook");
        assert!(passes("8/5k2/8/8/3K4/8/8/6N1 w - - 0 1"), "a knight");
    }

    /// `score` for the side to move of `fen`, capped and scaled by what can be won.
    fn cap(fen: &str, score: Score) -> Score {
        capped_to_winnable(Chess::from_fen(fen).unwrap().position(), score)
    }

    /// Hand-checked material: who can still force mate.
    #[test]
    fn a_side_without_mating_material_scores_a_draw_at_best() {
        assert_eq!(
            cap("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", 300),
            0,
            "a lone bishop"
        );
        // Two knights win against a pawn that blocks the king (Troitsky), not a bare king.
        assert_eq!(cap("4k3/8/2n2n2/8/8/8/4P3/4K3 w - - 0 1", -300), -300);
        assert_eq!(cap("4k3/8/2n2n2/8/8/8/8/4K3 w - - 0 1", -300), 0);
        assert_eq!(cap("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", 100), 100, "a pawn");
        assert_eq!(
            cap("4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1", 400),
            400,
            "bishop and knight"
        );
        // The side the score favours is judged: White's lone bishop leaves Black's edge.
        assert_eq!(cap("4k3/p7/8/8/8/8/8/2B1K3 w - - 0 1", -50), -50);
        assert_eq!(
            cap("4k3/p7/8/8/8/8/8/2B1K3 b - - 0 1", -50),
            0,
            "Black to move"
        );
    }

    /// Hand-checked: against a bare king the network is not asked, and the score is the known
    /// win, the material and the mop-up terms, for the side to move.
    #[test]
    fn a_bare_king_is_driven_to_the_edge_and_to_the_bishops_corner() {
        let eval = |fen: &str| {
            endgame_knowledge(Chess::from_fen(fen).unwrap().position(), || {
                unreachable!("the network is not asked against a bare king")
            })
        };
        let bonus = |edge: Score, apart: Score| 20 * edge + 10 * (7 - apart);
        // Bishop and knight: the lone king's steps from the wrong corners' diagonal, and from
        // the other king; the edge does not count.
        let kbn = |corner: Score, apart: Score| 400 * corner + 20 * (7 - apart);
        // The lone king's square, its steps from the centre and from the other king.
        #[rustfmt::skip]
        let cases = [
            ("k7/8/2K5/8/8/8/8/4Q3 w - - 0 1", 900 + bonus(6, 2), "a8"),
            ("8/8/8/3k4/8/8/8/4Q2K w - - 0 1", 900 + bonus(0, 4), "d5"),
            ("k7/8/2K5/8/8/8/P7/4R3 w - - 0 1", 600 + bonus(6, 2), "a8, R+P"),
            // A dark bishop (c1): a1 is 7 steps from the a8-h1 diagonal, a8 none.
            ("8/8/8/8/8/2K5/8/k1BN4 w - - 0 1", 650 + kbn(7, 2), "a1"),
            ("k2BN3/8/2K5/8/8/8/8/8 w - - 0 1", 650 + kbn(0, 2), "a8, wrong"),
            // A light bishop (c8) turns the corners round.
            ("k1BN4/8/2K5/8/8/8/8/8 w - - 0 1", 650 + kbn(7, 2), "a8"),
        ];
        for (fen, expected, why) in cases {
            assert_eq!(eval(fen), KNOWN_WIN + expected, "{why}");
        }
        let black_to_move = "k7/8/2K5/8/8/8/8/4Q3 b - - 0 1";
        assert_eq!(eval(black_to_move), -(KNOWN_WIN + 900 + bonus(6, 2)));
    }

    /// Where the network is asked: a pawn, or a side that cannot force mate, or a lone king
    /// facing a lone minor piece.
    #[test]
    fn other_endings_keep_the_networks_score() {
        let eval =
            |fen: &str, s: Score| endgame_knowledge(Chess::from_fen(fen).unwrap().position(), || s);
        assert_eq!(
            eval("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", 150),
            150,
            "a pawn alone"
        );
        assert_eq!(
            eval("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", 300),
            0,
            "a lone bishop"
        );
        assert_eq!(
            eval("4k3/p7/8/8/8/8/8/Q3K3 w - - 0 1", 700),
            700,
            "a pawn left"
        );
    }

    /// Hand-checked: what the side the score favours can win of it, of 64.
    #[test]
    fn endings_the_stronger_side_seldom_wins_are_scaled_down() {
        // An h-pawn queens on h8, a dark square: the d1 bishop (light) cannot drive the king
        // out of the corner; the c1 bishop (dark) can.
        assert_eq!(
            cap("7k/8/8/8/8/8/7P/3BK3 w - - 0 1", 300),
            0,
            "wrong bishop"
        );
        assert_eq!(
            cap("7k/8/8/8/8/8/7P/2B1K3 w - - 0 1", 300),
            300,
            "right bishop"
        );
        assert_eq!(
            cap("8/8/8/8/8/8/k6P/3BK3 w - - 0 1", 300),
            300,
            "king far away"
        );
        assert_eq!(
            cap("8/6k1/8/8/8/8/6PP/4K3 w - - 0 1", 300),
            300,
            "two files"
        );
        assert_eq!(cap("8/6k1/8/8/8/7P/7P/4K3 w - - 0 1", 300), 0, "next to h8");
        assert_eq!(
            cap("4k3/p7/8/8/8/8/8/1K6 b - - 0 1", 200),
            0,
            "Black's a-pawn, a1"
        );
        assert_eq!(
            cap("4k3/p7/8/8/8/8/8/1K6 w - - 0 1", -200),
            0,
            "White to move"
        );
        assert_eq!(
            cap("4k3/p7/8/8/8/8/8/2K5 b - - 0 1", 200),
            200,
            "c1 is two steps away"
        );
        // No pawn for the side ahead, at most a bishop's worth of pieces more.
        assert_eq!(
            cap("4k3/8/8/4b3/8/8/8/R3K3 w - - 0 1", 320),
            20,
            "R against B"
        );
        assert_eq!(
            cap("4k3/8/8/8/8/r7/8/R1B1K3 w - - 0 1", 320),
            70,
            "R+B against R"
        );
        assert_eq!(
            cap("4k3/8/8/4b3/8/8/P7/R3K3 w - - 0 1", 320),
            320,
            "a pawn more"
        );
        assert_eq!(
            cap("4k3/8/8/8/8/r7/8/Q3K3 w - - 0 1", 400),
            400,
            "Q against R"
        );
        assert_eq!(
            cap("4k3/pp6/8/8/8/8/8/R3K3 w - - 0 1", 200),
            200,
            "R against pawns"
        );
        assert_eq!(
            cap("4k3/8/8/4n3/8/8/8/2B1KB2 w - - 0 1", 300),
            300,
            "B+B against N"
        );
    }

    #[test]
    fn drawish_endgames_scale_down() {
        // A rook against a bishop, no pawns: mostly drawn; with a pawn for the rook, not.
        assert_eq!(scale("4k3/8/8/8/8/2b5/8/R3K3 w - - 0 1", 200), 16);
        assert_eq!(scale("4k3/8/8/8/8/2b5/P7/R3K3 w - - 0 1", 200), 64);
        // A queen against a rook is a win.
        assert_eq!(scale("4k3/8/8/8/8/2r5/8/Q3K3 w - - 0 1", 400), 64);
        // Opposite-coloured bishops (c1 dark, c6 light) with pawns; same-coloured, not.
        assert_eq!(scale("4k3/8/2b5/8/3P4/8/P7/2B1K3 w - - 0 1", 100), 32);
        assert_eq!(scale("4k3/8/1b6/8/3P4/8/P7/2B1K3 w - - 0 1", 100), 64);
    }
}
