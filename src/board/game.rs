//! A game on the board, type-erased so the server never names a variant type:
//! the same [`Game`] the engine and the tournament keep, plus its moves in
//! notation and every position's FEN for the move list.

use super::entry::{self, Targets};
use crate::core::{Color, Role, Square};
use crate::eval::Evaluate;
use crate::protocol::engine::{new_game, GameBox};
use crate::registry::VariantFn;
use crate::variants::swap::{generator, Swap, SwapMove, SwapPath};
use crate::variants::{Game, Outcome, Variant};
use std::any::Any;
use std::ops::ControlFlow;

/// What the server needs of a game, whatever its variant.
pub trait BoardGame: Send {
    /// Registry name (`swap`).
    fn variant(&self) -> &'static str;
    /// The FEN the game started from.
    fn initial_fen(&self) -> &str;
    /// The FEN of every position, the start first.
    fn fens(&self) -> &[String];
    /// The moves played, in notation as the engine prints them.
    fn moves(&self) -> &[String];
    fn turn(&self) -> Color;
    /// Plays a move given in notation; returns it as zest prints it. The game is unchanged on error.
    fn play(&mut self, mv: &str) -> Result<String, String>;
    fn undo(&mut self) -> bool;
    /// The end (the position's own endings, then repetition), with the rules' reason string.
    fn outcome(&self) -> Option<Outcome>;
    /// The checked king's square, when the side to move is in check.
    fn check_square(&self) -> Option<String>;
    /// Which tokens may follow `prefix` ([`entry`]); an error names a prefix no move begins with.
    fn targets(&self, prefix: &[String]) -> Result<Targets, String>;
    /// The same game as the engine core's [`GameBox`], to search it.
    fn engine(&self) -> Box<dyn GameBox>;
}

struct Table<V: Evaluate> {
    game: Game<V>,
    initial: String,
    fens: Vec<String>,
    moves: Vec<String>,
}

impl<V: Evaluate> BoardGame for Table<V> {
    fn variant(&self) -> &'static str {
        V::NAME
    }
    fn initial_fen(&self) -> &str {
        &self.initial
    }
    fn fens(&self) -> &[String] {
        &self.fens
    }
    fn moves(&self) -> &[String] {
        &self.moves
    }
    fn turn(&self) -> Color {
        self.game.position().turn()
    }
    fn play(&mut self, mv: &str) -> Result<String, String> {
        if let Some(o) = self.game.outcome() {
            return Err(format!("the game is over: {o}"));
        }
        let pos = self.game.position();
        let m = pos.parse_move(mv.trim()).map_err(|e| e.to_string())?;
        let text = pos.move_to_string(m);
        self.game.play(m);
        self.fens.push(self.game.position().fen());
        self.moves.push(text.clone());
        Ok(text)
    }
    fn undo(&mut self) -> bool {
        if self.game.undo() {
            self.fens.pop();
            self.moves.pop();
            true
        } else {
            false
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    fn check_square(&self) -> Option<String> {
        let pos = self.game.position();
        pos.is_check()
            .then(|| pos.position().king(pos.turn()).to_string())
    }
    fn targets(&self, prefix: &[String]) -> Result<Targets, String> {
        if self.game.outcome().is_some() {
            return Ok(Targets::default());
        }
        let pos = self.game.position();
        let t = match (pos as &dyn Any).downcast_ref::<Swap>() {
            Some(swap) => swap_targets(swap, prefix)?,
            None => {
                let mut all = Vec::new();
                let _ = pos.for_each_move(|m| {
                    all.push(pos.move_to_string(m));
                    ControlFlow::Continue(())
                });
                entry::from_listing(all.iter().map(String::as_str), prefix)
            }
        };
        if t.options.is_empty() && t.complete.is_none() {
            return Err(format!("no legal move begins with '{}'", prefix.join(",")));
        }
        Ok(t)
    }
    fn engine(&self) -> Box<dyn GameBox> {
        let mut g = new_game(V::NAME, Some(&self.initial)).expect("the game's own start FEN");
        for m in &self.moves {
            g.play(m).expect("a move the game accepted");
        }
        g
    }
}

fn square(tok: &str) -> Result<Square, String> {
    Square::parse(tok.trim_start_matches('/')).ok_or_else(|| format!("'{tok}' is not a square"))
}

/// Swap: ordinary moves from the listing of ordinary moves (a few dozen), swap
/// sequences from the generator's prefix query: never the full list.
fn swap_targets(swap: &Swap, prefix: &[String]) -> Result<Targets, String> {
    let mut ordinary = Vec::new();
    if !swap.dead() {
        swap.for_each_ordinary(&mut |a| ordinary.push(swap.move_to_string(SwapMove::Action(a))));
    }
    let pos = swap.position();
    let ko = swap.ko();
    let is_path = prefix.get(1).is_some_and(|t| t.starts_with('/'));
    if swap.dead() || (prefix.len() >= 2 && !is_path) {
        return Ok(entry::from_listing(
            ordinary.iter().map(String::as_str),
            prefix,
        ));
    }
    if prefix.is_empty() {
        // Pieces that start an ordinary move or a sequence.
        let mut t = entry::from_listing(ordinary.iter().map(String::as_str), prefix);
        let own = pos.us() & !pos.board.by_role(Role::King);
        for sq in own {
            let tok = sq.to_string();
            if t.options.iter().any(|o| o.token == tok) {
                continue;
            }
            let opts =
                generator::prefix_options(pos, ko, &SwapPath::start(sq)).map_err(str::to_string)?;
            if !opts.next.is_empty() {
                t.options.push(entry::option(&tok));
            }
        }
        t.options.sort();
        return Ok(t);
    }
    // Build the path; a trailing swap square still waiting for its promotion is kept apart.
    let mut path = SwapPath::start(square(&prefix[0])?);
    let mut pending = None;
    let mut i = 1;
    while i < prefix.len() {
        let sq = square(&prefix[i])?;
        if !prefix[i].starts_with('/') {
            return Err(format!("'{}' continues no swap sequence", prefix[i]));
        }
        let promo = match prefix.get(i + 1).and_then(|t| t.strip_prefix('=')) {
            Some(p) => {
                i += 1;
                Some(
                    p.chars()
                        .next()
                        .and_then(Role::from_char)
                        .ok_or_else(|| format!("'={p}' is no promotion"))?,
                )
            }
            None => None,
        };
        i += 1;
        if i == prefix.len() && promo.is_none() {
            pending = Some(sq);
            break;
        }
        if !path.push(sq, promo) {
            return Err("the path is too long".into());
        }
    }
    let mut t = Targets::default();
    match pending {
        Some(sq) => {
            let opts = generator::prefix_options(pos, ko, &path).map_err(str::to_string)?;
            for &(n, promo) in &opts.next {
                if n != sq {
                    continue;
                }
                match promo {
                    Some(r) => t.options.push(entry::option(&format!("={}", r.char()))),
                    None => {
                        // No promotion: the swap is whole; ask what follows it.
                        path.push(sq, None);
                        return swap_after(pos, ko, &path, &mut t, prefix, &ordinary);
                    }
                }
            }
        }
        None => return swap_after(pos, ko, &path, &mut t, prefix, &ordinary),
    }
    Ok(t)
}

/// The options after a whole path (P1 alone included: then ordinary targets join in).
fn swap_after(
    pos: &crate::core::Position,
    ko: Option<&SwapPath>,
    path: &SwapPath,
    t: &mut Targets,
    prefix: &[String],
    ordinary: &[String],
) -> Result<Targets, String> {
    let opts = match generator::prefix_options(pos, ko, path) {
        Ok(o) => o,
        // A king or an enemy piece starts no sequence, but may still move.
        Err(_) if path.len() == 1 => generator::PrefixOptions {
            may_end: false,
            next: Vec::new(),
        },
        Err(e) => return Err(e.to_string()),
    };
    if path.len() == 1 {
        *t = entry::from_listing(ordinary.iter().map(String::as_str), prefix);
    }
    let mut seen = std::collections::BTreeSet::new();
    for &(n, _) in &opts.next {
        if seen.insert(n) {
            t.options.push(entry::option(&format!("/{n}")));
        }
    }
    t.options.sort();
    if opts.may_end {
        t.complete = Some(path.to_string());
    }
    Ok(std::mem::take(t))
}

struct NewTable<'a>(&'a str);

impl VariantFn for NewTable<'_> {
    type Output = Result<Box<dyn BoardGame>, String>;
    fn call<V: Evaluate>(self) -> Self::Output {
        let game = Game::<V>::from_fen(self.0).map_err(|e| format!("invalid FEN: {e}"))?;
        let initial = game.position().fen();
        Ok(Box::new(Table {
            fens: vec![initial.clone()],
            initial,
            game,
            moves: Vec::new(),
        }))
    }
}

/// A new game of `variant` (any registered name or alias) from `fen` or its start.
pub fn new_table(variant: &str, fen: Option<&str>) -> Result<Box<dyn BoardGame>, String> {
    let start = super::names::start_fen(variant)?;
    let fen = fen.unwrap_or(start);
    crate::registry::dispatch(variant, NewTable(fen)).map_err(|e| e.to_string())?
}
