//! The C creator of sliding-blocks puzzles.

use super::text::block_specs;
use super::{block_id, Axis, Blocks, Count, Terrain, BLOCK_NAMES, MAX_SIDE};
use crate::ffi::glue::{grid_cells, guard, in_range, slice, Failure, Out};
use crate::ffi::{LpPuzzle, LpStatus};
use alloc::collections::BTreeMap;
use alloc::format;

/// A goal of [`lp_blocks_create`]: block `block` is solved when the top-left corner of its bounding box
/// stands at (`row`, `col`), counted from 0.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct LpBlocksGoal {
    /// The block's id in the cell grid (1 or more).
    pub block: i32,
    /// Target row of its bounding box's top-left corner.
    pub row: u32,
    /// Target column.
    pub col: u32,
}

/// Creates a sliding-blocks puzzle on a `width`×`height` board (1..16 a side) from a row-major grid of
/// `cells_len` (= `width * height`) cells: `0` empty, `-1` wall, `-2` a cell only goal blocks may enter, `k` (1..62) a
/// cell of block `k` (the cells of one id must be connected); `goals` name the goal blocks and their
/// targets; `count` is 0 for step (one cell a move), 1 for line (one straight slide), 2 for free (any
/// path). Moves of the puzzle are `LpMove { piece: k - 1, from: anchor, to: anchor }` for block `k`,
/// anchors being the row-major cell of a block's bounding box's top-left corner; `lp_puzzle_cells`
/// gives `k` on the cells of block `k`, for the whole game (identical blocks are not renumbered).
///
/// # Safety
/// `cells` must be NULL or point to `cells_len` values, `goals` NULL or `goals_len` goals; `out`
/// NULL or writable.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn lp_blocks_create(
    width: u32,
    height: u32,
    cells: *const i32,
    cells_len: usize,
    goals: *const LpBlocksGoal,
    goals_len: usize,
    count: u32,
    out: *mut *mut LpPuzzle,
) -> LpStatus {
    // SAFETY: forwarded caller guarantees; no axes.
    unsafe {
        lp_blocks_create_locked(width, height, cells, cells_len, goals, goals_len, core::ptr::null(), 0, count, out)
    }
}

/// [`lp_blocks_create`] with blocks locked to an axis, as Rush Hour's cars and trucks: `axes[k - 1]` is
/// the rule of block `k` — `0` free, `1` left and right only, `2` up and down only, `3` along its long
/// axis (a bar of one row or one column; Rush Hour's rule) — for the first `axes_len` ids (the others are
/// free; NULL with 0 for none). Under the free count a locked block slides any distance along its axis.
///
/// # Safety
/// As for [`lp_blocks_create`]; `axes` NULL or `axes_len` readable bytes.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn lp_blocks_create_locked(
    width: u32,
    height: u32,
    cells: *const i32,
    cells_len: usize,
    goals: *const LpBlocksGoal,
    goals_len: usize,
    axes: *const u8,
    axes_len: usize,
    count: u32,
    out: *mut *mut LpPuzzle,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let out = unsafe { Out::new(out, "out") }?;
        // SAFETY: forwarded caller guarantee.
        let (w, h, cells) = unsafe { grid_cells(width, height, 1..=MAX_SIDE, cells, cells_len) }?;
        in_range(goals_len, 1..=super::MAX_BLOCKS, "goals_len")?;
        let count = *Count::ALL
            .get(count as usize)
            .ok_or_else(|| Failure::invalid("count must be 0 (step), 1 (line) or 2 (free)"))?;
        // SAFETY: forwarded caller guarantee; the length is within the family's limit.
        let goals = unsafe { slice(goals, goals_len, "goals") }?;
        let name = |id: i32| BLOCK_NAMES.chars().nth(id as usize - 1);
        let mut names = alloc::vec![None; w * h];
        let mut terrain = alloc::vec![Terrain::Open; w * h];
        for (i, &c) in cells.iter().enumerate() {
            match c {
                0 => {}
                -1 => terrain[i] = Terrain::Wall,
                -2 => terrain[i] = Terrain::BallOnly,
                1..=62 => names[i] = name(c),
                other => {
                    return Err(Failure::invalid(format!(
                        "cell {i} holds {other}: expected 0, -1, -2 or a block id 1..62"
                    )))
                }
            }
        }
        let mut targets = BTreeMap::new();
        for goal in goals {
            let Some(c) = (1..=62)
                .contains(&goal.block)
                .then(|| name(goal.block))
                .flatten()
                .filter(|c| names.contains(&Some(*c)))
            else {
                return Err(Failure::invalid(format!("goal block {} is not on the board", goal.block)));
            };
            if goal.row as usize >= h || goal.col as usize >= w {
                return Err(Failure::invalid(format!("the goal of block {} is off the board", goal.block)));
            }
            if targets.insert(c, goal.row as usize * w + goal.col as usize).is_some() {
                return Err(Failure::invalid(format!("block {} has two goals", goal.block)));
            }
        }
        in_range(axes_len, 0..=62, "axes_len")?;
        // SAFETY: forwarded caller guarantee; the length is within the ids there are.
        let axes = unsafe { slice(axes, axes_len, "axes") }?;
        let mut blocks = block_specs(&names, w, &targets).map_err(|(_, reason)| Failure::invalid(reason))?;
        for block in &mut blocks {
            let id = block_id(block.name).map_or(usize::MAX, |i| i as usize);
            let (rows, cols) = block.shape.size();
            block.axis = match axes.get(id).copied().unwrap_or(0) {
                0 => Axis::Free,
                1 => Axis::Horizontal,
                2 => Axis::Vertical,
                3 if rows == 1 && cols > 1 => Axis::Horizontal,
                3 if cols == 1 && rows > 1 => Axis::Vertical,
                3 => {
                    return Err(Failure::invalid(format!(
                        "block {} is {rows}x{cols}: only a bar of one row or column has a long axis",
                        id + 1
                    )))
                }
                other => {
                    return Err(Failure::invalid(format!(
                        "axes[{id}] is {other}: 0 free, 1 horizontal, 2 vertical, 3 along its long axis"
                    )))
                }
            };
        }
        let puzzle = Blocks::new(w, h, terrain, blocks, count).map_err(Failure::invalid)?;
        Ok(LpPuzzle::hand_out(puzzle, out))
    })
}
