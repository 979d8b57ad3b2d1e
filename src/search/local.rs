//! Steepest-ascent hill climbing: a baseline kept for comparison, as in the classic 8-puzzle labs.
//!
//! It minimises the puzzle's heuristic (minimising misplaced tiles is maximising "tiles in place";
//! minimising Manhattan distance is maximising "36 − Manhattan"). Each step moves to the best neighbour;
//! when no neighbour is strictly better, the search ends `NotFound(Stuck)` at a local optimum — the
//! method's known failure, reported as such.

use super::{units_for, Puzzle, Search, Shortfall, Stats, Status, Step};
use crate::memory::{self, OutOfMemory};
use alloc::vec::Vec;
use core::mem::size_of;

/// A stepped steepest-ascent hill climber.
pub struct HillClimbing<P: Puzzle> {
    path: Vec<(P::Move, P::State)>,
    current: Option<(P::State, u32)>,
    /// The best neighbour of `current` so far (move, state, heuristic, cost), and the next successor
    /// part to look at (0: none yet).
    best: Option<(P::Move, P::State, u32, u32)>,
    part: u32,
    status: Status,
    stats: Stats,
}

impl<P: Puzzle> HillClimbing<P> {
    /// Reserves room for a path of `max_moves` moves (a longer climb reports [`Status::OutOfNodes`]), or
    /// says how many bytes could not be reserved.
    pub fn new(max_moves: usize) -> Result<Self, OutOfMemory> {
        Ok(HillClimbing {
            path: memory::with_capacity(max_moves.max(1))?,
            current: None,
            best: None,
            part: 0,
            status: Status::Unsolvable,
            stats: Stats::default(),
        })
    }

    /// Bytes a climb of `max_moves` moves reserves.
    pub fn bytes_for(max_moves: usize) -> usize {
        max_moves.max(1).saturating_mul(size_of::<(P::Move, P::State)>())
    }

    /// The state the climb has reached, with its heuristic value.
    pub fn current(&self) -> Option<(P::State, u32)> {
        self.current
    }

    fn finish(&mut self, status: Status) -> Status {
        self.status = status;
        self.stats.peak_stored = self.path.len() + 1;
        if status == Status::Found {
            self.stats.solution_length = Some(self.path.len() as u32);
        }
        status
    }
}

impl<P: Puzzle> Search<P> for HillClimbing<P> {
    fn restart(&mut self, puzzle: &P, start: P::State) {
        self.path.clear();
        self.stats =
            Stats { bytes_reserved: self.path.capacity() * size_of::<(P::Move, P::State)>(), ..Stats::default() };
        self.current = Some((start, puzzle.heuristic(&start)));
        (self.best, self.part) = (None, 0);
        self.status = Status::InProgress;
        if puzzle.provably_unsolvable(&start) {
            self.finish(Status::Unsolvable);
        } else if puzzle.is_goal(&start) {
            self.stats.solution_cost = Some(0);
            self.finish(Status::Found);
        }
    }

    fn step(&mut self, puzzle: &P, budget: u32) -> Step {
        let mut units = 0;
        let status = self.climb(puzzle, budget, &mut units);
        Step::new(status, units)
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> Stats {
        let mut stats = self.stats;
        if self.status != Status::Found {
            stats.solution_cost = None;
        }
        stats
    }

    fn write_path(&self, out: &mut Vec<(P::Move, P::State)>) {
        out.clear();
        if self.status == Status::Found {
            out.extend_from_slice(&self.path);
        }
    }
}

impl<P: Puzzle> HillClimbing<P> {
    /// Works for at most `budget` units (a step, or a part of a state's successors), counted in `units`.
    fn climb(&mut self, puzzle: &P, budget: u32, units: &mut u32) -> Status {
        if self.status != Status::InProgress {
            return self.status;
        }
        let Some((mut state, mut h)) = self.current else {
            return self.finish(Status::Unsolvable);
        };
        let mut cost = self.stats.solution_cost.unwrap_or(0);
        while *units < budget {
            if self.part == 0 {
                self.stats.expanded += 1;
            }
            let generated_before = self.stats.generated;
            let (generated, best) = (&mut self.stats.generated, &mut self.best);
            puzzle.successors_in(&state, self.part, |mv, next, c| {
                *generated += 1;
                let nh = puzzle.heuristic_after(&state, h, &mv, &next);
                if best.is_none_or(|(_, _, bh, _)| nh < bh) {
                    *best = Some((mv, next, nh, c));
                }
            });
            *units += units_for(self.stats.generated - generated_before);
            self.part += 1;
            if self.part < puzzle.successor_parts(&state) {
                continue;
            }
            self.part = 0;
            let best = self.best.take();
            let Some((mv, next, nh, c)) = best.filter(|b| b.2 < h || puzzle.is_goal(&b.1)) else {
                return self.finish(Status::NotFound(Shortfall::Stuck));
            };
            if self.path.len() == self.path.capacity() {
                return self.finish(Status::OutOfNodes);
            }
            self.path.push((mv, next));
            (state, h) = (next, nh);
            cost += c as u64;
            self.current = Some((state, h));
            self.stats.solution_cost = Some(cost);
            if puzzle.is_goal(&state) {
                return self.finish(Status::Found);
            }
        }
        self.stats.peak_stored = self.path.len() + 1;
        Status::InProgress
    }
}
