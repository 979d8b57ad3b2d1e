//! The allocator of the `lp` process: the system's, with large blocks (the 7-8 pattern databases' 577 MB,
//! a database's hash tables) asked to be backed by huge pages where Linux offers them on request
//! (transparent huge pages in `madvise` mode, the usual default). A random read of a large table then
//! misses the address translation cache far less often: the 17 80-move 15-puzzles with the 7-8 tables
//! in 0.93 of the time.

use std::alloc::{GlobalAlloc, Layout, System};

/// Blocks from this size on are advised.
const LARGE: usize = 64 << 20;
/// The huge page size.
const HUGE_PAGE: usize = 2 << 20;

/// [`System`], advising huge pages for the whole huge pages inside blocks of [`LARGE`] bytes or more.
/// Blocks are made and released exactly as `System` makes them (large ones are mapped fresh, so still
/// zeroed lazily: the advice only changes the page size a first touch gets).
pub struct Advised;

fn advise(block: *mut u8, size: usize) {
    if block.is_null() || size < LARGE {
        return;
    }
    let start = (block as usize).next_multiple_of(HUGE_PAGE);
    let end = (block as usize + size) / HUGE_PAGE * HUGE_PAGE;
    if end > start {
        // SAFETY: the range lies inside the block just allocated; advice changes no contents.
        unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
    }
}

// SAFETY: every block is `System`'s, made and released with the caller's layout.
unsafe impl GlobalAlloc for Advised {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let block = unsafe { System.alloc(layout) };
        advise(block, layout.size());
        block
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let block = unsafe { System.alloc_zeroed(layout) };
        advise(block, layout.size());
        block
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(block, layout) }
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let moved = unsafe { System.realloc(block, layout, size) };
        advise(moved, size);
        moved
    }
}
