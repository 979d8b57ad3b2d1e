//! A rule solver's deduction, layer by layer, for families that deduce like a player (Linjat): what the
//! studio's "rules" view steps through.

use super::glue::{guard, handle, write_items, Failure, LpStatus, Out};
use super::puzzle::LpPuzzle;
use crate::family::Deduction;
use crate::registry;

/// One step of a deduction: the rule that won it (a reason code of the family, see `lp_family_reason`),
/// its width (how much it deduced) and how many cells it fixed.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LpDeductionStep {
    /// The rule, as the family's hint reason code.
    pub reason: u32,
    /// The step's count (cells or numbers, as the rule counts).
    pub width: u32,
    /// The cells the step fixed, the next ones of [`lp_puzzle_deduction_cells`].
    pub cell_count: u32,
}

/// The deduction from the puzzle's current position, or why there is none.
fn deduction(puzzle: &LpPuzzle) -> Result<Deduction, Failure> {
    let family = puzzle.session.family();
    puzzle.session.deduce().ok_or_else(|| Failure::invalid(format!("{family} has no rule solver")))
}

/// The rule solver's deduction from the current position, step by step, into `steps` (`*written` receives
/// their number) and whether the rules solve the position (`*solved`). The cells of the steps, in order,
/// come from [`lp_puzzle_deduction_cells`]. `LP_ERR_INVALID_ARGUMENT` for a family without a rule solver.
/// Runs the whole deduction in this call (milliseconds at most) and allocates.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `steps` NULL or `cap` writable steps; `written` and `solved`
/// NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_deduction(
    puzzle: *const LpPuzzle,
    steps: *mut LpDeductionStep,
    cap: usize,
    written: *mut usize,
    solved: *mut bool,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (solved, puzzle) = unsafe { (Out::new(solved, "solved")?, handle(puzzle)?) };
        let deduction = deduction(puzzle)?;
        let reasons = registry::named(puzzle.session.family()).map_err(Failure::invalid)?.reasons;
        let code = |rule: &str| reasons.iter().find(|r| r.name == rule).map_or(0, |r| r.code);
        let list: Vec<LpDeductionStep> = deduction
            .steps
            .iter()
            .map(|(rule, width, cells)| LpDeductionStep {
                reason: code(rule),
                width: *width,
                cell_count: cells.len() as u32,
            })
            .collect();
        // SAFETY: forwarded caller guarantees.
        let status = unsafe { write_items(&list, steps, cap, written) }?;
        solved.write(deduction.solved);
        Ok(status)
    })
}

/// The cells every step of [`lp_puzzle_deduction`] fixed, step after step (row-major indices).
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `buf` NULL or `cap` writable values; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_deduction_cells(
    puzzle: *const LpPuzzle,
    buf: *mut u16,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let puzzle = unsafe { handle(puzzle) }?;
        let cells: Vec<u16> = deduction(puzzle)?.steps.into_iter().flat_map(|(_, _, cells)| cells).collect();
        // SAFETY: forwarded caller guarantees.
        unsafe { write_items(&cells, buf, cap, written) }
    })
}
