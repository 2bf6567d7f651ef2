//! Arrangement Chess (`docs/rules/arrangement.md`): a four-step setup phase in which
//! the players swap back-rank pieces (Black's king swap, White's forced mirror, Black's queen
//! swap, White's queen swap joined to White's first move), then FIDE chess with Chess960
//! castling. The play phase is [`fide`] unchanged; this file only adds the setup phase, its
//! FEN field, its notation and the spec's endings (and carries the chess network's sums for
//! the search, as chess does).

use super::{fide, Outcome, Variant};
use crate::core::fen::{self, FenError};
use crate::core::{
    zobrist, Action, ActionKind, Bitboard, CastleSide, Color, MoveError, Notation, Piece, Position,
    RawAction, Role, Square,
};
use crate::eval::nnue::{self, Accumulator};
use std::fmt;
use std::ops::ControlFlow;

/// Where the game stands: one of the four setup steps (FEN 7th field) or the play phase.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Black swaps its king with a knight, bishop or queen, or passes.
    King = 0,
    /// White's forced mirror of Black's king swap (or `0000`).
    Mirror = 1,
    /// Black swaps its queen with a knight or bishop, or passes.
    Queen = 2,
    /// White's optional queen swap plus its first move, as one move.
    First = 3,
    /// Orthodox play (FIDE rules, Chess960 castling).
    Play = 4,
}

impl Step {
    /// The FEN 7th field (`-` for the play phase, which is written with six fields).
    pub const fn field(self) -> &'static str {
        match self {
            Step::King => "king",
            Step::Mirror => "mirror",
            Step::Queen => "queen",
            Step::First => "first",
            Step::Play => "-",
        }
    }

    fn from_field(s: &str) -> Option<Step> {
        Some(match s {
            "king" => Step::King,
            "mirror" => Step::Mirror,
            "queen" => Step::Queen,
            "first" => Step::First,
            "-" => Step::Play,
            _ => return None,
        })
    }

    /// The side that moves at this step (any side in the play phase).
    const fn side(self) -> Option<Color> {
        match self {
            Step::King | Step::Queen => Some(Color::Black),
            Step::Mirror | Step::First => Some(Color::White),
            Step::Play => None,
        }
    }

    const fn next(self) -> Step {
        match self {
            Step::King => Step::Mirror,
            Step::Mirror => Step::Queen,
            Step::Queen => Step::First,
            Step::First | Step::Play => Step::Play,
        }
    }

    pub const fn is_setup(self) -> bool {
        !matches!(self, Step::Play)
    }

    /// Key component of the step, so that setup positions never equal play positions.
    #[inline]
    fn key(self) -> u64 {
        match self {
            Step::Play => 0,
            s => zobrist::extra(s as usize),
        }
    }
}

/// A setup swap: the mover (king or queen) goes to `partner`, the partner comes back to `mover`.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Swap {
    pub mover: Square,
    pub partner: Square,
}

impl fmt::Display for Swap {
    /// `e8/g8`: mover's square first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.mover, self.partner)
    }
}

impl fmt::Debug for Swap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// One Arrangement move: a fixed-size enum, so it stays `Copy` and cheap in the play phase.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub enum ArrMove {
    /// A setup swap at step `king`, `mirror` or `queen`: `e8/g8`.
    Swap(Swap),
    /// The setup pass `0000` (steps `king`, `mirror`, `queen`).
    Pass,
    /// Step `first`: optional queen swap plus White's first move, `d1/f1,e2e4` or `e2e4`.
    First(Option<Swap>, Action),
    /// A play-phase move (castling: king square + rook square).
    Play(Action),
}

impl ArrMove {
    /// The chess action of the move, if any.
    pub fn action(self) -> Option<Action> {
        match self {
            ArrMove::First(_, a) | ArrMove::Play(a) => Some(a),
            _ => None,
        }
    }
}

impl fmt::Display for ArrMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArrMove::Swap(s) => write!(f, "{s}"),
            ArrMove::Pass => f.write_str("0000"),
            ArrMove::First(Some(s), a) => write!(f, "{s},{a}"),
            ArrMove::First(None, a) | ArrMove::Play(a) => write!(f, "{a}"),
        }
    }
}

impl fmt::Debug for ArrMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// An Arrangement Chess position: the core position plus the setup step.
#[derive(Clone)]
pub struct Arrangement {
    /// Its key includes [`Step::key`].
    pos: Position,
    step: Step,
    /// The chess network's sums, kept move by move once a search has asked for them
    /// ([`crate::eval::Evaluate::prepare_search`]); no part of the position itself.
    nnue: Accumulator,
}

/// Two positions are equal by placement, side, rights, clocks and step: the network's sums
/// are a cache, kept or not.
impl PartialEq for Arrangement {
    fn eq(&self, other: &Self) -> bool {
        self.pos == other.pos && self.step == other.step
    }
}

impl Eq for Arrangement {}

impl fmt::Debug for Arrangement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Arrangement")
            .field("pos", &self.pos)
            .field("step", &self.step)
            .finish()
    }
}

use super::fide::ROLES;

/// Partners of the king's swap (step `king`, `mirror`).
const KING_PARTNERS: [Role; 3] = [Role::Knight, Role::Bishop, Role::Queen];
/// Partners of the queen's swap (steps `queen`, `first`).
const QUEEN_PARTNERS: [Role; 2] = [Role::Knight, Role::Bishop];

const WHY_BISHOPS: &str = "both bishops would stand on squares of one colour";
const WHY_KING_SAFETY: &str = "the own king would be attacked";
const WHY_KING_MOVER: &str = "at step king only Black's king swaps, written first (e8/g8)";
const WHY_KING_PARTNER: &str =
    "the king swaps only with its own knight, bishop or queen on the first rank";
const WHY_QUEEN_MOVER: &str =
    "at steps queen and first only the queen on its first rank swaps, written first (d8/b8)";
const WHY_QUEEN_PARTNER: &str =
    "the queen swaps only with its own knight or bishop on the first rank";
const WHY_MIRROR: &str = "at step mirror White's only move is the mirror of Black's king swap";
const WHY_SETUP_EXPECTED: &str = "a setup swap or 0000 is expected at this setup step";
const WHY_FIRST_NO_PASS: &str = "no pass at step first: White must make its first move";
const WHY_FIRST_SWAP_ALONE: &str =
    "at step first a queen swap is joined to the first move (d1/b1,e2e4)";
const WHY_NOT_FIRST: &str = "a swap joined to a move is only played at step first";
const WHY_PLAY_SWAP: &str = "no swaps or passes in the play phase";

/// The bishop rule: a side's bishops, if two or more, do not all stand on one colour.
#[inline]
fn bishops_ok(bishops: Bitboard) -> bool {
    !bishops.more_than_one()
        || ((bishops & Bitboard::LIGHT).any() && (bishops & Bitboard::DARK).any())
}

/// Exchanges the pieces on `a` and `b` (both occupied), keeping the key.
fn exchange(pos: &mut Position, a: Square, b: Square) {
    let pa = pos.take(a).expect("swap square occupied");
    let pb = pos.take(b).expect("swap square occupied");
    pos.put(a, pb);
    pos.put(b, pa);
}

/// After a king swap, files each castling right on the side of the king its rook now stands
/// (the rights themselves are kept). Only matters in constructed positions where the king
/// jumps over a castling rook; if both rooks end on one side, the outermost keeps the right
/// (a side has one right per wing).
fn reside_castles(pos: &mut Position, color: Color) {
    let king = pos.king(color);
    let ks = pos.castles().rook(color, CastleSide::King);
    let qs = pos.castles().rook(color, CastleSide::Queen);
    if ks.is_none_or(|r| r.file() > king.file()) && qs.is_none_or(|r| r.file() < king.file()) {
        return;
    }
    pos.clear_castles(color);
    for r in [ks, qs].into_iter().flatten() {
        let side = if r.file() > king.file() {
            CastleSide::King
        } else {
            CastleSide::Queen
        };
        let keep = match pos.castles().rook(color, side) {
            None => true,
            Some(other) => match side {
                CastleSide::King => r.file() > other.file(),
                CastleSide::Queen => r.file() < other.file(),
            },
        };
        if keep {
            pos.set_castle(color, side, Some(r));
        }
    }
}

impl Arrangement {
    /// The setup step (`Play` after it).
    pub fn step(&self) -> Step {
        self.step
    }

    fn set_step(&mut self, step: Step) {
        self.pos.toggle_key(self.step.key() ^ step.key());
        self.step = step;
    }

    /// Checks a swap of the side to move: mover role and square, partner role and square,
    /// the bishop rule, and (unless `king_later`) that the own king is not attacked after it.
    fn check_swap(
        &self,
        s: Swap,
        mover: Role,
        partners: &[Role],
        king_later: bool,
    ) -> Result<(), &'static str> {
        let us = self.pos.turn();
        let back = us.back_rank();
        let (why_mover, why_partner) = if mover == Role::King {
            (WHY_KING_MOVER, WHY_KING_PARTNER)
        } else {
            (WHY_QUEEN_MOVER, WHY_QUEEN_PARTNER)
        };
        if s.mover.rank() != back || self.pos.piece_at(s.mover) != Some(Piece::new(us, mover)) {
            return Err(why_mover);
        }
        match self.pos.piece_at(s.partner) {
            Some(p) if p.color == us && partners.contains(&p.role) && s.partner.rank() == back => {}
            _ => return Err(why_partner),
        }
        let mut after = self.pos.clone();
        exchange(&mut after, s.mover, s.partner);
        if !bishops_ok(after.pieces(us, Role::Bishop)) {
            return Err(WHY_BISHOPS);
        }
        if !king_later && fide::king_attacked(&after, us) {
            return Err(WHY_KING_SAFETY);
        }
        Ok(())
    }

    /// Every legal swap of the side to move with `mover` as the mover, in square order.
    fn for_each_swap<F: FnMut(Swap) -> ControlFlow<()>>(
        &self,
        mover: Role,
        partners: &[Role],
        king_later: bool,
        mut f: F,
    ) -> ControlFlow<()> {
        let us = self.pos.turn();
        let back = Bitboard::rank(us.back_rank());
        let mut partner_bb = Bitboard::EMPTY;
        for &r in partners {
            partner_bb |= self.pos.pieces(us, r);
        }
        for m in self.pos.pieces(us, mover) & back {
            for p in partner_bb & back {
                let s = Swap {
                    mover: m,
                    partner: p,
                };
                if self.check_swap(s, mover, partners, king_later).is_ok() {
                    f(s)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// White's only move at step `mirror`.
    fn mirror_move(&self) -> ArrMove {
        let wk = self.pos.king(Color::White);
        let bk = self.pos.king(Color::Black);
        if wk.file() == bk.file() || wk.rank() != Color::White.back_rank() {
            return ArrMove::Pass;
        }
        let s = Swap {
            mover: wk,
            partner: Square::from_coords(bk.file(), Color::White.back_rank()),
        };
        match self.check_swap(s, Role::King, &KING_PARTNERS, false) {
            Ok(()) => ArrMove::Swap(s),
            Err(_) => ArrMove::Pass,
        }
    }

    /// The position after White's optional queen swap at step `first` (before its first move).
    fn after_first_swap(&self, s: Option<Swap>) -> Position {
        let mut p = self.pos.clone();
        if let Some(s) = s {
            exchange(&mut p, s.mover, s.partner);
        }
        p
    }

    /// Rules 3–4 of the play phase: the game is over whatever the moves.
    #[inline]
    fn drawn_by_rule(&self) -> bool {
        self.pos.halfmove_clock >= 100 || fide::insufficient_material(&self.pos)
    }

    /// The play-phase action written `raw` in `pos`, if legal.
    fn find_action(pos: &Position, raw: RawAction) -> Option<Action> {
        let mut found = None;
        fide::generate(pos, &mut |a| {
            if found.is_none()
                && a.from == raw.from
                && a.to == raw.to
                && a.promotion == raw.promotion
            {
                found = Some(a);
            }
        });
        found
    }

    /// Whether `m` is among the listed moves.
    fn is_listed(&self, m: ArrMove) -> bool {
        self.for_each_move(|x| {
            if x == m {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
    }

    /// Reads `s` into a move candidate of this step, with the reason when the shape cannot fit.
    fn resolve(&self, s: &str) -> Result<ArrMove, MoveError> {
        let because = |why: &'static str| MoveError::IllegalBecause(s.to_string(), why);
        let malformed = || MoveError::Malformed(s.to_string());
        if let Some((left, right)) = s.split_once(',') {
            // `d1/f1,e2e4`: a queen swap joined to White's first move.
            let swap = match Notation::parse(left)? {
                Notation::Path(p) if p.len() == 2 && p.iter().all(|st| st.promotion.is_none()) => {
                    Swap {
                        mover: p[0].square,
                        partner: p[1].square,
                    }
                }
                Notation::Pass => {
                    return Err(if self.step == Step::First {
                        because(WHY_FIRST_NO_PASS)
                    } else {
                        because(WHY_NOT_FIRST)
                    })
                }
                _ => return Err(malformed()),
            };
            let raw = match Notation::parse(right)? {
                Notation::Action(a) => a,
                _ => return Err(malformed()),
            };
            if self.step != Step::First {
                return Err(because(WHY_NOT_FIRST));
            }
            self.check_swap(swap, Role::Queen, &QUEEN_PARTNERS, true)
                .map_err(because)?;
            let after = self.after_first_swap(Some(swap));
            let a = Self::find_action(&after, raw).ok_or_else(|| MoveError::Illegal(s.into()))?;
            return Ok(ArrMove::First(Some(swap), a));
        }
        match Notation::parse(s)? {
            Notation::Pass => match self.step {
                Step::King | Step::Queen => Ok(ArrMove::Pass),
                Step::Mirror => {
                    if self.mirror_move() == ArrMove::Pass {
                        Ok(ArrMove::Pass)
                    } else {
                        Err(because(WHY_MIRROR))
                    }
                }
                Step::First => Err(because(WHY_FIRST_NO_PASS)),
                Step::Play => Err(because(WHY_PLAY_SWAP)),
            },
            Notation::Path(p) => {
                if p.len() != 2 || p.iter().any(|st| st.promotion.is_some()) {
                    return Err(malformed());
                }
                let swap = Swap {
                    mover: p[0].square,
                    partner: p[1].square,
                };
                match self.step {
                    Step::King => {
                        self.check_swap(swap, Role::King, &KING_PARTNERS, false)
                            .map_err(because)?;
                        Ok(ArrMove::Swap(swap))
                    }
                    Step::Mirror => {
                        if self.mirror_move() == ArrMove::Swap(swap) {
                            Ok(ArrMove::Swap(swap))
                        } else {
                            Err(because(WHY_MIRROR))
                        }
                    }
                    Step::Queen => {
                        self.check_swap(swap, Role::Queen, &QUEEN_PARTNERS, false)
                            .map_err(because)?;
                        Ok(ArrMove::Swap(swap))
                    }
                    Step::First => Err(because(WHY_FIRST_SWAP_ALONE)),
                    Step::Play => Err(because(WHY_PLAY_SWAP)),
                }
            }
            Notation::Action(raw) => match self.step {
                Step::King | Step::Queen => Err(because(WHY_SETUP_EXPECTED)),
                Step::Mirror => Err(because(WHY_MIRROR)),
                Step::First => Self::find_action(&self.pos, raw)
                    .map(|a| ArrMove::First(None, a))
                    .ok_or_else(|| MoveError::Illegal(s.into())),
                Step::Play => Self::find_action(&self.pos, raw)
                    .map(ArrMove::Play)
                    .ok_or_else(|| MoveError::Illegal(s.into())),
            },
            Notation::Turn(..) | Notation::Castle3 { .. } => Err(malformed()),
        }
    }
}

impl Variant for Arrangement {
    type Move = ArrMove;
    const ID: super::VariantId = super::VariantId::Arrangement;
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 king";

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        let parsed = fen::parse(fen, 6, 7, "6 or 7")?;
        fen::check_roles(&parsed.position, &ROLES)?;
        let mut pos = parsed.position;
        let step = match parsed.extras.first() {
            None => Step::Play,
            Some(&f) => Step::from_field(f).ok_or_else(|| FenError::BadExtra {
                field: f.to_string(),
                why: "expected king, mirror, queen, first or -",
            })?,
        };
        if let Some(side) = step.side() {
            if side != pos.turn() {
                return Err(FenError::BadExtra {
                    field: step.field().to_string(),
                    why: "the setup step does not match the side to move",
                });
            }
            if pos.ep_square().is_some() || pos.halfmove_clock != 0 || pos.fullmoves != 1 {
                return Err(FenError::Illegal(
                    "during the setup en passant is '-', the clocks '0 1'",
                ));
            }
        }
        if (pos.board.by_role(Role::Pawn) & (Bitboard::rank(0) | Bitboard::rank(7))).any() {
            return Err(FenError::Illegal("pawn on the first or last rank"));
        }
        if fide::king_attacked(&pos, !pos.turn()) {
            return Err(FenError::Illegal("the side not to move is in check"));
        }
        pos.toggle_key(step.key());
        Ok(Arrangement {
            pos,
            step,
            nnue: Accumulator::default(),
        })
    }

    fn fen(&self) -> String {
        let mut s = fen::write(&self.pos);
        if self.step.is_setup() {
            s.push(' ');
            s.push_str(self.step.field());
        }
        s
    }

    #[inline]
    fn position(&self) -> &Position {
        &self.pos
    }

    fn key_from_scratch(&self) -> u64 {
        self.pos.key_from_scratch() ^ self.step.key()
    }

    #[inline]
    fn for_each_move<F: FnMut(ArrMove) -> ControlFlow<()>>(&self, mut f: F) -> ControlFlow<()> {
        match self.step {
            Step::Play => {
                if self.drawn_by_rule() {
                    return ControlFlow::Continue(());
                }
                // The FIDE generator cannot stop early; the flag keeps later moves back.
                let mut flow = ControlFlow::Continue(());
                fide::generate(&self.pos, &mut |a| {
                    if flow.is_continue() {
                        flow = f(ArrMove::Play(a));
                    }
                });
                flow
            }
            Step::King => {
                f(ArrMove::Pass)?;
                self.for_each_swap(Role::King, &KING_PARTNERS, false, |s| f(ArrMove::Swap(s)))
            }
            Step::Mirror => f(self.mirror_move()),
            Step::Queen => {
                f(ArrMove::Pass)?;
                self.for_each_swap(Role::Queen, &QUEEN_PARTNERS, false, |s| f(ArrMove::Swap(s)))
            }
            Step::First => {
                let mut flow = ControlFlow::Continue(());
                fide::generate(&self.pos, &mut |a| {
                    if flow.is_continue() {
                        flow = f(ArrMove::First(None, a));
                    }
                });
                flow?;
                self.for_each_swap(Role::Queen, &QUEEN_PARTNERS, true, |s| {
                    let after = self.after_first_swap(Some(s));
                    let mut flow = ControlFlow::Continue(());
                    fide::generate(&after, &mut |a| {
                        if flow.is_continue() {
                            flow = f(ArrMove::First(Some(s), a));
                        }
                    });
                    flow
                })
            }
        }
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        if self.step == Step::Play {
            if self.drawn_by_rule() {
                return 0;
            }
            let mut n = 0u64;
            fide::generate(&self.pos, &mut |_| n += 1);
            return n;
        }
        let mut n = 0;
        let _ = self.for_each_move(|_| {
            n += 1;
            ControlFlow::Continue(())
        });
        n
    }

    #[inline]
    fn play(&mut self, m: ArrMove) {
        match m {
            ArrMove::Play(a) => {
                if self.nnue.is_valid() {
                    self.nnue.play(&nnue::CHESS, &self.pos, a);
                    fide::play(&mut self.pos, a);
                    self.nnue.settle(&nnue::CHESS, &self.pos);
                } else {
                    fide::play(&mut self.pos, a);
                }
                return;
            }
            ArrMove::First(s, a) => {
                if let Some(s) = s {
                    exchange(&mut self.pos, s.mover, s.partner);
                }
                fide::play(&mut self.pos, a);
                self.set_step(Step::Play);
            }
            ArrMove::Swap(s) => {
                let us = self.pos.turn();
                let king_moves = self
                    .pos
                    .piece_at(s.mover)
                    .is_some_and(|p| p.role == Role::King);
                exchange(&mut self.pos, s.mover, s.partner);
                if king_moves {
                    reside_castles(&mut self.pos, us);
                }
                self.pos.pass_turn();
                self.set_step(self.step.next());
            }
            ArrMove::Pass => {
                self.pos.pass_turn();
                self.set_step(self.step.next());
                return;
            }
        }
        // The setup moves are few and change the back rank: sum again.
        if self.nnue.is_valid() {
            self.refresh_network();
        }
    }

    #[inline]
    fn is_check(&self) -> bool {
        fide::is_check(&self.pos)
    }

    fn is_noisy(&self, m: ArrMove) -> bool {
        match m.action() {
            Some(a) => {
                a.promotion.is_some()
                    || a.kind == ActionKind::EnPassant
                    || (a.kind != ActionKind::Castle && self.pos.piece_at(a.to).is_some())
            }
            None => false,
        }
    }

    /// Rules 1–2 at step `first` and in the play phase, 3–4 in the play phase only;
    /// the steps `king`, `mirror`, `queen` always have a move.
    fn outcome(&self) -> Option<Outcome> {
        match self.step {
            Step::King | Step::Mirror | Step::Queen => None,
            Step::First => {
                if self.has_moves() {
                    None
                } else if fide::is_check(&self.pos) {
                    Some(Outcome::mate(!self.pos.turn()))
                } else {
                    Some(Outcome::draw("Stalemate"))
                }
            }
            Step::Play => {
                let mut any = false;
                fide::generate(&self.pos, &mut |_| any = true);
                fide::outcome(&self.pos, any)
            }
        }
    }

    fn move_to_string(&self, m: ArrMove) -> String {
        m.to_string()
    }

    /// Direct check with the reason of the rules (bishop rule, wrong setup step, …),
    /// then confirmed against the listed moves.
    fn parse_move(&self, s: &str) -> Result<ArrMove, MoveError> {
        if matches!(self.step, Step::First | Step::Play) {
            if let Some(o) = self.outcome() {
                return Err(MoveError::GameOver(o.to_string()));
            }
        }
        let m = self.resolve(s)?;
        if self.is_listed(m) {
            Ok(m)
        } else {
            Err(MoveError::Illegal(s.to_string()))
        }
    }
}

impl Arrangement {
    /// Sums the chess network's first layer here, kept up to date by every move played after.
    pub fn refresh_network(&mut self) {
        self.nnue.refresh(&nnue::CHESS, &self.pos);
    }

    /// The chess network's evaluation for the side to move: from the kept sums where there
    /// are some, else from scratch.
    #[inline]
    pub fn network_eval(&self) -> crate::eval::Score {
        self.nnue.evaluate_position(&nnue::CHESS, &self.pos)
    }

    /// The play-phase position with the other side to move (null-move pruning); none during setup.
    pub fn null_move(&self) -> Option<Arrangement> {
        if self.step != Step::Play {
            return None;
        }
        let mut next = self.clone();
        next.pos.pass_turn();
        Some(next)
    }
}
