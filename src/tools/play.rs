//! `zest play`: zest against itself or against a person at the terminal. One game prints a
//! diagram after each move; a match of N games prints one line per game and a score summary;
//! `--pgn` keeps every game. A human side sees the board, types moves in zest's notation (or
//! SAN where it has a meaning) and has an illegal move refused with the reason.

use super::args::{at_least_one, variant_arg};
use super::board::diagram;
use super::spec::PlayerSpec;
use crate::core::{Color, MoveError, MoveList, Notation};
use crate::eval::Evaluate;
use crate::registry::{self, VariantFn};
use crate::search::{SearchOptions, Searcher};
use crate::tools::analyse::{score_json, ScoreJson};
use crate::tournament::pgn;
use crate::tournament::record::{GameRecord, Termination};
use crate::tournament::schedule::{self, Opening};
use crate::variants::{san, Game, GameResult, Outcome, Variant};
use std::fmt;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::Instant;

pub use crate::core::rng::SplitMix;

/// `zest play` arguments.
#[derive(clap::Args, Debug, Clone)]
pub struct PlayArgs {
    #[arg(long, default_value = "chess", value_parser = variant_arg)]
    pub variant: String,
    /// First player: `human`, or `depth=D`, `movetime=MS`, `nodes=N`, `threads=T`,
    /// `tc=MS+INC`, comma-separated.
    #[arg(long)]
    pub white: Option<String>,
    /// Second player, same form.
    #[arg(long)]
    pub black: Option<String>,
    #[arg(long, default_value_t = 1, value_parser = at_least_one())]
    pub games: usize,
    /// Start position (default: the variant's start).
    #[arg(long, conflicts_with = "openings")]
    pub fen: Option<String>,
    /// Start positions, one per pair of games: an EPD/FEN file, or a PGN file whose moves
    /// are played first.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Append every game to this PGN file.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Time per move for both engine players, unless a spec says otherwise.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Random plies before the engines play (default: 0 for one game or a given start,
    /// 4 for a match).
    #[arg(long)]
    pub random_plies: Option<usize>,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print a diagram after each move (default: only for a single game).
    #[arg(long)]
    pub boards: Option<bool>,
    #[arg(long, default_value_t = 400)]
    pub max_plies: usize,
}

/// One side: zest with a search specification, or a person typing moves.
#[derive(Clone, Debug, PartialEq)]
pub enum Player {
    Engine(PlayerSpec),
    Human,
}

impl Player {
    /// `human`, or a [`PlayerSpec`].
    pub fn parse(s: &str) -> Result<Player, String> {
        if s.eq_ignore_ascii_case("human") {
            Ok(Player::Human)
        } else {
            PlayerSpec::parse(s).map(Player::Engine)
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Engine(s) => write!(f, "zest ({s})"),
            Player::Human => f.write_str("human"),
        }
    }
}

/// Settings of a run.
#[derive(Clone, Debug)]
pub struct PlayConfig {
    pub first: Player,
    pub second: Player,
    pub games: usize,
    /// Random plies before the engines take over (0: from the start position).
    pub random_plies: usize,
    pub seed: u64,
    /// Print a diagram after every move.
    pub boards: bool,
    /// Plies after which an unfinished game is scored a draw (`{Move limit}`).
    pub max_plies: usize,
    /// Start positions, one per pair of games, in turn (empty: the variant's start).
    pub openings: Vec<Opening>,
    /// Where every game is appended as PGN.
    pub pgn: Option<PathBuf>,
}

/// Totals of a run, from the first player's point of view.
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

/// A score as a player reads it: `+0.35`, `#5` (mate in 5), `#-3` (mated in 3).
pub fn score_text(score: crate::eval::Score) -> String {
    match score_json(score) {
        ScoreJson::Cp(c) => format!("{:+.2}", c as f64 / 100.0),
        ScoreJson::Mate(m) => format!("#{m}"),
    }
}

/// `12.` before White's move, `12...` before Black's.
fn move_number(fullmoves: u32, side: Color) -> String {
    match side {
        Color::White => format!("{fullmoves}."),
        Color::Black => format!("{fullmoves}..."),
    }
}

/// Why `text` is not a legal move here, for a person: the rules' reason where the variant
/// gives one, else what stands on the square and which moves it has.
pub fn refusal<V: Variant>(pos: &V, text: &str, err: &MoveError) -> String {
    if !matches!(err, MoveError::Illegal(_)) {
        return err.to_string();
    }
    let Ok(Notation::Action(a)) = Notation::parse(text) else {
        return format!("{err} (not one of the {} legal moves)", pos.count_moves());
    };
    let side = pos.turn();
    let why = match pos.position().piece_at(a.from) {
        None => format!("there is no piece on {}", a.from),
        Some(p) if p.color != side => {
            format!(
                "the piece on {} is {}'s, and {} is to move",
                a.from,
                p.color.name(),
                side.name()
            )
        }
        Some(_) => {
            let mut from_here = Vec::new();
            let prefix = a.from.to_string();
            let _ = pos.for_each_move(|m| {
                let s = pos.move_to_string(m);
                if s.starts_with(&prefix) {
                    from_here.push(s);
                }
                std::ops::ControlFlow::Continue(())
            });
            if from_here.is_empty() {
                format!("the piece on {} has no legal move", a.from)
            } else {
                format!("the piece on {} can play {}", a.from, from_here.join(" "))
            }
        }
    };
    format!("{err} ({why})")
}

/// What a person typed, read against the position.
enum Typed<M> {
    Move(M),
    Resign,
}

/// Reads a human's move from `input`; `None` at end of input.
fn human_move<V: Variant>(
    pos: &V,
    show_board: bool,
    input: &mut dyn BufRead,
    out: &mut impl Write,
) -> Option<Typed<V::Move>> {
    if show_board {
        let _ = writeln!(out, "{}", diagram(pos.position()));
    }
    loop {
        let _ = write!(
            out,
            "{} {} to move (a move, `moves`, or `resign`): ",
            move_number(pos.position().fullmoves, pos.turn()),
            pos.turn().name()
        );
        let _ = out.flush();
        let mut line = String::new();
        if input.read_line(&mut line).ok()? == 0 {
            let _ = writeln!(out);
            return None;
        }
        let text = line.trim();
        match text {
            "" => continue,
            "resign" | "quit" => return Some(Typed::Resign),
            "moves" => {
                let mut all = Vec::new();
                let _ = pos.for_each_move(|m| {
                    all.push(pos.move_to_string(m));
                    std::ops::ControlFlow::Continue(())
                });
                let _ = writeln!(out, "{}", all.join(" "));
                continue;
            }
            _ => {}
        }
        match san::parse_move_or_san(pos, text) {
            Ok(m) => return Some(Typed::Move(m)),
            Err(e) => {
                let _ = writeln!(out, "{}", refusal(pos, text, &e));
            }
        }
    }
}

/// Both sides of one game, White first.
struct Sides<'a> {
    players: [&'a Player; 2],
    searchers: [&'a Searcher; 2],
}

/// Plays one game from `game`; `None` when the input ended during a human's turn.
fn play_game<V: Evaluate>(
    mut game: Game<V>,
    sides: &Sides<'_>,
    cfg: &PlayConfig,
    summary: &mut PlaySummary,
    input: &mut dyn BufRead,
    out: &mut impl Write,
) -> Option<(Outcome, Vec<String>)> {
    let tc = |p: &Player| match p {
        Player::Engine(s) => s.tc.map(|t| t.0),
        Player::Human => None,
    };
    let mut clocks = [tc(sides.players[0]), tc(sides.players[1])];
    for s in sides.searchers {
        s.clear();
    }
    let mut moves = Vec::new();
    loop {
        if let Some(o) = game.outcome() {
            return Some((o, moves));
        }
        if moves.len() >= cfg.max_plies {
            return Some((Outcome::draw("Move limit"), moves));
        }
        let turn = game.position().turn();
        let side = turn.index();
        let number = move_number(game.position().position().fullmoves, turn);
        let (m, note) = match sides.players[side] {
            Player::Human => match human_move(game.position(), !cfg.boards, input, out)? {
                Typed::Move(m) => (m, String::new()),
                Typed::Resign => {
                    let reason = format!("{} resigns", turn.name());
                    return Some((Outcome::new(GameResult::win(!turn), reason), moves));
                }
            },
            Player::Engine(spec) => {
                let limits = spec.limits(clocks[side]);
                let start = Instant::now();
                let result = sides.searchers[side].search(
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
                        let _ =
                            writeln!(out, "time overrun: {used:.1} ms used with {left} ms left");
                    }
                    clocks[side] = Some((left as f64 - used).max(0.0) as u64 + inc);
                }
                if let Some(mt) = limits.movetime {
                    summary.worst_overhead_ms = summary
                        .worst_overhead_ms
                        .max(used - mt.as_secs_f64() * 1000.0);
                }
                let Some(m) = result.best else {
                    let o = game.outcome().unwrap_or_else(|| Outcome::draw("No move"));
                    return Some((o, moves));
                };
                log::debug!(
                    "{} depth {} score {} nodes {} time {used:.1} ms fen {}",
                    turn.name(),
                    result.depth,
                    result.score,
                    result.nodes,
                    game.position().fen()
                );
                (m, format!(" ({})", score_text(result.score)))
            }
        };
        let text = game.position().move_to_string(m);
        game.play(m);
        moves.push(text.clone());
        if cfg.boards {
            let _ = writeln!(
                out,
                "{number} {text}{note}\n{}",
                diagram(game.position().position())
            );
        }
    }
}

/// The start of game `g` (0-based): openings come in pairs, the colours swapped.
fn opening_for<V: Evaluate>(cfg: &PlayConfig, pair: usize, rng: &mut SplitMix) -> Game<V> {
    if let Some(o) = (!cfg.openings.is_empty()).then(|| &cfg.openings[pair % cfg.openings.len()]) {
        // Openings were checked when they were read.
        let mut g: Game<V> = Game::from_fen(&o.fen).unwrap_or_default();
        for m in &o.moves {
            if g.play_str(m).is_err() {
                break;
            }
        }
        return g;
    }
    if cfg.random_plies > 0 {
        random_opening(cfg.random_plies, rng)
    } else {
        Game::new()
    }
}

/// The PGN record of one game.
fn record<V: Variant>(
    index: usize,
    start: &Game<V>,
    names: [String; 2],
    outcome: &Outcome,
    moves: Vec<String>,
) -> GameRecord {
    let (date, time) = crate::tournament::stamp::utc_stamp(crate::tournament::stamp::now_ms());
    let pos = start.position();
    let start_is_initial = V::from_fen(V::START_FEN).is_ok_and(|p| p.fen() == pos.fen());
    let [white, black] = names;
    GameRecord {
        index: index as u64,
        pair: index as u64,
        round: index as u64 / 2,
        game_in_pair: (index % 2) as u32,
        white_player: 0,
        black_player: 1,
        white,
        black,
        variant: V::NAME.to_string(),
        fen: pos.fen(),
        start_is_initial,
        white_first: pos.turn() == Color::White,
        fullmove: pos.position().fullmoves.max(1),
        comments: vec![String::new(); moves.len()],
        moves,
        result: outcome.result,
        termination: Termination::Normal,
        reason: outcome.reason.to_string(),
        event: "zest play".into(),
        site: "?".into(),
        date,
        start_time: time.clone(),
        end_time: time,
        duration_ms: 0,
        time_control: "-".into(),
        engine_plies: 0,
    }
}

/// Runs the configured games; prints progress to `out`, reads human moves from `input`.
pub fn run<V: Evaluate>(
    cfg: &PlayConfig,
    input: &mut dyn BufRead,
    out: &mut impl Write,
) -> Result<PlaySummary, String> {
    let searcher = |p: &Player| match p {
        Player::Engine(s) => Searcher::new(s.threads, s.hash_mb),
        Player::Human => Searcher::new(1, 1),
    };
    let (a, b) = (searcher(&cfg.first), searcher(&cfg.second));
    let mut rng = SplitMix(cfg.seed);
    let mut summary = PlaySummary::default();
    let mut opening: Game<V> = Game::new();
    let mut pgn_text = String::new();
    for g in 0..cfg.games {
        if g % 2 == 0 {
            opening = opening_for(cfg, g / 2, &mut rng);
        }
        let first_is_white = g % 2 == 0;
        let sides = if first_is_white {
            Sides {
                players: [&cfg.first, &cfg.second],
                searchers: [&a, &b],
            }
        } else {
            Sides {
                players: [&cfg.second, &cfg.first],
                searchers: [&b, &a],
            }
        };
        if cfg.boards {
            let _ = writeln!(
                out,
                "{} vs {}, {}\n{}",
                sides.players[0],
                sides.players[1],
                V::NAME,
                diagram(opening.position().position())
            );
        }
        let Some((outcome, moves)) =
            play_game(opening.clone(), &sides, cfg, &mut summary, input, out)
        else {
            let _ = writeln!(out, "end of input: game {} abandoned", g + 1);
            break;
        };
        let names = sides.players.map(|p| p.to_string());
        pgn_text.push_str(&pgn::write(&record(g, &opening, names, &outcome, moves)));
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
    if let Some(path) = &cfg.pgn {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut f| f.write_all(pgn_text.as_bytes()))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
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
    let movetime = |p: &Player| matches!(p, Player::Engine(s) if s.movetime.is_some());
    if movetime(&cfg.first) || movetime(&cfg.second) {
        let _ = writeln!(
            out,
            "longest search past its movetime: {:.1} ms",
            summary.worst_overhead_ms
        );
    }
    Ok(summary)
}

/// Reads `--fen` or `--openings` for variant `V`, each position checked.
fn openings<V: Variant>(a: &PlayArgs) -> Result<Vec<Opening>, String> {
    let list = match (&a.fen, &a.openings) {
        (Some(fen), _) => vec![Opening {
            fen: fen.clone(),
            moves: Vec::new(),
        }],
        (None, Some(path)) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let list = if path.extension().is_some_and(|e| e == "pgn") {
                schedule::read_pgn(&text, V::START_FEN, None)
            } else {
                schedule::read_epd(&text)
            };
            if list.is_empty() {
                return Err(format!("no openings in {}", path.display()));
            }
            list
        }
        (None, None) => return Ok(Vec::new()),
    };
    for (i, o) in list.iter().enumerate() {
        let mut g = Game::<V>::from_fen(&o.fen)
            .map_err(|e| format!("invalid FEN '{}' (opening {}): {e}", o.fen, i + 1))?;
        for m in &o.moves {
            g.play_str(m)
                .map_err(|e| format!("opening {}: {e}", i + 1))?;
        }
        if let Some(end) = g.outcome() {
            return Err(format!("opening {} is already over: {end}", i + 1));
        }
    }
    Ok(list)
}

struct Cmd(PlayArgs);

impl VariantFn for Cmd {
    type Output = Result<(), String>;
    fn call<V: Evaluate>(self) -> Self::Output {
        let a = self.0;
        let player = |s: &Option<String>| -> Result<Player, String> {
            let mut p = match s {
                Some(s) => Player::parse(s)?,
                None => Player::Engine(PlayerSpec::default()),
            };
            if let (Some(mt), None, Player::Engine(spec)) = (a.movetime, s, &mut p) {
                spec.movetime = Some(mt);
            }
            Ok(p)
        };
        let openings = openings::<V>(&a)?;
        let cfg = PlayConfig {
            first: player(&a.white)?,
            second: player(&a.black)?,
            games: a.games,
            random_plies: a
                .random_plies
                .unwrap_or(if a.games > 1 && openings.is_empty() {
                    4
                } else {
                    0
                }),
            seed: a.seed,
            boards: a.boards.unwrap_or(a.games == 1),
            max_plies: a.max_plies,
            openings,
            pgn: a.pgn.clone(),
        };
        run::<V>(
            &cfg,
            &mut std::io::stdin().lock(),
            &mut std::io::stdout().lock(),
        )
        .map(|_| ())
    }
}

/// `zest play`.
pub fn main(a: PlayArgs) -> Result<(), String> {
    registry::dispatch(&a.variant.clone(), Cmd(a)).map_err(|e| e.to_string())?
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::MATE;

    #[test]
    fn scores_and_numbers_as_players_read_them() {
        assert_eq!(score_text(35), "+0.35");
        assert_eq!(score_text(-120), "-1.20");
        assert_eq!(score_text(MATE - 9), "#5");
        assert_eq!(score_text(-(MATE - 4)), "#-2");
        assert_eq!(move_number(1, Color::White), "1.");
        assert_eq!(move_number(1, Color::Black), "1...");
    }
}
