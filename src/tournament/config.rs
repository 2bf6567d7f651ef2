//! `engines.toml`: the engines (`[[engine]]`) and the tournament (`[tournament]`).
//! Command-line flags override the file (see `main.rs`); everything has a default so a
//! tournament can also be given entirely on the command line.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A configuration error, printed as one line.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read {0}: {1}")]
    Read(PathBuf, std::io::Error),
    #[error("{0}: {1}")]
    Parse(PathBuf, String),
    #[error("{0}")]
    Invalid(String),
}

/// Which protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Protocol {
    #[default]
    Uci,
    Xboard,
}

/// One engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineConfig {
    pub name: String,
    /// Program to run: a name searched in `PATH` (then `/usr/games`), or a path, which is
    /// relative to `dir` when that is given.
    pub cmd: String,
    #[serde(default)]
    pub args: Vec<String>,
    #[serde(default)]
    pub protocol: Protocol,
    /// Options set after the handshake (`setoption` / xboard `option`), values as strings or numbers.
    #[serde(default)]
    pub options: BTreeMap<String, toml::Value>,
    /// Working directory of the engine.
    #[serde(default)]
    pub dir: Option<PathBuf>,
    /// Lines sent verbatim after the handshake.
    #[serde(default)]
    pub init: Vec<String>,
    /// Names this engine uses for zest's variants on the wire (`arrangement = "fischerandom"`).
    #[serde(default)]
    pub variants: BTreeMap<String, String>,
    /// Extra time allowed past the clock before a forfeit, in ms (default: the tournament's).
    #[serde(default)]
    pub time_margin_ms: Option<u64>,
}

/// How the openings are given.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpeningsConfig {
    /// An EPD/FEN file (one position a line) or a PGN file, or `random:plies=N`.
    pub file: String,
    /// `sequential` (default) or `random` (shuffled with the seed).
    #[serde(default = "default_order")]
    pub order: String,
    /// First opening to use, 1-based.
    #[serde(default = "one")]
    pub start: usize,
    /// For PGN books: plies of each game to play (default: all).
    #[serde(default)]
    pub plies: Option<usize>,
}

fn default_order() -> String {
    "sequential".into()
}
fn one() -> usize {
    1
}

/// Resign adjudication: a side whose engine scores ≤ −score cp for `movecount` of its own
/// consecutive moves loses, when its opponent agrees (≥ +score) on the same moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResignConfig {
    pub movecount: u32,
    pub score: i32,
}

/// Draw adjudication: after full move `movenumber`, both engines within ±score cp for
/// `movecount` consecutive moves each.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawConfig {
    pub movenumber: u32,
    pub movecount: u32,
    pub score: i32,
}

/// The tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentConfig {
    /// Engines that play, by name (default: every `[[engine]]`); in a gauntlet the first is
    /// the one that meets all others.
    #[serde(default)]
    pub engines: Vec<String>,
    #[serde(default = "default_variant")]
    pub variant: String,
    /// `moves/time+inc` with time in seconds (or `m:s`), e.g. `40/60+0.6`, `10+0.1`.
    #[serde(default)]
    pub tc: Option<String>,
    /// Fixed time per move in seconds.
    #[serde(default)]
    pub st: Option<f64>,
    #[serde(default)]
    pub nodes: Option<u64>,
    #[serde(default)]
    pub depth: Option<u32>,
    /// Games per encounter per round: 2 (default) plays each opening with colours swapped.
    #[serde(default = "two")]
    pub games: u32,
    #[serde(default = "one")]
    pub rounds: usize,
    /// `gauntlet` or `round-robin` (default).
    #[serde(default = "default_format")]
    pub format: String,
    #[serde(default = "one")]
    pub concurrency: usize,
    #[serde(default)]
    pub openings: Option<OpeningsConfig>,
    #[serde(default)]
    pub resign: Option<ResignConfig>,
    #[serde(default)]
    pub draw: Option<DrawConfig>,
    /// A game still running after this many full moves is a draw (0: no limit).
    #[serde(default)]
    pub max_moves: u32,
    #[serde(default)]
    pub sprt: Option<super::stats::Sprt>,
    #[serde(default = "default_pgn")]
    pub pgn_out: PathBuf,
    /// JSON result file (default: the PGN's name with `.json`).
    #[serde(default)]
    pub results_out: Option<PathBuf>,
    /// Journal of finished games (default: the PGN's name with `.state.jsonl`).
    #[serde(default)]
    pub state_out: Option<PathBuf>,
    #[serde(default = "one_u64")]
    pub seed: u64,
    #[serde(default)]
    pub event: Option<String>,
    /// Extra time past the clock before a forfeit, ms.
    #[serde(default)]
    pub time_margin_ms: u64,
    /// Handshake deadline, ms.
    #[serde(default = "default_startup_ms")]
    pub startup_timeout_ms: u64,
    /// Deadline for `readyok`/`pong` and for a move under a node or depth limit, ms.
    #[serde(default = "default_stall_ms")]
    pub stall_timeout_ms: u64,
}

fn default_variant() -> String {
    crate::variants::VariantId::Chess.name().into()
}
fn two() -> u32 {
    2
}
fn one_u64() -> u64 {
    1
}
fn default_format() -> String {
    "round-robin".into()
}
fn default_pgn() -> PathBuf {
    "tournament.pgn".into()
}
fn default_startup_ms() -> u64 {
    10_000
}
fn default_stall_ms() -> u64 {
    60_000
}

impl Default for TournamentConfig {
    fn default() -> Self {
        toml::from_str("").expect("defaults")
    }
}

/// The whole file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Config {
    #[serde(default, rename = "engine")]
    pub engines: Vec<EngineConfig>,
    #[serde(default)]
    pub tournament: TournamentConfig,
}

/// A time control: the clock is kept by the runner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Limit {
    /// `moves` per period (0: whole game), `time` per period, `inc` per move.
    Clock {
        moves: u32,
        time: Duration,
        inc: Duration,
    },
    MoveTime(Duration),
    Nodes(u64),
    Depth(u32),
}

impl Limit {
    /// The PGN `TimeControl` tag.
    pub fn pgn_tag(&self) -> String {
        match *self {
            Limit::Clock { moves, time, inc } => {
                let t = fmt_secs(time);
                let base = if moves > 0 { format!("{moves}/{t}") } else { t };
                if inc.is_zero() {
                    base
                } else {
                    format!("{base}+{}", fmt_secs(inc))
                }
            }
            Limit::MoveTime(t) => format!("{}/move", fmt_secs(t)),
            Limit::Nodes(_) | Limit::Depth(_) => "-".into(),
        }
    }
}

fn fmt_secs(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{}", s as u64)
    } else {
        let mut t = format!("{s:.3}");
        while t.ends_with('0') {
            t.pop();
        }
        t
    }
}

/// Reads `moves/time+inc` (`40/60+0.6`, `1:30+1`, `10`).
pub fn parse_tc(s: &str) -> Result<Limit, ConfigError> {
    let bad = || ConfigError::Invalid(format!("bad time control '{s}' (want moves/time+inc)"));
    let (moves, rest) = match s.split_once('/') {
        Some((m, r)) => (m.trim().parse::<u32>().map_err(|_| bad())?, r),
        None => (0, s),
    };
    let (time, inc) = match rest.split_once('+') {
        Some((t, i)) => (t, i),
        None => (rest, "0"),
    };
    let secs = |t: &str| -> Result<f64, ConfigError> {
        let v = match t.split_once(':') {
            Some((m, s)) => {
                m.trim().parse::<f64>().map_err(|_| bad())? * 60.0
                    + s.trim().parse::<f64>().map_err(|_| bad())?
            }
            None => t.trim().parse::<f64>().map_err(|_| bad())?,
        };
        if v.is_finite() && v >= 0.0 {
            Ok(v)
        } else {
            Err(bad())
        }
    };
    let time = secs(time)?;
    let inc = secs(inc)?;
    if time <= 0.0 {
        return Err(bad());
    }
    Ok(Limit::Clock {
        moves,
        time: Duration::from_secs_f64(time),
        inc: Duration::from_secs_f64(inc),
    })
}

impl Config {
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text =
            std::fs::read_to_string(path).map_err(|e| ConfigError::Read(path.to_owned(), e))?;
        Config::parse(&text).map_err(|e| match e {
            ConfigError::Parse(_, m) => ConfigError::Parse(path.to_owned(), m),
            e => e,
        })
    }

    pub fn parse(text: &str) -> Result<Config, ConfigError> {
        toml::from_str(text).map_err(|e| ConfigError::Parse(PathBuf::new(), e.to_string()))
    }

    /// The engines that play, in order.
    pub fn players(&self) -> Result<Vec<EngineConfig>, ConfigError> {
        let names = if self.tournament.engines.is_empty() {
            self.engines.iter().map(|e| e.name.clone()).collect()
        } else {
            self.tournament.engines.clone()
        };
        let mut out = Vec::new();
        for n in &names {
            let e = self
                .engines
                .iter()
                .find(|e| &e.name == n)
                .ok_or_else(|| ConfigError::Invalid(format!("no [[engine]] named '{n}'")))?;
            if out.iter().any(|x: &EngineConfig| &x.name == n) {
                return Err(ConfigError::Invalid(format!("engine '{n}' listed twice")));
            }
            out.push(e.clone());
        }
        if out.len() < 2 {
            return Err(ConfigError::Invalid(
                "a tournament needs at least two engines".into(),
            ));
        }
        Ok(out)
    }

    /// The search limit of every move.
    pub fn limit(&self) -> Result<Limit, ConfigError> {
        let t = &self.tournament;
        let given = t.tc.is_some() as u8
            + t.st.is_some() as u8
            + t.nodes.is_some() as u8
            + t.depth.is_some() as u8;
        if given > 1 {
            return Err(ConfigError::Invalid(
                "give one of tc, st, nodes, depth".into(),
            ));
        }
        Ok(if let Some(tc) = &t.tc {
            parse_tc(tc)?
        } else if let Some(st) = t.st {
            if !(st > 0.0 && st.is_finite()) {
                return Err(ConfigError::Invalid(format!("bad st {st}")));
            }
            Limit::MoveTime(Duration::from_secs_f64(st))
        } else if let Some(n) = t.nodes {
            Limit::Nodes(n)
        } else if let Some(d) = t.depth {
            Limit::Depth(d)
        } else {
            return Err(ConfigError::Invalid(
                "no time control: give tc, st, nodes or depth".into(),
            ));
        })
    }

    /// Warns where an XBoard engine's time per move will differ from a UCI engine's: CECP's
    /// `st` takes whole seconds (XBoard, cutechess and most engines read an integer), so an
    /// XBoard engine is sent `st` rounded down, at least 1.
    pub fn warn_about_limits(&self) {
        let (Ok(players), Ok(Limit::MoveTime(t))) = (self.players(), self.limit()) else {
            return;
        };
        let xboard = players.iter().find(|e| e.protocol == Protocol::Xboard);
        if let Some(e) = xboard.filter(|_| t.subsec_nanos() != 0) {
            log::warn!(
                "engine '{}' speaks XBoard, whose st takes whole seconds: it gets st {} \
                 where UCI engines get {} s a move",
                e.name,
                t.as_secs().max(1),
                t.as_secs_f64()
            );
        }
    }

    /// Checks everything that can be checked before engines start.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let players = self.players()?;
        if let Limit::Nodes(_) = self.limit()? {
            if let Some(e) = players.iter().find(|e| e.protocol == Protocol::Xboard) {
                return Err(ConfigError::Invalid(format!(
                    "engine '{}' speaks XBoard, which has no node limit: use tc, st or depth",
                    e.name
                )));
            }
        }
        let t = &self.tournament;
        if !matches!(t.format.as_str(), "gauntlet" | "round-robin" | "roundrobin") {
            return Err(ConfigError::Invalid(format!(
                "unknown format '{}' (gauntlet, round-robin)",
                t.format
            )));
        }
        if t.games == 0 || t.games > 2 {
            return Err(ConfigError::Invalid("games must be 1 or 2".into()));
        }
        if t.concurrency == 0 {
            return Err(ConfigError::Invalid("concurrency must be ≥ 1".into()));
        }
        crate::registry::dispatch(&t.variant, super::NoOp)
            .map_err(|e| ConfigError::Invalid(e.to_string()))?;
        if let Some(o) = &t.openings {
            if !matches!(o.order.as_str(), "sequential" | "random") {
                return Err(ConfigError::Invalid(format!(
                    "unknown openings order '{}'",
                    o.order
                )));
            }
        }
        Ok(())
    }

    pub fn results_path(&self) -> PathBuf {
        self.tournament
            .results_out
            .clone()
            .unwrap_or_else(|| self.tournament.pgn_out.with_extension("json"))
    }

    pub fn state_path(&self) -> PathBuf {
        self.tournament
            .state_out
            .clone()
            .unwrap_or_else(|| self.tournament.pgn_out.with_extension("state.jsonl"))
    }
}

/// An option value as the protocol writes it (`true`, `16`, `name`).
pub fn option_value(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}
