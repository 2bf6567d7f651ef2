//! Inner loops compiled twice: for any x86-64 (the shipped binary's baseline, SSE2) and with
//! AVX2, the form picked at run time where the processor has it. Only long loops that
//! vectorise and run at every node gain by it (the network's rows: [`crate::eval::nnue`]);
//! every other part of the program keeps the portable code.

/// Whether this processor runs the AVX2 forms (the standard library caches the answer).
#[inline(always)]
pub fn avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Defines `pub fn $name`, which runs the body compiled with AVX2 where the processor has it
/// and the portable body otherwise.
macro_rules! dispatched {
    ($(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),*) $(-> $ret:ty)? $body:block) => {
        $(#[$doc])*
        #[inline]
        pub fn $name($($arg: $ty),*) $(-> $ret)? {
            #[inline(always)]
            fn portable($($arg: $ty),*) $(-> $ret)? $body

            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx2")]
            fn with_avx2($($arg: $ty),*) $(-> $ret)? {
                portable($($arg),*)
            }

            #[cfg(target_arch = "x86_64")]
            if $crate::core::simd::avx2() {
                // SAFETY: the processor has AVX2, which is all `with_avx2` requires.
                return unsafe { with_avx2($($arg),*) };
            }
            portable($($arg),*)
        }
    };
}

pub(crate) use dispatched;
