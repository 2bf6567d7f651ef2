//! The search against a brute-force minimax written here, over the same evaluator,
//! for every registered variant; and mates found with pruning on.

mod variant_common;

use std::collections::HashMap;
use std::ops::ControlFlow;
use zest::core::MoveList;
use zest::eval::{Evaluate, Score, MATE};
use zest::registry::{self, VariantFn};
use zest::search::{Limits, SearchOptions, Searcher};
use zest::tools::play::{random_opening, SplitMix};
use zest::variants::{self, Game, Variant};

/// Plain minimax (negamax form), no pruning of any kind, over the search's move set and its
/// verdict where that set is empty, with the game's search hooks.
fn minimax<V: Evaluate>(pos: &V, depth: i32, ply: i32) -> Score {
    if ply > 0 {
        if let Some(s) = pos.foreseen_draw() {
            return s;
        }
    }
    // The rules' own verdict at the 50th move: a draw, unless the move that reached it mated.
    if ply > 0
        && V::FIFTY_MOVE_RULE
        && pos.position().halfmove_clock >= 100
        && pos
            .outcome()
            .is_none_or(|o| o.result == variants::GameResult::Draw)
    {
        return 0;
    }
    if depth == 0 {
        if !pos.search_has_moves() {
            return pos
                .search_outcome()
                .map_or(0, |o| pos.terminal_score(&o, ply));
        }
        return pos.leaf_eval(pos.evaluate(), ply);
    }
    let mut list = MoveList::new();
    pos.search_moves(&mut list);
    if list.is_empty() {
        return pos
            .search_outcome()
            .map_or(0, |o| pos.terminal_score(&o, ply));
    }
    let mut best = -100_000;
    // A position whose every move goes into a foreseen draw is one too.
    let mut all_drawn = true;
    for &m in &list {
        let mut child = pos.clone();
        child.play(m);
        let s = -minimax(&child, depth - 1, ply + 1);
        all_drawn &= V::is_foreseen_draw_score(s);
        best = best.max(s);
    }
    if all_drawn {
        V::forced_draw_score(ply)
    } else {
        best
    }
}

/// The moves a side may choose from in a brute-force search.
type Lister<V> = fn(&V) -> Vec<<V as Variant>::Move>;

fn every_move<V: Variant>(pos: &V) -> Vec<V::Move> {
    let mut v = Vec::new();
    let _ = pos.for_each_move(|m| {
        v.push(m);
        ControlFlow::Continue(())
    });
    v
}

/// Whether the side to move forces a win within `moves` of its own moves (mate or any rule win).
fn forced_win<V: Variant>(pos: &V, moves: u32) -> bool {
    forced_win_choosing(pos, moves, every_move::<V>)
}

/// [`forced_win`] with the winner choosing among the moves `attacker` lists; the defender
/// keeps every move.
fn forced_win_choosing<V: Variant>(pos: &V, moves: u32, attacker: Lister<V>) -> bool {
    moves > 0
        && attacker(pos).into_iter().any(|m| {
            let mut after = pos.clone();
            after.play(m);
            wins(&after, pos.turn()) || all_replies_lose(&after, pos.turn(), moves - 1, attacker)
        })
}

/// With the opponent of `us` to move in `after`, every reply loses within `moves` of `us`'s.
fn all_replies_lose<V: Variant>(
    after: &V,
    us: zest::core::Color,
    moves: u32,
    attacker: Lister<V>,
) -> bool {
    after.has_moves()
        && every_move(after).into_iter().all(|r| {
            let mut next = after.clone();
            next.play(r);
            wins(&next, us) || forced_win_choosing(&next, moves, attacker)
        })
}

fn wins<V: Variant>(pos: &V, color: zest::core::Color) -> bool {
    pos.outcome()
        .is_some_and(|o| o.result == variants::GameResult::win(color))
}

struct AgreesWithMinimax;

impl VariantFn for AgreesWithMinimax {
    type Output = usize;
    fn call<V: Evaluate>(self) -> usize {
        let searcher = Searcher::new(1, 4);
        let plain = SearchOptions {
            pruning: false,
            multipv: 1,
        };
        let mut rng = SplitMix(77);
        let mut checked = 0;
        for i in 0..30 {
            let game = random_opening::<V>(4 + i % 24, &mut rng);
            let pos = game.position();
            if !pos.has_moves() {
                continue;
            }
            let mut list = MoveList::new();
            pos.search_moves(&mut list);
            // Depth 3 where the tree is small enough for brute force, else 2.
            let depth = if list.len() <= 60 { 3 } else { 2 };
            searcher.clear();
            let r = searcher.search(pos, &[], &Limits::depth(depth), &plain, &mut |_| {});
            assert_eq!(r.depth, depth);
            assert_eq!(
                r.score,
                minimax(pos, depth, 0),
                "{} {} depth {depth}",
                V::NAME,
                pos.fen()
            );
            checked += 1;
        }
        checked
    }
}

#[test]
fn fixed_depth_search_equals_minimax_in_every_variant() {
    for name in variants::NAMES {
        let n = registry::dispatch(name, AgreesWithMinimax).unwrap();
        assert!(n >= 25, "{name}: only {n} positions");
    }
}

/// Checks a mate in two by brute force, finds it with pruning on; returns the main line.
fn mate_in_two<V: Evaluate>(fen: &str) -> Vec<V::Move> {
    let pos = V::from_fen(fen).unwrap();
    assert!(!forced_win(&pos, 1), "{fen} has a mate in one");
    assert!(forced_win(&pos, 2), "{fen} has no mate in two");
    let searcher = Searcher::new(1, 16);
    let r = variant_common::search(&searcher, &pos, &Limits::depth(6));
    assert_eq!(r.score, MATE - 3, "{fen}");
    let best = r.best.unwrap();
    // The move found keeps the forced win.
    let mut after = pos.clone();
    after.play(best);
    assert!(
        all_replies_lose(&after, pos.turn(), 1, every_move::<V>),
        "{fen}: {} allows a defence",
        pos.move_to_string(best)
    );
    r.lines[0].pv.clone()
}

#[test]
fn finds_mate_in_two_chess_and_arrangement() {
    let fen = "k7/8/2K5/8/8/8/8/7R w - - 0 1";
    mate_in_two::<variants::chess::Chess>(fen);
    mate_in_two::<variants::arrangement::Arrangement>(fen);
    // A quiet queen move first (1. Qb7), checked by brute force in `mate_in_two`.
    mate_in_two::<variants::chess::Chess>("7k/8/5K2/8/8/8/8/1Q6 w - - 0 1");
}

#[test]
fn finds_mate_in_two_exile() {
    use variants::exile::Exile;
    // Black keeps a blocked pawn, so no capture bares its king and stalemating is no shortcut.
    mate_in_two::<Exile>("k7/8/2K5/8/p7/P7/8/7R w - - 0 30");
    // With the duke, Exile's own piece (one or two steps in any direction).
    mate_in_two::<Exile>("7k/8/5K2/8/p7/P7/8/1D6 w - - 0 30");
}

/// Swap: a mate in two whose mating move is a sequence of two swaps (no mate in two exists
/// with ordinary moves and single swaps alone, by brute force), found with pruning on.
#[test]
fn finds_swap_mate_in_two_by_a_two_swap_sequence() {
    use variants::swap::{Swap, SwapMove};
    let fen = "8/8/2K2Q2/k7/2n5/2Rb4/8/3B4 w - - 0 1";
    let pos = Swap::from_fen(fen).unwrap();
    let short: Lister<Swap> = |p| {
        let mut v = Vec::new();
        let _ = p.for_each_move_upto(1, |m| {
            v.push(m);
            ControlFlow::Continue(())
        });
        v
    };
    assert!(
        !forced_win_choosing(&pos, 2, short),
        "a mate in two without long sequences"
    );
    let pv = mate_in_two::<Swap>(fen);
    // After the first move found, some defence leaves only a long sequence to mate (the
    // first move is an ordinary one, and no mate in two uses short moves alone); the PV
    // may follow another defence, so each is searched.
    assert!(
        short(&pos).contains(&pv[0]),
        "{}",
        pos.move_to_string(pv[0])
    );
    let mut after = pos.clone();
    after.play(pv[0]);
    let searcher = Searcher::new(1, 16);
    let mut long_mates = 0;
    for defence in every_move(&after) {
        let mut next = after.clone();
        next.play(defence);
        if forced_win_choosing(&next, 1, short) {
            continue;
        }
        let r = variant_common::search(&searcher, &next, &Limits::depth(3));
        assert_eq!(r.score, MATE - 1, "{}", next.fen());
        match r.best.unwrap() {
            SwapMove::Path(p) => assert!(p.swaps() >= 2, "{p}"),
            m => panic!("mating move {m} is not a swap sequence"),
        }
        long_mates += 1;
    }
    assert!(long_mates > 0);
}

/// Swap: the page's mate-in-one (swap.md, worked example 2) overlooks a defence; after the
/// page's move the search finds it, Black's only legal move, a two-swap sequence (in check,
/// the search lists every escaping sequence of up to two swaps).
#[test]
fn finds_the_defence_to_the_swap_pages_mate_in_one() {
    use variants::swap::Swap;
    let mut pos = Swap::from_fen("3rk3/5r2/1Q6/8/2b5/3p4/5R2/1B5K w - - 0 1 -").unwrap();
    pos.play(pos.parse_move("b6/b1/d3=n/c4/f7").unwrap());
    assert!(pos.is_check());
    let searcher = Searcher::new(1, 16);
    let r = variant_common::search(&searcher, &pos, &Limits::depth(4));
    assert_eq!(pos.move_to_string(r.best.unwrap()), "d3/c4/f7");
    // The defence only delays: White mates next move (brute force agrees with the score).
    let mut defended = pos.clone();
    defended.play(r.best.unwrap());
    assert!(forced_win(&defended, 1));
    assert_eq!(r.score, -(MATE - 2));
}

/// Palindromic: the side to move completes the reversal on its second turn whatever the other
/// side does, and only some of its first turns keep that win (all checked by brute force).
#[test]
fn finds_forced_reversal_in_palindromic() {
    use variants::palindromic::Palindromic;
    for fen in [
        "LNBK1BNR/PPPP1PPP/4P3/8/7Q/8/pppppppp/rnbqkbnl b - - 0 30",
        "LNBKQBNR/PPPPPPPP/8/8/q7/3p4/pp1ppppp/rnb1kbnl w - - 0 30",
        "LNBKQBNR/PPPPPPPP/8/1b6/8/4p3/pppp1ppp/rnbqk1nl w - - 0 30",
    ] {
        let pos = Palindromic::from_fen(fen).unwrap();
        let mut losing_first_turns = 0;
        let _ = pos.for_each_move(|m| {
            let mut after = pos.clone();
            after.play(m);
            if !wins(&after, pos.turn())
                && !all_replies_lose(&after, pos.turn(), 1, every_move::<Palindromic>)
            {
                losing_first_turns += 1;
            }
            ControlFlow::Continue(())
        });
        assert!(losing_first_turns > 0, "{fen}: every first turn wins");
        mate_in_two::<Palindromic>(fen);
    }
}

/// With pruning on, Palindromic's search skips the danger (a completion search) where the
/// evaluation alone already fails low or high; the scores must not change. Positions from a
/// game of `zest play` (seed 11), from 30 to 10 pieces away, where the danger terms apply.
#[test]
fn palindromic_lazy_danger_keeps_the_scores() {
    use variants::palindromic::Palindromic;
    let searcher = Searcher::new(1, 16);
    let mut dangerous = 0;
    for fen in [
        "3k1b2/P2nq2r/p1b1p1pB/2ppp1P1/plN1PPPL/2KQ1N2/PPP1RpB1/6n1 b - - 0 16",
        "8/P1knbPBr/p1b1p3/2ppp1qP/p1NKPP1L/Pl1QRNpB/1PP2p2/6n1 b - - 2 20",
        "8/P1kn1PB1/pN2pb1r/1bKp1PqP/PPpPpP1L/1l1QRN1B/p4pp1/6n1 b - - 0 24",
        "8/P1kn1PB1/pN1Kpb1r/1b1p1PqP/PP1PpP1L/1lpQRN1B/p4pp1/6n1 w - - 0 25",
        "8/P3NPB1/pNkKpb1r/P1np1PqP/1P1PQP1L/2l3RB/p1pp1pp1/5bn1 b - - 0 28",
        "8/PPKNNPB1/p1k1p1rP/P1PQ1Pq1/n1p2P1L/5lRB/p1pp1pp1/2b2bn1 b - - 0 32",
        "3KQBN1/PP1N1P2/4p1PP/P1P1P1q1/npp2r1L/3k1lRB/p1pp1pp1/2b2bn1 b - - 1 36",
        "3KQBNR/PP1NPPP1/4p1P1/P3P1L1/npp3B1/4q1l1/prpp1pp1/2b1kbn1 b - - 4 40",
    ] {
        let pos = Palindromic::from_fen(fen).unwrap();
        let _ = pos.for_each_move(|m| {
            let mut after = pos.clone();
            after.play(m);
            dangerous += usize::from(after.danger() > 0);
            ControlFlow::Continue(())
        });
        // Leaves on the opponent's turn (depth 1) and, where the tree is small, on the
        // turn of the side that searches (depth 2).
        let mut list = MoveList::new();
        pos.search_moves(&mut list);
        let depths = if list.len() <= 150 { 1..=2 } else { 1..=1 };
        for depth in depths {
            searcher.clear();
            let r = variant_common::search(&searcher, &pos, &Limits::depth(depth));
            assert_eq!(r.score, minimax(&pos, depth, 0), "{fen} depth {depth}");
        }
    }
    assert!(dangerous > 100, "only {dangerous} turns lead to danger");
}

/// Interchange, solved to the end: the final margin of pieces home (side to move's count minus
/// the other's) under best play by both sides, each maximising its own margin.
fn solve_interchange(
    pos: &variants::interchange::Interchange,
    memo: &mut HashMap<u64, i32>,
) -> i32 {
    if let Some(&v) = memo.get(&pos.key()) {
        return v;
    }
    let v = if pos.has_moves() {
        let mut best = i32::MIN;
        let _ = pos.for_each_move(|m| {
            let mut child = pos.clone();
            child.play(m);
            best = best.max(-solve_interchange(&child, memo));
            ControlFlow::Continue(())
        });
        best
    } else {
        home_margin(pos)
    };
    memo.insert(pos.key(), v);
    v
}

fn home_margin(pos: &variants::interchange::Interchange) -> i32 {
    use zest::variants::two_action::pieces_home;
    let p = pos.position();
    pieces_home(p, p.turn()) as i32 - pieces_home(p, !p.turn()) as i32
}

/// Small Interchange endgames where the first turn decides between margins (a win by 2 or by
/// 1, a draw or a loss): zest's search scores the brute-force margin, and zest playing both
/// sides to the end reaches exactly that final home count.
#[test]
fn interchange_endgames_reach_the_maximal_home_count() {
    use variants::interchange::Interchange;
    use zest::eval::two_action::KNOWN_WIN;
    let searcher = Searcher::new(1, 16);
    for fen in [
        "8/8/1k6/1P1K4/7n/8/8/8 w - - 0 1",
        "8/1P6/8/8/2N5/5k2/8/k7 w - - 0 1",
        "8/8/4b3/8/8/2KP4/8/b7 w - - 0 1",
        "8/8/N2b4/7n/8/8/5K2/8 w - - 0 1",
        "8/K7/8/8/8/4kn2/1K6/8 w - - 0 1",
        "8/4B3/2K5/8/1b6/8/1n6/8 w - - 0 1",
    ] {
        let mut game = Interchange::from_fen(fen).unwrap();
        let mut memo = HashMap::new();
        let value = solve_interchange(&game, &mut memo);
        // The first turn matters: some turns lead to a worse margin.
        let mut worse = false;
        let _ = game.for_each_move(|m| {
            let mut child = game.clone();
            child.play(m);
            worse |= -solve_interchange(&child, &mut memo) < value;
            ControlFlow::Continue(())
        });
        assert!(worse, "{fen}: every first turn is as good");
        let expected = match value.signum() {
            0 => 0,
            s => s * KNOWN_WIN + 100 * value,
        };
        let mover = game.turn();
        let mut first = true;
        while game.has_moves() {
            searcher.clear();
            let r = variant_common::search(&searcher, &game, &Limits::depth(24));
            if first {
                assert_eq!(r.score, expected, "{fen}: search score");
                first = false;
            }
            game.play(r.best.unwrap());
        }
        let final_margin = home_margin(&game) * if game.turn() == mover { 1 } else { -1 };
        assert_eq!(final_margin, value, "{fen}: played to {}", game.fen());
    }
}

/// The position after `moves` from `fen`, and the keys of the positions before it (the
/// history a GUI's `position … moves` gives the search), as the engine's `Game` keeps them.
fn after_moves(fen: &str, moves: &[&str]) -> (variants::chess::Chess, Vec<u64>) {
    let mut game = Game::<variants::chess::Chess>::from_fen(fen).unwrap();
    for m in moves {
        game.play_str(m).unwrap();
    }
    (game.position().clone(), game.history_keys())
}

fn best_score(pos: &variants::chess::Chess, history: &[u64], depth: i32) -> (String, Score) {
    let r = Searcher::new(1, 16).search(
        pos,
        history,
        &Limits::depth(depth),
        &SearchOptions::default(),
        &mut |_| {},
    );
    (pos.move_to_string(r.lines[0].pv[0]), r.lines[0].score)
}

/// King and queen against king, Black to move after `Kf1 Kg8 Kg1`: `Kh8` brings back the
/// game's first position, met once. That is no draw (White need not repeat it), so the lone
/// king's score stays lost, about a queen down, whatever it plays; twice met, it would be
/// the third occurrence, a draw the side to move can claim.
#[test]
fn a_position_met_once_before_the_search_is_no_draw() {
    let fen = "7k/8/8/8/8/8/8/1Q4K1 w - - 0 1";
    let (pos, history) = after_moves(fen, &["g1f1", "h8g8", "f1g1"]);
    let (_, score) = best_score(&pos, &history, 8);
    assert!(score < -600, "score {score}");

    let twice = ["g1f1", "h8g8", "f1g1", "g8h8", "g1f1", "h8g8", "f1g1"];
    let (pos, history) = after_moves(fen, &twice);
    assert_eq!(best_score(&pos, &history, 8), ("g8h8".to_string(), 0));
}

/// A mate that reaches the 100th half-move without a capture or a pawn move is a mate: the
/// rules rank it above the 50-move rule. Hand-checked: `Ra8` mates on the back rank, and it
/// is the 100th half-move; any other move leaves a drawn game.
#[test]
fn a_mate_on_the_fiftieth_move_is_a_mate() {
    let (pos, history) = after_moves("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", &[]);
    assert_eq!(
        best_score(&pos, &history, 4),
        ("a1a8".to_string(), MATE - 1)
    );
}

/// FIDE's dead positions by material are draws inside the tree, and a side without the
/// material to mate scores no better than a draw. Hand-checked: Black's `Kxh4` leaves K+B
/// against K (dead), and any other move leaves a bishop against a pawn, which Black cannot
/// win.
#[test]
fn a_side_without_mating_material_scores_a_draw_at_best() {
    let (pos, history) = after_moves("8/6K1/8/3b4/6kP/8/8/8 b - - 6 146", &[]);
    assert_eq!(best_score(&pos, &history, 12).1, 0);
    // Two knights cannot force mate on a bare king, but a rook can.
    let (pos, history) = after_moves("8/8/8/8/4NN2/8/8/5K1k b - - 6 114", &[]);
    assert_eq!(best_score(&pos, &history, 12).1, 0);
    let (pos, history) = after_moves("8/8/8/8/4R3/8/8/5K1k b - - 6 114", &[]);
    assert!(best_score(&pos, &history, 12).1 < -300);
}

/// Whether one of `children` (the keys of the positions the legal moves lead to) is a
/// position of `keys` (the game and the line before it, the root `ply` back) that counts as a
/// draw once reached: one inside the tree, or one met twice already. The oracle of the cuckoo
/// table's test, which plays no move.
fn can_repeat(children: &[u64], keys: &[u64], ply: usize) -> bool {
    let n = keys.len();
    children.iter().any(|k| {
        let inside = keys[(n + 1).saturating_sub(ply).min(n)..].contains(k);
        inside || keys.iter().filter(|&x| x == k).count() >= 2
    })
}

/// Games of `V` from `fen` that shuffle their pieces back and forth (half the moves undo the
/// side's own move before last where they can, the others are plain moves), so that repetitions come often: at every
/// position, for roots 0 to 12 plies back and at the game's start, the cuckoo table's answer
/// (`upcoming_repetition`) is that of trying every move. Returns how many answers were yes,
/// and how many were checked.
fn cycles_agree<V: Evaluate>(fen: &str, complete: bool, rng: &mut SplitMix) -> (usize, usize) {
    use zest::search::cycle::upcoming_repetition;
    let (mut found, mut checked) = (0, 0);
    for _ in 0..6 {
        let mut game = Game::<V>::from_fen(fen).unwrap();
        let mut past: Vec<V> = vec![];
        for _ in 0..120 {
            let pos = game.position().clone();
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            let keys = game.history_keys();
            let children: Vec<u64> = list
                .iter()
                .map(|&m| {
                    let mut child = pos.clone();
                    child.play(m);
                    child.key()
                })
                .collect();
            for ply in (0..=12).chain([keys.len() + 1]) {
                let fast = upcoming_repetition(&pos, &keys, 0, ply as i32);
                let slow = can_repeat(&children, &keys, ply);
                // The table holds the FIDE pieces' moves: it may miss a repetition made by
                // another piece (`complete` false: Exile's exiles), never find a false one.
                assert!(
                    fast == slow || (!complete && slow),
                    "{} ply {ply}: {fast}, every move says {slow}",
                    pos.fen()
                );
                found += fast as usize;
                checked += 1;
            }
            let moves = game.moves();
            let undo = moves.len().checked_sub(2).and_then(|i| {
                let before = past[i].move_to_string(moves[i]);
                let back = format!("{}{}", &before[2..4], &before[0..2]);
                (before.len() == 4)
                    .then(|| pos.parse_move(&back).ok())
                    .flatten()
            });
            // Otherwise a plain move where there is one (not a Swap sequence, which often
            // moves a pawn).
            let plain: Vec<V::Move> = list
                .iter()
                .copied()
                .filter(|&m| pos.move_to_string(m).len() == 4)
                .collect();
            let m = match undo {
                Some(u) if rng.below(2) == 0 => u,
                _ if !plain.is_empty() => plain[rng.below(plain.len())],
                _ => list[rng.below(list.len())],
            };
            past.push(pos);
            game.play(m);
        }
    }
    (found, checked)
}

/// The search's test of a repetition the side to move can make (Stockfish's upcoming
/// repetition, by the cuckoo table of reversible moves) against playing every move, in the
/// four games that use it.
#[test]
fn upcoming_repetition_agrees_with_trying_every_move() {
    let mut rng = SplitMix(20261206);
    let mut counts = vec![];
    for fen in [
        "r3k2r/pp1n1ppp/2pbpn2/q7/3P4/2NBPN2/PPQ2PPP/R3K2R w KQkq - 0 1",
        "4r1k1/5ppp/8/8/8/8/5PPP/3QR1K1 w - - 0 1",
        "8/8/3k4/8/8/4K3/8/4Q3 w - - 0 1",
    ] {
        counts.push(cycles_agree::<variants::chess::Chess>(fen, true, &mut rng));
    }
    let exile = variants::exile::Exile::START_FEN;
    counts.push(cycles_agree::<variants::exile::Exile>(
        exile, false, &mut rng,
    ));
    let swap = variants::swap::Swap::START_FEN;
    counts.push(cycles_agree::<variants::swap::Swap>(swap, true, &mut rng));
    let arrangement = "rkbbnqnr/pppppppp/8/8/8/8/PPPPPPPP/RKBNNBQR w KQkq - 0 1";
    counts.push(cycles_agree::<variants::arrangement::Arrangement>(
        arrangement,
        true,
        &mut rng,
    ));
    for (found, checked) in counts {
        assert!(
            found * 20 > checked,
            "{found} of {checked}: too few repetitions to test"
        );
    }
}

#[test]
fn multipv_reports_distinct_lines() {
    let pos = variants::chess::Chess::from_fen(
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    )
    .unwrap();
    let searcher = Searcher::new(1, 16);
    let r = searcher.search(
        &pos,
        &[],
        &Limits::depth(4),
        &SearchOptions {
            pruning: true,
            multipv: 3,
        },
        &mut |_| {},
    );
    assert_eq!(r.lines.len(), 3);
    assert_eq!(pos.move_to_string(r.lines[0].pv[0]), "h5f7");
    assert!(r.lines[0].score > r.lines[1].score && r.lines[1].score >= r.lines[2].score);
    assert_ne!(r.lines[1].pv[0], r.lines[2].pv[0]);
}

#[test]
fn time_limited_search_returns_in_time() {
    let pos = variants::chess::Chess::from_fen(variants::chess::Chess::START_FEN).unwrap();
    for threads in [1, 2] {
        let searcher = Searcher::new(threads, 16);
        let r = variant_common::search(&searcher, &pos, &Limits::movetime(200));
        assert!(r.best.is_some());
        assert!(
            r.time.as_millis() < 1000,
            "{threads} threads took {:?}",
            r.time
        );
    }
    let searcher = Searcher::new(1, 16);
    let r = variant_common::search(&searcher, &pos, &Limits::nodes(5000));
    assert!(r.nodes < 5000 + 2048, "{}", r.nodes);
}

/// With helpers, a fixed-depth search ends when any thread completes the last depth; the
/// result and the last report must still be that depth, with a legal move and its line.
#[test]
fn helpers_finish_fixed_depth_searches_with_a_full_report() {
    let fens = [
        variants::chess::Chess::START_FEN,
        "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ];
    for threads in [2, 4] {
        let searcher = Searcher::new(threads, 16);
        for fen in fens {
            let pos = variants::chess::Chess::from_fen(fen).unwrap();
            let mut depths = Vec::new();
            let r = searcher.search(
                &pos,
                &[],
                &Limits::depth(7),
                &SearchOptions::default(),
                &mut |it| depths.push((it.depth, it.lines[0].pv[0])),
            );
            assert_eq!(r.depth, 7, "{fen}, {threads} threads");
            let best = r.best.expect("a move");
            let mut legal = MoveList::new();
            pos.legal_moves(&mut legal);
            assert!(legal.contains(&best), "{fen}");
            assert_eq!(depths.last(), Some(&(7, best)), "{fen}, {threads} threads");
        }
    }
}

/// Palindromic iterates over odd depths (its danger counts against the side that searches,
/// so every tree must end on that side's turn); a fixed depth still ends where it was asked
/// to, and the other games step one ply at a time.
#[test]
fn iterative_deepening_steps_as_the_variant_says() {
    fn depths<V: Evaluate>(fen: &str, depth: i32) -> Vec<i32> {
        let pos = V::from_fen(fen).unwrap();
        let searcher = Searcher::new(1, 16);
        let mut seen = Vec::new();
        let r = searcher.search(
            &pos,
            &[],
            &Limits::depth(depth),
            &SearchOptions::default(),
            &mut |it| seen.push(it.depth),
        );
        assert_eq!(r.depth, depth, "{fen}");
        seen
    }
    let rook = "4k3/8/R7/8/8/8/8/4K3 w - - 0 1";
    type Pal = variants::palindromic::Palindromic;
    assert_eq!(depths::<Pal>(rook, 4), [1, 3, 4]);
    assert_eq!(depths::<Pal>(rook, 5), [1, 3, 5]);
    let start = variants::chess::Chess::START_FEN;
    assert_eq!(depths::<variants::chess::Chess>(start, 4), [1, 2, 3, 4]);
}

/// Each thread keeps its histories between the searches of one game; `clear` (a new game)
/// forgets them with the table, so that a search after it is the first one again, node for
/// node.
#[test]
fn clear_forgets_what_the_threads_learned() {
    let pos = variants::chess::Chess::from_fen(
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9",
    )
    .unwrap();
    let searcher = Searcher::new(1, 16);
    let first = variant_common::search(&searcher, &pos, &Limits::depth(8)).nodes;
    // The table and histories of the first search change the second (fewer nodes or more,
    // as the network and the position have it): there is something to forget.
    let warm = variant_common::search(&searcher, &pos, &Limits::depth(8)).nodes;
    assert_ne!(
        warm, first,
        "a warm search took as many nodes as a cold one"
    );
    searcher.clear();
    assert_eq!(
        variant_common::search(&searcher, &pos, &Limits::depth(8)).nodes,
        first
    );
}

/// zest against itself from `fen`, `nodes` a move, to the game's end: its result and length.
fn self_play(fen: &str, nodes: u64) -> (Option<variants::GameResult>, usize) {
    let mut game = Game::<variants::chess::Chess>::from_fen(fen).unwrap();
    let searcher = Searcher::new(1, 16);
    let mut plies = 0;
    while game.outcome().is_none() {
        let r = searcher.search(
            game.position(),
            &game.history_keys(),
            &Limits::nodes(nodes),
            &SearchOptions::default(),
            &mut |_| {},
        );
        game.play(r.best.unwrap());
        plies += 1;
    }
    (game.outcome().map(|o| o.result), plies)
}

/// A queen mates a bare king in at most 10 moves, bishop and knight in at most 33, from any
/// position (the endgame tables): zest, playing both sides at 30 000 nodes a move, mates
/// inside the 50-move rule. Random placements where the build before drew by the 50-move
/// rule; the third and fourth start with the lone king in the corner the bishop cannot mate
/// in, and the last two are random placements that two builds of 2026-12-07 did not mate.
#[test]
fn a_bare_king_is_mated_inside_the_fifty_move_rule() {
    for fen in [
        "8/1Q6/8/5k2/8/8/5K2/8 w - - 0 1",
        "1Q6/8/8/8/k7/6K1/8/8 w - - 0 1",
        "K6k/8/1N6/8/6B1/8/8/8 w - - 0 1",
        "k6B/8/8/8/8/3K4/3N4/8 w - - 0 1",
        "8/1N2K3/8/3k4/8/7B/8/8 w - - 0 1",
        "N7/8/8/8/8/1B2K3/1k6/8 w - - 0 1",
    ] {
        let (result, plies) = self_play(fen, 30_000);
        assert_eq!(
            result,
            Some(variants::GameResult::WhiteWins),
            "{fen}: {plies} plies"
        );
        assert!(plies < 100, "{fen}: {plies} plies");
    }
}
