//! The `zest tournament` command line: `engines.toml` first, then flags that override it.

use super::config::{Config, OpeningsConfig};
use super::stats::Sprt;
use super::{RunOptions, TournamentError};
use clap::{Args, Subcommand};
use std::path::PathBuf;

/// `zest tournament [--config engines.toml] [flags]` / `zest tournament merge ...`.
#[derive(Args, Debug, Clone)]
#[command(args_conflicts_with_subcommands = true)]
pub struct TournamentArgs {
    #[command(subcommand)]
    pub action: Option<Action>,
    /// Engines and tournament settings (default: ./engines.toml when present).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Engines that play, comma-separated names of `[[engine]]` entries.
    #[arg(long, value_delimiter = ',')]
    pub engines: Option<Vec<String>>,
    #[arg(long)]
    pub variant: Option<String>,
    /// Time control `moves/time+inc` in seconds (`40/60+0.6`, `10+0.1`).
    #[arg(long)]
    pub tc: Option<String>,
    /// Seconds per move.
    #[arg(long)]
    pub st: Option<f64>,
    #[arg(long)]
    pub nodes: Option<u64>,
    #[arg(long)]
    pub depth: Option<u32>,
    /// Games per encounter per round (2: colour-swapped pair).
    #[arg(long)]
    pub games: Option<u32>,
    #[arg(long)]
    pub rounds: Option<usize>,
    /// `gauntlet` or `round-robin`.
    #[arg(long)]
    pub format: Option<String>,
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// EPD/FEN or PGN file, or `random:plies=N`.
    #[arg(long)]
    pub openings: Option<String>,
    /// `sequential` or `random`.
    #[arg(long)]
    pub order: Option<String>,
    #[arg(long)]
    pub pgn_out: Option<PathBuf>,
    #[arg(long)]
    pub results_out: Option<PathBuf>,
    #[arg(long)]
    pub state_out: Option<PathBuf>,
    #[arg(long)]
    pub seed: Option<u64>,
    #[arg(long)]
    pub max_moves: Option<u32>,
    /// `elo0,elo1[,alpha,beta[,model]]`.
    #[arg(long)]
    pub sprt: Option<String>,
    #[arg(long)]
    pub time_margin_ms: Option<u64>,
    #[arg(long)]
    pub startup_timeout_ms: Option<u64>,
    #[arg(long)]
    pub stall_timeout_ms: Option<u64>,
    /// Continue from the journal: finished games are kept, the rest is played.
    #[arg(long)]
    pub resume: bool,
    /// Play shard `i` of `n` (1-based): whole pairs, `pair % n == i-1`.
    #[arg(long)]
    pub shard: Option<String>,
    /// No progress output.
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Subcommand, Debug, Clone)]
pub enum Action {
    /// Combine shard journals (`*.state.jsonl`) into one PGN and one result file.
    Merge {
        #[arg(long, default_value = "merged.pgn")]
        pgn_out: PathBuf,
        #[arg(long)]
        results_out: Option<PathBuf>,
        #[arg(required = true)]
        journals: Vec<PathBuf>,
    },
}

/// The configuration: the file, then the flags.
pub fn build_config(a: &TournamentArgs) -> Result<Config, TournamentError> {
    let path = a.config.clone().or_else(|| {
        let p = PathBuf::from("engines.toml");
        p.exists().then_some(p)
    });
    let Some(path) = path else {
        return Err(TournamentError::Other(
            "no engines.toml in the current directory: it lists the engines that play \
             (pass --config FILE to use another; see docs/tournament.md)"
                .into(),
        ));
    };
    let mut cfg = Config::load(&path)?;
    let t = &mut cfg.tournament;
    if let Some(v) = &a.engines {
        t.engines = v.clone();
    }
    if let Some(v) = &a.variant {
        t.variant = v.clone();
    }
    // One limit replaces the file's.
    if a.tc.is_some() || a.st.is_some() || a.nodes.is_some() || a.depth.is_some() {
        t.tc = a.tc.clone();
        t.st = a.st;
        t.nodes = a.nodes;
        t.depth = a.depth;
    }
    macro_rules! set {
        ($($f:ident),*) => { $( if let Some(v) = &a.$f { t.$f = v.clone(); } )* };
    }
    set!(
        games,
        rounds,
        format,
        concurrency,
        seed,
        max_moves,
        time_margin_ms
    );
    set!(startup_timeout_ms, stall_timeout_ms);
    if let Some(v) = &a.pgn_out {
        t.pgn_out = v.clone();
    }
    if a.results_out.is_some() {
        t.results_out = a.results_out.clone();
    }
    if a.state_out.is_some() {
        t.state_out = a.state_out.clone();
    }
    if let Some(file) = &a.openings {
        let prev = t.openings.take();
        t.openings = Some(OpeningsConfig {
            file: file.clone(),
            order: prev
                .as_ref()
                .map(|o| o.order.clone())
                .unwrap_or_else(|| "sequential".into()),
            start: prev.as_ref().map(|o| o.start).unwrap_or(1),
            plies: prev.and_then(|o| o.plies),
        });
    }
    if let (Some(order), Some(o)) = (&a.order, t.openings.as_mut()) {
        o.order = order.clone();
    }
    if let Some(s) = &a.sprt {
        let parts: Vec<&str> = s.split(',').map(str::trim).collect();
        let num = |i: usize, d: f64| -> Result<f64, TournamentError> {
            match parts.get(i) {
                Some(x) => x
                    .parse()
                    .map_err(|_| TournamentError::Other(format!("bad --sprt '{s}'"))),
                None => Ok(d),
            }
        };
        if parts.len() < 2 {
            return Err(TournamentError::Other(format!(
                "bad --sprt '{s}' (want elo0,elo1[,alpha,beta[,model]])"
            )));
        }
        t.sprt = Some(Sprt {
            elo0: num(0, 0.0)?,
            elo1: num(1, 0.0)?,
            alpha: num(2, 0.05)?,
            beta: num(3, 0.05)?,
            model: parts.get(4).unwrap_or(&"normalized").to_string(),
        });
    }
    cfg.validate()?;
    Ok(cfg)
}

/// Runs the command; errors come back as one line.
pub fn main(a: TournamentArgs) -> Result<(), String> {
    match &a.action {
        Some(Action::Merge {
            pgn_out,
            results_out,
            journals,
        }) => {
            let rp = results_out
                .clone()
                .unwrap_or_else(|| pgn_out.with_extension("json"));
            let r = super::merge(journals, pgn_out, &rp).map_err(|e| e.to_string())?;
            eprintln!("{}", super::summary_text(&r));
            Ok(())
        }
        None => {
            let cfg = build_config(&a).map_err(|e| e.to_string())?;
            let shard = a
                .shard
                .as_deref()
                .map(super::schedule::parse_shard)
                .transpose()?;
            let opts = RunOptions {
                resume: a.resume,
                shard,
                quiet: a.quiet,
            };
            super::run(&cfg, &opts).map_err(|e| e.to_string())?;
            Ok(())
        }
    }
}
