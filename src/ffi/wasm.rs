//! What JavaScript needs beside the C ABI when the library is built for WebAssembly: bytes in the module's
//! memory to pass buffers and strings through, and a panic hook. On `wasm32-unknown-unknown` a panic
//! aborts (the module traps; nothing unwinds to [`guard`](super::glue::guard)'s `catch_unwind`), so the
//! hook records the message for [`lp_last_error`](super::lp_last_error) first: the JavaScript layer turns
//! the trap into `LP_ERR_PANIC` with that message and refuses further calls on the instance.

use core::alloc::Layout;
use std::alloc::{alloc, dealloc};

/// The alignment of every block handed to JavaScript (enough for any ABI struct).
const ALIGN: usize = 8;

/// Reserves `len` bytes (at least one) in the module's memory, 8-aligned; NULL when the memory cannot
/// grow that far (never an abort). Release them with [`lp_wasm_free`] and the same `len`.
#[no_mangle]
pub extern "C" fn lp_wasm_alloc(len: usize) -> *mut u8 {
    super::glue::install_panic_hook();
    match Layout::from_size_align(len.max(1), ALIGN) {
        // SAFETY: the layout has a non-zero size.
        Ok(layout) => unsafe { alloc(layout) },
        Err(_) => core::ptr::null_mut(),
    }
}

/// Releases bytes from [`lp_wasm_alloc`]; NULL is ignored.
///
/// # Safety
/// `ptr` must be NULL or come from `lp_wasm_alloc(len)` and not be released yet.
#[no_mangle]
pub unsafe extern "C" fn lp_wasm_free(ptr: *mut u8, len: usize) {
    if let (false, Ok(layout)) = (ptr.is_null(), Layout::from_size_align(len.max(1), ALIGN)) {
        // SAFETY: the caller hands back a block made by `lp_wasm_alloc` with this layout.
        unsafe { dealloc(ptr, layout) }
    }
}
