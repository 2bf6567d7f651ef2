//! The `zest` command line: engine mode (no subcommand, `uci`, `xboard`) and the headless tools.

use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;
use zest::registry::{self, VariantFn};
use zest::tools::args::{at_least_one, variant_arg};
use zest::variants::{self, Variant};

#[derive(Parser)]
#[command(
    name = "zest",
    version,
    about = "Engine and toolkit for Interchange, Swap, Palindromic, Exile and Arrangement Chess"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Engine mode speaking UCI (also the default with no subcommand when the first line is `uci`).
    Uci,
    /// Engine mode speaking XBoard/CECP v2 (the default's choice when the first line is `xboard`).
    Xboard,
    /// Count the leaf nodes of the legal move tree.
    Perft {
        #[arg(long, default_value = "chess", value_parser = variant_arg)]
        variant: String,
        /// Position (default: the variant's start).
        #[arg(long)]
        fen: Option<String>,
        /// Print the count below each first move.
        #[arg(long)]
        divide: bool,
        depth: u32,
    },
    /// List the legal moves, one per line, in notation (a finished game's ending on stderr).
    Moves {
        #[arg(long, default_value = "chess", value_parser = variant_arg)]
        variant: String,
        #[arg(long)]
        fen: Option<String>,
        /// List at most N moves (the total is said on stderr); Swap's start has 106 million.
        #[arg(long, conflicts_with = "count")]
        limit: Option<u64>,
        /// Print only the number of legal moves.
        #[arg(long)]
        count: bool,
    },
    /// List the variant names and their start positions.
    Variants,
    /// Analyse positions headlessly: one JSON object per position on stdout.
    Analyse {
        #[arg(long, default_value = "chess", value_parser = variant_arg)]
        variant: String,
        #[arg(long, conflicts_with = "epd")]
        fen: Option<String>,
        /// File of EPD/FEN lines (`bm`, `am` (coordinates or SAN) and `id` opcodes are used).
        #[arg(long)]
        epd: Option<std::path::PathBuf>,
        /// Search depth (with no limit at all: depth 10, progress shown on stderr).
        #[arg(long, value_parser = clap::value_parser!(i32).range(1..=MAX_DEPTH))]
        depth: Option<i32>,
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        movetime: Option<u64>,
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        #[arg(long, default_value_t = 1, value_parser = at_least_one())]
        multipv: usize,
        #[arg(long, default_value_t = 1, value_parser = at_least_one())]
        threads: usize,
        #[arg(long, default_value_t = 64, value_parser = at_least_one())]
        hash: usize,
    },
    /// zest against itself, or against a person at the terminal (`--white human`).
    Play(Box<zest::tools::play::PlayArgs>),
    /// Play, analyse and watch every game in a browser: a local web server (docs/board.md).
    Board {
        /// Port (default 8960, or a free one when that is taken).
        #[arg(long)]
        port: Option<u16>,
        /// Interface to listen on; other than loopback only when asked.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
        /// Open the page in the default browser.
        #[arg(long)]
        open: bool,
        /// Searches that may run at once (others wait).
        #[arg(long, default_value_t = 2)]
        max_searches: usize,
    },
    /// Engine-vs-engine tournament (engines.toml; see README "Tournaments").
    Tournament(Box<zest::tournament::cli::TournamentArgs>),
    /// Fit the evaluation's weights to the results of zest's own games (docs/strength.md).
    Tune(Box<zest::tools::tune::TuneArgs>),
    /// Train the chess network on zest's own games (docs/strength.md).
    Train(Box<zest::tools::train::TrainArgs>),
    /// Fixed search benchmark over every variant: total nodes (signature) and nodes per second.
    Bench {
        #[arg(long, default_value_t = 1, value_parser = at_least_one())]
        threads: usize,
        /// Search depth (default: each variant's own bench depth).
        #[arg(long, value_parser = clap::value_parser!(i32).range(1..=MAX_DEPTH))]
        depth: Option<i32>,
        #[arg(long, default_value_t = 16, value_parser = at_least_one())]
        hash: usize,
        /// Only this variant.
        #[arg(long, value_parser = variant_arg)]
        variant: Option<String>,
    },
}

/// Deepest search the CLI accepts.
const MAX_DEPTH: i64 = 100;

/// A command's failure: printed as one line on stderr, exit code 2.
struct CliError(String);

struct PerftCmd {
    fen: Option<String>,
    depth: u32,
    divide: bool,
}

fn load<V: Variant>(fen: &Option<String>) -> Result<V, CliError> {
    let fen = fen.as_deref().unwrap_or(V::START_FEN);
    V::from_fen(fen).map_err(|e| CliError(format!("invalid FEN '{fen}': {e}")))
}

impl VariantFn for PerftCmd {
    type Output = Result<(), CliError>;
    fn call<V: zest::eval::Evaluate>(self) -> Self::Output {
        let pos: V = load(&self.fen)?;
        let start = Instant::now();
        let mut out = std::io::stdout().lock();
        let nodes = if self.divide {
            let rows = zest::tools::perft::divide(&pos, self.depth);
            for (m, n) in &rows {
                let _ = writeln!(out, "{m}: {n}");
            }
            rows.iter().map(|(_, n)| n).sum()
        } else {
            zest::tools::perft::perft(&pos, self.depth)
        };
        let secs = start.elapsed().as_secs_f64();
        log::info!(
            "perft {} in {:.3}s, {:.0} nodes/s",
            self.depth,
            secs,
            nodes as f64 / secs.max(1e-9)
        );
        let _ = writeln!(out, "Nodes: {nodes}");
        Ok(())
    }
}

struct MovesCmd {
    fen: Option<String>,
    limit: Option<u64>,
    count: bool,
}

impl VariantFn for MovesCmd {
    type Output = Result<(), CliError>;
    fn call<V: zest::eval::Evaluate>(self) -> Self::Output {
        let pos: V = load(&self.fen)?;
        let mut out = std::io::stdout().lock();
        if let Some(o) = pos.outcome() {
            eprintln!("no legal moves: the game is over, {o}");
        }
        if self.count {
            let _ = writeln!(out, "{}", pos.count_moves());
            return Ok(());
        }
        let limit = self.limit.unwrap_or(u64::MAX);
        let mut listed = 0u64;
        let mut more = false;
        let _ = pos.for_each_move(|m| {
            if listed == limit {
                more = true;
                return std::ops::ControlFlow::Break(());
            }
            listed += 1;
            match writeln!(out, "{}", pos.move_to_string(m)) {
                Ok(()) => std::ops::ControlFlow::Continue(()),
                // A closed pipe (`| head`): stop listing.
                Err(_) => std::ops::ControlFlow::Break(()),
            }
        });
        if more {
            eprintln!(
                "listed the first {limit} legal moves; there are more (--count gives the number)"
            );
        }
        Ok(())
    }
}

struct StartFen;
impl VariantFn for StartFen {
    type Output = &'static str;
    fn call<V: zest::eval::Evaluate>(self) -> &'static str {
        V::START_FEN
    }
}

struct AnalyseCmd {
    fen: Option<String>,
    /// Print each iteration on stderr (no limit was given).
    progress: bool,
    epd: Option<std::path::PathBuf>,
    limits: zest::search::Limits,
    multipv: usize,
    threads: usize,
    hash: usize,
}

impl VariantFn for AnalyseCmd {
    type Output = Result<(), CliError>;
    fn call<V: zest::eval::Evaluate>(self) -> Self::Output {
        use zest::tools::analyse::{analyse, parse_epd};
        let lines: Vec<String> = match &self.epd {
            Some(path) => std::fs::read_to_string(path)
                .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(str::to_string)
                .collect(),
            None => vec![self.fen.clone().unwrap_or_else(|| V::START_FEN.to_string())],
        };
        let searcher = zest::search::Searcher::new(self.threads, self.hash);
        let options = zest::search::SearchOptions {
            pruning: true,
            multipv: self.multipv,
        };
        let bar = if self.epd.is_some() {
            let b = indicatif::ProgressBar::new(lines.len() as u64);
            b.set_style(
                indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} {msg}")
                    .expect("template"),
            );
            Some(b)
        } else {
            None
        };
        let (mut solved, mut with_bm) = (0, 0);
        let mut out = std::io::stdout().lock();
        for line in &lines {
            let json = match parse_epd::<V>(line) {
                Ok(epd) => {
                    searcher.clear();
                    let a = analyse(&searcher, &epd, &self.limits, &options, self.progress);
                    if let Some(s) = a.solved {
                        with_bm += 1;
                        solved += s as usize;
                    }
                    serde_json::to_string(&a)
                }
                Err(e) if self.epd.is_none() => {
                    return Err(CliError(format!("invalid FEN '{line}': {e}")))
                }
                Err(e) => serde_json::to_string(&serde_json::json!({ "fen": line, "error": e })),
            }
            .map_err(|e| CliError(e.to_string()))?;
            let _ = writeln!(out, "{json}");
            if let Some(b) = &bar {
                b.inc(1);
                if with_bm > 0 {
                    b.set_message(format!("solved {solved}/{with_bm}"));
                }
            }
        }
        if let Some(b) = bar {
            b.finish();
            if with_bm > 0 {
                eprintln!("solved {solved} of {with_bm} positions with bm");
            }
        }
        Ok(())
    }
}

struct BenchCmd {
    depth: Option<i32>,
    threads: usize,
    hash: usize,
}

impl VariantFn for BenchCmd {
    type Output = zest::tools::bench::BenchResult;
    fn call<V: zest::eval::Evaluate>(self) -> Self::Output {
        zest::tools::bench::run::<V>(
            self.depth.unwrap_or(V::BENCH_DEPTH),
            self.threads,
            self.hash,
        )
    }
}

fn unknown(e: variants::UnknownVariant) -> CliError {
    CliError(e.to_string())
}

#[allow(clippy::too_many_arguments)]
fn analyse_cmd(
    variant: &str,
    fen: Option<String>,
    epd: Option<std::path::PathBuf>,
    depth: Option<i32>,
    movetime: Option<u64>,
    nodes: Option<u64>,
    multipv: usize,
    threads: usize,
    hash: usize,
) -> Result<(), CliError> {
    let mut limits = zest::search::Limits {
        depth,
        nodes,
        movetime: movetime.map(std::time::Duration::from_millis),
        ..Default::default()
    };
    let unlimited = depth.is_none() && movetime.is_none() && nodes.is_none();
    if unlimited {
        limits.depth = Some(10);
        eprintln!("no --depth, --movetime or --nodes: searching to depth 10, progress below");
    }
    registry::dispatch(
        variant,
        AnalyseCmd {
            fen,
            progress: unlimited,
            epd,
            limits,
            multipv,
            threads,
            hash,
        },
    )
    .map_err(unknown)?
}

fn bench_cmd(
    variant: Option<String>,
    depth: Option<i32>,
    threads: usize,
    hash: usize,
) -> Result<(), CliError> {
    let names: Vec<&str> = match &variant {
        Some(v) => vec![v.as_str()],
        None => variants::NAMES.to_vec(),
    };
    let (mut nodes, mut secs) = (0u64, 0f64);
    let mut out = std::io::stdout();
    for name in names {
        let r = registry::dispatch(
            name,
            BenchCmd {
                depth,
                threads,
                hash,
            },
        )
        .map_err(unknown)?;
        let s = r.time.as_secs_f64();
        let _ = writeln!(
            out,
            "{name:<14} nodes {:>12}  time {:>8.3}s  nps {:>10.0}",
            r.nodes,
            s,
            r.nodes as f64 / s.max(1e-9)
        );
        nodes += r.nodes;
        secs += s;
    }
    let _ = writeln!(out, "Total time (ms) : {:.0}", secs * 1000.0);
    let _ = writeln!(out, "Nodes searched  : {nodes}");
    let _ = writeln!(
        out,
        "Nodes/second    : {:.0}",
        nodes as f64 / secs.max(1e-9)
    );
    Ok(())
}

fn variants_cmd() -> Result<(), CliError> {
    for name in variants::NAMES {
        let fen = registry::dispatch(name, StartFen).map_err(unknown)?;
        let _ = writeln!(std::io::stdout(), "{name}\t{fen}");
    }
    Ok(())
}

fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Some(Command::Perft {
            variant,
            fen,
            divide,
            depth,
        }) => registry::dispatch(&variant, PerftCmd { fen, depth, divide }).map_err(unknown)?,
        Some(Command::Moves {
            variant,
            fen,
            limit,
            count,
        }) => registry::dispatch(&variant, MovesCmd { fen, limit, count }).map_err(unknown)?,
        Some(Command::Analyse {
            variant,
            fen,
            epd,
            depth,
            movetime,
            nodes,
            multipv,
            threads,
            hash,
        }) => analyse_cmd(
            &variant, fen, epd, depth, movetime, nodes, multipv, threads, hash,
        ),
        Some(Command::Play(args)) => zest::tools::play::main(*args).map_err(CliError),
        Some(Command::Tune(args)) => zest::tools::tune::main(*args).map_err(CliError),
        Some(Command::Train(args)) => zest::tools::train::main(*args).map_err(CliError),
        Some(Command::Bench {
            threads,
            depth,
            hash,
            variant,
        }) => bench_cmd(variant, depth, threads, hash),
        Some(Command::Board {
            port,
            host,
            open,
            max_searches,
        }) => zest::board::run(zest::board::Options {
            host,
            port,
            open,
            max_searches,
        })
        .map_err(CliError),
        Some(Command::Tournament(args)) => zest::tournament::cli::main(*args).map_err(CliError),
        None => {
            zest::protocol::run(zest::protocol::Protocol::Auto);
            Ok(())
        }
        Some(Command::Uci) => {
            zest::protocol::run(zest::protocol::Protocol::Uci);
            Ok(())
        }
        Some(Command::Xboard) => {
            zest::protocol::run(zest::protocol::Protocol::Xboard);
            Ok(())
        }
        Some(Command::Variants) => variants_cmd(),
    }
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError(msg)) => {
            eprintln!("zest: {msg}");
            ExitCode::from(2)
        }
    }
}
