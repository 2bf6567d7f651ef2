//! The swap-sequence generator: a depth-first path search over one scratch
//! position, swapping and unswapping in place (no allocation per node).
//!
//! Children are tried in character order of their notation (target squares
//! file-major, promotions `b n q r`) and a path is reported before its
//! extensions, so the search meets paths in the order of their strings: the
//! first path that reaches a position is that position's canonical name
//! (swap.md, "Moves are positions"). Deduplication is then a set of the
//! positions' keys ([`KeySet`]).
//!
//! The same walk, driven by different [`Visit`]ors, streams every move
//! ([`for_each_swap`]), streams those found within a number of swaps, fewest
//! swaps first ([`for_each_swap_upto`]), and finds the canonical path of a
//! position ([`canonical`]); [`validate`] checks one given path directly.
//!
//! Two paths are one move when they reach the same position (placement,
//! castling rights, halfmove clock): the set holds 64-bit Zobrist keys of those,
//! so two positions of one list would merge only on a key collision (about
//! n²/2⁶⁵ for n moves: 2·10⁻⁵ for the 27.7 million moves Black has after the
//! sample game's 4. d1/g4/g7/h8, negligible in any searched position).

use super::keyset::{with_set, KeySet};
use super::path::{SwapPath, PROMOTION_ORDER};
use crate::core::{attacks, zobrist, Bitboard, Board, Color, Piece, Position, Role, Square};
use crate::variants::fide;
use std::ops::ControlFlow;

/// Rank a pawn of `color` promotes on.
#[inline]
pub fn last_rank(color: Color) -> u8 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}

/// The bitboard transposed (square (file, rank) to bit `file * 8 + rank`):
/// iterating its bits visits squares in the order of their names (`a1 a2 … h8`).
#[inline]
fn transpose(mut x: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let mut t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = K1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// Squares of a set in the order of their names (`a1` < `a2` < … < `b1`).
#[derive(Clone, Copy)]
pub struct NameOrder(u64);

impl NameOrder {
    #[inline]
    pub fn new(b: Bitboard) -> NameOrder {
        NameOrder(transpose(b.0))
    }
}

impl Iterator for NameOrder {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let t = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square::from_coords(t / 8, t % 8))
    }
}

/// Key component of "a pawn changed square" (the halfmove clock resets).
#[inline]
fn pawn_moved_key() -> u64 {
    zobrist::extra(201)
}

/// The squares from which each kind of piece attacks one square, for a fixed
/// occupancy. A swap never changes which squares are occupied, so these stay
/// valid for a whole walk and "is this king attacked" costs bitboard masks only.
#[derive(Clone, Copy)]
struct Rays {
    sq: Square,
    /// Colour of the pieces that would attack (the king's opponent).
    by: Color,
    rook: Bitboard,
    bishop: Bitboard,
    knight: Bitboard,
    king: Bitboard,
    pawn: Bitboard,
}

impl Rays {
    #[inline]
    fn new(sq: Square, by: Color, occ: Bitboard) -> Rays {
        Rays {
            sq,
            by,
            rook: attacks::rook(sq, occ),
            bishop: attacks::bishop(sq, occ),
            knight: attacks::knight(sq),
            king: attacks::king(sq),
            pawn: attacks::pawn(!by, sq),
        }
    }

    /// Whether a piece of `by` attacks `sq` on `board`.
    #[inline]
    fn attacked(&self, board: &Board) -> bool {
        let queens = board.by_role(Role::Queen);
        (((self.rook & (board.by_role(Role::Rook) | queens))
            | (self.bishop & (board.by_role(Role::Bishop) | queens))
            | (self.knight & board.by_role(Role::Knight))
            | (self.king & board.by_role(Role::King))
            | (self.pawn & board.by_role(Role::Pawn)))
            & board.by_color(self.by))
        .any()
    }
}

/// What a walk does with the paths it meets.
pub trait Visit {
    /// Whether the swap that leaves `vacated` holding `landing` is worth trying:
    /// a square P1 leaves keeps its new piece to the end of the sequence.
    #[inline]
    fn accept(&self, _vacated: Square, _landing: Piece) -> bool {
        true
    }
    /// Whether to look for longer sequences from the current path.
    #[inline]
    fn descend(&mut self, _w: &Walker) -> bool {
        true
    }
    /// A legal sequence ends here (it may still go on).
    fn end(&mut self, w: &Walker) -> ControlFlow<()>;
}

/// The scratch state of one walk.
pub struct Walker {
    /// The position with the current path's swaps applied (placement and key only).
    pub pos: Position,
    pub path: SwapPath,
    us: Color,
    occ: Bitboard,
    /// Squares of the path so far; every piece on one has been swapped.
    visited: Bitboard,
    enemy_king: Square,
    /// Attack masks towards the enemy king (which no swap moves) and towards
    /// the mover's king on its square before the move.
    enemy_rays: Rays,
    own_rays: Rays,
    pawns: Bitboard,
    /// Castling rights: the squares (king, rook) whose involvement drops the right, its key.
    rights: [(Bitboard, u64); 4],
    n_rights: usize,
}

impl Walker {
    pub fn new(pos: &Position) -> Walker {
        let us = pos.turn();
        let mut rights = [(Bitboard::EMPTY, 0); 4];
        let mut n_rights = 0;
        for (color, _, rook) in pos.castles().iter() {
            let squares = Bitboard::from_square(rook).with(pos.king(color));
            rights[n_rights] = (squares, zobrist::castle(rook));
            n_rights += 1;
        }
        let s = pos.king(us);
        let occ = pos.board.occupied();
        Walker {
            enemy_rays: Rays::new(pos.king(!us), us, occ),
            own_rays: Rays::new(s, !us, occ),
            pos: pos.clone(),
            path: SwapPath::start(s),
            us,
            occ: pos.board.occupied(),
            visited: Bitboard::EMPTY,
            enemy_king: pos.king(!us),
            pawns: pos.board.by_role(Role::Pawn),
            rights,
            n_rights,
        }
    }

    /// Key of the position the current path leads to, up to turn and clocks:
    /// placement, castling rights dropped, whether a pawn changed square.
    #[inline]
    pub fn result_key(&self) -> u64 {
        let mut k = self.pos.key();
        for &(sq, ck) in &self.rights[..self.n_rights] {
            if (sq & self.visited).any() {
                k ^= ck;
            }
        }
        if (self.pawns & self.visited).any() {
            k ^= pawn_moved_key();
        }
        k
    }

    /// Swaps P1 (on `cur`) with the piece on `t`, placing `new_p1` and `new_x`.
    #[inline]
    fn apply(&mut self, cur: Square, t: Square, new_p1: Piece, new_x: Piece, promo: Option<Role>) {
        self.pos.take(cur);
        self.pos.take(t);
        self.pos.put(t, new_p1);
        self.pos.put(cur, new_x);
        self.visited.set(t);
        self.path.push(t, promo);
    }

    #[inline]
    fn unapply(&mut self, cur: Square, t: Square, p1: Piece, x: Piece) {
        self.path.pop();
        self.visited.clear(t);
        self.pos.take(cur);
        self.pos.take(t);
        self.pos.put(cur, p1);
        self.pos.put(t, x);
    }

    #[inline]
    fn own_king_attacked(&self) -> bool {
        let king = self.pos.king(self.us);
        if king == self.own_rays.sq {
            self.own_rays.attacked(&self.pos.board)
        } else {
            // The king was swapped away from its square.
            fide::attackers(&self.pos, king, !self.us, self.occ).any()
        }
    }

    #[inline]
    fn gives_check(&self) -> bool {
        self.enemy_rays.attacked(&self.pos.board)
    }

    /// Squares P1 (`p1` on `cur`) may swap to: attacked, occupied, not yet in the path.
    #[inline]
    fn targets(&self, cur: Square, p1: Piece) -> Bitboard {
        fide::piece_attacks(p1, cur, self.occ)
            & self.occ
            & !self.visited
            & !Bitboard::from_square(self.enemy_king)
    }

    /// Every sequence from every P1 of the side to move.
    fn walk<V: Visit>(&mut self, v: &mut V) -> ControlFlow<()> {
        let in_check = fide::is_check(&self.pos);
        let starts = self.pos.us() & !self.pos.board.by_role(Role::King);
        for s0 in NameOrder::new(starts) {
            let p1 = self.pos.piece_at(s0).expect("own piece");
            self.path = SwapPath::start(s0);
            self.visited = Bitboard::from_square(s0);
            self.dfs(v, s0, p1, in_check)?;
        }
        ControlFlow::Continue(())
    }

    /// Every continuation of the current path (P1 `p1` on `cur`; `in_check`: the
    /// mover's king is attacked now, a check that has lasted since the move began).
    fn dfs<V: Visit>(
        &mut self,
        v: &mut V,
        cur: Square,
        p1: Piece,
        in_check: bool,
    ) -> ControlFlow<()> {
        for t in NameOrder::new(self.targets(cur, p1)) {
            let x = self.pos.piece_at(t).expect("target occupied");
            if x == p1 {
                continue;
            }
            if p1.role == Role::Pawn && t.rank() == last_rank(p1.color) {
                for r in PROMOTION_ORDER {
                    self.step(
                        v,
                        cur,
                        t,
                        p1,
                        x,
                        Piece::new(p1.color, r),
                        x,
                        Some(r),
                        in_check,
                    )?;
                }
            } else if x.role == Role::Pawn && cur.rank() == last_rank(x.color) {
                for r in PROMOTION_ORDER {
                    self.step(
                        v,
                        cur,
                        t,
                        p1,
                        x,
                        p1,
                        Piece::new(x.color, r),
                        Some(r),
                        in_check,
                    )?;
                }
            } else {
                self.step(v, cur, t, p1, x, p1, x, None, in_check)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// One swap, the rule-4 checks after it, and the sequences through it.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn step<V: Visit>(
        &mut self,
        v: &mut V,
        cur: Square,
        t: Square,
        p1: Piece,
        x: Piece,
        new_p1: Piece,
        new_x: Piece,
        promo: Option<Role>,
        in_check: bool,
    ) -> ControlFlow<()> {
        if !v.accept(cur, new_x) {
            return ControlFlow::Continue(());
        }
        self.apply(cur, t, new_p1, new_x, promo);
        let flow = self.after_swap(v, t, new_p1, in_check);
        self.unapply(cur, t, p1, x);
        flow
    }

    #[inline]
    fn after_swap<V: Visit>(
        &mut self,
        v: &mut V,
        t: Square,
        p1: Piece,
        in_check: bool,
    ) -> ControlFlow<()> {
        let attacked = self.own_king_attacked();
        if attacked && !in_check {
            // A new check on the mover's king: the sequence ends, illegal.
            return ControlFlow::Continue(());
        }
        if self.gives_check() {
            // A check given ends the sequence; legal only out of check.
            if !attacked {
                v.end(self)?;
            }
            return ControlFlow::Continue(());
        }
        if !attacked {
            v.end(self)?;
        }
        if v.descend(self) {
            self.dfs(v, t, p1, attacked)?;
        }
        ControlFlow::Continue(())
    }
}

/// The placement the KO rule forbids: `ko` (the opponent's last sequence) undone.
pub fn ko_position(pos: &Position, ko: &SwapPath) -> Position {
    let mut p = pos.clone();
    let n = ko.len();
    let mut pieces = [None; super::path::MAX_PATH_SQUARES];
    for (i, sq) in ko.squares().enumerate() {
        pieces[i] = p.take(sq);
    }
    // The piece now on s(k) goes back to s0, the one on s(i-1) back to s(i).
    for i in 0..n {
        let from = if i == 0 { n - 1 } else { i - 1 };
        if let Some(pc) = pieces[from] {
            p.put(ko.square(i), pc);
        }
    }
    p
}

/// Streams every legal swap sequence once per resulting position, by its canonical path.
struct Full<'a, F> {
    set: &'a mut KeySet,
    ko: Option<&'a Position>,
    max_swaps: usize,
    /// Whether the bound stopped the walk somewhere (a deeper walk may find more).
    cut: bool,
    canonicalize: bool,
    /// Sequences longer than this are reported only when forcing: they give check, or
    /// the mover started in check (so every legal sequence escapes it).
    quiet_max: usize,
    in_check: bool,
    origin: &'a Position,
    f: F,
}

impl<F: FnMut(SwapPath) -> ControlFlow<()>> Visit for Full<'_, F> {
    #[inline]
    fn descend(&mut self, w: &Walker) -> bool {
        let go = w.path.swaps() < self.max_swaps;
        self.cut |= !go;
        // Past `quiet_max`, a mover who started in check extends only sequences that have not
        // yet escaped it: after the escape, longer ones would be quiet.
        go && !(self.in_check && w.path.swaps() >= self.quiet_max && !w.own_king_attacked())
    }

    #[inline]
    fn end(&mut self, w: &Walker) -> ControlFlow<()> {
        if w.path.swaps() > self.quiet_max && !self.in_check && !w.gives_check() {
            return ControlFlow::Continue(());
        }
        if !self.set.insert(w.result_key()) {
            return ControlFlow::Continue(());
        }
        if let Some(ko) = self.ko {
            if w.pos.key() == ko.key() && w.pos.board == ko.board {
                return ControlFlow::Continue(());
            }
        }
        let path = if self.canonicalize {
            canonical(self.origin, &w.pos.board, w.result_key()).unwrap_or(w.path)
        } else {
            w.path
        };
        (self.f)(path)
    }
}

/// Calls `f` with every legal swap sequence of the side to move, one per
/// resulting position, by its canonical path; `ko` is the opponent's last
/// sequence when the KO rule applies.
pub fn for_each_swap<F: FnMut(SwapPath) -> ControlFlow<()>>(
    pos: &Position,
    ko: Option<&SwapPath>,
    f: F,
) -> ControlFlow<()> {
    walk_with_set(pos, ko, f)
}

/// Like [`for_each_swap`], restricted to the positions that some sequence of at
/// most `max_swaps` swaps reaches, shortest first: first every position one
/// swap reaches, then those two swaps reach and one does not, and so on
/// (iterative deepening over one deduplication set, about 1.6 times the work
/// of a single bounded walk). Each is named by its canonical path, which may
/// be longer. For search and random play, where the full set (millions of
/// moves in crowded positions, growing about ×2.7 per swap) is out of reach.
pub fn for_each_swap_upto<F: FnMut(SwapPath) -> ControlFlow<()>>(
    pos: &Position,
    ko: Option<&SwapPath>,
    max_swaps: usize,
    f: F,
) -> ControlFlow<()> {
    for_each_swap_forcing(pos, ko, max_swaps, max_swaps, f)
}

/// Like [`for_each_swap_upto`] with `quiet_max` swaps, then also the sequences of up to
/// `forcing_max` swaps that give check (every one, when the mover is in check): a search
/// sees long mating or escaping sequences without listing every long quiet one.
pub fn for_each_swap_forcing<F: FnMut(SwapPath) -> ControlFlow<()>>(
    pos: &Position,
    ko: Option<&SwapPath>,
    quiet_max: usize,
    forcing_max: usize,
    f: F,
) -> ControlFlow<()> {
    let ko_pos = ko.map(|k| ko_position(pos, k));
    with_set(|set| {
        let mut v = Full {
            set,
            ko: ko_pos.as_ref(),
            max_swaps: 0,
            cut: true,
            canonicalize: true,
            quiet_max,
            in_check: fide::is_check(pos),
            origin: pos,
            f,
        };
        let mut walker = Walker::new(pos);
        while v.cut && v.max_swaps < forcing_max.max(quiet_max) {
            v.max_swaps += 1;
            v.cut = false;
            walker.walk(&mut v)?;
        }
        ControlFlow::Continue(())
    })
}

/// How many results the unbounded walk holds back before deduplicating them.
const BATCH: usize = 32;

/// The unbounded walk's visitor: like [`Full`], but results wait in a small
/// batch whose set slots are prefetched, so that the set's cache misses (most
/// of the time in crowded positions, where it holds millions of keys) overlap
/// instead of stalling the walk one by one. Results still reach `f` in walk
/// order, so the first path of each position stays the canonical one.
struct Stream<'a, F> {
    set: &'a mut KeySet,
    ko: Option<&'a Position>,
    f: F,
    n: usize,
    keys: [u64; BATCH],
    /// Forbidden by KO: deduplicated like the others, never reported.
    forbidden: [bool; BATCH],
    paths: [SwapPath; BATCH],
}

impl<F: FnMut(SwapPath) -> ControlFlow<()>> Stream<'_, F> {
    fn flush(&mut self) -> ControlFlow<()> {
        let n = std::mem::take(&mut self.n);
        for i in 0..n {
            if self.set.insert(self.keys[i]) && !self.forbidden[i] {
                (self.f)(self.paths[i])?;
            }
        }
        ControlFlow::Continue(())
    }
}

impl<F: FnMut(SwapPath) -> ControlFlow<()>> Visit for Stream<'_, F> {
    #[inline]
    fn end(&mut self, w: &Walker) -> ControlFlow<()> {
        let key = w.result_key();
        self.set.prefetch(key);
        let i = self.n;
        self.keys[i] = key;
        self.forbidden[i] = self
            .ko
            .is_some_and(|ko| w.pos.key() == ko.key() && w.pos.board == ko.board);
        self.paths[i] = w.path;
        self.n += 1;
        if self.n == BATCH {
            self.flush()?;
        }
        ControlFlow::Continue(())
    }
}

/// Every legal sequence, deduplicated, by its first (canonical) path.
fn walk_with_set<F: FnMut(SwapPath) -> ControlFlow<()>>(
    pos: &Position,
    ko: Option<&SwapPath>,
    f: F,
) -> ControlFlow<()> {
    let ko_pos = ko.map(|k| ko_position(pos, k));
    with_set(|set| {
        let mut v = Stream {
            set,
            ko: ko_pos.as_ref(),
            f,
            n: 0,
            keys: [0; BATCH],
            forbidden: [false; BATCH],
            paths: [SwapPath::start(Square::A1); BATCH],
        };
        Walker::new(pos).walk(&mut v)?;
        v.flush()
    })
}

/// Number of distinct positions the legal swap sequences reach (KO applied).
pub fn count_swaps(pos: &Position, ko: Option<&SwapPath>) -> u64 {
    let mut n = 0;
    let _ = for_each_swap(pos, ko, |_| {
        n += 1;
        ControlFlow::Continue(())
    });
    n
}

/// Finds the first (canonical) path reaching `target` (placement) with `key` ([`Walker::result_key`]).
struct Canon<'a> {
    target: &'a Board,
    key: u64,
    found: Option<SwapPath>,
}

impl Visit for Canon<'_> {
    #[inline]
    fn accept(&self, vacated: Square, landing: Piece) -> bool {
        self.target.piece_at(vacated) == Some(landing)
    }

    fn end(&mut self, w: &Walker) -> ControlFlow<()> {
        if w.result_key() == self.key && w.pos.board == *self.target {
            self.found = Some(w.path);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

/// The canonical (smallest) path among the legal sequences that reach the
/// placement `target` with result key `key`; pruned to swaps that leave each
/// vacated square as the target has it, so it is fast even in crowded positions.
pub fn canonical(pos: &Position, target: &Board, key: u64) -> Option<SwapPath> {
    let mut v = Canon {
        target,
        key,
        found: None,
    };
    let _ = Walker::new(pos).walk(&mut v);
    v.found
}

/// A path replayed swap by swap: the walker after its swaps and what the next swap needs.
struct Replayed {
    w: Walker,
    cur: Square,
    p1: Piece,
    /// The mover's king is attacked now (a check that has lasted since the move began).
    in_check: bool,
    /// A check was given: the sequence cannot go on.
    ended: bool,
}

/// Replays `path` (its first square alone is allowed) against the rules, swap by swap.
fn replay(pos: &Position, path: &SwapPath) -> Result<Replayed, &'static str> {
    let mut w = Walker::new(pos);
    let us = pos.turn();
    let s0 = path.square(0);
    let mut p1 = pos
        .piece_at(s0)
        .ok_or("no piece on the path's first square")?;
    if p1.color != us {
        return Err("the swapping piece must belong to the side to move");
    }
    if p1.role == Role::King {
        return Err("the king cannot start a swap sequence");
    }
    w.path = SwapPath::start(s0);
    w.visited = Bitboard::from_square(s0);
    let mut in_check = fide::is_check(pos);
    let mut cur = s0;
    let mut ended = false;
    for i in 1..path.len() {
        let t = path.square(i);
        if ended {
            return Err("a check given ends the sequence");
        }
        if w.visited.contains(t) {
            return Err("re-uses a piece");
        }
        let x = w.pos.piece_at(t).ok_or("swap with an empty square")?;
        if !fide::piece_attacks(p1, cur, w.occ).contains(t) {
            return Err("swap with a piece the swapping piece does not attack");
        }
        if x == p1 {
            return Err("swap with an identical piece");
        }
        if t == w.enemy_king {
            return Err("swap with the enemy king");
        }
        let promo = path.promotion(i);
        let p1_promotes = p1.role == Role::Pawn && t.rank() == last_rank(p1.color);
        let x_promotes = x.role == Role::Pawn && cur.rank() == last_rank(x.color);
        let (new_p1, new_x) = match (promo, p1_promotes, x_promotes) {
            (None, false, false) => (p1, x),
            (Some(r), true, _) => (Piece::new(p1.color, r), x),
            (Some(r), _, true) => (p1, Piece::new(x.color, r)),
            (None, _, _) => return Err("a pawn reaching its last rank must promote"),
            (Some(_), false, false) => return Err("promotion where no pawn reaches its last rank"),
        };
        w.apply(cur, t, new_p1, new_x, promo);
        let attacked = w.own_king_attacked();
        if attacked && !in_check {
            return Err("puts its own king in check");
        }
        if w.gives_check() {
            if attacked {
                return Err("gives check while its own king is in check");
            }
            ended = true;
        }
        in_check = attacked;
        cur = t;
        p1 = new_p1;
    }
    Ok(Replayed {
        w,
        cur,
        p1,
        in_check,
        ended,
    })
}

/// Checks one path against the rules, swap by swap. Returns the result's
/// placement and key ([`Walker::result_key`]) or why the path is illegal.
/// KO is the caller's business.
pub fn validate(pos: &Position, path: &SwapPath) -> Result<(Board, u64), &'static str> {
    let r = replay(pos, path)?;
    if r.in_check {
        return Err("ends with its own king in check");
    }
    Ok((r.w.pos.board.clone(), r.w.result_key()))
}

/// What may follow a partial swap path ([`prefix_options`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrefixOptions {
    /// The path so far is a legal sequence: the mover may stop here.
    pub may_end: bool,
    /// The next swaps (square, promotion chosen by it) that some legal sequence continues with.
    pub next: Vec<(Square, Option<Role>)>,
}

/// Looks for any legal end below a swap, within a node budget (KO applied).
struct Exists<'a> {
    ko: Option<&'a Position>,
    budget: u64,
    found: bool,
}

impl Visit for Exists<'_> {
    #[inline]
    fn descend(&mut self, _w: &Walker) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        true
    }

    fn end(&mut self, w: &Walker) -> ControlFlow<()> {
        if let Some(ko) = self.ko {
            if w.pos.key() == ko.key() && w.pos.board == ko.board {
                return ControlFlow::Continue(());
            }
        }
        self.found = true;
        ControlFlow::Break(())
    }
}

/// Nodes an existence search below one candidate swap may visit; past it the
/// swap is offered (a person may still find the way; the move is checked when played).
const EXISTS_BUDGET: u64 = 200_000;

/// The incremental form of the generator, for entering a sequence swap by swap:
/// from the partial `path` (its first square alone: P1 chosen, no swap yet),
/// which next swaps some legal sequence continues with, and whether the path
/// may end here. Never lists whole sequences, so it answers in milliseconds
/// where the full list has millions. `ko` is the opponent's last sequence when
/// the KO rule applies.
pub fn prefix_options(
    pos: &Position,
    ko: Option<&SwapPath>,
    path: &SwapPath,
) -> Result<PrefixOptions, &'static str> {
    let ko_pos = ko.map(|k| ko_position(pos, k));
    let is_ko = |w: &Walker| {
        ko_pos
            .as_ref()
            .is_some_and(|k| w.pos.key() == k.key() && w.pos.board == k.board)
    };
    let Replayed {
        mut w,
        cur,
        p1,
        in_check,
        ended,
    } = replay(pos, path)?;
    let may_end = path.swaps() > 0 && !in_check && !is_ko(&w);
    let mut next = Vec::new();
    if ended {
        return Ok(PrefixOptions { may_end, next });
    }
    for t in NameOrder::new(w.targets(cur, p1)) {
        let x = w.pos.piece_at(t).expect("target occupied");
        if x == p1 {
            continue;
        }
        let mut choices: arrayvec::ArrayVec<(Piece, Piece, Option<Role>), 4> =
            arrayvec::ArrayVec::new();
        if p1.role == Role::Pawn && t.rank() == last_rank(p1.color) {
            for r in PROMOTION_ORDER {
                choices.push((Piece::new(p1.color, r), x, Some(r)));
            }
        } else if x.role == Role::Pawn && cur.rank() == last_rank(x.color) {
            for r in PROMOTION_ORDER {
                choices.push((p1, Piece::new(x.color, r), Some(r)));
            }
        } else {
            choices.push((p1, x, None));
        }
        for (new_p1, new_x, promo) in choices {
            let mut v = Exists {
                ko: ko_pos.as_ref(),
                budget: EXISTS_BUDGET,
                found: false,
            };
            let _ = w.step(&mut v, cur, t, p1, x, new_p1, new_x, promo, in_check);
            if v.found || v.budget == 0 {
                next.push((t, promo));
            }
        }
    }
    Ok(PrefixOptions { may_end, next })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_order() {
        let all: Vec<String> = NameOrder::new(Bitboard::FULL)
            .map(|s| s.to_string())
            .collect();
        let mut sorted = all.clone();
        sorted.sort();
        assert_eq!(all, sorted);
        assert_eq!(all.len(), 64);
    }
}
