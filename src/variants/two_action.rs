//! What Interchange and Palindromic Chess share, written once: forward-only piece
//! movement without captures, the destination ("home") squares, the FEN, and the
//! two-action turn (own piece, then one of the opponent's; `0000` for a part that
//! has no action) with its generation, counting, playing and typed parse errors.
//!
//! A variant plugs in through [`TwoAction`]: which single actions are legal for a
//! colour, and how an action changes its derived state.

use super::Outcome;
use crate::core::fen::{self, FenError};
use crate::core::{
    attacks, Action, Bitboard, Color, MoveError, Notation, Piece, Position, RawAction, Role,
    Square, Turn,
};
use std::ops::ControlFlow;
use std::sync::LazyLock;

/// The seven piece kinds of both games; `Role::index()` of each is 0..7, used as a slot.
pub const ROLES: [Role; 7] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
    Role::LeftRook,
];

/// Index of a coloured piece type in per-type tables (0..14).
#[inline]
pub fn type_index(color: Color, role: Role) -> usize {
    color.index() * 7 + role.index()
}

/// Move vectors in White's frame (files, ranks) and whether the piece slides.
/// Black's are the negation (the array is its own half-turn image): forward is
/// south, a Black `r` slides W, a Black `l` E.
pub fn white_vectors(role: Role) -> (&'static [(i8, i8)], bool) {
    match role {
        Role::Pawn | Role::King => (&[(0, 1), (1, 1), (-1, 1)], false),
        Role::Knight => (&[(1, 2), (-1, 2), (2, 1), (-2, 1)], false),
        Role::Bishop => (&[(1, 1), (-1, 1)], true),
        Role::Rook => (&[(0, 1), (1, 0)], true),
        Role::LeftRook => (&[(0, 1), (-1, 0)], true),
        Role::Queen => (&[(0, 1), (1, 1), (-1, 1)], true),
        _ => (&[], false),
    }
}

/// Precomputed per colour, type and square: the leap/step targets of non-sliders
/// (pawn single steps never onto the last rank) and the union of the allowed rays
/// of sliders, so that a slider's moves are one magic lookup and one mask.
struct Geometry {
    steps: [[[Bitboard; 64]; 7]; 2],
    rays: [[[Bitboard; 64]; 7]; 2],
    /// Destination squares per type (see the spec's home-square table).
    dest: [Bitboard; 14],
}

static GEO: LazyLock<Geometry> = LazyLock::new(|| {
    let mut g = Geometry {
        steps: [[[Bitboard::EMPTY; 64]; 7]; 2],
        rays: [[[Bitboard::EMPTY; 64]; 7]; 2],
        dest: [Bitboard::EMPTY; 14],
    };
    for color in Color::ALL {
        let sign: i8 = if color == Color::White { 1 } else { -1 };
        for role in ROLES {
            let (vecs, slider) = white_vectors(role);
            for sq in Square::all() {
                let mut bb = Bitboard::EMPTY;
                for &(df, dr) in vecs {
                    let (df, dr) = (df * sign, dr * sign);
                    let mut cur = sq;
                    while let Some(next) = cur.offset(df, dr) {
                        bb.set(next);
                        cur = next;
                        if !slider {
                            break;
                        }
                    }
                }
                if role == Role::Pawn {
                    // A pawn never enters its last rank.
                    let last = if color == Color::White { 7 } else { 0 };
                    bb &= !Bitboard::rank(last);
                }
                if slider {
                    g.rays[color.index()][role.index()][sq.index()] = bb;
                } else {
                    g.steps[color.index()][role.index()][sq.index()] = bb;
                }
            }
        }
    }
    let white: [(Role, &[&str]); 7] = [
        (
            Role::Pawn,
            &["a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7"],
        ),
        (Role::Knight, &["b8", "g8"]),
        (Role::Bishop, &["c8", "f8"]),
        (Role::King, &["d8"]),
        (Role::Queen, &["e8"]),
        (Role::Rook, &["h8"]),
        (Role::LeftRook, &["a8"]),
    ];
    for (role, squares) in white {
        let bb: Bitboard = squares
            .iter()
            .map(|s| Square::parse(s).expect("valid square"))
            .collect();
        g.dest[type_index(Color::White, role)] = bb;
        g.dest[type_index(Color::Black, role)] = rotate(bb);
    }
    g
});

/// Builds the shared tables now, so that a timed run does not pay for them.
pub fn init() {
    attacks::init();
    LazyLock::force(&GEO);
}

/// The half-turn image of a set (a1 <-> h8).
#[inline]
pub fn rotate(bb: Bitboard) -> Bitboard {
    Bitboard(bb.0.reverse_bits())
}

/// Destination squares of a piece type: the start squares of the opponent's pieces of the same type.
#[inline]
pub fn destinations(color: Color, role: Role) -> Bitboard {
    GEO.dest[type_index(color, role)]
}

/// Destination squares by type index.
#[inline]
pub fn destinations_by_index(t: usize) -> Bitboard {
    GEO.dest[t]
}

/// Squares a piece of `color`/`role` on `from` may move to (empty squares only), by its
/// forward-only pattern; `double_step` adds a pawn's two-square step from its start rank.
#[inline]
pub fn targets(
    color: Color,
    role: Role,
    from: Square,
    occupied: Bitboard,
    double_step: bool,
) -> Bitboard {
    let (c, r, s) = (color.index(), role.index(), from.index());
    let bb = match role {
        Role::Pawn => {
            let mut t = GEO.steps[c][r][s];
            if double_step && from.relative_rank(color) == 1 {
                let one = from.offset(0, color.forward()).expect("on board");
                if !occupied.contains(one) {
                    t.set(one.offset(0, color.forward()).expect("on board"));
                }
            }
            t
        }
        Role::Knight | Role::King => GEO.steps[c][r][s],
        Role::Bishop => attacks::bishop(from, occupied) & GEO.rays[c][r][s],
        Role::Rook | Role::LeftRook => attacks::rook(from, occupied) & GEO.rays[c][r][s],
        Role::Queen => attacks::queen(from, occupied) & GEO.rays[c][r][s],
        _ => Bitboard::EMPTY,
    };
    bb & !occupied
}

/// Squares travelled: 1 for a step or leap, the line length for a slide (and 2 for a double step).
#[inline]
pub fn distance(role: Role, from: Square, to: Square) -> u8 {
    match role {
        Role::Knight => 1,
        _ => from.distance(to),
    }
}

/// Squares of the pieces (both colours) that stand on one of their own destination squares.
pub fn home_mask(pos: &Position) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    for color in Color::ALL {
        for role in ROLES {
            bb |= pos.pieces(color, role) & destinations(color, role);
        }
    }
    bb
}

/// Number of `color`'s pieces standing on their own destination squares.
pub fn pieces_home(pos: &Position, color: Color) -> u32 {
    ROLES
        .iter()
        .map(|&r| (pos.pieces(color, r) & destinations(color, r)).count())
        .sum()
}

/// Parses the six fields: any placement of the seven letters, no pawn on rank 1 or 8,
/// castling and en passant fields ignored (the games have neither), clocks checked.
pub fn parse_fen(text: &str) -> Result<Position, FenError> {
    init();
    let fields: Vec<&str> = text.split_ascii_whitespace().collect();
    if fields.len() != 6 {
        return Err(FenError::FieldCount {
            found: fields.len(),
            expected: "6",
        });
    }
    let mut pos = Position::empty();
    fen::parse_placement(fields[0], &mut pos)?;
    fen::check_roles(&pos, &ROLES)?;
    if (pos.board.by_role(Role::Pawn) & (Bitboard::rank(0) | Bitboard::rank(7))).any() {
        return Err(FenError::Illegal("pawn on the first or last rank"));
    }
    let turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::BadTurn(other.to_string())),
    };
    pos.set_turn(turn);
    pos.halfmove_clock = fen::parse_clock(fields[4])?;
    pos.fullmoves = fen::parse_clock(fields[5])?;
    if pos.fullmoves == 0 {
        return Err(FenError::BadClock(fields[5].to_string()));
    }
    Ok(pos)
}

/// A game of two-action turns. The variant says which single actions are legal;
/// this module builds, counts, plays and parses the turns.
pub trait TwoAction: Clone {
    fn pos(&self) -> &Position;
    fn pos_mut(&mut self) -> &mut Position;

    /// Streams the legal actions of `color`'s pieces in this position; `own` is true
    /// for the first action of a turn (the side to move moving its own piece).
    fn actions<F: FnMut(Action) -> ControlFlow<()>>(
        &self,
        color: Color,
        own: bool,
        f: F,
    ) -> ControlFlow<()>;

    /// Number of legal second actions (pieces of the side not to move).
    fn count_other_actions(&self) -> u64 {
        let mut n = 0;
        let _ = self.actions(!self.pos().turn(), false, |_| {
            n += 1;
            ControlFlow::Continue(())
        });
        n
    }

    /// Moves the piece of a (non-pass) action and updates any derived state.
    fn apply(&mut self, a: Action) {
        self.pos_mut().shift(a.from, a.to);
    }

    /// Why a geometric action (a move of the pieces table to an empty square) is not
    /// legal here; only called when it is not among [`TwoAction::actions`].
    fn why_illegal(&self, _color: Color, _own: bool, _a: Action) -> &'static str {
        "not a legal action"
    }

    /// Whether a pawn double step is part of the piece pattern.
    const DOUBLE_STEP: bool;
}

/// Streams every turn: each own action followed by each opponent action in the
/// position after it (or `0000` where there is none); `0000` first where no own action exists.
#[inline]
pub fn for_each_turn<S: TwoAction, F: FnMut(Turn) -> ControlFlow<()>>(
    s: &S,
    mut f: F,
) -> ControlFlow<()> {
    let us = s.pos().turn();
    let mut any_own = false;
    s.actions(us, true, |own| {
        any_own = true;
        let mut after = s.clone();
        after.apply(own);
        let mut any_other = false;
        after.actions(!us, false, |other| {
            any_other = true;
            f(Turn { own, other })
        })?;
        if !any_other {
            f(Turn {
                own,
                other: Action::PASS,
            })?;
        }
        ControlFlow::Continue(())
    })?;
    if !any_own {
        s.actions(!us, false, |other| {
            f(Turn {
                own: Action::PASS,
                other,
            })
        })?;
    }
    ControlFlow::Continue(())
}

/// Number of turns (perft's last ply): the opponent actions are counted, not listed.
#[inline]
pub fn count_turns<S: TwoAction>(s: &S) -> u64 {
    let us = s.pos().turn();
    let mut n = 0u64;
    let mut any_own = false;
    let _ = s.actions(us, true, |own| {
        any_own = true;
        let mut after = s.clone();
        after.apply(own);
        n += after.count_other_actions().max(1);
        ControlFlow::Continue(())
    });
    if !any_own {
        n = s.count_other_actions();
    }
    n
}

/// Plays a legal turn: both actions, the clocks, the side to move.
#[inline]
pub fn play_turn<S: TwoAction>(s: &mut S, t: Turn) {
    let mut pawn_moved = false;
    for a in [t.own, t.other] {
        if !a.is_pass() {
            pawn_moved |= s.pos().piece_at(a.from).map(|p| p.role) == Some(Role::Pawn);
            s.apply(a);
        }
    }
    let pos = s.pos_mut();
    if pawn_moved {
        pos.halfmove_clock = 0;
    } else {
        pos.halfmove_clock += 1;
    }
    if pos.turn() == Color::Black {
        pos.fullmoves += 1;
    }
    pos.pass_turn();
}

/// Reads a turn and checks it against the position; every rejection names the turn and,
/// where one applies, the rule it breaks (`capture`, `backward move`, …).
pub fn parse_turn<S: TwoAction>(
    s: &S,
    text: &str,
    outcome: impl FnOnce() -> Option<Outcome>,
) -> Result<Turn, MoveError> {
    let (own, other) = match Notation::parse(text)? {
        Notation::Turn(own, other) => (own, other),
        _ => return Err(MoveError::Malformed(text.to_string())),
    };
    if let Some(t) = find_turn(s, own, other) {
        return Ok(t);
    }
    if let Some(o) = outcome() {
        return Err(MoveError::GameOver(o.to_string()));
    }
    let because = |why| MoveError::IllegalBecause(text.to_string(), why);
    let us = s.pos().turn();
    let own_action = check_part(s, us, true, own, other).map_err(because)?;
    let mut after = s.clone();
    if let Some(a) = own_action {
        after.apply(a);
    }
    check_part(&after, !us, false, other, None).map_err(because)?;
    Err(MoveError::Illegal(text.to_string()))
}

/// The legal action `raw` names among `color`'s, `PASS` for `None` when there is none.
fn find_action<S: TwoAction>(
    s: &S,
    color: Color,
    own: bool,
    raw: Option<RawAction>,
) -> Option<Action> {
    let mut found = None;
    let mut any = false;
    let _ = s.actions(color, own, |a| {
        any = true;
        if same(a, raw) {
            found = Some(a);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    match raw {
        None if !any => Some(Action::PASS),
        _ => found,
    }
}

/// The turn as generated by [`for_each_turn`], found action by action (not by listing turns).
fn find_turn<S: TwoAction>(
    s: &S,
    own: Option<RawAction>,
    other: Option<RawAction>,
) -> Option<Turn> {
    let us = s.pos().turn();
    let own = find_action(s, us, true, own)?;
    let mut after = s.clone();
    if !own.is_pass() {
        after.apply(own);
    }
    let other = find_action(&after, !us, false, other)?;
    (!(own.is_pass() && other.is_pass())).then_some(Turn { own, other })
}

fn same(a: Action, raw: Option<RawAction>) -> bool {
    match raw {
        None => a.is_pass(),
        Some(r) => !a.is_pass() && a.from == r.from && a.to == r.to && r.promotion.is_none(),
    }
}

/// Finds why one part of a turn is wrong; `Ok` with the action if it is legal.
fn check_part<S: TwoAction>(
    s: &S,
    color: Color,
    own: bool,
    raw: Option<RawAction>,
    next: Option<RawAction>,
) -> Result<Option<Action>, &'static str> {
    let pos = s.pos();
    let mut legal = Bitboard::EMPTY;
    let mut any = false;
    let _ = s.actions(color, own, |a| {
        any = true;
        if raw.is_some_and(|r| r.from == a.from && r.to == a.to) {
            legal.set(a.to);
        }
        ControlFlow::Continue(())
    });
    let Some(r) = raw else {
        return if any {
            Err("pass while an action exists")
        } else {
            Ok(None)
        };
    };
    if r.promotion.is_some() {
        return Err("no promotion");
    }
    let Some(piece) = pos.piece_at(r.from) else {
        return Err("no piece on the from-square");
    };
    if piece.color != color {
        // The own part names an opponent's piece (or the second part one of the mover's).
        let swapped = next.and_then(|n| pos.piece_at(n.from)).map(|p| p.color) == Some(color);
        return Err(if swapped || own {
            "wrong order of actions"
        } else {
            "second action must move an opponent's piece"
        });
    }
    if pos.piece_at(r.to).is_some() {
        return Err("capture");
    }
    let dr = (r.to.rank() as i8 - r.from.rank() as i8) * color.forward();
    if dr < 0 {
        return Err("backward move");
    }
    if piece.role == Role::Pawn && r.to.relative_rank(color) == 7 {
        return Err("pawn onto the last rank");
    }
    let geo = targets(
        color,
        piece.role,
        r.from,
        pos.board.occupied(),
        S::DOUBLE_STEP,
    );
    if !geo.contains(r.to) {
        let (vecs, _) = white_vectors(piece.role);
        let empty_geo = targets(color, piece.role, r.from, Bitboard::EMPTY, S::DOUBLE_STEP);
        return Err(if empty_geo.contains(r.to) {
            "path blocked"
        } else if dr == 0 && vecs.iter().any(|v| v.1 == 0) {
            "wrong sideways direction for this rook"
        } else if dr == 0 {
            "sideways move"
        } else {
            "not a move of this piece"
        });
    }
    if !legal.contains(r.to) {
        return Err(s.why_illegal(color, own, Action::new(r.from, r.to)));
    }
    Ok(Some(Action::new(r.from, r.to)))
}

/// A piece of either colour that has a move in the pieces table (no other rule).
pub fn any_geometric_move(pos: &Position, double_step: bool) -> bool {
    let occ = pos.board.occupied();
    for (sq, p) in pos.board.pieces() {
        if targets(p.color, p.role, sq, occ, double_step).any() {
            return true;
        }
    }
    false
}

/// The piece on a square, for callers that know it is occupied.
#[inline]
pub fn piece_on(pos: &Position, sq: Square) -> Piece {
    pos.piece_at(sq).expect("a piece on the from-square")
}
