//! Headless tools behind the CLI subcommands.

pub mod perft;
