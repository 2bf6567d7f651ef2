//! Value parsers shared by the subcommands' arguments: bad values are refused by clap with
//! its own message and exit code, never silently corrected.

use crate::variants::VariantId;
use clap::builder::RangedU64ValueParser;

/// A count that must be at least one (`--threads 0`, `--games 0` are refused).
pub fn at_least_one() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::<usize>::new().range(1..)
}

/// A variant name or alias in any case (`Chess`, `960`, `FischeRandom`), read through the
/// one alias table ([`VariantId`]) and returned as the registry spells it.
pub fn variant_arg(s: &str) -> Result<String, String> {
    s.parse::<VariantId>()
        .map(|id| id.name().to_string())
        .map_err(|e| e.to_string())
}
