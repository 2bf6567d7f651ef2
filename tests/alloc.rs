//! The search hot path allocates nothing: a counting global allocator shows
//! that allocations grow with iterations (a few per depth), not with nodes.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use zest::eval::Evaluate;
use zest::registry::{self, VariantFn};
use zest::search::{Limits, SearchOptions, Searcher};
use zest::variants;

struct Counting;
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

struct Measure;

impl VariantFn for Measure {
    type Output = (u64, usize);
    fn call<V: Evaluate>(self) -> (u64, usize) {
        let game = zest::tools::bench::positions::<V>().pop().unwrap();
        let searcher = Searcher::new(1, 1);
        let depth = V::BENCH_DEPTH;
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let r = searcher.search(
            game.position(),
            &[],
            &Limits::depth(depth),
            &SearchOptions::default(),
            &mut |_| {},
        );
        let allocs = ALLOCATIONS.load(Ordering::Relaxed) - before;
        assert!(r.best.is_some(), "{}", <V as zest::variants::Variant>::NAME);
        (r.nodes, allocs)
    }
}

#[test]
fn allocations_do_not_scale_with_nodes() {
    for name in variants::NAMES {
        let (nodes, allocs) = registry::dispatch(name, Measure).unwrap();
        // Per search: the worker's tables and one small Vec per iteration and PV line.
        assert!(nodes > 1000, "{name}: {nodes} nodes");
        assert!(
            allocs < 400,
            "{name}: {allocs} allocations for {nodes} nodes"
        );
        eprintln!("{name}: {nodes} nodes, {allocs} allocations");
    }
}
