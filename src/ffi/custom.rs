//! A game's own puzzle through callbacks ([`crate::custom`]): the C ABI's creator. The puzzle it makes is
//! an ordinary `LpPuzzle`: hints, moves, solvers of every algorithm and their statistics work on it.

use super::glue::{guard, hand_out, slice, text, Failure, LpStatus, Out};
use super::puzzle::LpPuzzle;
use crate::custom::{self, LpCustomVtable};
use core::ffi::c_void;
use core::ptr;

/// A custom puzzle from the game's `vtable` (copied: the caller may free it) and context `user` (handed
/// back to every callback; it must outlive the puzzle and its solvers), starting at the state `start`
/// (`vtable->state_size` bytes). `LP_ERR_VERSION` when the vtable was built against another
/// `LP_ABI_VERSION`; `LP_ERR_INVALID_ARGUMENT` for sizes out of range, a missing required callback or a
/// start of the wrong length. Calls no callback. `lp_puzzle_family` says 0 for a custom puzzle; its
/// description is `custom:` and the state in hexadecimal (not parseable: a custom puzzle needs its
/// callbacks).
///
/// # Safety
/// `vtable` must be NULL or point to an `LpCustomVtable` whose callbacks keep the contract documented
/// there; `start` NULL or `len` readable bytes; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_custom_create(
    vtable: *const LpCustomVtable,
    user: *mut c_void,
    start: *const u8,
    len: usize,
    out: *mut *mut LpPuzzle,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let out = unsafe { Out::new(out, "out") }?;
        if vtable.is_null() {
            return Err(Failure::new(LpStatus::LP_ERR_NULL_ARGUMENT, "vtable is NULL"));
        }
        // SAFETY: non-NULL, and the caller guarantees it points to a vtable.
        let vtable = unsafe { &*vtable };
        if vtable.abi_version != super::LP_ABI_VERSION {
            return Err(Failure::new(
                LpStatus::LP_ERR_VERSION,
                format!("the vtable says ABI {}; this library is ABI {}", vtable.abi_version, super::LP_ABI_VERSION),
            ));
        }
        if len > custom::MAX_STATE_BYTES {
            return Err(Failure::invalid(format!(
                "len is {len}: a state has at most {} bytes",
                custom::MAX_STATE_BYTES
            )));
        }
        // SAFETY: forwarded caller guarantee (`len` checked against its limit first).
        let start = unsafe { slice(start, len, "start") }?;
        let session = custom::session(vtable, user, start).map_err(Failure::invalid)?;
        Ok(hand_out(LpPuzzle::of(session), out))
    })
}

/// Hands `count` successors to the engine's `emit` in one call, for bindings whose every call into native
/// code costs more than the work (C#, JavaScript): moves at `moves`, states at `states` (`state_size`
/// bytes each: the puzzle's, anything else is refused before a state is read), costs at `costs`. Returns
/// the first refusal's code (the rest are not passed on), or 0. Call it from the successors callback with
/// the `emit` and `sink` it was given.
///
/// # Safety
/// `emit` and `sink` as the engine passed them to the successors callback; `moves`, `states` and `costs`
/// hold `count` entries (NULL only when `count` is 0).
#[no_mangle]
pub unsafe extern "C" fn lp_custom_emit_all(
    emit: custom::LpEmit,
    sink: *mut c_void,
    count: usize,
    moves: *const crate::family::MoveCode,
    states: *const u8,
    state_size: usize,
    costs: *const u32,
) -> i32 {
    // SAFETY: forwarded caller guarantees; no scores (lp_custom_emit_scored keeps panics from the game).
    unsafe { lp_custom_emit_scored(emit, sink, count, moves, states, state_size, costs, ptr::null(), ptr::null()) }
}

/// `lp_custom_emit_all` with what the game knows of each successor, so that the engine need not call back
/// for it: `estimates` (NULL for none) holds each successor's estimate and `goals` (NULL for none) whether
/// it is solved, as the `estimate` and `is_goal` callbacks would answer. The engine keeps the last few
/// dozen and calls `estimate` or `is_goal` only for states it no longer keeps: a search then calls into
/// the game about once per state expanded instead of three or more times, which pays where each call
/// costs more than the game's work for a state (C# under Mono: the C# layer does it). An `estimate`
/// callback is still needed for the engine to use estimates at all (without one the estimate is 0).
///
/// # Safety
/// As `lp_custom_emit_all`; `estimates` and `goals` NULL or holding `count` entries.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn lp_custom_emit_scored(
    emit: custom::LpEmit,
    sink: *mut c_void,
    count: usize,
    moves: *const crate::family::MoveCode,
    states: *const u8,
    state_size: usize,
    costs: *const u32,
    estimates: *const u32,
    goals: *const bool,
) -> i32 {
    // A panic must not unwind into the game's successors callback: it is a refusal like any other.
    std::panic::catch_unwind(|| {
        // SAFETY: forwarded caller guarantees.
        unsafe { custom::emit_scored(emit, sink, count, moves, states, state_size, costs, estimates, goals) }
    })
    .unwrap_or(i32::MAX)
}

/// Says, from inside a callback about to return a nonzero code, what went wrong in the game's own words
/// (an exception's type and message; UTF-8, NUL-terminated, at most 1,024 bytes kept): `lp_last_error`
/// then gives the engine's sentence followed by them ("the is_goal callback failed with code -1:
/// InvalidOperationException: level data missing"). Call it last, just before returning; words no
/// failure used are dropped when the next call into the engine begins. `LP_ERR_NULL_ARGUMENT` for NULL,
/// `LP_ERR_INVALID_ARGUMENT` for text that is not UTF-8.
///
/// # Safety
/// `message` must be NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn lp_custom_error(message: *const core::ffi::c_char) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let words = unsafe { text(message, "message") }?;
        let mut end = words.len().min(1024);
        while !words.is_char_boundary(end) {
            end -= 1;
        }
        custom::report_error(&words[..end]);
        Ok(LpStatus::LP_OK)
    })
}
