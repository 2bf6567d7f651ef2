//! The search's hand-set margins and divisors, in one list so that they can be tuned by SPSA
//! (`scripts/spsa.py`, `docs/strength.md`).
//!
//! In the shipped build each is a function returning its constant, which the compiler folds
//! into the code exactly as a `const`. Built with the `tune` feature, each reads an atomic
//! that UCI's `setoption` sets, and `uci` lists them as spin options: a tuner then plays
//! builds that differ only in their options. Depth limits stay `const` in the searcher: an
//! integer a step of SPSA cannot move smoothly.

/// One tunable constant: its UCI option name, shipped value and the range a tuner keeps to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
}

/// Whether this build reads the constants at run time (the `tune` feature).
pub const RUNTIME: bool = cfg!(feature = "tune");

macro_rules! search_params {
    ($($(#[doc = $doc:literal])* $name:ident = $default:literal in $min:literal ..= $max:literal;)*) => {
        /// Every tunable constant, in declaration order.
        pub const PARAMS: &[Param] = &[
            $(Param { name: stringify!($name), default: $default, min: $min, max: $max }),*
        ];

        #[cfg(feature = "tune")]
        #[allow(non_camel_case_types)]
        #[repr(usize)]
        enum Index { $($name),* }

        $(
            $(#[doc = $doc])*
            #[inline(always)]
            pub fn $name() -> i32 {
                #[cfg(feature = "tune")]
                {
                    runtime::get(Index::$name as usize)
                }
                #[cfg(not(feature = "tune"))]
                {
                    $default
                }
            }
        )*
    };
}

search_params! {
    /// Half the width of an iteration's first window around the last score, in cp (widened
    /// by half again on each fail).
    aspiration_delta = 11 in 5..=40;
    /// Reverse futility pruning's margin a ply, in cp.
    rfp_margin = 79 in 40..=150;
    /// Futility pruning of a late quiet move: the margin `base + per_ply · d`, `d` the depth
    /// its late-move reduction leaves.
    futility_base = 93 in 30..=220;
    futility_per_ply = 107 in 50..=200;
    /// Static-exchange pruning: a capture losing more than this times the depth.
    see_noisy_margin = 91 in 40..=160;
    /// Static-exchange pruning: a quiet move losing more than this times `d²`.
    see_quiet_margin = 23 in 10..=60;
    /// Singular extensions: the table move's score less this many cp a ply is the test's
    /// bound.
    singular_margin = 2 in 1..=5;
    /// Late-move reductions shrink by one ply per this much history (each of the butterfly
    /// and the two continuation histories spans ±16 384).
    history_reduction_divisor = 8041 in 4000..=16000;
    /// History pruning: a quiet move whose history is below minus this a ply.
    history_pruning_margin = 3961 in 1500..=8000;
    /// Delta pruning in quiescence: the allowance for positional gain beyond the material.
    delta_margin = 210 in 80..=400;
    /// Late-move reductions `base + ln(depth) · ln(move) / divisor`, both in hundredths.
    lmr_base = 76 in 25..=125;
    lmr_divisor = 220 in 150..=350;
    /// Null-move pruning's reduction `base + depth / divisor`.
    nmp_base = 3 in 1..=4;
    nmp_divisor = 4 in 2..=8;
    /// Late-move pruning: quiet moves past `(base + d²)`, half as many where not improving.
    lmp_base = 4 in 1..=8;
    /// A quiet cut-off's history bonus `4d² + linear · d − 110`, at most `max`.
    history_bonus_linear = 158 in 60..=300;
    history_bonus_max = 1697 in 800..=3000;
}

#[cfg(feature = "tune")]
mod runtime {
    use super::PARAMS;
    use std::sync::atomic::{AtomicI32, Ordering};
    use std::sync::LazyLock;

    static VALUES: LazyLock<Vec<AtomicI32>> =
        LazyLock::new(|| PARAMS.iter().map(|p| AtomicI32::new(p.default)).collect());

    #[inline]
    pub fn get(i: usize) -> i32 {
        VALUES[i].load(Ordering::Relaxed)
    }

    pub fn set(i: usize, value: i32) {
        VALUES[i].store(value, Ordering::Relaxed);
    }
}

/// The constant named `name` (any case).
pub fn find(name: &str) -> Option<&'static Param> {
    PARAMS.iter().find(|p| p.name.eq_ignore_ascii_case(name))
}

/// Sets the constant named `name` (any case) to `value`, kept within its range: the value
/// set, or `None` where no constant has that name or this build has them fixed.
pub fn set(name: &str, value: i64) -> Option<i32> {
    let p = find(name)?;
    let v = value.clamp(p.min as i64, p.max as i64) as i32;
    #[cfg(feature = "tune")]
    {
        runtime::set(PARAMS.iter().position(|q| q == p)?, v);
        Some(v)
    }
    #[cfg(not(feature = "tune"))]
    {
        let _ = v;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_lies_in_its_range_and_every_name_is_unique() {
        for (i, p) in PARAMS.iter().enumerate() {
            assert!(p.min <= p.default && p.default <= p.max, "{p:?}");
            assert!(p.min < p.max, "{p:?}");
            assert!(
                PARAMS[..i]
                    .iter()
                    .all(|q| !q.name.eq_ignore_ascii_case(p.name)),
                "{} twice",
                p.name
            );
        }
    }

    #[test]
    fn the_accessors_return_the_listed_defaults() {
        // Read through the accessors the search calls, not through the list.
        let read = [
            ("aspiration_delta", aspiration_delta()),
            ("rfp_margin", rfp_margin()),
            ("lmr_divisor", lmr_divisor()),
            ("history_bonus_max", history_bonus_max()),
        ];
        for (name, value) in read {
            let p = PARAMS.iter().find(|p| p.name == name).unwrap();
            assert_eq!(value, p.default, "{name}");
        }
    }

    #[test]
    fn only_a_tuning_build_sets_them() {
        let shipped = find("delta_margin").unwrap();
        if RUNTIME {
            // A constant the test above does not read (the tests run side by side).
            assert_eq!(set("DELTA_MARGIN", 1000), Some(shipped.max));
            assert_eq!(delta_margin(), shipped.max);
            set("delta_margin", shipped.default.into());
        } else {
            assert_eq!(set("delta_margin", 300), None);
        }
        assert_eq!(delta_margin(), shipped.default);
        assert_eq!(set("no_such_constant", 1), None);
    }
}
