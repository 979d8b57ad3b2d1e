//! Statuses, the last-error message, the panic guard and the pointer and buffer helpers every exported
//! function shares.

use crate::status::Status;
use std::borrow::Cow;
use std::cell::RefCell;
use std::ffi::{c_char, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The ABI version [`lp_version`] returns; it changes when a signature or a struct layout changes.
pub const LP_ABI_VERSION: u32 = 3;

/// The result of every call. Values below 100 are outcomes; 100 and above are errors, with a message
/// from [`lp_last_error`].
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LpStatus {
    /// Done; out-parameters are written.
    LP_OK = 0,
    /// Not finished: call again (next frame) with another budget.
    LP_IN_PROGRESS = 1,
    /// The puzzle is already solved: there is no move to hint.
    LP_ALREADY_SOLVED = 2,
    /// No solution exists from this position.
    LP_UNSOLVABLE = 3,
    /// The search reached its node cap without an answer.
    LP_OUT_OF_NODES = 4,
    /// The algorithm gave up without a proof either way (hill climbing stuck, depth limit reached).
    LP_NOT_FOUND = 5,
    /// A required pointer was NULL.
    LP_ERR_NULL_ARGUMENT = 100,
    /// An argument is out of range or inconsistent (sizes, enum values, UTF-8).
    LP_ERR_INVALID_ARGUMENT = 101,
    /// A text description could not be parsed; the message names the column and the reason.
    LP_ERR_PARSE = 102,
    /// The move is not legal from the current position; the position is unchanged.
    LP_ERR_ILLEGAL_MOVE = 103,
    /// The buffer is too small; `*written` holds the size needed.
    LP_ERR_BUFFER_TOO_SMALL = 104,
    /// Binary data is damaged.
    LP_ERR_CORRUPT_DATA = 105,
    /// Binary data has a format version this library does not read.
    LP_ERR_VERSION = 106,
    /// A bug in lphint: a panic was caught at the ABI boundary.
    LP_ERR_PANIC = 107,
    /// Memory could not be reserved (a node cap or population too large for this machine); the message
    /// gives the bytes asked for. Nothing was changed.
    LP_ERR_OUT_OF_MEMORY = 108,
    /// A game's callback (a custom puzzle, `lp_custom_create`) failed or broke its contract (a nonzero
    /// return, more successors than declared, a NULL state, a cost of 0); the message says which. The
    /// failure sticks to the puzzle and its solvers: answers computed from it cannot be trusted.
    LP_ERR_CALLBACK = 109,
}

impl LpStatus {
    const ALL: [LpStatus; 16] = [
        LpStatus::LP_OK,
        LpStatus::LP_IN_PROGRESS,
        LpStatus::LP_ALREADY_SOLVED,
        LpStatus::LP_UNSOLVABLE,
        LpStatus::LP_OUT_OF_NODES,
        LpStatus::LP_NOT_FOUND,
        LpStatus::LP_ERR_NULL_ARGUMENT,
        LpStatus::LP_ERR_INVALID_ARGUMENT,
        LpStatus::LP_ERR_PARSE,
        LpStatus::LP_ERR_ILLEGAL_MOVE,
        LpStatus::LP_ERR_BUFFER_TOO_SMALL,
        LpStatus::LP_ERR_CORRUPT_DATA,
        LpStatus::LP_ERR_VERSION,
        LpStatus::LP_ERR_PANIC,
        LpStatus::LP_ERR_OUT_OF_MEMORY,
        LpStatus::LP_ERR_CALLBACK,
    ];

    /// The name as a NUL-terminated C string.
    fn name(self) -> &'static CStr {
        match self {
            LpStatus::LP_OK => c"LP_OK",
            LpStatus::LP_IN_PROGRESS => c"LP_IN_PROGRESS",
            LpStatus::LP_ALREADY_SOLVED => c"LP_ALREADY_SOLVED",
            LpStatus::LP_UNSOLVABLE => c"LP_UNSOLVABLE",
            LpStatus::LP_OUT_OF_NODES => c"LP_OUT_OF_NODES",
            LpStatus::LP_NOT_FOUND => c"LP_NOT_FOUND",
            LpStatus::LP_ERR_NULL_ARGUMENT => c"LP_ERR_NULL_ARGUMENT",
            LpStatus::LP_ERR_INVALID_ARGUMENT => c"LP_ERR_INVALID_ARGUMENT",
            LpStatus::LP_ERR_PARSE => c"LP_ERR_PARSE",
            LpStatus::LP_ERR_ILLEGAL_MOVE => c"LP_ERR_ILLEGAL_MOVE",
            LpStatus::LP_ERR_BUFFER_TOO_SMALL => c"LP_ERR_BUFFER_TOO_SMALL",
            LpStatus::LP_ERR_CORRUPT_DATA => c"LP_ERR_CORRUPT_DATA",
            LpStatus::LP_ERR_VERSION => c"LP_ERR_VERSION",
            LpStatus::LP_ERR_PANIC => c"LP_ERR_PANIC",
            LpStatus::LP_ERR_OUT_OF_MEMORY => c"LP_ERR_OUT_OF_MEMORY",
            LpStatus::LP_ERR_CALLBACK => c"LP_ERR_CALLBACK",
        }
    }
}

impl From<crate::envelope::DataError> for Failure {
    fn from(e: crate::envelope::DataError) -> Failure {
        let status = match e {
            crate::envelope::DataError::Corrupt(_) => LpStatus::LP_ERR_CORRUPT_DATA,
            crate::envelope::DataError::Version(_) => LpStatus::LP_ERR_VERSION,
            crate::envelope::DataError::NeedsDefinition(_) => LpStatus::LP_ERR_INVALID_ARGUMENT,
            crate::envelope::DataError::OutOfMemory(_) => LpStatus::LP_ERR_OUT_OF_MEMORY,
        };
        Failure::new(status, e.to_string())
    }
}

impl From<crate::family::Broken> for Failure {
    /// A game's callback that failed is `LP_ERR_CALLBACK`; the engine failing inside a function it
    /// handed to the game (a panic caught in `emit`) is `LP_ERR_PANIC`, as any other panic.
    fn from(broken: crate::family::Broken) -> Failure {
        let status = if broken.internal { LpStatus::LP_ERR_PANIC } else { LpStatus::LP_ERR_CALLBACK };
        Failure::new(status, broken.message)
    }
}

impl From<crate::memory::OutOfMemory> for Failure {
    fn from(e: crate::memory::OutOfMemory) -> Failure {
        Failure::new(LpStatus::LP_ERR_OUT_OF_MEMORY, e.to_string())
    }
}

/// A failed call: its status and message (`context: message` when there is a context).
pub(crate) struct Failure {
    pub status: LpStatus,
    /// What failed, put before the message; kept apart so that a per-frame outcome needs no formatting.
    pub context: &'static str,
    pub message: Cow<'static, str>,
}

impl Failure {
    pub fn new(status: LpStatus, message: impl Into<Cow<'static, str>>) -> Self {
        Failure { status, context: "", message: message.into() }
    }

    pub fn invalid(message: impl Into<Cow<'static, str>>) -> Self {
        Failure::new(LpStatus::LP_ERR_INVALID_ARGUMENT, message)
    }
}

pub(crate) type Outcome = Result<LpStatus, Failure>;

/// Bytes of the last-error message kept; longer messages are cut at a character boundary.
const LAST_ERROR_BYTES: usize = 1024;

thread_local! {
    /// The budget units the last stepped call on this thread spent (`lp_last_work`).
    static LAST_WORK: core::cell::Cell<u32> = const { core::cell::Cell::new(0) };
}

/// Records the budget units the running stepped call spent, for `lp_last_work`.
pub(crate) fn report_work(units: u32) {
    LAST_WORK.with(|w| w.set(units));
}

/// The budget units the last stepped call on this thread spent.
pub(crate) fn last_work() -> u32 {
    LAST_WORK.with(|w| w.get())
}

thread_local! {
    // A fixed buffer, refilled in place: reporting an outcome (even from a per-frame call) never allocates.
    static LAST_ERROR: RefCell<heapless::String<LAST_ERROR_BYTES>> = const { RefCell::new(heapless::String::new()) };
}

fn set_last_error(context: &str, message: &str) {
    LAST_ERROR.with(|e| {
        let mut e = e.borrow_mut();
        e.clear();
        let parts: &[&str] = if context.is_empty() { &[message] } else { &[context, ": ", message] };
        for part in parts {
            for c in part.chars() {
                if e.push(c).is_err() {
                    return;
                }
            }
        }
    });
}

/// The message a panic carries.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("unknown panic")
}

/// Makes a panic record its message for [`lp_last_error`] before the default report. Where panics abort
/// (WebAssembly) that is the only trace a caller gets; elsewhere [`guard`] records it too.
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
pub(crate) fn install_panic_hook() {
    static INSTALL: std::sync::Once = std::sync::Once::new();
    INSTALL.call_once(|| {
        let report = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            set_last_error("internal error (please report)", panic_text(info.payload()));
            report(info);
        }));
    });
}

/// Most handles one thread's calls can hold at once (calls nest when a game's callback calls the engine).
const MAX_NESTED_HANDLES: usize = 32;

thread_local! {
    /// The handles the exported calls running on this thread are using: a call nested in a game's
    /// callback that names one of them is refused (it would alias the outer call's `&mut`).
    static IN_USE: RefCell<heapless::Vec<usize, MAX_NESTED_HANDLES>> = const { RefCell::new(heapless::Vec::new()) };
}

/// Marks the handle at `addr` in use for the running call, or refuses a handle already in use.
fn enter(addr: usize, name: &'static str) -> Result<(), Failure> {
    IN_USE.with(|in_use| {
        let mut in_use = in_use.borrow_mut();
        if in_use.contains(&addr) {
            return Err(Failure::new(
                LpStatus::LP_ERR_CALLBACK,
                format!("the {name} is in use by the call that ran this callback: a callback must not call the engine on it"),
            ));
        }
        in_use.push(addr).map_err(|_| Failure::new(LpStatus::LP_ERR_CALLBACK, "callbacks nested too deep"))
    })
}

/// Runs the body of an exported function: catches panics, records failures for [`lp_last_error`], and
/// releases the handles the body used.
pub(crate) fn guard(body: impl FnOnce() -> Outcome) -> LpStatus {
    // Words a callback reported (lp_custom_error) belong to the failure it returned at once.
    crate::custom::forget_reported_error();
    // The rule of lp_last_error: every call replaces the message (empty unless it fails).
    LAST_ERROR.with(|e| e.borrow_mut().clear());
    report_work(0);
    let depth = IN_USE.with(|in_use| in_use.borrow().len());
    let result = catch_unwind(AssertUnwindSafe(body));
    IN_USE.with(|in_use| in_use.borrow_mut().truncate(depth));
    match result {
        Ok(Ok(status)) => {
            // A nested call a callback made and the engine refused set a message; this call succeeded.
            LAST_ERROR.with(|e| e.borrow_mut().clear());
            status
        }
        Ok(Err(failure)) => {
            set_last_error(failure.context, &failure.message);
            failure.status
        }
        Err(payload) => {
            set_last_error("internal error (please report)", panic_text(payload.as_ref()));
            LpStatus::LP_ERR_PANIC
        }
    }
}

/// A type handed to C as an opaque handle; `NAME` names its parameter in messages (`puzzle is NULL`).
pub(crate) trait Handle: Sized {
    /// The parameter name of a handle of this type.
    const NAME: &'static str;
}

/// The object behind a handle pointer, or `LP_ERR_NULL_ARGUMENT` naming the parameter.
///
/// # Safety
/// `ptr` must be NULL or a live handle of this type that no one else uses during the call.
pub(crate) unsafe fn handle_mut<'a, T: Handle>(ptr: *mut T) -> Result<&'a mut T, Failure> {
    if !ptr.is_null() {
        enter(ptr as usize, T::NAME)?;
    }
    // SAFETY: the caller guarantees that a non-NULL `ptr` is a live `T`, and no call running on this
    // thread uses it (checked above).
    unsafe { ptr.as_mut() }.ok_or_else(|| Failure::new(LpStatus::LP_ERR_NULL_ARGUMENT, format!("{} is NULL", T::NAME)))
}

/// Like [`handle_mut`], shared.
///
/// # Safety
/// `ptr` must be NULL or a live handle of this type.
pub(crate) unsafe fn handle<'a, T: Handle>(ptr: *const T) -> Result<&'a T, Failure> {
    if !ptr.is_null() {
        enter(ptr as usize, T::NAME)?;
    }
    // SAFETY: the caller guarantees that a non-NULL `ptr` is a live `T`, not in use by a call running on
    // this thread (checked above).
    unsafe { ptr.as_ref() }.ok_or_else(|| Failure::new(LpStatus::LP_ERR_NULL_ARGUMENT, format!("{} is NULL", T::NAME)))
}

/// Drops a handle made by [`hand_out`]; NULL is ignored, and a panic in a destructor is contained.
///
/// # Safety
/// `ptr` must be NULL or a handle from [`hand_out`] not yet freed.
pub(crate) unsafe fn release<T: Handle>(ptr: *mut T) {
    // A handle in use by a running call (freed from its own callback) is kept: freeing it would leave
    // the running call on freed memory.
    let in_use = IN_USE.with(|in_use| in_use.borrow().contains(&(ptr as usize)));
    if in_use {
        set_last_error(T::NAME, "not freed: a callback freed it while the engine was using it");
        return;
    }
    if !ptr.is_null() {
        // SAFETY: the caller hands back ownership of a handle made by `Box::into_raw`.
        let _ = catch_unwind(AssertUnwindSafe(|| drop(unsafe { Box::from_raw(ptr) })));
    }
}

/// An out-parameter checked not to be NULL, before any work is done; written once, on success.
pub(crate) struct Out<T> {
    ptr: *mut T,
}

impl<T> Out<T> {
    /// Checks `ptr`, naming `name` when it is NULL.
    ///
    /// # Safety
    /// `ptr` must be NULL or writable for a `T` until the call returns.
    pub(crate) unsafe fn new(ptr: *mut T, name: &'static str) -> Result<Out<T>, Failure> {
        if ptr.is_null() {
            Err(Failure::new(LpStatus::LP_ERR_NULL_ARGUMENT, format!("{name} is NULL")))
        } else {
            Ok(Out { ptr })
        }
    }

    /// Writes the result.
    pub(crate) fn write(self, value: T) {
        // SAFETY: checked non-NULL in `new`, whose caller guarantees it writable.
        unsafe { self.ptr.write(value) }
    }
}

/// Hands a new handle out through `out` and says `LP_OK`.
pub(crate) fn hand_out<T: Handle>(value: T, out: Out<*mut T>) -> LpStatus {
    out.write(Box::into_raw(Box::new(value)));
    LpStatus::LP_OK
}

/// The one mapping from the core's [`Status`] to the ABI's: results and "in progress" are statuses,
/// the rest are failures with a message (`what` names the operation in it).
pub(crate) fn status_outcome(status: Status, what: &'static str) -> Outcome {
    use crate::status::Shortfall;
    let fail = |status, why: &'static str| Err(Failure { status, context: what, message: Cow::Borrowed(why) });
    match status {
        Status::Found => Ok(LpStatus::LP_OK),
        Status::InProgress => Ok(LpStatus::LP_IN_PROGRESS),
        Status::AlreadySolved => fail(LpStatus::LP_ALREADY_SOLVED, "the puzzle is already solved: no move is left"),
        Status::Unsolvable => fail(LpStatus::LP_UNSOLVABLE, "no solution can be reached from this position"),
        Status::OutOfNodes => fail(LpStatus::LP_OUT_OF_NODES, "the node cap or the node limit was reached"),
        Status::NotFound(shortfall) => fail(
            LpStatus::LP_NOT_FOUND,
            match shortfall {
                Shortfall::Stuck => "hill climbing stopped at a local optimum",
                Shortfall::DepthLimit => "no solution within the depth limit",
                Shortfall::Generations => "every generation ran without a perfect individual",
                Shortfall::Cooled => "simulated annealing cooled down on every walk without reaching the goal",
                Shortfall::Misses => "too many candidates in a row missed the band",
                Shortfall::NoMore => "every distinct puzzle of the band was handed out",
                Shortfall::Rejected => "the result did not meet a requirement",
                Shortfall::Mistakes => {
                    "the board holds a part no solution has: take it off first (check my board names it)"
                }
                Shortfall::NoPlan => {
                    "no solution is known from the start to prove: the puzzle is not from a pack or a generator"
                }
                Shortfall::NoCloser => {
                    "no partial result: no search ran from this position, or none reached a position closer to the goal"
                }
            },
        ),
        Status::OutOfMemory => fail(
            LpStatus::LP_ERR_OUT_OF_MEMORY,
            "memory could not be reserved, or the search needs more than the memory limit (lp_puzzle_set_memory_limit)",
        ),
    }
}

/// Reads a NUL-terminated UTF-8 string.
///
/// # Safety
/// `ptr` must be NULL or a NUL-terminated string.
pub(crate) unsafe fn text<'a>(ptr: *const c_char, name: &'static str) -> Result<&'a str, Failure> {
    if ptr.is_null() {
        return Err(Failure::new(LpStatus::LP_ERR_NULL_ARGUMENT, format!("{name} is NULL")));
    }
    // SAFETY: the caller guarantees a NUL-terminated string.
    unsafe { CStr::from_ptr(ptr) }.to_str().map_err(|e| Failure::invalid(format!("{name} is not UTF-8: {e}")))
}

/// A family creator's grid: `width` and `height` checked against `sides`, then `cells_len` against
/// their product, before one cell is read; the sides and the `cells`.
///
/// # Safety
/// `cells` must be NULL or point to `cells_len` readable values.
pub(crate) unsafe fn grid_cells<'a, T>(
    width: u32,
    height: u32,
    sides: core::ops::RangeInclusive<usize>,
    cells: *const T,
    cells_len: usize,
) -> Result<(usize, usize, &'a [T]), Failure> {
    let w = in_range(width as usize, sides.clone(), "width")?;
    let h = in_range(height as usize, sides, "height")?;
    if cells_len != w * h {
        return Err(Failure::invalid(format!("cells_len is {cells_len}, but a {w}x{h} grid has {} cells", w * h)));
    }
    // SAFETY: forwarded caller guarantee; the length is the checked grid's.
    Ok((w, h, unsafe { slice(cells, w * h, "cells") }?))
}

/// Checks that `value` lies in `range` before anything is read with it, naming `name` in the message.
pub(crate) fn in_range<T>(value: T, range: core::ops::RangeInclusive<T>, name: &str) -> Result<T, Failure>
where
    T: PartialOrd + core::fmt::Display + Copy,
{
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(Failure::invalid(format!("{name} {value} is out of range {}..{}", range.start(), range.end())))
    }
}

/// A `width`×`height` grid's sides, each in `1..=max_side`, with `cells` its number of cells (named
/// `what` in the message: "cells", "squares").
pub(crate) fn grid_sides(
    width: u32,
    height: u32,
    cells: usize,
    max_side: u32,
    what: &str,
) -> Result<(u32, u32), Failure> {
    let (w, h) = (in_range(width, 1..=max_side, "width")?, in_range(height, 1..=max_side, "height")?);
    if cells != (w * h) as usize {
        return Err(Failure::invalid(format!("a {w}x{h} grid has {} {what}, not {cells}", w * h)));
    }
    Ok((w, h))
}

/// Reads `len` elements, or NULL with `len == 0` as an empty slice. Callers check `len` against the
/// family's limits first ([`in_range`]), so that no byte is read past what the caller holds.
///
/// # Safety
/// `ptr` must be NULL or point to `len` readable elements.
pub(crate) unsafe fn slice<'a, T>(ptr: *const T, len: usize, name: &'static str) -> Result<&'a [T], Failure> {
    match (ptr.is_null(), len) {
        (true, 0) => Ok(&[]),
        (true, _) => Err(Failure::new(LpStatus::LP_ERR_NULL_ARGUMENT, format!("{name} is NULL"))),
        // SAFETY: the caller guarantees `len` readable elements.
        (false, _) => Ok(unsafe { std::slice::from_raw_parts(ptr, len) }),
    }
}

/// Copies `items` to `(buf, cap)` and their count to `*written`; a short buffer yields
/// `LP_ERR_BUFFER_TOO_SMALL` with the count needed in `*written`.
///
/// # Safety
/// `buf` must be NULL or point to `cap` writable elements; `written` must be NULL or writable.
pub(crate) unsafe fn write_items<T: Copy>(items: &[T], buf: *mut T, cap: usize, written: *mut usize) -> Outcome {
    // SAFETY: forwarded caller guarantee.
    unsafe { Out::new(written, "written") }?.write(items.len());
    if items.len() > cap {
        return Err(Failure::new(
            LpStatus::LP_ERR_BUFFER_TOO_SMALL,
            format!("the buffer holds {cap} items, {} are needed", items.len()),
        ));
    }
    if !items.is_empty() {
        if buf.is_null() {
            return Err(Failure::new(LpStatus::LP_ERR_NULL_ARGUMENT, "buf is NULL"));
        }
        // SAFETY: `buf` holds `cap >= items.len()` writable elements, and cannot overlap our own data.
        unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), buf, items.len()) };
    }
    Ok(LpStatus::LP_OK)
}

/// Copies `text` and a terminating NUL to `(buf, cap)`; `*written` is the size including the NUL.
///
/// # Safety
/// As [`write_items`].
pub(crate) unsafe fn write_text(text: &str, buf: *mut c_char, cap: usize, written: *mut usize) -> Outcome {
    let needed = text.len() + 1;
    // SAFETY: forwarded caller guarantee.
    unsafe { Out::new(written, "written") }?.write(needed);
    if needed > cap {
        return Err(Failure::new(
            LpStatus::LP_ERR_BUFFER_TOO_SMALL,
            format!("the buffer holds {cap} bytes, {needed} are needed"),
        ));
    }
    if buf.is_null() {
        return Err(Failure::new(LpStatus::LP_ERR_NULL_ARGUMENT, "buf is NULL"));
    }
    // SAFETY: `buf` holds `cap >= needed` writable bytes.
    unsafe {
        std::ptr::copy_nonoverlapping(text.as_ptr().cast::<c_char>(), buf, text.len());
        *buf.add(text.len()) = 0;
    }
    Ok(LpStatus::LP_OK)
}

/// The ABI version of the library (compare with `LP_ABI_VERSION` from the header you compiled against).
#[no_mangle]
pub extern "C" fn lp_version() -> u32 {
    LP_ABI_VERSION
}

/// The budget units (node expansions; for `lp_ga_step`, fitness evaluations) the last stepped call on
/// this thread spent: `lp_next_hint`, `lp_next_hint_timed`, `lp_check_board`, `lp_trivial_steps`,
/// `lp_solver_step`, `lp_generator_step` or `lp_ga_step` — Detour's `doneIters`. 0 after any other call, and for a hint read off a stored plan (no
/// search). A game that shares one budget between several puzzles takes each call's work off what is
/// left: `lp_next_hint(a, left, &h); left -= lp_last_work();`. Like `lp_last_error`, every call replaces
/// it, and this call itself does not.
#[no_mangle]
pub extern "C" fn lp_last_work() -> u32 {
    last_work()
}

/// The name of a status value (`"LP_OK"`, …) as a static NUL-terminated string; `"LP_UNKNOWN_STATUS"` for
/// a value that is not a status. Never NULL.
#[no_mangle]
pub extern "C" fn lp_status_str(status: u32) -> *const c_char {
    LpStatus::ALL.iter().find(|s| **s as u32 == status).map_or(c"LP_UNKNOWN_STATUS", |s| s.name()).as_ptr()
}

/// Copies the message of the last call on this thread into `buf` with a NUL; `*written` receives the size
/// needed including the NUL.
///
/// The rule (as rustls-ffi's): every call that returns an `LpStatus` replaces the message as it begins,
/// so the message always speaks of the call just made: empty after `LP_OK` and `LP_IN_PROGRESS`, a
/// sentence after every other status, the outcomes included (`LP_ALREADY_SOLVED`, `LP_UNSOLVABLE`,
/// `LP_OUT_OF_NODES`, `LP_NOT_FOUND`). Read it right after the call it explains. This call itself never
/// replaces the message, so it can be retried with a larger buffer.
///
/// # Safety
/// `buf` must be NULL or point to `cap` writable bytes; `written` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_last_error(buf: *mut c_char, cap: usize, written: *mut usize) -> LpStatus {
    let copy = || {
        LAST_ERROR.with(|e| {
            // SAFETY: forwarded caller guarantees.
            unsafe { write_text(&e.borrow(), buf, cap, written) }
        })
    };
    match catch_unwind(AssertUnwindSafe(copy)) {
        Ok(Ok(status)) => status,
        Ok(Err(failure)) => failure.status,
        Err(_) => LpStatus::LP_ERR_PANIC,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message() -> String {
        let mut buf = [0 as c_char; 256];
        let mut written = 0;
        // SAFETY: a valid buffer and out-parameter.
        assert_eq!(unsafe { lp_last_error(buf.as_mut_ptr(), buf.len(), &mut written) }, LpStatus::LP_OK);
        // SAFETY: lp_last_error wrote a NUL-terminated string.
        unsafe { CStr::from_ptr(buf.as_ptr()) }.to_string_lossy().into_owned()
    }

    #[test]
    fn a_panic_becomes_a_status_and_a_message() {
        let status = guard(|| panic!("boom"));
        assert_eq!(status, LpStatus::LP_ERR_PANIC);
        assert_eq!(message(), "internal error (please report): boom");
        let status = guard(|| Err(Failure::invalid("bad width")));
        assert_eq!(status, LpStatus::LP_ERR_INVALID_ARGUMENT);
        assert_eq!(message(), "bad width");
    }

    #[test]
    fn a_long_message_is_cut_at_a_character_boundary() {
        let long: String = "é".repeat(LAST_ERROR_BYTES);
        assert_eq!(guard(|| Err(Failure::invalid(long.clone()))), LpStatus::LP_ERR_INVALID_ARGUMENT);
        let mut buf = vec![0 as c_char; 4 * LAST_ERROR_BYTES];
        let mut written = 0;
        // SAFETY: a valid buffer and out-parameter.
        assert_eq!(unsafe { lp_last_error(buf.as_mut_ptr(), buf.len(), &mut written) }, LpStatus::LP_OK);
        // SAFETY: lp_last_error wrote a NUL-terminated string.
        let kept = unsafe { CStr::from_ptr(buf.as_ptr()) }.to_string_lossy();
        assert_eq!(kept, "é".repeat(LAST_ERROR_BYTES / 2));
        assert_eq!(status_outcome(Status::OutOfNodes, "no hint").err().map(|f| f.context), Some("no hint"));
    }

    #[test]
    fn every_status_has_a_distinct_name() {
        let names: std::collections::HashSet<_> = LpStatus::ALL.iter().map(|s| s.name()).collect();
        assert_eq!(names.len(), LpStatus::ALL.len());
        for s in LpStatus::ALL {
            // SAFETY: lp_status_str returns a static NUL-terminated string.
            assert_eq!(unsafe { CStr::from_ptr(lp_status_str(s as u32)) }, s.name());
        }
    }
}
