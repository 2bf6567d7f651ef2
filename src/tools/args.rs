//! Value parsers shared by the subcommands' arguments: bad values are refused by clap with
//! its own message and exit code, never silently corrected.

use crate::variants::{self, VariantFn};
use clap::builder::RangedU64ValueParser;

/// A count that must be at least one (`--threads 0`, `--games 0` are refused).
pub fn at_least_one() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::<usize>::new().range(1..)
}

struct Known;
impl VariantFn for Known {
    type Output = ();
    fn call<V: crate::eval::Evaluate>(self) {}
}

/// A variant name in any case (`Chess`, `FischeRandom`), as the registry spells it. The one
/// place where the command line folds case; it gives way to the shared variant alias table
/// (`VariantId`) once that exists.
pub fn variant_arg(s: &str) -> Result<String, String> {
    let name = s.to_ascii_lowercase();
    variants::dispatch(&name, Known)
        .map(|()| name)
        .map_err(|e| e.to_string())
}
