//! Text diagram of a position, with each variant's own piece letters.

use crate::core::{Position, Square};
use std::fmt::Write;

/// Eight ranks of letters (White upper case), rank 8 on top, plus file letters.
pub fn diagram(pos: &Position) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let _ = write!(out, "{} ", rank + 1);
        for file in 0..8 {
            let c = pos
                .piece_at(Square::from_coords(file, rank))
                .map_or('.', |p| p.char());
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n");
    out
}
