//! Memory for the large shared tables (the transposition table), asked of the OS in 2 MiB pages
//! where it lends them on request (Linux's transparent huge pages in `madvise` mode), as
//! Stockfish allocates its table: with 4 KiB pages a probe into a table of many MiB misses the
//! TLB as well as the cache, and waits for a page walk before the memory itself.

use std::alloc::{alloc, dealloc, handle_alloc_error, Layout};
use std::ops::Deref;
use std::ptr::NonNull;

/// The size of a huge page, and the alignment of a table that large or larger.
const HUGE_PAGE: usize = 2 * 1024 * 1024;

/// A fixed-length slice of zero-initialised `T`, aligned to [`HUGE_PAGE`] once it spans one.
pub struct LargeSlice<T> {
    ptr: NonNull<T>,
    len: usize,
    layout: Layout,
}

// SAFETY: a `LargeSlice<T>` owns its `T`s as a `Box<[T]>` would.
unsafe impl<T: Send> Send for LargeSlice<T> {}
// SAFETY: as above; shared access hands out only `&[T]`.
unsafe impl<T: Sync> Sync for LargeSlice<T> {}

impl<T> LargeSlice<T> {
    /// `len` values of `T`, every byte zero.
    ///
    /// # Safety
    /// All-zero bytes must be a valid `T` (atomics and integers are).
    pub unsafe fn zeroed(len: usize) -> LargeSlice<T> {
        const {
            assert!(
                !std::mem::needs_drop::<T>(),
                "LargeSlice never drops its values"
            )
        };
        let bytes = len
            .checked_mul(size_of::<T>())
            .expect("table size overflows")
            .max(1);
        let align = if bytes >= HUGE_PAGE {
            HUGE_PAGE
        } else {
            align_of::<T>()
        };
        let layout =
            Layout::from_size_align(bytes.next_multiple_of(align), align).expect("table layout");
        // SAFETY: the layout's size is not zero.
        let raw = unsafe { alloc(layout) };
        let Some(ptr) = NonNull::new(raw.cast::<T>()) else {
            handle_alloc_error(layout)
        };
        #[cfg(target_os = "linux")]
        if align == HUGE_PAGE {
            // Before the first write, so that the pages are faulted in as huge ones. Only a
            // hint: where the kernel lends none, the table works on small pages.
            // SAFETY: the range is this allocation, aligned to a page.
            unsafe { libc::madvise(raw.cast(), layout.size(), libc::MADV_HUGEPAGE) };
        }
        // SAFETY: `raw` is valid for `layout.size()` bytes, and zero bytes are a valid `T`.
        unsafe { raw.write_bytes(0, layout.size()) };
        LargeSlice { ptr, len, layout }
    }
}

impl<T> Deref for LargeSlice<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `ptr` holds `len` initialised values of `T` (zeroed) until `drop`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T> Drop for LargeSlice<T> {
    fn drop(&mut self) {
        // SAFETY: the values need no drop (`zeroed` asserts it), and the memory was allocated
        // with this layout.
        unsafe { dealloc(self.ptr.as_ptr().cast(), self.layout) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn a_table_starts_zeroed_and_keeps_what_is_written() {
        for len in [1usize, 1000, 3 * HUGE_PAGE / 8 + 5] {
            // SAFETY: zero is a valid AtomicU64.
            let t = unsafe { LargeSlice::<AtomicU64>::zeroed(len) };
            assert_eq!(t.len(), len);
            assert!(t.iter().all(|a| a.load(Ordering::Relaxed) == 0));
            t[len - 1].store(7, Ordering::Relaxed);
            assert_eq!(t[len - 1].load(Ordering::Relaxed), 7);
            if len * 8 >= HUGE_PAGE {
                assert_eq!(t.as_ptr() as usize % HUGE_PAGE, 0);
            }
        }
    }
}
