//! Static exchange evaluation for FIDE pieces: whether a move, followed by the best sequence of
//! recaptures on its square (each side taking with its least valuable attacker and free to
//! stop), keeps at least a given amount of material. The search orders captures that lose
//! material after the quiet moves and prunes moves that lose too much at low depth.
//! X-rays are seen (a slider behind a capturer joins in once it has gone); pins are not.

use super::fide::value;
use super::Score;
use crate::core::attacks;
use crate::core::{Action, ActionKind, Color, Position, Role};
use crate::variants::fide::attackers;

/// Whether the FIDE action `m` wins at least `threshold` centipawns by the exchange it starts
/// (a quiet move: whether the piece can be taken for less than `-threshold`). Castling, en
/// passant and promotions count as even.
pub fn see_ge(pos: &Position, m: Action, threshold: Score) -> bool {
    if m.promotion.is_some() || !matches!(m.kind, ActionKind::Normal) {
        return threshold <= 0;
    }
    let Some(mover) = pos.piece_at(m.from) else {
        return threshold <= 0;
    };
    let victim = pos.piece_at(m.to).map_or(0, |p| value(p.role));
    // What the side that moved is ahead by, from its side, if the exchange stops now ...
    let mut swap = victim - threshold;
    if swap < 0 {
        return false;
    }
    // ... and if the opponent takes the mover and the exchange stops then.
    swap = value(mover.role) - swap;
    if swap <= 0 {
        return true;
    }
    let b = &pos.board;
    let mut occ = b.occupied().without(m.from).without(m.to);
    let mut all = attackers(pos, m.to, Color::White, occ) | attackers(pos, m.to, Color::Black, occ);
    let diagonal = b.by_role(Role::Bishop) | b.by_role(Role::Queen);
    let straight = b.by_role(Role::Rook) | b.by_role(Role::Queen);
    let mut stm = mover.color;
    let mut res = true;
    loop {
        stm = !stm;
        all &= occ;
        let mine = all & b.by_color(stm);
        if mine.is_empty() {
            break;
        }
        res = !res;
        let Some((role, sq)) = Role::FIDE
            .iter()
            .find_map(|&r| (mine & b.by_role(r)).first().map(|sq| (r, sq)))
        else {
            break;
        };
        if role == Role::King {
            // The king may take only where nothing takes it back.
            if (all & b.by_color(!stm)).any() {
                res = !res;
            }
            break;
        }
        swap = value(role) - swap;
        if swap < res as Score {
            break;
        }
        occ = occ.without(sq);
        // Sliders behind the piece that just took now see the square.
        all = all | (attacks::bishop(m.to, occ) & diagonal) | (attacks::rook(m.to, occ) & straight);
    }
    res
}

#[cfg(test)]
mod tests {
    use super::see_ge;
    use crate::variants::chess::Chess;
    use crate::variants::Variant;

    /// Whether the exchange started by `uci` in `fen` keeps exactly `value` (hand-counted):
    /// at least `value`, and not at least one more.
    fn exchange_is(fen: &str, uci: &str, value: i32) {
        let pos = Chess::from_fen(fen).unwrap();
        let m = pos.parse_move(uci).unwrap();
        assert!(see_ge(pos.position(), m, value), "{fen} {uci} ≥ {value}");
        assert!(
            !see_ge(pos.position(), m, value + 1),
            "{fen} {uci} < {}",
            value + 1
        );
    }

    #[test]
    fn free_pawn() {
        exchange_is("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100);
    }

    #[test]
    fn rook_takes_a_defended_pawn() {
        exchange_is("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", -400);
    }

    #[test]
    fn the_rook_behind_joins_in() {
        // Rxd5 cxd5 Rxd5 (the d1 rook sees d5 once the d2 rook has gone): 100 - 500 + 100.
        exchange_is("4k3/8/2p5/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", -300);
    }

    #[test]
    fn the_defender_may_stop() {
        // exd5 Qxd5 would lose the queen to the c3 knight: black stops, white keeps the pawn.
        exchange_is("3qk3/8/8/3p4/4P3/2N5/8/4K3 w - - 0 1", "e4d5", 100);
        exchange_is("4k3/3q4/8/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5", 100 - 320);
    }

    #[test]
    fn quiet_move_onto_a_guarded_square() {
        exchange_is("4k3/8/2p5/8/8/8/8/3QK3 w - - 0 1", "d1d5", -900);
        exchange_is("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d5", 0);
    }

    #[test]
    fn a_king_does_not_take_a_defended_piece() {
        // Rxd2 Bxd2 Kxd2: nothing attacks d2 any more, the king takes: a rook for a rook,
        // and the bishop.
        exchange_is("4k3/8/8/8/8/2b5/3r4/3RK3 w - - 0 1", "d1d2", 330);
        // Rxd1: the g4 bishop guards d1, so Kxd1 is no recapture.
        exchange_is("4k3/8/8/8/6b1/8/3r4/3RK3 b - - 0 1", "d2d1", 500);
    }
}
