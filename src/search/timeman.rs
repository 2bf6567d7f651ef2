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
            let mtg = limits.moves_to_go.unwrap_or(40).clamp(1, 50);
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

    /// Whether another iteration is worth starting.
    pub fn may_start_iteration(&self) -> bool {
        self.soft.is_none_or(|s| self.start.elapsed() < s / 2)
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
        assert!(half.may_start_iteration());
        assert!(!half.out_of_time());
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
        // A low clock with increment: spend at most the increment, keep the reserve.
        let low = Limits {
            time: Some(Duration::from_millis(300)),
            increment: Duration::from_millis(10),
            ..Limits::default()
        };
        let tm = TimeManager::new(&low, Duration::from_millis(10));
        assert!(tm.soft.unwrap() <= Duration::from_millis(10), "{tm:?}");
        assert!(tm.hard.unwrap() <= Duration::from_millis(100), "{tm:?}");
    }
}
