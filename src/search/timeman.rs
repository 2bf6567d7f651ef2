//! The TimeManager: turns the GUI's clock into a soft limit (don't start
//! another iteration) and a hard limit (stop now), keeping a move-overhead
//! margin so the engine never loses on time.

use std::time::{Duration, Instant};

/// What the caller asked for; any combination, the first limit reached wins.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Own remaining clock and increment.
    pub time: Option<Duration>,
    pub increment: Duration,
    pub moves_to_go: Option<u32>,
    pub infinite: bool,
}

impl Limits {
    pub fn depth(d: i32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }
    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }
}

/// A clock without a move count is shared out as if this many moves were to come.
const DEFAULT_MOVES_TO_GO: u32 = 25;

/// Deadlines of one search.
#[derive(Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
}

impl TimeManager {
    /// `overhead` is subtracted for the GUI and pipe latency.
    pub fn new(limits: &Limits, overhead: Duration) -> TimeManager {
        let start = Instant::now();
        if limits.infinite {
            return TimeManager {
                start,
                soft: None,
                hard: None,
            };
        }
        if let Some(mt) = limits.movetime {
            // A fixed time per move is the user's budget: no soft limit stops the
            // iterations early, only the hard one (as Stockfish spends `movetime`).
            let t = mt.saturating_sub(overhead).max(Duration::from_millis(1));
            return TimeManager {
                start,
                soft: None,
                hard: Some(t),
            };
        }
        if let Some(time) = limits.time {
            let left = time.saturating_sub(overhead);
            let mtg = limits
                .moves_to_go
                .unwrap_or(DEFAULT_MOVES_TO_GO)
                .clamp(1, 50);
            // Stockfish's pool: the clock plus the increments still to come, less one
            // overhead per move to come, so a low clock keeps a reserve for latency.
            let pool = (time + limits.increment * (mtg - 1)).saturating_sub(overhead * (mtg + 2));
            let soft = (pool / mtg).min(left / 2);
            let cap = if mtg == 1 { left * 9 / 10 } else { left / 3 };
            let hard = (soft * 4).min(cap).max(soft);
            let floor = Duration::from_millis(1);
            return TimeManager {
                start,
                soft: Some(soft.max(floor)),
                hard: Some(hard.max(floor)),
            };
        }
        TimeManager {
            start,
            soft: None,
            hard: None,
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Past the hard limit: abort the search.
    #[inline]
    pub fn out_of_time(&self) -> bool {
        self.hard.is_some_and(|h| self.start.elapsed() >= h)
    }

    /// Whether another iteration is worth starting, given how the last ones went
    /// ([`Progress`]): the soft limit is scaled up while the best move changes or the score
    /// falls, and down once the best move has held for several iterations, as Stockfish
    /// scales its optimum time. An iteration usually costs more than all before it, so one
    /// starts only while less than [`START_FRACTION`] of the scaled limit is gone.
    pub fn may_start_iteration(&self, progress: &Progress) -> bool {
        self.soft.is_none_or(|s| {
            let scaled = s.as_secs_f64() * progress.scale();
            self.start.elapsed().as_secs_f64() < scaled * START_FRACTION
        })
    }
}

/// Share of the (scaled) soft limit past which no new iteration starts.
const START_FRACTION: f64 = 0.8;

/// What iterative deepening has seen so far, for the [`TimeManager`]'s stopping rule.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    /// Iterations in a row that ended with the same best move (0: it just changed).
    pub stable_iterations: u32,
    /// How far the best score fell from the iteration before (0 when it rose), centipawns.
    pub score_drop: i32,
}

impl Progress {
    /// Records a finished iteration's best move (`same`: as the iteration before) and
    /// the change of its score.
    pub fn update(&mut self, same: bool, previous_score: i32, score: i32) {
        self.stable_iterations = if same { self.stable_iterations + 1 } else { 0 };
        self.score_drop = (previous_score - score).max(0);
    }

    /// The factor on the soft limit: up to 1.6 while the best move is new, down to 0.7 once
    /// it has held four iterations; up to a further 1.4 for a falling score.
    pub fn scale(&self) -> f64 {
        let stability = match self.stable_iterations {
            0 => 1.6,
            1 => 1.25,
            2 => 1.0,
            3 => 0.85,
            _ => 0.7,
        };
        let falling = 1.0 + (self.score_drop.min(100) as f64) / 250.0;
        stability * falling
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetime_is_spent_to_its_end() {
        let tm = TimeManager::new(&Limits::movetime(1000), Duration::from_millis(10));
        assert_eq!(tm.hard, Some(Duration::from_millis(990)));
        assert_eq!(tm.soft, None);
        // Half the budget gone (where the clock's soft limit would stop): go on.
        let half = TimeManager {
            start: Instant::now() - Duration::from_millis(600),
            ..tm
        };
        assert!(half.may_start_iteration(&Progress::default()));
        assert!(!half.out_of_time());
    }

    #[test]
    fn an_unstable_best_move_earns_more_time() {
        let tm = TimeManager {
            start: Instant::now() - Duration::from_millis(600),
            soft: Some(Duration::from_millis(1000)),
            hard: Some(Duration::from_millis(4000)),
        };
        let mut p = Progress::default();
        // The best move just changed: 1.6 × 0.8 of the soft limit, 1 280 ms, is not reached.
        p.update(false, 20, 20);
        assert!(tm.may_start_iteration(&p));
        // The same move four iterations running: 0.7 × 0.8, 560 ms, is past.
        for _ in 0..4 {
            p.update(true, 20, 20);
        }
        assert_eq!(p.stable_iterations, 4);
        assert!(!tm.may_start_iteration(&p));
        // ... unless the score falls: 100 cp down scales by 1.4 (784 ms).
        p.update(true, 20, -80);
        assert_eq!(p.score_drop, 100);
        assert!(tm.may_start_iteration(&p));
        // A rising score is no drop.
        p.update(true, -80, 50);
        assert_eq!(p.score_drop, 0);
    }

    #[test]
    fn clock_budget_leaves_margin() {
        let l = Limits {
            time: Some(Duration::from_millis(1000)),
            increment: Duration::from_millis(10),
            ..Limits::default()
        };
        let tm = TimeManager::new(&l, Duration::from_millis(30));
        assert!(tm.hard.unwrap() <= Duration::from_millis(1000 * 3 / 4));
        assert!(tm.soft.unwrap() <= tm.hard.unwrap());
        let tiny = Limits {
            time: Some(Duration::from_millis(5)),
            ..Limits::default()
        };
        let tm = TimeManager::new(&tiny, Duration::from_millis(30));
        assert_eq!(tm.hard.unwrap(), Duration::from_millis(1));
        // A low clock with increment: about the increment (the pool, 300 ms and 24 increments
        // less 27 overheads, shared over 25 moves: 10.8 ms), and a hard limit far inside the
        // clock.
        let low = Limits {
            time: Some(Duration::from_millis(300)),
            increment: Duration::from_millis(10),
            ..Limits::default()
        };
        let tm = TimeManager::new(&low, Duration::from_millis(10));
        assert!(tm.soft.unwrap() <= Duration::from_micros(10_800), "{tm:?}");
        assert!(tm.hard.unwrap() <= Duration::from_millis(100), "{tm:?}");
        // Down to the reserve (the overheads of the moves to come less their increments,
        // 30 ms here) the budget falls to the floor: the reserve is kept for latency.
        let reserve = Limits {
            time: Some(Duration::from_millis(40)),
            ..low
        };
        let tm = TimeManager::new(&reserve, Duration::from_millis(10));
        assert_eq!(tm.soft.unwrap(), Duration::from_millis(1), "{tm:?}");
    }
}
