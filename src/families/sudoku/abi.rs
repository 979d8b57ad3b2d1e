//! The C creator of Sudoku puzzles.

use super::{Grid, Sudoku};
use crate::ffi::glue::{grid_cells, guard, Failure, Out};
use crate::ffi::{LpPuzzle, LpStatus};
use alloc::format;

/// Creates a Sudoku puzzle of side `side` (4, 6, 9 or 16: boxes 2×2, 3×2, 3×3, 4×4) from its givens,
/// `cells_len` (= `side * side`) values row by row: `0` empty, `1`..`side` a given. Moves are
/// `LpMove { piece: the cell (row by row), from: the cell or -1, to: the cell or -1, arg: the digit to
/// write (1..side), 0 to erase the player's digit, minus a digit to put that pencil mark on or take it
/// off }`; a digit its row, column or box already holds is refused. `lp_puzzle_cells` gives a given's
/// digit, `100 + d` for a digit `d` the player wrote, and for an empty cell 0 or minus its pencil marks
/// (bit `d - 1` for mark `d`).
///
/// # Safety
/// `cells` must be NULL or point to `cells_len` values; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_sudoku_create(
    side: u32,
    cells: *const i32,
    cells_len: usize,
    out: *mut *mut LpPuzzle,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let out = unsafe { Out::new(out, "out") }?;
        if ![4, 6, 9, 16].contains(&side) {
            return Err(Failure::invalid(format!("a sudoku's side is 4, 6, 9 or 16, not {side}")));
        }
        // SAFETY: forwarded caller guarantee.
        let (n, _, cells) = unsafe { grid_cells(side, side, 4..=16, cells, cells_len) }?;
        let mut givens = Grid::empty(n).ok_or_else(|| Failure::invalid(format!("no {n}x{n} sudoku")))?;
        for (i, &c) in cells.iter().enumerate() {
            givens.cells[i] = u8::try_from(c).ok().filter(|&d| d as usize <= n).ok_or_else(|| {
                Failure::invalid(format!(
                    "cell {i} (row {}, column {}) holds {c}: expected 0 (empty) or a digit 1..{n}",
                    i / n + 1,
                    i % n + 1
                ))
            })?;
        }
        if let Some((house, d)) = givens.repeated() {
            let house = givens.geometry().house_name(house);
            return Err(Failure::invalid(format!("{house} gives the digit {d} twice")));
        }
        Ok(LpPuzzle::hand_out(Sudoku::new(givens), out))
    })
}
