//! Solver handles: any algorithm of the core, stepped per frame.

use super::glue::{
    guard, hand_out, handle, handle_mut, release, report_work, status_outcome, text, write_items, Failure, Handle,
    LpStatus, Out, Outcome,
};
use super::puzzle::LpPuzzle;
use crate::moves::MoveCode;
use crate::search::Algorithm;
use crate::session::AnySolver;
use std::ffi::c_char;

/// A stepped search from a puzzle's position at creation time. Opaque; owns its copy of the puzzle.
pub struct LpSolver {
    solver: Box<dyn AnySolver>,
}

impl Handle for LpSolver {
    const NAME: &'static str = "solver";
}

/// Algorithms for [`lp_solver_create`].
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LpAlgorithm {
    /// Breadth-first search (optimal for unit move costs).
    LP_ALGO_BFS = 0,
    /// Steepest-ascent hill climbing (a baseline; may stop with `LP_NOT_FOUND`).
    LP_ALGO_HILL_CLIMBING = 1,
    /// Greedy best-first search (a baseline; not optimal).
    LP_ALGO_BEST_FIRST = 2,
    /// A* (optimal with a heuristic the family declares admissible; `LpStats::optimal` tells).
    LP_ALGO_ASTAR = 3,
    /// Weighted A* with weight 2 (at most twice the optimal length).
    LP_ALGO_WEIGHTED_ASTAR = 4,
    /// Uniform-cost search (optimal, ignores the heuristic).
    LP_ALGO_UNIFORM_COST = 5,
    /// IDA* (optimal with a heuristic the family declares admissible, little memory).
    LP_ALGO_IDA_STAR = 6,
    /// The family's own exact solver (the one hints use), such as linear algebra for flip panels.
    LP_ALGO_EXACT = 7,
    /// Simulated annealing on the family's heuristic with the default schedule (20,000 steps a walk
    /// from temperature 2 to 0.05, 9 restarts, seed 1; `lp_solver_create_named` takes another: not
    /// optimal, may stop with `LP_NOT_FOUND`; `node_cap` bounds its loop-free path).
    LP_ALGO_ANNEAL = 8,
}

/// Counters of a solver run.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LpStats {
    /// Nodes expanded (the unit of the step budget).
    pub expanded: u64,
    /// Successors generated.
    pub generated: u64,
    /// Most nodes held at once.
    pub peak_stored: u64,
    /// Bytes reserved at creation.
    pub bytes_reserved: u64,
    /// Moves in the solution, or -1 when none was found.
    pub solution_length: i64,
    /// Total cost of the solution (64 bits: move costs up to 2³² − 1 add up past 32), or -1 when none
    /// was found.
    pub solution_cost: i64,
    /// 1 when the solution found is proven shortest (an exact algorithm and, for A* and IDA*, a
    /// heuristic the family declares admissible), 0 otherwise ("not proven optimal").
    pub optimal: u32,
}

fn algorithm_from(value: u32) -> Result<Algorithm, Failure> {
    Ok(match value {
        0 => Algorithm::Bfs { depth_limit: u32::MAX },
        1 => Algorithm::HillClimbing,
        2 => Algorithm::BestFirst,
        3 => Algorithm::AStar,
        4 => Algorithm::WeightedAStar { num: 2, den: 1 },
        5 => Algorithm::UniformCost,
        6 => Algorithm::IdaStar,
        7 => Algorithm::Exact,
        8 => Algorithm::Anneal(Default::default()),
        other => return Err(Failure::invalid(format!("{other} is not an LpAlgorithm"))),
    })
}

/// Creates the solver and hands it out.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `out` NULL or writable.
unsafe fn create(
    puzzle: *const LpPuzzle,
    algorithm: impl FnOnce() -> Result<Algorithm, Failure>,
    node_cap: u32,
    out: *mut *mut LpSolver,
) -> Outcome {
    // SAFETY: forwarded caller guarantees.
    let (out, puzzle) = unsafe { (Out::new(out, "out")?, handle(puzzle)?) };
    let algorithm = algorithm()?;
    if node_cap == 0 {
        return Err(Failure::invalid("node_cap must be at least 1"));
    }
    let solver = puzzle.session.solver(algorithm, node_cap as usize)?;
    Ok(hand_out(LpSolver { solver }, out))
}

/// Creates a solver for the puzzle's current position running `algorithm` (an [`LpAlgorithm`] value),
/// with all its memory reserved now for `node_cap` nodes (IDA*: stack entries; hill climbing: moves).
/// [`lp_solver_bytes`] tells exactly how much that is: on sliding tiles about 100 bytes a node for A*,
/// best-first and uniform cost, 65 for breadth-first, 112 a stack entry for IDA*. A cap the machine cannot
/// hold gives `LP_ERR_OUT_OF_MEMORY` with the bytes asked for, and nothing is created.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_solver_create(
    puzzle: *const LpPuzzle,
    algorithm: u32,
    node_cap: u32,
    out: *mut *mut LpSolver,
) -> LpStatus {
    // SAFETY: forwarded caller guarantees.
    guard(|| unsafe { create(puzzle, || algorithm_from(algorithm), node_cap, out) })
}

/// Like [`lp_solver_create`] with the algorithm named as the CLI names it: `bfs`, `bfs:DEPTH`, `hill`,
/// `anneal` (or `anneal:iterations=N,t_start=T,t_end=T,restarts=N,seed=N`, any of them), `best-first`,
/// `astar`, `wastar:NUM/DEN`, `beam:WIDTH` (`node_cap` kept nodes: at most `node_cap / WIDTH` moves
/// deep), `ucs`, `ida`.
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `name` NULL or a NUL-terminated string; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_solver_create_named(
    puzzle: *const LpPuzzle,
    name: *const c_char,
    node_cap: u32,
    out: *mut *mut LpSolver,
) -> LpStatus {
    guard(|| {
        let algorithm = || {
            // SAFETY: forwarded caller guarantee.
            let name = unsafe { text(name, "name") }?;
            Algorithm::read(name).map_err(Failure::invalid)
        };
        // SAFETY: forwarded caller guarantees.
        unsafe { create(puzzle, algorithm, node_cap, out) }
    })
}

/// The bytes [`lp_solver_create`] would reserve for `algorithm` and `node_cap` on this puzzle (for
/// `LP_ALGO_EXACT`, the family's own solver, whose memory does not depend on the cap: its
/// `lp_solver_stats` tell).
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `bytes` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_solver_bytes(
    puzzle: *const LpPuzzle,
    algorithm: u32,
    node_cap: u32,
    bytes: *mut u64,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (bytes, puzzle) = unsafe { (Out::new(bytes, "bytes")?, handle(puzzle)?) };
        bytes.write(puzzle.session.solver_bytes(algorithm_from(algorithm)?, node_cap as usize) as u64);
        Ok(LpStatus::LP_OK)
    })
}

/// Ends the solver's run with `LP_OUT_OF_NODES` once it has expanded `limit` nodes in all: the bound on
/// its work, for searches that need little memory but may run long (IDA*, the exact solvers).
///
/// # Safety
/// `solver` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn lp_solver_set_node_limit(solver: *mut LpSolver, limit: u64) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let solver = unsafe { handle_mut(solver) }?;
        if limit == 0 {
            return Err(Failure::invalid("limit must be at least 1"));
        }
        solver.solver.set_node_limit(limit);
        Ok(LpStatus::LP_OK)
    })
}

/// Expands at most `budget` nodes (a budget of 0 counts as 1). `LP_IN_PROGRESS`: call again; `LP_OK`:
/// solved (read the moves); `LP_UNSOLVABLE`, `LP_OUT_OF_NODES`, `LP_NOT_FOUND`: finished without a
/// solution. Allocates nothing.
///
/// # Safety
/// `solver` must be NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn lp_solver_step(solver: *mut LpSolver, budget: u32) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let solver = unsafe { handle_mut(solver) }?;
        // A run that met a failed callback stays failed: its search cannot be trusted.
        if let Some(why) = solver.solver.failure() {
            return Err(Failure::from(why));
        }
        let step = solver.solver.step(budget);
        report_work(step.work);
        let status = step.status;
        // A game's callback that failed during the step makes its result untrustworthy.
        if let Some(why) = solver.solver.failure() {
            return Err(Failure::from(why));
        }
        status_outcome(status, "no solution")
    })
}

/// Copies the solution's moves into `buf`; `*written` receives their number. Before the solver has
/// finished, or when it finished without a solution, returns that status instead.
///
/// # Safety
/// `solver` must be NULL or a live handle; `buf` NULL or `cap` writable moves; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_solver_moves(
    solver: *mut LpSolver,
    buf: *mut MoveCode,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let solver = unsafe { handle_mut(solver) }?;
        match status_outcome(solver.solver.status(), "no solution")? {
            LpStatus::LP_OK => {}
            LpStatus::LP_IN_PROGRESS => {
                return Err(Failure::new(LpStatus::LP_IN_PROGRESS, "the solver has not finished: step it first"))
            }
            other => return Ok(other),
        }
        // SAFETY: forwarded caller guarantees.
        unsafe { write_items(solver.solver.moves(), buf, cap, written) }
    })
}

/// Counters of the run so far.
///
/// # Safety
/// `solver` must be NULL or a live handle; `stats` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_solver_stats(solver: *const LpSolver, stats: *mut LpStats) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (stats, solver) = unsafe { (Out::new(stats, "stats")?, handle(solver)?) };
        let s = solver.solver.stats();
        let value = LpStats {
            expanded: s.expanded,
            generated: s.generated,
            peak_stored: s.peak_stored as u64,
            bytes_reserved: s.bytes_reserved as u64,
            solution_length: s.solution_length.map_or(-1, i64::from),
            // Below 2⁶³ for any path a node cap allows (see `search::arena::Node`).
            solution_cost: s.solution_cost.map_or(-1, |c| i64::try_from(c).unwrap_or(i64::MAX)),
            optimal: (s.solution_length.is_some() && solver.solver.solution_is_optimal()) as u32,
        };
        stats.write(value);
        Ok(LpStatus::LP_OK)
    })
}

/// Releases a solver. NULL is ignored.
///
/// # Safety
/// `solver` must be NULL or a handle from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn lp_solver_free(solver: *mut LpSolver) {
    // SAFETY: forwarded caller guarantee.
    unsafe { release(solver) }
}
