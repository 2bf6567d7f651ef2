//! Headless tools behind the CLI subcommands.

pub mod analyse;
pub mod args;
pub mod bench;
pub mod board;
pub mod perft;
pub mod play;
pub mod spec;
pub mod train;
pub mod tune;
