//! The C creator of flip-panels puzzles.

use super::{Flip, MAX_SIDE};
use crate::ffi::glue::{grid_sides, guard, slice, Failure, Out};
use crate::ffi::{LpPuzzle, LpStatus};

/// Creates a `width`×`height` flip-panels puzzle (sides 1..32): `start` and `target` hold one byte per
/// cell, row-major, non-zero for dark; `target` may be NULL for all light. `cells` must be `width·height`.
///
/// # Safety
/// `start` must be NULL or point to `cells` bytes; `target` NULL or `cells` bytes; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_flip_create(
    width: u32,
    height: u32,
    start: *const u8,
    target: *const u8,
    cells: usize,
    out: *mut *mut LpPuzzle,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let out = unsafe { Out::new(out, "out") }?;
        let (w, h) = grid_sides(width, height, cells, MAX_SIDE as u32, "cells")?;
        // SAFETY: forwarded caller guarantees; `cells` is the board's size.
        let start = unsafe { slice(start, cells, "start") }?;
        // SAFETY: as above.
        let target = (!target.is_null()).then(|| unsafe { slice(target, cells, "target") }).transpose()?;
        let flip = Flip::from_bytes(w as u8, h as u8, start, target).map_err(Failure::invalid)?;
        Ok(LpPuzzle::hand_out(flip, out))
    })
}
