//! FIDE move rules over the core [`Position`]: legal move generation with
//! pins and checks, Chess960 castling, and playing an [`Action`]. Chess,
//! Chess960, Arrangement and Swap all stand on this one implementation.

use crate::core::attacks;
use crate::core::zobrist;
use crate::core::{Action, ActionKind, Bitboard, CastleSide, Color, Piece, Position, Role, Square};

/// The pieces of FIDE chess, for FEN validation.
pub const ROLES: [Role; 6] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// Pieces of `by` attacking `sq`, with `occupied` as the blockers.
#[inline]
pub fn attackers(pos: &Position, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
    let b = &pos.board;
    let them = b.by_color(by);
    let queens = b.by_role(Role::Queen);
    ((attacks::knight(sq) & b.by_role(Role::Knight))
        | (attacks::king(sq) & b.by_role(Role::King))
        | (attacks::pawn(!by, sq) & b.by_role(Role::Pawn))
        | (attacks::rook(sq, occupied) & (b.by_role(Role::Rook) | queens))
        | (attacks::bishop(sq, occupied) & (b.by_role(Role::Bishop) | queens)))
        & them
}

/// Pieces giving check to the side to move.
#[inline]
pub fn checkers(pos: &Position) -> Bitboard {
    let us = pos.turn();
    attackers(pos, pos.king(us), !us, pos.board.occupied())
}

#[inline]
pub fn is_check(pos: &Position) -> bool {
    checkers(pos).any()
}

/// Whether the legal action `a` checks the other side, read from the position before it:
/// the moved piece attacks the king from its new square, or it uncovers one of our sliders.
/// `None` for castling, en passant and promotions, which the caller plays out instead.
#[inline]
pub fn gives_check(pos: &Position, a: Action) -> Option<bool> {
    if !matches!(a.kind, ActionKind::Normal | ActionKind::DoubleStep) || a.promotion.is_some() {
        return None;
    }
    let us = pos.turn();
    let b = &pos.board;
    let king = pos.king(!us);
    let piece = b.piece_at(a.from)?;
    let occupied = b.occupied().without(a.from).with(a.to);
    if piece_attacks(piece, a.to, occupied).contains(king) {
        return Some(true);
    }
    let ours = b.by_color(us).without(a.from);
    let queens = b.by_role(Role::Queen);
    let sliders = (attacks::rook(king, occupied) & (b.by_role(Role::Rook) | queens))
        | (attacks::bishop(king, occupied) & (b.by_role(Role::Bishop) | queens));
    Some((sliders & ours).any())
}

/// Whether `color`'s king is attacked.
#[inline]
pub fn king_attacked(pos: &Position, color: Color) -> bool {
    attackers(pos, pos.king(color), !color, pos.board.occupied()).any()
}

/// Our pieces pinned to our king.
#[inline]
fn pinned(pos: &Position, king: Square) -> Bitboard {
    let us = pos.turn();
    let b = &pos.board;
    let them = b.by_color(!us);
    let queens = b.by_role(Role::Queen);
    let snipers = ((attacks::rook(king, Bitboard::EMPTY) & (b.by_role(Role::Rook) | queens))
        | (attacks::bishop(king, Bitboard::EMPTY) & (b.by_role(Role::Bishop) | queens)))
        & them;
    let mut pinned = Bitboard::EMPTY;
    for s in snipers {
        let blockers = attacks::between(king, s) & b.occupied();
        if !blockers.more_than_one() {
            pinned |= blockers & b.by_color(us);
        }
    }
    pinned
}

/// Attacks of a FIDE piece (pawns: captures only).
#[inline]
pub fn piece_attacks(piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
    match piece.role {
        Role::Pawn => attacks::pawn(piece.color, sq),
        Role::Knight => attacks::knight(sq),
        Role::Bishop => attacks::bishop(sq, occupied),
        Role::Rook => attacks::rook(sq, occupied),
        Role::Queen => attacks::queen(sq, occupied),
        Role::King => attacks::king(sq),
        _ => Bitboard::EMPTY,
    }
}

const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

#[inline]
fn emit_pawn<S: ActionSink>(from: Square, to: Square, promo_rank: u8, f: &mut S) {
    if to.rank() == promo_rank {
        for r in PROMOTIONS {
            f.action(Action::promote(from, to, r));
        }
    } else {
        f.action(Action::new(from, to));
    }
}

/// Receives generated actions; a counter takes whole target sets at once (perft's bulk count).
pub trait ActionSink {
    fn action(&mut self, a: Action);
    /// Plain moves from `from` to every square of `targets`.
    #[inline]
    fn targets(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.action(Action::new(from, to));
        }
    }
}

impl<F: FnMut(Action)> ActionSink for F {
    #[inline]
    fn action(&mut self, a: Action) {
        self(a)
    }
}

/// Counts actions without building them.
#[derive(Default)]
pub struct Counter(pub u64);

impl ActionSink for Counter {
    #[inline]
    fn action(&mut self, _: Action) {
        self.0 += 1;
    }
    #[inline]
    fn targets(&mut self, _: Square, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }
}

/// Number of legal FIDE actions.
#[inline]
pub fn count(pos: &Position) -> u64 {
    let mut c = Counter(0);
    generate_into(pos, &mut c);
    c.0
}

/// Calls `f` with every legal FIDE action of the side to move.
#[inline]
pub fn generate<F: FnMut(Action)>(pos: &Position, f: &mut F) {
    generate_into(pos, f);
}

/// Feeds every legal FIDE action of the side to move to a sink.
///
/// Pawns double-step from their own second rank only; variants that allow
/// more (Swap's first-rank pawns) add those moves themselves.
#[inline]
pub fn generate_into<S: ActionSink>(pos: &Position, f: &mut S) {
    generate_some::<S, false>(pos, f);
}

/// Feeds the legal noisy FIDE actions (captures, en passant, promotions) to a sink: what
/// quiescence searches, without building the quiet moves it would throw away.
#[inline]
pub fn generate_noisy_into<S: ActionSink>(pos: &Position, f: &mut S) {
    generate_some::<S, true>(pos, f);
}

/// The generator behind both: every legal action, or (`NOISY`) only the noisy ones.
#[inline]
fn generate_some<S: ActionSink, const NOISY: bool>(pos: &Position, f: &mut S) {
    let us = pos.turn();
    let b = &pos.board;
    let king = pos.king(us);
    let occ = b.occupied();
    let ours = b.by_color(us);
    let theirs = b.by_color(!us);
    let checkers = attackers(pos, king, !us, occ);

    // King steps: test the destination with the king lifted off the board.
    let occ_no_king = occ.without(king);
    let mut king_targets = Bitboard::EMPTY;
    let king_dests = if NOISY { theirs } else { !ours };
    for to in attacks::king(king) & king_dests {
        if attackers(pos, to, !us, occ_no_king).is_empty() {
            king_targets.set(to);
        }
    }
    f.targets(king, king_targets);
    if checkers.more_than_one() {
        return;
    }
    let target = match checkers.first() {
        Some(c) => attacks::between(king, c).with(c),
        None => !ours,
    };
    // Pieces capture only; pawns also push onto the promotion rank.
    let piece_target = if NOISY { target & theirs } else { target };
    let pinned = pinned(pos, king);

    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for from in b.by_role(role) & ours {
            let mut dests = piece_attacks(Piece::new(us, role), from, occ) & piece_target;
            if pinned.contains(from) {
                dests &= attacks::line(king, from);
            }
            f.targets(from, dests);
        }
    }

    // Pawns.
    let promo_rank = if us == Color::White { 7 } else { 0 };
    let second_rank = if us == Color::White { 1 } else { 6 };
    let fwd = us.forward();
    for from in b.by_role(Role::Pawn) & ours {
        let pin_line = if pinned.contains(from) {
            attacks::line(king, from)
        } else {
            Bitboard::FULL
        };
        for to in attacks::pawn(us, from) & theirs & target & pin_line {
            emit_pawn(from, to, promo_rank, f);
        }
        if let Some(one) = from.offset(0, fwd) {
            if !occ.contains(one) && (!NOISY || one.rank() == promo_rank) {
                if (target & pin_line).contains(one) {
                    emit_pawn(from, one, promo_rank, f);
                }
                if !NOISY && from.rank() == second_rank {
                    if let Some(two) = one.offset(0, fwd) {
                        if !occ.contains(two) && (target & pin_line).contains(two) {
                            f.action(Action::with_kind(from, two, ActionKind::DoubleStep));
                        }
                    }
                }
            }
        }
    }
    if let Some(ep) = pos.ep_square() {
        gen_en_passant(pos, ep, king, f);
    }
    if !NOISY && checkers.is_empty() {
        gen_castling(pos, king, f);
    }
}

fn gen_en_passant<S: ActionSink>(pos: &Position, ep: Square, king: Square, f: &mut S) {
    let us = pos.turn();
    let Some(victim) = ep.offset(0, -us.forward()) else {
        return;
    };
    if pos.piece_at(victim) != Some(Piece::new(!us, Role::Pawn)) {
        return;
    }
    for from in attacks::pawn(!us, ep) & pos.pieces(us, Role::Pawn) {
        let occ = (pos.board.occupied().without(from).without(victim)).with(ep);
        let attackers_after = attackers(pos, king, !us, occ).without(victim);
        if attackers_after.is_empty() {
            f.action(Action::with_kind(from, ep, ActionKind::EnPassant));
        }
    }
}

/// Castling as in Chess960: king to g/c, rook to f/d; every square the two
/// pass through empty (but for themselves), no square of the king's path attacked.
fn gen_castling<S: ActionSink>(pos: &Position, king: Square, f: &mut S) {
    let us = pos.turn();
    for side in CastleSide::ALL {
        let Some(rook) = pos.castles().rook(us, side) else {
            continue;
        };
        if castling_legal(pos, us, king, rook, side) {
            f.action(Action::with_kind(king, rook, ActionKind::Castle));
        }
    }
}

/// Whether `us` may castle now with the rook on `rook` (not in check is checked by the caller).
pub fn castling_legal(
    pos: &Position,
    us: Color,
    king: Square,
    rook: Square,
    side: CastleSide,
) -> bool {
    let rank = us.back_rank();
    let king_to = Square::from_coords(side.king_to_file(), rank);
    let rook_to = Square::from_coords(side.rook_to_file(), rank);
    let occ = pos.board.occupied().without(king).without(rook);
    let must_be_empty = attacks::between(king, king_to).with(king_to)
        | attacks::between(rook, rook_to).with(rook_to);
    if (must_be_empty & occ).any() {
        return false;
    }
    let king_path = attacks::between(king, king_to).with(king_to);
    for sq in king_path {
        if attackers(pos, sq, !us, occ).any() {
            return false;
        }
    }
    true
}

/// Where a castling move puts king and rook.
#[inline]
pub fn castle_targets(king: Square, rook: Square) -> (Square, Square) {
    let side = if rook.file() > king.file() {
        CastleSide::King
    } else {
        CastleSide::Queen
    };
    let rank = king.rank();
    (
        Square::from_coords(side.king_to_file(), rank),
        Square::from_coords(side.rook_to_file(), rank),
    )
}

/// The key of the position after the legal action `a`, as far as its pieces and the turn
/// tell it: exact but where `a` changes the castling rights, castles, or leaves or takes an
/// en passant capture ([`crate::eval::SearchHooks::key_hint`]: the table's prefetch).
#[inline]
pub fn key_hint(pos: &Position, a: Action) -> u64 {
    let mut key = pos.key() ^ zobrist::SIDE;
    if let Some(mover) = pos.piece_at(a.from) {
        key ^= zobrist::piece(mover, a.from);
        if let Some(victim) = pos.piece_at(a.to) {
            key ^= zobrist::piece(victim, a.to);
        }
        let placed = a.promotion.map_or(mover, |r| Piece::new(mover.color, r));
        key ^= zobrist::piece(placed, a.to);
    }
    key
}

/// Plays a legal FIDE action: placement, castling rights, en passant, clocks, turn.
#[inline]
pub fn play(pos: &mut Position, a: Action) {
    let us = pos.turn();
    pos.halfmove_clock += 1;
    let mut ep = None;
    match a.kind {
        ActionKind::Pass => {}
        ActionKind::Castle => {
            let (king_to, rook_to) = castle_targets(a.from, a.to);
            let king = pos.take(a.from).expect("castling king");
            let rook = pos.take(a.to).expect("castling rook");
            pos.put(king_to, king);
            pos.put(rook_to, rook);
            pos.clear_castles(us);
        }
        ActionKind::EnPassant => {
            let victim = a.to.offset(0, -us.forward()).expect("ep victim on board");
            pos.take(victim);
            pos.shift(a.from, a.to);
            pos.halfmove_clock = 0;
        }
        ActionKind::Normal | ActionKind::DoubleStep => {
            let piece = pos.take(a.from).expect("piece on from-square");
            if pos.take(a.to).is_some() {
                pos.halfmove_clock = 0;
                pos.clear_castle_rook(a.to);
            }
            match piece.role {
                Role::Pawn => {
                    pos.halfmove_clock = 0;
                    if a.kind == ActionKind::DoubleStep {
                        ep = a.from.offset(0, us.forward());
                    }
                }
                Role::King => pos.clear_castles(us),
                Role::Rook => pos.clear_castle_rook(a.from),
                _ => {}
            }
            let placed = a.promotion.map_or(piece, |r| Piece::new(us, r));
            pos.put(a.to, placed);
        }
    }
    if us == Color::Black {
        pos.fullmoves += 1;
    }
    pos.pass_turn();
    pos.set_ep_square(ep);
}

/// FIDE's dead positions by material: K v K, K+minor v K, K+B v K+B with bishops on one colour.
pub fn insufficient_material(pos: &Position) -> bool {
    let b = &pos.board;
    let heavy = b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Queen);
    if heavy.any() {
        return false;
    }
    let knights = b.by_role(Role::Knight);
    let bishops = b.by_role(Role::Bishop);
    let minors = knights | bishops;
    if minors.count() <= 1 {
        return true;
    }
    knights.is_empty()
        && ((bishops & Bitboard::LIGHT).is_empty() || (bishops & Bitboard::DARK).is_empty())
}

/// The FIDE endings a position shows by itself (repetition needs the game's history).
pub fn outcome(pos: &Position, has_moves: bool) -> Option<crate::variants::Outcome> {
    use crate::variants::Outcome;
    if !has_moves {
        return Some(if is_check(pos) {
            Outcome::mate(!pos.turn())
        } else {
            Outcome::draw("Stalemate")
        });
    }
    if insufficient_material(pos) {
        return Some(Outcome::draw("Insufficient material"));
    }
    if pos.halfmove_clock >= 100 {
        return Some(Outcome::draw("50-move rule"));
    }
    None
}
