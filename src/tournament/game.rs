//! One game between two engines, refereed by zest's own rules: every move an engine sends
//! is read with the variant's `parse_move` and played on a [`Game<V>`], whose `outcome()`
//! (mate, stalemate, repetition, the variants' own endings) decides the result with the
//! rules' reason string. The clocks are the runner's, measured around each search.

use super::config::{DrawConfig, EngineConfig, Limit, ResignConfig};
use super::engine::{ClockState, Engine, EngineError, Reply};
use super::schedule::{Job, Opening};
use crate::core::{Color, Notation, Position, RawAction, Role, Square};
use crate::variants::VariantId;
use crate::variants::{Game, GameResult, Variant};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// A finished game: everything the PGN, the statistics and the resume journal need.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub index: u64,
    pub pair: u64,
    pub round: u64,
    pub game_in_pair: u32,
    /// Player indices (into the tournament's engine list) and names.
    pub white_player: usize,
    pub black_player: usize,
    pub white: String,
    pub black: String,
    pub variant: String,
    /// The game's first position (before any book move).
    pub fen: String,
    pub start_is_initial: bool,
    pub white_first: bool,
    pub fullmove: u32,
    /// Every move played, book moves included, in the variant's notation.
    pub moves: Vec<String>,
    /// One comment per move (`book`, `+0.66/6 0.002s`).
    pub comments: Vec<String>,
    pub result: String,
    /// PGN `Termination`: `normal`, `adjudication`, `time forfeit`, `illegal move`,
    /// `abandoned`, `stall`, `rules infraction`.
    pub termination: String,
    /// The rules' reason string (`White mates`) or the runner's (`Black loses on time`).
    pub reason: String,
    pub event: String,
    pub site: String,
    pub date: String,
    pub start_time: String,
    pub end_time: String,
    pub duration_ms: u64,
    pub time_control: String,
    /// Plies the engines played (book moves excluded).
    pub engine_plies: u32,
}

impl GameRecord {
    /// Score of player `p` in this game (None if `p` did not play).
    pub fn score_of(&self, p: usize) -> Option<f64> {
        let white = match self.result.as_str() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            _ => 0.5,
        };
        if p == self.white_player {
            Some(white)
        } else if p == self.black_player {
            Some(1.0 - white)
        } else {
            None
        }
    }
}

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
fn wire_variant(e: &Engine, cfg: &EngineConfig, variant: &str) -> (String, bool) {
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

/// Plays `job` from `opening` between `seats` (white, black).
pub fn play<V: Variant>(
    job: &Job,
    opening: &Opening,
    mut seats: [Seat<'_>; 2],
    s: &Settings,
) -> GameRecord {
    let start_ms = super::pgn::now_ms();
    let t0 = Instant::now();
    let (date, start_time) = super::pgn::utc_stamp(start_ms);
    // Openings were checked when the book was loaded.
    let mut game: Game<V> = Game::from_fen(&opening.fen).unwrap_or_default();
    let initial = game.position().clone();
    let start_is_initial = V::from_fen(V::START_FEN)
        .map(|p| p.fen() == initial.fen())
        .unwrap_or(false);
    let mut rec = GameRecord {
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
        result: "*".into(),
        termination: "unterminated".into(),
        reason: String::new(),
        event: s.event.clone(),
        site: "?".into(),
        date,
        start_time,
        end_time: String::new(),
        duration_ms: 0,
        time_control: s.limit.pgn_tag(),
        engine_plies: 0,
    };
    // The moves as an engine that plays the game as orthodox chess writes them.
    let mut orthodox: Vec<String> = Vec::new();
    // Book moves.
    for m in &opening.moves {
        let before = game.position().clone();
        match game.play_str(m) {
            Ok(mv) => {
                rec.moves.push(before.move_to_string(mv));
                orthodox.push(orthodox_castling(
                    before.position(),
                    &before.move_to_string(mv),
                ));
                rec.comments.push("book".into());
            }
            Err(_) => break,
        }
        if game.outcome().is_some() {
            break;
        }
    }
    let fen = rec.fen.clone();

    // Start and prepare both engines; a side that cannot loses.
    let mut failed: [Option<(EngineError, &'static str)>; 2] = [None, None];
    // Seats whose engine plays a Chess960-like game as orthodox chess (castling e1g1).
    let mut orthodox_seat = [false; 2];
    for (i, seat) in seats.iter_mut().enumerate() {
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
        orthodox_seat[i] = !frc
            && s.variant
                .parse::<VariantId>()
                .is_ok_and(VariantId::chess960_castling);
        if let Err(err) = e.new_game(&wire, frc, &fen, start_is_initial, &s.limit) {
            failed[i] = Some((err, "new game"));
            *seat.engine = None;
        }
    }
    let finish = |rec: &mut GameRecord,
                  result: GameResult,
                  termination: &str,
                  reason: String,
                  seats: &mut [Seat<'_>; 2]| {
        rec.result = result.as_str().into();
        rec.termination = termination.into();
        rec.reason = reason;
        for seat in seats.iter_mut() {
            if let Some(e) = seat.engine.as_mut() {
                e.game_over(&rec.result, &rec.reason);
            }
        }
        let end = super::pgn::now_ms();
        rec.end_time = super::pgn::utc_stamp(end).1;
        rec.duration_ms = t0.elapsed().as_millis() as u64;
    };
    match (&failed[0], &failed[1]) {
        (Some(_), Some(_)) => {
            finish(
                &mut rec,
                GameResult::Draw,
                "abandoned",
                "Both engines fail to start".into(),
                &mut seats,
            );
            return rec;
        }
        (Some((e, what)), None) | (None, Some((e, what))) => {
            let c = if failed[0].is_some() {
                Color::White
            } else {
                Color::Black
            };
            let (term, reason) = failure_text(c, e, what);
            finish(&mut rec, GameResult::win(!c), term, reason, &mut seats);
            return rec;
        }
        (None, None) => {}
    }

    // Clocks, kept by the runner.
    let (base, inc, period) = match s.limit {
        Limit::Clock { moves, time, inc } => (time, inc, moves),
        _ => (Duration::ZERO, Duration::ZERO, 0),
    };
    let mut clocks = [base + inc, base + inc];
    let mut moves_made = [0u32; 2];
    let mut scores: [Vec<i32>; 2] = [Vec::new(), Vec::new()];
    let margin = |seat: &Seat<'_>| {
        seat.cfg
            .time_margin_ms
            .map(Duration::from_millis)
            .unwrap_or(s.time_margin)
    };

    loop {
        if let Some(o) = game.outcome() {
            finish(
                &mut rec,
                o.result,
                "normal",
                o.reason.into_owned(),
                &mut seats,
            );
            return rec;
        }
        if s.max_moves > 0 && rec.engine_plies >= 2 * s.max_moves {
            finish(
                &mut rec,
                GameResult::Draw,
                "adjudication",
                "Max moves reached".into(),
                &mut seats,
            );
            return rec;
        }
        let pos = game.position().clone();
        let side = pos.turn();
        let i = side.index();
        let o = 1 - i;
        let seat_margin = margin(&seats[i]);
        let deadline = match s.limit {
            Limit::Clock { .. } => clocks[i] + seat_margin,
            // Fixed time per move: 10 % + 50 ms tolerance (cutechess #281: forfeits at `st`).
            Limit::MoveTime(t) => t + t / 10 + Duration::from_millis(50) + seat_margin,
            Limit::Nodes(_) | Limit::Depth(_) => s.stall,
        };
        let clock = ClockState {
            own: clocks[i],
            opp: clocks[o],
            white: clocks[0],
            black: clocks[1],
            winc: inc,
            binc: inc,
            moves_to_go: if period > 0 {
                period - moves_made[i] % period
            } else {
                0
            },
        };
        let engine = seats[i].engine.as_mut().expect("engine running");
        let reply: Result<Reply, EngineError> = engine.go(
            &fen,
            start_is_initial,
            if orthodox_seat[i] {
                &orthodox
            } else {
                &rec.moves
            },
            &s.limit,
            &clock,
            deadline,
        );
        let reply = match reply {
            Ok(r) => r,
            Err(err) => {
                if err == EngineError::Timeout {
                    engine.stop();
                }
                let clocked = !matches!(s.limit, Limit::Nodes(_) | Limit::Depth(_));
                let (term, reason) = match (&err, clocked) {
                    (EngineError::Timeout, true) => {
                        ("time forfeit", format!("{} loses on time", side_name(side)))
                    }
                    (EngineError::Resign, _) => ("normal", format!("{} resigns", side_name(side))),
                    _ => failure_text(side, &err, "move"),
                };
                *seats[i].engine = None;
                finish(&mut rec, GameResult::win(!side), term, reason, &mut seats);
                return rec;
            }
        };
        // The clock.
        let over = match s.limit {
            Limit::Clock { .. } => reply.elapsed > clocks[i] + seat_margin,
            Limit::MoveTime(_) => reply.elapsed > deadline,
            _ => false,
        };
        if over {
            finish(
                &mut rec,
                GameResult::win(!side),
                "time forfeit",
                format!("{} loses on time", side_name(side)),
                &mut seats,
            );
            return rec;
        }
        if let Limit::Clock { .. } = s.limit {
            clocks[i] = clocks[i].saturating_sub(reply.elapsed) + inc;
            moves_made[i] += 1;
            if period > 0 && moves_made[i] % period == 0 {
                clocks[i] += base;
            }
        }
        // The move, judged by the rules.
        let text = if orthodox_seat[i] {
            from_orthodox_castling(pos.position(), &reply.mv)
        } else {
            reply.mv.clone()
        };
        let mv = match pos.parse_move(&text) {
            Ok(m) => m,
            Err(e) => {
                let malformed = matches!(e, crate::core::MoveError::Malformed(_));
                let (term, what) = if malformed && reply.mv.is_empty() {
                    ("rules infraction", "sends an empty move".to_string())
                } else if malformed {
                    (
                        "illegal move",
                        format!("sends a malformed move: {}", reply.mv),
                    )
                } else {
                    (
                        "illegal move",
                        format!("makes an illegal move: {}", reply.mv),
                    )
                };
                *seats[i].engine = None;
                finish(
                    &mut rec,
                    GameResult::win(!side),
                    term,
                    format!("{} {what}", side_name(side)),
                    &mut seats,
                );
                return rec;
            }
        };
        rec.moves.push(pos.move_to_string(mv));
        orthodox.push(orthodox_castling(pos.position(), &pos.move_to_string(mv)));
        rec.comments.push(comment(&reply));
        rec.engine_plies += 1;
        game.play(mv);
        if let Some(sc) = reply.score {
            scores[i].push(sc);
        } else {
            scores[i].clear();
        }
        // Adjudication by score.
        if let Some(r) = &s.resign {
            let n = r.movecount as usize;
            if n > 0
                && scores[i].len() >= n
                && scores[i][scores[i].len() - n..]
                    .iter()
                    .all(|&x| x <= -r.score)
                && game.outcome().is_none()
            {
                finish(
                    &mut rec,
                    GameResult::win(!side),
                    "adjudication",
                    format!("{} wins by adjudication", side_name(!side)),
                    &mut seats,
                );
                return rec;
            }
        }
        if let Some(d) = &s.draw {
            let n = d.movecount as usize;
            let fullmove = game.position().position().fullmoves;
            let calm =
                |v: &Vec<i32>| v.len() >= n && v[v.len() - n..].iter().all(|&x| x.abs() <= d.score);
            if n > 0
                && fullmove >= d.movenumber
                && calm(&scores[0])
                && calm(&scores[1])
                && game.outcome().is_none()
            {
                finish(
                    &mut rec,
                    GameResult::Draw,
                    "adjudication",
                    "Draw by adjudication".into(),
                    &mut seats,
                );
                return rec;
            }
        }
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

/// Termination tag and reason for an engine failure.
fn failure_text(side: Color, err: &EngineError, when: &str) -> (&'static str, String) {
    let who = side_name(side);
    match err {
        EngineError::Spawn(m) => ("abandoned", format!("{who} fails to start: {m}")),
        EngineError::Timeout if when == "start" => {
            ("stall", format!("{who} fails to start in time"))
        }
        EngineError::Timeout => ("stall", format!("{who}'s connection stalls")),
        EngineError::Disconnect => ("abandoned", format!("{who} disconnects")),
        EngineError::Garbage(g) => ("rules infraction", format!("{who} sends garbage: {g}")),
        EngineError::Resign => ("normal", format!("{who} resigns")),
    }
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
