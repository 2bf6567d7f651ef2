//! A cache hint for the hash tables (the transposition table, Swap's key set): a slot a
//! probe will read soon starts loading while other work goes on.

/// Asks the CPU to start loading the cache line `p` points into (a hint: it changes no
/// memory and never faults).
#[inline]
pub fn prefetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch neither reads into the program nor faults, whatever `p` is.
    #[allow(unused_unsafe)]
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(p.cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}
