//! zest: rules, search and tools for Interchange, Swap, Palindromic, Exile and
//! Arrangement Chess (plus FIDE chess and Chess960 on the same core).

pub mod board;
pub mod core;
pub mod eval;
pub mod protocol;
pub mod registry;
pub mod search;
pub mod tools;
pub mod tournament;
pub mod variants;
