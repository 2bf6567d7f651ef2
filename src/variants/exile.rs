//! Exile Chess (`docs/rules/exile.md`): archbishop, duke and exile, forced
//! knight tours of the exiles on each side's first two moves, free castling,
//! promotion to duke only, and a bare king or no legal move losing.
//!
//! The generator is FIDE's design (checkers, pins, evasion targets) over this
//! game's pieces: the duke is a short slider (it pins and can be blocked two
//! squares away), the exile's alfil leap jumps (it can never be blocked), and
//! an unreleased exile attacks nothing.

use super::{fide, GameResult, Outcome, Variant};
use crate::core::fen::{self, FenError};
use crate::core::{
    attacks, Action, ActionKind, Bitboard, Board, CastleSide, Color, MoveError, Notation, Piece,
    Position, Role, Square,
};
use std::fmt;
use std::ops::ControlFlow;
use std::sync::LazyLock;

const ROLES: [Role; 9] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
    Role::Archbishop,
    Role::Duke,
    Role::Exile,
];

/// Exile squares of each side: White's exiles start on c8/g8, Black's on c1/g1.
const EXILE_SQUARES: [Bitboard; 2] = [
    Bitboard((1 << 58) | (1 << 62)),
    Bitboard((1 << 2) | (1 << 6)),
];

/// Step tables of the two pieces the core has no attacks for, built once.
struct Steps {
    /// Squares one step away or two steps in a straight line: the duke's reach on an
    /// empty board; intersected with a queen lookup it gives the duke's attacks.
    duke: [Bitboard; 64],
    /// Squares exactly two steps away in a straight line: where a duke pins or checks
    /// through one square in between.
    duke_far: [Bitboard; 64],
    /// Wazir + alfil: a released exile's attacks (the alfil jumps, so no blockers).
    exile: [Bitboard; 64],
}

static STEPS: LazyLock<Steps> = LazyLock::new(|| {
    let mut s = Steps {
        duke: [Bitboard::EMPTY; 64],
        duke_far: [Bitboard::EMPTY; 64],
        exile: [Bitboard::EMPTY; 64],
    };
    for sq in Square::all() {
        let i = sq.index();
        for df in -1i8..=1 {
            for dr in -1i8..=1 {
                if df == 0 && dr == 0 {
                    continue;
                }
                if let Some(t) = sq.offset(df, dr) {
                    s.duke[i].set(t);
                    if df == 0 || dr == 0 {
                        s.exile[i].set(t);
                    }
                }
                if let Some(t) = sq.offset(2 * df, 2 * dr) {
                    s.duke[i].set(t);
                    s.duke_far[i].set(t);
                    if df != 0 && dr != 0 {
                        s.exile[i].set(t);
                    }
                }
            }
        }
    }
    s
});

#[inline]
fn duke_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    attacks::queen(sq, occ) & STEPS.duke[sq.index()]
}

#[inline]
fn exile_attacks(sq: Square) -> Bitboard {
    STEPS.exile[sq.index()]
}

/// Knight leaps from every square of a set at once (the tours' breadth-first search).
#[inline]
fn knight_set(b: Bitboard) -> Bitboard {
    let b = b.0;
    let l1 = (b >> 1) & 0x7f7f_7f7f_7f7f_7f7f;
    let l2 = (b >> 2) & 0x3f3f_3f3f_3f3f_3f3f;
    let r1 = (b << 1) & 0xfefe_fefe_fefe_fefe;
    let r2 = (b << 2) & 0xfcfc_fcfc_fcfc_fcfc;
    let h1 = l1 | r1;
    let h2 = l2 | r2;
    Bitboard((h1 << 16) | (h1 >> 16) | (h2 << 8) | (h2 >> 8))
}

/// Whether `color` is in its exile phase (has made fewer than two moves), read from
/// the fullmove number and the side to move.
#[inline]
pub fn in_phase(color: Color, fullmoves: u32, turn: Color) -> bool {
    match color {
        Color::White => fullmoves == 1 || (fullmoves == 2 && turn == Color::White),
        Color::Black => fullmoves <= 2,
    }
}

/// Exiles standing on their own exile squares while their side is in its phase.
#[inline]
fn unreleased_at(b: &Board, fullmoves: u32, turn: Color) -> Bitboard {
    if fullmoves >= 3 {
        return Bitboard::EMPTY;
    }
    let mut u = Bitboard::EMPTY;
    for c in Color::ALL {
        if in_phase(c, fullmoves, turn) {
            u |= b.by_piece(Piece::new(c, Role::Exile)) & EXILE_SQUARES[c.index()];
        }
    }
    u
}

/// Pieces of `by` attacking `sq` with `occ` as blockers; of the exiles only those in
/// `live_exiles` attack (the released ones).
#[inline]
fn attackers(b: &Board, sq: Square, by: Color, occ: Bitboard, live_exiles: Bitboard) -> Bitboard {
    let rook = attacks::rook(sq, occ);
    let bishop = attacks::bishop(sq, occ);
    let queens = b.by_role(Role::Queen);
    let archbishops = b.by_role(Role::Archbishop);
    ((attacks::knight(sq) & (b.by_role(Role::Knight) | archbishops))
        | (attacks::king(sq) & b.by_role(Role::King))
        | (attacks::pawn(!by, sq) & b.by_role(Role::Pawn))
        | (rook & (b.by_role(Role::Rook) | queens))
        | (bishop & (b.by_role(Role::Bishop) | queens | archbishops))
        | ((rook | bishop) & STEPS.duke[sq.index()] & b.by_role(Role::Duke))
        | (exile_attacks(sq) & b.by_role(Role::Exile) & live_exiles))
        & b.by_color(by)
}

/// A move of Exile Chess.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub enum ExileMove {
    /// An ordinary move: promotion (to duke), double step and en passant included.
    Action(Action),
    /// An exile's tour, identified by start and final square (`c8d4`).
    Tour { from: Square, to: Square },
    /// Free castling (`d1g1f1`): the king's squares and the rook's.
    Castle {
        king: Square,
        king_to: Square,
        rook: Square,
        rook_to: Square,
    },
}

impl fmt::Display for ExileMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ExileMove::Action(a) => a.write_uci(f),
            ExileMove::Tour { from, to } => write!(f, "{from}{to}"),
            ExileMove::Castle {
                king,
                king_to,
                rook_to,
                ..
            } => write!(f, "{king}{king_to}{rook_to}"),
        }
    }
}

impl fmt::Debug for ExileMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// An Exile Chess position. The exile-phase state is part of the key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Exile {
    pos: Position,
}

/// Key component of each side's exile phase.
#[inline]
fn phase_key(fullmoves: u32, turn: Color) -> u64 {
    let mut k = 0;
    if fullmoves < 3 {
        for c in Color::ALL {
            if in_phase(c, fullmoves, turn) {
                k ^= crate::core::zobrist::extra(c.index());
            }
        }
    }
    k
}

impl Exile {
    /// Exiles that attack nothing now.
    #[inline]
    pub fn unreleased(&self) -> Bitboard {
        unreleased_at(&self.pos.board, self.pos.fullmoves, self.pos.turn())
    }

    #[inline]
    fn live_exiles(&self) -> Bitboard {
        self.pos.board.by_role(Role::Exile) & !self.unreleased()
    }

    /// Whether `color`'s king is attacked.
    pub fn king_attacked(&self, color: Color) -> bool {
        let b = &self.pos.board;
        attackers(
            b,
            self.pos.king(color),
            !color,
            b.occupied(),
            self.live_exiles(),
        )
        .any()
    }

    /// The core keys the en passant file whenever a pawn attacks the target; the rules
    /// count it only when the capture is legal. This is the key part that takes it back
    /// out where the capture would expose the king (XOR it in and out around each move).
    #[inline]
    fn ep_key_fix(&self) -> u64 {
        let Some(ep) = self.pos.ep_square() else {
            return 0;
        };
        let us = self.pos.turn();
        if (attacks::pawn(!us, ep) & self.pos.pieces(us, Role::Pawn)).is_empty() {
            return 0;
        }
        // A side that must tour cannot capture at all.
        let mut legal = false;
        let must_tour = (self.unreleased() & self.pos.board.by_color(us)).any();
        if !must_tour {
            self.gen_en_passant(ep, self.pos.king(us), self.live_exiles(), &mut |_| {
                legal = true
            });
        }
        if legal {
            0
        } else {
            crate::core::zobrist::en_passant_file(ep.file())
        }
    }

    fn bare(&self, color: Color) -> bool {
        self.pos.board.by_color(color).count() == 1
    }

    /// The game is over by a bare king or the 50-move rule (no moves then).
    #[inline]
    fn finished_by_rule(&self) -> bool {
        self.bare(Color::White) || self.bare(Color::Black) || self.pos.halfmove_clock >= 100
    }

    /// Every legal move, ignoring the endings that leave a game without moves.
    #[inline]
    fn generate<F: FnMut(ExileMove)>(&self, f: &mut F) {
        let us = self.pos.turn();
        let unreleased = self.unreleased();
        let ours_unreleased = unreleased & self.pos.board.by_color(us);
        let live = self.pos.board.by_role(Role::Exile) & !unreleased;
        if ours_unreleased.any() {
            self.gen_tours(ours_unreleased, f);
        } else {
            self.gen_normal(live, f);
        }
    }

    /// The forced tours of the unreleased exiles `exiles`.
    fn gen_tours<F: FnMut(ExileMove)>(&self, exiles: Bitboard, f: &mut F) {
        for from in exiles {
            for to in self.tour_targets(from) {
                if self.tour_legal(from, to) {
                    f(ExileMove::Tour { from, to });
                }
            }
        }
    }

    /// Final squares of 3- or 4-leap knight paths over empty squares (the start counts
    /// as empty once left), the start itself excluded. Legality not tested.
    #[inline]
    fn tour_targets(&self, from: Square) -> Bitboard {
        let empty = !self.pos.board.occupied() | Bitboard::from_square(from);
        let l1 = attacks::knight(from) & empty;
        let l2 = knight_set(l1) & empty;
        let l3 = knight_set(l2) & empty;
        let l4 = knight_set(l3) & empty;
        (l3 | l4).without(from)
    }

    /// A tour from `from` to `to` leaves neither king in check (the toured exile counted
    /// as released on its new square).
    #[inline]
    fn tour_legal(&self, from: Square, to: Square) -> bool {
        self.tour_error(from, to).is_none()
    }

    /// Why a reachable tour is illegal (rule 5 of the exile phase), if it is. The other
    /// exiles attack as they will after the move (released or not by the new counters).
    fn tour_error(&self, from: Square, to: Square) -> Option<&'static str> {
        let b = &self.pos.board;
        let us = self.pos.turn();
        let their_king = self.pos.king(!us);
        if exile_attacks(to).contains(their_king) {
            return Some("an exile tour may not give check");
        }
        let occ = b.occupied().without(from).with(to);
        let (fm, turn) = if us == Color::Black {
            (self.pos.fullmoves + 1, Color::White)
        } else {
            (self.pos.fullmoves, Color::Black)
        };
        let live = b.by_role(Role::Exile) & !unreleased_at(b, fm, turn) & !Bitboard::from(from);
        if attackers(b, their_king, us, occ, live).any() {
            return Some("an exile tour may not give check");
        }
        if attackers(b, self.pos.king(us), !us, occ, live).any() {
            return Some("it leaves the king in check");
        }
        None
    }

    /// Ordinary moves: FIDE's pins and evasions over this game's pieces.
    /// Long on purpose: one pass per piece kind over check and pin masks computed once at its
    /// top, in the hot path; split, every part would need them passed or recomputed.
    #[inline]
    fn gen_normal<F: FnMut(ExileMove)>(&self, live: Bitboard, f: &mut F) {
        let pos = &self.pos;
        let b = &pos.board;
        let us = pos.turn();
        let them = !us;
        let king = pos.king(us);
        let occ = b.occupied();
        let ours = b.by_color(us);
        let theirs = b.by_color(them);
        let checkers = attackers(b, king, them, occ, live);

        let occ_no_king = occ.without(king);
        for to in attacks::king(king) & !ours {
            if attackers(b, to, them, occ_no_king, live).is_empty() {
                f(ExileMove::Action(Action::new(king, to)));
            }
        }
        if checkers.more_than_one() {
            return;
        }
        let target = match checkers.first() {
            // An alfil leap cannot be blocked; every other check along a line can.
            Some(c) if b.by_role(Role::Exile).contains(c) => Bitboard::from_square(c),
            Some(c) => attacks::between(king, c).with(c),
            None => !ours,
        };
        let pinned = self.pinned(king, occ, ours, theirs);
        // Moves of pinned pieces are tested exactly: the alfil could jump past its pinner.
        let safe = |from: Square, to: Square| {
            !pinned.contains(from)
                || (attackers(b, king, them, occ.without(from).with(to), live)
                    & !Bitboard::from_square(to))
                .is_empty()
        };

        let emit = |from: Square, dests: Bitboard, f: &mut F| {
            for to in dests {
                if safe(from, to) {
                    f(ExileMove::Action(Action::new(from, to)));
                }
            }
        };
        for from in b.by_role(Role::Knight) & ours {
            emit(from, attacks::knight(from) & target, f);
        }
        for from in b.by_role(Role::Bishop) & ours {
            emit(from, attacks::bishop(from, occ) & target, f);
        }
        for from in b.by_role(Role::Rook) & ours {
            emit(from, attacks::rook(from, occ) & target, f);
        }
        for from in b.by_role(Role::Queen) & ours {
            emit(from, attacks::queen(from, occ) & target, f);
        }
        for from in b.by_role(Role::Archbishop) & ours {
            emit(
                from,
                (attacks::bishop(from, occ) | attacks::knight(from)) & target,
                f,
            );
        }
        for from in b.by_role(Role::Duke) & ours {
            emit(from, duke_attacks(from, occ) & target, f);
        }
        for from in b.by_role(Role::Exile) & ours {
            emit(from, exile_attacks(from) & target, f);
        }

        // Pawns.
        let promo_rank = if us == Color::White { 7 } else { 0 };
        let second_rank = if us == Color::White { 1 } else { 6 };
        let fwd = us.forward();
        let pawn = |from: Square, to: Square, kind: ActionKind, f: &mut F| {
            if !safe(from, to) {
                return;
            }
            if to.rank() == promo_rank {
                f(ExileMove::Action(Action::promote(from, to, Role::Duke)));
            } else {
                f(ExileMove::Action(Action::with_kind(from, to, kind)));
            }
        };
        for from in b.by_role(Role::Pawn) & ours {
            for to in attacks::pawn(us, from) & theirs & target {
                pawn(from, to, ActionKind::Normal, f);
            }
            if let Some(one) = from.offset(0, fwd) {
                if !occ.contains(one) {
                    if target.contains(one) {
                        pawn(from, one, ActionKind::Normal, f);
                    }
                    if from.rank() == second_rank {
                        if let Some(two) = one.offset(0, fwd) {
                            if !occ.contains(two) && target.contains(two) {
                                pawn(from, two, ActionKind::DoubleStep, f);
                            }
                        }
                    }
                }
            }
        }
        if let Some(ep) = pos.ep_square() {
            self.gen_en_passant(ep, king, live, f);
        }
        if checkers.is_empty() {
            self.gen_castling(king, live, f);
        }
    }

    /// Our pieces pinned to our king, by sliders and by dukes two squares away.
    #[inline]
    fn pinned(&self, king: Square, occ: Bitboard, ours: Bitboard, theirs: Bitboard) -> Bitboard {
        let b = &self.pos.board;
        let queens = b.by_role(Role::Queen);
        let snipers = ((attacks::rook(king, Bitboard::EMPTY) & (b.by_role(Role::Rook) | queens))
            | (attacks::bishop(king, Bitboard::EMPTY)
                & (b.by_role(Role::Bishop) | queens | b.by_role(Role::Archbishop)))
            | (STEPS.duke_far[king.index()] & b.by_role(Role::Duke)))
            & theirs;
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let blockers = attacks::between(king, s) & occ;
            if !blockers.more_than_one() {
                pinned |= blockers & ours;
            }
        }
        pinned
    }

    fn gen_en_passant<F: FnMut(ExileMove)>(
        &self,
        ep: Square,
        king: Square,
        live: Bitboard,
        f: &mut F,
    ) {
        let pos = &self.pos;
        let us = pos.turn();
        let Some(victim) = ep.offset(0, -us.forward()) else {
            return;
        };
        if pos.piece_at(victim) != Some(Piece::new(!us, Role::Pawn))
            || pos.board.occupied().contains(ep)
        {
            return;
        }
        for from in attacks::pawn(!us, ep) & pos.pieces(us, Role::Pawn) {
            let occ = pos.board.occupied().without(from).without(victim).with(ep);
            if (attackers(&pos.board, king, !us, occ, live).without(victim)).is_empty() {
                f(ExileMove::Action(Action::with_kind(
                    from,
                    ep,
                    ActionKind::EnPassant,
                )));
            }
        }
    }

    /// Free castling: the king 1..n squares towards the rook (up to its square), the rook
    /// to any square from next to the king's destination back to the king's start.
    fn gen_castling<F: FnMut(ExileMove)>(&self, king: Square, live: Bitboard, f: &mut F) {
        let pos = &self.pos;
        let b = &pos.board;
        let us = pos.turn();
        let occ = b.occupied();
        for side in CastleSide::ALL {
            let Some(rook) = pos.castles().rook(us, side) else {
                continue;
            };
            if (attacks::between(king, rook) & occ).any() {
                continue;
            }
            let dir: i8 = if rook.file() > king.file() { 1 } else { -1 };
            let mut king_to = king;
            loop {
                // Squares the king passes over: tested in the position before the move.
                if king_to != king && attackers(b, king_to, !us, occ, live).any() {
                    break;
                }
                king_to = king_to.offset(dir, 0).expect("rook beyond");
                let mut rook_to = king_to;
                loop {
                    rook_to = rook_to.offset(-dir, 0).expect("between");
                    let after = occ.without(king).without(rook).with(king_to).with(rook_to);
                    if attackers(b, king_to, !us, after, live).is_empty() {
                        f(ExileMove::Castle {
                            king,
                            king_to,
                            rook,
                            rook_to,
                        });
                    }
                    if rook_to == king {
                        break;
                    }
                }
                if king_to == rook {
                    break;
                }
            }
        }
    }

    /// A tour from its path (`c8/b6/c4/d6`): 3 or 4 knight leaps over empty squares.
    fn tour_from_path(
        &self,
        s: &str,
        steps: &[crate::core::PathStep],
    ) -> Result<ExileMove, MoveError> {
        let bad = |why| MoveError::IllegalBecause(s.to_string(), why);
        let from = steps[0].square;
        let to = steps[steps.len() - 1].square;
        if steps.iter().any(|st| st.promotion.is_some()) {
            return Err(bad("a tour has no promotion"));
        }
        let us = self.pos.turn();
        if !(self.unreleased() & self.pos.board.by_color(us)).contains(from) {
            return Err(bad("no exile of the side to move waits for its tour there"));
        }
        if steps.len() != 4 && steps.len() != 5 {
            return Err(bad("a tour is 3 or 4 knight leaps"));
        }
        let empty = !self.pos.board.occupied() | Bitboard::from_square(from);
        for w in steps.windows(2) {
            if !attacks::knight(w[0].square).contains(w[1].square) {
                return Err(bad("every leap of a tour is a knight leap"));
            }
            if !empty.contains(w[1].square) {
                return Err(bad("every leap of a tour lands on an empty square"));
            }
        }
        if to == from {
            return Err(bad("a tour may not end on its start square"));
        }
        if let Some(why) = self.tour_error(from, to) {
            return Err(bad(why));
        }
        Ok(ExileMove::Tour { from, to })
    }
}

impl Variant for Exile {
    type Move = ExileMove;
    const ID: super::VariantId = super::VariantId::Exile;
    const START_FEN: &'static str = "raXkqbXr/pppppppp/8/8/8/8/PPPPPPPP/RAxKQBxR w KQkq - 0 1";

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        let parsed = fen::parse(fen, 6, 6, "6")?;
        fen::check_roles(&parsed.position, &ROLES)?;
        let mut pos = parsed.position;
        if (pos.board.by_role(Role::Pawn) & (Bitboard::rank(0) | Bitboard::rank(7))).any() {
            return Err(FenError::Illegal("pawn on the first or last rank"));
        }
        pos.toggle_key(phase_key(pos.fullmoves, pos.turn()));
        let mut e = Exile { pos };
        let fix = e.ep_key_fix();
        e.pos.toggle_key(fix);
        if e.king_attacked(!e.pos.turn()) {
            return Err(FenError::Illegal("the side not to move is in check"));
        }
        Ok(e)
    }

    fn fen(&self) -> String {
        fen::write(&self.pos)
    }

    #[inline]
    fn position(&self) -> &Position {
        &self.pos
    }

    fn key_from_scratch(&self) -> u64 {
        self.pos.key_from_scratch()
            ^ phase_key(self.pos.fullmoves, self.pos.turn())
            ^ self.ep_key_fix()
    }

    #[inline]
    fn for_each_move<F: FnMut(ExileMove) -> ControlFlow<()>>(&self, mut f: F) -> ControlFlow<()> {
        if self.finished_by_rule() {
            return ControlFlow::Continue(());
        }
        let mut flow = ControlFlow::Continue(());
        self.generate(&mut |m| {
            if flow.is_continue() {
                flow = f(m);
            }
        });
        flow
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        if self.finished_by_rule() {
            return 0;
        }
        let mut n = 0u64;
        self.generate(&mut |_| n += 1);
        n
    }

    #[inline]
    fn play(&mut self, m: ExileMove) {
        let before = phase_key(self.pos.fullmoves, self.pos.turn()) ^ self.ep_key_fix();
        match m {
            ExileMove::Action(a) => fide::play(&mut self.pos, a),
            ExileMove::Tour { from, to } => fide::play(&mut self.pos, Action::new(from, to)),
            ExileMove::Castle {
                king,
                king_to,
                rook,
                rook_to,
            } => {
                let pos = &mut self.pos;
                let us = pos.turn();
                let k = pos.take(king).expect("castling king");
                let r = pos.take(rook).expect("castling rook");
                pos.put(king_to, k);
                pos.put(rook_to, r);
                pos.clear_castles(us);
                pos.halfmove_clock += 1;
                if us == Color::Black {
                    pos.fullmoves += 1;
                }
                pos.pass_turn();
                pos.set_ep_square(None);
            }
        }
        let after = phase_key(self.pos.fullmoves, self.pos.turn()) ^ self.ep_key_fix();
        self.pos.toggle_key(before ^ after);
    }

    #[inline]
    fn is_check(&self) -> bool {
        self.king_attacked(self.pos.turn())
    }

    fn is_noisy(&self, m: ExileMove) -> bool {
        match m {
            ExileMove::Action(a) => {
                a.promotion.is_some()
                    || a.kind == ActionKind::EnPassant
                    || self.pos.piece_at(a.to).is_some()
            }
            _ => false,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let us = self.pos.turn();
        for loser in [us, !us] {
            if self.bare(loser) {
                return Some(Outcome::new(
                    GameResult::win(!loser),
                    match loser {
                        Color::White => "White is reduced to a bare king",
                        Color::Black => "Black is reduced to a bare king",
                    },
                ));
            }
        }
        let mut any = false;
        self.generate(&mut |_| any = true);
        if !any {
            if self.is_check() {
                return Some(Outcome::mate(!us));
            }
            return Some(Outcome::new(
                GameResult::win(!us),
                match us {
                    Color::White => "White has no legal move",
                    Color::Black => "Black has no legal move",
                },
            ));
        }
        if self.pos.halfmove_clock >= 100 {
            return Some(Outcome::draw("50-move rule"));
        }
        None
    }

    fn move_to_string(&self, m: ExileMove) -> String {
        m.to_string()
    }

    fn parse_move(&self, s: &str) -> Result<ExileMove, MoveError> {
        let notation = Notation::parse(s)?;
        if let Some(o) = self.outcome() {
            return Err(MoveError::GameOver(o.to_string()));
        }
        let illegal = |why| Err(MoveError::IllegalBecause(s.to_string(), why));
        let mut found = None;
        let _ = self.for_each_move(|m| {
            if m.to_string() == s {
                found = Some(m);
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if let Some(m) = found {
            return Ok(m);
        }
        let us = self.pos.turn();
        let must_tour = (self.unreleased() & self.pos.board.by_color(us)).any();
        match notation {
            Notation::Path(steps) => self.tour_from_path(s, &steps),
            Notation::Pass => illegal("Exile Chess has no pass move"),
            Notation::Turn(..) => illegal("Exile Chess moves one piece at a time"),
            Notation::Action(raw) => {
                if must_tour {
                    let ours = self.unreleased() & self.pos.board.by_color(us);
                    if !ours.contains(raw.from) {
                        return illegal("an exile must make its tour first");
                    }
                    if raw.promotion.is_none() && self.tour_targets(raw.from).contains(raw.to) {
                        if let Some(why) = self.tour_error(raw.from, raw.to) {
                            return illegal(why);
                        }
                    }
                    return illegal("not a tour of 3 or 4 knight leaps over empty squares");
                }
                if raw.promotion.is_some_and(|r| r != Role::Duke) {
                    return illegal("pawns promote to dukes only");
                }
                Err(MoveError::Illegal(s.to_string()))
            }
            Notation::Castle3 { .. } => Err(MoveError::Illegal(s.to_string())),
        }
    }
}

impl Exile {
    /// The position with the other side to move (null-move pruning); none while a side
    /// still has to tour, since the tour phase depends on who moves.
    pub fn null_move(&self) -> Option<Exile> {
        if self.pos.fullmoves < 3 {
            return None;
        }
        let mut next = self.clone();
        next.pos.pass_turn();
        Some(next)
    }
}
