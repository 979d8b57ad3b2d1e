//! The C creator of sliding-tile puzzles.

use super::{Tiles, MAX_SIDE, MIN_SIDE};
use crate::ffi::glue::{guard, in_range, slice, Failure, Out};
use crate::ffi::{LpPuzzle, LpStatus};

/// Creates a `width`×`height` sliding-tile puzzle (sides 2..5) from `start` (row-major, 0 = blank,
/// `width·height` bytes) to `goal` (the same, or NULL with `goal_len` 0 for `1, 2, …, blank`).
///
/// # Safety
/// `start` must point to `start_len` bytes; `goal` must be NULL or point to `goal_len` bytes; `out` must be
/// NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_tiles_create(
    width: u32,
    height: u32,
    start: *const u8,
    start_len: usize,
    goal: *const u8,
    goal_len: usize,
    out: *mut *mut LpPuzzle,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let out = unsafe { Out::new(out, "out") }?;
        let sides = MIN_SIDE as u32..=MAX_SIDE as u32;
        let (w, h) = (in_range(width, sides.clone(), "width")?, in_range(height, sides, "height")?);
        let cells = (w * h) as usize;
        for (what, len) in [("start", start_len), ("goal", goal_len)] {
            if len != cells && !(what == "goal" && len == 0) {
                return Err(Failure::invalid(format!("{what} has {len} cells, expected {cells}")));
            }
        }
        // SAFETY: forwarded caller guarantees; the lengths are those of the board.
        let start = unsafe { slice(start, start_len, "start") }?;
        // SAFETY: as above.
        let goal = unsafe { slice(goal, goal_len, "goal") }?;
        let tiles = Tiles::new(w as u8, h as u8, start, (!goal.is_empty()).then_some(goal))
            .map_err(|e| Failure::invalid(e.to_string()))?;
        Ok(LpPuzzle::hand_out(tiles, out))
    })
}
