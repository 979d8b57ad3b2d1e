//! The C creator of jugs puzzles.

use super::{Jugs, MAX_JUGS, MIN_JUGS};
use crate::ffi::glue::{guard, in_range, slice, Failure, Out};
use crate::ffi::{LpPuzzle, LpStatus};

/// Creates a water-jugs puzzle with `count` jugs (2..8): capacities (1..255), start amounts, goal amounts
/// (`-1` for "any amount"), and whether the tap and sink may be used.
///
/// # Safety
/// `capacities`, `start` and `goal` must each be NULL or point to `count` elements; `out` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn lp_jugs_create(
    capacities: *const u8,
    start: *const u8,
    goal: *const i32,
    count: usize,
    tap: bool,
    out: *mut *mut LpPuzzle,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let out = unsafe { Out::new(out, "out") }?;
        in_range(count, MIN_JUGS..=MAX_JUGS, "count")?;
        // SAFETY: forwarded caller guarantees; `count` is within the family's limit.
        let (capacities, start, goal) = unsafe {
            (slice(capacities, count, "capacities")?, slice(start, count, "start")?, slice(goal, count, "goal")?)
        };
        let jugs = Jugs::from_codes(capacities, start, goal, tap).map_err(Failure::invalid)?;
        Ok(LpPuzzle::hand_out(jugs, out))
    })
}
