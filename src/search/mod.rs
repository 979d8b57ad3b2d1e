//! Generic, family-blind search over the [`Puzzle`] trait.
//!
//! Every algorithm is a value that owns its memory (reserved once, at creation, for a node cap the caller
//! chooses) and is driven by `step(puzzle, budget)`, where the budget counts node expansions — an
//! expansion that makes many successors counting one unit per [`SUCCESSORS_PER_UNIT`], and puzzles with
//! very many successors generating them in parts ([`Puzzle::successors_in`]), so that a unit is bounded
//! work whatever the branching factor. The puzzle is
//! passed to every call rather than stored, so a search value holds no borrow and can live in a game
//! object or behind an FFI handle next to its puzzle.
//!
//! | algorithm | module | optimal | memory |
//! |---|---|---|---|
//! | A\*, weighted A\*, greedy best-first, uniform cost | [`astar`] | A\* and uniform cost | node cap |
//! | IDA\* | [`ida`] | yes | stack cap |
//! | beam search (the best `width` states of every depth) | [`beam`] | no, near-shortest | width × depth |
//! | breadth-first, full distance tables | [`bfs`] | unit costs | node cap |
//! | steepest-ascent hill climbing (a baseline) | [`local`] | no, may get stuck | path cap |

pub mod anneal;
pub mod arena;
pub mod astar;
pub mod beam;
pub mod bfs;
pub mod cluster;
pub mod ida;
pub mod local;
mod solver;

pub use crate::status::{Shortfall, Status, Step};
pub use solver::{Algorithm, Solver};

use alloc::vec::Vec;
use core::hash::Hash;

/// Successors one budget unit pays for: a node expansion (or a part of one, see
/// [`Puzzle::successors_in`]) that makes more costs a unit per this many, so that a unit is about the
/// same work whatever the branching factor (a sliding tile has at most 4 moves, a block on a large board
/// hundreds).
pub const SUCCESSORS_PER_UNIT: u64 = 16;

/// The budget units an expansion (or a part of one) that made `successors` successors costs: one per
/// [`SUCCESSORS_PER_UNIT`], at least one.
#[inline]
pub fn units_for(successors: u64) -> u32 {
    (1 + successors.saturating_sub(1) / SUCCESSORS_PER_UNIT).min(u32::MAX as u64) as u32
}

/// A puzzle as a state space: what the search core knows of a family.
pub trait Puzzle {
    /// A position. Fixed capacity (arrays, bit boards): copying it never allocates.
    type State: Copy + Eq + Hash;
    /// A move from one state to the next.
    type Move: Copy + Eq + core::fmt::Debug;

    /// Calls `f(move, next_state, cost)` for every legal move from `state`.
    fn successors(&self, state: &Self::State, f: impl FnMut(Self::Move, Self::State, u32));

    /// How many parts the successors of `state` come in ([`Puzzle::successors_in`]). A puzzle whose
    /// states can have very many successors (sliding blocks: thousands on a large board) splits them
    /// into parts of bounded size, and every search spends a budget unit on each part, so that a unit is
    /// bounded work whatever the branching factor. One by default.
    fn successor_parts(&self, state: &Self::State) -> u32 {
        let _ = state;
        1
    }

    /// Calls `f` for the successors in part `part` (`0..successor_parts(state)`) of `state`: the parts in
    /// turn give what [`Puzzle::successors`] gives, in the same order. By default part 0 is all of them.
    fn successors_in(&self, state: &Self::State, part: u32, f: impl FnMut(Self::Move, Self::State, u32)) {
        if part == 0 {
            self.successors(state, f);
        }
    }

    /// Whether `state` is solved.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// An estimate of the cost from `state` to a goal: a lower bound when
    /// [`Puzzle::heuristic_is_admissible`] says so.
    fn heuristic(&self, state: &Self::State) -> u32;

    /// Whether [`Puzzle::heuristic`] never exceeds the cheapest cost from a state to a goal. Only then do
    /// the searches it guides (A\*, IDA\*) prove their solutions shortest; otherwise they say "not
    /// proven optimal". The family declares it, per heuristic option, and the conformance tests check
    /// the declaration against breadth-first distances. False unless declared.
    fn heuristic_is_admissible(&self) -> bool {
        false
    }

    /// The heuristic of `child`, reached from `parent` (whose heuristic is `parent_h`) by `mv`.
    ///
    /// Families override it when the value can be updated incrementally; it must equal
    /// `self.heuristic(child)`.
    fn heuristic_after(&self, parent: &Self::State, parent_h: u32, mv: &Self::Move, child: &Self::State) -> u32 {
        let _ = (parent, parent_h, mv);
        self.heuristic(child)
    }

    /// Like [`Puzzle::heuristic_after`], for a caller that only needs the value when it is at most
    /// `bound` (IDA\* prunes anything larger). It may stop early and return any admissible value greater
    /// than `bound`; a value at most `bound` must be exact. Families with costly heuristics (several table
    /// lookups) override it.
    fn heuristic_after_within(
        &self,
        parent: &Self::State,
        parent_h: u32,
        mv: &Self::Move,
        child: &Self::State,
        bound: u32,
    ) -> u32 {
        let _ = bound;
        self.heuristic_after(parent, parent_h, mv, child)
    }

    /// Says that the heuristic of `state` will be asked for soon, so that a family whose heuristic reads
    /// large tables can start loading them (a prefetch). Searches call it when they generate a node.
    #[inline]
    fn prefetch(&self, state: &Self::State) {
        let _ = state;
    }

    /// A cheap proof that no goal can be reached from `state` (such as the sliding-tile parity rule).
    ///
    /// Searches check it before any expansion. `false` means "not proven", not "solvable".
    fn provably_unsolvable(&self, state: &Self::State) -> bool {
        let _ = state;
        false
    }

    /// The state reached by playing `mv` from `state`, or `None` when `mv` is illegal there.
    fn apply(&self, state: &Self::State, mv: &Self::Move) -> Option<Self::State> {
        let mut next = None;
        self.successors(state, |m, s, _| {
            if next.is_none() && m == *mv {
                next = Some(s);
            }
        });
        next
    }
}

/// What a search did, for side-by-side comparison of algorithms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes expanded (successors generated). This is the unit of the step budget.
    pub expanded: u64,
    /// Successor states generated.
    pub generated: u64,
    /// The most nodes held at once (pool entries, or stack entries for IDA\*).
    pub peak_stored: usize,
    /// Bytes reserved at creation; a step never reserves more.
    pub bytes_reserved: usize,
    /// Number of moves of the solution found, if any.
    pub solution_length: Option<u32>,
    /// Total cost of the solution found, if any (equals the length when every move costs 1). In 64
    /// bits: a path of moves costing up to 2³² − 1 each does not fit in 32.
    pub solution_cost: Option<u64>,
    /// The family's rating of the puzzle, for a family's rating search that computes one (the search
    /// effort of an exact cover); `None` where the rating is the solution's length.
    pub rating: Option<u32>,
}

/// The behaviour shared by every stepped search, so that callers (hints, the CLI, the C ABI) can drive any
/// algorithm the same way.
pub trait Search<P: Puzzle> {
    /// Starts a new search from `start`, reusing the memory already reserved (no allocation).
    fn restart(&mut self, puzzle: &P, start: P::State);
    /// Expands at most `budget` nodes and reports where the search stands and how many it expanded.
    fn step(&mut self, puzzle: &P, budget: u32) -> Step;
    /// The current status (the last value `step` returned, or `InProgress` after `restart`).
    fn status(&self) -> Status;
    /// Counters of the current run.
    fn stats(&self) -> Stats;
    /// After [`Status::Found`]: clears `out` and fills it with the solution as `(move, state after it)`.
    fn write_path(&self, out: &mut Vec<(P::Move, P::State)>);

    /// Whether this run's solution is proven shortest: false for a search guided by a heuristic the
    /// puzzle does not declare admissible, for one that fell back on a heuristic plan, and for searches
    /// that are never exact (beam). True by default, for searches exact by construction.
    fn proven_optimal(&self) -> bool {
        true
    }

    /// Lets the next runs also end at a state of a plan known to reach a goal (`start`, then the states
    /// of `plan`), where the search supports it (and until called again; nothing clears them): a hint
    /// search that left the plan then finds its way back onto it — a repair, whose path ends at that
    /// state, the plan going on from there. `false` when the search takes none (the default), or could
    /// not reserve room for them.
    fn set_waypoints(&mut self, _puzzle: &P, _start: Option<&P::State>, _plan: &[(P::Move, P::State)]) -> bool {
        false
    }

    /// The path from the start to the state closest to a goal by the puzzle's estimate that this run has
    /// expanded (the lowest heuristic; the cheapest of those), as `(move, state after it)` into `out` — a
    /// partial result, as Detour's `DT_PARTIAL_RESULT`, for a caller whose search ran out of nodes or
    /// time. False, `out` cleared, when the search keeps none or the start is the closest.
    fn write_closest(&self, out: &mut Vec<(P::Move, P::State)>) -> bool {
        out.clear();
        false
    }

    /// The name of the search that gave this run's answer (or is running), for a search made of several
    /// in turn (a whole solve's phases); `None` for a single search, which its solver's algorithm names.
    fn phase(&self) -> Option<&'static str> {
        None
    }

    /// Steps until the search is done and returns the final status (blocking convenience).
    fn run(&mut self, puzzle: &P) -> Status {
        loop {
            let step = self.step(puzzle, u32::MAX);
            if step.status.is_done() {
                return step.status;
            }
        }
    }
}

/// The outcome of a blocking search: status, solution and counters.
#[derive(Clone, Debug)]
pub struct Outcome<M> {
    /// The final status.
    pub status: Status,
    /// The moves of the solution (empty unless `status` is [`Status::Found`]).
    pub moves: Vec<M>,
    /// Counters of the run.
    pub stats: Stats,
}

/// Runs `search` from `start` to the end and collects the outcome.
pub fn solve_with<P: Puzzle, S: Search<P>>(search: &mut S, puzzle: &P, start: P::State) -> Outcome<P::Move> {
    search.restart(puzzle, start);
    let status = search.run(puzzle);
    let mut path = Vec::new();
    if status == Status::Found {
        search.write_path(&mut path);
    }
    Outcome { status, moves: path.into_iter().map(|(m, _)| m).collect(), stats: search.stats() }
}
