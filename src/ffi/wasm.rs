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

/// A custom puzzle whose callbacks are JavaScript functions ([`crate::custom`]): the module imports one
/// trampoline per callback (`lphint_js`), and the JavaScript layer dispatches each call to the game of
/// the `user` key it registered. JavaScript cannot put its functions into the module's function table,
/// hence imports rather than the vtable's pointers.
mod js {
    use crate::custom::LpEmit;
    use crate::family::MoveCode;
    use core::ffi::{c_char, c_void};

    #[link(wasm_import_module = "lphint_js")]
    extern "C" {
        pub fn successors(user: *mut c_void, state: *const u8, emit: LpEmit, sink: *mut c_void) -> i32;
        pub fn is_goal(user: *mut c_void, state: *const u8, goal: *mut bool) -> i32;
        pub fn estimate(user: *mut c_void, state: *const u8, estimate: *mut u32) -> i32;
        pub fn move_name(
            user: *mut c_void,
            mv: *const MoveCode,
            buf: *mut c_char,
            cap: usize,
            written: *mut usize,
        ) -> i32;
        pub fn draw(user: *mut c_void, seed: u64, state: *mut u8) -> i32;
        pub fn move_cells(
            user: *mut c_void,
            state: *const u8,
            mv: *const MoveCode,
            cells: *mut u16,
            cap: usize,
            count: *mut usize,
        ) -> i32;
        pub fn describe(user: *mut c_void, state: *const u8, buf: *mut c_char, cap: usize, written: *mut usize) -> i32;
        pub fn parse(user: *mut c_void, text: *const c_char, len: usize, state: *mut u8) -> i32;
    }

    /// The move passes by pointer, as for `move_name`.
    pub unsafe extern "C" fn move_cells_trampoline(
        user: *mut c_void,
        state: *const u8,
        mv: MoveCode,
        cells: *mut u16,
        cap: usize,
        count: *mut usize,
    ) -> i32 {
        // SAFETY: forwarded engine arguments; `mv` lives for the call.
        unsafe { move_cells(user, state, &mv, cells, cap, count) }
    }

    pub unsafe extern "C" fn describe_trampoline(
        user: *mut c_void,
        state: *const u8,
        buf: *mut c_char,
        cap: usize,
        written: *mut usize,
    ) -> i32 {
        // SAFETY: forwarded engine arguments.
        unsafe { describe(user, state, buf, cap, written) }
    }

    pub unsafe extern "C" fn parse_trampoline(
        user: *mut c_void,
        text: *const c_char,
        len: usize,
        state: *mut u8,
    ) -> i32 {
        // SAFETY: forwarded engine arguments.
        unsafe { parse(user, text, len, state) }
    }

    pub unsafe extern "C" fn draw_trampoline(user: *mut c_void, seed: u64, state: *mut u8) -> i32 {
        // SAFETY: forwarded engine arguments.
        unsafe { draw(user, seed, state) }
    }

    pub unsafe extern "C" fn successors_trampoline(
        user: *mut c_void,
        state: *const u8,
        emit: LpEmit,
        sink: *mut c_void,
    ) -> i32 {
        // SAFETY: forwarded engine arguments.
        unsafe { successors(user, state, emit, sink) }
    }

    pub unsafe extern "C" fn is_goal_trampoline(user: *mut c_void, state: *const u8, goal: *mut bool) -> i32 {
        // SAFETY: forwarded engine arguments.
        unsafe { is_goal(user, state, goal) }
    }

    pub unsafe extern "C" fn estimate_trampoline(user: *mut c_void, state: *const u8, value: *mut u32) -> i32 {
        // SAFETY: forwarded engine arguments.
        unsafe { estimate(user, state, value) }
    }

    /// The move passes by pointer: JavaScript reads its four fields from memory.
    pub unsafe extern "C" fn move_name_trampoline(
        user: *mut c_void,
        mv: MoveCode,
        buf: *mut c_char,
        cap: usize,
        written: *mut usize,
    ) -> i32 {
        // SAFETY: forwarded engine arguments; `mv` lives for the call.
        unsafe { move_name(user, &mv, buf, cap, written) }
    }
}

/// [`lp_custom_create`](super::lp_custom_create) for a game written in JavaScript: the sizes and flags
/// of an `LpCustomVtable` (`flags` bit 0: admissible, bit 1: it has an estimate, bit 2: move names, bit 3:
/// it draws random starts for generation, bit 4: it gives a move's cells on its `board_width` ×
/// `board_height` board, bit 5: it describes and parses its states), its callbacks the module's
/// `lphint_js` imports, called with `user` (the JavaScript layer's key).
///
/// # Safety
/// As for `lp_custom_create`: `start` NULL or `len` readable bytes, `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_js_custom_create(
    state_size: u32,
    max_successors: u32,
    flags: u32,
    board_width: u32,
    board_height: u32,
    user: usize,
    start: *const u8,
    len: usize,
    out: *mut *mut super::LpPuzzle,
) -> super::LpStatus {
    let vtable = crate::custom::LpCustomVtable {
        abi_version: super::LP_ABI_VERSION,
        state_size,
        max_successors,
        admissible: flags & 1 != 0,
        successors: Some(js::successors_trampoline),
        is_goal: Some(js::is_goal_trampoline),
        estimate: (flags & 2 != 0).then_some(js::estimate_trampoline as _),
        move_name: (flags & 4 != 0).then_some(js::move_name_trampoline as _),
        draw: (flags & 8 != 0).then_some(js::draw_trampoline as _),
        board_width,
        board_height,
        move_cells: (flags & 16 != 0).then_some(js::move_cells_trampoline as _),
        describe: (flags & 32 != 0).then_some(js::describe_trampoline as _),
        parse: (flags & 32 != 0).then_some(js::parse_trampoline as _),
        ..crate::custom::LpCustomVtable::BLANK
    };
    // SAFETY: a valid vtable; forwarded caller guarantees for the rest.
    unsafe { super::lp_custom_create(&vtable, user as *mut core::ffi::c_void, start, len, out) }
}
