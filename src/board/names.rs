//! The one place the board names variants: the registry's names, start
//! positions and the Chess960 arrays (switch here when the variant names move).

use crate::registry::{self, VariantFn};
use crate::variants::VariantId;

/// The games the page offers, in its menu's order.
pub fn all() -> &'static [&'static str] {
    &crate::variants::NAMES
}

struct Start;
impl VariantFn for Start {
    type Output = &'static str;
    fn call<V: crate::eval::Evaluate>(self) -> &'static str {
        V::START_FEN
    }
}

/// The start FEN of `variant` (any registered name or alias).
pub fn start_fen(variant: &str) -> Result<&'static str, String> {
    registry::dispatch(variant, Start).map_err(|e| e.to_string())
}

/// The registry name an alias stands for (`960` → `fischerandom`).
pub fn canonical(variant: &str) -> Result<&'static str, String> {
    variant
        .parse::<VariantId>()
        .map(VariantId::name)
        .map_err(|e| e.to_string())
}

/// The Chess960 start position number `n` (0–959).
pub fn chess960_fen(n: u16) -> Result<String, String> {
    if n >= 960 {
        return Err(format!("Chess960 position {n} does not exist (0-959)"));
    }
    Ok(crate::variants::chess::chess960_fen(n))
}
