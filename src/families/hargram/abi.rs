//! The C creator of Hargram puzzles.

use super::{Hargram, MAX_CELLS, MAX_PIECES, MAX_SIDE};
use crate::ffi::glue::{guard, in_range, slice, Failure, Out};
use crate::ffi::{LpPuzzle, LpStatus};

/// A piece for `lp_hargram_create`: a `width`×`height` drawing, row-major, one byte a cell (non-zero
/// for a cell of the piece).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct LpHargramPiece {
    /// Drawing width.
    pub width: u32,
    /// Drawing height.
    pub height: u32,
    /// `width · height` bytes.
    pub cells: *const u8,
    /// Non-zero to forbid mirror images of the piece (rotations are always allowed).
    pub no_mirror: u32,
}

/// Creates a Hargram puzzle: a `width`×`height` board (at most 256 cells) whose `blocked` bytes
/// (row-major, non-zero blocked; NULL for none) are not to be covered, and `count` pieces (1..64). The
/// pieces' cells must add up to the open cells; each piece must be connected.
///
/// # Safety
/// `blocked` must be NULL or point to `width · height` bytes; `pieces` must point to `count` pieces whose
/// `cells` point to `width · height` bytes each; `out` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_hargram_create(
    width: u32,
    height: u32,
    blocked: *const u8,
    pieces: *const LpHargramPiece,
    count: usize,
    out: *mut *mut LpPuzzle,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let out = unsafe { Out::new(out, "out") }?;
        let sides = 1..=MAX_SIDE as u32;
        let (w, h) = (in_range(width, sides.clone(), "width")?, in_range(height, sides.clone(), "height")?);
        let cells = in_range((w * h) as usize, 1..=MAX_CELLS, "the board's cell count")?;
        in_range(count, 1..=MAX_PIECES, "count")?;
        // SAFETY: forwarded caller guarantees; `cells` is the board's checked size.
        let blocked = (!blocked.is_null()).then(|| unsafe { slice(blocked, cells, "blocked") }).transpose()?;
        // SAFETY: forwarded caller guarantees; `count` is within the family's limit.
        let pieces = unsafe { slice(pieces, count, "pieces") }?;
        let mut drawings = Vec::with_capacity(count);
        for (i, piece) in pieces.iter().enumerate() {
            let side = |n: u32, what: &str| in_range(n, sides.clone(), &format!("piece {i}: drawing {what}"));
            let (pw, ph) = (side(piece.width, "width")? as usize, side(piece.height, "height")? as usize);
            // SAFETY: forwarded caller guarantees; the drawing's sides are checked.
            let cells = unsafe { slice(piece.cells, pw * ph, "piece cells") }?;
            drawings.push((pw, ph, cells, piece.no_mirror != 0));
        }
        let puzzle = Hargram::from_drawings(w as u8, h as u8, blocked, &drawings).map_err(Failure::invalid)?;
        Ok(LpPuzzle::hand_out(puzzle, out))
    })
}
