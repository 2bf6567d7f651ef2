//! The `zest` command line: engine mode and the headless tools.

use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;
use zest::variants::{self, Variant, VariantFn};

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
    /// Count the leaf nodes of the legal move tree.
    Perft {
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Position (default: the variant's start).
        #[arg(long)]
        fen: Option<String>,
        /// Print the count below each first move.
        #[arg(long)]
        divide: bool,
        depth: u32,
    },
    /// List the legal moves, one per line, in notation.
    Moves {
        #[arg(long, default_value = "chess")]
        variant: String,
        #[arg(long)]
        fen: Option<String>,
    },
    /// List the variant names and their start positions.
    Variants,
}

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
    fn call<V: Variant>(self) -> Self::Output {
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
}

impl VariantFn for MovesCmd {
    type Output = Result<(), CliError>;
    fn call<V: Variant>(self) -> Self::Output {
        let pos: V = load(&self.fen)?;
        let mut out = std::io::stdout().lock();
        let _ = pos.for_each_move(|m| {
            let _ = writeln!(out, "{}", pos.move_to_string(m));
            std::ops::ControlFlow::Continue(())
        });
        Ok(())
    }
}

struct StartFen;
impl VariantFn for StartFen {
    type Output = &'static str;
    fn call<V: Variant>(self) -> &'static str {
        V::START_FEN
    }
}

fn run(cli: Cli) -> Result<(), CliError> {
    let unknown = |e: variants::UnknownVariant| CliError(e.to_string());
    match cli.command {
        Some(Command::Perft {
            variant,
            fen,
            divide,
            depth,
        }) => variants::dispatch(&variant, PerftCmd { fen, depth, divide }).map_err(unknown)?,
        Some(Command::Moves { variant, fen }) => {
            variants::dispatch(&variant, MovesCmd { fen }).map_err(unknown)?
        }
        Some(Command::Variants) | None => {
            for name in variants::NAMES {
                let fen = variants::dispatch(name, StartFen).map_err(unknown)?;
                println!("{name}\t{fen}");
            }
            Ok(())
        }
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
