//! Hints from the player's *current* state, budgeted per frame.
//!
//! A [`Hinter`] owns a solver and a plan, both reserved once. While the player follows the plan, hints
//! are read from it without any search; when the player leaves it, the next call starts a new search from
//! where the player is, spread over as many calls as the budget requires.

use crate::search::{Puzzle, Search, Solver, Status};
use crate::status::Shortfall;
use alloc::vec::Vec;

/// A hint: the move to play and how many moves remain from the current state (this one included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint<M> {
    /// The move to play now.
    pub mv: M,
    /// Moves left to the goal along the plan, counting this one.
    pub moves_left: u32,
    /// Whether `moves_left` is the optimal distance (the solver is an optimal algorithm).
    pub optimal: bool,
}

/// Answers hint requests for one puzzle, reusing its plan while the player follows it.
pub struct Hinter<P: Puzzle> {
    solver: Solver<P>,
    plan: Vec<(P::Move, P::State)>,
    /// A search's path back onto the plan, before the rest of the plan is put after it.
    repair: Vec<(P::Move, P::State)>,
    plan_from: Option<P::State>,
    /// Whether the plan is known to be optimal (a stored plan is not, until a search replaces it).
    plan_optimal: bool,
    searching_from: Option<P::State>,
    /// Node expansions the last [`Hinter::next_hint`] spent (0 for a hint read off the plan).
    last_work: u32,
}

impl<P: Puzzle> Hinter<P> {
    /// A hinter searching with `solver` (an optimal one for optimal hints, such as a family's
    /// `recommended_solver()`), with room for plans of `plan_cap` moves. All memory is reserved here (a plan
    /// longer than `plan_cap` grows the buffer once).
    pub fn new(solver: Solver<P>, plan_cap: usize) -> Self {
        Hinter {
            solver,
            plan: Vec::with_capacity(plan_cap),
            repair: Vec::with_capacity(plan_cap),
            plan_from: None,
            plan_optimal: false,
            searching_from: None,
            last_work: 0,
        }
    }

    /// A hinter that already knows a plan from `start` (a solution, as `(move, state after it)`): hints
    /// along it need no search; a search starts only when the player leaves it. Its hints say they are
    /// optimal only when `optimal` says the plan is (a stored solution nobody checked is not).
    pub fn with_plan(
        solver: Solver<P>,
        plan_cap: usize,
        start: P::State,
        plan: Vec<(P::Move, P::State)>,
        optimal: bool,
    ) -> Self {
        let mut hinter = Self::new(solver, plan_cap.max(plan.len()));
        hinter.plan.extend(plan);
        hinter.plan_from = Some(start);
        hinter.plan_optimal = optimal;
        hinter
    }

    /// Forgets the plan and any search in progress (call it when the puzzle itself changes).
    pub fn reset(&mut self) {
        self.plan.clear();
        self.plan_from = None;
        self.searching_from = None;
    }

    /// Counters of the last search.
    pub fn stats(&self) -> crate::search::Stats {
        self.solver.stats()
    }

    /// The budget units the last [`Hinter::next_hint`] spent: 0 for a hint read off the plan.
    pub fn last_work(&self) -> u32 {
        self.last_work
    }

    fn hint_at(&self, index: usize) -> Hint<P::Move> {
        Hint { mv: self.plan[index].0, moves_left: (self.plan.len() - index) as u32, optimal: self.plan_optimal }
    }

    /// The plan's moves from `current` on (each with the state after it), if `current` lies on the plan:
    /// what the hint from `current` was read from.
    pub fn plan_ahead(&self, current: &P::State) -> Option<&[(P::Move, P::State)]> {
        self.plan_index(current).map(|at| &self.plan[at..])
    }

    /// Where the plan goes on from `state`, a state on it (its start, or the state after a move): the
    /// index of the next move.
    fn rest_of_plan(&self, state: &P::State) -> Option<usize> {
        if self.plan_from.as_ref() == Some(state) {
            return Some(0);
        }
        self.plan_from?;
        self.plan.iter().position(|(_, s)| s == state).map(|at| at + 1)
    }

    /// The plan step to play from `current`, if `current` lies on the plan.
    fn plan_index(&self, current: &P::State) -> Option<usize> {
        if self.plan_from.as_ref() == Some(current) {
            return Some(0);
        }
        self.plan_from?;
        let at = self.plan.iter().position(|(_, s)| s == current)?;
        (at + 1 < self.plan.len()).then_some(at + 1)
    }

    /// The next hint from `current`, expanding at most `budget` nodes in this call: the hint, or why
    /// there is none yet (`InProgress`: ask again next frame) or at all (`AlreadySolved`, `Unsolvable`,
    /// `OutOfNodes`, `NotFound`).
    pub fn next_hint(&mut self, puzzle: &P, current: &P::State, budget: u32) -> Result<Hint<P::Move>, Status> {
        self.last_work = 0;
        if puzzle.is_goal(current) {
            return Err(Status::AlreadySolved);
        }
        if let Some(index) = self.plan_index(current) {
            return Ok(self.hint_at(index));
        }
        if self.searching_from.as_ref() != Some(current) {
            // The plan's states are waypoints: a search that cannot reach the goal may find its way back
            // onto the plan (for the searches that take them).
            self.solver.set_waypoints(puzzle, self.plan_from.as_ref(), &self.plan);
            self.solver.restart(puzzle, *current);
            self.searching_from = Some(*current);
        }
        let step = self.solver.step(puzzle, budget);
        self.last_work = step.work;
        match step.status {
            Status::Found => {
                self.solver.write_path(&mut self.repair);
                let rest = match self.repair.last() {
                    Some((_, end)) if !puzzle.is_goal(end) => self.rest_of_plan(end),
                    _ => None,
                };
                self.plan_optimal = rest.is_none() && self.solver.solution_is_optimal();
                if let Some(rest) = rest {
                    // Back on the plan: the rest of it follows the way back.
                    let (plan, repair) = (&self.plan, &mut self.repair);
                    repair.extend_from_slice(&plan[rest..]);
                }
                core::mem::swap(&mut self.plan, &mut self.repair);
                // The two buffers take turns: the spare one grows with the plan now, not at the next search.
                self.repair.clear();
                let _ = self.repair.try_reserve(self.plan.capacity());
                self.plan_from = Some(*current);
                self.searching_from = None;
                if self.plan.is_empty() {
                    Err(Status::AlreadySolved)
                } else {
                    Ok(self.hint_at(0))
                }
            }
            other => Err(other),
        }
    }
}

impl<P: Puzzle> Hinter<P> {
    /// Proves the plan known from its start (a stored solution nobody checked) by searching from that
    /// start, expanding at most `budget` nodes in this call: once found, the search's path is the plan from
    /// the start and its hints say optimal when the solver proves it (`Ok(true)`; `Ok(false)`: the solver
    /// cannot prove optimality). `InProgress`: call again; `NotFound`: no plan from the start to prove. A
    /// hint search from elsewhere shares the solver: the proof then starts again at the next call.
    pub fn prove(&mut self, puzzle: &P, budget: u32) -> Result<bool, Status> {
        self.last_work = 0;
        let Some(start) = self.plan_from else { return Err(Status::NotFound(Shortfall::NoPlan)) };
        if self.plan_optimal {
            return Ok(true);
        }
        if self.searching_from.as_ref() != Some(&start) {
            self.solver.restart(puzzle, start);
            self.searching_from = Some(start);
        }
        let step = self.solver.step(puzzle, budget);
        self.last_work = step.work;
        match step.status {
            Status::Found => {
                self.solver.write_path(&mut self.plan);
                self.plan_optimal = self.solver.solution_is_optimal();
                self.searching_from = None;
                Ok(self.plan_optimal)
            }
            other => Err(other),
        }
    }

    /// The number of moves of the plan from its start, when it is proven optimal.
    pub fn proven_length(&self, start: &P::State) -> Option<usize> {
        (self.plan_optimal && self.plan_from.as_ref() == Some(start)).then_some(self.plan.len())
    }
}

impl<P: Puzzle> Hinter<P> {
    /// The partial result of the search from `current` when it has no plan (it ran out of nodes, or is
    /// still running): the first move toward the state closest to a goal by the puzzle's estimate that
    /// the search reached, as Detour's `DT_PARTIAL_RESULT`. `moves_left` is the moves to that state
    /// plus its estimate (an estimate, never called optimal). `None` when no search from `current` ran,
    /// or none got closer than `current`. Overwrites the plan (which `current` has left).
    pub fn closest_hint(&mut self, puzzle: &P, current: &P::State) -> Option<Hint<P::Move>> {
        if self.searching_from.as_ref() != Some(current) {
            return None;
        }
        self.plan_from = None;
        if !self.solver.write_closest(&mut self.plan) {
            return None;
        }
        let (first, last) = (self.plan.first()?.0, self.plan.last()?.1);
        let moves_left = (self.plan.len() as u32).saturating_add(puzzle.heuristic(&last));
        Some(Hint { mv: first, moves_left, optimal: false })
    }
}

/// Budget of the first slice of a call bounded by time, before any rate is measured: one unit, so that
/// even a call given a few microseconds ends near them.
const FIRST_SLICE: u32 = 1;

/// Calls `step` with slices of budget (see [`next_slice`], at most `max_slice` units) until it answers
/// (anything but `Err(InProgress)`) or `limit_ns` nanoseconds have passed by `clock` (nanoseconds since
/// the call began; the core has no clock of its own): what `step` answered, or `Err(InProgress)` when
/// the time ran out first. `lp_next_hint_timed` is this around a puzzle's `next_hint`.
pub fn within_time<T>(
    limit_ns: u64,
    max_slice: u32,
    mut clock: impl FnMut() -> u64,
    mut step: impl FnMut(u32) -> Result<T, Status>,
) -> Result<T, Status> {
    let (mut units, mut spent) = (0u64, 0u64);
    loop {
        let slice = next_slice(units, spent, limit_ns.saturating_sub(spent), max_slice);
        match step(slice) {
            Err(Status::InProgress) => {}
            answer => return answer,
        }
        units += u64::from(slice);
        spent = clock();
        if spent >= limit_ns {
            return Err(Status::InProgress);
        }
    }
}

/// The node budget of the next slice of a call bounded by time (such as `lp_next_hint_timed`): half
/// the time left (`left_ns`) at the rate measured so far (`units` done in `spent_ns`), between 1 and
/// `max` units. The slices halve what is left, so a call ends within its time plus the last slice's
/// overrun: one unit (and the rest of a part of a node's successors, at most 16 units) when units cost
/// about the same, more only when a unit costs more than the ones before it.
pub fn next_slice(units: u64, spent_ns: u64, left_ns: u64, max: u32) -> u32 {
    if units == 0 || spent_ns == 0 {
        return FIRST_SLICE.clamp(1, max.max(1));
    }
    let per_unit = spent_ns.div_ceil(units).max(1);
    (left_ns / 2 / per_unit).clamp(1, max.max(1) as u64) as u32
}
