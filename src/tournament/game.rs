//! One game between two engines, refereed by zest's own rules: every move an engine sends
//! is read with the variant's `parse_move` (or as SAN) and played on a [`Game<V>`], whose `outcome()`
//! (mate, stalemate, repetition, the variants' own endings) decides the result with the
//! rules' reason string. The clocks are the runner's, measured around each search.

use super::config::{DrawConfig, EngineConfig, Limit, ResignConfig};
use super::engine::{ClockState, Engine, EngineError, Reply};
use super::schedule::{Job, Opening};
use super::stamp;
use crate::core::{Color, MoveError, Notation, Position, RawAction, Role, Square};
use crate::variants::VariantId;
use crate::variants::{san, Game, GameResult, Variant};
use std::time::{Duration, Instant};

pub use super::record::{GameRecord, Termination};

/// What every game of a tournament shares.
#[derive(Clone, Debug)]
pub struct Settings {
    pub variant: String,
    pub limit: Limit,
    pub time_margin: Duration,
    pub startup: Duration,
    pub stall: Duration,
    pub resign: Option<ResignConfig>,
    pub draw: Option<DrawConfig>,
    pub max_moves: u32,
    pub event: String,
}

/// An engine seat: its configuration and its process (started on demand; dropped after a
/// failure so that the next game gets a fresh one).
pub struct Seat<'a> {
    pub index: usize,
    pub cfg: &'a EngineConfig,
    pub engine: &'a mut Option<Engine>,
}

/// How the engine names the variant on the wire: `(name, chess960)`.
pub(super) fn wire_variant(e: &Engine, cfg: &EngineConfig, variant: &str) -> (String, bool) {
    if let Some(w) = cfg.variants.get(variant) {
        let frc = w.parse::<VariantId>() == Ok(VariantId::Chess960);
        return (w.clone(), frc);
    }
    let id = variant.parse::<VariantId>().ok();
    let frc_like = id.is_some_and(VariantId::chess960_castling);
    if e.knows_variant(variant) {
        return (variant.to_string(), frc_like);
    }
    // Protocol names of the orthodox games; Arrangement's play phase is Chess960.
    let (chess, chess960) = (VariantId::Chess, VariantId::Chess960);
    match (id, e.is_uci()) {
        (Some(VariantId::Chess), true) => (chess.name().into(), false),
        (Some(VariantId::Chess), false) => (chess.xboard_name().into(), false),
        (_, true) if frc_like => (chess.name().into(), true),
        (_, false) if frc_like => (chess960.xboard_name().into(), true),
        _ => (variant.to_string(), false),
    }
}

/// The squares of a plain from/to action (`e1g1`, no promotion), read by the one notation parser.
fn plain_action(mv: &str) -> Option<(Square, Square)> {
    match Notation::parse(mv) {
        Ok(Notation::Action(RawAction {
            from,
            to,
            promotion: None,
        })) => Some((from, to)),
        _ => None,
    }
}

/// Castling written king-takes-rook (zest's form in Chess960 and Arrangement) as the king's
/// two-square step, for an engine that plays the game as orthodox chess (fairymax plays
/// Arrangement games whose kings stand on e1/e8); other moves are unchanged.
fn orthodox_castling(pos: &Position, mv: &str) -> String {
    let Some((from, to)) = plain_action(mv) else {
        return mv.to_string();
    };
    match (pos.piece_at(from), pos.piece_at(to)) {
        (Some(k), Some(r))
            if k.role == Role::King
                && r.role == Role::Rook
                && k.color == r.color
                && from.file() == 4
                && matches!(to.file(), 0 | 7) =>
        {
            let file = if to.file() == 7 { 6 } else { 2 };
            format!("{from}{}", Square::from_coords(file, from.rank()))
        }
        _ => mv.to_string(),
    }
}

/// The reverse of [`orthodox_castling`]: a king's two-square step from the e-file, as the
/// rook square it castles with.
fn from_orthodox_castling(pos: &Position, mv: &str) -> String {
    let Some((from, to)) = plain_action(mv) else {
        return mv.to_string();
    };
    let is_king = pos.piece_at(from).is_some_and(|k| k.role == Role::King);
    if is_king && from.file() == 4 && from.rank() == to.rank() && matches!(to.file(), 2 | 6) {
        let rook_file = if to.file() == 6 { 7 } else { 0 };
        return format!("{from}{}", Square::from_coords(rook_file, from.rank()));
    }
    mv.to_string()
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// How a game ends: result, PGN termination and reason string.
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    pub result: GameResult,
    pub termination: Termination,
    pub reason: String,
}

impl Ending {
    fn new(result: GameResult, termination: Termination, reason: impl Into<String>) -> Ending {
        Ending {
            result,
            termination,
            reason: reason.into(),
        }
    }

    /// `side` loses.
    fn loss(side: Color, termination: Termination, reason: impl Into<String>) -> Ending {
        Ending::new(GameResult::win(!side), termination, reason)
    }
}

/// The runner's clocks (wall time measured around each search) and the per-move deadline.
struct Clocks {
    limit: Limit,
    base: Duration,
    inc: Duration,
    /// Moves per period (0: the whole game).
    period: u32,
    left: [Duration; 2],
    moves_made: [u32; 2],
}

impl Clocks {
    fn new(limit: &Limit) -> Clocks {
        let (base, inc, period) = match *limit {
            Limit::Clock { moves, time, inc } => (time, inc, moves),
            _ => (Duration::ZERO, Duration::ZERO, 0),
        };
        Clocks {
            limit: *limit,
            base,
            inc,
            period,
            left: [base + inc; 2],
            moves_made: [0; 2],
        }
    }

    /// When side `i`'s move is late: its clock, the fixed time with a tolerance, or the stall
    /// timeout under node and depth limits.
    fn deadline(&self, i: usize, margin: Duration, stall: Duration) -> Duration {
        match self.limit {
            Limit::Clock { .. } => self.left[i] + margin,
            // Fixed time per move: 10 % + 50 ms tolerance (cutechess #281: forfeits at `st`).
            Limit::MoveTime(t) => t + t / 10 + Duration::from_millis(50) + margin,
            Limit::Nodes(_) | Limit::Depth(_) => stall,
        }
    }

    fn state(&self, i: usize) -> ClockState {
        ClockState {
            own: self.left[i],
            opp: self.left[1 - i],
            white: self.left[0],
            black: self.left[1],
            winc: self.inc,
            binc: self.inc,
            moves_to_go: if self.period > 0 {
                self.period - self.moves_made[i] % self.period
            } else {
                0
            },
        }
    }

    /// Whether a limit with a time in it applies (a timeout is then a time forfeit).
    fn timed(&self) -> bool {
        matches!(self.limit, Limit::Clock { .. } | Limit::MoveTime(_))
    }

    /// Charges side `i` for `elapsed`; false when the move came too late.
    fn charge(&mut self, i: usize, elapsed: Duration, deadline: Duration) -> bool {
        match self.limit {
            Limit::Clock { .. } => {
                if elapsed > deadline {
                    return false;
                }
                self.left[i] = self.left[i].saturating_sub(elapsed) + self.inc;
                self.moves_made[i] += 1;
                if self.period > 0 && self.moves_made[i].is_multiple_of(self.period) {
                    self.left[i] += self.base;
                }
                true
            }
            Limit::MoveTime(_) => elapsed <= deadline,
            _ => true,
        }
    }
}

/// One game in progress.
struct Match<'a, 's, V: Variant> {
    s: &'s Settings,
    seats: [Seat<'a>; 2],
    game: Game<V>,
    rec: GameRecord,
    t0: Instant,
    /// The moves as an engine that plays the game as orthodox chess writes them.
    orthodox: Vec<String>,
    /// Seats whose engine plays a Chess960-like game as orthodox chess (castling e1g1).
    orthodox_seat: [bool; 2],
    clocks: Clocks,
    /// Each side's reported scores, for adjudication.
    scores: [Vec<i32>; 2],
}

/// Plays `job` from `opening` between `seats` (white, black): the book moves, the engines'
/// start, then turns until the rules or the runner end the game.
pub fn play<V: Variant>(
    job: &Job,
    opening: &Opening,
    seats: [Seat<'_>; 2],
    s: &Settings,
) -> GameRecord {
    let t0 = Instant::now();
    // Openings were checked when the book was loaded.
    let game: Game<V> = Game::from_fen(&opening.fen).unwrap_or_default();
    let rec = new_record::<V>(job, &seats, s, &game);
    let mut m = Match {
        s,
        seats,
        game,
        rec,
        t0,
        orthodox: Vec::new(),
        orthodox_seat: [false; 2],
        clocks: Clocks::new(&s.limit),
        scores: [Vec::new(), Vec::new()],
    };
    m.play_book(&opening.moves);
    let ending = match m.start_engines() {
        Err(e) => e,
        Ok(()) => loop {
            if let Some(e) = m.rules_ending().or_else(|| m.turn().err()) {
                break e;
            }
        },
    };
    m.finish(ending)
}

/// The record of a game about to start from `game`.
fn new_record<V: Variant>(
    job: &Job,
    seats: &[Seat<'_>; 2],
    s: &Settings,
    game: &Game<V>,
) -> GameRecord {
    let (date, start_time) = stamp::utc_stamp(stamp::now_ms());
    let initial = game.position();
    let start_is_initial = V::from_fen(V::START_FEN)
        .map(|p| p.fen() == initial.fen())
        .unwrap_or(false);
    GameRecord {
        index: job.index,
        pair: job.pair,
        round: job.round,
        game_in_pair: job.game_in_pair,
        white_player: seats[0].index,
        black_player: seats[1].index,
        white: seats[0].cfg.name.clone(),
        black: seats[1].cfg.name.clone(),
        variant: s.variant.clone(),
        fen: initial.fen(),
        start_is_initial,
        white_first: initial.turn() == Color::White,
        fullmove: initial.position().fullmoves.max(1),
        moves: Vec::new(),
        comments: Vec::new(),
        result: GameResult::Draw,
        termination: Termination::Normal,
        reason: String::new(),
        event: s.event.clone(),
        site: "?".into(),
        date,
        start_time,
        end_time: String::new(),
        duration_ms: 0,
        time_control: s.limit.pgn_tag(),
        engine_plies: 0,
    }
}

impl<V: Variant> Match<'_, '_, V> {
    /// Records a legal move played in the current position.
    fn record(&mut self, mv: V::Move, comment: String) {
        let pos = self.game.position();
        let text = pos.move_to_string(mv);
        self.orthodox.push(orthodox_castling(pos.position(), &text));
        self.rec.moves.push(text);
        self.rec.comments.push(comment);
        self.game.play(mv);
    }

    /// The opening's moves, up to the first that is illegal or ends the game.
    fn play_book(&mut self, moves: &[String]) {
        for m in moves {
            match self.game.position().parse_move(m) {
                Ok(mv) => self.record(mv, "book".into()),
                Err(_) => break,
            }
            if self.game.outcome().is_some() {
                break;
            }
        }
    }

    /// Starts (when needed) and prepares both engines; a side that cannot loses.
    fn start_engines(&mut self) -> Result<(), Ending> {
        let s = self.s;
        let mut failed: [Option<(EngineError, &'static str)>; 2] = [None, None];
        for (i, seat) in self.seats.iter_mut().enumerate() {
            if seat.engine.is_none() {
                match Engine::start(seat.cfg, s.startup, s.stall) {
                    Ok(e) => *seat.engine = Some(e),
                    Err(e) => {
                        failed[i] = Some((e, "start"));
                        continue;
                    }
                }
            }
            let e = seat.engine.as_mut().expect("started");
            let (wire, frc) = wire_variant(e, seat.cfg, &s.variant);
            self.orthodox_seat[i] = !frc
                && s.variant
                    .parse::<VariantId>()
                    .is_ok_and(VariantId::chess960_castling);
            if let Err(err) = e.new_game(
                &wire,
                frc,
                &self.rec.fen,
                self.rec.start_is_initial,
                &s.limit,
            ) {
                failed[i] = Some((err, "new game"));
                *seat.engine = None;
            }
        }
        match failed {
            [Some(_), Some(_)] => Err(Ending::new(
                GameResult::Draw,
                Termination::Abandoned,
                "Both engines fail to start",
            )),
            [Some((e, what)), None] => Err(failure(Color::White, &e, what)),
            [None, Some((e, what))] => Err(failure(Color::Black, &e, what)),
            [None, None] => Ok(()),
        }
    }

    /// The rules' ending, or the runner's move limit.
    fn rules_ending(&self) -> Option<Ending> {
        if let Some(o) = self.game.outcome() {
            return Some(Ending::new(o.result, Termination::Normal, o.reason));
        }
        let s = self.s;
        (s.max_moves > 0 && self.rec.engine_plies >= 2 * s.max_moves).then(|| {
            Ending::new(
                GameResult::Draw,
                Termination::Adjudication,
                "Max moves reached",
            )
        })
    }

    /// One engine move: ask, time it, read it, play it, then adjudicate.
    fn turn(&mut self) -> Result<(), Ending> {
        let side = self.game.position().turn();
        let i = side.index();
        let margin = self.seats[i]
            .cfg
            .time_margin_ms
            .map(Duration::from_millis)
            .unwrap_or(self.s.time_margin);
        let deadline = self.clocks.deadline(i, margin, self.s.stall);
        let reply = self.ask(side, deadline)?;
        if !self.clocks.charge(i, reply.elapsed, deadline) {
            return Err(Ending::loss(
                side,
                Termination::TimeForfeit,
                format!("{} loses on time", side_name(side)),
            ));
        }
        let mv = self.read_move(side, &reply)?;
        self.record(mv, comment(&reply));
        self.rec.engine_plies += 1;
        match reply.score {
            Some(sc) => self.scores[i].push(sc),
            None => self.scores[i].clear(),
        }
        if self.game.outcome().is_some() {
            return Ok(());
        }
        match self.adjudicate(side) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Asks the side to move for its move; a failure ends the game against it.
    fn ask(&mut self, side: Color, deadline: Duration) -> Result<Reply, Ending> {
        let i = side.index();
        let state = self.clocks.state(i);
        let moves = if self.orthodox_seat[i] {
            &self.orthodox
        } else {
            &self.rec.moves
        };
        let engine = self.seats[i].engine.as_mut().expect("engine running");
        let err = match engine.go(
            &self.rec.fen,
            self.rec.start_is_initial,
            moves,
            &self.s.limit,
            &state,
            deadline,
        ) {
            Ok(r) => return Ok(r),
            Err(err) => err,
        };
        if err == EngineError::Timeout {
            engine.stop();
        }
        *self.seats[i].engine = None;
        Err(match err {
            EngineError::Timeout if self.clocks.timed() => Ending::loss(
                side,
                Termination::TimeForfeit,
                format!("{} loses on time", side_name(side)),
            ),
            _ => failure(side, &err, "move"),
        })
    }

    /// The engine's move judged by the rules: zest's notation (castling converted for an
    /// orthodox seat), else SAN (CECP allows it; Sjaak II sends `O-O-O`).
    fn read_move(&mut self, side: Color, reply: &Reply) -> Result<V::Move, Ending> {
        let i = side.index();
        let pos = self.game.position();
        let text = if self.orthodox_seat[i] {
            from_orthodox_castling(pos.position(), &reply.mv)
        } else {
            reply.mv.clone()
        };
        let err = match pos.parse_move(&text) {
            Ok(m) => return Ok(m),
            Err(MoveError::Malformed(_)) if !reply.mv.is_empty() => {
                match san::parse_san(pos, reply.mv.trim()) {
                    Ok(m) => return Ok(m),
                    Err(e) => e,
                }
            }
            Err(e) => e,
        };
        *self.seats[i].engine = None;
        let (term, what) = match err {
            MoveError::Malformed(_) if reply.mv.is_empty() => (
                Termination::RulesInfraction,
                "sends an empty move".to_string(),
            ),
            MoveError::Malformed(_) => (
                Termination::IllegalMove,
                format!("sends a malformed move: {}", reply.mv),
            ),
            _ => (
                Termination::IllegalMove,
                format!("makes an illegal move: {}", reply.mv),
            ),
        };
        Err(Ending::loss(
            side,
            term,
            format!("{} {what}", side_name(side)),
        ))
    }

    /// Adjudication by score after `side` moved: resignation, then draw.
    fn adjudicate(&self, side: Color) -> Option<Ending> {
        let scores = &self.scores[side.index()];
        if let Some(r) = &self.s.resign {
            let n = r.movecount as usize;
            if n > 0
                && scores.len() >= n
                && scores[scores.len() - n..].iter().all(|&x| x <= -r.score)
            {
                return Some(Ending::loss(
                    side,
                    Termination::Adjudication,
                    format!("{} wins by adjudication", side_name(!side)),
                ));
            }
        }
        let d = self.s.draw.as_ref()?;
        let n = d.movecount as usize;
        let fullmove = self.game.position().position().fullmoves;
        let calm =
            |v: &Vec<i32>| v.len() >= n && v[v.len() - n..].iter().all(|&x| x.abs() <= d.score);
        (n > 0 && fullmove >= d.movenumber && calm(&self.scores[0]) && calm(&self.scores[1])).then(
            || {
                Ending::new(
                    GameResult::Draw,
                    Termination::Adjudication,
                    "Draw by adjudication",
                )
            },
        )
    }

    /// Writes the ending into the record and tells the engines.
    fn finish(mut self, e: Ending) -> GameRecord {
        let rec = &mut self.rec;
        rec.result = e.result;
        rec.termination = e.termination;
        rec.reason = e.reason;
        for seat in self.seats.iter_mut() {
            if let Some(engine) = seat.engine.as_mut() {
                engine.game_over(rec.result.as_str(), &rec.reason);
            }
        }
        rec.end_time = stamp::utc_stamp(stamp::now_ms()).1;
        rec.duration_ms = self.t0.elapsed().as_millis() as u64;
        self.rec
    }
}

/// `score/depth time` as fastchess and cutechess write it.
fn comment(r: &Reply) -> String {
    let t = format!("{:.3}s", r.elapsed.as_secs_f64());
    match (&r.score_text, r.depth) {
        (Some(sc), Some(d)) => format!("{sc}/{d} {t}"),
        (Some(sc), None) => format!("{sc} {t}"),
        _ => t,
    }
}

/// The ending when `side`'s engine fails `when` (`start`, `new game`, `move`).
fn failure(side: Color, err: &EngineError, when: &str) -> Ending {
    let who = side_name(side);
    let (term, reason) = match err {
        EngineError::Spawn(m) => (Termination::Abandoned, format!("{who} fails to start: {m}")),
        EngineError::Timeout if when == "start" => {
            (Termination::Stall, format!("{who} fails to start in time"))
        }
        EngineError::Timeout => (Termination::Stall, format!("{who}'s connection stalls")),
        EngineError::Disconnect => (Termination::Abandoned, format!("{who} disconnects")),
        EngineError::Garbage(g) => (
            Termination::RulesInfraction,
            format!("{who} sends garbage: {g}"),
        ),
        EngineError::Resign => (Termination::Normal, format!("{who} resigns")),
    };
    Ending::loss(side, term, reason)
}

#[cfg(test)]
mod castling_tests {
    use super::*;
    use crate::variants::arrangement::Arrangement;

    #[test]
    fn orthodox_castling_round_trip() {
        let g =
            Arrangement::from_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1").unwrap();
        let pos = g.position();
        assert_eq!(orthodox_castling(pos, "e1h1"), "e1g1");
        assert_eq!(orthodox_castling(pos, "e1a1"), "e1c1");
        assert_eq!(orthodox_castling(pos, "a2a4"), "a2a4");
        assert_eq!(from_orthodox_castling(pos, "e1g1"), "e1h1");
        assert_eq!(from_orthodox_castling(pos, "e1c1"), "e1a1");
        assert_eq!(from_orthodox_castling(pos, "e1f1"), "e1f1");
        // Both forms name one legal move.
        assert_eq!(
            g.parse_move(&from_orthodox_castling(pos, "e1g1"))
                .map(|m| g.move_to_string(m)),
            Ok("e1h1".to_string())
        );
    }
}
