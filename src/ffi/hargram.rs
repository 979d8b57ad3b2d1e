//! Hargram: puzzles from cells, and the stepped genetic algorithm.

use super::glue::{deref, deref_mut, free_handle, guard, in_range, out_param, slice, write_items, Failure, LpStatus};
use super::puzzle::{hand_out, LpPuzzle};
use crate::families::hargram::{self, Hargram, Shape};
use crate::family::MoveCode;
use crate::ga::{GaParams, GaStatus};
use crate::session::{GaRun, Session};

/// A piece for [`lp_hargram_create`]: a `width`×`height` drawing, row-major, one byte a cell (non-zero
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
/// (row-major, non-zero blocked; NULL for none) are not to be covered, and `count` pieces. The pieces'
/// cells must add up to the open cells; each piece must be connected.
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
        let out = out_param(out, "out")?;
        let sides = 1..=hargram::MAX_SIDE as u32;
        let (w, h) = (in_range(width, sides.clone(), "width")?, in_range(height, sides.clone(), "height")?);
        let cells = in_range((w * h) as usize, 1..=hargram::MAX_CELLS, "the board's cell count")?;
        in_range(count, 1..=hargram::MAX_PIECES, "count")?;
        let blocked: Vec<bool> = if blocked.is_null() {
            vec![false; cells]
        } else {
            // SAFETY: forwarded caller guarantees; `cells` is the board's checked size.
            unsafe { slice(blocked, cells, "blocked") }?.iter().map(|&b| b != 0).collect()
        };
        // SAFETY: forwarded caller guarantees; `count` is within the family's limit.
        let pieces = unsafe { slice(pieces, count, "pieces") }?;
        let mut shapes = Vec::with_capacity(count);
        for (i, piece) in pieces.iter().enumerate() {
            let side = |n: u32, what: &str| in_range(n, sides.clone(), &format!("piece {i}: drawing {what}"));
            let area = side(piece.width, "width")? as usize * side(piece.height, "height")? as usize;
            // SAFETY: forwarded caller guarantees; the drawing's sides are checked.
            let drawing = unsafe { slice(piece.cells, area, "piece cells") }?;
            let cells: Vec<(u8, u8)> = (0..area)
                .filter(|&c| drawing[c] != 0)
                .map(|c| ((c % piece.width as usize) as u8, (c / piece.width as usize) as u8))
                .collect();
            let shape = Shape::new(&cells).map_err(|e| Failure::invalid(format!("piece {i}: {e}")))?;
            shapes.push((shape, piece.no_mirror == 0));
        }
        let puzzle = Hargram::new(w as u8, h as u8, &blocked, &shapes).map_err(Failure::invalid)?;
        Ok(hand_out(Box::new(Session::new(puzzle)), out))
    })
}

/// A genetic-algorithm run. Opaque.
pub struct LpGa {
    run: GaRun,
}

/// Parameters of [`lp_ga_create`] (NULL there for the defaults: 1500, 50, 3, 0.9, 0.15).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LpGaParams {
    /// Individuals in a generation (at least 2).
    pub population: u32,
    /// Generations before the run gives up.
    pub generations: u32,
    /// Individuals drawn for each tournament.
    pub tournament: u32,
    /// Probability that a child is a crossover of two parents.
    pub crossover: f32,
    /// Probability that a blamed gene (a piece left off) is re-drawn.
    pub mutation: f32,
}

/// Progress of a GA run.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LpGaReport {
    /// Generation being evaluated (from 0).
    pub generation: u32,
    /// Best fitness so far: cells covered.
    pub best_fitness: u32,
    /// The fitness of a full cover: the open cells.
    pub perfect: u32,
    /// 1 once a full cover was found.
    pub found: u32,
    /// Evaluations so far.
    pub evaluations: u64,
}

/// Starts a genetic-algorithm run on a Hargram puzzle's current position (pieces already placed stay),
/// with `params` (NULL for the defaults); the same seed gives the same run.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `params` NULL or readable; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_ga_create(
    puzzle: *const LpPuzzle,
    params: *const LpGaParams,
    seed: u64,
    out: *mut *mut LpGa,
) -> LpStatus {
    guard(|| {
        let out = out_param(out, "out")?;
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { deref(puzzle, "puzzle") }?;
        let params = if params.is_null() {
            GaParams::default()
        } else {
            // SAFETY: checked non-NULL; readable by contract.
            let p = unsafe { deref(params, "params") }?;
            GaParams {
                population: p.population,
                generations: p.generations,
                tournament: p.tournament,
                crossover: p.crossover,
                mutation: p.mutation,
            }
        };
        let run = GaRun::new(puzzle.session.as_ref(), params, seed).map_err(Failure::invalid)?;
        // SAFETY: checked non-NULL, writable by contract.
        unsafe { *out = Box::into_raw(Box::new(LpGa { run })) };
        Ok(LpStatus::LP_OK)
    })
}

/// Runs at most `budget` fitness evaluations and writes the progress to `*report`: `LP_IN_PROGRESS`
/// until done, `LP_OK` when a full cover was found, `LP_NOT_FOUND` when every generation ran without one.
/// Allocates nothing.
///
/// # Safety
/// `ga` must be NULL or a live handle; `report` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_ga_step(ga: *mut LpGa, budget: u32, report: *mut LpGaReport) -> LpStatus {
    guard(|| {
        let report = out_param(report, "report")?;
        // SAFETY: forwarded caller guarantees.
        let ga = unsafe { deref_mut(ga, "ga") }?;
        let r = ga.run.step(budget);
        let value = LpGaReport {
            generation: r.generation,
            best_fitness: r.best_fitness,
            perfect: r.perfect,
            found: (r.status == GaStatus::Found) as u32,
            evaluations: r.evaluations,
        };
        // SAFETY: checked non-NULL, writable by contract.
        unsafe { *report = value };
        Ok(match r.status {
            GaStatus::InProgress => LpStatus::LP_IN_PROGRESS,
            GaStatus::Found => LpStatus::LP_OK,
            GaStatus::Exhausted => LpStatus::LP_NOT_FOUND,
        })
    })
}

/// The best individual so far as placements (`LP_FAMILY_HARGRAM` moves) from the run's starting
/// position; they can be played on the puzzle with `lp_puzzle_apply`.
///
/// # Safety
/// `ga` must be NULL or a live handle; `buf` NULL or `cap` writable moves; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_ga_best(ga: *mut LpGa, buf: *mut MoveCode, cap: usize, written: *mut usize) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let ga = unsafe { deref_mut(ga, "ga") }?;
        // SAFETY: forwarded caller guarantees.
        unsafe { write_items(ga.run.best_moves(), buf, cap, written) }
    })
}

/// Releases a GA run. NULL is ignored.
///
/// # Safety
/// `ga` must be NULL or a handle from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn lp_ga_free(ga: *mut LpGa) {
    // SAFETY: forwarded caller guarantee.
    unsafe { free_handle(ga) }
}
