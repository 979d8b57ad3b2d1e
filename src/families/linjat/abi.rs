//! The C creator of Linjat puzzles.

use super::{Cell, Linjat, MAX_SIDE};
use crate::ffi::glue::{grid_cells, guard, Failure, Out};
use crate::ffi::{LpPuzzle, LpStatus};
use alloc::format;
use alloc::vec::Vec;

/// Creates a Linjat puzzle on a `width`×`height` grid (1..16 a side) from a row-major grid of
/// `cells_len` (= `width * height`) cells: `0` empty, `-1` a dot, `1`..`9` a number (at most 64 numbers).
/// Moves are `LpMove { piece: the number's index in reading order, from: the segment's first cell, to:
/// its last cell (row-major, top or left end first), arg: its orientation }`; erasing a segment is
/// `from = to = -1`. `lp_puzzle_cells` gives each number's value, 0 or -1 for empty and dot cells no
/// segment covers, `10 + p` / `100 + p` for empty / dot cells number `p`'s segment covers.
///
/// # Safety
/// `cells` must be NULL or point to `cells_len` values; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_linjat_create(
    width: u32,
    height: u32,
    cells: *const i32,
    cells_len: usize,
    out: *mut *mut LpPuzzle,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let out = unsafe { Out::new(out, "out") }?;
        // SAFETY: forwarded caller guarantee.
        let (w, h, cells) = unsafe { grid_cells(width, height, 1..=MAX_SIDE, cells, cells_len) }?;
        let grid = cells
            .iter()
            .enumerate()
            .map(|(i, &c)| match c {
                0 => Ok(Cell::Empty),
                -1 => Ok(Cell::Dot),
                1..=9 => Ok(Cell::Number(c as u8)),
                other => Err(Failure::invalid(format!(
                    "cell {i} (row {}, column {}) holds {other}: expected 0 (empty), -1 (dot) or a number 1..9",
                    i / w + 1,
                    i % w + 1
                ))),
            })
            .collect::<Result<Vec<Cell>, Failure>>()?;
        let puzzle = Linjat::new(w, h, &grid).map_err(Failure::invalid)?;
        Ok(LpPuzzle::hand_out(puzzle, out))
    })
}
