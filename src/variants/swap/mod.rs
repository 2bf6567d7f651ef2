//! Swap Chess (`docs/rules/swap.md`): FIDE chess plus swap sequences,
//! pawns on their own first rank, the KO rule and its seventh FEN field.
//!
//! Ordinary moves are [`fide`]'s, plus the first-rank pawn double step. Swap
//! sequences come from [`generator`], a deduplicating path search that streams
//! every legal sequence once per resulting position, named by its canonical
//! (smallest) path.
//!
//! Measured (release, one thread, shared 2-core machine; `zest perft`, bulk
//! count at the last ply): sparse positions 10–40 M nodes/s (mate-in-one
//! perft 4 = 2 598 222 in 0.06 s; KO position perft 3 = 914 033 in 0.08 s);
//! crowded positions, where the key set's memory traffic dominates, 2–4 M
//! moves/s (the 46 821 moves of the sample game's 15th move in 6 ms; the
//! 27.7 M after 4. d1/g4/g7/h8 in 8 s; the start position's 106 330 401 moves
//! in 188 s, 2 GB). Legal moves along the page's sample game: 18.6 M on
//! average over its first 25 positions, 9 757 over the other 47 (median 1 175).

pub mod generator;
pub mod keyset;
pub mod path;

pub use path::{SwapMove, SwapPath, MAX_PATH_SQUARES};

use super::{fide, GameResult, Outcome, Variant};
use crate::core::fen::{self, FenError};
use crate::core::{
    Action, ActionKind, Bitboard, Color, MoveError, MoveList, Notation, Piece, Position, Role,
};
use std::ops::ControlFlow;

/// A Swap Chess position: the core position plus the KO field.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Swap {
    pos: Position,
    /// The opponent's last move when it was a swap sequence without promotion.
    ko: Option<SwapPath>,
}

const ROLES: [Role; 6] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// Most pieces a position may hold (FIDE material); bounds a path's length.
const MAX_PIECES: u32 = 32;

impl Swap {
    /// The KO field: the previous move's path when it was a swap sequence without promotion.
    pub fn ko(&self) -> Option<&SwapPath> {
        self.ko.as_ref()
    }

    /// K v K, K+B v K, K+N v K only (swap.md, game end rule 3).
    pub fn insufficient_material(&self) -> bool {
        let b = &self.pos.board;
        let heavy = b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Queen);
        heavy.is_empty() && (b.by_role(Role::Knight) | b.by_role(Role::Bishop)).count() <= 1
    }

    /// Endings that need no move generation: they leave the position without moves.
    pub(crate) fn dead(&self) -> bool {
        self.insufficient_material() || self.pos.halfmove_clock >= 100
    }

    /// Calls `f` with every legal ordinary move: FIDE's plus the double step
    /// of a pawn on its own first rank.
    pub fn for_each_ordinary(&self, f: &mut impl FnMut(Action)) {
        fide::generate(&self.pos, f);
        let us = self.pos.turn();
        let fwd = us.forward();
        let occ = self.pos.board.occupied();
        for from in Bitboard::rank(us.back_rank()) & self.pos.pieces(us, Role::Pawn) {
            let (Some(one), Some(two)) = (from.offset(0, fwd), from.offset(0, 2 * fwd)) else {
                continue;
            };
            if occ.contains(one) || occ.contains(two) {
                continue;
            }
            let a = Action::with_kind(from, two, ActionKind::DoubleStep);
            let mut after = self.pos.clone();
            fide::play(&mut after, a);
            if !fide::king_attacked(&after, us) {
                f(a);
            }
        }
    }

    /// Legal moves whose position some sequence of at most `max_swaps` swaps
    /// reaches: every ordinary move, then those swap sequences, fewest swaps
    /// first ([`generator::for_each_swap_upto`]), each once, by its canonical
    /// path. For search and random play, where the full set (millions in
    /// crowded positions) is out of reach.
    ///
    /// Never empty while the position has a legal move: when no move is that
    /// short (a check that only a long sequence escapes), the first move of the
    /// full generator is given.
    pub fn for_each_move_upto<F: FnMut(SwapMove) -> ControlFlow<()>>(
        &self,
        max_swaps: usize,
        mut f: F,
    ) -> ControlFlow<()> {
        let mut any = false;
        self.for_each_move_forcing(max_swaps, max_swaps, |m| {
            any = true;
            f(m)
        })?;
        if !any && !self.dead() {
            let mut first = None;
            let _ = generator::for_each_swap(&self.pos, self.ko.as_ref(), |p| {
                first = Some(p);
                ControlFlow::Break(())
            });
            if let Some(p) = first {
                return f(SwapMove::Path(p));
            }
        }
        ControlFlow::Continue(())
    }

    /// Ordinary moves, sequences of up to `quiet_max` swaps, and those of up to `forcing_max`
    /// swaps that give check or, in check, escape it ([`generator::for_each_swap_forcing`]).
    /// Bounded: empty when only longer sequences exist (a search scores that as the end).
    pub fn for_each_move_forcing<F: FnMut(SwapMove) -> ControlFlow<()>>(
        &self,
        quiet_max: usize,
        forcing_max: usize,
        mut f: F,
    ) -> ControlFlow<()> {
        if self.dead() {
            return ControlFlow::Continue(());
        }
        self.ordinary_flow(&mut f)?;
        generator::for_each_swap_forcing(&self.pos, self.ko.as_ref(), quiet_max, forcing_max, |p| {
            f(SwapMove::Path(p))
        })
    }

    /// [`Swap::for_each_move_upto`] into a fixed-capacity list (what a search
    /// explores): ordinary moves, then swap sequences fewest swaps first,
    /// until the list is full.
    pub fn legal_moves_upto(&self, max_swaps: usize, list: &mut MoveList<SwapMove>) {
        self.legal_moves_forcing(max_swaps, max_swaps, list);
    }

    /// [`Swap::for_each_move_forcing`] into a fixed-capacity list.
    pub fn legal_moves_forcing(
        &self,
        quiet_max: usize,
        forcing_max: usize,
        list: &mut MoveList<SwapMove>,
    ) {
        list.clear();
        let _ = self.for_each_move_forcing(quiet_max, forcing_max, |m| match list.try_push(m) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        });
    }

    fn ordinary_flow<F: FnMut(SwapMove) -> ControlFlow<()>>(&self, f: &mut F) -> ControlFlow<()> {
        let mut flow = ControlFlow::Continue(());
        self.for_each_ordinary(&mut |a| {
            if flow.is_continue() {
                flow = f(SwapMove::Action(a));
            }
        });
        flow
    }

    /// Whether the KO rule forbids a sequence ending on placement `board`.
    fn ko_forbids(&self, board: &crate::core::Board) -> bool {
        self.ko
            .as_ref()
            .is_some_and(|k| generator::ko_position(&self.pos, k).board == *board)
    }

    fn play_path(&mut self, path: SwapPath) {
        let us = self.pos.turn();
        let squares: Bitboard = path.squares().collect();
        for (color, side, rook) in self
            .pos
            .castles()
            .iter()
            .collect::<arrayvec::ArrayVec<_, 4>>()
        {
            if squares.contains(rook) || squares.contains(self.pos.king(color)) {
                self.pos.set_castle(color, side, None);
            }
        }
        let pawn_moved = (squares & self.pos.board.by_role(Role::Pawn)).any();
        for i in 1..path.len() {
            let (cur, t) = (path.square(i - 1), path.square(i));
            let mut p1 = self.pos.take(cur).expect("P1 on the path");
            let mut x = self.pos.take(t).expect("partner on the path");
            if let Some(r) = path.promotion(i) {
                if p1.role == Role::Pawn && t.rank() == generator::last_rank(p1.color) {
                    p1 = Piece::new(p1.color, r);
                } else if x.role == Role::Pawn && cur.rank() == generator::last_rank(x.color) {
                    x = Piece::new(x.color, r);
                }
            }
            self.pos.put(t, p1);
            self.pos.put(cur, x);
        }
        if pawn_moved {
            self.pos.halfmove_clock = 0;
        } else {
            self.pos.halfmove_clock += 1;
        }
        if us == Color::Black {
            self.pos.fullmoves += 1;
        }
        self.pos.pass_turn();
        self.pos.set_ep_square(None);
        // A promotion can never be undone: no KO after it.
        self.set_ko(if path.has_promotion() {
            None
        } else {
            Some(path)
        });
    }

    fn set_ko(&mut self, ko: Option<SwapPath>) {
        if let Some(old) = self.ko {
            self.pos.toggle_key(old.hash());
        }
        if let Some(new) = ko {
            self.pos.toggle_key(new.hash());
        }
        self.ko = ko;
    }

    fn parse_ko(field: &str, pos: &Position) -> Result<Option<SwapPath>, FenError> {
        if field == "-" {
            return Ok(None);
        }
        let bad = |why| FenError::BadExtra {
            field: field.to_string(),
            why,
        };
        if field.contains('=') {
            return Err(bad("a KO path has no promotion"));
        }
        let path = SwapPath::parse(field).map_err(|_| bad("expected '-' or a path like e4/c6"))?;
        let mut seen = Bitboard::EMPTY;
        for sq in path.squares() {
            if seen.contains(sq) {
                return Err(bad("a KO path's squares are distinct"));
            }
            seen.set(sq);
            if pos.piece_at(sq).is_none() {
                return Err(bad("a KO path's squares are occupied"));
            }
        }
        match pos.piece_at(path.last()) {
            Some(p) if p.color != pos.turn() => Ok(Some(path)),
            _ => Err(bad(
                "the last square of a KO path holds a piece of the side that just moved",
            )),
        }
    }

    /// Matches an ordinary move string against the legal ordinary moves
    /// (castling also as the king's two-square step).
    fn parse_ordinary(&self, s: &str) -> Result<SwapMove, MoveError> {
        let raw = match Notation::parse(s)? {
            Notation::Action(raw) => raw,
            _ => return Err(MoveError::Malformed(s.to_string())),
        };
        let mut found = None;
        let mut castle = None;
        self.for_each_ordinary(&mut |a| {
            if a.from == raw.from && a.to == raw.to && a.promotion == raw.promotion {
                found = Some(a);
            }
            if a.is_castle()
                && raw.promotion.is_none()
                && a.from == raw.from
                && fide::castle_targets(a.from, a.to).0 == raw.to
            {
                castle = Some(a);
            }
        });
        found
            .or(castle)
            .map(SwapMove::Action)
            .ok_or_else(|| MoveError::Illegal(s.to_string()))
    }
}

impl Variant for Swap {
    type Move = SwapMove;
    const ID: super::VariantId = super::VariantId::Swap;
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        let parsed = fen::parse(fen, 6, 7, "6 or 7")?;
        fen::check_roles(&parsed.position, &ROLES)?;
        let pos = parsed.position;
        let b = &pos.board;
        if (pos.pieces(Color::White, Role::Pawn) & Bitboard::rank(7)).any()
            || (pos.pieces(Color::Black, Role::Pawn) & Bitboard::rank(0)).any()
        {
            return Err(FenError::Illegal("pawn on its last rank"));
        }
        if b.occupied().count() > MAX_PIECES {
            return Err(FenError::Illegal("more than 32 pieces"));
        }
        if fide::king_attacked(&pos, !pos.turn()) {
            return Err(FenError::Illegal("the side not to move is in check"));
        }
        let ko = match parsed.extras.first() {
            Some(f) => Swap::parse_ko(f, &pos)?,
            None => None,
        };
        let mut s = Swap { pos, ko: None };
        s.set_ko(ko);
        Ok(s)
    }

    fn fen(&self) -> String {
        let mut out = fen::write(&self.pos);
        out.push(' ');
        match &self.ko {
            Some(k) => out.push_str(&k.to_string()),
            None => out.push('-'),
        }
        out
    }

    #[inline]
    fn position(&self) -> &Position {
        &self.pos
    }

    fn key_from_scratch(&self) -> u64 {
        self.pos.key_from_scratch() ^ self.ko.map_or(0, |k| k.hash())
    }

    #[inline]
    fn for_each_move<F: FnMut(SwapMove) -> ControlFlow<()>>(&self, mut f: F) -> ControlFlow<()> {
        if self.dead() {
            return ControlFlow::Continue(());
        }
        self.ordinary_flow(&mut f)?;
        generator::for_each_swap(&self.pos, self.ko.as_ref(), |p| f(SwapMove::Path(p)))
    }

    fn count_moves(&self) -> u64 {
        if self.dead() {
            return 0;
        }
        let mut n = 0u64;
        self.for_each_ordinary(&mut |_| n += 1);
        n + generator::count_swaps(&self.pos, self.ko.as_ref())
    }

    #[inline]
    fn play(&mut self, m: SwapMove) {
        match m {
            SwapMove::Action(a) => {
                fide::play(&mut self.pos, a);
                self.set_ko(None);
            }
            SwapMove::Path(p) => self.play_path(p),
        }
    }

    #[inline]
    fn is_check(&self) -> bool {
        fide::is_check(&self.pos)
    }

    fn is_noisy(&self, m: SwapMove) -> bool {
        match m {
            SwapMove::Action(a) => {
                a.promotion.is_some()
                    || a.kind == ActionKind::EnPassant
                    || (a.kind != ActionKind::Castle && self.pos.piece_at(a.to).is_some())
            }
            SwapMove::Path(p) => p.has_promotion(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let mut any = false;
        self.for_each_ordinary(&mut |_| any = true);
        if !any {
            any = generator::for_each_swap(&self.pos, self.ko.as_ref(), |_| ControlFlow::Break(()))
                .is_break();
        }
        if !any {
            return fide::outcome(&self.pos, false);
        }
        if self.insufficient_material() {
            return Some(Outcome::new(GameResult::Draw, "Insufficient material"));
        }
        if self.pos.halfmove_clock >= 100 {
            return Some(Outcome::draw("50-move rule"));
        }
        None
    }

    fn move_to_string(&self, m: SwapMove) -> String {
        m.to_string()
    }

    /// A path is checked swap by swap (each illegality with its reason) and
    /// returned as its canonical path; an ordinary move is matched against
    /// the ordinary moves only.
    fn parse_move(&self, s: &str) -> Result<SwapMove, MoveError> {
        if self.dead() {
            if let Some(o) = self.outcome() {
                return Err(MoveError::GameOver(o.to_string()));
            }
        }
        if !s.contains('/') {
            return self.parse_ordinary(s);
        }
        let path = SwapPath::parse(s)?;
        let (board, key) = generator::validate(&self.pos, &path)
            .map_err(|why| MoveError::IllegalBecause(s.to_string(), why))?;
        if self.ko_forbids(&board) {
            return Err(MoveError::IllegalBecause(
                s.to_string(),
                "KO: it undoes the opponent's last swap sequence",
            ));
        }
        let canon = generator::canonical(&self.pos, &board, key)
            .ok_or_else(|| MoveError::Illegal(s.to_string()))?;
        Ok(SwapMove::Path(canon))
    }
}
