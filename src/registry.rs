//! The registry: runs generic code for the game a [`VariantId`] names.
//!
//! It lives above both `variants` (the rules) and `eval` (the evaluators), so
//! neither imports the other through it: every registered game has rules and an
//! evaluator, and tools may search any of them. Adding a game adds one arm here.

use crate::eval::Evaluate;
use crate::variants::{arrangement, chess, exile, interchange, palindromic, swap};
pub use crate::variants::{UnknownVariant, VariantId, NAMES};

/// Something to run for whichever variant is selected (Rust has no generic closures).
pub trait VariantFn {
    type Output;
    fn call<V: Evaluate>(self) -> Self::Output;
}

/// Runs `f` with the variant type of `id`.
pub fn run<F: VariantFn>(id: VariantId, f: F) -> F::Output {
    match id {
        VariantId::Chess => f.call::<chess::Chess>(),
        VariantId::Chess960 => f.call::<chess::Chess960>(),
        VariantId::Interchange => f.call::<interchange::Interchange>(),
        VariantId::Swap => f.call::<swap::Swap>(),
        VariantId::Palindromic => f.call::<palindromic::Palindromic>(),
        VariantId::Exile => f.call::<exile::Exile>(),
        VariantId::Arrangement => f.call::<arrangement::Arrangement>(),
    }
}

/// Runs `f` with the variant type any alias of `name` selects.
pub fn dispatch<F: VariantFn>(name: &str, f: F) -> Result<F::Output, UnknownVariant> {
    Ok(run(name.parse()?, f))
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Name;
    impl VariantFn for Name {
        type Output = &'static str;
        fn call<V: Evaluate>(self) -> &'static str {
            V::NAME
        }
    }

    #[test]
    fn each_id_runs_its_own_type() {
        for id in VariantId::ALL {
            assert_eq!(run(id, Name), id.name());
        }
        assert_eq!(dispatch("Chess960", Name), Ok("fischerandom"));
        assert_eq!(dispatch("standard", Name), Ok("chess"));
        assert!(dispatch("crazyhouse", Name).is_err());
    }
}
