//! The C creator of Sokoban levels.

use super::level::{Level, Written};
use super::{Sokoban, MAX_SIDE};
use crate::ffi::glue::{grid_sides, guard, slice, Failure, Out};
use crate::ffi::{LpPuzzle, LpStatus};

/// Creates a Sokoban level from a `width`×`height` grid (sides 1..64) of XSB characters, one byte per
/// square, row-major: `#` wall, `@` player, `+` player on a goal, `$` box, `*` box on a goal, `.` goal,
/// space, `-` or `_` floor. `cells` must be `width·height`. Boxes are numbered in reading order: the
/// first met row by row is piece 0 in moves and "box 1" in sentences; moves are pushes (`arg` 0) or the player's steps (`arg` 1).
///
/// # Safety
/// `grid` must be NULL or point to `cells` bytes; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_sokoban_create(
    width: u32,
    height: u32,
    grid: *const u8,
    cells: usize,
    out: *mut *mut LpPuzzle,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let out = unsafe { Out::new(out, "out") }?;
        let (w, _) = grid_sides(width, height, cells, MAX_SIDE as u32, "squares")?;
        // SAFETY: forwarded caller guarantees; `cells` is the grid's size.
        let grid = unsafe { slice(grid, cells, "grid") }?;
        let rows: Vec<String> =
            grid.chunks(w as usize).map(|row| row.iter().map(|&b| char::from(b)).collect()).collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let written = Written::from_rows(&rows)
            .map_err(|(r, c, why)| Failure::invalid(format!("row {}, column {}: {why}", r + 1, c + 1)))?;
        let level = Level::new(written).map_err(|e| {
            let place = e.cell.map(|c| format!(" (row {}, column {})", c / w as usize + 1, c % w as usize + 1));
            Failure::invalid(format!("{}{}", e.reason, place.unwrap_or_default()))
        })?;
        Ok(LpPuzzle::hand_out(Sokoban::new(level), out))
    })
}
