//! Move ordering: TT move, noisy moves by MVV-LVA, killers, history, then the noisy moves
//! that lose material by static exchange.

use super::params;
use crate::core::MoveList;
use crate::eval::Evaluate;

pub const MAX_PLY: usize = 128;

/// Per-thread ordering memory: two killers per ply, a butterfly-style history, and two
/// continuation histories: how a quiet move fared in reply to the move before it (one ply
/// back) and after the side's own previous move (two plies back), each context reduced to
/// the square that move went to (`history_index % 64`).
pub struct OrderingTables<M: Copy> {
    pub killers: Vec<[Option<M>; 2]>,
    pub history: Vec<i32>,
    pub continuation: [Vec<i32>; 2],
}

/// No move leads to this ply (the root, or a null move): no continuation context.
pub const NO_CONTEXT: usize = usize::MAX;

/// The continuation contexts of a node: the history indices of the moves one and two plies
/// back ([`NO_CONTEXT`] where none).
pub type Contexts = [usize; 2];

#[inline]
fn continuation_slot(context: usize, hist_index: usize) -> Option<usize> {
    (context != NO_CONTEXT).then(|| (context % 64) * 4096 + (hist_index & 4095))
}

/// The history change a quiet move's cut-off (or failure) at `depth` brings, in the games
/// that prune by their evaluation ([`crate::eval::SearchHooks::FORWARD_PRUNING`], where it
/// was measured with history pruning): large enough that shallow nodes, where most cut-offs
/// happen, move the ±16 384 scale within a few updates, capped so that one deep result does
/// not wipe out what the table knows. The other games keep `depth²`.
#[inline]
pub fn history_bonus(depth: i32, forward_pruning: bool) -> i32 {
    if forward_pruning {
        (4 * depth * depth + params::history_bonus_linear() * depth - 110)
            .clamp(0, params::history_bonus_max())
    } else {
        depth * depth
    }
}

/// The history change of a quiet move tried before a cut-off worth `bonus`, in the games that
/// prune by their evaluation: twice the cut-off's bonus (Stockfish's malus outweighs its
/// bonus), since a quiet move that failed where another cut is likelier to fail again. The
/// other games keep the bonus.
#[inline]
pub fn history_malus(bonus: i32, forward_pruning: bool) -> i32 {
    if forward_pruning {
        bonus * 2
    } else {
        bonus
    }
}

#[inline]
fn gravity(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / 16384;
}

impl<M: Copy + PartialEq> OrderingTables<M> {
    pub fn new() -> Self {
        OrderingTables {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 4096],
            continuation: [vec![0; 64 * 4096], vec![0; 64 * 4096]],
        }
    }

    /// A new search from another root: the killers belong to the plies of the last one; the
    /// histories stay.
    pub fn new_search(&mut self) {
        self.killers.fill([None; 2]);
    }

    /// A quiet move caused a cut-off at `ply`, worth `bonus` ([`history_bonus`]).
    pub fn reward(&mut self, m: M, hist_index: usize, ply: usize, bonus: i32, ctx: Contexts) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        self.update(hist_index, bonus, ctx);
    }

    /// A quiet move was tried before the cut-off move and failed.
    pub fn punish(&mut self, hist_index: usize, bonus: i32, ctx: Contexts) {
        self.update(hist_index, -bonus, ctx);
    }

    fn update(&mut self, hist_index: usize, bonus: i32, ctx: Contexts) {
        gravity(&mut self.history[hist_index & 4095], bonus);
        for (table, c) in self.continuation.iter_mut().zip(ctx) {
            if let Some(slot) = continuation_slot(c, hist_index) {
                gravity(&mut table[slot], bonus);
            }
        }
    }

    /// The history score of the quiet move with this index: the butterfly history plus both
    /// continuation histories (each spans ±16 384).
    #[inline]
    pub fn history_of(&self, hist_index: usize, ctx: Contexts) -> i32 {
        let mut h = self.history[hist_index & 4095];
        for (table, c) in self.continuation.iter().zip(ctx) {
            if let Some(slot) = continuation_slot(c, hist_index) {
                h += table[slot];
            }
        }
        h
    }
}

impl<M: Copy + PartialEq> Default for OrderingTables<M> {
    fn default() -> Self {
        Self::new()
    }
}

const TT_MOVE: i32 = 4_000_000;
const NOISY: i32 = 2_000_000;
const KILLER: i32 = 1_000_000;
/// Captures that lose material by static exchange: after every quiet move.
const BAD_NOISY: i32 = -2_000_000;

/// Ordering score of every move of `list`, aligned by index.
pub fn score_moves<V: Evaluate>(
    pos: &V,
    list: &MoveList<V::Move>,
    tt_index: Option<u16>,
    tables: &OrderingTables<V::Move>,
    ply: usize,
    ctx: Contexts,
    scores: &mut [i32],
) {
    let killers = tables.killers[ply.min(MAX_PLY)];
    let threats = pos.threats();
    for (i, &m) in list.iter().enumerate() {
        scores[i] = if tt_index == Some(i as u16) {
            TT_MOVE
        } else if pos.is_noisy(m) {
            let base = if pos.see_ge(m, 0) == Some(false) {
                BAD_NOISY
            } else {
                NOISY
            };
            base + pos.noisy_order(m)
        } else if killers[0] == Some(m) {
            KILLER + 1
        } else if killers[1] == Some(m) {
            KILLER
        } else {
            tables.history_of(pos.history_index(m), ctx) + pos.quiet_order(m, &threats)
        };
    }
}

/// Index of the best-scored move from `start` on, swapped to `start` (selection sort, lazily).
#[inline]
pub fn pick_next<M: Copy>(
    list: &mut MoveList<M>,
    scores: &mut [i32],
    order: &mut [u16],
    start: usize,
) {
    // Two passes that vectorise, the greatest score then its first place, pick the same
    // move as one scan keeping the first of equal scores.
    let rest = &scores[start..list.len()];
    let top = rest.iter().copied().max().unwrap_or(i32::MIN);
    let best = start + rest.iter().position(|&s| s == top).unwrap_or(0);
    list.swap(start, best);
    scores.swap(start, best);
    order.swap(start, best);
}

/// True for the quiet moves that ordering ranks as special.
pub fn is_killer<M: Copy + PartialEq>(tables: &OrderingTables<M>, ply: usize, m: M) -> bool {
    tables.killers[ply.min(MAX_PLY)].contains(&Some(m))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Picking move after move gives the order of a selection sort that scans for the
        /// greatest score and keeps the first of equal ones (few distinct scores, so ties
        /// are common): the search's order, and so its nodes, do not depend on how the
        /// scan is written.
        #[test]
        fn picks_follow_a_selection_sort_keeping_the_first_of_equals(
            raw in proptest::collection::vec(-3i32..3, 0..80)
        ) {
            let mut list: MoveList<u16> = (0..raw.len() as u16).collect();
            let mut scores = raw.clone();
            let mut order: Vec<u16> = (0..raw.len() as u16).collect();
            let (mut ref_moves, mut ref_scores) = ((0..raw.len() as u16).collect::<Vec<_>>(), raw);
            for start in 0..list.len() {
                pick_next(&mut list, &mut scores, &mut order, start);
                let mut best = start;
                for i in start + 1..ref_scores.len() {
                    if ref_scores[i] > ref_scores[best] {
                        best = i;
                    }
                }
                ref_moves.swap(start, best);
                ref_scores.swap(start, best);
                prop_assert_eq!(list[start], ref_moves[start]);
                prop_assert_eq!(order[start], ref_moves[start]);
                prop_assert_eq!(scores[start], ref_scores[start]);
            }
        }
    }
}
