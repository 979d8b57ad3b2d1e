//! Puzzle handles: create, describe, draw, play, hint.

use super::glue::{
    deref, deref_mut, free_handle, guard, in_range, out_param, slice, text, write_items, write_text, Failure, LpStatus,
};
use crate::families::flip::{self, Flip};
use crate::families::jugs::{self, Jugs};
use crate::families::tiles::{self, Tiles};
use crate::family::{FamilyId, MoveCode};
use crate::hint::HintStatus;
use crate::session::{self, AnySession, Session};
use std::ffi::c_char;

/// A puzzle being played: the puzzle, the player's current position and its hinter. Opaque.
pub struct LpPuzzle {
    pub(crate) session: Box<dyn AnySession>,
}

/// Puzzle families.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LpFamily {
    /// Sliding tiles. Moves: `piece` = tile, `from` = the cell it leaves, `to` = the blank's cell
    /// (`from = to = -1` infers them). Cells: tile numbers, 0 for the blank.
    LP_FAMILY_TILES = 1,
    /// Water jugs. Moves: a pour is `from` → `to` (jugs from 0); `from = -1` fills `to` from the tap;
    /// `to = -1` empties `from` into the sink. Cells: the amount in each jug (a grid of n × 1).
    LP_FAMILY_JUGS = 2,
    /// Flip panels. Moves: `from` = the pressed cell (row-major). Cells: 1 dark, 0 light.
    LP_FAMILY_FLIP = 3,
    /// Hargram packing. Moves: `piece`; a placement has `to` = the row-major cell of the top-left corner
    /// of the placed shape's bounding box and `arg` = the orientation (0–3 quarter turns clockwise, 4–7
    /// mirrored first); `to = -1` takes the piece off. Cells: -1 blocked, 0 empty, 1 + the covering piece.
    LP_FAMILY_HARGRAM = 4,
}

impl From<FamilyId> for LpFamily {
    fn from(id: FamilyId) -> LpFamily {
        match id {
            FamilyId::Tiles => LpFamily::LP_FAMILY_TILES,
            FamilyId::Jugs => LpFamily::LP_FAMILY_JUGS,
            FamilyId::Flip => LpFamily::LP_FAMILY_FLIP,
            FamilyId::Hargram => LpFamily::LP_FAMILY_HARGRAM,
        }
    }
}

/// A hint: the move to play and how many moves remain from the current position, this one included.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LpHint {
    /// The move to play now.
    pub mv: MoveCode,
    /// Moves left to the goal, counting this one.
    pub moves_left: u32,
    /// 1 when `moves_left` is the optimal distance, 0 otherwise.
    pub optimal: u32,
}

pub(crate) fn hand_out(session: Box<dyn AnySession>, out: *mut *mut LpPuzzle) -> LpStatus {
    // SAFETY: `out` was checked non-NULL by the caller of this helper.
    unsafe { *out = Box::into_raw(Box::new(LpPuzzle { session })) };
    LpStatus::LP_OK
}

/// Parses a one-line text description (`tiles:3x3:8,6,7,2,5,4,3,0,1`) into a new puzzle at its start.
/// Bad text gives `LP_ERR_PARSE`; the message names the column and the reason.
///
/// # Safety
/// `desc` must be NULL or a NUL-terminated string; `out` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_parse(desc: *const c_char, out: *mut *mut LpPuzzle) -> LpStatus {
    guard(|| {
        let out = out_param(out, "out")?;
        // SAFETY: forwarded caller guarantee.
        let desc = unsafe { text(desc, "desc") }?;
        let session = session::parse(desc).map_err(|e| Failure::new(LpStatus::LP_ERR_PARSE, e.to_string()))?;
        Ok(hand_out(session, out))
    })
}

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
        let out = out_param(out, "out")?;
        let sides = tiles::MIN_SIDE as u32..=tiles::MAX_SIDE as u32;
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
        Ok(hand_out(Box::new(Session::new(tiles)), out))
    })
}

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
        let out = out_param(out, "out")?;
        in_range(count, jugs::MIN_JUGS..=jugs::MAX_JUGS, "count")?;
        // SAFETY: forwarded caller guarantees; `count` is within the family's limit.
        let (capacities, start, goal) = unsafe {
            (slice(capacities, count, "capacities")?, slice(start, count, "start")?, slice(goal, count, "goal")?)
        };
        let goal = goal
            .iter()
            .map(|&g| match g {
                -1 => Ok(None),
                0..=255 => Ok(Some(g as u8)),
                _ => Err(Failure::invalid(format!("goal amount {g} is out of range (0..255, or -1 for any)"))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let jugs = Jugs::new(capacities, start, &goal, tap).map_err(Failure::invalid)?;
        Ok(hand_out(Box::new(Session::new(jugs)), out))
    })
}

/// Creates a `width`×`height` flip-panels puzzle (sides 1..32): `start` and `target` hold one byte per
/// cell, row-major, non-zero for dark; `target` may be NULL for all light.
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
        let out = out_param(out, "out")?;
        let sides = 1..=flip::MAX_SIDE as u32;
        let (w, h) = (in_range(width, sides.clone(), "width")?, in_range(height, sides, "height")?);
        if cells != (w * h) as usize {
            return Err(Failure::invalid(format!("a {w}x{h} board has {} cells, not {cells}", w * h)));
        }
        // SAFETY: forwarded caller guarantees; `cells` is the board's size.
        let start = unsafe { slice(start, cells, "start") }?;
        let target = if target.is_null() {
            vec![false; cells]
        } else {
            // SAFETY: as above.
            unsafe { slice(target, cells, "target") }?.iter().map(|&c| c != 0).collect()
        };
        let start: Vec<bool> = start.iter().map(|&c| c != 0).collect();
        let flip = Flip::new(w as u8, h as u8, &start, &target).map_err(Failure::invalid)?;
        Ok(hand_out(Box::new(Session::new(flip)), out))
    })
}

/// Releases a puzzle. NULL is ignored.
///
/// # Safety
/// `puzzle` must be NULL or a handle from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_free(puzzle: *mut LpPuzzle) {
    // SAFETY: forwarded caller guarantee.
    unsafe { free_handle(puzzle) }
}

/// The text description of the puzzle from its current position (parsing it resumes the game).
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `buf` NULL or `cap` writable bytes; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_describe(
    puzzle: *const LpPuzzle,
    buf: *mut c_char,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { deref(puzzle, "puzzle") }?;
        // SAFETY: forwarded caller guarantees.
        unsafe { write_text(&puzzle.session.describe(), buf, cap, written) }
    })
}

/// The family of the puzzle.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `family` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_family(puzzle: *const LpPuzzle, family: *mut LpFamily) -> LpStatus {
    guard(|| {
        let family = out_param(family, "family")?;
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { deref(puzzle, "puzzle") }?;
        // SAFETY: checked non-NULL, writable by contract.
        unsafe { *family = puzzle.session.family().into() };
        Ok(LpStatus::LP_OK)
    })
}

/// Width and height of the grid [`lp_puzzle_cells`] fills.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `width` and `height` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_size(puzzle: *const LpPuzzle, width: *mut u32, height: *mut u32) -> LpStatus {
    guard(|| {
        let (width, height) = (out_param(width, "width")?, out_param(height, "height")?);
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { deref(puzzle, "puzzle") }?;
        let (w, h) = puzzle.session.board_size();
        // SAFETY: checked non-NULL, writable by contract.
        unsafe { (*width, *height) = (w, h) };
        Ok(LpStatus::LP_OK)
    })
}

/// Copies the current board, row-major (`width·height` values, see [`LpFamily`] for their meaning), into
/// `buf`; `*written` receives the number of cells.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `buf` NULL or `cap` writable values; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_cells(
    puzzle: *const LpPuzzle,
    buf: *mut i32,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { deref(puzzle, "puzzle") }?;
        let (w, h) = puzzle.session.board_size();
        let cells: Vec<i32> = (0..(w * h) as usize).map(|i| puzzle.session.cell(i)).collect();
        // SAFETY: forwarded caller guarantees.
        unsafe { write_items(&cells, buf, cap, written) }
    })
}

/// Plays `mv` from the current position. An illegal move gives `LP_ERR_ILLEGAL_MOVE` and changes nothing.
///
/// # Safety
/// `puzzle` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_apply(puzzle: *mut LpPuzzle, mv: MoveCode) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { deref_mut(puzzle, "puzzle") }?;
        puzzle.session.apply(&mv).map_err(|e| Failure::new(LpStatus::LP_ERR_ILLEGAL_MOVE, e))?;
        Ok(LpStatus::LP_OK)
    })
}

/// Whether the current position is solved.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `solved` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_is_solved(puzzle: *const LpPuzzle, solved: *mut bool) -> LpStatus {
    guard(|| {
        let solved = out_param(solved, "solved")?;
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { deref(puzzle, "puzzle") }?;
        // SAFETY: checked non-NULL, writable by contract.
        unsafe { *solved = puzzle.session.is_solved() };
        Ok(LpStatus::LP_OK)
    })
}

/// The next hint from the current position, expanding at most `budget` nodes in this call: call it once
/// per frame until it stops returning `LP_IN_PROGRESS`. `LP_OK` writes `*hint`; `LP_ALREADY_SOLVED`,
/// `LP_UNSOLVABLE` ("no solution from here"), `LP_OUT_OF_NODES` and `LP_NOT_FOUND` do not. While the player
/// follows the hints, answers come from the stored plan without searching; when the player deviates, a
/// new search starts from where the player is. The first call reserves the hinter's memory; later calls
/// allocate nothing.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `hint` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_next_hint(puzzle: *mut LpPuzzle, budget: u32, hint: *mut LpHint) -> LpStatus {
    guard(|| {
        let hint = out_param(hint, "hint")?;
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { deref_mut(puzzle, "puzzle") }?;
        match puzzle.session.next_hint(budget) {
            HintStatus::Ready(h) => {
                // SAFETY: checked non-NULL, writable by contract.
                unsafe { *hint = LpHint { mv: h.mv, moves_left: h.moves_left, optimal: h.optimal as u32 } };
                Ok(LpStatus::LP_OK)
            }
            HintStatus::InProgress => Ok(LpStatus::LP_IN_PROGRESS),
            HintStatus::AlreadySolved => Ok(LpStatus::LP_ALREADY_SOLVED),
            HintStatus::Unsolvable => {
                Err(Failure::new(LpStatus::LP_UNSOLVABLE, "no solution can be reached from this position"))
            }
            HintStatus::OutOfNodes => {
                Err(Failure::new(LpStatus::LP_OUT_OF_NODES, "the hint search reached its node cap"))
            }
            HintStatus::NotFound => Err(Failure::new(LpStatus::LP_NOT_FOUND, "the hint algorithm gave up")),
            HintStatus::OutOfMemory => {
                Err(Failure::new(LpStatus::LP_ERR_OUT_OF_MEMORY, "the hinter's memory could not be reserved"))
            }
        }
    })
}

/// Lets the hint searches of `puzzle` expand at most `limit` nodes each (over all the frames one takes)
/// before [`lp_next_hint`] reports `LP_OUT_OF_NODES`: the bound on a hint's total work, for puzzles whose
/// search may be long (large Hargram boards). The default is no limit; a search in progress starts again.
///
/// # Safety
/// `puzzle` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_set_node_limit(puzzle: *mut LpPuzzle, limit: u64) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { deref_mut(puzzle, "puzzle") }?;
        if limit == 0 {
            return Err(Failure::invalid("limit must be at least 1"));
        }
        puzzle.session.set_node_limit(limit);
        Ok(LpStatus::LP_OK)
    })
}
