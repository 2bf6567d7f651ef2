//! Palindromic Chess (`docs/rules/palindromic.md`): the two-action, forward-only
//! game of Interchange, won by the player whose turn completes the exact reversal of
//! the start array. No pawn double step; the own action must be the longest legal
//! move of the chosen piece; no action may preclude any piece from its destination.
//!
//! No preclusion costs lookups: which squares can reach a free destination depends
//! only on the set of home pieces (the walls), so the squares are built once per
//! wall set by a bitboard flood fill and cached; the empty-board table is a `LazyLock`.

use super::two_action::{self, destinations_by_index, type_index, TwoAction, ROLES};
use super::{GameResult, Outcome, Variant};
use crate::core::fen::{self, FenError};
use crate::core::{Action, Bitboard, Color, MoveError, Piece, Position, Role, Square, Turn};
use std::cell::RefCell;
use std::ops::ControlFlow;
use std::sync::LazyLock;

/// Per type index: the squares from which the type reaches a free destination square,
/// around the walls (home pieces).
pub type FreeTable = [Bitboard; 14];

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The set moved by (df, dr), squares leaving the board dropped.
#[inline]
fn shift(bb: u64, df: i8, dr: i8) -> u64 {
    let mut b = bb;
    if df > 0 {
        for _ in 0..df {
            b = (b << 1) & !FILE_A;
        }
    } else {
        for _ in 0..(-df) {
            b = (b >> 1) & !(FILE_A << 7);
        }
    }
    if dr > 0 {
        b << (8 * dr as u32)
    } else {
        b >> (8 * (-dr) as u32)
    }
}

/// Backwards flood fill: the squares (walls excluded) from which a piece of type `t`
/// reaches a destination square that is not a wall, walls blocking as the spec says
/// (no stopping on or sliding across one; a knight jumps over them).
pub fn compute_free(t: usize, walls: Bitboard) -> Bitboard {
    compute_reach(t, destinations_by_index(t), walls)
}

/// The squares (walls excluded) from which a piece of type `t` reaches one of `targets`
/// that is not a wall, around the walls as in [`compute_free`].
pub fn compute_reach(t: usize, targets: Bitboard, walls: Bitboard) -> Bitboard {
    let color = if t < 7 { Color::White } else { Color::Black };
    let role = ROLES[t % 7];
    let sign: i8 = if color == Color::White { 1 } else { -1 };
    let (vecs, slider) = two_action::white_vectors(role);
    let open = !walls.0;
    let mut reach = targets.0 & open;
    loop {
        let mut next = reach;
        for &(df, dr) in vecs {
            // A move by (df, dr) lands in `reach`: its start is `reach` moved back.
            let (bf, br) = (-df * sign, -dr * sign);
            if slider {
                let mut g = reach;
                for _ in 0..7 {
                    g |= shift(g, bf, br) & open;
                }
                next |= g;
            } else {
                next |= shift(reach, bf, br) & open;
            }
        }
        if next == reach {
            return Bitboard(reach);
        }
        reach = next;
    }
}

/// All fourteen types for one wall set.
pub fn compute_free_table(walls: Bitboard) -> FreeTable {
    std::array::from_fn(|t| compute_free(t, walls))
}

/// Part 1 of no preclusion, per type and square: a destination square is reachable on an empty board.
static REACH_EMPTY: LazyLock<FreeTable> = LazyLock::new(|| compute_free_table(Bitboard::EMPTY));

/// Squares from which a piece of `color`/`role` reaches one of its destination squares on an empty board.
pub fn reachable_on_empty_board(color: Color, role: Role) -> Bitboard {
    REACH_EMPTY[type_index(color, role)]
}

const CACHE_BITS: u32 = 12;

struct CacheEntry {
    walls: u64,
    free: FreeTable,
}

thread_local! {
    /// Direct-mapped cache of free-reaching tables by wall set: wall sets repeat across
    /// sibling positions, so the flood fill runs only on a miss.
    static CACHE: RefCell<Box<[CacheEntry]>> = RefCell::new(
        (0..1usize << CACHE_BITS)
            .map(|_| CacheEntry { walls: !0, free: [Bitboard::EMPTY; 14] })
            .collect(),
    );
}

/// The free-reaching table of a wall set (cached).
#[inline]
pub fn free_table(walls: Bitboard) -> FreeTable {
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        let i = (walls.0.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - CACHE_BITS)) as usize;
        let e = &mut c[i];
        if e.walls != walls.0 {
            e.walls = walls.0;
            e.free = compute_free_table(walls);
        }
        e.free
    })
}

/// A Palindromic position: the core position plus what is derived from it (the
/// home pieces and their free-reaching table), kept up to date by `apply`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Palindromic {
    pos: Position,
    walls: Bitboard,
    free: FreeTable,
}

impl Palindromic {
    /// Squares of the home pieces (both colours).
    pub fn walls(&self) -> Bitboard {
        self.walls
    }

    /// Squares from which a piece of type `t` (see [`type_index`]) reaches a free
    /// destination square around the walls.
    pub fn free_reaching(&self, t: usize) -> Bitboard {
        self.free[t]
    }

    /// Takes a piece that is not home off the board (the walls stay as they are): the
    /// board reduced to a group of pieces, for the evaluator's local deadlock test.
    pub fn remove_piece(&mut self, sq: Square) {
        debug_assert!(!self.walls.contains(sq));
        self.pos.take(sq);
    }

    /// Pieces (of both colours) not on a destination square.
    pub fn away(&self) -> Bitboard {
        self.pos.board.occupied() & !self.walls
    }

    /// Legal targets (no preclusion, no maximum-distance rule) of the piece on `from`,
    /// whichever colour it is; empty for a home piece or an empty square.
    pub fn legal_targets_from(&self, from: Square) -> Bitboard {
        match self.pos.piece_at(from) {
            Some(pc) if !self.walls.contains(from) => self.legal_targets(pc.color, pc.role, from),
            _ => Bitboard::EMPTY,
        }
    }

    /// Whether every piece on the board is home.
    pub fn reversal_complete(&self) -> bool {
        self.away().is_empty()
    }

    /// Whether a piece arriving home on `to` from `from` leaves every free-reaching piece
    /// among `others` (pieces not home) free-reaching around the new wall.
    fn home_arrival_ok(&self, others: Bitboard, from: Square, to: Square) -> bool {
        let free2 = free_table(self.walls.with(to));
        let movable = others & !self.walls.with(from);
        for color in Color::ALL {
            for role in ROLES {
                let t = type_index(color, role);
                let pcs = self.pos.pieces(color, role) & movable & self.free[t];
                if (pcs & !free2[t]).any() {
                    return false;
                }
            }
        }
        true
    }

    /// Legal targets (no preclusion, no maximum-distance rule) of the piece on `from`.
    #[inline]
    fn legal_targets(&self, color: Color, role: Role, from: Square) -> Bitboard {
        self.legal_targets_among(self.pos.board.occupied(), color, role, from)
    }

    /// Legal targets of the piece on `from` on the board reduced to the pieces `occupied`
    /// (the home pieces always among them).
    #[inline]
    fn legal_targets_among(
        &self,
        occupied: Bitboard,
        color: Color,
        role: Role,
        from: Square,
    ) -> Bitboard {
        let t = type_index(color, role);
        let geo = two_action::targets(color, role, from, occupied, false);
        let dest = destinations_by_index(t);
        let fr = self.free[t];
        let keep = if fr.contains(from) {
            fr
        } else {
            Bitboard::FULL
        };
        let mut legal = geo & !dest & REACH_EMPTY[t] & keep;
        for to in geo & dest {
            if self.home_arrival_ok(occupied, from, to) {
                legal.set(to);
            }
        }
        legal
    }

    /// Pieces (not home) that can never move again, whatever is played: the largest set
    /// of them none of which has a legal action on the board reduced to the home pieces
    /// and the set. Removing the other pieces only takes obstacles and constraints away,
    /// and later home arrivals only add walls, so such a set stays frozen for good (the
    /// deadlock of the spec's *Game end* section is one, seen from its first action).
    pub fn frozen_for_good(&self) -> Bitboard {
        let mut frozen = self.away();
        loop {
            let occupied = self.walls | frozen;
            let mut mobile = Bitboard::EMPTY;
            for from in frozen {
                let p = two_action::piece_on(&self.pos, from);
                if self
                    .legal_targets_among(occupied, p.color, p.role, from)
                    .any()
                {
                    mobile.set(from);
                }
            }
            if mobile.is_empty() {
                return frozen;
            }
            frozen &= !mobile;
        }
    }
}

/// Longest-distance subset of a slider's targets.
#[inline]
fn longest(from: Square, targets: Bitboard) -> Bitboard {
    let mut best = 0;
    let mut out = Bitboard::EMPTY;
    for to in targets {
        let d = from.distance(to);
        if d > best {
            best = d;
            out = Bitboard::EMPTY;
        }
        if d == best {
            out.set(to);
        }
    }
    out
}

impl TwoAction for Palindromic {
    const DOUBLE_STEP: bool = false;

    #[inline]
    fn pos(&self) -> &Position {
        &self.pos
    }

    #[inline]
    fn pos_mut(&mut self) -> &mut Position {
        &mut self.pos
    }

    /// Home pieces never move (no legal move), so only the others are looked at.
    #[inline]
    fn actions<F: FnMut(Action) -> ControlFlow<()>>(
        &self,
        color: Color,
        own: bool,
        mut f: F,
    ) -> ControlFlow<()> {
        for from in self.pos.board.by_color(color) & !self.walls {
            let role = two_action::piece_on(&self.pos, from).role;
            let mut legal = self.legal_targets(color, role, from);
            if own && !matches!(role, Role::Pawn | Role::Knight | Role::King) {
                legal = longest(from, legal);
            }
            for to in legal {
                f(Action::new(from, to))?;
            }
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn count_other_actions(&self) -> u64 {
        let color = !self.pos.turn();
        let mut n = 0;
        for from in self.pos.board.by_color(color) & !self.walls {
            let role = two_action::piece_on(&self.pos, from).role;
            n += self.legal_targets(color, role, from).count() as u64;
        }
        n
    }

    #[inline]
    fn apply(&mut self, a: Action) {
        let p = two_action::piece_on(&self.pos, a.from);
        self.pos.shift(a.from, a.to);
        if two_action::destinations(p.color, p.role).contains(a.to) {
            self.walls.set(a.to);
            self.free = free_table(self.walls);
        }
    }

    fn why_illegal(&self, color: Color, own: bool, a: Action) -> &'static str {
        let Some(Piece { role, .. }) = self.pos.piece_at(a.from) else {
            return "no piece on the from-square";
        };
        let t = type_index(color, role);
        let dest = destinations_by_index(t);
        if !REACH_EMPTY[t].contains(a.to) {
            return "precludes its piece";
        }
        if dest.contains(a.to) {
            if !self.home_arrival_ok(self.pos.board.occupied(), a.from, a.to) {
                return "precludes another piece";
            }
        } else if self.free[t].contains(a.from) && !self.free[t].contains(a.to) {
            return "precludes its piece";
        }
        if own {
            "not maximal distance"
        } else {
            "not a legal action"
        }
    }
}

impl Variant for Palindromic {
    type Move = Turn;
    const ID: super::VariantId = super::VariantId::Palindromic;
    const START_FEN: &'static str = "lnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNL w - - 0 1";
    const HAS_CAPTURES: bool = false;
    const REPETITION_DRAWS: bool = false;

    fn from_fen(text: &str) -> Result<Self, FenError> {
        let pos = two_action::parse_fen(text)?;
        LazyLock::force(&REACH_EMPTY);
        for (sq, p) in pos.board.pieces() {
            if !reachable_on_empty_board(p.color, p.role).contains(sq) {
                return Err(FenError::Illegal(
                    "a piece cannot reach its destination squares",
                ));
            }
        }
        let walls = two_action::home_mask(&pos);
        Ok(Palindromic {
            pos,
            walls,
            free: free_table(walls),
        })
    }

    fn fen(&self) -> String {
        fen::write(&self.pos)
    }

    #[inline]
    fn position(&self) -> &Position {
        &self.pos
    }

    #[inline]
    fn for_each_move<F: FnMut(Turn) -> ControlFlow<()>>(&self, f: F) -> ControlFlow<()> {
        two_action::for_each_turn(self, f)
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        two_action::count_turns(self)
    }

    /// A turn exists exactly when some piece of either colour has a legal action.
    fn has_moves(&self) -> bool {
        let any = |c| {
            self.actions(c, false, |_| ControlFlow::Break(()))
                .is_break()
        };
        any(Color::White) || any(Color::Black)
    }

    #[inline]
    fn play(&mut self, m: Turn) {
        two_action::play_turn(self, m);
    }

    fn is_check(&self) -> bool {
        false
    }

    fn is_noisy(&self, _m: Turn) -> bool {
        false
    }

    /// Reversal complete: the side that just moved made it; otherwise nothing can move: deadlock.
    fn outcome(&self) -> Option<Outcome> {
        if self.reversal_complete() {
            let winner = !self.pos.turn();
            return Some(Outcome::new(
                GameResult::win(winner),
                match winner {
                    Color::White => "White completes the reversal",
                    Color::Black => "Black completes the reversal",
                },
            ));
        }
        if self.has_moves() {
            None
        } else {
            Some(Outcome::draw("Deadlock"))
        }
    }

    fn move_to_string(&self, m: Turn) -> String {
        m.to_string()
    }

    fn parse_move(&self, s: &str) -> Result<Turn, MoveError> {
        two_action::parse_turn(self, s, || self.outcome())
    }
}
