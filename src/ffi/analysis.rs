//! Whole-puzzle analysis for tools (the studio's editor, a level designer's checks): how many solutions a
//! position has, and the size and depth of its cluster. Not per-frame calls: each runs to its limit in
//! one call, so a game runs them on a worker thread or at build time.

use super::glue::{guard, handle, status_outcome, write_text, Failure, LpStatus, Out};
use super::puzzle::LpPuzzle;
use std::ffi::c_char;

/// How many solutions a position has (see [`lp_puzzle_count_solutions`]).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LpSolutionCount {
    /// Every solution counted (solutions that only swap identical pieces count once).
    pub all: u64,
    /// Those up to the board's symmetries.
    pub up_to_symmetry: u64,
    /// Search nodes spent.
    pub nodes: u64,
    /// Whether counting stopped at the limit (then `all` is a lower bound).
    pub capped: bool,
}

/// Counts the solutions from the current position, stopping after `limit` of them (0 counts as 1; 2
/// answers "unique?"), into `*count`. `LP_ERR_INVALID_ARGUMENT` for a family that does not count
/// solutions (those that have one shortest answer per move count: ask a solver instead).
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_count_solutions(
    puzzle: *const LpPuzzle,
    limit: u64,
    count: *mut LpSolutionCount,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (count, puzzle) = unsafe { (Out::new(count, "count")?, handle(puzzle)?) };
        let session = &puzzle.session;
        let counted = session
            .count_solutions(limit.max(1))
            .ok_or_else(|| Failure::invalid(format!("{} puzzles do not count their solutions", session.family())))?;
        count.write(LpSolutionCount {
            all: counted.all,
            up_to_symmetry: counted.up_to_symmetry,
            nodes: counted.nodes,
            capped: counted.capped,
        });
        Ok(LpStatus::LP_OK)
    })
}

/// The `index`-th solution of the current position that counting finds (0 the first, 1 another), as the
/// description of the solved position: where a puzzle has several, two of them show where it is
/// ambiguous. `LP_NOT_FOUND` when the position has no such solution; `LP_ERR_INVALID_ARGUMENT` for a
/// family that does not show its solutions, or past those it shows (Sudoku shows two; the other
/// families that count their solutions show none).
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `buf` NULL or `cap` writable bytes; `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_solution(
    puzzle: *const LpPuzzle,
    index: u32,
    buf: *mut c_char,
    cap: usize,
    written: *mut usize,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let session = &unsafe { handle(puzzle) }?.session;
        let index = usize::try_from(index).unwrap_or(usize::MAX);
        let shown = session.solutions(index.saturating_add(1));
        if let Some(solved) = shown.get(index) {
            // SAFETY: forwarded caller guarantees.
            return unsafe { write_text(solved, buf, cap, written) };
        }
        // Fewer shown than asked: either the position has no more, or the family shows no more than
        // these (a count one past them tells, whatever the index a game gave).
        let family = session.family();
        let past_shown = shown.len() as u64 + 1;
        let counted = session
            .count_solutions(past_shown)
            .ok_or_else(|| Failure::invalid(format!("{family} puzzles do not count their solutions")))?;
        if counted.all >= past_shown {
            return Err(Failure::invalid(match shown.len() {
                0 => format!("{family} puzzles do not show their solutions"),
                n => format!("{family} puzzles show {n} of their solutions at most"),
            }));
        }
        Ok(LpStatus::LP_NOT_FOUND)
    })
}

/// The current position's cluster: every state reachable from it (see [`lp_puzzle_cluster`]).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LpClusterSummary {
    /// States reachable from the position (itself included).
    pub states: u64,
    /// Those that are solved.
    pub solved_states: u64,
    /// The position's distance to the nearest solved state, -1 when the cluster has none.
    pub start_distance: i64,
    /// The largest distance of any state of the cluster to its nearest solved state, -1 when none.
    pub farthest_distance: i64,
    /// Node expansions spent.
    pub expanded: u64,
    /// Bytes the analysis reserved.
    pub bytes: u64,
}

/// Analyses the cluster of the current position, storing at most `node_cap` states, into `*summary`:
/// `LP_OUT_OF_NODES` when the cluster holds more, `LP_ERR_OUT_OF_MEMORY` when the states cannot be
/// reserved, `LP_ERR_INVALID_ARGUMENT` for a family whose moves cannot all be undone (no cluster).
///
/// # Safety
/// `puzzle` must be NULL or a live handle; `summary` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_puzzle_cluster(
    puzzle: *const LpPuzzle,
    node_cap: usize,
    summary: *mut LpClusterSummary,
) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (summary, puzzle) = unsafe { (Out::new(summary, "summary")?, handle(puzzle)?) };
        let session = &puzzle.session;
        let analysed = session
            .cluster(node_cap.max(1), 0)
            .ok_or_else(|| Failure::invalid(format!("{} puzzles have no cluster analysis", session.family())))?;
        let cluster = match analysed {
            Ok(cluster) => cluster,
            Err(status) => return status_outcome(status, "cluster"),
        };
        let distance = |d: Option<u32>| d.map_or(-1, i64::from);
        summary.write(LpClusterSummary {
            states: cluster.states as u64,
            solved_states: cluster.goal_states as u64,
            start_distance: distance(cluster.start_distance),
            farthest_distance: distance(cluster.farthest_distance()),
            expanded: cluster.expanded,
            bytes: cluster.bytes as u64,
        });
        Ok(LpStatus::LP_OK)
    })
}
