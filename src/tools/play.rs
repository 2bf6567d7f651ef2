//! `zest play`: zest against itself in the terminal, one game with diagrams
//! or a match of N games between two [`PlayerSpec`]s with a score summary.

use super::board::diagram;
use super::spec::PlayerSpec;
use crate::core::{Color, MoveList};
use crate::eval::Evaluate;
use crate::search::{SearchOptions, Searcher};
use crate::variants::{Game, GameResult, Outcome};
use std::io::Write;
use std::time::Instant;

/// Settings of a self-play run.
#[derive(Clone, Debug)]
pub struct PlayConfig {
    pub first: PlayerSpec,
    pub second: PlayerSpec,
    pub games: usize,
    /// Random plies before the engines take over (0: from the start position).
    pub random_plies: usize,
    pub seed: u64,
    /// Print a diagram after every move.
    pub boards: bool,
    /// Plies after which an unfinished game is scored a draw (`{Move limit}`).
    pub max_plies: usize,
}

/// Totals of a run, from the first spec's point of view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlaySummary {
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// Moves whose search took longer than the clock it had.
    pub time_overruns: usize,
    /// Longest time a search took past its own budget end, in ms (clock games).
    pub worst_overhead_ms: f64,
}

impl PlaySummary {
    pub fn score(&self) -> f64 {
        let n = (self.wins + self.draws + self.losses).max(1) as f64;
        (self.wins as f64 + 0.5 * self.draws as f64) / n
    }
}

/// Deterministic 64-bit generator (SplitMix64) for openings and schedules.
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);
impl SplitMix {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// A random opening of `plies` moves that leaves the game running.
pub fn random_opening<V: Evaluate>(plies: usize, rng: &mut SplitMix) -> Game<V> {
    'retry: for _ in 0..100 {
        let mut game: Game<V> = Game::new();
        for _ in 0..plies {
            let mut list = MoveList::new();
            game.position().search_moves(&mut list);
            if list.is_empty() || game.outcome().is_some() {
                continue 'retry;
            }
            let m = list[rng.below(list.len())];
            game.play(m);
        }
        if game.outcome().is_none() {
            return game;
        }
    }
    Game::new()
}

/// Plays one game from `game`; `white_first` says whether the first spec has White.
fn play_game<V: Evaluate>(
    mut game: Game<V>,
    specs: [&PlayerSpec; 2],
    searchers: [&Searcher; 2],
    cfg: &PlayConfig,
    summary: &mut PlaySummary,
    out: &mut impl Write,
) -> Outcome {
    let mut clocks = [specs[0].tc.map(|t| t.0), specs[1].tc.map(|t| t.0)];
    for s in searchers {
        s.clear();
    }
    let mut plies = 0;
    loop {
        if let Some(o) = game.outcome() {
            return o;
        }
        if plies >= cfg.max_plies {
            return Outcome::draw("Move limit");
        }
        let side = game.position().turn().index();
        let spec = specs[side];
        let limits = spec.limits(clocks[side]);
        let start = Instant::now();
        let result = searchers[side].search(
            game.position(),
            &game.history_keys(),
            &limits,
            &SearchOptions::default(),
            &mut |_| {},
        );
        let used = start.elapsed().as_secs_f64() * 1000.0;
        if let (Some(left), Some((_, inc))) = (clocks[side], spec.tc) {
            if used > left as f64 {
                summary.time_overruns += 1;
                let _ = writeln!(out, "time overrun: {used:.1} ms used with {left} ms left");
            }
            clocks[side] = Some((left as f64 - used).max(0.0) as u64 + inc);
        }
        if let Some(mt) = limits.movetime {
            summary.worst_overhead_ms = summary
                .worst_overhead_ms
                .max(used - mt.as_secs_f64() * 1000.0);
        }
        let Some(m) = result.best else {
            return game.outcome().unwrap_or_else(|| Outcome::draw("No move"));
        };
        let text = game.position().move_to_string(m);
        log::debug!(
            "{} {text} depth {} score {} nodes {} time {used:.1} ms fen {}",
            Color::ALL[side].name(),
            result.depth,
            result.score,
            result.nodes,
            game.position().fen()
        );
        game.play(m);
        plies += 1;
        if cfg.boards {
            let n = game.position().position().fullmoves;
            let _ = writeln!(
                out,
                "{}. {} ({} {:+})\n{}",
                n,
                text,
                Color::ALL[side].name(),
                result.score,
                diagram(game.position().position())
            );
        }
    }
}

/// Runs the configured games; prints progress to `out` and returns the summary.
pub fn run<V: Evaluate>(cfg: &PlayConfig, out: &mut impl Write) -> PlaySummary {
    let a = Searcher::new(cfg.first.threads, cfg.first.hash_mb);
    let b = Searcher::new(cfg.second.threads, cfg.second.hash_mb);
    let mut rng = SplitMix(cfg.seed);
    let mut summary = PlaySummary::default();
    let mut opening: Game<V> = Game::new();
    for g in 0..cfg.games {
        // Openings come in pairs, the colours swapped.
        if g % 2 == 0 {
            opening = if cfg.random_plies > 0 {
                random_opening(cfg.random_plies, &mut rng)
            } else {
                Game::new()
            };
        }
        let first_is_white = g % 2 == 0;
        let (specs, searchers) = if first_is_white {
            ([&cfg.first, &cfg.second], [&a, &b])
        } else {
            ([&cfg.second, &cfg.first], [&b, &a])
        };
        if cfg.boards {
            let _ = writeln!(
                out,
                "zest ({}) vs zest ({}), {}\n{}",
                specs[0],
                specs[1],
                V::NAME,
                diagram(opening.position().position())
            );
        }
        let outcome = play_game(opening.clone(), specs, searchers, cfg, &mut summary, out);
        let first_color = if first_is_white {
            Color::White
        } else {
            Color::Black
        };
        match outcome.result {
            GameResult::Draw => summary.draws += 1,
            r if r == GameResult::win(first_color) => summary.wins += 1,
            _ => summary.losses += 1,
        }
        let _ = writeln!(
            out,
            "game {}/{}: {} ({} as {}) — +{} ={} -{}",
            g + 1,
            cfg.games,
            outcome,
            cfg.first,
            first_color.name(),
            summary.wins,
            summary.draws,
            summary.losses
        );
    }
    let _ = writeln!(
        out,
        "score of {} vs {}: +{} ={} -{} ({:.1}%), time overruns: {}",
        cfg.first,
        cfg.second,
        summary.wins,
        summary.draws,
        summary.losses,
        summary.score() * 100.0,
        summary.time_overruns
    );
    if cfg.first.movetime.is_some() || cfg.second.movetime.is_some() {
        let _ = writeln!(
            out,
            "longest search past its movetime: {:.1} ms",
            summary.worst_overhead_ms
        );
    }
    summary
}
